#!/usr/bin/python3
"""A real SMTP server for the tests (password reset mails): Debian's aiosmtpd on a free
loopback port. Each message received is written to DIR as NNNN.eml (the envelope's sender and
recipients first, as X-Envelope-* lines, then the message as received, dots unstuffed).
Prints the port once listening; stops when stdin closes (the test ended).

usage: smtp_sink.py DIR
"""
import os
import socket
import sys

from aiosmtpd.controller import Controller


class Handler:
    def __init__(self, folder):
        self.folder = folder
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        path = os.path.join(self.folder, "%04d.eml" % self.count)
        head = "X-Envelope-From: %s\r\nX-Envelope-To: %s\r\n" % (
            envelope.mail_from, ",".join(envelope.rcpt_tos))
        with open(path + ".part", "wb") as f:
            f.write(head.encode())
            f.write(envelope.original_content)
        os.rename(path + ".part", path)  # whole or not at all for the reader
        return "250 Message accepted"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    controller = Controller(Handler(folder), hostname="127.0.0.1", port=free_port())
    controller.start()
    print(controller.port, flush=True)
    try:
        sys.stdin.read()  # until the test closes the pipe
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
