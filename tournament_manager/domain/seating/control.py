"""Time limit, cancellation and progress reporting shared by every search of the draw.

Every search polls one `Budget`, so a GUI can cancel from another thread and still get the
best schedule found so far.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum


class Stage(Enum):
    CONSTRUCTION = "construction"
    SYMMETRIC_SOLVER = "symmetric_solver"
    LOCAL_SEARCH = "local_search"
    POSITIONS = "positions"


@dataclass(frozen=True)
class Progress:
    stage: Stage
    best_cost: int
    """Weighted repeat cost of the best grouping so far (0 = no repeats, no forbidden pair)."""
    elapsed: float


CancelCheck = Callable[[], bool]
ProgressCallback = Callable[[Progress], None]


class Budget:
    """A deadline plus an optional cancel check; cheap enough to poll in inner loops."""

    def __init__(self, time_limit: float, cancel: CancelCheck | None = None,
                 progress: ProgressCallback | None = None) -> None:
        self.started = time.monotonic()
        self.deadline = self.started + time_limit
        self._cancel = cancel
        self._progress = progress
        self._cancelled = False

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def remaining(self) -> float:
        return max(0.0, self.deadline - time.monotonic())

    def cancelled(self) -> bool:
        if not self._cancelled and self._cancel is not None and self._cancel():
            self._cancelled = True
        return self._cancelled

    def exhausted(self) -> bool:
        return self.cancelled() or time.monotonic() >= self.deadline

    def slice(self, fraction: float) -> Budget:
        """A sub-budget ending after `fraction` of the remaining time, sharing cancellation."""
        return self._child(self.remaining() * fraction)

    def without_deadline(self) -> Budget:
        """The same cancellation and progress, and no deadline: for a step that ends by its
        own count of work, so that a seed gives the same result however busy the machine is
        and however much of the time the steps before it took."""
        return self._child(math.inf)

    def _child(self, time_limit: float) -> Budget:
        child = Budget(time_limit, self._cancel, self._progress)
        child._cancelled = self._cancelled
        return child

    def report(self, stage: Stage, best_cost: int) -> None:
        if self._progress is not None:
            self._progress(Progress(stage, best_cost, self.elapsed()))
