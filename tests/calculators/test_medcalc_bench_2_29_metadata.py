"""Metadata checks for the calculators of MedCalc-Bench IDs 2-29 (this module's owners)."""
import re

import pytest

from medmcp_calc.calculators import DOMAINS, by_medcalc_bench_id, get, match_name

BENCH_IDS = [2, 3, 4, 5, 7, 8, 9, 10, 11, 13, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29]


@pytest.mark.parametrize("bench_id", BENCH_IDS)
def test_metadata(bench_id):
    c = by_medcalc_bench_id(bench_id)
    assert c.from_medcalc_bench is not None
    assert c.domains and all(d in DOMAINS for d in c.domains)
    assert c.specialty and c.purpose and c.aliases
    assert re.search(r"(19|20)\d\d", c.citation), "citation needs a year"
    ref = c.reference
    assert ref.startswith("# ")
    for section in ("**Purpose.**", "**When to use.**", "**Input", "**Interpretation", "**Reference"):
        assert section in ref, f"{c.id}: reference page lacks {section}"
    for inp in c.inputs:
        assert inp.ehr is not None, f"{c.id}.{inp.name} has no EHR source"
        assert inp.label
        if inp.kind in ("number", "integer"):
            assert inp.min is not None and inp.max is not None, f"{c.id}.{inp.name} needs a range"
        if inp.kind == "choice":
            assert inp.choices
    for n in (c.name, *c.aliases, *c.official_names):
        assert match_name(n) == c.id, f"{n!r} of {c.id} maps to {match_name(n)!r}"
    if c.output.kind == "number":
        assert c.output.decimals is not None
        assert c.output.abs_tol > 0 or c.output.rel_tol > 0 or c.id == "wells_pe"
    if c.official_names:
        assert c.from_official is not None


def test_ids_are_unique_to_one_calculator():
    assert len({by_medcalc_bench_id(i).id for i in BENCH_IDS}) == len(BENCH_IDS)
    assert get("ideal_body_weight").medcalc_bench_id == 10
