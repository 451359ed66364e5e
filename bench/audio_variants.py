#!/usr/bin/env python3
"""The audio's copies for phones, measured (docs/audio.md, docs/performance.md "Audio for
phones"): the demo catalogue (`langlearn-admin seed --demo`, espeak-ng's speech of every
statement and question in three languages) on a scratch SQLite database; bytes per second of
speech per format (WAV, Ogg Opus, AAC in MP4) from the sizes the audios table records, what a
page of 20 cards costs in each, and the encode time per audio of `make-audio-variants` with
every copy made again.

usage: bench/audio_variants.py BUILD_DIR [--report FILE]   (appends a section to FILE)
"""
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import time


def admin(build, work, *args):
    env = dict(os.environ, DATABASE_URL=f"sqlite://{work}/audio.db", MEDIA_DIR=f"{work}/media",
               APP_TIMEZONE="UTC")
    return subprocess.run([f"{build}/apps/langlearn-admin/langlearn-admin", *args], env=env,
                          check=True, capture_output=True, text=True, timeout=900).stdout


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build/release"
    report = sys.argv[sys.argv.index("--report") + 1] if "--report" in sys.argv else None
    with tempfile.TemporaryDirectory(prefix="ll-bench-audio-") as work:
        admin(build, work, "migrate")
        started = time.monotonic()
        admin(build, work, "seed", "--demo")
        seed_seconds = time.monotonic() - started
        db = sqlite3.connect(f"{work}/audio.db")
        count, ms, wav, opus, aac = db.execute(
            "SELECT COUNT(*), SUM(duration_ms), SUM(bytes), SUM(opus_bytes), SUM(aac_bytes) "
            "FROM audios").fetchone()
        statements, statement_ms, statement_wav, statement_opus, statement_aac = db.execute(
            "SELECT COUNT(*), SUM(duration_ms), SUM(bytes), SUM(opus_bytes), SUM(aac_bytes) "
            "FROM audios WHERE source_table = 'statements'").fetchone()
        # Every copy made again, by the backfill: the encode time per audio.
        db.execute("UPDATE audios SET bytes = NULL, opus_path = NULL, opus_bytes = NULL, "
                   "aac_path = NULL, aac_bytes = NULL")
        db.commit()
        out = admin(build, work, "make-audio-variants")
        per_audio = float(re.search(r"\(([0-9.]+) ms per audio\)", out).group(1))
    seconds = ms / 1000
    rows = [("WAV (16-bit PCM, 22.05 kHz)", wav, statement_wav),
            ("Ogg Opus, 24 kbit/s", opus, statement_opus),
            ("AAC-LC in MP4, 48 kbit/s", aac, statement_aac)]
    lines = ["", "## Audio for phones (bench/audio_variants.py)", "",
             f"{count} audios of the demo catalogue ({seconds:.1f} s of speech; statements and "
             f"questions in de, en, sv); seed --demo took {seed_seconds:.1f} s.", "",
             "| format | bytes per second of speech | share of the WAV | a page of 20 statement "
             "audios |", "|---|---:|---:|---:|"]
    for name, total, statement_total in rows:
        per_statement = statement_total / statements
        lines.append(f"| {name} | {total / seconds:,.0f} | 1/{wav / total:.1f} | "
                     f"{20 * per_statement / 1024:,.0f} KiB |")
    lines += ["", f"Encode time (one ffmpeg run makes both copies; `make-audio-variants`): "
              f"{per_audio:.0f} ms per audio, {2 * per_audio:.0f} ms per card with a question.",
              f"Statement audio alone: {statement_ms / statements:.0f} ms of speech on average."]
    text = "\n".join(lines) + "\n"
    print(text)
    if report:
        with open(report, "a", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
