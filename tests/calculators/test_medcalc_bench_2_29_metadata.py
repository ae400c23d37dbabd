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


def _sample(inp, rng):
    if inp.kind == "choice":
        return rng.choice(inp.choices)
    if inp.kind == "bool":
        return rng.random() < 0.5
    if inp.kind == "date":
        return f"{rng.randint(1950, 2100)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    lo, hi = inp.min, inp.max
    pick = rng.choice((lo, hi, lo + (hi - lo) * rng.random()))
    return int(round(pick)) if inp.kind == "integer" else pick


@pytest.mark.parametrize("bench_id", BENCH_IDS)
def test_any_in_range_input_gives_a_value_or_a_clear_input_error(bench_id):
    """Random in-range inputs (including the range ends): a finite value, or a CalculatorInputError -- never a crash."""
    import math
    import random

    from medmcp_calc.calculators import CalculatorInputError

    c = by_medcalc_bench_id(bench_id)
    rng = random.Random(bench_id)
    ok = 0
    for _ in range(150):
        inputs = {i.name: _sample(i, rng) for i in c.inputs if not (i.optional and rng.random() < 0.3)}
        try:
            r = c.run(inputs)
        except CalculatorInputError as e:
            assert str(e)
            continue
        ok += 1
        if isinstance(r.value, (int, float)):
            assert math.isfinite(r.value)
        assert isinstance(r.interpretation, str)
    assert ok > 0
