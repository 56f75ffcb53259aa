"""SQLite writers under contention: how long a write waits for the lock, taking turns (``sqlite_writers``) or not.

Run from the repository root (on demand, not part of ``make test``)::

    .venv/bin/python bench/sqlite_writers_bench.py
    .venv/bin/python bench/sqlite_writers_bench.py --writers 5 --rate 100 --busy-loops 2 --seconds 15

``--writers`` processes (the server's workers) write transactions shaped like a night's result: the table's
game updated, an audit entry added, the night's row updated, a commit; with a little Python between the
statements, as the app's own work. Together they send ``--rate`` transactions a second, at random moments.
``--busy-loops`` processes keep the cores busy meanwhile, as the rest of a big night's requests do: a writer
holding the lock may then be made to wait for a core. The same load runs twice on a fresh database file:
with the connections the app uses (writers take turns on a lock file) and with plain ``sqlite3`` connections
(SQLite's busy handler), and each transaction's wait for its first write is reported.
"""
from __future__ import annotations

import argparse
import multiprocessing
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlite_writers import TakingTurnsConnection  # noqa: E402

TABLES = 1000
WORK_BETWEEN_STATEMENTS = 0.0002  # seconds of Python between two statements of a transaction


def prepare(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE table_game (id INTEGER PRIMARY KEY, status TEXT, points INTEGER, version INTEGER)")
    conn.execute("CREATE TABLE audit_entry (id INTEGER PRIMARY KEY, at REAL, detail TEXT)")
    conn.execute("CREATE TABLE night (id INTEGER PRIMARY KEY, version INTEGER)")
    conn.executemany("INSERT INTO table_game VALUES (?, 'playing', 0, 1)", [(n,) for n in range(1, TABLES + 1)])
    conn.execute("INSERT INTO night VALUES (1, 1)")
    conn.commit()
    conn.close()


def work(seconds: float) -> None:
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        pass


def writer(path: str, taking_turns: bool, rate: float, seconds: float, seed: int, out: "multiprocessing.Queue") -> None:
    rng = random.Random(seed)
    factory = TakingTurnsConnection if taking_turns else sqlite3.Connection
    conn = sqlite3.connect(path, factory=factory, timeout=5.0)
    conn.execute("PRAGMA busy_timeout=5000")
    waits, totals, failed = [], [], 0
    next_at = time.monotonic()
    stop_at = next_at + seconds
    while True:
        next_at += rng.expovariate(rate)
        if next_at >= stop_at:
            break
        time.sleep(max(0.0, next_at - time.monotonic()))
        table = rng.randint(1, TABLES)
        start = time.perf_counter()
        try:
            conn.execute("UPDATE table_game SET status='sent', points=?, version=version+1 WHERE id=?",
                         (rng.randint(0, 10), table))
            first_write = time.perf_counter()
            work(WORK_BETWEEN_STATEMENTS)
            conn.execute("INSERT INTO audit_entry (at, detail) VALUES (?, ?)", (time.time(), f"table {table} sent"))
            work(WORK_BETWEEN_STATEMENTS)
            conn.execute("UPDATE night SET version=version+1 WHERE id=1")
            conn.commit()
        except sqlite3.OperationalError:
            conn.rollback()
            failed += 1
            continue
        waits.append((first_write - start) * 1000)
        totals.append((time.perf_counter() - start) * 1000)
    conn.close()
    out.put((waits, totals, failed))


def busy_loop(stop_at: float) -> None:
    while time.monotonic() < stop_at:
        pass


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))] if ordered else float("nan")


def run(taking_turns: bool, args: argparse.Namespace) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="sqlite-writers-") as tmp:
        path = Path(tmp) / "bench.sqlite"
        prepare(path)
        out: multiprocessing.Queue = multiprocessing.Queue()
        stop_busy = time.monotonic() + args.seconds + 1
        busy = [multiprocessing.Process(target=busy_loop, args=(stop_busy,)) for _ in range(args.busy_loops)]
        writers = [multiprocessing.Process(target=writer, args=(str(path), taking_turns, args.rate / args.writers,
                                                                args.seconds, args.seed + n, out))
                   for n in range(args.writers)]
        for process in busy + writers:
            process.start()
        results = [out.get() for _ in writers]
        for process in busy + writers:
            process.join()
    waits = [w for result in results for w in result[0]]
    totals = [t for result in results for t in result[1]]
    return {"transactions": len(waits), "failed": sum(result[2] for result in results),
            "wait_p50": percentile(waits, 50), "wait_p95": percentile(waits, 95), "wait_p99": percentile(waits, 99),
            "wait_max": max(waits, default=float("nan")), "wait_mean": statistics.fmean(waits) if waits else float("nan"),
            "total_p95": percentile(totals, 95)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writers", type=int, default=5, help="writing processes (the server's workers)")
    parser.add_argument("--rate", type=float, default=100.0, help="transactions a second, all writers together")
    parser.add_argument("--busy-loops", type=int, default=2, help="processes keeping the cores busy")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{args.writers} writers, {args.rate:g} transactions/s together, {args.busy_loops} busy loops, "
          f"{args.seconds:g} s each; SQLite {sqlite3.sqlite_version}\n")
    print(f"{'':30s} {'done':>6s} {'failed':>6s} {'wait p50':>9s} {'p95':>7s} {'p99':>7s} {'max':>7s} {'mean':>7s} "
          f"{'whole p95':>9s}  (ms)")
    for label, taking_turns in (("taking turns (the app)", True), ("SQLite's busy handler", False)):
        r = run(taking_turns, args)
        print(f"{label:30s} {r['transactions']:6d} {r['failed']:6d} {r['wait_p50']:9.2f} {r['wait_p95']:7.2f} "
              f"{r['wait_p99']:7.2f} {r['wait_max']:7.2f} {r['wait_mean']:7.2f} {r['total_p95']:9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
