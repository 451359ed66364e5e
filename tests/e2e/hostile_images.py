#!/usr/bin/env python3
"""Hostile picture uploads against a live authoring-api (docs/operations.md "Picture decoding"
keeps the figures this prints).

  python3 tests/e2e/hostile_images.py BUILD_DIR SOURCE_DIR       (ctest: e2e_hostile_images)

The uploads are tests/media/hostile_images.py's, kept in fuzz/corpus/image: a progressive JPEG
repeating one scan 1,000 times, an interlaced 16-bit PNG of 7000x7000, a JPEG whose frame
claims more than its data holds. Phases, each measured on the authoring-api process (CPU
seconds from /proc/PID/stat, the peak resident memory from VmHWM, reset before each phase):
  one      each upload alone: 400 with the message that names the problem, nothing stored
  four     four hostile uploads at once, while a prober asks GET /api/pictures every 20 ms
  accepted four large uploads that are within the budget at once, the prober again: every
           one stored, one decode at a time on its own pool, the staff's GETs not behind them
Asserted: the answers, the peak memory above the start within 256 MiB, the prober's 99th
percentile within PROBE_P99_MS (generous: 2 noisy cores). CPU seconds and latencies are
reported, never asserted. Standard library only; process handling in harness.py.
"""

import http.client
import json
import os
import struct
import threading
import time
import zlib

import harness as H

PASSWORD = "correct horse battery"
PROBE_P99_MS = 500
RSS_GROWTH_MIB = 256  # one decode's memory budget (docs/operations.md)
MESSAGES = {
    "many_scans.jpg": ("image/jpeg", "image is a progressive JPEG with more than 100 scans: "
                       "save it as a baseline JPEG"),
    "interlaced16.png": ("image/png", "image needs too much memory to decode: save it smaller, "
                         "as a baseline JPEG or a non-interlaced PNG"),
    "truncated.jpg": ("image/jpeg", "image is damaged or incomplete"),
}


def proc_cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def proc_kib(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    raise H.Failure(f"no {key} in /proc/{pid}/status")


class Meter:
    """CPU seconds and the peak resident memory above the phase's start, of one process."""

    def __init__(self, pid):
        self.pid = pid
        with open(f"/proc/{pid}/clear_refs", "w") as f:
            f.write("5")  # resets VmHWM to the current RSS
        self.rss_kib = proc_kib(pid, "VmRSS")
        self.cpu = proc_cpu_seconds(pid)

    def cpu_seconds(self):
        return round(proc_cpu_seconds(self.pid) - self.cpu, 2)

    def peak_growth_mib(self):
        return round((proc_kib(self.pid, "VmHWM") - self.rss_kib) / 1024, 1)


def upload(port, token, body, content_type, timeout=60):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("POST", "/api/pictures?title=hostile", body=body,
                     headers={"Authorization": f"Bearer {token}", "Content-Type": content_type})
        answer = conn.getresponse()
        return answer.status, json.loads(answer.read() or b"{}")
    finally:
        conn.close()


class Prober(threading.Thread):
    """GET /api/pictures every 20 ms on a keep-alive connection; keeps each latency."""

    def __init__(self, port, token):
        super().__init__(daemon=True)
        self.client = H.Client(port, timeout=30)
        self.token = token
        self.stop = threading.Event()
        self.latencies_ms = []
        self.statuses = set()

    def run(self):
        while not self.stop.is_set():
            answer = self.client.call("GET", "/api/pictures?limit=5", token=self.token)
            self.statuses.add(answer.status)
            self.latencies_ms.append((answer.finished - answer.started) * 1000)
            time.sleep(0.02)

    def finish(self):
        self.stop.set()
        self.join()
        self.client.close()
        ordered = sorted(self.latencies_ms)
        H.check(ordered, "the prober got no answer")
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        return round(p99), round(ordered[-1]), len(ordered)


def large_png(width=4000, height=4000):
    """A grey 8-bit RGB PNG, not interlaced: within the budget (48 M of 80 M work units), and
    the largest work an accepted upload does in this test (about 0.4 s)."""
    row = b"\0" + bytes(range(256)) * (width * 3 // 256) + bytes(width * 3 % 256)
    raw = zlib.compress(row * height, 6)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", raw) +
            chunk(b"IEND", b""))


def media_files(h):
    return len(os.listdir(h.media_dir)) if os.path.isdir(h.media_dir) else 0


def concurrently(fn, items):
    return H.run_pool(len(items), lambda item, _state: fn(item), items)


def phase_one(h, api, files):
    problems = []
    for name, (content_type, message) in MESSAGES.items():
        meter = Meter(api.pid)
        status, answer = upload(api.port, api.token, files[name], content_type)
        key = name.split(".")[0]
        peak = meter.peak_growth_mib()
        h.figure(**{f"one_{key}_status": status, f"one_{key}_cpu_s": meter.cpu_seconds(),
                    f"one_{key}_peak_mib": peak})
        if status != 400 or answer.get("error") != message:
            problems.append(f"{name}: {status} {answer}, expected 400 {message!r}")
        if peak > RSS_GROWTH_MIB:
            problems.append(f"{name}: the peak memory grew {peak} MiB")
    H.check(not problems, "; ".join(problems))


def phase_four(h, api, files):
    before = media_files(h)
    meter = Meter(api.pid)
    prober = Prober(api.port, api.token)
    prober.start()
    hostile = ["many_scans.jpg", "interlaced16.png", "many_scans.jpg", "interlaced16.png"]
    results = concurrently(lambda n: upload(api.port, api.token, files[n], MESSAGES[n][0]),
                           hostile)
    p99, worst, probes = prober.finish()
    h.figure(four_hostile_statuses=[status for status, _ in results],
             four_hostile_cpu_s=meter.cpu_seconds(), four_hostile_peak_mib=meter.peak_growth_mib(),
             four_hostile_probe_p99_ms=p99, four_hostile_probe_max_ms=worst,
             four_hostile_probes=probes)
    for name, (status, answer) in zip(hostile, results):
        H.check(status == 400 and answer.get("error") == MESSAGES[name][1],
                f"{name} at once: {status} {answer}")
    H.check(prober.statuses == {200}, f"the prober got {prober.statuses}")
    H.check(p99 <= PROBE_P99_MS, f"GET /api/pictures p99 {p99} ms beside hostile uploads")
    H.check(meter.peak_growth_mib() <= RSS_GROWTH_MIB,
            f"four hostile uploads grew the peak memory by {meter.peak_growth_mib()} MiB")
    H.check(media_files(h) == before, "a refused upload stored a file")


def phase_accepted(h, api):
    big = large_png()
    meter = Meter(api.pid)
    prober = Prober(api.port, api.token)
    prober.start()
    started = time.monotonic()
    results = concurrently(lambda _: upload(api.port, api.token, big, "image/png"), range(4))
    wall = time.monotonic() - started
    p99, worst, probes = prober.finish()
    h.figure(four_accepted_cpu_s=meter.cpu_seconds(),
             four_accepted_peak_mib=meter.peak_growth_mib(), four_accepted_wall_s=round(wall, 2),
             four_accepted_probe_p99_ms=p99, four_accepted_probe_max_ms=worst,
             four_accepted_probes=probes)
    H.check([s for s, _ in results] == [201] * 4, f"large uploads: {[s for s, _ in results]}")
    H.check(prober.statuses == {200}, f"the prober got {prober.statuses}")
    H.check(p99 <= PROBE_P99_MS, f"GET /api/pictures p99 {p99} ms beside large uploads")
    H.check(meter.peak_growth_mib() <= RSS_GROWTH_MIB,
            f"four large uploads grew the peak memory by {meter.peak_growth_mib()} MiB")


class Api:
    """The authoring-api under test: its port, process id and a staff token."""

    def __init__(self, port, pid, token):
        self.port, self.pid, self.token = port, pid, token


def scenario(h):
    corpus = os.path.join(h.source, "fuzz", "corpus", "image")
    files = {}
    for name in MESSAGES:
        with open(os.path.join(corpus, name), "rb") as f:
            files[name] = f.read()
    url = f"sqlite://{h.work}/images.db"
    h.step("migrate, seed --demo, a staff account")
    h.prepare_database(url)
    h.admin(url, "create-staff", "--email", "editor@example.com", "--role", "editor",
            stdin=PASSWORD + "\n")
    env = {"THREADS": "2", "DB_POOL_SIZE": "4", "LOG_LEVEL": "warn"}
    learner = H.Learner(h, "learner", url, env).start()
    authoring = H.Learner(h, "authoring", url, env, binary=h.authoring_bin).start()
    login = H.Client(learner.port).call("POST", "/auth/login",
                                        {"email": "editor@example.com", "password": PASSWORD})
    H.check(login.status == 200, f"staff login: {login.status}")
    learner.stop()
    api = Api(authoring.port, authoring.proc.pid, login.json()["token"])
    h.figure(start_rss_mib=round(proc_kib(api.pid, "VmRSS") / 1024, 1))
    h.run_phases([("one", lambda: phase_one(h, api, files)),
                  ("four", lambda: phase_four(h, api, files)),
                  ("accepted", lambda: phase_accepted(h, api))])


if __name__ == "__main__":
    H.main(scenario, budget_seconds=170)
