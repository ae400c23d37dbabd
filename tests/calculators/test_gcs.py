import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer

ID = "glasgow_coma_scale"


def test_full_and_minimum():
    r = compute(ID, {"eye": "spontaneous", "verbal": "oriented", "motor": "obeys commands"})
    assert r.value == 15 and "mild" in r.interpretation
    r = compute(ID, {"eye": "none", "verbal": "none", "motor": "none"})
    assert r.value == 3 and "severe" in r.interpretation


def test_worked_example():
    # to pain 2 + inappropriate words 3 + withdraws 4 = 9 (moderate)
    r = compute(ID, {"eye": "to pain", "verbal": "inappropriate words", "motor": "withdraws from pain"})
    assert r.value == 9 and "moderate" in r.interpretation


def test_not_testable_counts_one_and_official_notation():
    r = compute(ID, {"eye": "to verbal command", "verbal": "not testable", "motor": "localizes pain"})
    assert r.value == 9 and r.details["not_testable"] == ["verbal"]
    a = {"name": "Glasgow Coma Scale (GCS)", "inputs": [
        {"field": "Best eye response", "value": "To verbal command (+3)", "score": 3},
        {"field": "Best verbal response", "value": "Not testable/intubated (NT)"},
        {"field": "Best motor response", "value": "Localizes pain (+5)", "score": 5}]}
    assert compute_official_answer(a) == "E(3) V(NT) M(5)"


def test_medcalc_bench_phrases():
    e = {"Best eye response": "eye opening to pain", "Best verbal response": "incomprehensible sounds",
         "Best motor response": "withdrawal from pain"}
    assert compute_medcalc_bench(21, e) == 8  # 2 + 2 + 4
    e = {"Best motor response": "flexion to pain", "Best eye response": "not testable",
         "Best verbal response": "inappropriate words"}
    assert compute_medcalc_bench(21, e) == 7  # NT 1 + 3 + 3


def test_errors():
    with pytest.raises(CalculatorInputError, match="'eye'"):
        compute(ID, {"eye": "blinks", "verbal": "oriented", "motor": "obeys commands"})
    with pytest.raises(CalculatorInputError, match="motor"):
        compute(ID, {"eye": "none", "verbal": "none"})
