#!/usr/bin/env python3
"""Media from a folder against media in PostgreSQL (MEDIA_STORE; docs/operations.md "Media"):
the demo catalogue (`langlearn-admin seed --demo`: pictures, their renditions, audio in three
formats) seeded into a folder and copied into a throw-away cluster with `migrate-media`; then
one learner-api (THREADS=2, MEDIA_POOL_SIZE=2) on each store, and wrk (2 threads, 16 connections)
fetching every file round-robin, whole and as a player's first range (64 KiB). Reported per
store: answers per second, MiB/s, p50 and p99; and what the rows cost in the database against
the files' bytes.

usage: bench/media_store.py BUILD_DIR [--report FILE] [--seconds N]   (appends a section)
"""
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wrk(port, urls_file, seconds, range_header=""):
    env = dict(os.environ, MEDIA_URLS=urls_file, MEDIA_RANGE=range_header)
    out = subprocess.run(
        ["wrk", "-t2", "-c16", f"-d{seconds}s", "--latency", "-s",
         os.path.join(REPO, "bench/wrk/media.lua"), f"http://127.0.0.1:{port}"],
        env=env, capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    transfer = re.search(r"Transfer/sec:\s+([\d.]+)(\w+)", out)
    mib = float(transfer.group(1)) * {"B": 1 / 2**20, "KB": 1 / 1024, "MB": 1, "GB": 1024}[
        transfer.group(2)]
    def ms(label):
        m = re.search(rf"{label}%\s+([\d.]+)(us|ms|s)\b", out)
        return float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if errors:
        raise SystemExit(f"wrk saw {errors.group(1)} failed answers:\n{out}")
    return rps, mib, ms("50"), ms("99")


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build/release"
    report = sys.argv[sys.argv.index("--report") + 1] if "--report" in sys.argv else None
    seconds = int(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 10
    ctl = os.path.join(REPO, "scripts/pg-throwaway.sh")
    with tempfile.TemporaryDirectory(prefix="ll-bench-media-") as work:
        os.chmod(work, 0o755)  # the cluster runs as the postgres user
        pg_dir = os.path.join(work, "pg")
        url = subprocess.run([ctl, "start", pg_dir, "durable"], capture_output=True, text=True,
                             check=True).stdout.strip()
        servers = []
        try:
            base = dict(os.environ, DATABASE_URL=url, MEDIA_DIR=os.path.join(work, "media"),
                        JWT_SECRET="x" * 40, LOG_LEVEL="warn", APP_TIMEZONE="UTC")
            admin = os.path.join(build, "apps/langlearn-admin/langlearn-admin")
            for args in (["migrate"], ["seed", "--demo"]):
                subprocess.run([admin, *args], env=base, check=True, capture_output=True)
            subprocess.run([admin, "migrate-media"], env=dict(base, MEDIA_STORE="database"),
                           check=True, capture_output=True)
            names = sorted(os.listdir(os.path.join(work, "media")))
            sizes = [os.path.getsize(os.path.join(work, "media", n)) for n in names]
            urls_file = os.path.join(work, "urls.txt")
            with open(urls_file, "w") as f:
                f.writelines(f"/media/{n}\n" for n in names)
            stored = subprocess.run(
                ["psql", "-qtA", url, "-c",
                 "SELECT pg_total_relation_size('media_files'), SUM(bytes) FROM media_files"],
                capture_output=True, text=True, check=True).stdout.strip().split("|")
            rows = []
            for store in ("folder", "database"):
                port = free_port()
                env = dict(base, MEDIA_STORE=store, HOST="127.0.0.1", PORT=str(port),
                           THREADS="2", MEDIA_POOL_SIZE="2", AUTO_MIGRATE="0")
                server = subprocess.Popen([os.path.join(build, "apps/learner-api/learner-api")],
                                          env=env, stdout=subprocess.DEVNULL,
                                          stderr=subprocess.DEVNULL)
                servers.append(server)
                for _ in range(300):
                    try:
                        urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1)
                        break
                    except OSError:
                        time.sleep(0.1)
                wrk(port, urls_file, 2)  # warm-up: page cache, shared buffers
                whole = wrk(port, urls_file, seconds)
                ranged = wrk(port, urls_file, seconds, "bytes=0-65535")
                rows.append((store, whole, ranged))
                server.terminate()
                server.wait()
        finally:
            for server in servers:
                if server.poll() is None:
                    server.kill()
            subprocess.run([ctl, "stop", pg_dir], capture_output=True)
    lines = [
        "",
        "## Media: folder against PostgreSQL (bench/media_store.py)",
        "",
        f"{len(names)} files of the demo ({sum(sizes) / 2**20:.2f} MiB, mean "
        f"{sum(sizes) / len(sizes) / 1024:.1f} KiB, largest {max(sizes) / 1024:.1f} KiB), "
        f"learner-api with THREADS=2 and MEDIA_POOL_SIZE=2, wrk -t2 -c16 for {seconds} s, "
        "every file round-robin.",
        "",
        "| store | whole: answers/s | MiB/s | p50 ms | p99 ms | 64 KiB range: answers/s | MiB/s "
        "| p50 ms | p99 ms |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for store, w, r in rows:
        lines.append(f"| {store} | {w[0]:,.0f} | {w[1]:.1f} | {w[2]:.2f} | {w[3]:.2f} | "
                     f"{r[0]:,.0f} | {r[1]:.1f} | {r[2]:.2f} | {r[3]:.2f} |")
    lines += ["", f"In the database: media_files takes {int(stored[0]) / 2**20:.2f} MiB "
              f"(table, TOAST and index) for {int(stored[1]) / 2**20:.2f} MiB of files "
              f"({int(stored[0]) / int(stored[1]):.2f} x)."]
    text = "\n".join(lines) + "\n"
    print(text)
    if report:
        with open(report, "a") as f:
            f.write(text)


if __name__ == "__main__":
    main()
