"""One way to run CP-SAT inside a draw: one worker, a seed, a work limit and the budget.

OR-Tools is imported only where a model is built, so the rest of the domain stays
importable without it. One worker with a fixed seed and a limit on its deterministic time
keep the answer reproducible wherever the limit comes before the deadline; the solver is
stopped from a watcher thread when the caller cancels.
"""

from __future__ import annotations

import threading
from enum import Enum
from typing import TYPE_CHECKING

from tournament_manager.domain.seating.control import Budget

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

_POLL_SECONDS = 0.05


class Outcome(Enum):
    FOUND = "found"
    INFEASIBLE = "infeasible"
    """Proved: the model has no solution."""
    UNSETTLED = "unsettled"
    """Stopped by the work limit, the deadline or a cancel before either answer."""


def solve(model: cp_model.CpModel, *, seed: int, budget: Budget,
          work_limit: float) -> cp_model.CpSolver | None:
    """The solver after a search that found a solution, or None (none found, or cancelled)."""
    return solve_outcome(model, seed=seed, budget=budget, work_limit=work_limit)[1]


def solve_outcome(model: cp_model.CpModel, *, seed: int, budget: Budget, work_limit: float,
                  pure_sat: bool = False) -> tuple[Outcome, cp_model.CpSolver | None]:
    """What the search settled, and the solver where it found a solution. `pure_sat` for a
    model of clauses and cardinalities, where the linear relaxation only slows the search
    (`exact_repair`: 20 x 6 less one after session 2 found in 3.4 s without it, not in
    35 s with it)."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.01, budget.remaining())
    solver.parameters.max_deterministic_time = work_limit
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    if pure_sat:
        solver.parameters.linearization_level = 0
    finished = threading.Event()

    def watch() -> None:
        while not finished.wait(_POLL_SECONDS):
            if budget.cancelled():
                solver.stop_search()
                return

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        status = solver.solve(model)
    finally:
        finished.set()
        watcher.join()
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Outcome.FOUND, solver
    if status == cp_model.INFEASIBLE and not budget.cancelled():
        return Outcome.INFEASIBLE, None
    return Outcome.UNSETTLED, None
