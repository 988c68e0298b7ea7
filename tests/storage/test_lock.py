"""A second instance on the same document is refused, naming who holds it."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys

import pytest

from tournament_manager.storage.document import Document, open_document
from tournament_manager.storage.errors import DocumentError, DocumentProblem
from tournament_manager.storage.lock import lock_path


def test_second_open_is_refused_with_the_holder(document: Document) -> None:
    with pytest.raises(DocumentError) as caught:
        open_document(document.path)
    assert caught.value.problem is DocumentProblem.LOCKED
    assert caught.value.details["pid"] == str(os.getpid())
    assert caught.value.details["host"] == socket.gethostname()


_TRY_OPEN = """
import sys
from pathlib import Path
from tournament_manager.messages.documents import describe
from tournament_manager.storage.document import open_document
from tournament_manager.storage.errors import DocumentError
try:
    open_document(Path(sys.argv[1]))
except DocumentError as error:
    print(describe(error))
    sys.exit(1)
"""


def test_another_process_is_refused_and_told_who_holds_it(document: Document) -> None:
    child = subprocess.run([sys.executable, "-c", _TRY_OPEN, str(document.path)],
                           capture_output=True, text=True, env=os.environ.copy(), check=False)
    assert child.returncode == 1, child.stderr
    assert "already open" in child.stdout
    assert f"process {os.getpid()}" in child.stdout
    assert socket.gethostname() in child.stdout


def test_info_reads_a_document_that_is_open_elsewhere(document: Document) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tournament_manager", "info", str(document.path)],
        capture_output=True, text=True, env=os.environ.copy(), check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Test Open" in result.stdout


def test_lock_is_released_on_close(document: Document) -> None:
    path = document.path
    document.close(backup=False)
    assert not lock_path(path).exists()
    open_document(path).close(backup=False)


def test_stale_lock_of_a_dead_process_is_taken_over(document: Document) -> None:
    path = document.path
    document.close(backup=False)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    lock_path(path).write_text(json.dumps({"pid": dead.pid, "host": socket.gethostname(),
                                           "user": "someone", "since": "earlier"}))
    open_document(path).close(backup=False)


def test_lock_held_on_another_host_is_respected(document: Document) -> None:
    path = document.path
    document.close(backup=False)
    lock_path(path).write_text(json.dumps({"pid": 1, "host": "judge-laptop-2",
                                           "user": "anna", "since": "09:00"}))
    with pytest.raises(DocumentError) as caught:
        open_document(path)
    assert caught.value.details["host"] == "judge-laptop-2"
    assert caught.value.details["user"] == "anna"
