"""How format presets read in the GUI; the domain only knows their codes."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tournament_manager.domain.presets import Preset, preset_rounds
from tournament_manager.domain.settings import RoundPlan, TournamentSettings
from tournament_manager.gui.setting_words import choice_label

translate = QCoreApplication.translate  # by this name, so pyside6-lupdate finds the words


def preset_label(preset: Preset) -> str:
    labels = {
        Preset.WSOM_2015: QCoreApplication.translate(
            "Presets", "WSOM 2015: 4 sessions, then cuts to the final table"),
        Preset.WSOM_2010: QCoreApplication.translate(
            "Presets", "WSOM 2010: 6 sessions, then cuts to the final table"),
        Preset.OPEN: QCoreApplication.translate("Presets", "Open: sessions only, no cuts"),
    }
    return labels[preset]


def rounds_text(rounds: tuple[RoundPlan, ...]) -> str:
    """The round plan in words: "Preliminary 1 session, top 4 go on · Final 1 session,
    carrying 50%"."""
    parts = []
    for index, plan in enumerate(rounds):
        words = [choice_label(plan.kind) + " " + (
            translate("Presets", "1 session") if plan.sessions == 1 else
            translate("Presets", "{n} sessions").format(n=plan.sessions))]
        if index and plan.carry != 1:
            words.append(translate("Presets", "carrying {carry:.0%}").format(carry=plan.carry))
        if plan.advance is not None:
            words.append(translate("Presets", "top {n} go on").format(n=plan.advance))
        parts.append(", ".join(words))
    return " · ".join(parts)


def format_label(settings: TournamentSettings) -> str:
    """The preset's name while the rounds are the preset's; once Setup changed them, the
    rounds themselves (an "Open: no cuts" label over a plan with a cut would mislead). A
    preset code from a newer version is shown as it is stored."""
    try:
        preset = Preset(settings.format_preset)
    except ValueError:
        return settings.format_preset
    sessions = settings.rounds[0].sessions if settings.rounds else None
    if not settings.rounds or settings.rounds == preset_rounds(preset, sessions):
        return preset_label(preset)
    return translate("Presets", "Rounds set on Setup: {rounds}").format(
        rounds=rounds_text(settings.rounds)
    )
