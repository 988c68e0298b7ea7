"""A real PostgreSQL server for the tests: `initdb` into a temporary folder and
`pg_ctl start` on a free port on 127.0.0.1, as a user other than root (PostgreSQL refuses
to run as root, and CI runs as root). Debian's `postgresql` package provides the
programs; `.ci/run` installs it. Without them a local run skips these tests, CI fails."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

SERVER_USER = "tm"
"""The database user the tests connect as (the server's superuser, trusted locally)."""


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_owner(command: list[str], owner: str | None) -> list[str]:
    return command if owner is None else ["runuser", "-u", owner, "--", *command]


@contextmanager
def postgres_server() -> Iterator[str]:
    """The base address `postgresql://tm@127.0.0.1:PORT/` of a running server, stopped
    and removed afterwards."""
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed: .ci/run installs Debian's postgresql")
        pytest.skip("PostgreSQL is not installed here (apt-get install postgresql)")
    owner = None
    if os.geteuid() == 0:  # the server will not run as root
        owner = "postgres" if _user_exists("postgres") else "nobody"
    folder = Path(tempfile.mkdtemp(prefix="tm-postgres-"))
    data, port = folder / "data", _free_port()
    if owner is not None:
        shutil.chown(folder, owner)
    subprocess.run(_as_owner([initdb, "-D", str(data), "-A", "trust", "-U", SERVER_USER,
                              "-E", "UTF8", "--no-sync"], owner),
                   check=True, capture_output=True)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(_as_owner([pg_ctl, "-D", str(data), "-o", options, "-l",
                              str(folder / "server.log"), "-w", "start"], owner),
                   check=True, capture_output=True)
    try:
        yield f"postgresql://{SERVER_USER}@127.0.0.1:{port}/"
    finally:
        subprocess.run(_as_owner([pg_ctl, "-D", str(data), "-m", "immediate", "stop"], owner),
                       check=False, capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


class Outage:
    """An event's database on the test server made to refuse connections for real
    (ALLOW_CONNECTIONS false, its sessions ended) and to take them again: what a station
    or the table server meets when the server goes away, without stopping the server the
    other tests share."""

    def __init__(self, event_url: str) -> None:
        from sqlalchemy import create_engine

        base, _, self.database = event_url.rpartition("/")
        self._admin = create_engine(f"{base}/postgres", isolation_level="AUTOCOMMIT")

    def allow(self, on: bool) -> None:
        from sqlalchemy import text

        with self._admin.connect() as connection:
            connection.execute(text(f'ALTER DATABASE "{self.database}" ALLOW_CONNECTIONS '
                                    f'{"true" if on else "false"}'))
            if not on:
                connection.execute(text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = :name AND pid <> pg_backend_pid()"),
                    {"name": self.database})

    def close(self) -> None:
        self._admin.dispose()
