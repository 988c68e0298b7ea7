"""The fused scoring path of the common hand: sound melds, no contradictory flags, and one
regular reading (four sets and a pair, read one way only, no special shape possible).

Four hands in five are like this (more in play). The general path (`rule_set.McrRuleSet.
score`) serves every hand, but builds its intermediate results as it goes: the hand facts,
the declared melds, a list of readings, their wait positions, a list of scored readings,
then the public arrangement by scanning groups for the winning tile. Here one pass over the
tiles and melds gathers the counts, the soundness test, the declared melds and the
arrangement's meld groups together; the four group entries give the single reading
directly; the winning group and its index follow from where the winning tile sits, not
from a scan; the wait test needs one memoised entry. The fans themselves come from the
general path's own `set_fans` and `finished_set_fans`, so the two paths cannot disagree on
a fan (tests/rules/mcr/test_mcr_fast_path.py compares them on random hands).

The concealed hands with no reading of four sets and a pair that read as Seven (Shifted)
Pairs, Thirteen Orphans or Honors and Knitted Tiles (one reading each, no wait fan to
ask about) take a short path of their own from the same group entries (`_special_score`),
and so do the hands read only as a knitted straight with a set and a pair
(`_knitted_score`, through the general path's functions for that one reading). Together
these paths take about 98% of the benchmark's random hands.

`fast_score` returns None whenever the hand is not of these kinds (unsound or unusual input,
contradictory flags, no reading, several readings, a special shape or a knitted straight
possible): the caller then takes the general path, which words every problem."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tournament_manager.rules.arrangement import Arrangement, Group, Shape
from tournament_manager.rules.hand import Hand, MeldKind, WinType
from tournament_manager.rules.mcr.content import CONTENT_BY_FEATURES, KIND_FEATURES, features_fans
from tournament_manager.rules.mcr.evaluate import (
    finish,
    finished_set_fans,
    hand_facts,
    reading_fans,
    set_fans,
    situation_fans,
    special_fans,
    wait_position,
)
from tournament_manager.rules.mcr.fans import Fan
from tournament_manager.rules.mcr.flags import flag_problem
from tournament_manager.rules.mcr.groups import (
    COUNT_FIELD,
    GROUP_BOUNDS,
    HONORS_HELD,
    KNITTED_HELD,
    NO_SPLIT,
    ODD_KIND,
    ODD_KINDS,
    ONE_SPLIT,
    PAIR_GROUP,
    SPLIT_FIELDS,
    SUIT_HELD,
    SUITED_KINDS_FIELD,
    SUITED_KINDS_SHIFT,
    TABLES,
    GroupEntry,
    build_entry,
    fewer_entry,
)
from tournament_manager.rules.mcr.layout import (
    CLAIMED_CHOWS,
    CLAIMED_PAIRS,
    CLAIMED_PUNGS,
    CONCEALED_KONGS,
    DECLARED_CHOWS,
    DECLARED_KONGS,
    DECLARED_PUNGS,
    HELD_CHOWS,
    HELD_PAIRS,
    HELD_PUNGS,
    build_arrangement,
    by_kind,
)
from tournament_manager.rules.mcr.options import McrOptions
from tournament_manager.rules.mcr.readings import (
    NO_MELDS,
    Declared,
    McrShape,
    knitted_readings,
)
from tournament_manager.rules.mcr.readings import declared as declared_melds
from tournament_manager.rules.mcr.search import unique_wait
from tournament_manager.rules.mcr.shapes import KNITTED_MASKS, suited_present
from tournament_manager.rules.mcr.soundness import (
    SOUND_CHOWS,
    SOUND_KONGS,
    SOUND_PUNGS,
    plainly_sound,
)
from tournament_manager.rules.mcr.tables import (
    Finished,
    OptionTables,
    below_minimum,
    option_tables,
)
from tournament_manager.rules.mcr.waits import near_knitted
from tournament_manager.rules.result import Limit, ScoreResult
from tournament_manager.rules.tiles import FIRST_HONOR, TILE_KINDS, WINDS, TileId

CHOW_FEATURES: Final = tuple(
    KIND_FEATURES[start] | KIND_FEATURES[start + 1] | KIND_FEATURES[start + 2]
    for start in range(FIRST_HONOR - 2)
)
_UP_TO_FOUR: Final = bytes(range(5))  # bytes.translate deletes these: what is left is five+
_HELD_FIELDS: Final = COUNT_FIELD * (SUIT_HELD | HONORS_HELD)  # suits held, honors held
_KNITTED_KINDS: Final = 9  # a knitted straight alone holds nine suited kinds
_CHOW: Final = MeldKind.CHOW
_KONG: Final = MeldKind.KONG
_DISCARD: Final = WinType.DISCARD
_SELF_DRAW: Final = WinType.SELF_DRAW
_EDGE_WAIT: Final = Fan.EDGE_WAIT
_CLOSED_WAIT: Final = Fan.CLOSED_WAIT
_SINGLE_WAIT: Final = Fan.SINGLE_WAIT
_CHICKEN_HAND: Final = Fan.CHICKEN_HAND
_FLOWER_TILES: Final = Fan.FLOWER_TILES
_REGULAR_SHAPE: Final = Shape.REGULAR
_NO_LIMIT: Final = Limit.NONE
_NO_GROUPS: Final[list[Group]] = []  # never changed
_SEVEN_PAIRS: Final = McrShape.SEVEN_PAIRS
_SEVEN_SHIFTED_PAIRS: Final = McrShape.SEVEN_SHIFTED_PAIRS
_THIRTEEN_ORPHANS: Final = McrShape.THIRTEEN_ORPHANS
_HONORS_AND_KNITTED: Final = McrShape.HONORS_AND_KNITTED
_ORPHAN_KINDS: Final = 13
_ORPHANS: Final = (0, 8, 9, 17, 18, 26, *range(FIRST_HONOR, TILE_KINDS))
_PAIRS: Final = 7
_LAST_SHIFTED_START: Final = 2  # the lowest rank of seven shifted pairs: 1, 2 or 3
_SEVEN_TWOS: Final = bytes([2] * 7)
_HONORS_AND_KNITTED_KINDS: Final = 14
_NINE_GATES: Final = bytes((3, 1, 1, 1, 1, 1, 1, 1, 3))
_FOUR_SPLIT_ONE_WAY: Final = 4 * ONE_SPLIT
_NO_SPLIT_FIELD: Final = COUNT_FIELD * NO_SPLIT
_TWO_ODD_KINDS: Final = 2 * ODD_KIND
# `GroupEntry.one_wait`: the group without the winning tile is completed by one kind, by
# several, or still splits (then the general test answers)
_ONE_KIND: Final = 1
_SEVERAL_KINDS: Final = 2
_STILL_SPLITS: Final = 3
_HELD_CHOW: Final = HELD_CHOWS.__getitem__
_KONGS_ONLY: Final = tuple(
    tuple(Declared((), (), melded, concealed) for concealed in range(5)) for melded in range(5)
)  # by melded kongs, then concealed kongs: declared melds with their sets already counted
_HELD_PUNG: Final = HELD_PUNGS.__getitem__


def fast_score(hand: Hand, options: McrOptions) -> ScoreResult | None:
    """The result of `McrRuleSet.score` for a common hand (see the module), else None."""
    melds = hand.melds
    concealed = hand.concealed
    if len(melds) > 4 or len(concealed) != 13 - 3 * len(melds):
        return None
    win = hand.winning_tile
    counts = [0] * TILE_KINDS
    for tile in concealed:
        counts[tile] += 1
    counts[win] += 1
    held = bytes(counts)

    # the group entries: one split each, exactly one pair among them
    t0, t1, t2, t3 = TABLES
    k0, k1, k2, k3 = held[0:9], held[9:18], held[18:27], held[27:34]
    e0 = t0.get(k0) or build_entry(0, k0)
    e1 = t1.get(k1) or build_entry(1, k1)
    e2 = t2.get(k2) or build_entry(2, k2)
    e3 = t3.get(k3) or build_entry(3, k3)
    facts = e0.counts + e1.counts + e2.counts + e3.counts  # count fields, added up
    if facts & SPLIT_FIELDS != _FOUR_SPLIT_ONE_WAY:
        if not facts & _NO_SPLIT_FIELD:
            return None  # every group splits, some several ways
        # some group splits no way: no reading of four sets and a pair
        if (
            len(melds) <= 1
            and facts >> SUITED_KINDS_SHIFT & SUITED_KINDS_FIELD >= _KNITTED_KINDS
            and KNITTED_HELD[e0.knitted | e1.knitted | e2.knitted]
        ):
            found = _knitted_score(hand, options, held, (e0, e1, e2, e3))
            if found is not None:
                return found
        if melds:
            return None
        return _special_score(
            hand, options, held, e0.features | e1.features | e2.features | e3.features
        )
    if facts & COUNT_FIELD != PAIR_GROUP:  # not exactly one group with the pair
        return None
    # no other reading: Seven Pairs or Nine Gates (Thirteen Orphans and Honors and Knitted
    # Tiles never have a regular reading), or a knitted straight
    if not melds and (
        not facts & ODD_KINDS  # no kind held once or thrice
        or (facts & _HELD_FIELDS == SUIT_HELD and _nine_gates(held, win))  # one suit alone
    ):
        return None
    suited_kinds = facts >> SUITED_KINDS_SHIFT & SUITED_KINDS_FIELD
    if (
        len(melds) <= 1
        and suited_kinds >= _KNITTED_KINDS
        and KNITTED_HELD[e0.knitted | e1.knitted | e2.knitted]
        and knitted_readings(held, win, False)  # most chow hands holding one have none
    ):
        return None
    if hand.flags and flag_problem(hand) is not None:
        return None
    (c0, p0, r0), (c1, p1, r1), (c2, p2, r2), (_, p3, r3) = (
        e0.splits[0], e1.splits[0], e2.splits[0], e3.splits[0]
    )
    chows = c0 + c1 + c2  # the honors hold no chow
    pungs = p0 + p1 + p2 + p3
    pair = max(r0, r1, r2, r3)  # the others are NO_PAIR (-1)

    # the melds: soundness, declared sets, their groups and tiles, in one pass
    held_copies = counts[win]
    kongs = exposed = 0
    features = e0.features | e1.features | e2.features | e3.features
    if melds:
        meld_groups: list[Group] = []
        meld_chows: list[TileId] = []
        meld_pungs: list[TileId] = []
        melded_kongs = 0
        for meld in melds:
            tiles = meld.tiles
            kind = meld.kind
            if kind is _KONG:
                if tiles not in SOUND_KONGS:
                    return None
                tile = tiles[0]
                counts[tile] += 4
                features |= KIND_FEATURES[tile]
                meld_pungs.append(tile)
                kongs += 1
                if meld.exposed:
                    melded_kongs += 1
                    meld_groups.append(DECLARED_KONGS[tile])
                else:
                    meld_groups.append(CONCEALED_KONGS[tile])
                    continue
            elif not meld.exposed:
                return None
            elif kind is _CHOW:
                if tiles not in SOUND_CHOWS:
                    return None
                tile = min(tiles)
                counts[tile] += 1
                counts[tile + 1] += 1
                counts[tile + 2] += 1
                features |= CHOW_FEATURES[tile]
                meld_chows.append(tile)
                meld_groups.append(DECLARED_CHOWS[tile])
            else:
                if tiles not in SOUND_PUNGS:
                    return None
                tile = tiles[0]
                counts[tile] += 3
                features |= KIND_FEATURES[tile]
                meld_pungs.append(tile)
                meld_groups.append(DECLARED_PUNGS[tile])
            exposed += 1
        # every set of the hand, sorted, for `set_fans`; the declared ones then add only
        # their kongs (one shared `Declared` per count of each kind)
        all_chows = tuple(sorted((*chows, *meld_chows))) if meld_chows else chows
        all_pungs = tuple(sorted((*pungs, *meld_pungs))) if meld_pungs else pungs
        declared = _KONGS_ONLY[melded_kongs][kongs - melded_kongs]
        every = bytes(counts)
    else:
        meld_groups = _NO_GROUPS
        declared = NO_MELDS
        all_chows, all_pungs = chows, pungs
        every = held
    if every.translate(None, _UP_TO_FOUR):  # five or more of a kind
        return None

    # the winning group (the first held one with the winning tile), and its wait fan
    discard = hand.win_type is _DISCARD
    index = 0
    wait: Fan | None = None
    winning: Group | None = None
    for start in chows:
        if start <= win <= start + 2:
            if winning is None:
                winning = (CLAIMED_CHOWS if discard else HELD_CHOWS)[start]
            if win != start + 1:
                wait = _EDGE_WAIT
                break
            wait = _CLOSED_WAIT
        elif winning is None:
            index += 1
    claimed = False
    if winning is None:
        index = len(chows)
        if win in pungs:
            index += pungs.index(win)
            winning = (CLAIMED_PUNGS if discard else HELD_PUNGS)[win]
            claimed = discard
        else:
            index += len(pungs) + len(melds)
            winning = (CLAIMED_PAIRS if discard else HELD_PAIRS)[win]
    if wait is None and pair == win:
        wait = _SINGLE_WAIT
    if wait is not None and not _waits_on_one_tile(
        held, (e0, e1, e2, e3), win, len(melds), suited_kinds, facts & ODD_KINDS
    ):
        wait = None

    # the fans, through the general path's own functions
    self_drawn = hand.win_type is _SELF_DRAW
    melded_copies = counts[win] - held_copies
    tables = option_tables(options)
    finished = finished_set_fans(
        set_fans(
            all_chows, all_pungs, pair, False, len(pungs) - claimed, declared,
            FIRST_HONOR + WINDS.index(hand.seat_wind),
            FIRST_HONOR + WINDS.index(hand.prevalent_wind),
            exposed, self_drawn, options, tables,
        ),
        CONTENT_BY_FEATURES.get(features) or features_fans(features),
        every.count(4) - kongs,
        wait,
        situation_fans(hand, self_drawn, held_copies, melded_copies)
        if hand.flags or self_drawn or melded_copies == 3
        else (),
        tables,
    )

    # the result, as the general path words it
    def arrangement() -> Arrangement:
        groups = [*map(_HELD_CHOW, chows), *map(_HELD_PUNG, pungs), *meld_groups,
                  HELD_PAIRS[pair]]
        groups[index] = winning
        return Arrangement(_REGULAR_SHAPE, tuple(groups), index)

    return _result(finished, tables, options, hand.flowers, arrangement)


def _nine_gates(held: bytes, win: TileId) -> bool:
    """Whether the 13 tiles before the win are 1112345678999 of a suit (`held`: the
    held tiles with the winning tile, of one suit)."""
    if win >= FIRST_HONOR:
        return False
    start = win - win % 9
    before = bytearray(held[start : start + 9])
    before[win - start] -= 1
    return before == _NINE_GATES


def _waits_on_one_tile(
    held: bytes,
    entries: tuple[GroupEntry, ...],
    win: TileId,
    melds: int,
    suited_kinds: int,
    odd_kinds: int,
) -> bool:
    """`search.unique_wait` for a hand whose four groups each split one way, one with the
    pair: without the winning tile, only the winning tile's group is incomplete, so the
    regular waits are the tiles completing it. Seven Pairs waits need no melds and at most
    one odd count before the win (so at most two after); knitted-straight waits need at
    most one meld and eight suited kinds, all but one tile of a knitted straight. Outside
    that, and when the group still splits without the winning tile, the general test
    answers. `odd_kinds`: the kinds held once or thrice, as the `ODD_KINDS` field of the
    added-up count facts; the answer of the winning tile's group is memoised on its entry
    (`GroupEntry.one_wait`)."""
    if melds >= 2 or (
        (melds or odd_kinds > _TWO_ODD_KINDS)
        and (suited_kinds < _KNITTED_KINDS - 1 or not near_knitted(held))
    ):
        group = win // 9  # 3 for every honor
        entry = entries[group]
        found = entry.one_wait.get(win, 0)
        if not found:
            start, end = GROUP_BOUNDS[group]
            before = fewer_entry(entry, group, held[start:end], win)
            found = entry.one_wait[win] = (
                _STILL_SPLITS if before.splits
                else _ONE_KIND if len(before.completing) == 1
                else _SEVERAL_KINDS
            )
        if found != _STILL_SPLITS:
            return found == _ONE_KIND
    return unique_wait(held, entries, win, melds)


def _knitted_score(
    hand: Hand, options: McrOptions, held: bytes, entries: tuple[GroupEntry, ...]
) -> ScoreResult | None:
    """The result of `McrRuleSet.score` for a hand without any reading of four sets and a
    pair that reads one way only as a knitted straight with a set and a pair, else None.
    No special shape reads such a hand (they need no melds and pairs alone, thirteen or
    fourteen kinds with no pair, or one suit), so the general path's steps for its one
    reading are taken directly, without its list of readings and their positions."""
    win = hand.winning_tile
    readings = knitted_readings(held, win, hand.win_type is _DISCARD)
    if len(readings) != 1:
        return None
    facts = hand_facts(hand)
    if not plainly_sound(hand, facts.all_counts) or (
        hand.flags and flag_problem(hand) is not None
    ):
        return None
    reading = readings[0]
    wait = wait_position(reading, win, options)
    if wait is not None and not unique_wait(held, entries, win, len(hand.melds)):
        wait = None
    tables = option_tables(options)
    finished = reading_fans(reading, facts, declared_melds(hand), wait, options, tables)
    return _result(finished, tables, options, hand.flowers,
                   lambda: build_arrangement(hand, reading))


def _special_score(
    hand: Hand, options: McrOptions, held: bytes, features: int
) -> ScoreResult | None:
    """The result of `McrRuleSet.score` for a concealed hand without any reading of four
    sets and a pair (some group splits no way) that reads as Seven (Shifted) Pairs,
    Thirteen Orphans or Honors and Knitted Tiles, else None. Such a hand has that one
    reading only: a knitted straight with a set and a pair would need a tile held thrice
    or twice beside nine single suited kinds, and Nine Gates a count of three; no reading
    puts the winning tile in a set, so no wait fan is asked for."""
    if held.translate(None, _UP_TO_FOUR):  # five or more of a kind
        return None
    if hand.flags and flag_problem(hand) is not None:
        return None
    kinds = TILE_KINDS - held.count(0)
    if 1 not in held and 3 not in held:  # 14 tiles in pairs (four alike are two pairs)
        # shifted: seven kinds (so two of each) in a row of one suit
        first = held.find(2)
        shifted = (
            kinds == _PAIRS
            and first < FIRST_HONOR
            and first % 9 <= _LAST_SHIFTED_START
            and held[first : first + _PAIRS] == _SEVEN_TWOS
        )
        shape = _SEVEN_SHIFTED_PAIRS if shifted else _SEVEN_PAIRS
    elif kinds == _ORPHAN_KINDS and all(map(held.__getitem__, _ORPHANS)):
        shape = _THIRTEEN_ORPHANS  # every terminal and honor, nothing else
    elif kinds == _HONORS_AND_KNITTED_KINDS and any(
        not suited_present(held) & ~mask for _, mask in KNITTED_MASKS
    ):  # 14 kinds of 14 tiles: single tiles; the suited ones of one knitted straight
        shape = _HONORS_AND_KNITTED
    else:
        return None
    win = hand.winning_tile
    self_drawn = hand.win_type is _SELF_DRAW
    fans = special_fans(
        shape, CONTENT_BY_FEATURES.get(features) or features_fans(features), held,
        held.count(4), win, self_drawn, options,
    )
    if hand.flags or self_drawn:
        fans += situation_fans(hand, self_drawn, held[win], 0)
    key = tuple(fans)
    tables = option_tables(options)
    finished = tables.finished.get(key) or finish(key, tables)
    return _result(finished, tables, options, hand.flowers,
                   lambda: by_kind(hand, shape, held))


def _result(finished: Finished, tables: OptionTables, options: McrOptions, flowers: int,
            arrangement: Callable[[], Arrangement]) -> ScoreResult:
    """The result as the general path words it: the Chicken Hand where no fan holds, a
    total under the minimum refused (before the arrangement is built), the flowers added."""
    fan_points = finished.total if finished.fans else tables.points[_CHICKEN_HAND]
    if fan_points < options.minimum_points:
        return below_minimum(fan_points, options.minimum_points)
    patterns = finished.patterns
    value = fan_points
    if flowers:
        patterns += (tables.patterns[_FLOWER_TILES],) * flowers
        value += tables.points[_FLOWER_TILES] * flowers
    return ScoreResult(True, None, arrangement(), patterns, value, _NO_LIMIT, value)
