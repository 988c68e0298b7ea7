"""The table-side server for real on a local port (uvicorn in a thread), over a real
event file with session 1 running at two tables."""

from __future__ import annotations

import dataclasses
import os
import shutil
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import uvicorn

from tests.helpers.head_judge import name_head_judge
from tests.helpers.seated_event import Seated, seat_event
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.domain.settings import TournamentSettings
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import Document, create_document
from tournament_manager.web.server import listen, table_side


class Running:
    """uvicorn in a thread, stopped and started again on the same port (a cut network).

    The listening socket is bound before the server starts, so a request made at once
    waits in the socket's queue until the server takes it: no test waits on a clock."""

    def __init__(self, app: object, port: int) -> None:
        self.app, self.port = app, port
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None
        self.socket: socket.socket | None = None

    def start(self) -> None:
        listening = listen("127.0.0.1", self.port)
        self.socket = listening
        self.server = uvicorn.Server(uvicorn.Config(self.app,  # type: ignore[arg-type]
                                                    log_level="warning"))
        self.thread = threading.Thread(target=self.server.run,
                                       kwargs={"sockets": [listening]}, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        if self.server is not None and self.thread is not None:
            self.server.should_exit = True
            self.thread.join(timeout=30)
        if self.socket is not None:
            self.socket.close()
        self.server = self.thread = self.socket = None


@dataclass
class Served:
    url: str
    document: Document
    seated: Seated
    codes: dict[int, str]
    """Table number -> its code."""
    running: Running


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _serve(tmp_path: Path, settings: TournamentSettings) -> Iterator[Served]:
    document = create_document(tmp_path / "served.tmt")
    create_tournament(document.unit_of_work(), "Web Open", settings)
    name_head_judge(document)
    seated = seat_event(document, players=8)
    side = table_side(document.unit_of_work, str(document.path))
    codes = {table: code for _session, table, code in side.table_codes()}
    port = _free_port()
    running = Running(side.app, port)
    running.start()
    try:
        yield Served(f"http://127.0.0.1:{port}", document, seated, codes, running)
    finally:
        running.stop()
        document.close(backup=False)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    yield from _serve(tmp_path, preset_settings(Preset.OPEN))


@pytest.fixture
def served_double(tmp_path: Path) -> Iterator[Served]:
    """The same event with double entry: two players of a table type each hand."""
    yield from _serve(tmp_path, dataclasses.replace(preset_settings(Preset.OPEN),
                                                    double_entry=True))


@pytest.fixture
def served_classic(tmp_path: Path) -> Iterator[Served]:
    """The same event under classical scoring, where every player's hand scores."""
    yield from _serve(tmp_path, preset_settings(Preset.OPEN, rule_set="classic"))


PHONE = (390, 844)


def chromium(profile: Path, accept_language: str | None = None) -> Iterator[object]:
    """A real headless Chromium at a phone's size (Debian's, through chromedriver), with
    the phone's languages when given; skipped where Chromium is missing, but not in CI,
    whose .ci/run installs it."""
    if shutil.which("chromium") is None or shutil.which("chromedriver") is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium is not installed: .ci/run installs chromium and "
                        "chromium-driver")
        pytest.skip("Chromium is not installed here (apt-get install chromium "
                    "chromium-driver)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or ""
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", f"--window-size={PHONE[0]},{PHONE[1]}",
                     f"--user-data-dir={profile}"):
        options.add_argument(argument)
    if accept_language:
        options.add_argument(f"--lang={accept_language.split(',')[0]}")
        options.add_experimental_option("prefs", {"intl.accept_languages": accept_language})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    driver.set_window_size(*PHONE)
    try:
        yield driver
    finally:
        driver.quit()
