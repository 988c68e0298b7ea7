"""How values read on paper and in cells: names, points, winds, times, safe text.

Only formatting lives here: every number comes from a read model as it stands. The words
are those of `tournament_manager.words`: the tables hold `N_` markers, said with `_` where
a document is laid out, in the process's language.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime
from fractions import Fraction
from typing import Any

from tournament_manager.domain.model import (
    HandResult,
    PenaltyReason,
    Player,
    PlayerKind,
    PlayerStatus,
    SheetCorrection,
    WinType,
)
from tournament_manager.domain.settings import PenaltyMode, RoundKind
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.standings import RoundWaiting, Standings, StandingsRow
from tournament_manager.services.views import SheetView
from tournament_manager.words import N_, _, n_

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")

_FOLDS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ł": "l",
                       "þ": "th"})

WIND_NAMES = {Wind.E: N_("East"), Wind.S: N_("South"), Wind.W: N_("West"),
              Wind.N: N_("North")}
WIND_HANZI = {Wind.E: "東", Wind.S: "南", Wind.W: "西", Wind.N: "北"}

WIN_TYPE_TEXT = {
    WinType.SELF_DRAW: N_("Self-draw"),
    WinType.DISCARD: N_("Discard"),
    WinType.ROBBING_KONG: N_("Robbing kong"),
    WinType.WIN_ON_KONG: N_("Win on kong"),
}
RESULT_TEXT = {HandResult.WIN: N_("Win"), HandResult.DRAW: N_("Draw"),
               HandResult.VOID: N_("Void")}
REASON_TEXT = {
    PenaltyReason.TIME: N_("Time"),
    PenaltyReason.TIME_WARNING: N_("Time warning"),
    PenaltyReason.FALSE_WIN: N_("False win"),
    PenaltyReason.WRONG_CLAIM: N_("Wrong claim"),
    PenaltyReason.DEAD_HAND: N_("Dead hand"),
    PenaltyReason.PENALTY_TILES: N_("Penalty tiles"),
    PenaltyReason.BEHAVIOUR: N_("Behaviour"),
    PenaltyReason.OTHER: N_("Other"),
}
ROUND_KIND_TEXT = {
    RoundKind.PRELIMINARY: N_("preliminary"),
    RoundKind.ELIMINATION: N_("elimination"),
    RoundKind.FINAL: N_("final"),
}
PLAYER_KIND_TEXT = {PlayerKind.REGULAR: N_("regular"), PlayerKind.SUBSTITUTE: N_("substitute")}
PLAYER_STATUS_TEXT = {PlayerStatus.ACTIVE: N_("active"), PlayerStatus.WITHDRAWN: N_("withdrawn")}
PENALTY_MODE_TEXT = {PenaltyMode.DEDUCT: N_("deduct"), PenaltyMode.DISTRIBUTE: N_("distribute")}


def said(table: dict[Any, str], key: Any) -> str:
    """`table[key]` in the process's language; the key itself (a stored value) when the
    table does not know it."""
    text = table.get(key)
    return _(text) if text is not None else str(getattr(key, "value", key))


def wind_name(wind: Wind) -> str:
    return _(WIND_NAMES[wind])


def wind_label(wind: Wind) -> str:
    """"東 East"; only "東" where the language's name of the wind is the character."""
    name = wind_name(wind)
    return WIND_HANZI[wind] if name == WIND_HANZI[wind] else f"{WIND_HANZI[wind]} {name}"


def round_text(number: int, kind: RoundKind | str) -> str:
    """"Round 2 (final)"."""
    return _("Round {number} ({kind})").format(number=number, kind=said(ROUND_KIND_TEXT, kind))


def page_text(page: int | str, pages: int | str) -> str:
    """"Page 3 of 12" (also with the workbook's footer codes &P and &N)."""
    return _("Page {page} of {pages}").format(page=page, pages=pages)


def clean(text: object) -> str:
    """`text` without control characters (Excel refuses them; PDFs show them as boxes),
    and with a carriage return as a line feed, the only line break a workbook keeps."""
    return _CONTROL.sub("", str(text).replace("\r\n", "\n").replace("\r", "\n"))


def display_name(player: Player) -> str:
    """The name, followed by the native-script name when there is a different one."""
    name, native = clean(player.name).strip(), clean(player.native_name).strip()
    return f"{name} {native}" if native and native != name else name


def sort_key(text: str) -> tuple[str, str]:
    """Alphabetical order that files "Ørjan" and "Åsa" with the plain letters."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    base = "".join(ch for ch in folded if not unicodedata.combining(ch))
    base = base.translate(_FOLDS)
    return base, text


def signed(points: float | Fraction) -> str:
    """A hand delta: "+90", "-40", "0"."""
    if points == 0:
        return "0"
    return f"+{plain(points)}" if points > 0 else f"-{plain(-points)}"


def plain(points: float | Fraction) -> str:
    """Whole points as such; a share of a distributed penalty with two decimals."""
    value = float(points)
    return f"{value:.0f}" if value.is_integer() else f"{value:.2f}"


def converted(value: float) -> str:
    """A converted score at the spec's two decimals."""
    text = f"{value:.2f}"
    return "0.00" if text == "-0.00" else text


def local_time(moment: datetime | None, with_date: bool = False) -> str:
    if moment is None:
        return ""
    local = moment.astimezone() if moment.tzinfo is not None else moment
    return local.strftime("%Y-%m-%d %H:%M" if with_date else "%H:%M")


def local_naive(moment: datetime) -> datetime:
    """The local wall-clock time of a stored UTC moment to the second, without its zone:
    Excel cells hold neither a zone nor (exactly) microseconds."""
    local = moment.astimezone() if moment.tzinfo is not None else moment
    return local.replace(tzinfo=None, microsecond=0)


def local_date(moment: datetime | None) -> str:
    if moment is None:
        return ""
    local = moment.astimezone() if moment.tzinfo is not None else moment
    return local.strftime("%Y-%m-%d")


# -- the record: what was signed, what was corrected, whether it still verifies ---------

NOT_VERIFIED_BANNER = N_("This record does not verify: see tournament-manager verify")
"""On every page printed from a file whose verification found anything: a printout must
not look as trustworthy as one from an intact file."""
MISMATCH = N_("DOES NOT MATCH SIGNATURES")
HASH_SHOWN = 16
"""Hex characters of a hash printed in running text (enough to compare by eye)."""


PROVISIONAL_BANNER = N_("PROVISIONAL PLAN — not the draw")
"""On every page printed from a session that holds only the round's plan: the plan changes
when the session is drawn, and a list that looks final sends players to the wrong tables."""
PROVISIONAL_NOTE = N_("These tables come from the round's plan. They change when the session "
                      "is drawn and published: do not post or hand out this page as the "
                      "seating.")
PROVISIONAL_MARK = N_("PROVISIONAL")
"""The word across the page, large and faint, that a reader from across the hall sees."""


def seal_text(seal: str) -> str:
    """The audit seal as every footer prints it: it pins the whole history printed from."""
    if not seal:
        return _("audit seal none")
    return _("audit seal {seal}").format(seal=seal[:HASH_SHOWN])


def correction_text(correction: SheetCorrection) -> str:
    """"Corrected v2: reason, 2026-05-02 14:00, head judge Name" (local time)."""
    return _("Corrected v{version}: {reason}, {time}, head judge {judge}").format(
        version=correction.version, reason=clean(correction.reason).strip(),
        time=local_time(correction.opened_at, with_date=True),
        judge=clean(correction.head_judge).strip())


def signed_version(view: SheetView) -> int:
    """The latest version its players signed: the current one once locked, the one before
    while a correction is open."""
    return view.table.sheet_version if view.locked else view.table.sheet_version - 1


def signature_status(view: SheetView) -> str:
    """One word or phrase for a table's signatures, the same on paper and in cells."""
    if view.verified is False:
        return _(MISMATCH)
    if view.verified is None:
        return _("not signed")
    if not view.locked:
        return _("version {version} not signed yet").format(version=view.table.sheet_version)
    return _("verified")


DRAW_MARK = "†"
"""Beside a rank that the recorded draw decided (equal score and raw total)."""


def rank_text(row: StandingsRow, shared: frozenset[int]) -> str:
    """"7", "=7" for a rank the tie-break chain could not separate, "7†" for one the
    recorded draw decided, "–" for no rank."""
    if row.rank is None:
        return "–"
    if row.rank in shared:
        return f"={row.rank}"
    return f"{row.rank}{DRAW_MARK}" if row.placed_by_draw else str(row.rank)


def shared_ranks(table: Standings) -> frozenset[int]:
    """Ranks held by more than one player."""
    seen: set[int] = set()
    shared: set[int] = set()
    for row in table.rows:
        if row.rank is not None:
            (shared if row.rank in seen else seen).add(row.rank)
    return frozenset(shared)


def field_text(table: Standings) -> str:
    """"62 ranked · 2 withdrawn"."""
    return _("{ranked} ranked · {withdrawn} withdrawn").format(ranked=table.ranked,
                                                               withdrawn=table.withdrawn)


def late_entry_text(player: Player) -> str:
    """A late entry's note in the standings: his empty early sessions are not sessions he
    sat out or lost, which the page, the PDF and the workbook left the reader to guess."""
    if player.entered_after is None:
        return ""
    return _("entered after session {session}").format(session=player.entered_after)


def standings_notice(table: Standings) -> str:
    """What the standings must say above their rows, wherever they are shown or printed:
    that they are provisional, or that the round they lead with has not begun; else ""."""
    if table.in_play:
        return provisional_text(table)
    if table.waiting is not None:
        return waiting_text(table.waiting)
    return ""


def waiting_text(waiting: RoundWaiting) -> str:
    """After a fresh-start cut, the projector showed the preliminary winner first at
    "0.00 20†" as if the final had been played; the rows are right (tournament rules §4:
    level scores go by the recorded draw), the heading now says what they are."""
    if waiting.carry == 0:
        return n_("Round {round} has not begun: its {count} player starts level at 0, "
                  "listed in the order of the recorded draw.",
                  "Round {round} has not begun: its {count} players start level at 0, "
                  "listed in the order of the recorded draw.",
                  waiting.players).format(round=waiting.number, count=waiting.players)
    return n_("Round {round} has not begun: its {count} player stands at what he carried "
              "into it ({percent}% of his total).",
              "Round {round} has not begun: its {count} players stand at what they carried "
              "into it ({percent}% of their totals).",
              waiting.players).format(round=waiting.number, count=waiting.players,
                                      percent=f"{waiting.carry * 100:g}")


def provisional_text(table: Standings) -> str:
    """Standings shown or printed while a session is played must not pass for final ones:
    the players of tables not started count as level (0 in match points, 1.75 in MCR's
    table points shared four ways: "stands at 0" was false there), in the order of their
    recorded draw. The Standings page says it in these words too."""
    return n_("Provisional: session {sessions} is not finished; its scores so far are "
              "counted, and the four players of a table that has not played yet count as "
              "level.",
              "Provisional: sessions {sessions} are not finished; their scores so far are "
              "counted, and the four players of a table that has not played yet count as "
              "level.",
              len(table.in_play)).format(sessions=", ".join(map(str, table.in_play)))
