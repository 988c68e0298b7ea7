"""A scoring pattern's name in the current language.

The rules layer names its patterns in English (the `score` command's JSON prints those
names, a contract); each rule set lists every (id, name) it can report
(`RuleSet.pattern_names`), and `tools/catalogues.py` puts them in the catalogue with the rule
set's id as their context, since one English name can be two Chinese ones ("All Pungs": Zung
Jung 对对和, MCR 碰碰和). A classical item naming a set's tile ("pair of Rd") is listed as a
template ("pair of {tile}"); the tile code stays as it is in every language.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

from tournament_manager.rules.registry import get_rule_set
from tournament_manager.words import _, p_

TILE: str = "{tile}"


@cache
def _names(rule_set_id: str) -> dict[str, str]:
    return dict(get_rule_set(rule_set_id).pattern_names())


@cache
def _template_pattern(template: str) -> re.Pattern[str]:
    before, _, after = template.partition(TILE)
    return re.compile(f"{re.escape(before)}(?P<tile>\\S+){re.escape(after)}")


def pattern_name(rule_set_id: str, pattern_id: str, english: str) -> str:
    """The name of the pattern `pattern_id` of the rule set `rule_set_id`, which the rules
    reported as `english`, in the current language; `english` itself when the pattern or the
    rule set is not one the catalogue knows, or the name is not the listed one."""
    try:
        template = _names(rule_set_id).get(pattern_id)
    except KeyError:
        return english
    if template is None:
        return english
    if TILE not in template:
        return p_(rule_set_id, template) if english == template else english
    match = _template_pattern(template).fullmatch(english)
    if match is None:
        return english
    return p_(rule_set_id, template).replace(TILE, match["tile"])


@cache
def _marks(rule_set_id: str) -> dict[str, str]:
    try:
        return get_rule_set(rule_set_id).pattern_marks()
    except KeyError:
        return {}


def pattern_marks(rule_set_id: str, pattern_ids: Sequence[str]) -> str:
    """One win's recorded patterns as a score sheet writes them (the window's Patterns
    column, the printed sheet, the workbook): the rules' numbers as they stand ("5.1.3
    8.1.1"), or, where the ids are words, their names in the current language, a repeated
    one counted ("concealed pung ×2, pair")."""
    marks = _marks(rule_set_id)
    if not marks:
        return " ".join(pattern_ids)
    counted = Counter(pattern_ids)
    words = (p_(rule_set_id, marks[pid]) if pid in marks else pid for pid in counted)
    return _(", ").join(_counted(words, counted.values()))


def _counted(words: Iterable[str], counts: Iterable[int]) -> Iterable[str]:
    for word, count in zip(words, counts, strict=True):
        yield word if count == 1 else _("{pattern} ×{count}").format(pattern=word, count=count)


def wins_pattern_marks(rule_set_id: str, wins: Iterable[Sequence[str]]) -> str:
    """Every win's patterns on one line: the wins apart by "; "."""
    return "; ".join(pattern_marks(rule_set_id, ids) for ids in wins if ids)
