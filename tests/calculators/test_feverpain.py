import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, match_name


def test_counts():
    assert compute("feverpain", {}).value == 0  # every item defaults to absent
    r = compute("feverpain", {"fever_24h": True, "purulence": True, "attend_rapidly": True,
                              "severely_inflamed_tonsils": True, "no_cough_or_coryza": True})
    assert r.value == 5 and "62-65%" in r.interpretation


@pytest.mark.parametrize("n,text", [(1, "no antibiotic"), (2, "delayed"), (4, "immediate")])
def test_bands(n, text):
    items = ["fever_24h", "purulence", "attend_rapidly", "severely_inflamed_tonsils", "no_cough_or_coryza"][:n]
    assert text in compute("feverpain", {k: True for k in items}).interpretation


def test_medcalc_bench_ignores_unrelated_entities():
    # rows sometimes carry PECARN items by mistake; only the five FeverPAIN items count: 1 + 1 + 1 = 3
    e = {"Purulent tonsils": True, "Altered mental status for PECARN head injury criteria": True,
         "Symptom onset ≤3 days": True, "Severe tonsil inflammation": True}
    assert compute_medcalc_bench(33, e) == 3


def test_errors():
    with pytest.raises(CalculatorInputError, match="purulence"):
        compute("feverpain", {"purulence": "maybe"})
    assert match_name("FeverPAIN") == "feverpain"
