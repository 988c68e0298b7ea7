"""Which text encoding a registration table was saved in.

A judge's CSV comes from whatever Excel or registration system was at hand: UTF-8 (with
or without a byte-order mark), UTF-16 ("Unicode text"), or the legacy code page of the
computer that saved it: Windows-1252 in Western Europe and the Americas, GB18030 in
mainland China, Big5 in Taiwan and Hong Kong, Shift-JIS in Japan, EUC-KR in Korea, and a
few more. Byte-order marks and valid UTF-8 settle it; otherwise the code pages that read
the bytes are ranked by `charset_normalizer`'s measure of garbled text plus how unlike a
list of names the text is (symbols inside words, mixed scripts, rare characters), and the
ties left on short files (a few names read without error in several code pages) go to
the code page more common among registration files. A short Central European file can
still be taken for Western (the same bytes are plausible names in both): the preview
shows the encoding and the alternatives, and the judge can choose.

Whatever is chosen, the text must round-trip: encoding it again gives the file's bytes
exactly. A decoding that replaces or drops anything is never used.
"""

from __future__ import annotations

import codecs
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from tournament_manager.errors import TournamentError

UTF8 = "utf-8"
UTF8_BOM = "utf-8-sig"
UTF16 = "utf-16"

LEGACY_ENCODINGS = ("cp1252", "cp949", "gb18030", "big5", "cp932", "big5hkscs", "cp1250",
                    "cp1251", "cp1253", "cp1254", "cp1257")
"""The code pages detected, in the order that breaks ties: Windows-1252 (Western Excel)
first; EUC-KR before GB18030, because Korean read as GB2312 gives plausible Chinese while
Chinese read as EUC-KR seldom gives Hangul alone (and Hanja counts as uncommon)."""

CHOICES = (UTF8, UTF8_BOM, UTF16, *LEGACY_ENCODINGS, "cp1255", "cp1256", "cp874", "cp1258")
"""Every encoding a judge can pick in an import preview. The last ones (Hebrew, Arabic,
Thai, Vietnamese) read almost any bytes as letters, so they are never guessed."""

_BOMS = ((codecs.BOM_UTF8, UTF8_BOM), (codecs.BOM_UTF16_LE, UTF16), (codecs.BOM_UTF16_BE, UTF16))


class EncodingMismatch(TournamentError, ValueError):
    """The bytes are not text in the encoding asked for (or do not round-trip)."""


@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str
    """The encoding used (a Python codec name from `CHOICES`)."""
    alternatives: tuple[str, ...] = ()
    """Other encodings that also read the file, best first: what a preview offers."""


def decode(data: bytes, encoding: str | None = None) -> Decoded:
    """The text of `data` in `encoding`, or in the detected one when None.

    Raises `EncodingMismatch` when `data` is not text in `encoding`, or when no encoding
    reads it."""
    if encoding is not None:
        return Decoded(_round_trip(data, encoding), _canonical(encoding))
    for bom, name in _BOMS:
        if data.startswith(bom):
            return Decoded(_round_trip(data, name), name)
    try:
        return Decoded(_round_trip(data, UTF8), UTF8)
    except EncodingMismatch:
        pass
    ranked = _ranked_legacy(data)
    if not ranked:
        raise EncodingMismatch("no known encoding reads this file")
    best, *others = ranked
    return Decoded(best[1], best[0], tuple(name for name, _text in others))


def _canonical(encoding: str) -> str:
    try:
        return codecs.lookup(encoding).name
    except LookupError as error:
        raise EncodingMismatch(f"unknown encoding {encoding}") from error


def _round_trip(data: bytes, encoding: str) -> str:
    """The text of `data`, which must encode back to exactly `data` (a byte-order mark
    aside, which is no part of the text)."""
    name = _canonical(encoding)
    codec, body = name, data
    if name == UTF8_BOM:
        codec = UTF8
        body = data.removeprefix(codecs.BOM_UTF8)
    elif name == UTF16:
        codec = "utf-16-be" if data.startswith(codecs.BOM_UTF16_BE) else "utf-16-le"
        body = data[2:] if data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE) else data
    try:
        text = body.decode(codec)
        again = text.encode(codec)
    except UnicodeError as error:
        raise EncodingMismatch(str(error)) from error
    if again != body:
        raise EncodingMismatch(f"the text does not read back as the same bytes in {name}")
    return text.removeprefix("\ufeff")


def _ranked_legacy(data: bytes) -> list[tuple[str, str]]:
    """(encoding, text) of every legacy code page that reads `data`, most likely first:
    by the normaliser's "chaos" plus how implausible the text is for a name list, then by
    how common the code page is among registration files."""
    from charset_normalizer import from_bytes

    texts: dict[str, str] = {}
    for name in LEGACY_ENCODINGS:
        try:
            texts[name] = _round_trip(data, name)
        except EncodingMismatch:
            continue
    chaos: dict[str, float] = {}
    for match in from_bytes(data, cp_isolation=list(LEGACY_ENCODINGS)):
        if match.encoding in texts:
            chaos[match.encoding] = match.chaos
    for name, text in texts.items():
        # The normaliser reports one of several code pages that read the same text;
        # one it did not propose at all is a last resort.
        twin = next((chaos[other] for other in chaos if texts[other] == text), 1.0)
        chaos.setdefault(name, twin)
    order = {name: index for index, name in enumerate(LEGACY_ENCODINGS)}
    ranked = sorted(texts, key=lambda name: (
        round(chaos[name] + _implausible(texts[name], name), 2), order[name]))
    return [(name, texts[name]) for name in ranked]


def _implausible(text: str, encoding: str) -> float:
    """How unlike a list of names, clubs and countries `text` reads, per non-ASCII
    character: 0 for text as people write it; more for what a wrong code page makes of
    a file (symbols inside words, words mixing scripts, Latin words made of accented
    letters only, half-width katakana, characters outside the common repertoire)."""
    odd = 0.0
    foreign = 0
    for word in _words(text):
        outside = [ch for ch in word if not ch.isascii()]
        if not outside:
            continue
        foreign += len(outside)
        scripts = {_script(ch) for ch in word if ch.isalpha()}
        scripts.discard("other")
        if len(scripts) > 1:
            odd += len(outside)
        if scripts == {"latin"} and len(word) >= 4 and len(outside) == len(word):
            odd += len(outside) / 2  # Cyrillic or Greek read as accented Latin
        odd += sum(1 for ch in outside if not (ch.isalpha() or unicodedata.category(ch)
                                               in ("Mn", "Mc", "Zs", "Pd", "Pi", "Pf")))
        odd += sum(0.5 for ch in outside if ch.isalpha() and not _common(ch, encoding))
    return odd / foreign if foreign else 0.0


def _words(text: str) -> list[str]:
    """Runs of characters between ASCII separators, spaces and punctuation."""
    words: list[str] = []
    current: list[str] = []
    for ch in text:
        if ch.isascii() and not ch.isalnum():
            if current:
                words.append("".join(current))
            current = []
        else:
            current.append(ch)
    if current:
        words.append("".join(current))
    return words


def _script(ch: str) -> str:
    if ch.isascii():
        return "latin"
    name = unicodedata.name(ch, "")
    if 0xFF61 <= ord(ch) <= 0xFF9F:
        return "halfwidth"
    for script, prefixes in _SCRIPT_PREFIXES:
        if name.startswith(prefixes):
            return script
    return "other"


_SCRIPT_PREFIXES = (
    ("latin", ("LATIN",)),
    ("cjk", ("CJK", "HIRAGANA", "KATAKANA", "IDEOGRAPHIC", "BOPOMOFO")),
    ("hangul", ("HANGUL",)),
    ("cyrillic", ("CYRILLIC",)),
    ("greek", ("GREEK",)),
    ("hebrew", ("HEBREW",)),
    ("arabic", ("ARABIC",)),
)

def _common(ch: str, encoding: str) -> bool:
    """Whether `ch` is in the everyday repertoire of `encoding` (its fonts, input
    methods and names): a wrong code page reads bytes as characters of its extensions."""
    if 0xFF61 <= ord(ch) <= 0xFF9F:  # half-width katakana: never in names
        return False
    if encoding == "gb18030":  # GB2312 symbols and level-1 hanzi, before lead byte 0xD8
        encoded = _encoded(ch, "gb2312")
        return encoded is not None and (len(encoded) == 1 or encoded[0] < 0xD8)
    if encoding in ("big5", "big5hkscs"):  # Big5 level 1, before lead byte 0xC9
        encoded = _encoded(ch, "big5")
        return encoded is not None and (len(encoded) == 1 or encoded[0] < 0xC9)
    if encoding == "cp932":  # JIS X 0208 level 1 and kana, before lead byte 0x98
        encoded = _encoded(ch, "cp932")
        return encoded is not None and (len(encoded) == 1 or encoded[0] < 0x98)
    if encoding == "cp949":  # the 2,350 Hangul syllables of KS X 1001; Hanja is rare
        return _script(ch) != "cjk" and _bytes_in(ch, "euc_kr") in (1, 2)
    return True


def _encoded(ch: str, encoding: str) -> bytes | None:
    try:
        return ch.encode(encoding)
    except UnicodeEncodeError:
        return None


def _bytes_in(ch: str, encoding: str) -> int:
    encoded = _encoded(ch, encoding)
    return 0 if encoded is None else len(encoded)


def describe_choices(candidates: Sequence[str]) -> tuple[str, ...]:
    """`candidates` as canonical codec names, without repeats."""
    return tuple(dict.fromkeys(_canonical(name) for name in candidates))
