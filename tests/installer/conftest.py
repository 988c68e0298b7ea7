"""The installer tests' marker: `packaging` is the one slow test that freezes the app."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "packaging: builds the frozen application (about a minute); "
        "deselect with -m 'not packaging'")
