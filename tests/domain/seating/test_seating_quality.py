"""The quality report's numbers on small hand-made schedules."""

from __future__ import annotations

from tournament_manager.domain.seating import SeatedSession, SeatedTable, quality_report


def _session(*tables: tuple[int, int, int, int]) -> SeatedSession:
    return SeatedSession(tuple(SeatedTable(i + 1, t) for i, t in enumerate(tables)))


S1 = _session((1, 2, 3, 4), (5, 6, 7, 8))
S2 = _session((1, 2, 5, 6), (3, 4, 7, 8))
S3 = _session((1, 3, 5, 7), (2, 4, 6, 8))


def test_repeat_free_schedule_has_no_repeats() -> None:
    rows = _session(*[(r, r + 1, r + 2, r + 3) for r in (1, 5, 9, 13)])
    columns = _session(*[(c, c + 4, c + 8, c + 12) for c in (1, 2, 3, 4)])
    report = quality_report([rows, columns])
    assert report.excess_meetings == 0
    assert report.max_meetings == 1
    assert report.repeated_pairs == ()
    assert report.theoretical_min_excess == 0


def test_repeats_are_named_with_their_sessions_and_back_to_back_flagged() -> None:
    report = quality_report([S1, S2])
    repeated = {frozenset(p.players): p.sessions for p in report.repeated_pairs}
    assert repeated == {frozenset((1, 2)): (0, 1), frozenset((3, 4)): (0, 1),
                        frozenset((5, 6)): (0, 1), frozenset((7, 8)): (0, 1)}
    assert report.excess_meetings == 4
    assert len(report.back_to_back_repeats) == 4


def test_theoretical_minimum_and_max_meetings_for_three_sessions_of_eight() -> None:
    # 3 sessions x 2 tables x 6 pairs = 36 meetings for 28 pairs: at least 8 excess; these
    # three sessions share four pairs between each two of them, so 12.
    report = quality_report([S1, S2, S3])
    assert report.theoretical_min_excess == 8
    assert report.excess_meetings == 12
    assert report.max_meetings == 2
    first_and_last = [p for p in report.repeated_pairs if p.sessions == (0, 2)]
    assert first_and_last and not any(p.back_to_back for p in first_and_last)


def test_history_counts_towards_repeats() -> None:
    report = quality_report([S2], history=[S1])
    assert report.sessions == 2
    assert report.excess_meetings == 4


def test_winds_and_table_revisits() -> None:
    # Player 1 is East twice and sits at table 1 twice.
    report = quality_report([S1, S3])
    imbalanced = {w.player: w.counts for w in report.wind_imbalances}
    assert imbalanced[1] == (2, 0, 0, 0)
    assert 2 not in imbalanced  # South then West: within 0..1 each
    assert report.wind_spread == 2
    revisits = {(r.player, r.table) for r in report.table_revisits}
    assert (1, 1) in revisits and (5, 2) not in revisits
    assert not report.revisits_forced  # 2 sessions, 2 tables


def test_forbidden_meetings_listed_per_session() -> None:
    report = quality_report([S1, S2], forbidden_groups=[{1, 2, 9}, {3, 5}])
    assert [(set(m.players), m.session) for m in report.forbidden_meetings] == [
        ({1, 2}, 0), ({1, 2}, 1)]


def test_indirect_meets_detects_a_field_split_in_two() -> None:
    # Two sessions where {1..4} and {5..8} never mix: no shared opponent across the halves.
    report = quality_report([S1, S1])
    assert report.indirect.pairs_never_met == 16
    assert report.indirect.pairs_sharing_none == 16
    mixed = quality_report([S1, S3])
    assert mixed.indirect.pairs_sharing_none == 0
    assert mixed.indirect.min_shared >= 1


def test_the_minimum_counts_meetings_the_history_forces() -> None:
    """A final of four who met two by two before repeats those two pairs whatever the
    draw: the minimum says 2, not the 0 of a field of eight fresh players."""
    final = _session((1, 2, 5, 6))
    report = quality_report([final], history=[S1])
    assert report.excess_meetings == 2
    assert report.theoretical_min_excess == 2
    # After S1 and S2 (4 excess already), a third session of the eight has 12 table pairs
    # and 8 pairs never met: it adds 4 at least; with the history's 4, the 8 the count of
    # all three sessions gives.
    third = quality_report([S3], history=[S1, S2])
    assert third.theoretical_min_excess == 4
    assert 4 + 4 == quality_report([S1, S2, S3]).theoretical_min_excess
    assert third.excess_meetings + 4 == quality_report([S1, S2, S3]).excess_meetings


def test_what_the_history_did_alone_is_not_the_schedules() -> None:
    """After a round where 1-4 and 5-8 met twice (S1, S1: 12 excess), a final of 1, 2, 5, 6
    repeats 1-2 and 5-6 only: its report names those two pairs, counts their two meetings,
    and leaves out the pairs, winds and tables of players it does not seat (3, 4, 7, 8),
    and the meetings of club mates in the history."""
    final = _session((1, 2, 5, 6))
    report = quality_report([final], history=[S1, S1])
    assert {frozenset(pair.players) for pair in report.repeated_pairs} == {
        frozenset((1, 2)), frozenset((5, 6))}
    assert report.excess_meetings == 2 and report.theoretical_min_excess == 2
    assert report.max_meetings == 3
    assert {w.player for w in report.wind_imbalances} == {1, 2, 5, 6}
    assert {r.player for r in report.table_revisits} == {1, 2}  # table 1 three times
    assert [m.session for m in quality_report(
        [final], history=[S1, S1], forbidden_groups=[{1, 2}, {3, 4}]).forbidden_meetings] == [2]


def test_a_history_table_spread_over_fewer_tables_than_its_players_must_repeat() -> None:
    """Eight players of two session-1 tables and four late entries (9 to 12) at three
    tables: each session-1 table's four players cannot sit at three tables apart, so two
    of them meet again, twice in all. The report said the least was 0."""
    later = _session((1, 2, 5, 9), (3, 6, 7, 10), (4, 8, 11, 12))
    report = quality_report([later], history=[S1])
    assert report.excess_meetings == 2
    assert report.theoretical_min_excess == 2
    spread = _session((1, 5, 9, 10), (2, 6, 11, 12), (3, 4, 7, 8))
    assert quality_report([spread], history=[S1]).excess_meetings == 2
