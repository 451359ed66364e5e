#!/usr/bin/env python3
"""Backup and point-in-time restore drill (docs/operations.md "Backups and restore", docs/testing.md
"Restore drill"): the runbook's commands, on real Patroni, PostgreSQL and pgBackRest.

1. A Patroni cluster (one node: the drill is about the archive, not about replicas) that
   archives its WAL through the shipped archive_command into a pgBackRest repository
   (deploy/patroni/patroni.yml, pgbackrest.conf's settings); migrations and the demo content;
   the stanza, a full backup.
2. Load: learners booking (each booking with its Idempotency-Key, retried with it) through
   learner-api, and an editor creating categories and uploading pictures through authoring-api,
   with media in the database (MEDIA_STORE=database, docs/operations.md "Media"). Meanwhile an
   incremental backup by the shipped deploy/patroni/backup.sh (`--once`), which reports its
   outcome to a real Prometheus Pushgateway. Then a target time is recorded while the load goes
   on, and the load goes on past it.
3. Damage: a learner's progress deleted and a table dropped (the mistakes no replica protects
   from). `pgbackrest check` makes sure the WAL written so far is in the archive.
4. The cluster is gone (stopped); a NEW cluster bootstraps from the backup to the target time
   (Patroni's custom bootstrap, deploy/patroni/restore.sh); learner-api and authoring-api start
   on it.

Holds when every booking, category and picture acknowledged before the target time is there (the
picture's bytes served by the restored learner-api), none whose first attempt was sent after it
is, the dropped table and the deleted progress are back, `langlearn-admin check-media` finds
every file the restored content references, and the services answer on the restored database. Reported: the recovery point (acknowledged writes
lost at the target: 0 expected; and how far the newest restored write lies before the target),
and the recovery time (from the restore's start to both services ready).
"""
import datetime
import os
import struct
import re
import shutil
import subprocess
import threading
import time
import urllib.request
import uuid
import zlib

import harness as H
import patroni_cluster as P

BOOKERS = 3
LOAD_BEFORE_BACKUP_S = 3  # load before the incremental backup starts
LOAD_AROUND_TARGET_S = 3  # load after the incremental backup, and again after the target
DEV_TOKEN = "e2e-restore-drill-dev-token-0123456789"
# Generous bounds for a busy 2-core machine; what is measured is reported.
BACKUP_S = 300  # one pgbackrest backup or check
GIVE_UP_BOOKING_S = 60
BUDGET_S = (P.ETCD_START_S + P.BOOTSTRAP_S) * 2 + 3 * BACKUP_S + 4 * H.SERVICE_READY_S + 240


def iso(ts):
    """A wall-clock time as PostgreSQL and pgBackRest read it, to the microsecond."""
    return datetime.datetime.fromtimestamp(ts, datetime.timezone.utc).strftime(
        "%Y-%m-%d %H:%M:%S.%f+00")


class Writes:
    """What the clients had acknowledged, and when: (what, first attempt sent, acknowledged)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.bookings = []  # (user id, Idempotency-Key, sent, acked)
        self.categories = []  # (title, sent, acked)
        self.pictures = []  # (media name, bytes, sent, acked)


def png(seed):
    """A small PNG of its own colour and size, so every upload is a new content-addressed file."""
    width, height = 24 + seed % 40, 16 + seed % 23
    colour = bytes([seed % 251, (seed * 7) % 253, (seed * 13) % 255])
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + colour * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def book(port, token, user_id, pairs, writes, stop):
    """One learner's app: bookings one after another, each retried with its key until booked."""
    client = H.Client(port, timeout=10)
    index = 0
    while not stop.is_set():
        booking = H.make_bookings(pairs, 1, first_index=index)[0]
        index += 1
        first_sent = time.time()
        booking.send_until_booked(client, token, time.monotonic() + GIVE_UP_BOOKING_S)
        H.check(booking.answer is not None, f"booking {booking.key}: {booking.attempts}")
        with writes.lock:
            writes.bookings.append((user_id, booking.key, first_sent, time.time()))
    client.close()


def edit(port, writes, stop):
    """An editor's studio: categories created one after another, and a picture uploaded after
    every other one (its file and renditions go to the database)."""
    client = H.Client(port, timeout=30)
    seed = int(time.time() * 1000) % 100_000
    while not stop.is_set():
        title = f"Drill {uuid.uuid4().hex[:10]}"
        sent = time.time()
        answer = client.call("POST", "/api/categories", {"titel_de": title}, DEV_TOKEN)
        H.check(answer.status == 201, f"category: {answer.status} {answer.body[:200]!r}")
        with writes.lock:
            writes.categories.append((title, sent, time.time()))
        if len(writes.categories) % 2 == 0:
            seed += 1
            image = png(seed)
            sent = time.time()
            answer = client.call("POST", f"/api/pictures?title=Drill%20{seed}", image, DEV_TOKEN,
                                 headers={"Content-Type": "image/png"})
            H.check(answer.status == 201, f"picture: {answer.status} {answer.body[:200]!r}")
            name = answer.json()["image_url"].rsplit("/", 1)[1]
            with writes.lock:
                writes.pictures.append((name, image, sent, time.time()))
        time.sleep(0.05)
    client.close()


def start_pushgateway(h):
    """Debian's Prometheus Pushgateway on a free loopback port; its URL once it is ready."""
    port = H.free_port()
    log = open(os.path.join(h.work, "pushgateway.log"), "ab")
    proc = subprocess.Popen(["prometheus-pushgateway", f"--web.listen-address=127.0.0.1:{port}"],
                            stdout=log, stderr=log, stdin=subprocess.DEVNULL)
    log.close()
    h.on_cleanup(lambda: (proc.terminate(), proc.wait()))
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url + "/-/ready", timeout=1)
            return url
        except OSError:
            H.check(proc.poll() is None and time.monotonic() < deadline,
                    "the Pushgateway did not start")
            time.sleep(0.1)


def pushed(url, name):
    """The value of metric `name` of job langlearn-backup on the Pushgateway, or None."""
    text = urllib.request.urlopen(url + "/metrics", timeout=5).read().decode()
    for line in text.splitlines():
        m = re.match(rf'{name}{{[^}}]*job="langlearn-backup"[^}}]*}} (\S+)$', line)
        if m:
            return float(m.group(1))
    return None


def scenario(h):
    # Media in the database for every process of the drill: the services, the demo seed and
    # check-media (the harness hands its environment on).
    os.environ["MEDIA_STORE"] = "database"
    repo = os.path.join(h.work, "pgbackrest")
    os.makedirs(repo, mode=0o750)
    P._own(repo)
    for sub in ("log", "lock"):
        os.makedirs(os.path.join(repo, sub))
        P._own(os.path.join(repo, sub))
    # The shipped pgbackrest.conf's [global] settings, with this run's repository; the node's own
    # paths come from Node.backup_env (as the shipped file names the node's in a container).
    backups = {"PGBACKREST_REPO1_PATH": repo, "PGBACKREST_LOG_PATH": os.path.join(repo, "log"),
               "PGBACKREST_LOCK_PATH": os.path.join(repo, "lock"),
               "PGBACKREST_REPO1_RETENTION_FULL": "2", "PGBACKREST_COMPRESS_TYPE": "zst",
               "PGBACKREST_START_FAST": "y"}

    h.step("cluster that archives its WAL")
    cluster = P.PatroniCluster(h, names=["node1"], backups=backups).bootstrap()
    node = cluster.nodes[0]
    h.prepare_database(cluster.url)
    node.pgbackrest("stanza-create")
    started = time.monotonic()
    node.pgbackrest("--type=full", "backup", timeout=BACKUP_S)
    h.figure(full_backup_s=round(time.monotonic() - started, 1))

    h.step("services and load")
    learner = H.Learner(h, "learner", cluster.url).start()
    authoring = H.Learner(h, "authoring", cluster.url, binary=h.authoring_bin,
                          extra_env={"DEV_TOKENS": DEV_TOKEN}).start()
    learners = [H.new_learner(learner.port) for _ in range(BOOKERS)]
    writes, stop = Writes(), threading.Event()
    workers = H.Workers()
    for token, pairs, _, user_id in learners:
        workers.start(book, learner.port, token, user_id, pairs, writes, stop)
    workers.start(edit, authoring.port, writes, stop)
    time.sleep(LOAD_BEFORE_BACKUP_S)
    # The shipped schedule's one run (deploy/patroni/backup.sh): this node leads and has a
    # recent full backup, so an incremental one; its outcome on the Pushgateway.
    pushgateway = start_pushgateway(h)
    script = os.path.join(node.dir, "backup.sh")
    shutil.copy(os.path.join(h.source, "deploy/patroni/backup.sh"), script)
    os.chmod(script, 0o755)
    P._own(script)
    started = time.monotonic()
    run = subprocess.run(
        P._as_postgres(["env", *(f"{k}={v}" for k, v in node.backup_env().items()),
                        f"PATRONI_REST_URL=http://127.0.0.1:{node.rest_port}",
                        f"PUSHGATEWAY_URL={pushgateway}", "sh", script, "--once"]),
        capture_output=True, text=True, timeout=BACKUP_S, cwd=node.dir)
    H.check(run.returncode == 0, f"backup.sh --once: {run.stdout[-500:]} {run.stderr[-500:]}")
    h.figure(incremental_backup_under_load_s=round(time.monotonic() - started, 1))
    H.check(pushed(pushgateway, "langlearn_backup_last_run_success") == 1,
            "backup.sh pushed no successful run")
    stamp = pushed(pushgateway, "langlearn_backup_last_success_timestamp_seconds")
    H.check(stamp is not None and abs(stamp - time.time()) < BACKUP_S,
            f"backup.sh pushed the time of its backup as {stamp}")
    H.check('"type":"incr"' in node.pgbackrest("--output=json", "info").replace(" ", ""),
            "backup.sh made no incremental backup")
    time.sleep(LOAD_AROUND_TARGET_S)
    target = time.time()
    h.step(f"target time {iso(target)}")
    time.sleep(LOAD_AROUND_TARGET_S)
    stop.set()
    workers.join()
    before = [b for b in writes.bookings if b[3] < target]
    after = [b for b in writes.bookings if b[2] > target]
    cats_before = [c for c in writes.categories if c[2] < target]
    cats_after = [c for c in writes.categories if c[1] > target]
    pics_before = [p for p in writes.pictures if p[3] < target]
    pics_after = [p for p in writes.pictures if p[2] > target]
    H.check(before and after and cats_before and cats_after and pics_before and pics_after,
            f"load on both sides of the target: {len(before)}/{len(after)} bookings, "
            f"{len(cats_before)}/{len(cats_after)} categories, "
            f"{len(pics_before)}/{len(pics_after)} pictures")
    h.figure(bookings=len(writes.bookings), bookings_before_target=len(before),
             categories=len(writes.categories), pictures=len(writes.pictures))

    h.step("damage: a learner's progress deleted, a table dropped")
    victim = learners[0][3]
    su = (f"postgresql://postgres:{P.SECRETS['PATRONI_SUPERUSER_PASSWORD']}@127.0.0.1:"
          f"{node.pg_port}/langlearn")
    progress = int(H.psql(su, f"SELECT COUNT(*) FROM user_pair_progress WHERE user_id = {victim}")
                   [0][0])
    H.check(progress > 0, "the victim has no progress to lose")
    H.psql(su, f"DELETE FROM user_pair_progress WHERE user_id = {victim}")
    H.psql(su, "DROP TABLE pair_categories")
    # Everything written so far reaches the archive (check switches the WAL segment and waits).
    node.pgbackrest("check", timeout=BACKUP_S)
    info = node.pgbackrest("info")
    h.figure(backups_in_repository=info.count("backup:"))

    h.step("the cluster is lost")
    learner.stop()
    authoring.stop()
    cluster.stop()

    h.step("a new cluster from the backup, to the target time")
    started = time.monotonic()
    restored = P.PatroniCluster(h, names=["node1"], restore=True,
                                backups={**backups, "RESTORE_TARGET_TIME": iso(target)})
    restored.bootstrap()
    learner2 = H.Learner(h, "learner-restored", restored.url).start()
    authoring2 = H.Learner(h, "authoring-restored", restored.url, binary=h.authoring_bin,
                           extra_env={"DEV_TOKENS": DEV_TOKEN}).start()
    h.figure(recovery_time_s=round(time.monotonic() - started, 1))

    h.step("what the restored database holds")
    su2 = (f"postgresql://postgres:{P.SECRETS['PATRONI_SUPERUSER_PASSWORD']}@127.0.0.1:"
           f"{restored.nodes[0].pg_port}/langlearn")
    keys = {(int(u), k) for u, k in H.psql(su2, "SELECT user_id, key FROM idempotency_keys")}
    lost = [b for b in before if (b[0], b[1]) not in keys]
    kept_after = [b for b in after if (b[0], b[1]) in keys]
    H.check(not lost, f"{len(lost)} bookings acknowledged before the target are missing, "
            f"e.g. {lost[:3]}")
    H.check(not kept_after, f"{len(kept_after)} bookings sent after the target were restored")
    titles = {t for (t,) in H.psql(su2, "SELECT titel_de FROM categories")}
    H.check(all(c[0] in titles for c in cats_before),
            "a category acknowledged before the target is missing")
    H.check(not any(c[0] in titles for c in cats_after),
            "a category created after the target was restored")
    back = int(H.psql(su2, f"SELECT COUNT(*) FROM user_pair_progress WHERE user_id = {victim}")
               [0][0])
    H.check(back > 0, "the deleted progress is not back")
    H.check(H.psql(su2, "SELECT to_regclass('pair_categories') IS NOT NULL")[0][0] == "t",
            "the dropped table is not back")
    # Media came back with the rows that name them: every file the restored content
    # references is there, each picture acknowledged before the target is served with its
    # bytes, and none uploaded after it.
    checked = h.admin(restored.url, "check-media")
    H.check(" 0 missing (media in the database)" in checked, f"check-media: {checked}")
    media = H.Client(learner2.port)
    for name, image, _, _ in pics_before:
        served = media.call("GET", f"/media/{name}")
        H.check(served.status == 200 and served.body == image,
                f"picture {name} acknowledged before the target: {served.status}")
    for name, image, _, _ in pics_after:
        if any(p[0] == name for p in pics_before):
            continue  # the same bytes were uploaded before the target too
        served = media.call("GET", f"/media/{name}")
        H.check(served.status == 404, f"picture {name} sent after the target: {served.status}")
    h.figure(media_files_restored=int(H.psql(su2, "SELECT COUNT(*) FROM media_files")[0][0]),
             media_check=checked.strip())
    newest = max(b[3] for b in before)
    h.figure(recovery_point_lost_writes=len(lost),
             newest_restored_ack_before_target_s=round(target - newest, 2))

    # The services work on it: the victim's stats, a new booking, a new category.
    token, pairs, _, user_id = learners[0]
    client = H.Client(learner2.port)
    stats = client.call("GET", "/auth/stats", token=token)
    H.check(stats.status == 200, f"stats on the restored database: {stats.status}")
    booked = H.make_bookings(pairs, 1, first_index=10_000)[0].send(client, token)
    H.check(booked.status == 200, f"a booking on the restored database: {booked.status}")
    made = H.Client(authoring2.port).call("POST", "/api/categories", {"titel_de": "Nach dem Drill"},
                                          DEV_TOKEN)
    H.check(made.status == 201, f"a category on the restored database: {made.status}")


if __name__ == "__main__":
    H.main(scenario, budget_seconds=BUDGET_S)
