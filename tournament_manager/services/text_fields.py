"""Every text a judge types or imports into the record, checked one way.

A 5,000-character name typed in the Players form was taken (the import refused anything
over 200) and made the window 32,767 pixels wide; a 5,000-character event name pushed
Setup's buttons off the screen. Whatever way a text comes in, it is cleaned as an
imported cell is (`clean_text`) and refused past the length every sheet, card and list is
laid out for."""

from __future__ import annotations

from typing import Final

from tournament_manager.domain.player_rows import MAX_NAME_LENGTH, PlayerField, clean_text
from tournament_manager.services.errors import ServiceError, ServiceProblem

EVENT_NAME: Final = "event_name"
VENUE: Final = "venue"


def checked_text(value: str, field: PlayerField | str) -> str:
    """`value` cleaned, or `TEXT_TOO_LONG` naming the field (a player's field, or
    `EVENT_NAME` / `VENUE`) and the limit."""
    cleaned = clean_text(value)
    if len(cleaned) > MAX_NAME_LENGTH:
        raise ServiceError(ServiceProblem.TEXT_TOO_LONG, field=str(field),
                           length=len(cleaned), limit=MAX_NAME_LENGTH)
    return cleaned
