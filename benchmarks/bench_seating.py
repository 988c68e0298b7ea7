"""Seating benchmark: repeat-free draws for the fields of the brief, one at a time.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_seating.py [--time-limit 30] [--seed 0]

Prints N, R, the bound (N - 1) // 3, excess meetings, max meetings, whether winds are
balanced, the method used and the seconds taken. Not a test: targets are < 30 s each
(256 x 8 < 5 s) on one core.
"""

from __future__ import annotations

import argparse
import time

from tournament_manager.domain.seating import plan_schedule, quality_report

FIELDS = ((16, 5), (24, 6), (28, 8), (32, 8), (40, 10), (48, 12), (64, 12), (100, 10),
          (128, 10), (200, 8), (256, 8))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--time-limit", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"{'N':>4} {'R':>3} {'bound':>5} {'excess':>6} {'max':>3} {'winds':>5} "
          f"{'revisits':>8} {'method':>17} {'seconds':>7}")
    for players, sessions in FIELDS:
        started = time.monotonic()
        draw = plan_schedule(list(range(players)), sessions, seed=args.seed,
                             time_limit=args.time_limit)
        seconds = time.monotonic() - started
        report = quality_report(draw.schedule.sessions)
        print(f"{players:>4} {sessions:>3} {(players - 1) // 3:>5} {report.excess_meetings:>6} "
              f"{report.max_meetings:>3} {'ok' if report.winds_balanced else 'NO':>5} "
              f"{len(report.table_revisits):>8} {draw.method.value:>17} {seconds:>7.2f}",
              flush=True)


if __name__ == "__main__":
    main()
