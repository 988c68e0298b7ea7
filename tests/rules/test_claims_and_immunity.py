"""Who pays for a discard win, and which of several claims stands, as each rule set says.

Same-turn immunity is Zung Jung's alone (spec zung-jung.md §3): under MCR and classical
scoring the discarder always pays, so a result naming anyone else (or nobody) is refused
rather than settled as if the discarder had been named, which left a record saying one
player was responsible while another paid. Several claims on one discard: Zung Jung
intercepts two (and three by its setting), MCR's head bump lets the first in turn order
after the discarder win (spec mcr.md §2), classical scoring takes one winner only."""

from __future__ import annotations

import pytest

from tournament_manager.rules import get_rule_set
from tournament_manager.rules.errors import SettlementError, SettlementErrorCode
from tournament_manager.rules.hand import WinType
from tournament_manager.rules.settlement import TableOutcome, Win
from tournament_manager.rules.tiles import Wind

VALUE = {"zung-jung": 40, "mcr": 10, "classic": 40}


def _discard(rule_set: str, responsible: Wind | None) -> TableOutcome:
    points = ({Wind.S: VALUE[rule_set], Wind.E: 0, Wind.W: 0, Wind.N: 0}
              if rule_set == "classic" else None)
    return TableOutcome(WinType.DISCARD, (Win(Wind.S, VALUE[rule_set], responsible),),
                        Wind.W, hand_points=points)


@pytest.mark.parametrize("rule_set", ["mcr", "classic"])
@pytest.mark.parametrize("responsible", [Wind.N, Wind.E, None])
def test_only_zung_jung_lets_anyone_but_the_discarder_pay(rule_set: str,
                                                          responsible: Wind | None) -> None:
    rules = get_rule_set(rule_set)
    options = rules.default_options()
    assert not rules.same_turn_immunity
    assert sum(rules.settle(_discard(rule_set, Wind.W), options).values()) == 0
    with pytest.raises(SettlementError) as refused:
        rules.settle(_discard(rule_set, responsible), options)
    assert refused.value.code is SettlementErrorCode.NO_SAME_TURN_IMMUNITY
    assert refused.value.seat == "S"


@pytest.mark.parametrize("responsible", [Wind.N, None])
def test_zung_jung_moves_the_payment_under_immunity(responsible: Wind | None) -> None:
    rules = get_rule_set("zung-jung")
    options = rules.default_options()
    assert rules.same_turn_immunity
    moved = rules.settle(_discard("zung-jung", responsible), options)
    plain = rules.settle(_discard("zung-jung", Wind.W), options)
    assert moved != plain and moved[Wind.S] == plain[Wind.S]


def test_a_self_draw_is_paid_by_all_under_every_rule_set() -> None:
    for rule_set in ("zung-jung", "mcr", "classic"):
        rules = get_rule_set(rule_set)
        points = ({Wind.S: VALUE[rule_set], Wind.E: 0, Wind.W: 0, Wind.N: 0}
                  if rule_set == "classic" else None)
        outcome = TableOutcome(WinType.SELF_DRAW, (Win(Wind.S, VALUE[rule_set], None),),
                               hand_points=points)
        paid = rules.settle(outcome, rules.default_options())
        assert paid[Wind.S] > 0 and all(paid[seat] < 0 for seat in (Wind.E, Wind.W, Wind.N))


@pytest.mark.parametrize(("discarder", "claims", "stands"), [
    (Wind.W, (Wind.S, Wind.E), Wind.E),
    (Wind.W, (Wind.N, Wind.S), Wind.N),
    (Wind.E, (Wind.N, Wind.W, Wind.S), Wind.S),
    (Wind.N, (Wind.S, Wind.W), Wind.S),
])
def test_mcr_head_bump_lets_the_first_claim_after_the_discarder_win(
        discarder: Wind, claims: tuple[Wind, ...], stands: Wind) -> None:
    rules = get_rule_set("mcr")
    assert rules.several_claims
    assert rules.intercepting_claim(claims, discarder, rules.default_options()) is stands


def test_classical_scoring_takes_one_claim_only() -> None:
    rules = get_rule_set("classic")
    assert not rules.several_claims and get_rule_set("zung-jung").several_claims
    assert rules.intercepting_claim((Wind.S, Wind.E), Wind.W, rules.default_options()) is None
