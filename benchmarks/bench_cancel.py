"""How promptly a seating draw stops when the judge presses Cancel.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_cancel.py [--repeats 5] [--load 1]

For fields whose search runs long (near the bound, where the live solver works hardest),
the draw runs in a thread and is cancelled after a delay; the latency is the time from
the cancel to the draw returning. `--load N` keeps N busy processes on the other cores,
as a loaded laptop would. Target: every latency < 1 s (the window's Cancel must feel
immediate). Not a test: wall-clock figures belong here, not in the suite.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import threading
import time

from tournament_manager.domain.seating import plan_schedule

FIELDS = ((32, 10), (40, 13), (44, 14), (60, 15), (200, 8))
DELAYS = (0.3, 1.5, 4.0)


def _burn(stop: multiprocessing.synchronize.Event) -> None:  # type: ignore[name-defined]
    while not stop.is_set():
        sum(i * i for i in range(10_000))


def latency(players: int, sessions: int, delay: float, seed: int) -> float:
    flag = threading.Event()
    done: list[float] = []

    def run() -> None:
        plan_schedule(list(range(players)), sessions, seed=seed, time_limit=60.0,
                      cancel=flag.is_set)
        done.append(time.monotonic())

    worker = threading.Thread(target=run)
    worker.start()
    time.sleep(delay)
    cancelled_at = time.monotonic()
    flag.set()
    worker.join()
    return max(done[0] - cancelled_at, 0.0)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--load", type=int, default=0)
    args = parser.parse_args()
    stop = multiprocessing.Event()
    burners = [multiprocessing.Process(target=_burn, args=(stop,)) for _ in range(args.load)]
    for burner in burners:
        burner.start()
    worst = 0.0
    try:
        print(f"{'N':>4} {'R':>3} {'delay':>5} {'median':>7} {'max':>6}")
        for players, sessions in FIELDS:
            for delay in DELAYS:
                times = [latency(players, sessions, delay, seed) for seed in range(args.repeats)]
                worst = max(worst, *times)
                print(f"{players:>4} {sessions:>3} {delay:>5.1f} {statistics.median(times):>7.3f}"
                      f" {max(times):>6.3f}", flush=True)
    finally:
        stop.set()
        for burner in burners:
            burner.join()
    print(f"worst latency {worst:.3f} s (target < 1 s)")


if __name__ == "__main__":
    main()
