"""Shared fixtures: every test gets its own data directory and never touches the user's."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The tests read English words whatever the machine's language; the language tests set
# their own (and a Chinese machine still runs every other test in English).
os.environ["TOURNAMENT_MANAGER_LANGUAGE"] = "en"

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tournament_manager import paths
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import Document, create_document

# On CI the property tests draw the same examples every run (a gate must not turn red
# by luck); locally they explore afresh, and what they find is kept in .hypothesis/.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path_factory.mktemp("data")
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(directory))
    return directory


@pytest.fixture
def document(tmp_path: Path) -> Iterator[Document]:
    """A fresh document holding a wsom_2015 tournament, closed after the test."""
    doc = create_document(tmp_path / "event.tmt")
    create_tournament(doc.unit_of_work(), "Test Open", preset_settings(Preset.WSOM_2015))
    yield doc
    doc.close(backup=False)


_exit_status: list[int] = []


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _exit_status.append(int(exitstatus))


def pytest_unconfigure(config: pytest.Config) -> None:
    """Leave with pytest's own status once everything is reported, skipping the
    interpreter's teardown: destroying the last Qt wrappers there can abort the process
    (PySide6 6.12 over-releases a bool; bool_dealloc) after every test has passed, which
    would turn a green run red for a reason no test controls. The application's own GUI
    exit does the same (`tournament_manager.__main__._leave`)."""
    if _exit_status:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_exit_status[-1])


@pytest.fixture(scope="session")
def postgres_base() -> Iterator[str]:
    """A real PostgreSQL server for the whole run (tests.helpers.postgres)."""
    from tests.helpers.postgres import postgres_server

    with postgres_server() as base:
        yield base


@pytest.fixture
def server_url(postgres_base: str, request: pytest.FixtureRequest) -> str:
    """The address of a database of this test's own on the test server (not yet made:
    `new` makes it)."""
    import hashlib

    digest = hashlib.sha1(request.node.nodeid.encode("utf-8")).hexdigest()[:12]
    return f"{postgres_base}event_{digest}"
