"""A request body has a size it never exceeds from the table's page; anything larger is
refused (413) before it is read whole.

The page sends a hand (well under a kilobyte) or a signature (a PNG of at most
`app.MAX_PNG_BYTES`, base64); nothing else. Without a limit a 300 MB body to the login
endpoint, which needs no code, was read and parsed in the head judge's window process (it
grew from 154 MB to 955 MB): a few at once could take the laptop the event runs on."""

from __future__ import annotations

import json
from typing import Any

from tournament_manager.errors import TournamentError
from tournament_manager.words import _

MAX_BODY_BYTES = 1024 * 1024
"""A signature's PNG at its limit, base64 (4/3 of 512 KB), with room to spare."""


DRAIN_BYTES = 32 * 1024 * 1024
"""A refused body is read and dropped up to this size (nothing of it is kept), for the
answer to be read; beyond it the connection is simply closed."""


class BodyTooLarge(TournamentError):
    """Raised from the counted `receive`: the body went past the limit as it arrived."""


class BodyLimit:
    """ASGI middleware: a declared Content-Length over `limit` is refused at once; a body
    sent without one (chunked) is refused as soon as what arrived passes it."""

    def __init__(self, app: Any, limit: int = MAX_BODY_BYTES) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or ())
        declared = headers.get(b"content-length")
        try:
            too_long = declared is not None and int(declared) > self.limit
        except ValueError:
            too_long = False  # the server itself refuses a malformed length
        if too_long:
            # A client that waits to be asked for the body (Expect: 100-continue, as curl
            # does above 1 MB) is answered before it sends it: reading it would ask for it.
            if headers.get(b"expect", b"").lower() != b"100-continue":
                await self._drain(receive, 0)
            await self._refuse(send)
            return
        received = 0
        started = False
        more = True  # the body goes on after what has been received

        async def counted() -> Any:
            nonlocal received, more
            message = await receive()
            if message.get("type") == "http.request":
                received += len(message.get("body", b""))
                more = bool(message.get("more_body", False))
                if received > self.limit:
                    raise BodyTooLarge
            return message

        async def watched(message: Any) -> None:
            nonlocal started
            started = started or message.get("type") == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge:
            if not started:
                if more:  # once the body has ended, a receive waits for the disconnect
                    await self._drain(receive, received)
                await self._refuse(send)

    @staticmethod
    async def _drain(receive: Any, received: int) -> None:
        """Read the rest of the body and drop it, so the refusal reaches the phone: answered
        while it is still sending, its connection is reset and it reads no words. A body
        past `DRAIN_BYTES` is not waited for."""
        while received <= DRAIN_BYTES:
            message = await receive()
            if message.get("type") != "http.request":
                return
            received += len(message.get("body", b""))
            if not message.get("more_body", False):
                return

    @staticmethod
    async def _refuse(send: Any) -> None:
        body = json.dumps({"problem": _("this request is larger than the page ever sends")},
                          ensure_ascii=False).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})
