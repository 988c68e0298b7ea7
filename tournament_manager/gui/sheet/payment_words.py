"""A hand's payments in words, as a table judge says them: "W Bo pays 40, the others 25
each; E Ann gets 90".

The amounts are the service's (`score_sheets.preview_hand`, the settlement the sheet will
store); this only groups them for reading: the payer who pays differently first, the others
together, then who gets what.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication

translate = QCoreApplication.translate  # by this name, so pyside6-lupdate finds the words


def payment_words(deltas: Sequence[tuple[int, int]], name: Callable[[int], str]) -> str:
    """`deltas`: (player id, delta) of one hand; `name` says a player as the sheet does."""
    losses = [(player, -delta) for player, delta in deltas if delta < 0]
    gains = [(player, delta) for player, delta in deltas if delta > 0]
    level = [player for player, delta in deltas if delta == 0]
    if not losses and not gains:
        return translate("PaymentWords", "nobody pays")
    parts = []
    amounts = Counter(amount for _player, amount in losses)
    if len(losses) > 1 and len(amounts) == 1:
        parts.append(translate("PaymentWords", "{who} pay {amount} each").format(
            who=_together([name(p) for p, _a in losses]), amount=losses[0][1]))
    elif len(losses) > 2 and len(amounts) == 2 and min(amounts.values()) == 1:
        odd = next(amount for amount, count in amounts.items() if count == 1)
        payer = next(player for player, amount in losses if amount == odd)
        usual = next(amount for amount, count in amounts.items() if count > 1)
        parts.append(
            translate("PaymentWords", "{payer} pays {odd}, the others {usual} each").format(
                payer=name(payer), odd=odd, usual=usual
            )
        )
    else:
        parts.extend(
            translate("PaymentWords", "{payer} pays {amount}").format(payer=name(p), amount=a)
            for p, a in losses
        )
    if level and losses:
        parts.append(
            translate("PaymentWords", "{who} nothing").format(
                who=_together([name(p) for p in level])
            )
        )
    words = ", ".join(parts)
    received = ", ".join(
        translate("PaymentWords", "{winner} gets {amount}").format(winner=name(p), amount=a)
        for p, a in gains
    )
    return f"{words}; {received}" if words and received else words or received


def _together(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return translate("PaymentWords", "{some} and {last}").format(
        some=", ".join(names[:-1]), last=names[-1]
    )
