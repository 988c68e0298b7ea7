"""The head judge's passphrase, kept as a salted scrypt key and never as itself.

scrypt (standard library) makes each guess cost tens of milliseconds and memory, so a
stolen tournament file does not give the passphrase away to a quick dictionary search.
The stored form names its parameters, so a later version can raise them and still check
keys made with the old ones.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os

MINIMUM_LENGTH = 8
"""Characters a passphrase needs: guarding the record, it should not be a PIN."""

_N, _R, _P = 2**14, 8, 1
_SCHEME = "scrypt"


def _derive(passphrase: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(passphrase.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=32)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def passphrase_key(passphrase: str, *, salt: bytes | None = None) -> str:
    """`scrypt$N$r$p$salt$key`, with a fresh random salt unless one is given (tests)."""
    salt = os.urandom(16) if salt is None else salt
    key = _derive(passphrase, salt, _N, _R, _P)
    return "$".join((_SCHEME, str(_N), str(_R), str(_P), _b64(salt), _b64(key)))


def passphrase_matches(stored: str, passphrase: str) -> bool:
    """True when `passphrase` gives the stored key; False for anything unreadable."""
    try:
        scheme, n, r, p, salt, key = stored.split("$")
        if scheme != _SCHEME:
            return False
        derived = _derive(passphrase, base64.b64decode(salt), int(n), int(r), int(p))
        return hmac.compare_digest(derived, base64.b64decode(key))
    except (ValueError, TypeError):
        return False
