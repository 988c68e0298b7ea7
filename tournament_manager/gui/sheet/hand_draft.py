"""A hand being typed at the entry bar: who won, how, from whom, for how much.

Pure bookkeeping of the keys pressed; it builds a `HandEntry` for the service, which
settles the payments. Nothing here decides what a hand is worth.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from tournament_manager.domain.model import HandResult, Win, WinType
from tournament_manager.services.score_sheets import HandEntry


class Phase(Enum):
    WINNER = "winner"
    DISCARDER = "discarder"
    RESPONSIBLE = "responsible"
    VALUE = "value"
    READY = "ready"


class DraftProblem(Enum):
    NO_WINNER = "no_winner"
    NO_DISCARDER = "no_discarder"
    NO_VALUE = "no_value"
    SAME_PLAYER = "same_player"


class SeatRefusal(Enum):
    IS_A_WINNER = "is_a_winner"
    """He won this hand: he cannot be its discarder, the one responsible, or win twice."""
    IS_THE_DISCARDER = "is_the_discarder"
    NOTHING_TO_FILL = "nothing_to_fill"


DISCARDER_DEFAULT = -1
"""`responsible` of a winner when it follows the discarder (no immunity claimed)."""


@dataclass
class WinDraft:
    winner: int
    value: str = ""
    responsible: int | None = DISCARDER_DEFAULT
    patterns: tuple[str, ...] = ()


@dataclass
class HandDraft:
    draw: bool = False
    self_draw: bool = False
    kong: bool = False
    """Robbing a kong (discard) or win on a kong (self-draw)."""
    discarder: int | None = None
    wins: list[WinDraft] = field(default_factory=list)
    adding_winner: bool = False
    awaiting_responsible: bool = False

    @property
    def win_type(self) -> WinType:
        if self.self_draw:
            return WinType.WIN_ON_KONG if self.kong else WinType.SELF_DRAW
        return WinType.ROBBING_KONG if self.kong else WinType.DISCARD

    @property
    def current(self) -> WinDraft | None:
        return self.wins[-1] if self.wins else None

    def phase(self) -> Phase:
        if self.draw:
            return Phase.READY
        if not self.wins or self.adding_winner:
            return Phase.WINNER
        if not self.self_draw and self.discarder is None:
            return Phase.DISCARDER
        if self.awaiting_responsible:
            return Phase.RESPONSIBLE
        return Phase.VALUE

    def seat(self, player_id: int) -> bool:
        """A seat key: fills the next blank; False when the key means nothing now (on a
        draw too: the transcription line reads that key as the next row's first)."""
        phase = self.phase()
        if phase is Phase.WINNER:
            if player_id in [w.winner for w in self.wins] or player_id == self.discarder:
                return False
            self.wins.append(WinDraft(player_id))
            self.adding_winner = False
            return True
        if phase is Phase.DISCARDER:
            if player_id in [w.winner for w in self.wins]:
                return False
            self.discarder = player_id
            return True
        if phase is Phase.RESPONSIBLE:
            current = self.current
            assert current is not None
            if player_id == current.winner:
                return False
            current.responsible = player_id
            self.awaiting_responsible = False
            return True
        return False

    def why_not(self, player_id: int) -> SeatRefusal:
        """Why `seat(player_id)` was refused, for the words: who he is in the hand where
        the blank being filled cannot be him, else that no seat is wanted now."""
        phase = self.phase()
        if phase in (Phase.WINNER, Phase.DISCARDER, Phase.RESPONSIBLE):
            if player_id in [w.winner for w in self.wins]:
                return SeatRefusal.IS_A_WINNER
            if player_id == self.discarder:
                return SeatRefusal.IS_THE_DISCARDER
        return SeatRefusal.NOTHING_TO_FILL

    def nobody_responsible(self) -> bool:
        if self.phase() is not Phase.RESPONSIBLE or self.current is None:
            return False
        self.current.responsible = None
        self.awaiting_responsible = False
        return True

    def toggle_draw(self) -> None:
        self.draw = not self.draw
        if self.draw:
            self.wins.clear()
            self.discarder = None
            self.self_draw = self.kong = self.adding_winner = False
            self.awaiting_responsible = False

    def toggle_self_draw(self) -> None:
        self.draw = False
        self.self_draw = not self.self_draw
        if self.self_draw:
            self.discarder = None
            del self.wins[1:]
            self.adding_winner = self.awaiting_responsible = False

    def ask_responsible(self) -> bool:
        if self.self_draw or self.draw or not self.wins or self.discarder is None:
            return False
        self.awaiting_responsible = True
        return True

    def add_winner(self) -> bool:
        """Another winner on the same discard (a triple win has three), once the winner
        before has his value: a value typed after "S W + N" went to N, and S's was
        then out of reach but by deleting N (`waiting_value`)."""
        if (self.self_draw or self.draw or self.discarder is None or len(self.wins) >= 3
                or self.waiting_value() is not None):
            return False
        self.adding_winner = True
        return True

    def waiting_value(self) -> WinDraft | None:
        """The winner being typed, while his value is not yet typed."""
        current = self.current
        if current is None or self.adding_winner or current.value.strip().isdigit():
            return None
        return current

    def step_back(self) -> None:
        if self.awaiting_responsible or self.adding_winner:
            self.awaiting_responsible = self.adding_winner = False
        elif self.discarder is not None and len(self.wins) == 1:
            self.discarder = None
        elif self.wins:
            self.wins.pop()
        elif self.draw:
            self.draw = False

    def problem(self) -> DraftProblem | None:
        if self.draw:
            return None
        if not self.wins:
            return DraftProblem.NO_WINNER
        if not self.self_draw and self.discarder is None:
            return DraftProblem.NO_DISCARDER
        if any(not w.value.strip().isdigit() for w in self.wins):
            return DraftProblem.NO_VALUE
        return None

    def entry(self) -> HandEntry:
        """Call only when `problem()` is None."""
        if self.draw:
            return HandEntry(result=HandResult.DRAW)
        wins = tuple(
            Win(winner_id=w.winner, value=int(w.value),
                responsible_id=(None if self.self_draw else
                                self.discarder if w.responsible == DISCARDER_DEFAULT
                                else w.responsible),
                pattern_ids=w.patterns)
            for w in self.wins)
        return HandEntry(result=HandResult.WIN, win_type=self.win_type,
                         discarder_id=None if self.self_draw else self.discarder, wins=wins)

    @classmethod
    def of(cls, entry: HandEntry) -> HandDraft:
        """The draft of a stored hand, for changing it."""
        if entry.result is not HandResult.WIN:
            return cls(draw=True)
        win_type = entry.win_type or WinType.DISCARD
        draft = cls(self_draw=not win_type.is_discard,
                    kong=win_type in (WinType.ROBBING_KONG, WinType.WIN_ON_KONG),
                    discarder=entry.discarder_id)
        for win in entry.wins:
            responsible = (DISCARDER_DEFAULT if win.responsible_id == entry.discarder_id
                           else win.responsible_id)
            draft.wins.append(WinDraft(win.winner_id, str(win.value), responsible,
                                       win.pattern_ids))
        return draft
