"""Keep None, True and False alive under PySide6 6.12 on Python 3.11.

PySide6/shiboken 6.12 hands these singletons back without taking a reference to them, as
if they were immortal (they are from Python 3.12 on). On 3.11 every call of a Qt method
that returns nothing (`setText`, `setEnabled`, `setVisible`…), and every empty item data
read back (`currentData()` of an empty combo box), drops one reference to None that was
never taken. Measured: entering and undoing one hand with its refreshes costs about 300;
None starts near 80,000 in the running window, so after a few hundred hands its count
reaches zero and the interpreter aborts mid-event ("Fatal Python error: none_dealloc").
No application code can avoid calling Qt's void methods.

On Python before 3.12 this module does what 3.12 does: it makes the three singletons
effectively immortal, raising their reference counts by 2**40, so an over-release can
never free them. On 3.12 and later (already immortal) it does nothing. It runs once, when
`tournament_manager.gui` is imported, before any window exists.
"""

from __future__ import annotations

import ctypes
import sys

IMMORTAL_MARGIN = 1 << 40
"""References added: at a million over-releases a second, 12 days before it matters."""


def keep_singletons_alive() -> bool:
    """True when the counts were raised (Python before 3.12, CPython only)."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    for singleton in (None, True, False):
        # ob_refcnt is a PyObject's first field, a Py_ssize_t, in every non-debug build.
        count = ctypes.c_ssize_t.from_address(id(singleton))
        if count.value < IMMORTAL_MARGIN:
            count.value += IMMORTAL_MARGIN
    return True
