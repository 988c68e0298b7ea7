"""Properties over generated winning hands (hypothesis)."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import assume, given
from hypothesis import strategies as st

from tournament_manager.rules import get_rule_set
from tournament_manager.rules.hand import Hand, Meld, MeldKind, WinType
from tournament_manager.rules.settlement import TableOutcome, Win
from tournament_manager.rules.tiles import FIRST_HONOR, TILE_KINDS, WINDS, TileId, Wind
from tournament_manager.rules.zung_jung import ZungJungRuleSet

ZJ = get_rule_set("zung-jung")
assert isinstance(ZJ, ZungJungRuleSet)
OPTIONS = ZJ.default_options()

# A set is ("chow", first tile) or ("pung", tile); melded pungs may be declared as kongs.
set_strategy = st.one_of(
    st.tuples(st.just("chow"), st.integers(0, 2), st.integers(0, 6)).map(
        lambda s: ("chow", s[1] * 9 + s[2])
    ),
    st.tuples(st.just("pung"), st.integers(0, TILE_KINDS - 1)),
)


def _set_tiles(kind: str, tile: TileId) -> tuple[TileId, ...]:
    return (tile, tile + 1, tile + 2) if kind == "chow" else (tile,) * 3


def _fits(tiles: list[TileId]) -> bool:
    return all(tiles.count(tile) <= 4 for tile in set(tiles))


@st.composite
def regular_hands(draw: st.DrawFn) -> Hand:
    sets = draw(st.lists(set_strategy, min_size=4, max_size=4))
    everything = [t for kind, tile in sets for t in _set_tiles(kind, tile)]
    assume(_fits(everything))
    pair = draw(st.sampled_from([t for t in range(TILE_KINDS) if _fits([*everything, t, t])]))
    everything += [pair, pair]
    held: list[TileId] = [pair, pair]
    melds: list[Meld] = []
    for kind, tile in sets:
        if not draw(st.booleans()):
            held.extend(_set_tiles(kind, tile))
        elif kind == "pung" and everything.count(tile) == 3 and draw(st.booleans()):
            melds.append(Meld(MeldKind.KONG, (tile,) * 4, exposed=draw(st.booleans())))
            everything.append(tile)
        else:
            melds.append(Meld(MeldKind(kind), _set_tiles(kind, tile)))
    winning = held.pop(draw(st.integers(0, len(held) - 1)))
    return Hand(
        tuple(held),
        tuple(melds),
        winning,
        draw(st.sampled_from(WinType)),
        draw(st.sampled_from(WINDS)),
    )


@st.composite
def seven_pairs_hands(draw: st.DrawFn) -> Hand:
    kinds = draw(st.lists(st.integers(0, TILE_KINDS - 1), min_size=6, max_size=7, unique=True))
    doubled = kinds if len(kinds) == 7 else [*kinds, kinds[0]]  # four of a kind as two pairs
    tiles = [t for tile in doubled for t in (tile, tile)]
    winning = tiles.pop(draw(st.integers(0, 13)))
    return Hand(
        tuple(tiles), (), winning, draw(st.sampled_from(WinType)), draw(st.sampled_from(WINDS))
    )


winning_hands = st.one_of(regular_hands(), seven_pairs_hands())


def _mapped(hand: Hand, change: Callable[[TileId], TileId]) -> Hand:
    return Hand(
        tuple(change(t) for t in hand.concealed),
        tuple(Meld(m.kind, tuple(change(t) for t in m.tiles), m.exposed) for m in hand.melds),
        change(hand.winning_tile),
        hand.win_type,
        hand.seat_wind,
        hand.flags,
    )


def _mirror(tile: TileId) -> TileId:
    return tile if tile >= FIRST_HONOR else tile - tile % 9 + 8 - tile % 9


@given(winning_hands)
def test_generated_winning_hands_score(hand: Hand) -> None:
    result = ZJ.score(hand, OPTIONS)
    assert result.valid, result.problem
    assert 1 <= result.value <= 480


@given(winning_hands, st.permutations([0, 1, 2]))
def test_value_ignores_which_suit_is_which(hand: Hand, order: list[int]) -> None:
    def swap(tile: TileId) -> TileId:
        return tile if tile >= FIRST_HONOR else order[tile // 9] * 9 + tile % 9

    assert ZJ.score(_mapped(hand, swap), OPTIONS).value == ZJ.score(hand, OPTIONS).value


@given(winning_hands)
def test_value_ignores_mirroring_the_numbers(hand: Hand) -> None:
    assert ZJ.score(_mapped(hand, _mirror), OPTIONS).value == ZJ.score(hand, OPTIONS).value


@given(
    winning_hands,
    st.sampled_from(WINDS),
    st.sampled_from(["formal", "uniform", "discarder_pays"]),
    st.booleans(),
)
def test_payments_sum_to_zero_and_pay_the_winner(
    hand: Hand, thrower: Wind, scheme: str, immune: bool
) -> None:
    value = ZJ.score(hand, OPTIONS).value
    options = ZJ.validate_options({"payoff_scheme": scheme})
    winner = hand.seat_wind
    on_discard = hand.win_type is WinType.DISCARD and thrower is not winner
    responsible = thrower if on_discard and not immune else None
    outcome = TableOutcome(
        WinType.DISCARD if on_discard else WinType.SELF_DRAW,
        (Win(winner, value, responsible),),
        thrower if on_discard else None,
    )
    payments = ZJ.settle(outcome, options)
    assert sum(payments.values()) == 0
    thrower_pays_double = scheme == "discarder_pays" and responsible is not None
    assert payments[winner] == (2 if thrower_pays_double else 3) * value


@given(
    st.lists(st.integers(0, TILE_KINDS - 1), min_size=10, max_size=14),
    st.integers(0, TILE_KINDS - 1),
    st.sampled_from(WinType),
)
def test_arbitrary_tiles_never_crash(
    tiles: list[TileId], winning: TileId, win_type: WinType
) -> None:
    result = ZJ.score(Hand(tuple(tiles), (), winning, win_type, Wind.S), OPTIONS)
    assert result.valid == (result.problem is None)
