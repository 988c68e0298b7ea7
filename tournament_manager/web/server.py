"""Running the table-side application over an open event: its access codes (stable for
the event on this machine, so printed codes survive a restart) and the HTTP server."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import socket
from collections.abc import Callable
from pathlib import Path

from tournament_manager import paths
from tournament_manager.paths import address_scheme
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.web.app import TableSide
from tournament_manager.web.codes import TableCodes


def codes_secret(event_name: str, folder: Path | None = None) -> bytes:
    """This machine's secret for the event's table codes, made once and kept in the data
    folder (never in the event: a copy of the event must not carry its codes)."""
    folder = folder or paths.data_dir() / "table-codes"
    folder.mkdir(parents=True, exist_ok=True)
    key = folder / (hashlib.sha256(event_name.encode("utf-8")).hexdigest()[:24] + ".key")
    if not key.exists():
        key.write_bytes(secrets.token_bytes(32))
        key.chmod(0o600)
    return key.read_bytes()


def table_side(unit_of_work: Callable[[str], UnitOfWork], event_name: str) -> TableSide:
    """`event_name`: the event's file path (as typed or absolute: the same file gives the
    same codes, from the command line or the window) or its server address."""
    key = event_name if address_scheme(event_name) else str(Path(event_name).resolve())
    secret = codes_secret(key)
    return TableSide(unit_of_work, TableCodes(secret), secret_key=cookie_secret(secret))


def cookie_secret(codes: bytes) -> str:
    """The key that signs a table's login cookie, kept with the codes' secret: a table
    server restarted (a crash, a laptop moved) still knows every table's login and page,
    so a hand waiting on a phone is sent, not refused with "type your table's code"."""
    return hmac.new(codes, b"table-side login cookies", hashlib.sha256).hexdigest()


def shown_address(host: str, port: int) -> str:
    """The address a phone types or scans: this machine's address on the network the
    phones share when listening everywhere (a bare host name such as "judge-laptop" is
    rarely found on venue Wi-Fi), else the host as given."""
    if host not in ("0.0.0.0", "::", ""):
        return f"http://{host}:{port}/"
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: it only picks the route
        ip = probe.getsockname()[0]
    except OSError:
        ip = ""
    finally:
        probe.close()
    if not ip or ip.startswith("127."):
        ip = socket.gethostname()  # no network at all: the name is the best there is
    return f"http://{ip}:{port}/"


def listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound and listening before the server runs: a port in use is
    an `OSError` at once, and a request made meanwhile waits in the queue."""
    listening = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind((host, port))
        listening.listen(128)
    except OSError:
        listening.close()
        raise
    return listening


def serve(side: TableSide, host: str, port: int) -> None:
    """Serve until interrupted (Ctrl+C)."""
    import uvicorn

    uvicorn.run(side.app, host=host, port=port, log_level="warning")
