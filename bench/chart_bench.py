"""Rotation-chart generation: time and quality for N = 8..100 players over a 10-game night.

Run from the repository root: ``python bench/chart_bench.py [games]``. Quality is shown against the
counting floor (``rotation.quality_floor``): "0/0" repeat partners means optimal. The optimum for
partners is 0 repeats while games <= one round robin; for opponents 0 repeats (nobody meets anyone
more than twice), which a whist tournament reaches over a whole round robin. A second table shows the
whole round robin at N = 8, 12, 16 (N - 1 games), where only a whist tournament reaches 0.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.tournament import rotation_chart  # noqa: E402

GAMES = 10
LIMIT_MS = 1000.0


def row(n: int, games: int) -> tuple[float, str]:
    start = time.perf_counter()
    chart = rotation_chart(n, games)
    ms = (time.perf_counter() - start) * 1000
    q = chart.quality
    return ms, (f"{n:>4} {games:>5} {ms:>8.1f} {q.method:>20} {q.repeat_partners:>6}/{q.repeat_partners_floor:<6} "
                f"{q.repeat_opponents:>6}/{q.repeat_opponents_floor:<6} {q.max_opponent_meetings:>9} "
                f"{q.sit_outs_min:>5}-{q.sit_outs_max:<5}")


HEADER = (f"{'N':>4} {'games':>5} {'ms':>8} {'construction':>20} {'partners rep/floor':>13} "
          f"{'opp. rep/floor':>13} {'max meets':>9} {'sit-outs':>11}")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    print(HEADER)
    worst = 0.0
    for n in range(8, 101):
        ms, line = row(n, games)
        worst = max(worst, ms)
        print(line)
    print(f"slowest chart: {worst:.1f} ms (limit {LIMIT_MS:.0f} ms)")
    print("\nA whole round robin (N - 1 games):")
    print(HEADER)
    for n in (8, 12, 16):
        print(row(n, n - 1)[1])
    if worst > LIMIT_MS:
        raise SystemExit(f"too slow: {worst:.1f} ms")


if __name__ == "__main__":
    main()
