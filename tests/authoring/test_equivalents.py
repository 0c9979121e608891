"""Declared equivalent mutants are matched by method, change and the text of their line, so a
line that moves still matches; entries keyed by line (as first written) still read, and a stale
one is told where the same change survives now."""

from __future__ import annotations

from classwright.authoring.equivalents import EquivalentMutant, MutantSite, pair_declarations

FLOOR = "self.highest = max(self.highest,  reading, 0)"


def _site(line: int, text: str = FLOOR, new: str = "-1") -> MutantSite:
    return MutantSite("record", line, "0", new, text)


def _by_text(line: int = 0, text: str = FLOOR) -> EquivalentMutant:
    return EquivalentMutant("record", line, "0", "-1", "never wins", source=text)


def _by_line(line: int) -> EquivalentMutant:
    return EquivalentMutant("record", line, "0", "-1", "never wins")


def test_a_text_key_matches_the_line_wherever_it_moved() -> None:
    # Written at line 16; an import above moved it to 19. Spaces inside the line do not count.
    pairing = pair_declarations(
        [_by_text(16, "self.highest = max(self.highest, reading, 0)")], [_site(19)]
    )
    assert list(pairing.matched) == [0] and pairing.stale == ()


def test_among_identical_lines_a_text_key_takes_the_nearest() -> None:
    pairing = pair_declarations([_by_text(30)], [_site(12), _site(31), _site(50)])
    assert list(pairing.matched) == [1]


def test_a_text_key_does_not_match_another_line_or_change() -> None:
    survivors = [_site(19, "return max(self.highest, 0)"), _site(20, new="1")]
    pairing = pair_declarations([_by_text(16)], survivors)
    assert pairing.matched == {} and len(pairing.stale) == 1
    # The same change of the method elsewhere is where the mutant may be now.
    assert pairing.moved[0].line == 19


def test_a_line_key_still_reads_and_is_not_moved_silently() -> None:
    assert list(pair_declarations([_by_line(16)], [_site(16)]).matched) == [0]
    pairing = pair_declarations([_by_line(16), _by_line(17)], [_site(19), _site(20)])
    assert pairing.matched == {}
    # Each stale entry is pointed at the nearest survivor no earlier entry was pointed at.
    assert [pairing.moved[n].line for n in range(2)] == [19, 20]


def test_two_identical_survivors_need_two_entries() -> None:
    pairing = pair_declarations([_by_text(), _by_text()], [_site(19)])
    assert list(pairing.matched) == [0] and len(pairing.stale) == 1


def test_entries_round_trip_in_both_forms() -> None:
    by_text = {"method": "m", "source": "x = 0", "original": "0", "replacement": "1", "reason": "r"}
    by_line = {"method": "m", "line": 4, "original": "0", "replacement": "1", "reason": "r"}
    for entry in (by_text, by_line):
        assert EquivalentMutant.from_json(entry).to_json() == entry
    assert EquivalentMutant.from_json(by_text).describe() == "m `0` -> `1` in `x = 0`"
    assert EquivalentMutant.from_json(by_line).describe() == "m line 4 `0` -> `1`"
