"""Bursts of allocation without the cyclic garbage collector in the way: reading a whole
event at once, and loading a command's modules at start.

Standings for 1,000 players build tens of thousands of small objects (rows, scores,
records) in one burst, none of them in a reference cycle. CPython counts every one of
them towards its next collection, and a full collection walks every object the
application holds: a fifth of a standings recompute went to collections that found
nothing. Loading modules is the same kind of burst (classes, functions, constants that
live as long as the process): a twentieth of `score`'s start-up. `bulk_reading` pauses the
collector for such a burst and restores it after; a cycle made meanwhile is collected at the
next collection as usual.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def bulk_reading() -> Iterator[None]:
    """The collector paused for the block (left as it was if already paused: nested use,
    or an application that manages it itself)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
