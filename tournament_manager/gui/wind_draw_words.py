"""A table's wind draw in words: every step with the dice and the tiles, and the winds.

Shared by the Seating page (the draw just made, to read out to the table) and the dialog
that records a draw done at the table (the winds that follow, shown before they are
saved), so the judge reads the same sentences in both.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from tournament_manager.domain.seat_pick import WIND_ORDER, SeatPick
from tournament_manager.rules.tiles import Wind

translate = QCoreApplication.translate  # by this name, so pyside6-lupdate finds the words

DICE = "⚀⚁⚂⚃⚄⚅"
WIND_GLYPHS = {"E": "東", "S": "南", "W": "西", "N": "北"}
WIND_NAMES = {"E": QT_TRANSLATE_NOOP("WindDraw", "East"),
              "S": QT_TRANSLATE_NOOP("WindDraw", "South"),
              "W": QT_TRANSLATE_NOOP("WindDraw", "West"),
              "N": QT_TRANSLATE_NOOP("WindDraw", "North")}
"""English names, marked for pyside6-lupdate: shown through `wind_name`."""


def player_name(names: Mapping[int, str], player: object) -> str:
    """The seating search hands back whatever keys it was given; ours are player ids."""
    return names.get(player, str(player)) if isinstance(player, int) else str(player)


def wind_name(wind: Wind) -> str:
    """"East", in the window's language."""
    return translate("WindDraw", WIND_NAMES[wind.value])


def wind_label(wind: Wind) -> str:
    """"東 East", as the tiles and the sheets show a wind."""
    return f"{WIND_GLYPHS[wind.value]} {wind_name(wind)}"


def dice_text(throw: tuple[int, int]) -> str:
    return f"{DICE[throw[0] - 1]} {DICE[throw[1] - 1]} = {sum(throw)}"


def describe_winds(winds: Iterable[tuple[Hashable, Wind]], names: Mapping[int, str]) -> str:
    """"東 Ann   南 Bob   西 Cy   北 Di", East first."""
    ordered = sorted(winds, key=lambda pair: WIND_ORDER.index(pair[1]))
    return "   ".join(f"{WIND_GLYPHS[wind.value]} {player_name(names, player)}"
                      for player, wind in ordered)


def describe_seat_pick(pick: SeatPick, names: Mapping[int, str]) -> str:
    """Every step of the table's wind draw, with the dice and the tiles shown."""
    def name(chair: int) -> str:
        return player_name(names, pick.arrival[chair])

    row = " ".join(WIND_GLYPHS[tile.value] for tile in pick.row)
    end = translate("WindDraw", "odd") if pick.end.value == "odd" else translate("WindDraw", "even")
    return "\n".join(
        [
            translate("WindDraw", "Arrival, counter-clockwise: {order}").format(
                order=", ".join(name(chair) for chair in range(4))
            ),
            translate("WindDraw", "Wind tiles face down, odd end first: ▮ ▮ ▮ ▮ → {row}").format(
                row=row
            ),
            translate("WindDraw", "{thrower} throws {dice}: {next} throws again").format(
                thrower=name(pick.first_thrower),
                dice=dice_text(pick.first_dice),
                next=name(pick.second_thrower),
            ),
            translate(
                "WindDraw", "{thrower} throws {dice}: {taker} takes first, from the {end} end"
            ).format(
                thrower=name(pick.second_thrower),
                dice=dice_text(pick.second_dice),
                taker=name(pick.first_taker),
                end=end,
            ),
            describe_winds(pick.winds, names),
        ]
    )
