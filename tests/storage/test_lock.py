"""A second instance on the same document is refused, naming who holds it."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tournament_manager.messages.documents import describe, describe_broken_lock
from tournament_manager.storage.document import Document, open_document
from tournament_manager.storage.errors import DocumentError, DocumentProblem
from tournament_manager.storage.lock import LockedError, lock_path, process_start_time, take_over


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


# --- stale locks: their holder and age, and taking them over


def _write_lock(path: Path, **record: object) -> None:
    lock_path(path).write_text(json.dumps(record), encoding="utf-8")


def _days_ago(days: int) -> str:
    return (datetime.now(UTC) - timedelta(days=days)).isoformat(timespec="seconds")


def test_a_lock_from_another_host_names_its_holder_and_age(document: Document) -> None:
    path = document.path
    document.close(backup=False)
    _write_lock(path, pid=4242, host="judge-laptop-2", user="anna", since=_days_ago(3))
    with pytest.raises(LockedError) as caught:
        open_document(path)
    error = caught.value
    assert error.holder.host == "judge-laptop-2" and error.holder.pid == 4242
    assert error.details["can_take_over"] == "yes"
    text = describe(error)
    assert "anna on judge-laptop-2" in text and "for 3 days" in text
    assert "taken over" in text


def test_taking_over_a_lock_from_another_host_says_whose_it_was(document: Document) -> None:
    path = document.path
    document.close(backup=False)
    _write_lock(path, pid=4242, host="judge-laptop-2", user="anna", since=_days_ago(3))
    reopened = open_document(path, take_over_lock=True)
    try:
        assert reopened.broken_lock is not None
        assert (reopened.broken_lock.user, reopened.broken_lock.host) == ("anna",
                                                                          "judge-laptop-2")
        assert json.loads(lock_path(path).read_text())["pid"] == os.getpid()
        assert "anna on judge-laptop-2" in describe_broken_lock(str(path),
                                                                reopened.broken_lock)
    finally:
        reopened.close(backup=False)
    _write_lock(path, pid=4242, host="judge-laptop-2", user="anna", since=_days_ago(1))
    holder = take_over(path)  # what the window calls after the user confirmed
    assert holder is not None and holder.user == "anna"
    assert not lock_path(path).exists()


def test_a_lock_whose_process_number_now_belongs_to_another_process_is_stale(
        document: Document) -> None:
    """After a reboot the number is reused: a process that started after the lock was
    taken cannot be its holder."""
    path = document.path
    document.close(backup=False)
    newcomer = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        if process_start_time(newcomer.pid) is None:
            pytest.skip("process start times cannot be read on this system")
        _write_lock(path, pid=newcomer.pid, host=socket.gethostname(), user="ada",
                    since=_days_ago(2))
        reopened = open_document(path)
        try:
            assert reopened.broken_lock is not None
            assert reopened.broken_lock.pid == newcomer.pid
        finally:
            reopened.close(backup=False)
    finally:
        newcomer.kill()
        newcomer.wait()


_HOLD = """
import sys, time
from pathlib import Path
from tournament_manager.storage.document import open_document
document = open_document(Path(sys.argv[1]))
print("holding", flush=True)
sys.stdin.read()
document.close(backup=False)
"""


def test_a_lock_held_by_a_running_process_here_is_never_broken(document: Document) -> None:
    path = document.path
    document.close(backup=False)
    holder = subprocess.Popen([sys.executable, "-c", _HOLD, str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=os.environ.copy())
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        for attempt in (lambda: open_document(path, take_over_lock=True),
                        lambda: take_over(path)):
            with pytest.raises(LockedError) as caught:
                attempt()
            assert caught.value.holder.pid == holder.pid
            assert caught.value.details["can_take_over"] == "no"
            assert "close the file there" in describe(caught.value)
    finally:
        holder.communicate("", timeout=60)
    assert not lock_path(path).exists()


def test_waiting_for_the_lock_takes_it_once_the_holding_command_lets_go(
        tmp_path: Path) -> None:
    """A command asked to wait gets the file as soon as the command before it is done,
    and hears of the holder once while it waits."""
    import threading

    from tournament_manager.storage.lock import COMMAND, DocumentLock

    document = tmp_path / "busy.tmt"
    first = DocumentLock(document)
    first.acquire(purpose=COMMAND)
    told: list[int | None] = []
    releaser = threading.Timer(0.3, first.release)
    releaser.start()
    try:
        second = DocumentLock(document)
        assert second.acquire(wait=30, purpose=COMMAND,
                              on_wait=lambda holder: told.append(holder.pid)) is None
    finally:
        releaser.join()
    assert told == [os.getpid()]
    assert json.loads(lock_path(document).read_text())["purpose"] == COMMAND
    second.release()


def test_a_wait_that_runs_out_names_the_holder(tmp_path: Path) -> None:
    from tournament_manager.storage.lock import COMMAND, DocumentLock

    document = tmp_path / "busy.tmt"
    holder = DocumentLock(document)
    holder.acquire(purpose=COMMAND)
    told: list[str] = []
    with pytest.raises(LockedError) as caught:
        DocumentLock(document).acquire(wait=0.2, notice_after=0.05,
                                       on_wait=lambda holder: told.append(holder.host))
    assert caught.value.holder.pid == os.getpid()
    assert told == [socket.gethostname()]
    with pytest.raises(LockedError):  # a notice not yet due is not given
        DocumentLock(document).acquire(wait=0.1, notice_after=60,
                                       on_wait=lambda holder: told.append("again"))
    assert told == [socket.gethostname()]
    holder.release()


def test_a_window_holding_the_file_is_not_waited_for(document: Document) -> None:
    """The window holds its file all day: a command is told at once, not after a wait."""
    from tournament_manager.storage.lock import DocumentLock

    told: list[str] = []
    with pytest.raises(LockedError) as caught:
        DocumentLock(document.path).acquire(wait=600, notice_after=0,
                                            on_wait=lambda holder: told.append("waiting"))
    assert caught.value.holder.purpose == "window" and told == []
