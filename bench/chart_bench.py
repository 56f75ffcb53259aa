"""Rotation-chart generation: time and quality against the optimum for N = 8..100 players.

Run from the repository root: ``python bench/chart_bench.py [games]``. Two tables: a night of ``games``
games (10 unless given) for N = 8..100, and a whole round (N - 1 games for an even N, N for an odd one)
for N = 8..64. The time limit holds for every chart of a night, and for the whist designs over a whole
round (a whole round of another head-count takes seconds at 50 or more players; nights are shorter). Quality is
shown against the counting floor (``rotation.quality_floor``, the best lower bound known here) as
"repeats/floor" for partners and for opponents (a meeting beyond the second between two players), and
the gap between them (``ChartQuality.gap()``): "0 0" is optimal. For every N = 4k or 4k + 1 from 8 to 64
the chart is a shipped whist tournament (construction "whist"): optimal for any number of games.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.tournament import rotation_chart  # noqa: E402

GAMES = 10
LIMIT_MS = 1000.0
HEADER = (f"{'N':>4} {'games':>5} {'ms':>8} {'construction':>20} {'partners':>9} {'opponents':>9} {'gap':>7} "
          f"{'max meets':>9} {'sit-outs':>8}")


def row(n: int, games: int) -> tuple[float, str]:
    start = time.perf_counter()
    chart = rotation_chart(n, games)
    ms = (time.perf_counter() - start) * 1000
    q = chart.quality
    partners, opponents = q.gap()
    return ms, (f"{n:>4} {games:>5} {ms:>8.1f} {q.method:>20} {q.repeat_partners:>4}/{q.repeat_partners_floor:<4} "
                f"{q.repeat_opponents:>4}/{q.repeat_opponents_floor:<4} {partners:>3} {opponents:>3} "
                f"{q.max_opponent_meetings:>9} {q.sit_outs_min:>4}-{q.sit_outs_max:<3}")


def table(title: str, games_for, top: int, whist_only: bool = False) -> float:
    """Print the table; return the slowest chart (of the whist designs only, with ``whist_only``)."""
    print(f"\n{title}\n{HEADER}")
    worst = slowest = 0.0
    optimal = 0
    for n in range(8, top + 1):
        ms, line = row(n, games_for(n))
        slowest = max(slowest, ms)
        if not whist_only or " whist " in line:
            worst = max(worst, ms)
        optimal += line.split()[-4:-2] == ["0", "0"]
        print(line)
    print(f"optimal (gap 0 0): {optimal} of {top - 7} head-counts; slowest chart: {slowest:.1f} ms"
          + (f", slowest whist design: {worst:.1f} ms" if whist_only else "") + f" (limit {LIMIT_MS:.0f} ms)")
    return worst


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    worst = table(f"A {games}-game night:", lambda n: games, 100)
    worst = max(worst, table("A whole round (N - 1 games for an even N, N for an odd one), up to 64 players:",
                             lambda n: n - 1 if n % 2 == 0 else n, 64, whist_only=True))
    if worst > LIMIT_MS:
        raise SystemExit(f"too slow: {worst:.1f} ms")


if __name__ == "__main__":
    main()
