"""The keyboard-first hand entry bar under the sheet grid.

Keys (the value field keeps the focus, so nothing needs the mouse):
E S W N or 1–4 pick a player by the sheet's column, which is his starting seat as the
column heads and the paper sheet say (his seat wind in this hand changes as the deal
passes; each seat button shows both); the first pick is the winner, the second the
discarder. T toggles self-draw, K a kong win (robbing a kong /
win on a kong), D a draw, I then a seat names the responsible player under same-turn
immunity (I then 0 or - : nobody), + adds another claim on the same discard (the rules
resolve it: interception, triple win, head bump). The rule set says which of I and + it
has a use for (`same_turn_immunity`, `several_claims`); the hint lists only those.
Digits type the value, Enter commits, Esc clears, Backspace steps back.

A value is checked against the rule set as it is typed (`RuleSet.value_problem`): a
value no further digit can make possible is worded next to the row at once, any other
impossible value when Enter is pressed. The service settles and checks again.

A hand refused on Enter holds the bar (`_Hold`): a judge keying from the paper sheets
without looking typed on into it, the next hand's D turning the refused hand into a draw
that was then recorded in its place, and its digits added to the refused value. Held, the
value is selected, so digits typed at once replace it; any other key is refused, beeps and
blocks the bar until Backspace (to correct the value) or Esc (to type the hand again).
A refused seat key holds it the same way: what follows it was typed for another hand.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QIntValidator, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.model import Player
from tournament_manager.gui.calculator.panel import CalculatedHand, ShownPoints
from tournament_manager.gui.models.wording import win_type_label
from tournament_manager.gui.sheet.elide import ElidedButton, ElidedLabel, LinesLabel
from tournament_manager.gui.sheet.hand_draft import DraftProblem, HandDraft, Phase, SeatRefusal
from tournament_manager.gui.sheet.payment_words import payment_words
from tournament_manager.gui.sheet.state import blocked_note, can_change
from tournament_manager.gui.undo_keys import OwnUndoField, is_redo
from tournament_manager.gui.user_text import no_mnemonic
from tournament_manager.messages.hand_errors import describe_value_problem
from tournament_manager.messages.patterns import pattern_marks
from tournament_manager.messages.sentence import standing_alone
from tournament_manager.rules.registry import get_rule_set
from tournament_manager.rules.rule_set import RuleSet
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.score_sheets import HandEntry, HandSeating, intercepted
from tournament_manager.services.views import SheetView

WINDS = (Wind.E, Wind.S, Wind.W, Wind.N)
COLUMN_KEYS = tuple(wind.value for wind in WINDS)
"""The sheet's columns by letter, as the grid heads them: the starting seats."""
MAX_VALUE = 9999

Previewer = Callable[[HandEntry, int], tuple[tuple[int, int], ...] | None]
"""(entry, hand number) -> each player's delta as the sheet would store it, or None when
the hand would be refused (the refusal is worded on Enter)."""


_SEAT_PHASES = (Phase.WINNER, Phase.DISCARDER, Phase.RESPONSIBLE)
"""While the draft is in one of these, 1–4 are seat keys, not the value's digits."""


class _Hold(enum.Enum):
    NONE = enum.auto()
    REFUSED = enum.auto()
    """Enter was refused for the value: digits replace it, any other key blocks."""
    BLOCKED = enum.auto()
    """A key went into a refused hand: only Backspace or Esc go on."""
    SEAT = enum.auto()
    """A seat key was refused: the keys typed after it are not taken (Backspace drops the
    refused key, Esc clears the hand). "W S 30" on a hand whose winner a stray click had
    made N took W as the discarder, refused S, and recorded "N wins 30 off W"."""


class HandEntryBar(QFrame):
    """Emits `submitted(entry, number, replacing)`; the page runs the command and then
    calls `accepted()` or `show_problem(text)`."""

    submitted = Signal(object, int, bool)
    draft_changed = Signal()
    recorded = Signal()
    """The hand submitted is on the sheet."""
    """The hand being typed changed (or the sheet under it): the calculator follows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hand_entry_bar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._view: SheetView | None = None
        self._draft = HandDraft()
        self._number = 1
        self._replacing = False
        self._rules: tuple[RuleSet[Any], Any] | None = None
        self._rules_key: tuple[str, str] | None = None
        self._value_message = False
        self._previewer: Previewer | None = None
        self._intercepted_by: int | None = None
        self._note_on: int | None = None
        """The recorded hand the message is a note on (an interception), while it shows."""
        self._hold = _Hold.NONE
        self._loaded = False
        """A stored hand was loaded (F2) and no key typed since."""
        self._moved_from: int | None = None
        """The number the hand being typed had before another station recorded it."""
        self._submitted = False
        """Enter was pressed on the hand in the bar and it was not accepted (refused)."""
        self._refusal = ""

        self._title = ElidedLabel("", self)
        self._title.setObjectName("entry_title")
        font = self._title.font()
        font.setBold(True)
        self._title.setFont(font)
        self._seats: list[ElidedButton] = []
        seats = QHBoxLayout()
        for column in range(4):
            button = ElidedButton("", self)
            button.setObjectName(f"seat_button_{column + 1}")
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            button.clicked.connect(lambda _c=False, col=column: self._seat_column(col))
            seats.addWidget(button, 1)
            self._seats.append(button)
        self.value_edit = OwnUndoField(lambda _redo: self._typing(), self)
        self.value_edit.setObjectName("entry_value")
        self.value_edit.setValidator(QIntValidator(0, MAX_VALUE, self))
        self.value_edit.setPlaceholderText(self.tr("value"))
        self.value_edit.setMaximumWidth(90)
        self.value_edit.installEventFilter(self)
        self.value_edit.textEdited.connect(self._value_edited)
        self.setFocusProxy(self.value_edit)
        self._draw = self._key_button("entry_draw", self.tr("Draw (D)"), self._toggle_draw)
        self._draw.setToolTip(self.tr("Wall exhausted: nobody scores (key D)"))
        self._self_draw = self._key_button("entry_self_draw", self.tr("Self-draw (T)"),
                                           self._toggle_self_draw)
        self._self_draw.setToolTip(self.tr("The winner drew the winning tile himself (key T)"))
        self._commit = ElidedButton(self.tr("Enter hand"), self)
        self._commit.setObjectName("entry_commit")
        self._commit.setToolTip(self.tr("Record the hand on the sheet (Enter)"))
        self._commit.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._commit.clicked.connect(self.commit)
        self._summary = ElidedLabel("", self)
        self._summary.setObjectName("entry_summary")
        self._message_icon = QLabel(self)
        self._message_icon.setPixmap(self.style().standardIcon(
            QStyle.StandardPixmap.SP_MessageBoxWarning).pixmap(16, 16))
        # Two lines, kept while empty: a message appearing, or growing to a third line,
        # made the bar taller and moved the seat buttons under the mouse, and the third
        # click of a quick triple click on Enter hand chose the next hand's winner.
        self.message = LinesLabel(2, self)
        self.message.setObjectName("entry_message")
        policy = self._message_icon.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self._message_icon.setSizePolicy(policy)
        self._hint = hint = QLabel(self._hint_text(), self)
        hint.setObjectName("entry_hint")
        hint.setEnabled(False)
        hint.setWordWrap(True)

        # Classical scoring settles every player's hand: each player's points, by column.
        self.points_row = QWidget(self)
        self.points_row.setObjectName("entry_points_row")
        points_layout = QHBoxLayout(self.points_row)
        points_layout.setContentsMargins(0, 0, 0, 0)
        points_layout.addWidget(QLabel(self.tr("Each player's hand points:"), self.points_row))
        self.points_edits: list[QSpinBox] = []
        self._winners_shown: set[int] = set()  # players whose box shows their hand's value
        for column in range(4):
            spin = QSpinBox(self.points_row)
            spin.setObjectName(f"entry_points_{column + 1}")
            spin.setRange(0, MAX_VALUE)
            points_layout.addWidget(spin)
            spin.valueChanged.connect(self._points_changed)  # the payments shown follow
            self.points_edits.append(spin)
        points_layout.addStretch(1)
        self.points_row.hide()

        # Three short rows, each as wide as the sheet and no wider: what is being entered
        # and the value; the four seats; the summary, a refusal, the hint.
        top = QHBoxLayout()
        top.addWidget(self._title, 1)
        self._value_label = QLabel(self.tr("Value:"), self)
        self._value_label.setBuddy(self.value_edit)
        top.addWidget(self._value_label)
        top.addWidget(self.value_edit)
        for button in (self._self_draw, self._draw, self._commit):
            top.addWidget(button)
        message_row = QHBoxLayout()
        message_row.addWidget(self._message_icon)
        message_row.addWidget(self.message, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(3)
        layout.addLayout(top)
        layout.addLayout(seats)
        layout.addWidget(self._summary)
        layout.addLayout(message_row)
        layout.addWidget(self.points_row)
        layout.addWidget(hint)
        self._clear_message()
        self._show()

    def _key_button(self, name: str, text: str, slot: object) -> ElidedButton:
        button = ElidedButton(text, self)
        button.setObjectName(name)
        button.setCheckable(True)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.clicked.connect(slot)
        return button

    # --- what the page tells the bar

    @property
    def draft(self) -> HandDraft:
        return self._draft

    @property
    def number(self) -> int:
        return self._number

    @property
    def replacing(self) -> bool:
        return self._replacing

    def set_previewer(self, previewer: Previewer | None) -> None:
        """How the typed hand would be settled: the summary says who pays what before
        Enter (the sheet widget asks the service, which settles it for real on Enter)."""
        self._previewer = previewer
        self._show()

    def set_view(self, view: SheetView | None) -> None:
        self._view = view
        self._load_rules()
        self._note_still_true()
        self.points_row.setVisible(view is not None and get_rule_set(
            view.tournament.settings.rule_set).settles_every_hand)
        if not self._replacing:
            number = self._next_number()
            if number != self._number and self._typing() and not self._submitted:
                # Another station (the table's phone, a second desk) recorded hand N while
                # this one was being typed as hand N: it is hand N + 1 now, which may be the
                # very hand already recorded. Said, and Enter must be pressed once more. (A
                # hand already submitted and refused for that change was said by the refusal,
                # which names the station: the next Enter records it.)
                self._moved_from = self._number
                self.show_problem(self._moved_text(number))
            self._number = number
        accepts = self._accepts_hands()
        if not accepts and self.isEnabled() and self._typing():
            # Signed and locked (or stopped) elsewhere while a hand was being typed or
            # changed here: it stayed in the greyed bar as if it might still go in.
            lost = self.tr("Hand {number} was not recorded: {why}").format(
                number=self._number, why=blocked_note(view) or self.tr(
                    "the sheet takes no more hands"))
            self.start_new()
            self.show_problem(lost)
        self.setEnabled(accepts)
        self._show()

    def _points_changed(self) -> None:
        self._summary.setText(self._summary_text())

    def _typing(self) -> bool:
        draft = self._draft
        return bool(draft.draw or draft.wins or draft.discarder is not None
                    or self.value_edit.text())

    def unfinished(self) -> str:
        """What closing the event would lose here: a hand typed and not entered ("");
        not a stored hand opened (F2) and left as it is."""
        if not self._typing() or self._view is None or self._loaded:
            return ""
        return self.tr("Hand {number} of table {table} is typed but not entered.").format(
            number=self._number, table=self._view.table.number)

    def _moved_text(self, number: int) -> str:
        """Said as soon as the change is seen, while the judge may be typing blind from the
        paper: no count of Enters, which he could not tell from his own (the first Enter
        after it only says it again, with the way on)."""
        return self.tr(
            "Hand {was} was recorded elsewhere meanwhile (at the table, or at another desk), "
            "so the hand you are typing would be hand {now}. Check it is not the same hand "
            "before you record it.").format(was=self._moved_from, now=number)

    def _moved_held_text(self, number: int) -> str:
        return self.tr(
            "Not recorded yet: hand {was} was recorded elsewhere meanwhile (at the table, or "
            "at another desk). Check it is not the same hand, then press Enter again to "
            "record this one as hand {now}, or Esc to clear it.").format(
                was=self._moved_from, now=number)

    def _accepts_hands(self) -> bool:
        return can_change(self._view) and (self._replacing or not self._full())

    def _load_rules(self) -> None:
        """The tournament's rule set and options, read again only when they change."""
        view = self._view
        if view is not None:
            self.use_rules(view.tournament.settings.rule_set,
                           view.tournament.settings.rule_options)

    def use_rules(self, rule_set_id: str, rule_options: Mapping[str, object]) -> None:
        """The event's rules, known before any sheet is shown: a new MCR event's keys line
        still offered Zung Jung's "I immunity" of the event open before it."""
        key = (rule_set_id, repr(sorted(rule_options.items())))
        if key == self._rules_key:
            return
        self._rules_key = key
        try:
            rule_set = get_rule_set(rule_set_id)
            self._rules = (rule_set, rule_set.validate_options(rule_options))
        except Exception:  # noqa: BLE001 - unreadable options: the service will say so
            self._rules = None
        self._hint.setText(self._hint_text())

    def _hint_text(self) -> str:
        """The keys, as far as these rules have a use for them: no immunity key where the
        discarder always pays, no second winner where one win is all that can be entered."""
        rule_set = None if self._rules is None else self._rules[0]
        keys = [self.tr("Keys: E S W N or 1–4 (the sheet's columns) winner, then discarder"),
                self.tr("T self-draw"), self.tr("K kong"), self.tr("D draw")]
        if rule_set is None or rule_set.same_turn_immunity:
            keys.append(self.tr("I immunity"))
        if rule_set is None or rule_set.several_claims:
            keys.append(self.tr("+ another winner"))
        keys += [self.tr("Enter commits"), self.tr("Esc clears")]
        return self.tr(" · ").join(keys)

    def value_problem(self, value: int) -> str | None:
        """Why the rules rule `value` out as a winning hand's value (None if they don't)."""
        if self._rules is None:
            return None
        rule_set, options = self._rules
        problem = rule_set.value_problem(value, options)
        return None if problem is None else describe_value_problem(problem, rule_set.id)

    def _could_become_possible(self, text: str) -> bool:
        """Whether typing more digits after `text` can still give a possible value."""
        value = int(text)
        for extra in range(1, len(str(MAX_VALUE)) - len(text) + 1):
            base = value * 10 ** extra
            if base > MAX_VALUE:
                break
            for tail in range(10 ** extra):
                if base + tail <= MAX_VALUE and self.value_problem(base + tail) is None:
                    return True
        return False

    def start_new(self) -> None:
        self._hold = _Hold.NONE
        self._loaded = False
        self._moved_from = None
        self._submitted = False
        self._draft = HandDraft()
        self._replacing = False
        self._number = self._next_number()
        self.value_edit.clear()
        self._clear_points()
        self._clear_message()
        self.setEnabled(self._accepts_hands())
        self._show()

    def edit(self, number: int, entry: HandEntry) -> None:
        """Load a stored hand; Enter then replaces it. A seat key typed first starts the
        hand afresh (`_loaded`): the judge retypes it from the paper, "E W 30", where
        the loaded hand would take E as a third part and refuse it."""
        self._hold = _Hold.NONE
        self._loaded = True
        self._moved_from = None
        self._draft = HandDraft.of(entry)
        self._number, self._replacing = number, True
        points = dict(entry.player_points)
        for spin, player in zip(self.points_edits, self._players()):
            spin.setValue(points.get(player.id, 0))
        self._winners_shown = set()  # every box holds the stored hand's points now
        self.setEnabled(self._accepts_hands())
        self.value_edit.setText(self._draft.current.value if self._draft.current else "")
        self._clear_message()
        self._show()
        self.value_edit.setFocus()

    def accepted(self) -> None:
        interceptor, self._intercepted_by = self._intercepted_by, None
        recorded = self._number
        self.start_new()
        self.recorded.emit()
        if interceptor is not None:
            self.show_problem(self.tr(
                "{who} intercepted: under these rules the claim nearest the discarder's lower "
                "seat wins alone, so only that win was recorded.").format(
                    who=self._name(interceptor)))
            self._note_on = recorded

    def _note_still_true(self) -> None:
        """A note about a hand just recorded goes with the hand (an undo took it back, and
        the sheet was empty under "E intercepted…")."""
        if self._note_on is not None and self._note_on >= self._next_number():
            self._note_on = None
            self._clear_message()

    def show_problem(self, text: str) -> None:
        """`text` as a sentence, as the message bar shows a problem (`standing_alone`): a
        refusal from the record read "the sheet of table 1 was changed by …", lower case
        and no stop, under the bar's own sentences."""
        self._note_on = None
        self.message.setText(standing_alone(text))
        self.message.show()
        self._message_icon.show()

    def _clear_message(self) -> None:
        self._note_on = None
        self._value_message = False
        self.message.clear()
        self.message.hide()
        self._message_icon.hide()

    def _full(self) -> bool:
        """Every hand of the session is on the sheet: nothing more to enter."""
        view = self._view
        return (view is not None and not self._replacing and view.complete
                and not view.missing_hands)

    def _next_number(self) -> int:
        view = self._view
        if view is None:
            return 1
        if view.missing_hands:
            return view.missing_hands[0]
        return max((row.hand.number for row in view.rows), default=0) + 1

    # --- players and winds

    def _players(self) -> tuple[Player, ...]:
        return self._view.players if self._view is not None else ()

    def seating(self) -> HandSeating | None:
        """The hand being typed: its dealer, seat winds and round, as the service computed
        them (rotation, deal kept); None where the sheet cannot know them yet."""
        return self._view.seating(self._number) if self._view is not None else None

    def _seat_of(self) -> dict[int, Wind]:
        seating = self.seating()
        return seating.seat_of if seating is not None else {}

    def wind_of(self, player_id: int) -> Wind | None:
        return self._seat_of().get(player_id)

    def player_at(self, wind: str) -> int | None:
        """Who sits at seat wind `wind` ("E".."N") in the hand being typed."""
        return next((p for p, seat in self._seat_of().items() if seat.value == wind), None)

    def seat_names(self) -> dict[str, str]:
        """Each seat wind of the hand being typed and its player, named as the columns are."""
        return {seat.value: self._name(player) for player, seat in self._seat_of().items()}

    def use_points(self, shown: ShownPoints) -> None:
        """From the calculator: a loser's points from his shown hand, into his column."""
        player = self.player_at(shown.seat)
        columns = [p.id for p in self._players()]
        if player is None or player not in columns or self.points_row.isHidden():
            return
        self.points_edits[columns.index(player)].setValue(shown.points)
        self._show()

    def use_hand(self, hand: CalculatedHand) -> None:
        """From the calculator: its value and patterns, and its winner, discarder and
        self-draw, which become the hand being typed. With several winners on one discard
        it gives the value of the winner being added, or of the same winner."""
        winner = self.player_at(hand.seat)
        if winner is None:
            return
        discarder = None if hand.discarder is None else self.player_at(hand.discarder)
        draft = self._draft
        several = len(draft.wins) > 1 or draft.adding_winner
        if several and not hand.self_draw and discarder in (None, draft.discarder):
            if draft.adding_winner:
                draft.seat(winner)
            current = draft.current
            if current is not None and current.winner == winner:
                current.value, current.patterns = str(hand.value), hand.pattern_ids
        else:
            self._draft = HandDraft(self_draw=hand.self_draw, kong=hand.kong)
            self._draft.seat(winner)
            if discarder is not None and not hand.self_draw:
                self._draft.seat(discarder)
            current = self._draft.current
            assert current is not None
            current.value, current.patterns = str(hand.value), hand.pattern_ids
        self._sync_value()
        self._clear_message()
        self._show()

    # --- keys

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.value_edit and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            return self._key(event)
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self._key(event):
            super().keyPressEvent(event)

    def _key(self, event: QKeyEvent) -> bool:
        """True when the key was a command (it never reaches the value field)."""
        if self._typing() and (event.matches(QKeySequence.StandardKey.Undo)
                               or is_redo(event)):
            return self._undo_key(event.matches(QKeySequence.StandardKey.Undo))
        if event.modifiers() & (Qt.KeyboardModifier.ControlModifier
                                | Qt.KeyboardModifier.AltModifier):
            return False
        key, text = event.key(), event.text().upper()
        draft = self._draft
        phase = draft.phase()
        if key == Qt.Key.Key_Escape:
            self.start_new()
            return True
        if self._hold is _Hold.SEAT and key in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete):
            self._hold = _Hold.NONE  # the refused key dropped: the hand as it was before it
            self._clear_message()
            return True
        if self._hold is not _Hold.NONE:
            return self._held_key(key, text)
        loaded = self._loaded
        if text.strip() or key in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete):
            self._loaded = False
            self._submitted = False  # typed on after a refusal: a hand in the making again
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.commit()
            return True
        if key == Qt.Key.Key_Backspace and not self.value_edit.text():
            draft.step_back()
            self._clear_message()
            self._show()
            return True
        if text in COLUMN_KEYS:
            if loaded:
                self._retype()
            self._seat_column(COLUMN_KEYS.index(text))
            return True
        if text in ("1", "2", "3", "4") and phase in (Phase.WINNER, Phase.DISCARDER,
                                                      Phase.RESPONSIBLE):
            self._seat_column(int(text) - 1)
            return True
        if text in ("0", "-") and phase is Phase.RESPONSIBLE:
            draft.nobody_responsible()
            self._show()
            return True
        handlers = {"T": self._toggle_self_draw, "D": self._toggle_draw, "K": self._toggle_kong,
                    "I": self._ask_responsible, "+": self._add_winner}
        if text in handlers:
            handlers[text]()
            return True
        if text.isdigit() and phase in _SEAT_PHASES:
            # Not a seat and not yet the value: a judge typing the value first ("48")
            # had the 4 taken as N and the 8 dropped without a word.
            QApplication.beep()
            self.show_problem(self.tr("{digit} is not a seat: press the seat keys first "
                                      "(E S W N or 1–4), then type the value.").format(
                                          digit=text))
            return True
        if text.isalpha():
            # Swallowed, letters never belong in the value; said, as a digit typed too soon
            # is: a key that did nothing unsaid looked like a bar that had stopped listening.
            QApplication.beep()
            self.show_problem(self.tr(
                "{key} is not an entry key: E S W N (or 1–4) choose seats, T a self-draw, "
                "D a draw, K a kong, I the responsible player, + another winner.").format(
                    key=text))
            return True
        # Swallowed: nor digits in a draw.
        return text.isdigit() and phase is not Phase.VALUE

    def _undo_key(self, undo: bool) -> bool:
        """Ctrl+Z while a hand is being typed steps back through it: the value's typing
        (the field's own undo), then the value, the discarder, the winner; the window's
        Undo (the hand recorded before) only once the bar is empty. Ctrl+Y then redoes
        nothing of the sheet: a hand put back under the one being typed renumbered it."""
        if not undo:
            if self.value_edit.isRedoAvailable():
                return False  # the typing of the value Ctrl+Z took back, put back
            QApplication.beep()
            self.show_problem(self.tr("A hand is being typed: Esc clears it, and Ctrl+Y "
                                      "then redoes."))
            return True
        if self.value_edit.isUndoAvailable():
            return False  # the typing of the value first
        if self.value_edit.text():
            self.value_edit.clear()
            self._value_edited("")
        else:
            self._hold = _Hold.NONE
            self._draft.step_back()
            self._clear_message()
            self._show()
        return True

    def _held_key(self, key: int, text: str) -> bool:
        """A key while a refused hand holds the bar; True when it is refused."""
        if key in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete):
            self._hold = _Hold.NONE  # the judge is correcting the value
            return False
        if self._hold is _Hold.REFUSED:
            if text.isdigit():
                return False  # replaces the selected value: the field's edit releases it
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.commit()  # refused again, as it stands
                return True
        if not text.strip() and key not in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            return False  # Tab, arrows, Shift: moving about changes nothing
        if self._hold is _Hold.SEAT:
            QApplication.beep()
            self._show_seat_hold()
            return True
        self._hold = _Hold.BLOCKED
        QApplication.beep()
        self.show_problem(self.tr(
            "Hand {number} was not recorded: {problem}. Press Backspace to correct the "
            "value, or Esc to clear the hand and type it again.").format(
                number=self._number, problem=self._refusal))
        return True

    def _clear_points(self) -> None:
        for spin in self.points_edits:
            spin.setValue(0)
        self._winners_shown = set()

    def _retype(self) -> None:
        """The loaded hand is typed again from its first key (its number stays)."""
        self._draft = HandDraft()
        self.value_edit.clear()
        self._clear_points()

    def _seat_column(self, column: int) -> None:
        players = self._players()
        if column < len(players):
            self._seat(players[column].id)

    def _seat(self, player_id: int) -> None:
        if self._draft.draw:
            # A draw retyped as a win (F2 on it, then N E 35): the seat key names the
            # winner, where it was refused until D had taken the draw off.
            self._draft.toggle_draw()
        if not self._draft.seat(player_id):
            self._hold = _Hold.SEAT
            self._refusal = self._seat_refusal(player_id)
            self._show_seat_hold()
        else:
            self._hold = _Hold.NONE  # a seat clicked on purpose goes on from the hand shown
            self._clear_message()
        self._sync_value()
        self._show()

    def _show_seat_hold(self) -> None:
        self.show_problem(self.tr(
            "{refusal} Nothing typed after it is taken: Backspace drops the refused key, Esc "
            "clears the hand.").format(refusal=self._refusal))

    def _seat_refusal(self, player_id: int) -> str:
        """Why the seat key was refused, naming the player ("s s": the winner cannot be
        his own discarder, where one sentence served every case)."""
        name = self._name(player_id)
        refusal = self._draft.why_not(player_id)
        if refusal is SeatRefusal.IS_A_WINNER and self._draft.phase() is Phase.WINNER:
            return self.tr("{name} is a winner of this hand already.").format(name=name)
        return {
            SeatRefusal.IS_A_WINNER: self.tr(
                "{name} won this hand: the discarder, or anyone responsible, is one of the "
                "other three."),
            SeatRefusal.IS_THE_DISCARDER: self.tr(
                "{name} discarded the winning tile: he cannot win on it too."),
            SeatRefusal.NOTHING_TO_FILL: self.tr(
                "The seats of this hand are chosen already: {name} was not taken."),
        }[refusal].format(name=name)

    def _toggle_draw(self) -> None:
        self._draft.toggle_draw()
        self.value_edit.clear()
        self._acted()
        self._show()

    def _toggle_self_draw(self) -> None:
        self._draft.toggle_self_draw()
        self._acted()
        self._show()

    def _acted(self) -> None:
        """A key or button that did what it says: a message of the act before goes ("Press
        a seat key…" stayed under "Draw (wall exhausted): nobody scores"). A held bar
        keeps its words, which say how to go on; a click past a refused seat key goes on
        from the hand shown, as a seat clicked does."""
        if self._hold is _Hold.SEAT:
            self._hold = _Hold.NONE
        if self._hold is _Hold.NONE:
            self._clear_message()

    def _toggle_kong(self) -> None:
        self._draft.kong = not self._draft.kong
        self._show()

    def _ask_responsible(self) -> None:
        if self._rules is not None and not self._rules[0].same_turn_immunity:
            self.show_problem(self.tr("These rules have no same-turn immunity: the discarder "
                                      "always pays for a discard win."))
        elif not self._draft.ask_responsible():
            self.show_problem(self.tr("Immunity applies to a discard win: "
                                      "pick the winner and the discarder first."))
        self._show()

    def _add_winner(self) -> None:
        if self._rules is not None and not self._rules[0].several_claims:
            self.show_problem(self.tr("Under these rules one player wins a hand: of several "
                                      "claims on one discard, enter the one nearest the "
                                      "discarder's lower seat."))
        elif ((waiting := self._draft.waiting_value()) is not None
              and self._draft.discarder is not None and not self._draft.self_draw):
            self.show_problem(self.tr("Type {who}'s value first; + then adds the next "
                                      "winner.").format(who=self._name(waiting.winner)))
        elif not self._draft.add_winner():
            self.show_problem(self.tr("Several winners need one discard: pick the first "
                                      "winner and the discarder first (at most three)."))
        else:
            self.value_edit.clear()
        self._show()

    def _value_edited(self, text: str) -> None:
        self._hold = _Hold.NONE
        current = self._draft.current
        if current is not None and not self._draft.adding_winner:
            current.value = text
        self._check_typed_value(text)
        self._show()

    def _check_typed_value(self, text: str) -> None:
        """A value no further digit can rescue is worded at once; a value that is only
        incomplete ("2" on the way to "25") waits for Enter."""
        problem = self.value_problem(int(text)) if text.strip().isdigit() else None
        if problem is not None and not self._could_become_possible(text.strip()):
            self.show_problem(problem)
            self._value_message = True
        elif self._value_message:
            self._clear_message()

    def _sync_value(self) -> None:
        current = self._draft.current
        self.value_edit.setText(current.value if current is not None else "")

    def commit(self) -> None:
        if self._moved_from is not None:  # said again, heard: the next Enter records
            QApplication.beep()
            self.show_problem(self._moved_held_text(self._number))
            self._moved_from = None
            return
        problem = self._draft.problem()
        if problem is not None:
            self.show_problem(self._problem_text(problem))
            return
        for win in self._draft.wins:
            value_problem = self.value_problem(int(win.value)) if not self._draft.draw else None
            if value_problem is not None:
                name = self._name(win.winner)
                self._refusal = (value_problem if len(self._draft.wins) == 1
                                 else f"{name}: {value_problem}")
                self.show_problem(self._refusal)
                self._value_message = True
                self._hold = _Hold.REFUSED
                self.value_edit.selectAll()  # digits typed now replace it
                return
        self._clear_message()
        entry, self._intercepted_by = self._intercepted(self._with_points(self._draft.entry()))
        self._submitted = True  # until accepted: a refusal leaves the hand in the bar
        self.submitted.emit(entry, self._number, self._replacing)

    def _intercepted(self, entry: HandEntry) -> tuple[HandEntry, int | None]:
        """Several claims on one discard, as the rules let them stand (`intercepted`)."""
        if self._rules is None:
            return entry, None
        rule_set, options = self._rules
        return intercepted(entry, self._seat_of(), rule_set, options)

    def _with_points(self, entry: HandEntry) -> HandEntry:
        """Each player's points from the points row; a winner's are his hand's value."""
        if self.points_row.isHidden():
            return entry
        points = {player.id: spin.value()
                  for player, spin in zip(self._players(), self.points_edits)}
        points.update({win.winner_id: win.value for win in entry.wins})
        return dataclasses.replace(entry, player_points=tuple(points.items()))

    def _problem_text(self, problem: DraftProblem) -> str:
        return {
            DraftProblem.NO_WINNER: self.tr("Press a seat key (E S W N or 1–4) for the winner, "
                                            "or D for a draw."),
            DraftProblem.NO_DISCARDER: self.tr("Press the discarder's seat key, or T for a "
                                               "self-draw."),
            DraftProblem.NO_VALUE: self.tr("Type the hand value."),
            DraftProblem.SAME_PLAYER: self.tr("A player cannot win from himself."),
        }[problem]

    # --- display

    def _name(self, player_id: int | None) -> str:
        """A player as the columns name him: column letter and name."""
        for column, player in enumerate(self._players()):
            if player.id == player_id:
                return f"{COLUMN_KEYS[column]} {player.name}" if column < 4 else player.name
        return "—"

    def _show(self) -> None:
        draft = self._draft
        players = self._players()
        dealer = ""
        seating = self._view.seating(self._number) if self._view is not None else None
        if seating is not None:
            dealer = next((p.name for p in players if p.id == seating.dealer_id), "")
        verb = self.tr("Change hand") if self._replacing else self.tr("Hand")
        self._title.setText(f"{verb} #{self._number}" + (
            self.tr(" · {dealer} deals").format(dealer=dealer) if dealer else ""))
        if self._full():
            self._title.setText(self.tr("All hands entered"))
        winners = {w.winner for w in draft.wins}
        for column, button in enumerate(self._seats):
            if column >= len(players):
                button.setText("")
                button.setEnabled(False)
                continue
            player = players[column]
            role = (self.tr(" · winner") if player.id in winners
                    else self.tr(" · discarder") if player.id == draft.discarder else "")
            wind = self.wind_of(player.id)
            now = (self.tr(" · sits {wind}").format(wind=wind.value)
                   if wind is not None and column < 4 and wind.value != COLUMN_KEYS[column]
                   else "")
            button.setEnabled(True)
            button.setText(no_mnemonic(f"{column + 1}  {self._name(player.id)}{now}{role}"))
            button.setChecked(player.id in winners or player.id == draft.discarder)
        self._show_winners_points()
        self._draw.setChecked(draft.draw)
        self._self_draw.setChecked(draft.self_draw)
        self._commit.setText(self.tr("Replace hand") if self._replacing
                             else self.tr("Enter hand"))
        self._summary.setText(self._summary_text())
        # The focused field takes seat keys until the seats are set: its label and
        # placeholder say which it wants.
        wants_seat = draft.phase() in _SEAT_PHASES
        self._value_label.setText(self.tr("Seat:") if wants_seat else self.tr("Value:"))
        self.value_edit.setPlaceholderText(
            self.tr("seat key") if wants_seat else self.tr("value"))
        self.draft_changed.emit()

    def _show_winners_points(self) -> None:
        """A winner's hand points are his hand's value (`_with_points`): his box shows it
        as it is typed and takes no input. A player who stops being a winner gets an empty
        box back, for the judge to fill from his shown hand."""
        if self.points_row.isHidden():
            return
        values = {win.winner: int(win.value) if win.value.isdigit() else 0
                  for win in self._draft.wins}
        for spin, player in zip(self.points_edits, self._players()):
            spin.blockSignals(True)
            if player.id in values:
                spin.setValue(values[player.id])
            elif player.id in self._winners_shown:
                spin.setValue(0)
            spin.blockSignals(False)
            spin.setEnabled(player.id not in values)
            spin.setToolTip(self.tr("A winner's hand points are his hand's value.")
                            if player.id in values else "")
        self._winners_shown = set(values)

    def _payments_preview(self) -> str:
        """Who pays what for the hand as typed, once it is complete and its values are
        possible; "" otherwise."""
        draft = self._draft
        if self._previewer is None or draft.problem() is not None or draft.adding_winner:
            return ""
        if any(self.value_problem(int(win.value)) for win in draft.wins):
            return ""
        entry, _interceptor = self._intercepted(self._with_points(draft.entry()))
        deltas = self._previewer(entry, self._number)
        if deltas is None:
            return ""
        column = {player.id: index for index, player in enumerate(self._players())}
        return payment_words(sorted(deltas, key=lambda d: column.get(d[0], len(column))),
                             self._name)

    def _summary_text(self) -> str:
        draft = self._draft
        if self._view is not None and self._view.locked:
            return self.tr("Signed and locked.")
        if self._full():
            return self.tr("The sheet is complete: select a hand and press F2 to change it, "
                           "or sign it below.")
        if draft.draw:
            return self.tr("Draw (wall exhausted): nobody scores. Enter to record.")
        if not draft.wins:
            return self.tr("Waiting for the winner's seat key.")
        parts = []
        interceptor = self._interceptor()
        for win in draft.wins:
            if interceptor is not None and win.winner != interceptor:
                continue  # as the rules let the claims stand: said before Enter, not after
            text = self.tr("{winner} wins {value}").format(
                winner=self._name(win.winner), value=win.value or "?")
            if interceptor is not None:
                text += self.tr(" alone (the claim nearest the discarder's lower seat)")
            if win.responsible is None:
                text += self.tr(" (nobody responsible)")
            elif win.responsible >= 0 and win.responsible != draft.discarder:
                text += self.tr(" (responsible: {who})").format(who=self._name(win.responsible))
            if win.patterns:
                rule_set = "" if self._rules is None else self._rules[0].id
                text += f" [{pattern_marks(rule_set, win.patterns)}]"
            parts.append(text)
        summary = "; ".join(parts) + " · " + win_type_label(draft.win_type)
        if not draft.self_draw and draft.discarder is not None:
            summary += self.tr(" from {who}").format(who=self._name(draft.discarder))
        phase = draft.phase()
        preview = self._payments_preview()
        if preview:
            return summary + " → " + preview
        prompts = {Phase.WINNER: self.tr("next winner's seat key…"),
                   Phase.DISCARDER: self.tr("discarder's seat key…"),
                   Phase.RESPONSIBLE: self.tr("responsible player's seat key (0: nobody)…"),
                   Phase.VALUE: self.tr("type the value, Enter")}
        current = draft.current
        if (phase is Phase.VALUE and current is not None and current.value.isdigit()
                and self.value_problem(int(current.value))):
            prompts[phase] = self.tr("not a value these rules give (see below)")
        if phase in prompts:
            summary += " — " + prompts[phase]
        return summary

    def _interceptor(self) -> int | None:
        """The claimant whose win alone stands, once several claims are typed in full."""
        draft = self._draft
        if len(draft.wins) < 2 or draft.adding_winner or draft.problem() is not None:
            return None
        return self._intercepted(draft.entry())[1]
