"""Per-table access codes: what a table types (or scans) to reach its own sheet.

A code is derived from a secret of this server run, the session and the table, so it is
printed once and never stored; it opens exactly one table of one session, and stops
working when the session is no longer being played. Codes avoid letters that read alike
(0/O, 1/I/L)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from dataclasses import dataclass

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


@dataclass(frozen=True)
class TableKey:
    session_id: int
    table_id: int


class TableCodes:
    def __init__(self, secret: bytes | None = None) -> None:
        self._secret = secret if secret is not None else secrets.token_bytes(32)

    def code(self, key: TableKey) -> str:
        digest = hmac.new(self._secret, f"{key.session_id}:{key.table_id}".encode(),
                          hashlib.sha256).digest()
        number = int.from_bytes(digest[:8], "big")
        letters = []
        for _ in range(CODE_LENGTH):
            number, index = divmod(number, len(ALPHABET))
            letters.append(ALPHABET[index])
        return "".join(letters)

    def matches(self, typed: str, key: TableKey) -> bool:
        return hmac.compare_digest(as_typed(typed).encode(), self.code(key).encode())


def as_typed(typed: str) -> str:
    """A code as a phone may send it, read as the code: full-width letters and digits
    (what a Chinese keyboard types, "Ｓ２ＨＸＱＧ") as their plain forms, any case, spaces
    anywhere. Compared as bytes: `compare_digest` refuses a str that is not ASCII, and
    the right code typed full-width was answered "no connection" (a 500)."""
    return "".join(unicodedata.normalize("NFKC", typed).split()).upper()
