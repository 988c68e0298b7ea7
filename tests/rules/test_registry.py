"""The rule-set registry loads each rule set on first use, under the id it carries."""

from __future__ import annotations

import subprocess
import sys

from tournament_manager.rules.registry import DEFAULT_RULE_SET, available_rule_sets, get_rule_set


def test_every_id_gives_the_rule_set_that_carries_it() -> None:
    assert available_rule_sets() == ("zung-jung", "mcr", "classic")
    for rule_set_id in available_rule_sets():
        rule_set = get_rule_set(rule_set_id)
        assert rule_set.id == rule_set_id
        assert get_rule_set(rule_set_id) is rule_set, "one instance serves the application"
    assert DEFAULT_RULE_SET in available_rule_sets()


def test_a_rule_set_is_imported_only_when_asked_for() -> None:
    code = ("import sys; from tournament_manager.rules import get_rule_set; "
            "get_rule_set('zung-jung'); "
            "print(sorted(m for m in sys.modules if m.startswith('tournament_manager.rules.')"
            " and m.split('.')[2] in ('mcr', 'classic')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout.strip()
    assert loaded == "[]"
