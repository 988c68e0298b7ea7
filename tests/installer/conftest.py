"""The installer tests' marker: `packaging` marks the two slow tests that build what is
shipped (the frozen app; the wheel with its compiled scorer)."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "packaging: builds the frozen application or the compiled wheel (about a "
        "minute each); "
        "deselect with -m 'not packaging'")
