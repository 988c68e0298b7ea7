"""The base of every error the application raises on purpose.

Each layer keeps its own error (a code and the values its words need), but all of them
derive from `TournamentError`, which imports nothing, so the innermost layer can use it.

What the base gives them: an error survives pickling. `Exception` pickles as
`type(error)(*error.args)`, which re-runs `__init__` with the wrong arguments for any error
whose `__init__` takes a code and keywords (a `SeatingError` raised in a benchmark's worker
process reached the parent as a TypeError about `__init__`, and a `HandError` came back with
its code's text where its problem had been). Here an error is rebuilt from its arguments and
its attributes, without `__init__`.
"""

from __future__ import annotations

from typing import Any


class TournamentError(Exception):
    """An error the application raises on purpose; see the module docstring."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (type(self), self.args, dict(self.__dict__)))


def _rebuilt(kind: type[TournamentError], args: tuple[object, ...],
             state: dict[str, object]) -> TournamentError:
    error = kind.__new__(kind, *args)
    error.args = args
    error.__dict__.update(state)
    return error
