"""Rotation-chart generation: time and quality for N = 8..100 players over a 10-game night.

Run from the repository root: ``python bench/chart_bench.py``. The optimum for partners is 0 repeat
partners (everyone partners a different player each game), reachable while games <= N - 1.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.tournament import rotation_chart  # noqa: E402

GAMES = 10


def main() -> None:
    print(f"{'N':>4} {'ms':>8} {'repeat partners':>16} {'repeat opponents':>17} {'max opp. meetings':>18} "
          f"{'sit-outs min-max':>17} {'partner optimum':>16}")
    worst = 0.0
    for n in range(8, 101):
        start = time.perf_counter()
        chart = rotation_chart(n, GAMES)
        ms = (time.perf_counter() - start) * 1000
        worst = max(worst, ms)
        q = chart.quality
        print(f"{n:>4} {ms:>8.1f} {q.repeat_partners:>16} {q.repeat_opponents:>17} {q.max_opponent_meetings:>18} "
              f"{q.sit_outs_min:>8}-{q.sit_outs_max:<8} {'yes' if q.partner_optimum else 'no':>16}")
    print(f"slowest chart: {worst:.1f} ms")


if __name__ == "__main__":
    main()
