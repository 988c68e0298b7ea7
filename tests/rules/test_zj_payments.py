"""Zung Jung payoff: formal par-25 table, the other schemes, immunity, multiple winners."""

from __future__ import annotations

import pytest

from tournament_manager.rules.errors import SettlementError, SettlementErrorCode
from tournament_manager.rules.hand import WinType
from tournament_manager.rules.settlement import Role, TableOutcome, Win
from tournament_manager.rules.tiles import Wind
from tournament_manager.rules.zung_jung import ZungJungRuleSet

E, S, W, N = Wind.E, Wind.S, Wind.W, Wind.N


def discard(value: int, responsible: Wind | None = W, winner: Wind = S) -> TableOutcome:
    return TableOutcome(WinType.DISCARD, (Win(winner, value, responsible),), discarder=W)


@pytest.mark.parametrize(
    ("value", "responsible_pays", "other_pays"),
    [(1, 1, 1), (25, 25, 25), (30, 40, 25), (35, 55, 25), (70, 160, 25), (320, 910, 25)],
)
def test_formal_discard(
    zj: ZungJungRuleSet, value: int, responsible_pays: int, other_pays: int
) -> None:
    payments = zj.settle(discard(value), zj.default_options())
    assert payments == {S: 3 * value, W: -responsible_pays, E: -other_pays, N: -other_pays}


def test_self_draw_everyone_pays_the_value(zj: ZungJungRuleSet) -> None:
    outcome = TableOutcome(WinType.SELF_DRAW, (Win(N, 160, None),))
    assert zj.settle(outcome, zj.default_options()) == {N: 480, E: -160, S: -160, W: -160}


def test_same_turn_immunity(zj: ZungJungRuleSet) -> None:
    options = zj.default_options()
    assert zj.settle(discard(70, responsible=None), options) == {S: 210, E: -70, W: -70, N: -70}
    assert zj.settle(discard(70, responsible=E), options) == {S: 210, E: -160, W: -25, N: -25}


def test_par_is_a_setting(zj: ZungJungRuleSet) -> None:
    options = zj.validate_options({"par": 10})
    assert zj.settle(discard(30), options) == {S: 90, W: -70, E: -10, N: -10}


def test_uniform_scheme(zj: ZungJungRuleSet) -> None:
    options = zj.validate_options({"payoff_scheme": "uniform"})
    assert zj.settle(discard(70), options) == {S: 210, W: -70, E: -70, N: -70}


def test_discarder_pays_scheme(zj: ZungJungRuleSet) -> None:
    options = zj.validate_options({"payoff_scheme": "discarder_pays"})
    assert zj.settle(discard(70), options) == {S: 140, W: -140, E: 0, N: 0}
    self_draw = TableOutcome(WinType.SELF_DRAW, (Win(S, 70, None),))
    assert zj.settle(self_draw, options) == {S: 210, W: -70, E: -70, N: -70}


TRIPLE = TableOutcome(
    WinType.DISCARD, (Win(S, 30, W), Win(N, 10, None), Win(E, 70, W)), discarder=W
)


def test_triple_win_pays_each_winner_with_the_discarder_responsible(zj: ZungJungRuleSet) -> None:
    payments = zj.settle(TRIPLE, zj.default_options())
    # S: 40 from W, 25 from E and N; N: 10 from each; E: 160 from W, 25 from S and N.
    assert payments == {
        S: 90 - 10 - 25,
        N: 30 - 25 - 25,
        E: 210 - 25 - 10,
        W: -40 - 10 - 160,
    }
    assert sum(payments.values()) == 0


def test_triple_win_as_a_draw(zj: ZungJungRuleSet) -> None:
    options = zj.validate_options({"triple_win": "draw"})
    assert zj.settle(TRIPLE, options) == {E: 0, S: 0, W: 0, N: 0}


def test_a_triple_win_is_intercepted_under_the_wsom_rules(zj: ZungJungRuleSet) -> None:
    """Spec §3, `triple_win: intercept`: "the WSOM rules v1.03: 'there are no exceptions' —
    the lower seat's claim wins alone, as with two claims"; "the claim nearest the
    discarder's lower seat wins (lower, then opposite, then upper seat)". W discarded:
    N plays next (the lower seat), then E (opposite), then S (upper)."""
    options = zj.validate_options({"triple_win": "intercept"})
    with pytest.raises(SettlementError) as caught:
        zj.settle(TRIPLE, options)
    assert caught.value.code is SettlementErrorCode.THREE_CLAIMS_INTERCEPTED
    assert caught.value.seat == "N"
    assert zj.intercepting_claim((S, N, E), W, options) is N
    assert zj.intercepting_claim((S, E), W, options) is E, "opposite before upper"
    assert zj.intercepting_claim((S, E), W, zj.default_options()) is E, "two: always"
    assert zj.intercepting_claim((S, N, E), W, zj.default_options()) is None, "all_win"
    assert zj.intercepting_claim((S,), W, options) is None


def test_the_wsom_formats_choose_interception_and_others_do_not() -> None:
    """Spec §3: "the `wsom_2010`/`wsom_2015` presets choose it"."""
    from tournament_manager.domain.presets import Preset, preset_settings

    for preset in (Preset.WSOM_2015, Preset.WSOM_2010):
        assert preset_settings(preset).rule_options == {"triple_win": "intercept"}
    assert preset_settings(Preset.OPEN).rule_options == {}
    assert preset_settings(Preset.WSOM_2015, rule_set="mcr").rule_options == {}


def test_wall_exhausted_settles_to_zero(zj: ZungJungRuleSet) -> None:
    assert zj.settle(TableOutcome.draw(), zj.default_options()) == {E: 0, S: 0, W: 0, N: 0}


@pytest.mark.parametrize(
    ("outcome", "code"),
    [
        (
            TableOutcome(WinType.DISCARD, (Win(S, 30, W), Win(N, 30, W)), discarder=W),
            SettlementErrorCode.TWO_WINNERS_ON_ONE_DISCARD,
        ),
        (
            TableOutcome(WinType.SELF_DRAW, (Win(S, 30, None), Win(N, 30, None))),
            SettlementErrorCode.SEVERAL_WINNERS_ON_SELF_DRAW,
        ),
        (TableOutcome(WinType.DISCARD, (Win(S, 30, W),)), SettlementErrorCode.DISCARDER_REQUIRED),
        (discard(30, winner=W), SettlementErrorCode.WINNER_IS_DISCARDER),
        (discard(30, responsible=S), SettlementErrorCode.RESPONSIBLE_IS_WINNER),
        (discard(0), SettlementErrorCode.VALUE_NOT_POSITIVE),
        (
            TableOutcome(
                WinType.DISCARD, (Win(S, 30, W), Win(S, 30, W), Win(N, 1, W)), discarder=W
            ),
            SettlementErrorCode.DUPLICATE_WINNER,
        ),
        (TableOutcome(None, (Win(S, 30, W),)), SettlementErrorCode.WIN_TYPE_REQUIRED),
        (
            TableOutcome(WinType.SELF_DRAW, (Win(S, 30, None),), discarder=W),
            SettlementErrorCode.DISCARDER_ON_SELF_DRAW,
        ),
        (
            TableOutcome(WinType.SELF_DRAW, (Win(S, 30, W),)),
            SettlementErrorCode.RESPONSIBLE_ON_SELF_DRAW,
        ),
    ],
)
def test_impossible_results_are_refused(
    zj: ZungJungRuleSet, outcome: TableOutcome, code: SettlementErrorCode
) -> None:
    with pytest.raises(SettlementError) as caught:
        zj.settle(outcome, zj.default_options())
    assert caught.value.code is code


def test_payments_by_role(zj: ZungJungRuleSet) -> None:
    options = zj.default_options()
    assert zj.payments_by_role(WinType.DISCARD, 85, True, options) == {
        Role.WINNER: 255,
        Role.RESPONSIBLE: -205,
        Role.OTHER: -25,
    }
    assert zj.payments_by_role(WinType.DISCARD, 85, False, options) == {
        Role.WINNER: 255,
        Role.OTHER: -85,
    }
    assert zj.payments_by_role(WinType.SELF_DRAW, 85, False, options) == {
        Role.WINNER: 255,
        Role.OTHER: -85,
    }
