"""Every tournament setting as a form field, each with its default shown beside it.

The rule set's own options come from its declared `option_specs`, so a new rule set
brings its settings to this form without a change here. Choices and defaults are shown in
words (`gui.setting_words`), never as the codes the settings store.

Once the event has started the settings are fixed, but its name and venue are not: they
change no result (`set_settings_editable`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.presets import Preset, preset_rounds, with_rule_set_customs
from tournament_manager.domain.settings import (
    KEEP_APART_FIELDS,
    FinalSeating,
    OddFieldPolicy,
    OnTimeOut,
    PenaltyMode,
    RecordStyle,
    RoundKind,
    RoundPlan,
    SeatPickMode,
    SeatRotation,
    SessionConversion,
    SessionEnd,
    TournamentSettings,
)
from tournament_manager.gui.item_data import add_choice, current_choice
from tournament_manager.gui.preset_names import preset_label
from tournament_manager.gui.setting_words import (
    choice_label,
    option_choice_label,
    option_label,
    option_value_label,
    rule_set_label,
)
from tournament_manager.rules.options import OptionKind, OptionSpec
from tournament_manager.rules.registry import available_rule_sets, get_rule_set

DEFAULTS = TournamentSettings()
ENUM_FIELDS: tuple[tuple[str, str, type[StrEnum]], ...] = (
    ("session_end", QT_TRANSLATE_NOOP("SettingsForm", "Session ends"), SessionEnd),
    ("seat_pick", QT_TRANSLATE_NOOP("SettingsForm", "Seat pick"), SeatPickMode),
    ("on_time_out", QT_TRANSLATE_NOOP("SettingsForm", "When time runs out"), OnTimeOut),
    ("penalty_mode", QT_TRANSLATE_NOOP("SettingsForm", "Penalty points"), PenaltyMode),
    ("session_conversion", QT_TRANSLATE_NOOP("SettingsForm", "Session score"), SessionConversion),
    ("record_style", QT_TRANSLATE_NOOP("SettingsForm", "Score record"), RecordStyle),
    ("final_seating", QT_TRANSLATE_NOOP("SettingsForm", "Final seating"), FinalSeating),
    ("odd_field", QT_TRANSLATE_NOOP("SettingsForm", "Field not a multiple of 4"), OddFieldPolicy),
    ("seat_rotation", QT_TRANSLATE_NOOP("SettingsForm", "Seats between cycles"), SeatRotation),
)
ROUND_COLUMNS = (
    QT_TRANSLATE_NOOP("SettingsForm", "Kind"),
    QT_TRANSLATE_NOOP("SettingsForm", "Sessions"),
    QT_TRANSLATE_NOOP("SettingsForm", "Keeps (cut)"),
    QT_TRANSLATE_NOOP("SettingsForm", "Carry"),
)
KEEP_APART_LABELS = {"club": QT_TRANSLATE_NOOP("SettingsForm", "Club"),
                     "country": QT_TRANSLATE_NOOP("SettingsForm", "Country"),
                     "team": QT_TRANSLATE_NOOP("SettingsForm", "Team")}
"""The words for `domain.settings.KEEP_APART_FIELDS`."""
HINT_WIDTH = 170
"""The defaults' column (a long default wraps): at 200 px the form was 35 px wider than
the Setup page at 1280 px under MCR, and the defaults ran under its edge."""
COMBO_CHARACTERS = 12
"""A choice list narrower than its longest choice (which its popup shows in full), so
the form fits a 1280-pixel laptop screen."""
KIND_COLUMN = 0


def carry_text(carry: float) -> str:
    """"50%": the carry as the Cuts page, the format's words and the rules say it (the
    table showed "0.5" and "1" beside a Cuts page showing "50%" and "100%")."""
    return f"{carry * 100:g}%"


def read_carry(text: str) -> float:
    """The carry typed: "50%" or "50 %", or a fraction as before ("0.5"; empty: all of
    it). A bare number over 1 ("50") is not guessed at: ValueError, and the form says
    how to type it."""
    text = text.strip()
    if not text:
        return 1.0
    if text.endswith("%"):
        return float(text[:-1].strip()) / 100
    value = float(text)
    if value > 1:
        raise ValueError(text)
    return value


class SettingsForm(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settings_form")
        self.name = QLineEdit(self)
        self.name.setObjectName("setting_name")
        self.venue = QLineEdit(self)
        self.venue.setObjectName("setting_venue")
        self.rule_set = self._combo()
        self.rule_set.setObjectName("setting_rule_set")
        for rule_set_id in available_rule_sets():
            add_choice(self.rule_set, rule_set_label(rule_set_id), rule_set_id)
        self.preset = self._combo()
        self.preset.setObjectName("setting_preset")
        for preset in Preset:
            add_choice(self.preset, preset_label(preset), preset.value)
        self.apply_preset = QPushButton(self.tr("Use this format's rounds"), self)
        self.apply_preset.setObjectName("apply_preset")
        self.apply_preset.clicked.connect(self._apply_preset)
        self.hands = self._spin("setting_hands", 4, 64, 4)
        self.time_limit = self._spin("setting_time_limit", 1, 600, 5, self.tr(" min"))
        self.bye_score = self._spin("setting_bye_score", -1000, 1000, 1)
        self.false_win_points = self._spin("setting_false_win_points", 0, 1000, 5)
        self.false_win_distributed = QCheckBox(self.tr("paid to the other three"), self)
        self.false_win_distributed.setObjectName("setting_false_win_distributed")
        self.double_entry = QCheckBox(self.tr("each hand typed twice"), self)
        self.double_entry.setObjectName("setting_double_entry")
        self.double_entry.setToolTip(self.tr(
            "A hand counts when it was typed twice the same: by two players of the table "
            "(table-side entry) or by two typists at the results desk, each typing the paper "
            "sheet blind; entries that differ are shown on the progress board"))
        self.enums: dict[str, QComboBox] = {}
        for key, _label, enum in ENUM_FIELDS:
            combo = self._combo()
            combo.setObjectName(f"setting_{key}")
            for member in enum:
                add_choice(combo, choice_label(member), member.value)
            self.enums[key] = combo
        self.keep_apart = {name: QCheckBox(self.tr(KEEP_APART_LABELS[name]), self)
                           for name in KEEP_APART_FIELDS}
        self.rounds = QTableWidget(0, len(ROUND_COLUMNS), self)
        self.rounds.setObjectName("setting_rounds")
        self.rounds.setHorizontalHeaderLabels([self.tr(c) for c in ROUND_COLUMNS])
        self.rounds.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.rounds.verticalHeader().setDefaultSectionSize(22)
        self.rounds.setMinimumHeight(140)
        self.add_round = QPushButton(self.tr("Add a round"), self)
        self.add_round.setObjectName("add_round")
        self.add_round.setToolTip(self.tr("A round after the last: the last round's cut "
                                          "(Keeps) says how many play it"))
        self.add_round.clicked.connect(self._add_round)
        self.remove_round = QPushButton(self.tr("Remove the last round"), self)
        self.remove_round.setObjectName("remove_round")
        self.remove_round.clicked.connect(self._remove_round)
        self.rule_options: dict[str, QWidget] = {}
        self._rule_form = QFormLayout()
        self._default_hints: list[tuple[QLabel, Callable[[TournamentSettings], str]]] = []

        event = QGroupBox(self.tr("Event"), self)
        event_form = QFormLayout(event)
        event_form.addRow(self.tr("Name:"), self.name)
        event_form.addRow(self.tr("Venue:"), self.venue)
        preset_row = QHBoxLayout()
        preset_row.addWidget(self.preset, 1)
        preset_row.addWidget(self.apply_preset)
        event_form.addRow(self.tr("Format preset:"), preset_row)
        event_form.addRow(self.tr("Rounds:"), self.rounds)
        round_buttons = QHBoxLayout()
        round_buttons.addWidget(self.add_round)
        round_buttons.addWidget(self.remove_round)
        round_buttons.addStretch(1)
        event_form.addRow("", round_buttons)
        play = self._play_box = QGroupBox(self.tr("Play"), self)
        play_form = QFormLayout(play)
        self._row(play_form, self.tr("Hands (deals) per session:"), self.hands,
                  lambda defaults: str(defaults.hands_per_session))
        self._row(play_form, self.tr("Session time limit:"), self.time_limit,
                  lambda defaults: self.tr("{n} min").format(n=defaults.time_limit_minutes))
        for key, label, _enum in ENUM_FIELDS:
            self._row(play_form, self.tr(label) + ":", self.enums[key],
                      lambda defaults, key=key: choice_label(getattr(defaults, key)))
        self._row(play_form, self.tr("Bye score (raw):"), self.bye_score,
                  lambda defaults: str(defaults.bye_score))
        false_win = QHBoxLayout()
        false_win.addWidget(self.false_win_points)
        false_win.addWidget(self.false_win_distributed)
        self._row(play_form, self.tr("False win penalty:"), false_win, self._false_win_default)
        self._row(play_form, self.tr("Double entry:"), self.double_entry, self.tr("off"))
        keep = QHBoxLayout()
        for box in self.keep_apart.values():
            keep.addWidget(box)
        self._row(play_form, self.tr("Keep apart in session 1:"), keep,
                  ", ".join(self.tr(KEEP_APART_LABELS[field]) for field in DEFAULTS.keep_apart))
        rules = self._rules_box = QGroupBox(self.tr("Scoring rules"), self)
        rules_layout = QVBoxLayout(rules)
        rule_row = QFormLayout()
        self._row(rule_row, self.tr("Rule set:"), self.rule_set,
                  rule_set_label(DEFAULTS.rule_set))
        rules_layout.addLayout(rule_row)
        rules_layout.addLayout(self._rule_form)
        rules_layout.addStretch(1)

        columns = QHBoxLayout(self)
        left = QVBoxLayout()
        left.addWidget(event)
        left.addWidget(rules)
        columns.addLayout(left, 1)
        columns.addWidget(play, 1)
        self._settings = DEFAULTS
        self._editable = True
        self._show_rule_options(DEFAULTS)
        self.rule_set.currentIndexChanged.connect(self._rule_set_chosen)

    def _show_defaults(self, rule_set_id: str) -> None:
        """Each field's default as the rule set has it: its customs are part of it (under
        MCR the default session score is table points, not match points)."""
        defaults = with_rule_set_customs(TournamentSettings(rule_set=rule_set_id))
        for hint, default_of in self._default_hints:
            hint.setText(self.tr("default: {value}").format(value=default_of(defaults)))

    def _false_win_default(self, defaults: TournamentSettings) -> str:
        points = defaults.false_win_points
        if not points:
            return self.tr("{n} (an incident)").format(n=points)
        if defaults.false_win_distributed:
            return self.tr("{n}, paid to the other three").format(n=points)
        return str(points)

    def _rule_set_chosen(self, _index: int) -> None:
        """Another rule set: its own options at their defaults, and the customs events
        under it follow (MCR: table points, the seat rotation, the false-win penalty).
        Back to the event's own rule set: its saved options and customs come back (they
        stayed at the other rule set's before, and Apply would have saved them)."""
        rule_set_id = str(current_choice(self.rule_set))
        source = (self._settings if rule_set_id == self._settings.rule_set
                  else with_rule_set_customs(TournamentSettings(rule_set=rule_set_id)))
        self._show_rule_options(source)
        for key in ("session_conversion", "seat_rotation"):
            combo = self.enums[key]
            combo.setCurrentIndex(combo.findData(getattr(source, key).value))
        self.false_win_points.setValue(source.false_win_points)
        self.false_win_distributed.setChecked(source.false_win_distributed)

    def _combo(self) -> QComboBox:
        combo = QComboBox(self)
        combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(COMBO_CHARACTERS)
        # A long choice is cut at 1280 px ("After its deals (a dealer who wins de"): its
        # whole text is the tooltip, as the list it drops shows it.
        combo.currentTextChanged.connect(combo.setToolTip)
        return combo

    def _spin(self, name: str, low: int, high: int, step: int, suffix: str = "") -> QSpinBox:
        spin = QSpinBox(self)
        spin.setObjectName(name)
        spin.setRange(low, high)
        spin.setSingleStep(step)
        spin.setSuffix(suffix)
        return spin

    def _row(self, form: QFormLayout, label: str, field: QWidget | QHBoxLayout,
             default: str | Callable[[TournamentSettings], str]) -> None:
        """A field with its default beside it: a text, or how to read it from the settings
        an event of the chosen rule set starts with (`_show_defaults` fills those in)."""
        row = QHBoxLayout()
        if isinstance(field, QWidget):
            row.addWidget(field, 1)
        else:
            row.addLayout(field, 1)
        hint = QLabel(self)
        first = field if isinstance(field, QWidget) else field.itemAt(0).widget()
        hint.setObjectName(f"default_{first.objectName()}")
        if callable(default):
            self._default_hints.append((hint, default))
        else:
            hint.setText(self.tr("default: {value}").format(value=default))
        hint.setEnabled(False)  # the palette's disabled text: quiet, in light and dark mode
        hint.setWordWrap(True)  # a long default takes two lines, never the field's width
        hint.setFixedWidth(HINT_WIDTH)  # the defaults stand in one column
        row.addWidget(hint)
        form.addRow(label, row)

    def _build_rule_options(self, rule_set_id: str) -> None:
        while self._rule_form.rowCount():
            self._rule_form.removeRow(0)
        self.rule_options.clear()
        for spec in get_rule_set(rule_set_id).option_specs():
            widget = self._option_widget(spec)
            widget.setObjectName(f"rule_option_{spec.key}")
            self.rule_options[spec.key] = widget
            self._row(self._rule_form, option_label(spec.key) + ":", widget,
                      option_value_label(spec, spec.default))

    def _option_widget(self, spec: OptionSpec) -> QWidget:
        if spec.kind is OptionKind.BOOLEAN:
            return QCheckBox(self)
        if spec.kind in (OptionKind.CHOICE, OptionKind.PATTERN_TABLE):
            combo = self._combo()
            for choice in spec.choices:
                add_choice(combo, option_choice_label(choice), choice)
            return combo
        spin = QSpinBox(self)
        spin.setRange(0, 100000)
        if spec.kind is OptionKind.OPTIONAL_INTEGER:
            spin.setSpecialValueText(self.tr("none"))
        return spin

    # --- settings in and out

    def show_settings(self, name: str, venue: str, settings: TournamentSettings) -> None:
        self._settings = settings
        self.name.setText(name)
        self.venue.setText(venue)
        self.rule_set.setCurrentIndex(max(self.rule_set.findData(settings.rule_set), 0))
        self.preset.setCurrentIndex(max(self.preset.findData(settings.format_preset), 0))
        self._show_rounds(settings.rounds)
        self.hands.setValue(settings.hands_per_session)
        self.time_limit.setValue(settings.time_limit_minutes)
        self.bye_score.setValue(settings.bye_score)
        self.false_win_points.setValue(settings.false_win_points)
        self.false_win_distributed.setChecked(settings.false_win_distributed)
        self.double_entry.setChecked(settings.double_entry)
        for key, combo in self.enums.items():
            combo.setCurrentIndex(combo.findData(getattr(settings, key).value))
        for field, box in self.keep_apart.items():
            box.setChecked(field in settings.keep_apart)
        self._show_rule_options(settings)

    def _show_rule_options(self, settings: TournamentSettings) -> None:
        """The rule set's own options, as `settings` has them (none given: its defaults),
        and each field's default as an event under that rule set starts with it."""
        rule_set = get_rule_set(settings.rule_set)
        values = rule_set.options_as_mapping(rule_set.validate_options(settings.rule_options))
        self._build_rule_options(settings.rule_set)
        self._show_defaults(settings.rule_set)
        for spec in rule_set.option_specs():
            self._set_option(self.rule_options[spec.key], spec, values.get(spec.key))

    def _set_option(self, widget: QWidget, spec: OptionSpec, value: Any) -> None:
        if isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, QComboBox):
            table = value.get("table") if isinstance(value, Mapping) else value
            widget.setCurrentIndex(max(widget.findData(table), 0))
        elif isinstance(widget, QSpinBox):
            widget.setValue(0 if value is None else int(value))

    def _show_rounds(self, rounds: tuple[RoundPlan, ...]) -> None:
        """One row per round; its kind is chosen from a list (in words), the numbers are
        typed."""
        self.rounds.setRowCount(len(rounds))
        for row, plan in enumerate(rounds):
            kind = QComboBox(self.rounds)
            kind.setObjectName(f"setting_round_kind_{row + 1}")
            for member in RoundKind:
                add_choice(kind, choice_label(member), member.value)
            kind.setCurrentIndex(max(kind.findData(plan.kind.value), 0))
            self.rounds.setCellWidget(row, KIND_COLUMN, kind)
            values = (str(plan.sessions), "" if plan.advance is None else str(plan.advance),
                      carry_text(plan.carry))
            for column, text in enumerate(values, start=KIND_COLUMN + 1):
                self.rounds.setItem(row, column, QTableWidgetItem(text))
        if rounds:
            self.rounds.resizeRowsToContents()

    def _apply_preset(self) -> None:
        self._show_rounds(preset_rounds(Preset(current_choice(self.preset))))

    def _add_round(self) -> None:
        """A one-session final after the rounds as typed (its numbers stay editable). While
        a typed cell cannot be read nothing is added, so no typing is lost; Apply says
        which cell is wrong."""
        rounds = self.read_rounds()
        if isinstance(rounds, str):
            return
        self._show_rounds((*rounds, RoundPlan(RoundKind.FINAL, sessions=1)))
        self.rounds.setCurrentCell(len(rounds), KIND_COLUMN + 1)

    def _remove_round(self) -> None:
        """The last round goes; the first always stays (an event has at least one)."""
        rounds = self.read_rounds()
        if isinstance(rounds, tuple) and len(rounds) > 1:
            self._show_rounds(rounds[:-1])

    def round_kind(self, row: int) -> QComboBox:
        combo = self.rounds.cellWidget(row, KIND_COLUMN)
        assert isinstance(combo, QComboBox)
        return combo

    def read_rounds(self) -> tuple[RoundPlan, ...] | str:
        """The round plan typed in the table, or what is wrong with it."""
        plans = []
        for row in range(self.rounds.rowCount()):
            items = [self.rounds.item(row, c) for c in range(KIND_COLUMN + 1, 4)]
            cells = [item.text().strip() if item is not None else "" for item in items]
            try:
                plans.append(RoundPlan(RoundKind(str(current_choice(self.round_kind(row)))),
                                       int(cells[0]), int(cells[1]) if cells[1] else None,
                                       read_carry(cells[2])))
            except ValueError:
                return self.tr("round {n}: sessions and keeps are whole numbers; carry is a "
                               "percentage (50%) or a fraction (0.5)").format(n=row + 1)
        return tuple(plans)

    def set_settings_editable(self, editable: bool) -> None:
        """Everything but the name and venue, which stay editable after the start."""
        for widget in (self._play_box, self._rules_box, self.preset, self.apply_preset,
                       self.rounds, self.add_round, self.remove_round):
            widget.setEnabled(editable)
        self._editable = editable

    def settings_editable(self) -> bool:
        return self._editable

    def settings(self) -> TournamentSettings | str:
        """The settings as edited, or a sentence saying which field cannot be read."""
        rounds = self.read_rounds()
        if isinstance(rounds, str):
            return rounds
        rule_set = get_rule_set(str(current_choice(self.rule_set)))
        same_rules = rule_set.id == self._settings.rule_set
        options: dict[str, object] = dict(self._settings.rule_options) if same_rules else {}
        for spec in rule_set.option_specs():
            widget = self.rule_options[spec.key]
            if isinstance(widget, QCheckBox):
                options[spec.key] = widget.isChecked()
            elif isinstance(widget, QComboBox):
                if spec.kind is OptionKind.PATTERN_TABLE:
                    current = options.get(spec.key)
                    if isinstance(current, Mapping):
                        options[spec.key] = {**current, "table": current_choice(widget)}
                    else:
                        options[spec.key] = current_choice(widget)
                else:
                    options[spec.key] = current_choice(widget)
            elif isinstance(widget, QSpinBox):
                value = widget.value()
                options[spec.key] = (None if spec.kind is OptionKind.OPTIONAL_INTEGER
                                     and value == 0 else value)
        enums: dict[str, Any] = {key: enum(current_choice(self.enums[key]))
                                 for key, _l, enum in ENUM_FIELDS}
        return dataclasses.replace(
            self._settings, rule_set=str(current_choice(self.rule_set)),
            rule_options=options, format_preset=str(current_choice(self.preset)), rounds=rounds,
            hands_per_session=self.hands.value(), time_limit_minutes=self.time_limit.value(),
            bye_score=self.bye_score.value(),
            false_win_points=self.false_win_points.value(),
            false_win_distributed=self.false_win_distributed.isChecked(),
            double_entry=self.double_entry.isChecked(),
            keep_apart=tuple(f for f, box in self.keep_apart.items() if box.isChecked()),
            **enums)
