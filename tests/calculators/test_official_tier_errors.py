"""Bad input to the official-tier calculators always gives a CalculatorInputError naming an input."""
import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, get

from test_official_tier_metadata import IDS


@pytest.mark.parametrize("cid", IDS)
def test_missing_inputs_are_named(cid):
    calc = get(cid)
    required = [i for i in calc.inputs if not i.optional]
    if not required:
        compute(cid, {})  # all optional: runs on defaults
        return
    with pytest.raises(CalculatorInputError) as exc:
        compute(cid, {})
    assert required[0].name in str(exc.value)


@pytest.mark.parametrize("cid", IDS)
def test_wrong_types_are_named(cid):
    calc = get(cid)
    first = calc.inputs[0]
    bad = {"number": "lots", "integer": 1.5, "bool": "maybe", "choice": "not-a-choice", "date": "yesterday", "text": 5}[first.kind]
    with pytest.raises(CalculatorInputError) as exc:
        compute(cid, {first.name: bad})
    assert first.name in str(exc.value)


@pytest.mark.parametrize("cid", IDS)
def test_unknown_input_is_rejected(cid):
    with pytest.raises(CalculatorInputError, match="unknown input"):
        compute(cid, {"definitely_not_an_input": 1})
