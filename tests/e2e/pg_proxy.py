"""A TCP proxy between a service and PostgreSQL that can lose a reply after the server committed
(tests/e2e/lost_reply.py, docs/testing.md "End-to-end tests"). Standard library only.

It reads the client's side of the wire protocol (version 3): the untyped start-up packets
(SSLRequest, GSSENCRequest, StartupMessage), then typed messages. A Parse message names a
statement and carries its text; a Bind names the statement it runs; a simple Query carries its
text. Armed with the start of a statement's text, the proxy forwards the next run of such a
statement to the server as usual, discards everything the server answers until its
ReadyForQuery (sent after the implicit transaction of an autocommit statement committed) and
then cuts both connections: the server committed, the service never hears of it.
"""
import socket
import threading

PROTOCOL_3 = 196608  # StartupMessage's protocol version 3.0


def _messages(sock, startup):
    """Yields (raw bytes, type or None) of each message read from `sock` until it closes;
    untyped start-up packets first while `startup` says so (a callable)."""
    buf = bytearray()
    while True:
        while True:
            untyped = startup()
            head = 4 if untyped else 5
            if len(buf) < head:
                break
            size = int.from_bytes(buf[head - 4:head], "big") + (0 if untyped else 1)
            if len(buf) < size:
                break
            raw = bytes(buf[:size])
            del buf[:size]
            yield raw, None if untyped else chr(raw[0])
        try:
            data = sock.recv(65536)
        except OSError:
            return
        if not data:
            return
        buf += data


def _cstrings(body, count):
    """The first `count` NUL-terminated strings of a message body."""
    out, start = [], 0
    for _ in range(count):
        end = body.index(b"\0", start)
        out.append(body[start:end].decode(errors="replace"))
        start = end + 1
    return out


class PgProxy:
    def __init__(self, harness, upstream_port):
        self.upstream = ("127.0.0.1", upstream_port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.armed = None  # the start of the statement text whose reply is to be lost
        self.cuts = []  # the statement texts whose replies were lost, in order
        self.links = []
        self.closed = False
        harness.on_cleanup(self.close)
        threading.Thread(target=self._accept, daemon=True).start()

    def url(self, pg_url):
        """`pg_url` (postgresql://user@127.0.0.1:PORT/db) through the proxy."""
        head, _, rest = pg_url.rpartition(f":{self.upstream[1]}/")
        return f"{head}:{self.port}/{rest}"

    def arm(self, statement_start):
        """Loses the reply to the next run of a statement whose text starts so."""
        with self.lock:
            self.armed = statement_start

    def close(self):
        self.closed = True
        self.listener.close()
        for link in list(self.links):
            link.close()

    def _accept(self):
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            link = _Link(self, client)
            self.links.append(link)
            link.start()

    def claims(self, text):
        """True (and disarmed) when `text` is the armed statement's."""
        with self.lock:
            if self.armed is not None and text.startswith(self.armed):
                self.armed = None
                self.cuts.append(text)
                return True
            return False


class _Link:
    """One service connection and its server connection."""

    def __init__(self, proxy, client):
        self.proxy, self.client = proxy, client
        self.server = socket.create_connection(proxy.upstream)
        self.statements = {}  # prepared statement name -> text ("" the unnamed one)
        self.starting = True
        self.dropping = threading.Event()

    def start(self):
        threading.Thread(target=self._from_client, daemon=True).start()
        threading.Thread(target=self._from_server, daemon=True).start()

    def close(self):
        for sock in (self.client, self.server):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def _from_client(self):
        for raw, kind in _messages(self.client, lambda: self.starting):
            if kind is None and int.from_bytes(raw[4:8], "big") == PROTOCOL_3:
                self.starting = False
            elif kind == "P":
                name, text = _cstrings(raw[5:], 2)
                self.statements[name] = text
            elif kind in ("B", "Q"):
                text = (self.statements.get(_cstrings(raw[5:], 2)[1], "") if kind == "B"
                        else _cstrings(raw[5:], 1)[0])
                # Set before the message goes on: whatever the server sends after it is its
                # answer (libpq sends the next query only after the last ReadyForQuery).
                if self.proxy.claims(text):
                    self.dropping.set()
            try:
                self.server.sendall(raw)
            except OSError:
                break
        self.close()

    def _from_server(self):
        # Passed on as it comes (the server's start-up answers are not all framed: a single
        # 'N' refuses SSL); read as messages only once dropping, which starts at a message.
        buf = bytearray()
        while True:
            try:
                data = self.server.recv(65536)
            except OSError:
                break
            if not data:
                break
            if not self.dropping.is_set():
                try:
                    self.client.sendall(data)
                except OSError:
                    break
                continue
            buf += data
            while len(buf) >= 5 and len(buf) >= 1 + int.from_bytes(buf[1:5], "big"):
                if buf[0] == ord("Z"):  # committed and ready: lose it with the connection
                    self.close()
                    return
                del buf[:1 + int.from_bytes(buf[1:5], "big")]
        self.close()
