"""Wording for requests the services refuse."""

from __future__ import annotations

from typing import cast

from tournament_manager.domain.settings import SettingsProblem
from tournament_manager.messages.hand_errors import describe_settlement_error
from tournament_manager.messages.stations import said_actor
from tournament_manager.rules.errors import SettlementErrorCode, ValueProblem
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.ports import NotFound
from tournament_manager.words import N_, Nn_, _, n_

_SETTINGS = {
    SettingsProblem.NO_ROUNDS: N_("the format has no round"),
    SettingsProblem.HANDS_NOT_CYCLES: N_("hands per session must be a positive multiple of 4"),
    SettingsProblem.TIME_LIMIT_NOT_POSITIVE: N_("the session time limit must be positive"),
    SettingsProblem.ROUND_WITHOUT_SESSIONS: N_("every round needs at least one session"),
    SettingsProblem.ADVANCE_NOT_TABLES: N_("a cut must keep a positive multiple of 4 players"),
    SettingsProblem.ADVANCE_NOT_SHRINKING: N_(
        "each cut must keep fewer players than the one before"
    ),
    SettingsProblem.CARRY_OUT_OF_RANGE: N_("the carried fraction must be between 0 and 1"),
    SettingsProblem.UNKNOWN_KEEP_APART: N_(
        "players can be kept apart by club, country or team only"
    ),
    SettingsProblem.NEGATIVE_FALSE_WIN: N_("the false-win penalty cannot be negative"),
}

_TEMPLATES: dict[ServiceProblem, str | tuple[str, str]] = {
    ServiceProblem.NO_TOURNAMENT: N_("the file holds no tournament yet"),
    ServiceProblem.TOURNAMENT_EXISTS: N_("the file already holds a tournament"),
    ServiceProblem.EMPTY_NAME: N_("a name cannot be empty"),
    ServiceProblem.TEXT_TOO_LONG: N_(
        "{field} is {length} characters long: at most {limit} fit on the sheets, cards and "
        "lists"
    ),
    ServiceProblem.REGISTRATION_NUMBER_TAKEN: N_(
        "registration number {number} is {name}'s already: each player needs his own"
    ),
    ServiceProblem.UNKNOWN_PLAYER: N_("no player {player}"),
    ServiceProblem.PLAYER_NOT_AT_TABLE: N_("not at this table: player {players}"),
    ServiceProblem.ENTRANT_REQUIRED: (
        N_("two players type each hand at this event: say which player typed this one")
    ),
    ServiceProblem.PLAYER_SEATED_TWICE: N_("player {player} already sits at another table"),
    ServiceProblem.TABLE_NOT_FOUR: N_("table {table} needs four different players"),
    ServiceProblem.SHEET_LOCKED: (
        N_("the sheet of table {table} is signed and locked; the head judge can correct it")
    ),
    ServiceProblem.HAND_NUMBER_TAKEN: N_("hand {hand} is already on the sheet"),
    ServiceProblem.DELTAS_NOT_ZERO_SUM: N_("the scores of hand {hand} do not add up to zero"),
    ServiceProblem.WIN_WITHOUT_WINNER: N_("hand {hand} is a win: name the winner"),
    ServiceProblem.WINNER_IN_DRAWN_HAND: N_("hand {hand} is not a win: it has no winner"),
    ServiceProblem.HAND_NOT_SETTLEABLE: N_("hand {hand} cannot be paid out: {reason}"),
    ServiceProblem.HAND_OUT_OF_SESSION: N_(
        "a session has hands 1 to {hands}; there is no hand {hand}"
    ),
    ServiceProblem.SESSION_DEALS_DONE: (
        N_(
            "the session ended after hand {last}, when every player had dealt {times} times; "
            "there is no hand {hand}"
        )
    ),
    ServiceProblem.CARDS_NOT_IN_FORMAT: (
        N_(
            "this event keeps one score sheet per table: it has no player cards (Settings ▸ "
            "Score record)"
        )
    ),
    ServiceProblem.CARDS_MISSING: (
        N_(
            "session {session} cannot close yet: table {table} still needs the player card of "
            "{players}"
        )
    ),
    ServiceProblem.CARDS_UNSIGNED: (
        N_(
            "session {session} cannot close yet: at table {table} the card of {players} is not "
            "signed by the three opponents"
        )
    ),
    ServiceProblem.CARDS_DISAGREE: (
        N_(
            "session {session} cannot close yet: at table {table} the card of {players} differs "
            "from the sheet at hand {hands}"
        )
    ),
    ServiceProblem.STOPPED_ON_TIME: (
        N_("play at table {table} stopped on time; hand {hand} is not scored")
    ),
    ServiceProblem.NEGATIVE_PENALTY: N_("a penalty cannot be negative ({points})"),
    ServiceProblem.TIME_PENALTY_WITHOUT_POINTS: N_(
        "a time penalty of 0 points penalises nothing: give its points (the time over), "
        "or record a time warning"),
    ServiceProblem.PENALTY_HAND_NOT_PLAYED: N_(
        "a penalty names a hand played or the hand in play (1 to {latest}), not hand {hand}"
    ),
    ServiceProblem.FALSE_WINNER_WINS: N_(
        "{name} declared a false win in hand {hand}: his hand is dead, so he cannot win it"
    ),
    ServiceProblem.SHEET_INCOMPLETE: (
        N_("the sheet of table {table} is not complete: enter every hand (or stop on time) first")
    ),
    ServiceProblem.EMPTY_SIGNATURE: N_("the signature is empty"),
    ServiceProblem.HEAD_JUDGE_ONLY: N_("only the head judge can do this"),
    ServiceProblem.REASON_REQUIRED: (
        N_(
            "give the reason in a few words (at least {minimum} characters): it goes on the "
            "record and on the printed sheet"
        )
    ),
    ServiceProblem.SHEET_NOT_LOCKED: N_("the sheet of table {table} is not signed yet"),
    ServiceProblem.NO_NEXT_ROUND: N_("round {round} is the last round: there is nothing to cut to"),
    ServiceProblem.ROUND_HAS_NO_CUT: N_("round {round} has no cut in this format"),
    ServiceProblem.ROUND_NOT_FINISHED: Nn_(
        "round {round} is not finished: session {sessions} remains",
        "round {round} is not finished: sessions {sessions} remain",
    ),
    ServiceProblem.CUT_ALREADY_MADE: N_("the cut after round {round} has already been made"),
    ServiceProblem.IMPORT_ROWS_INVALID: N_("{rows} rows cannot be imported; nothing was imported"),
    ServiceProblem.SESSION_NOT_DRAWN: N_("session {session} has no published table draw yet"),
    ServiceProblem.SESSION_NOT_RUNNING: N_("session {session} is not running"),
    ServiceProblem.WINDS_FIXED: (
        N_(
            "the winds of table {table} for cycle {cycle} cannot change: the cycle has started "
            "or does not exist"
        )
    ),
    ServiceProblem.SHEET_CHANGED_ELSEWHERE: (
        N_(
            "the sheet of table {table} was changed by {by} at {at} since it was shown here; "
            "nothing was done: look at it again as it is now"
        )
    ),
    ServiceProblem.SEED_OUT_OF_RANGE: (
        N_("a draw's seed is a whole number from 0 to {highest}; {seed} is not")
    ),
    ServiceProblem.DRAW_OUTDATED: (
        N_(
            "the field of session {session} changed since this draw was computed (a player "
            "withdrew or was added, or an earlier session was seated again); draw it again"
        )
    ),
    ServiceProblem.PLAYER_CHANGED_MEANWHILE: (
        N_(
            "{name} was changed by {by} at {at} since it was shown here ({changes}); "
            "nothing was written over it: do it again if yours must stand"
        )
    ),
    ServiceProblem.DRAW_REPLACED_MEANWHILE: (
        N_(
            "the tables of session {session} were changed by {by} at {at} since this draw "
            "was computed (published, swapped or their winds drawn); nothing was published: "
            "look at them as they are now, and draw again if they must change"
        )
    ),
    ServiceProblem.SESSION_ALREADY_STARTED: (
        N_("session {session} has started: its tables can no longer change")
    ),
    ServiceProblem.TOO_FEW_PLAYERS: N_("session {session} has only {players} players to seat"),
    ServiceProblem.PLAYER_NOT_IN_SESSION: N_("player {player} has no seat in this session"),
    ServiceProblem.SHEET_CHANGED_SINCE: (
        N_("the sheet of table {table} has changed since it was signed: it needs new signatures")
    ),
    ServiceProblem.HAND_MISSING_BEFORE: (
        N_("enter hand {missing} first: who deals hand {hand} depends on it")
    ),
    ServiceProblem.NOT_THE_LAST_HAND: (
        N_("only the last hand can be removed: the later hands' dealers depend on hand {hand}")
    ),
    ServiceProblem.EVENT_STARTED: (
        N_("the settings cannot change any more: the first session has been drawn")
    ),
    ServiceProblem.UNKNOWN_RULE_SET: N_("there is no rule set called {rule_set}"),
    ServiceProblem.BAD_RULE_OPTION: N_("the rule setting {key} cannot be {value}"),
    ServiceProblem.PLAYER_HAS_RESULTS: (
        N_("{player} has been seated in the event, so the registration stays on the record "
           "(a player who leaves is withdrawn, not removed)")
    ),
    ServiceProblem.SESSION_NOT_FINISHED: N_("session {session} is not finished"),
    ServiceProblem.ANOTHER_SESSION_RUNNING: N_(
        "session {running} is still being played: finish it before session {session} starts"
    ),
    ServiceProblem.SESSION_SEATS_WITHDRAWN: N_(
        "session {session} seats {players}, who withdrew after it was drawn: draw it again "
        "to seat the players present before it starts"
    ),
    ServiceProblem.SESSION_HAS_HANDS: N_("session {session} already has hands on its sheets"),
    ServiceProblem.NEXT_ROUND_DRAWN: N_("round {round} is already drawn: the cut stays"),
    ServiceProblem.WINDS_NOT_A_DRAW: N_("table {table}: each of the four players needs one wind"),
    ServiceProblem.NO_HEAD_JUDGE_PASSPHRASE: (
        N_(
            "no head judge passphrase is set for this event: set one first (Setup page, or "
            "tournament-manager head-judge FILE)"
        )
    ),
    ServiceProblem.WRONG_PASSPHRASE: N_("that is not the head judge's passphrase"),
    ServiceProblem.PASSPHRASE_TOO_SHORT: (
        N_("the head judge passphrase needs at least {minimum} characters")
    ),
    ServiceProblem.SESSION_NOT_STARTED: (
        N_("session {session} has not started: hands are entered once its clock runs")
    ),
    ServiceProblem.TRANSCRIBER_REQUIRED: (
        N_(
            "say who is typing (Typed by): the record keeps who transcribed each paper sheet "
            "and card"
        )
    ),
    ServiceProblem.ALREADY_SIGNED: N_(
        "player {player} has signed the sheet of table {table} as it stands already"
    ),
    ServiceProblem.SIGNATURE_REUSED: (
        N_(
            "that signature is the same drawing as one given before: each version of the sheet "
            "needs a freshly drawn signature"
        )
    ),
    ServiceProblem.CUT_TIE_UNRESOLVED: (
        N_(
            "the cut after round {round} falls inside a tie the tie-break chain cannot "
            "separate ({players}); the head judge must settle it before the cut"
        )
    ),
    ServiceProblem.CUT_PREVIEW_STALE: (
        N_(
            "the standings of round {round} changed since the cut was previewed: look at the "
            "cut again"
        )
    ),
    ServiceProblem.POSSIBLE_DUPLICATE: (
        N_(
            "{names} may be registered already, or listed twice in what is added (same name "
            "and country); confirm to register them as different players"
        )
    ),
    ServiceProblem.REPICK_NOT_IN_FORMAT: (
        N_(
            "this event picks seats once per session: a new pick at table {table} for cycle "
            "{cycle} needs the head judge"
        )
    ),
    ServiceProblem.NOT_A_SEAT_DRAW: (
        N_("table {table}: that is not a seat draw (four different wind tiles, dice 1 to 6)")
    ),
    ServiceProblem.CLOCK_ALREADY_PAUSED: N_("the clock of session {session} is already paused"),
    ServiceProblem.CLOCK_NOT_PAUSED: N_("the clock of session {session} is not paused"),
    ServiceProblem.BAD_EXTRA_TIME: (
        N_(
            "extra time is a whole number of minutes, at most {most} either way, and never "
            "leaves less than the session's limit ({minutes} was given)"
        )
    ),
    ServiceProblem.NO_SUCH_TABLE: N_("session {session} has no table {table}"),
    ServiceProblem.SHEETS_NOT_SIGNED: Nn_(
        "session {session} cannot close: the sheet of table {tables} is not signed",
        "session {session} cannot close: the sheets of tables {tables} are not signed",
    ),
}


def describe(error: ServiceError) -> str:
    if error.problem is ServiceProblem.HAND_NOT_SETTLEABLE:
        reason = describe_settlement_error(
            SettlementErrorCode(error.details["code"]),
            str(error.details.get("player") or error.details.get("seat") or "") or None,
            cast(ValueProblem | None, error.details.get("value_problem")),
            cast(str | None, error.details.get("rule_set")))
        return _said(error).format(hand=error.details.get("hand"), reason=reason)
    if error.problem is ServiceProblem.BAD_SETTINGS:
        problems = cast(tuple[SettingsProblem, ...], error.details.get("problems", ()))
        return _("; ").join(_(_SETTINGS[problem]) for problem in problems)
    if error.problem is ServiceProblem.TEXT_TOO_LONG:
        field = str(error.details.get("field"))
        return _said(error).format(**{**error.details,
                                      "field": _(_TEXT_FIELDS.get(field, field))})
    if error.problem is ServiceProblem.PLAYER_CHANGED_MEANWHILE:
        by, at = str(error.details.get("by") or ""), str(error.details.get("at") or "")
        changes = cast(tuple[tuple[str, str], ...], error.details.get("changes", ()))
        return _said(error).format(
            name=error.details.get("name"),
            by=said_actor(by) if by else _("another station"), at=at or _("a moment ago"),
            changes=_("; ").join(
                _("{field} is now “{value}”").format(
                    field=_(_TEXT_FIELDS.get(key, key)), value=value) if value else
                _("{field} is now empty").format(field=_(_TEXT_FIELDS.get(key, key)))
                for key, value in changes))
    if error.problem in (ServiceProblem.SHEET_CHANGED_ELSEWHERE,
                         ServiceProblem.DRAW_REPLACED_MEANWHILE):
        # The audit log's actor ("Table 1 (table-side)") in the reader's words; a phone
        # in Chinese read the English actor inside its Chinese sentence.
        by, at = str(error.details.get("by") or ""), str(error.details.get("at") or "")
        return _said(error).format(table=error.details.get("table"),
                                   session=error.details.get("session"),
                                   by=said_actor(by) if by else _("another station"),
                                   at=at or _("a moment ago"))
    return _said(error).format(**{key: _words(value) for key, value in error.details.items()})


_TEXT_FIELDS = {"name": N_("the name"), "native_name": N_("the native name"),
                "registration_id": N_("the registration number"),
                "country": N_("the country"), "club": N_("the club"), "team": N_("the team"),
                "event_name": N_("the event's name"), "venue": N_("the venue")}
"""`domain.player_rows.PlayerField` and `services.text_fields.EVENT_NAME`, `VENUE`, as a
refusal names them."""


def _said(error: ServiceError) -> str:
    """The refusal's template in the language spoken; one in two forms is said for the
    count of its one list of numbers or names ("session 3 remains", "sessions 3 and 4
    remain")."""
    template = _TEMPLATES[error.problem]
    if isinstance(template, str):
        return _(template)
    lists = [value for value in error.details.values()
             if isinstance(value, (list, tuple, set, frozenset))]
    return n_(*template, len(lists[0]) if len(lists) == 1 else 2)


def _words(value: object) -> object:
    """A list of numbers or names as a reader writes it ("1, 2 and 4"), not as Python
    prints it ("[1, 2, 4]")."""
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [str(item) for item in (sorted(value) if isinstance(value, (set, frozenset))
                                        else value)]
        if len(items) < 2:
            return "".join(items)
        return _("{items} and {last}").format(items=_(", ").join(items[:-1]), last=items[-1])
    return value


_ENTITY_NAMES = {
    "player": N_("there is no player {id}"),
    "round": N_("there is no round {id}"),
    "session": N_("there is no session {id}"),
    "session_table": N_("there is no table {id}"),
    "hand": N_("there is no hand {id}"),
    "penalty": N_("there is no penalty {id}"),
}
"""Whole sentences, so that a translation can put the number where its language does."""


def describe_not_found(error: NotFound) -> str:
    if error.entity not in _ENTITY_NAMES:
        return _("there is no {entity} {id}").format(entity=error.entity, id=error.entity_id)
    return _(_ENTITY_NAMES[error.entity]).format(id=error.entity_id)
