"""How format presets read in the GUI; the domain only knows their codes."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tournament_manager.domain.presets import Preset


def preset_label(preset: Preset) -> str:
    labels = {
        Preset.WSOM_2015: QCoreApplication.translate(
            "Presets", "WSOM 2015: 4 sessions, then cuts to the final table"),
        Preset.WSOM_2010: QCoreApplication.translate(
            "Presets", "WSOM 2010: 6 sessions, then cuts to the final table"),
        Preset.OPEN: QCoreApplication.translate("Presets", "Open: sessions only, no cuts"),
    }
    return labels[preset]


def format_label(format_preset: str) -> str:
    """A stored preset code; one from a newer version is shown as it is stored."""
    try:
        return preset_label(Preset(format_preset))
    except ValueError:
        return format_preset
