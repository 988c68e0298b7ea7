"""What a table's card tells its phone: an address the phone can reach, under the event's
name (the command line printed the file's path, and both ways a bare host name)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

from pypdf import PdfReader

from tournament_manager.cli.main import run_cli
from tournament_manager.web.server import shown_address

ROOT = Path(__file__).resolve().parents[2]


def test_listening_everywhere_shows_an_address_of_this_machine() -> None:
    assert shown_address("10.0.0.7", 8080) == "http://10.0.0.7:8080/"
    host = urlparse(shown_address("0.0.0.0", 8080)).hostname
    assert host is not None
    if host != socket.gethostname():  # a machine with no network keeps its name
        assert not host.startswith("127.")
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as mine:
            mine.bind((host, 0))  # only an address of this machine binds


def test_the_command_lines_cards_carry_the_events_name(tmp_path: Path) -> None:
    event = tmp_path / "day one.tmt"
    assert run_cli(["new", str(event), "--name", "Harbour Open"]) == 0
    for n in range(4):
        assert run_cli(["players", "add", str(event), "--name", f"P{n}"]) == 0
    assert run_cli(["session", "draw", str(event), "1", "--publish"]) == 0
    assert run_cli(["session", "start", str(event), "1"]) == 0
    cards = tmp_path / "cards.pdf"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    server = subprocess.Popen(
        [sys.executable, "-m", "tournament_manager", "serve", str(event), "--host",
         "127.0.0.1", "--port", str(port), "--codes-pdf", str(cards)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    try:
        for _ in range(600):  # the cards are written before the server starts serving
            if cards.exists() and cards.stat().st_size:
                break
            assert server.poll() is None, server.stdout.read()  # type: ignore[union-attr]
            time.sleep(0.1)
        time.sleep(0.5)  # written atomically: the name exists only once it is whole
    finally:
        server.terminate()
        server.wait(timeout=30)
    text = "".join(page.extract_text() for page in PdfReader(cards).pages)
    assert "Harbour Open" in text and "day one.tmt" not in text
    assert f"http://127.0.0.1:{port}/" in text
