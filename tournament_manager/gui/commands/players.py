"""Player commands; a removed-then-restored player gets a new id, recorded as an alias.

Adding and importing ask the service to refuse a player who looks registered already
(`allow_duplicate=False`); the command remembers the refusal (`refusal`) so the page can
ask "register anyway?" and run it again with the duplicate allowed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from PySide6.QtCore import QCoreApplication

from tournament_manager.domain.model import Player, PlayerStatus
from tournament_manager.domain.player_rows import PlayerField
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.base import CommandContext, Question, ServiceCommand
from tournament_manager.gui.formatting import by_count
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.players import (
    import_player_rows,
    register_player,
    set_player_status,
    update_player,
)
from tournament_manager.services.setup import remove_player, restore_player

translate = QCoreApplication.translate  # by this name, so pyside6-lupdate finds the words

PLAYER = "player"


class AddPlayer(ServiceCommand):
    topic = Topic.PLAYERS

    def __init__(self, context: CommandContext, player: Player, *,
                 allow_duplicate: bool = False) -> None:
        super().__init__(
            context,
            translate("PlayerCommands", "Add player {name}").format(name=player.name.strip()),
        )
        self.player = player
        self.allow_duplicate = allow_duplicate
        self.player_id: int | None = None
        self.stored: Player | None = None
        """The player as registered (with the registration number the service gave)."""
        self.removed: Player | None = None
        self.refusal: ServiceProblem | None = None

    def do(self) -> None:
        if self.removed is None:
            try:
                self.stored = register_player(self.uow(), self.player,
                                              allow_duplicate=self.allow_duplicate)
            except ServiceError as error:
                self.refusal = error.problem
                raise
            self.player_id = self.stored.id
        else:
            stored = restore_player(self.uow(), self.removed)
            self._context.aliases.moved(PLAYER, self.removed.id, stored.id)

    def revert(self) -> None:
        assert self.player_id is not None
        self.removed = remove_player(self.uow(),
                                     self._context.aliases.resolve(PLAYER, self.player_id))


class EditPlayer(ServiceCommand):
    topic = Topic.PLAYERS

    def __init__(self, context: CommandContext, old: Player, new: Player) -> None:
        super().__init__(
            context, translate("PlayerCommands", "Edit player {name}").format(name=new.name.strip())
        )
        self.old, self.new = old, new
        self._stored = new
        """The player as `do` left him (stored as the record keeps him: "cn" typed, "CN")."""

    def _current(self, player: Player) -> Player:
        return dataclasses.replace(
            player, id=self._context.aliases.resolve(PLAYER, self.old.id))

    def do(self) -> None:
        # Over the player as the form showed him (`old`), and on Redo as Undo left him:
        # a detail changed at another station since is not written over unseen.
        self._stored = update_player(self.uow(), self._current(self.new),
                                     expected=self._current(self.old))

    def revert(self) -> None:
        update_player(self.uow(), self._current(self.old),
                      expected=self._current(self._stored))


class SetPlayerStatus(ServiceCommand):
    topic = Topic.PLAYERS

    def __init__(self, context: CommandContext, player: Player, status: PlayerStatus) -> None:
        text = (translate("PlayerCommands", "Withdraw {name}") if status is PlayerStatus.WITHDRAWN
                else translate("PlayerCommands", "Reinstate {name}"))
        super().__init__(context, text.format(name=player.name))
        self.player_id, self.status, self.old = player.id, status, player.status

    def do(self) -> None:
        set_player_status(self.uow(), self._id(), self.status)

    def revert(self) -> None:
        set_player_status(self.uow(), self._id(), self.old)

    def _id(self) -> int:
        return self._context.aliases.resolve(PLAYER, self.player_id)


class RemovePlayer(ServiceCommand):
    topic = Topic.PLAYERS

    def __init__(self, context: CommandContext, player_id: int, name: str) -> None:
        super().__init__(
            context, translate("PlayerCommands", "Remove player {name}").format(name=name)
        )
        self.player_id = player_id
        self.removed: Player | None = None

    def do(self) -> None:
        self.removed = remove_player(self.uow(),
                                     self._context.aliases.resolve(PLAYER, self.player_id))

    def revert(self) -> None:
        assert self.removed is not None
        stored = restore_player(self.uow(), self.removed)
        self._context.aliases.moved(PLAYER, self.removed.id, stored.id)


class ImportPlayers(ServiceCommand):
    """One entry for the whole file: undo removes every imported player."""

    topic = Topic.PLAYERS

    def __init__(self, context: CommandContext, rows: Sequence[Sequence[str]],
                 mapping: Mapping[PlayerField, int], source: str, *,
                 allow_duplicates: bool = False, skip_duplicates: bool = False) -> None:
        super().__init__(
            context, translate("PlayerCommands", "Import players from {file}").format(file=source)
        )
        self.rows, self.mapping = rows, dict(mapping)
        self.source = source
        self.allow_duplicates = allow_duplicates
        self.skip_duplicates = skip_duplicates
        self.ids: list[int] = []
        self.removed: list[Player] = []
        self.refusal: ServiceProblem | None = None

    def do(self) -> None:
        if not self.removed:
            try:
                imported = import_player_rows(self.uow(), self.rows, self.mapping,
                                              allow_duplicates=self.allow_duplicates,
                                              skip_duplicates=self.skip_duplicates)
            except ServiceError as error:
                self.refusal = error.problem
                raise
            self.ids = [p.id for p in imported]
            return
        for player in self.removed:
            stored = restore_player(self.uow(), player)
            self._context.aliases.moved(PLAYER, player.id, stored.id)

    def second_thought(self, undoing: bool) -> Question | None:
        """One keystroke would remove every player of a file: asked first."""
        if not undoing:
            return None
        return Question(
            title=translate("PlayerCommands", "Remove Imported Players"),
            question=by_count(
                len(self.ids),
                translate("PlayerCommands", "Remove the 1 player imported from {file}?"),
                translate("PlayerCommands", "Remove the {count} players imported from {file}?"),
            ).format(count=len(self.ids), file=self.source),
            details=translate("PlayerCommands", "Edit ▸ Redo imports them again."),
            act=translate("PlayerCommands", "Remove Players"))

    def revert(self) -> None:
        self.removed = [remove_player(self.uow(), self._context.aliases.resolve(PLAYER, pid))
                        for pid in self.ids]
