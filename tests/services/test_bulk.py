"""The collector paused for a bulk read comes back as it was, error or not."""

from __future__ import annotations

import gc

import pytest

from tournament_manager.services.bulk import bulk_reading


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_comes_back_as_it_was(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        with bulk_reading():
            assert not gc.isenabled()
            with bulk_reading():  # nested: the inner block leaves it paused
                pass
            assert not gc.isenabled()
        assert gc.isenabled() is enabled
        with pytest.raises(ZeroDivisionError), bulk_reading():
            _ = 1 / 0
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
