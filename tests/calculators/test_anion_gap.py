"""Anion gap family: worked examples by hand from AG = Na - (Cl + HCO3)."""
from __future__ import annotations

import pytest

from medmcp_calc.calculators import (
    CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer, match_name,
)

BASE = {"sodium": 140, "chloride": 100, "bicarbonate": 10}


def test_anion_gap():
    # 140 - (100 + 10) = 30
    r = compute("anion_gap", BASE)
    assert r.value == 30.0 and "elevated" in r.interpretation


@pytest.mark.parametrize("na,cl,hco3,band", [(140, 104, 24, "normal"), (140, 104, 23, "elevated"), (140, 112, 26, "low")])
def test_anion_gap_bands(na, cl, hco3, band):
    # 140-128 = 12 -> normal (upper bound inclusive); 13 -> elevated; 2 -> low
    assert band in compute("anion_gap", {"sodium": na, "chloride": cl, "bicarbonate": hco3}).interpretation


def test_delta_gap_and_ratio():
    # AG 30; delta gap 30 - 12 = 18; delta ratio 18 / (24 - 10) = 1.2857 -> 1.286
    assert compute("delta_gap", BASE).value == 18.0
    r = compute("delta_ratio", BASE)
    assert r.value == 1.286 and "uncomplicated" in r.interpretation


def test_albumin_corrected_family():
    # AG 30; albumin 2.0 -> 30 + 2.5*(4 - 2) = 35; delta gap 23; ratio 23/14 = 1.642857 -> 1.643
    x = dict(BASE, albumin=2.0)
    assert compute("albumin_corrected_anion_gap", x).value == 35.0
    assert compute("albumin_corrected_delta_gap", x).value == 23.0
    assert compute("albumin_corrected_delta_ratio", x).value == 1.643
    # albumin above 4 lowers the corrected gap: 30 + 2.5*(4-5) = 27.5
    assert compute("albumin_corrected_anion_gap", dict(BASE, albumin=5.0)).value == 27.5


def test_delta_ratio_undefined_at_normal_bicarbonate():
    with pytest.raises(CalculatorInputError, match="bicarbonate"):
        compute("delta_ratio", {"sodium": 140, "chloride": 100, "bicarbonate": 24})


def test_errors_name_the_input():
    with pytest.raises(CalculatorInputError, match="chloride"):
        compute("anion_gap", {"sodium": 140, "bicarbonate": 24})
    with pytest.raises(CalculatorInputError, match="albumin"):
        compute("albumin_corrected_anion_gap", dict(BASE, albumin=40))  # g/L given as g/dL
    with pytest.raises(CalculatorInputError, match="sodium"):
        compute("anion_gap", {"sodium": 14, "chloride": 100, "bicarbonate": 24})


def test_medcalc_bench_adapter_units():
    # albumin 35 g/L = 3.5 g/dL: AG 139-104-20 = 15; 15 + 2.5*0.5 = 16.25
    e = {"Chloride": [104.0, "mmol/L"], "Albumin": [35.0, "g/L"], "Bicarbonate": [20.0, "mEq/L"], "Sodium": [139.0, "mmol/L"]}
    assert compute_medcalc_bench(65, e) == 16.25
    assert compute_medcalc_bench(39, e) == 15.0
    # mislabelled unit (sodium 137 "mg/dL" would be 59.6 mmol/L): the plausible reading 137 mmol/L is used
    e2 = {"Chloride": [95.0, "mmol/L"], "Bicarbonate": [30.0, "mmol/L"], "Sodium": [137.0, "mg/dL"]}
    assert compute_medcalc_bench(39, e2) == 12.0


def test_official_adapter_and_names():
    ans = {"name": "Serum Anion Gap", "inputs": [
        {"field": "Sodium", "value": "140 mEq/L"}, {"field": "Chloride", "value": "96 mEq/L"},
        {"field": "Bicarbonate", "value": "10 mEq/L"}, {"field": "Albumin", "value": "3.2 g/dL"}]}
    assert compute_official_answer(ans) == 34.0  # 140 - 106
    assert match_name("Serum Anion Gap") == "anion_gap"
    assert match_name("Delta Ratio") == "delta_ratio"
    assert match_name("Albumin Corrected Delta Gap") == "albumin_corrected_delta_gap"
