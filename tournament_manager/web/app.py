"""The table-side web application (Starlette): JSON endpoints on the services, and one
page of plain HTML and JavaScript served from the package (no build step, no CDN).

A table logs in with its code and gets a signed session cookie naming its table, and a
CSRF token that every change must send back in `X-CSRF-Token`. Every act goes through
the same services as the window, audited as "Table N (table-side)", and carries the
sheet's content hash as the page showed it (`seen`): a hand entered at another station
meanwhile refuses it in words. Wrong codes are counted per client and refused for a
while after too many."""

from __future__ import annotations

import base64
import json
import logging
import secrets
import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from tournament_manager.application.events import EventError
from tournament_manager.domain.model import HandResult, StageStatus, Win, WinType
from tournament_manager.exports.text import REASON_TEXT, said
from tournament_manager.messages.documents import describe as describe_document
from tournament_manager.messages.hand_errors import describe_hand_problem
from tournament_manager.messages.patterns import pattern_name
from tournament_manager.messages.services import describe as describe_service
from tournament_manager.messages.stations import said_actor
from tournament_manager.rules.calculator_input import (
    FLAGS,
    CalculatorInput,
    hand_object,
    shown_hand_object,
)
from tournament_manager.rules.hand_json import (
    evaluate_hand,
    evaluate_shown_hand,
    report_to_json,
    shown_report_to_json,
)
from tournament_manager.rules.registry import get_rule_set
from tournament_manager.rules.result import ScoredPattern
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.clock import SessionClock, session_clock
from tournament_manager.services.double_entry import (
    EntryState,
    submit_entry,
    table_entry_state,
)
from tournament_manager.services.errors import ServiceError
from tournament_manager.services.ports import NotFound, UnitOfWork
from tournament_manager.services.score_sheets import (
    HandEntry,
    preview_hand,
    replace_hand,
    sign_sheet,
)
from tournament_manager.services.views import SheetView, sheet_view
from tournament_manager.web.body_limit import BodyLimit
from tournament_manager.web.codes import TableCodes, TableKey
from tournament_manager.web.page_words import (
    SpeakingMiddleware,
    limit_text,
    page_words,
    seat_mark,
)
from tournament_manager.words import N_, _, current_language

MAX_WRONG_CODES = 8
WRONG_CODE_WINDOW_SECONDS = 300.0
"""A client that types this many wrong codes within this time waits until it passes."""
MAX_PNG_BYTES = 512 * 1024
log = logging.getLogger(__name__)
HAND_UNREADABLE = N_("this hand cannot be read: {error}")
"""{error}: `_what_was_wrong`, in words, never Python's own message."""
SIGNATURE_UNREADABLE = N_("this signature cannot be read: {error}")
NOT_THE_TABLES = "not_the_tables"
"""The code of a refusal because the sheet, or its last hand, is no longer the table's to
change (the head judge's now): the page leaves "Change the last hand" then."""
READER = "table-side"
"""The actor of the units of work that only read (nothing of theirs reaches the audit)."""


@dataclass
class Guard:
    """Wrong codes per client, for the rate limit."""

    clock: Callable[[], float] = time.monotonic
    wrong: dict[str, deque[float]] = field(default_factory=lambda: defaultdict(deque))

    def blocked(self, client: str) -> bool:
        attempts = self.wrong[client]
        while attempts and self.clock() - attempts[0] > WRONG_CODE_WINDOW_SECONDS:
            attempts.popleft()
        return len(attempts) >= MAX_WRONG_CODES

    def failed(self, client: str) -> None:
        self.wrong[client].append(self.clock())


def _problem(text: str, status: int, code: str | None = None) -> JSONResponse:
    """A refusal in words; `code` (a service's problem) lets the page tell a hand that
    arrived before (its number taken) from one the record refuses."""
    body = {"problem": text} if code is None else {"problem": text, "code": code}
    return JSONResponse(body, status_code=status)


async def _unreachable(_request: Request, error: Exception) -> Response:
    """The event cannot be read or written now (the database server down, the file gone):
    503 in words, which the page takes as "not now" and keeps a hand for later, never a
    bare 500 that it cannot read."""
    assert isinstance(error, EventError)
    log.warning("table-side request while the event is unreachable: %s", error.problem.value)
    return _problem(describe_document(error), 503, error.problem.value)


def _entries(state: EntryState | None, next_number: int) -> dict[str, Any]:
    """The next hand's entries at a double-entry event: who typed what, and whether the
    last two differed (the page shows both, so the table sees what did not match)."""
    if state is None:
        return {"waiting": [], "disagreement": None}
    waiting = [{"entrant_id": e.entrant_id, "typist": e.typist, "hand": json.loads(e.content)}
               for e in state.waiting if e.hand_number == next_number]
    differed = [{"entrant_id": e.entrant_id, "typist": e.typist,
                 "hand": json.loads(e.content)}
                for e in state.last_disagreement if e.hand_number == next_number]
    return {"waiting": waiting, "disagreement": differed or None}


def _clock(clock: SessionClock | None, table: int) -> dict[str, Any] | None:
    """The session clock as the table's own (its extra time included): the page counts
    down from `seconds_left` itself and is set right at every refresh."""
    if clock is None or clock.state.started_at is None:
        return None
    return {"seconds_left": round(clock.seconds_left(datetime.now(UTC), table)),
            "paused": clock.state.paused}


def _state(view: SheetView, csrf: str, entries: EntryState | None = None,
           clock: SessionClock | None = None) -> dict[str, Any]:
    """What a table's page shows: the players in their starting seats, every hand with
    its payments, the next hand's dealer, and what has been signed."""
    players = [{"id": p.id, "name": p.name, "seat": seat_mark(wind)}
               for wind, p in zip(Wind, view.players, strict=False)]
    next_number = max((row.hand.number for row in view.rows), default=0) + 1
    seating = view.seating(next_number)
    rule_set = get_rule_set(view.tournament.settings.rule_set)
    return {
        "tournament": view.tournament.name,
        "session": view.session.number,
        "table": view.table.number,
        "players": players,
        "hands": [{"number": row.hand.number, "result": row.hand.result.value,
                   "deltas": list(row.deltas), "running": list(row.running)}
                  for row in view.rows],
        "next_hand": None if view.complete or view.locked else next_number,
        "dealer_id": seating.dealer_id if seating is not None else None,
        "winds": ({str(player): wind.value for player, wind in seating.seat_of.items()}
                  if seating is not None else {}),
        "totals": list(view.hand_totals),
        "raw_totals": [float(points) for points in view.raw_totals],
        "penalties": [{"player_id": p.player_id, "points": p.points,
                       "reason": said(REASON_TEXT, p.reason), "hand": p.hand_number}
                      for p in view.penalties],
        "complete": view.complete,
        "locked": view.locked,
        "signed": [s.signature.player_id for s in view.signatures if s.current],
        "seen": view.content_hash,
        "csrf": csrf,
        "clock": _clock(clock, view.table.number),
        "double_entry": view.tournament.settings.double_entry,
        "round_wind_and_flowers": rule_set.uses_round_wind_and_flowers,
        "every_hand": rule_set.settles_every_hand,
        "immunity": rule_set.same_turn_immunity,
        "several_claims": rule_set.several_claims,
        **_entries(entries, next_number),
    }


class TableSide:
    """The application over one open event (a file or a server event)."""

    def __init__(self, unit_of_work: Callable[[str], UnitOfWork], codes: TableCodes,
                 secret_key: str | None = None, guard: Guard | None = None) -> None:
        self._unit_of_work = unit_of_work
        self.codes = codes
        self.guard = guard or Guard()
        routes = [
            Route("/", self.page),
            Route("/api/login", self.login, methods=["POST"]),
            Route("/api/table", self.table, methods=["GET"]),
            Route("/api/hands", self.hand, methods=["POST"]),
            Route("/api/preview", self.preview, methods=["POST"]),
            Route("/api/score", self.score, methods=["POST"]),
            Route("/api/last-hand", self.change_last, methods=["PUT"]),
            Route("/api/sign", self.sign, methods=["POST"]),
        ]
        middleware = [Middleware(SpeakingMiddleware), Middleware(BodyLimit),
                      Middleware(SessionMiddleware,
                                 secret_key=secret_key or secrets.token_urlsafe(32),
                                 session_cookie="table", same_site="strict",
                                 https_only=False, max_age=12 * 3600)]
        self.app = Starlette(routes=routes, middleware=middleware,
                             exception_handlers={EventError: _unreachable})

    # -- which table -------------------------------------------------------------------
    def code_of(self, session_id: int, table_id: int) -> str:
        return self.codes.code(TableKey(session_id, table_id))

    def table_codes(self) -> list[tuple[int, int, str]]:
        """(session number, table number, code) of every table now being played: what
        the head judge reads out, shows or prints."""
        with self._unit_of_work(READER) as uow:
            running = [s for s in uow.sessions.list() if s.status is StageStatus.RUNNING]
            return sorted((s.number, t.number, self.code_of(s.id, t.id)) for s in running
                          for t in uow.tables.list(session_id=s.id))

    def _find_table(self, typed: str) -> tuple[int, int] | None:
        with self._unit_of_work(READER) as uow:
            for session in uow.sessions.list():
                if session.status is not StageStatus.RUNNING:
                    continue  # a code stops working when its session is over
                for table in uow.tables.list(session_id=session.id):
                    if self.codes.matches(typed, TableKey(session.id, table.id)):
                        return session.id, table.id
        return None

    def _logged_in(self, request: Request) -> tuple[int, int] | Response:
        table_id, session_id = request.session.get("table_id"), request.session.get("session")
        if not isinstance(table_id, int) or not isinstance(session_id, int):
            return _problem(_("type your table's code first"), 401)
        with self._unit_of_work(READER) as uow:
            try:
                session = uow.sessions.get(session_id)
            except NotFound:
                session = None
        if session is None or session.status is not StageStatus.RUNNING:
            request.session.clear()
            return _problem(_("this table's session is over: its code no longer works"), 403)
        return session_id, table_id

    def _changing(self, request: Request) -> tuple[int, int] | Response:
        """A change may come only from the page the table was given: its CSRF token."""
        known = self._logged_in(request)
        if isinstance(known, Response):
            return known
        token = request.session.get("csrf", "")
        sent = request.headers.get("x-csrf-token", "")
        if not token or not secrets.compare_digest(str(token), sent):
            return _problem(_("this page is out of date: reload it"), 403)
        return known

    # -- endpoints ---------------------------------------------------------------------
    async def page(self, _request: Request) -> Response:
        """The page, with its words in the phone's language (`page_words`)."""
        html = resources.files("tournament_manager.web.static").joinpath("table.html")
        return HTMLResponse(_in_language(html.read_text(encoding="utf-8")),
                            headers={"Content-Security-Policy": "default-src 'self'; "
                                     "script-src 'self' 'unsafe-inline'; "
                                     "style-src 'self' 'unsafe-inline'; img-src 'self' data:"})

    async def login(self, request: Request) -> Response:
        client = request.client.host if request.client else "?"
        if self.guard.blocked(client):
            return _problem(_("too many wrong codes from this device: wait a few minutes, "
                              "or ask the head judge"), 429)
        try:
            body = await request.json()
        except (ValueError, RecursionError):  # RecursionError: JSON nested past reading
            body = None
        if not isinstance(body, dict):  # not JSON, or JSON of another shape (a list)
            return _problem(_("send the code as JSON: {example}").format(
                example='{"code": "…"}'), 400)
        typed = str(body.get("code", ""))
        found = self._find_table(typed)
        if found is None:
            self.guard.failed(client)
            return _problem(_("no table of a running session has this code"), 401)
        request.session.clear()
        request.session.update({"session": found[0], "table_id": found[1],
                                "csrf": secrets.token_urlsafe(24)})
        return self._view(request, found[1])

    async def table(self, request: Request) -> Response:
        known = self._logged_in(request)
        if isinstance(known, Response):
            return known
        return self._view(request, known[1])

    def _view(self, request: Request, table_id: int) -> Response:
        view = sheet_view(self._unit_of_work(READER), table_id)
        request.session["table_number"] = view.table.number
        entries = (table_entry_state(self._unit_of_work(READER), table_id)
                   if view.tournament.settings.double_entry else None)
        clock = session_clock(self._unit_of_work(READER), view.session.id)
        return JSONResponse(_state(view, str(request.session.get("csrf", "")), entries, clock))

    def _entered_by(self, hand_id: int) -> str | None:
        """Who last wrote hand `hand_id`, as the audit log names him (None if unknown)."""
        with self._unit_of_work(READER) as uow:
            entries = uow.audit.list(entity="hand", entity_id=hand_id)
        return max(entries, key=lambda e: e.id or 0).actor if entries else None

    def _head_judges(self, table_id: int) -> Response | None:
        """A sheet the head judge has opened for a correction is his alone until it is
        signed again at the desk: a hand or a signature from the table's page would be
        filed under his correction, as if he had made it."""
        view = sheet_view(self._unit_of_work(READER), table_id)
        if view.corrections and not view.locked:
            return _problem(_("the head judge is correcting this sheet: only he changes it, "
                              "and the players sign it again at the desk"), 409, NOT_THE_TABLES)
        return None

    def _typed_elsewhere(self, table_id: int, body: object) -> Response | None:
        """A hand says which table and session it was typed for (the page sends both): a
        hand that waited on a phone while it was logged in anew for another table is
        refused, never entered on this table's sheet under its number."""
        if not isinstance(body, dict) or ("table" not in body and "session" not in body):
            return None
        view = sheet_view(self._unit_of_work(READER), table_id)
        typed = (body.get("session", view.session.number), body.get("table", view.table.number))
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in typed):
            return _problem(_("this cannot be read: {error}").format(
                error=_("it is not in the form the page sends")), 400)
        if typed == (view.session.number, view.table.number):
            return None
        return _problem(_("this was typed for table {table} of session {session}, and this "
                          "page is table {here} of session {here_session}: type that table's "
                          "code to send it").format(
                              table=typed[1], session=typed[0], here=view.table.number,
                              here_session=view.session.number), 409, "other_table")

    @staticmethod
    def _actor(request: Request) -> str:
        """How the audit log names a table's acts: "Table 7 (table-side)"."""
        return f"Table {request.session.get('table_number', '?')} (table-side)"

    async def _act(self, request: Request, unreadable: str,
                   read: Callable[[dict[str, Any]], Any],
                   do: Callable[[Request, int, Any], Response | None]) -> Response:
        """One change from a table's page: its token checked, its JSON read by `read`
        (refused with 400 in the words of `unreadable`, marked `N_`, when it cannot be), `do`
        run with the table's id (a service's refusal is 409 in the service's words); then the
        sheet as it is."""
        known = self._changing(request)
        if isinstance(known, Response):
            return known
        table_id = known[1]
        try:
            body = await request.json()
            parsed = read(body)
        except (ValueError, KeyError, TypeError, AttributeError, OverflowError,
                RecursionError) as error:
            return _problem(_(unreadable).format(error=_what_was_wrong(error)), 400)
        if isinstance(parsed, Response):
            return parsed
        elsewhere = self._typed_elsewhere(table_id, body)
        if elsewhere is not None:
            return elsewhere
        try:
            answer = do(request, table_id, parsed)
        except ServiceError as error:
            return _problem(describe_service(error), 409, error.problem.value)
        return answer if answer is not None else self._view(request, table_id)

    async def hand(self, request: Request) -> Response:
        def read(body: dict[str, Any]
                 ) -> tuple[HandEntry, int | None, str | None, int | None] | Response:
            seen = str(body["seen"]) if body.get("seen") else None
            number = _whole(body["number"]) if body.get("number") is not None else None
            if seen is None and number is None:
                # Either the sheet as shown, or (a hand queued offline) the hand's own
                # number: sent twice, the second is refused, so it arrives exactly once.
                return _problem(_("this hand says neither the sheet it was typed on nor "
                                  "its number: reload the page"), 400)
            entrant = body.get("entrant_id")
            return _entry(body), number, seen, _whole(entrant) if entrant is not None else None

        def do(request: Request, table_id: int,
               parsed: tuple[HandEntry, int | None, str | None, int | None]
               ) -> Response | None:
            held = self._head_judges(table_id)
            if held is not None:
                return held
            entry, number, seen, entrant = parsed
            submit_entry(self._unit_of_work(self._actor(request)), table_id, entry, entrant,
                         number, seen=seen)
            return None

        return await self._act(request, HAND_UNREADABLE, read, do)

    async def preview(self, request: Request) -> Response:
        """Every player's payment for the hand as typed, before it is saved."""
        def do(_request: Request, table_id: int, entry: HandEntry) -> Response:
            hand = preview_hand(self._unit_of_work(READER), table_id, entry)
            return JSONResponse({"deltas": {str(player): delta
                                            for player, delta in hand.deltas}})

        return await self._act(request, HAND_UNREADABLE, _entry, do)

    async def score(self, request: Request) -> Response:
        """The calculator: a hand of tiles scored by the event's rule set, exactly as the
        `score` command and the window's calculator score it (nothing is stored)."""
        def read(body: dict[str, Any]) -> tuple[CalculatorInput, bool]:
            flags = body.get("flags") or []
            prevalent = body.get("prevalent_wind")
            return CalculatorInput(
                concealed=str(body.get("concealed", "")), melds=str(body.get("melds", "")),
                winning_tile=str(body.get("winning_tile", "")),
                self_draw=bool(body.get("self_draw")), seat=str(body.get("seat", "E")),
                discarder=str(body.get("discarder") or ""),
                flags={str(flag) for flag in flags if str(flag) in FLAGS},
                prevalent_wind=str(prevalent) if prevalent else None,
                flowers=_whole(body.get("flowers") or 0)), bool(body.get("shown"))

        def do(_request: Request, table_id: int, read: tuple[CalculatorInput, bool]
               ) -> Response:
            given, shown = read
            settings = sheet_view(self._unit_of_work(READER), table_id).tournament.settings
            rule_set = get_rule_set(settings.rule_set)
            options = rule_set.validate_options(settings.rule_options)
            if not rule_set.uses_round_wind_and_flowers:
                given.prevalent_wind = None
            elif given.prevalent_wind is None:
                given.prevalent_wind = "E"
            if shown:  # a loser's shown hand, where every hand scores (classical)
                if not rule_set.settles_every_hand:
                    return _problem(_("under these rules only the winner's hand is scored"),
                                    400)
                return JSONResponse(_worded(settings.rule_set, shown_report_to_json(
                    evaluate_shown_hand(shown_hand_object(given), rule_set, options),
                    describe_hand_problem)))
            report = evaluate_hand(hand_object(given), rule_set, options)
            return JSONResponse(_worded(settings.rule_set,
                                        report_to_json(report, describe_hand_problem)))

        return await self._act(request, HAND_UNREADABLE, read, do)

    async def change_last(self, request: Request) -> Response:
        """The last hand typed again, until the next hand is on the sheet (a table that
        sees its mistake at once); earlier hands are the head judge's to change."""
        def do(request: Request, table_id: int, parsed: tuple[HandEntry, str]
               ) -> Response | None:
            entry, seen = parsed
            held = self._head_judges(table_id)
            if held is not None:
                return held
            view = sheet_view(self._unit_of_work(READER), table_id)
            if any(s.current for s in view.signatures):
                return _problem(_("players have signed this sheet: only the head judge "
                                  "changes its hands now"), 409, NOT_THE_TABLES)
            if view.tournament.settings.double_entry:
                return _problem(_("two players checked the hands on this sheet: only the "
                                  "head judge changes them now"), 409, NOT_THE_TABLES)
            if not view.rows:
                return _problem(_("no hand is on the sheet yet"), 409, NOT_THE_TABLES)
            last = max(view.rows, key=lambda row: row.hand.number).hand
            by = self._entered_by(last.id)
            if by is not None and by != self._actor(request):
                # Typed at the desk (or by the head judge): the table does not overwrite it.
                return _problem(_("hand {hand} was entered by {by}: only the head judge "
                                  "changes it now").format(hand=last.number,
                                                           by=said_actor(by)), 409,
                                NOT_THE_TABLES)
            replace_hand(self._unit_of_work(self._actor(request)), last.id, entry, seen=seen)
            return None

        return await self._act(request, HAND_UNREADABLE,
                               lambda body: (_entry(body), str(body["seen"])), do)

    async def sign(self, request: Request) -> Response:
        def read(body: dict[str, Any]) -> tuple[int, bytes, str] | Response:
            # A bad encoding raises binascii.Error, a ValueError: read as unreadable.
            png = base64.b64decode(str(body["png"]), validate=True)
            if not png.startswith(b"\x89PNG") or len(png) > MAX_PNG_BYTES:
                return _problem(_("a signature is a PNG image drawn on the page"), 400)
            return _whole(body["player_id"]), png, str(body["seen"])

        def do(request: Request, table_id: int, parsed: tuple[int, bytes, str]
               ) -> Response | None:
            held = self._head_judges(table_id)
            if held is not None:
                return held
            player_id, png, seen = parsed
            sign_sheet(self._unit_of_work(self._actor(request)), table_id, player_id, png,
                       seen=seen)
            return None

        return await self._act(request, SIGNATURE_UNREADABLE, read, do)


def _in_language(html: str) -> str:
    """The page's `lang` and its dictionary of words (JSON in its script, where the page
    has `/*WORDS*/null`), for the language the request speaks."""
    language = current_language()
    words = json.dumps(page_words(), ensure_ascii=False).replace("</", "<\\/")
    return (html.replace('<html lang="en">', f'<html lang="{language.value.replace("_", "-")}">')
            .replace("/*WORDS*/null", words))


def _worded(rule_set_id: str, report: dict[str, Any]) -> dict[str, Any]:
    """The calculator's JSON (the `score` command's, whose pattern names are English by
    contract) with each pattern's name in the page's language and its limit in words."""
    rule_set = get_rule_set(rule_set_id)
    for pattern in report.get("patterns") or ():
        pattern["name"] = pattern_name(rule_set_id, str(pattern["id"]), str(pattern["name"]))
        pattern["points_text"] = rule_set.points_text(ScoredPattern(
            str(pattern["id"]), str(pattern["name"]), int(pattern["points"])))
    if "limit" in report:
        report["limit_text"] = limit_text(str(report["limit"]))
    return report


def _entry(body: dict[str, Any]) -> HandEntry:
    """A hand as the page sends it: {"result": "win"|"draw", "win_type": "discard"|
    "self_draw", "discarder_id": id, "winners": [{"player_id": id, "value": n}],
    "responsible_id": id|null, "points": {id: n}}; `responsible_id`, when the key is there,
    is who pays as discarder under same-turn immunity (null: nobody, the winner threw the
    tile first); `points`, where every hand scores (classical), each player's own points."""
    result = HandResult(str(body["result"]))
    if result is HandResult.DRAW:
        return HandEntry(HandResult.DRAW)
    win_type = WinType(str(body["win_type"]))
    discarder = body.get("discarder_id")
    discarder_id = _whole(discarder) if discarder is not None else None
    responsible_id = discarder_id
    if "responsible_id" in body:
        responsible = body["responsible_id"]
        responsible_id = _whole(responsible) if responsible is not None else None
    wins = tuple(Win(_whole(w["player_id"]), _whole(w["value"]), responsible_id)
                 for w in body["winners"])
    points = body.get("points") or {}
    return HandEntry(result, win_type, discarder_id, wins,
                     player_points=tuple((int(str(player)), _whole(value))
                                         for player, value in dict(points).items()))


def _whole(value: object) -> int:
    """A number the page sends as a whole JSON number: 30.7, "30" and true (which Python
    reads as 1) are refused, not rounded or counted."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("not a whole number")
    return value


def _what_was_wrong(error: Exception) -> str:
    """A request the page would never send (a field missing, text where a number goes),
    said in words: "invalid literal for int() with base 10: 'x'" means nothing at a
    table, and Python's wording is logged, not shown."""
    log.info("unreadable table-side request: %r", error)
    if isinstance(error, KeyError) and error.args:
        return _("{field} is missing").format(field=error.args[0])
    if isinstance(error, json.JSONDecodeError):  # a ValueError: not JSON at all
        return _("it is not JSON, as the page sends it")
    if isinstance(error, RecursionError):
        return _("it is not in the form the page sends")
    if isinstance(error, (ValueError, TypeError)):
        return _("a number or a choice is not one the page offers")
    return _("it is not in the form the page sends")
