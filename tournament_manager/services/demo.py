"""A whole demo event played through the services: the data set for the GUI, the exports
and the benchmarks.

Everything goes through the same use cases a head judge's day does (registration, draws,
seat picks, hands scored by the rule set's calculator, penalties with same-turn immunity
and triple wins among them, signatures, cuts), so the demo doubles as an end-to-end test.
"""

from __future__ import annotations

import dataclasses
import random
import struct
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tournament_manager.domain.model import (
    Hand,
    HandResult,
    PenaltyReason,
    Player,
    SeatAssignment,
    Session,
    Win,
    WinType,
)
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.domain.rotation import cycle_of
from tournament_manager.domain.settings import FinalSeating, SeatPickMode, TournamentSettings
from tournament_manager.rules.hand import WinType as RulesWinType
from tournament_manager.rules.random_hands import random_hand
from tournament_manager.rules.registry import get_rule_set
from tournament_manager.rules.tiles import Wind
from tournament_manager.rules.time_rule import ZUNG_JUNG_TIME
from tournament_manager.services.players import import_players
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.score_sheets import (
    HandEntry,
    Rules,
    add_penalty,
    enter_hand,
    intercepted,
    seatings,
    sheet_is_complete,
    sign_sheet,
)
from tournament_manager.services.seat_picks import simulate_table_seat_pick
from tournament_manager.services.seating import draw_session, publish_draw
from tournament_manager.services.sessions import finish_session, start_session
from tournament_manager.services.standings import make_cut
from tournament_manager.services.tournaments import create_tournament

UnitOfWorkFactory = Callable[[], UnitOfWork]
DemoProgress = Callable[[str, int, int], None]
"""(what, done, total): a session's number among all sessions, for a progress bar."""

GIVEN = ("Ørjan", "Åsa", "Zoë", "José", "Amélie", "Łukasz", "Anna", "Ben", "Chloé", "Dmitri",
         "Emma", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kai", "Lena", "Mateo", "Nora")
FAMILY = ("Åsmund", "Ñúñez", "Dvořák", "Müller", "Kowalski", "Rossi", "Smith", "Dubois",
          "Novak", "Jensen", "Silva", "Costa", "Berg", "Weiß", "Horváth", "O'Brien")
CJK = (("王小明", "Wang Xiaoming", "CN"), ("佐藤 花子", "Sato Hanako", "JP"),
       ("陳大文", "Chan Tai Man", "HK"), ("김민준", "Kim Minjun", "KR"),
       ("林美玲", "Lin Meiling", "TW"), ("鈴木 一郎", "Suzuki Ichiro", "JP"))
COUNTRIES = ("DK", "NO", "SE", "FR", "DE", "NL", "CZ", "PL", "ES", "IT", "GB", "AU", "US")
DRAW_TIME_LIMIT = 5.0


@dataclass(frozen=True)
class DemoSummary:
    players: int
    sessions: int
    hands: int
    penalties: int
    cuts: tuple[int, ...]


def demo_players(count: int, rng: random.Random) -> list[Player]:
    """A field with Chinese, Japanese, Korean and accented Latin names, in a few clubs."""
    players = []
    for index in range(count):
        if index % 5 == 0:
            native, latin, country = CJK[(index // 5) % len(CJK)]
            name = latin if index // 5 < len(CJK) else f"{latin} {index}"
        else:
            native, country = "", rng.choice(COUNTRIES)
            name = f"{rng.choice(GIVEN)} {rng.choice(FAMILY)}"
        players.append(Player(name=name, native_name=native, country=country,
                              registration_id=f"{1000 + index}",
                              club=f"{country} club {rng.randrange(3) + 1}"))
    return players


def scribble_png(rng: random.Random, width: int = 160, height: int = 48) -> bytes:
    """A small greyscale PNG of a random signature stroke (no imaging library needed)."""
    pixels = bytearray(b"\xff" * (width * height))
    x, y = 4.0, height / 2
    for _ in range(400):
        x = min(width - 2.0, x + rng.uniform(0, 0.9))
        y = min(height - 2.0, max(1.0, y + rng.uniform(-2.5, 2.5)))
        pixels[int(y) * width + int(x)] = 0
    rows = b"".join(b"\x00" + bytes(pixels[r * width:(r + 1) * width]) for r in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


class _Table:
    """Plays one table's session: seat picks, hands scored by the calculator, penalties."""

    def __init__(self, uows: UnitOfWorkFactory, table_id: int, rng: random.Random,
                 settings: TournamentSettings) -> None:
        self.uows, self.table_id, self.rng = uows, table_id, rng
        self.per_cycle = settings.seat_pick is SeatPickMode.PER_CYCLE
        self.hands = settings.hands_per_session
        self.rule_set = get_rule_set(settings.rule_set)
        self._players: list[int] = []
        self.options = self.rule_set.validate_options(settings.rule_options)
        self.penalties = 0
        self._seat_rows: Sequence[SeatAssignment] = ()
        self._rules: Rules | None = None
        self._entered: list[Hand] = []
        """The hands on the sheet so far: with the seats, who sits where in the next one
        (`score_sheets.seatings`), without reading the sheet back for every hand."""

    def play(self) -> int:
        """Play the session to its end (its hands, or its deals); the hands played."""
        number = 0
        while not (number >= self.hands and self._over()):
            number += 1
            if number == 1 or (self.per_cycle and number % 4 == 1):
                simulate_table_seat_pick(self.uows(), self.table_id, cycle_of(number))
                self._read_seats()
            self._entered.append(
                enter_hand(self.uows(), self.table_id, self._entry(number), number))
            if self.rng.random() < 0.06:
                self._penalty(number)
        return number

    def _over(self) -> bool:
        uow = self.uows()
        with uow:
            return sheet_is_complete(uow, uow.tables.get(self.table_id))

    def _read_seats(self) -> None:
        with self.uows() as uow:
            self._seat_rows = uow.seats.list(table_id=self.table_id)
            self._rules = Rules(uow)

    def _seats(self, number: int) -> dict[int, Wind]:
        assert self._rules is not None, "seats are read at the first hand"
        return seatings(self._seat_rows, self._entered, self._rules, number)[number].seat_of

    def _value(self, seat: Wind, win_type: RulesWinType) -> tuple[int, tuple[str, ...]]:
        """A random hand for the winner's seat, scored by the rule set (a false win, or one
        under the rule set's minimum, is simply dealt again)."""
        while True:
            hand = random_hand(self.rng, seat, win_type)
            result = self.rule_set.score(hand, self.options)
            if result.valid:
                return result.value, tuple(p.id for p in result.patterns)

    def _entry(self, number: int) -> HandEntry:
        rng = self.rng
        if rng.random() < 0.12:
            return HandEntry(HandResult.DRAW)
        seats = self._seats(number)
        players = self._players = list(seats)
        winner = rng.choice(players)
        roll = rng.random()
        if roll < 0.30:
            win_type = WinType.WIN_ON_KONG if roll < 0.02 else WinType.SELF_DRAW
            value, patterns = self._value(seats[winner], RulesWinType.SELF_DRAW)
            return self._with_points(HandEntry(HandResult.WIN, win_type, None,
                                               (Win(winner, value, None, patterns),)))
        win_type = WinType.ROBBING_KONG if roll > 0.98 else WinType.DISCARD
        discarder = rng.choice([p for p in players if p != winner])
        if rng.random() < 0.01 and self.rule_set.several_claims:  # three claim one discard
            wins = []
            for other in (p for p in players if p != discarder):
                value, patterns = self._value(seats[other], RulesWinType.DISCARD)
                wins.append(Win(other, value, discarder, patterns))
            claims = HandEntry(HandResult.WIN, win_type, discarder, tuple(wins))
            # As the entry screens record it: under the WSOM rules one claim intercepts.
            return intercepted(claims, seats, self.rule_set, self.options)[0]
        value, patterns = self._value(seats[winner], RulesWinType.DISCARD)
        responsible: int | None = discarder
        if value > 25 and rng.random() < 0.1 and self.rule_set.same_turn_immunity:
            others = [p for p in players if p not in (winner, discarder)]
            responsible = rng.choice([*others, None])  # same-turn immunity
        return self._with_points(HandEntry(HandResult.WIN, win_type, discarder,
                                           (Win(winner, value, responsible, patterns),)))

    def _with_points(self, entry: HandEntry) -> HandEntry:
        """Under classical scoring every player's hand is scored: the losers' too."""
        if not self.rule_set.settles_every_hand:
            return entry
        winner = entry.wins[0]
        losers = [p for p in self._players if p != winner.winner_id]
        points = ((winner.winner_id, winner.value),
                  *((p, 2 * self.rng.randrange(0, 20)) for p in losers))
        return dataclasses.replace(entry, player_points=points)

    def _penalty(self, number: int) -> None:
        player = self.rng.choice([s.player_id for s in self._seat_rows if s.cycle == 1])
        seconds = self.rng.choice((10, 20, 40, 75))
        # Where the rules set no scale (MCR, classical), the points are the judge's word:
        # the demo's judge takes the seed rule's.
        rule = self.rule_set.time_rule or ZUNG_JUNG_TIME
        add_penalty(self.uows(), self.table_id, player, PenaltyReason.TIME,
                    rule.points(seconds), hand_number=number,
                    note=f"{seconds} s over")
        self.penalties += 1


def run_demo(uows: UnitOfWorkFactory, *, players: int, preset: Preset, seed: int,
             rule_set: str = "zung-jung", sessions: int | None = None,
             final_seating: FinalSeating | None = None,
             take_backup: Callable[[], object] = lambda: None,
             progress: DemoProgress | None = None) -> DemoSummary:
    """Create, seat, play, sign and cut a whole event in an empty document (`sessions`
    sets the length of an `open` event, `final_seating` replaces the preset's)."""
    rng = random.Random(seed)
    settings = preset_settings(preset, sessions, rule_set)
    if final_seating is not None:
        settings = dataclasses.replace(settings, final_seating=final_seating)
    create_tournament(uows(), f"Demo {preset.value} {rule_set} ({players} players)", settings)
    import_players(uows(), demo_players(players, rng), rng=rng)
    with uows() as uow:
        rounds = sorted(uow.rounds.list(), key=lambda r: r.number)
        schedule = sorted(uow.sessions.list(), key=lambda s: s.number)
    cuts: list[int] = []
    hands = penalties = played_sessions = 0
    field = players
    for round_ in rounds:
        for session in [s for s in schedule if s.round_id == round_.id]:
            if progress is not None:
                progress("session", session.number, len(schedule))
            table_hands, table_penalties = _play_session(uows, session, rng, settings,
                                                         take_backup)
            hands += table_hands
            penalties += table_penalties
            played_sessions += 1
        if round_.advance is None or round_.number == len(rounds) or round_.advance >= field:
            break  # no cut left, or the field is too small for this format's next cut
        cuts.append(len(make_cut(uows(), round_.number)))
        field = round_.advance
    return DemoSummary(players, played_sessions, hands, penalties, tuple(cuts))


def _play_session(uows: UnitOfWorkFactory, session: Session, rng: random.Random,
                  settings: TournamentSettings, take_backup: Callable[[], object]
                  ) -> tuple[int, int]:
    draw = draw_session(uows(), session.id, seed=rng.randrange(2**31),
                        time_limit=DRAW_TIME_LIMIT)
    publish_draw(uows(), draw)
    start_session(uows(), session.id, take_backup)
    with uows() as uow:
        tables = sorted(uow.tables.list(session_id=session.id), key=lambda t: t.number)
    penalties = hands = 0
    for table in tables:
        play = _Table(uows, table.id, rng, settings)
        hands += play.play()
        penalties += play.penalties
        with uows() as uow:
            seated = [s.player_id for s in uow.seats.list(table_id=table.id, cycle=1)]
        for player_id in seated:
            sign_sheet(uows(), table.id, player_id, scribble_png(rng))
    finish_session(uows(), session.id)
    return hands, penalties
