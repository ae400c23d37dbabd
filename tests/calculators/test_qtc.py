"""QTc formulas: worked examples by hand. RR = 60 / HR."""
from __future__ import annotations

import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer, match_name

# HR 75 -> RR 0.8 s; QT 400 ms
X = {"heart_rate": 75, "qt_interval": 400}


def test_fridericia():
    # 0.8^(1/3) = 0.928318 -> 400 / 0.928318 = 430.887 -> 430.9
    assert compute("qtc_fridericia", X).value == 430.9


def test_framingham():
    # 400 + 154 * (1 - 0.8) = 430.8
    assert compute("qtc_framingham", X).value == 430.8


def test_hodges():
    # 400 + 1.75 * (75 - 60) = 426.25 -> 426.3 (half away from zero)
    assert compute("qtc_hodges", X).value == 426.3


def test_rautaharju():
    # 400 * (120 + 75) / 180 = 433.333 -> 433.3
    assert compute("qtc_rautaharju", X).value == 433.3


def test_at_60_bpm_all_formulas_return_qt():
    # RR = 1 s: every correction is the identity
    for cid in ("qtc_fridericia", "qtc_framingham", "qtc_hodges", "qtc_rautaharju"):
        assert compute(cid, {"heart_rate": 60, "qt_interval": 420}).value == 420.0
    assert compute("qtc", {"heart_rate": 60, "qt_interval": 420}).value == 420


def test_selectable_formula_and_bands():
    # Bazett: 400 / sqrt(0.8) = 447.21 -> 447
    r = compute("qtc", X)
    assert r.value == 447 and "normal" in r.interpretation
    assert compute("qtc", dict(X, formula="hodges")).value == 426
    # 360 ms at 120 bpm (RR 0.5): Bazett 360/0.7071 = 509.1 -> markedly prolonged
    assert "markedly" in compute("qtc", {"heart_rate": 120, "qt_interval": 360}).interpretation
    with pytest.raises(CalculatorInputError, match="formula"):
        compute("qtc", dict(X, formula="magic"))


def test_errors_name_the_input():
    with pytest.raises(CalculatorInputError, match="heart_rate"):
        compute("qtc_hodges", {"qt_interval": 400})
    with pytest.raises(CalculatorInputError, match="qt_interval"):
        compute("qtc_fridericia", {"heart_rate": 75, "qt_interval": 4000})


def test_medcalc_bench_adapter():
    e = {"Heart Rate or Pulse": [75, "beats per minute"], "QT interval": [400, "msec"]}
    assert compute_medcalc_bench(58, e) == 426.3
    assert compute_medcalc_bench(59, e) == 433.3


def test_official_adapter_small_boxes():
    # 9 small boxes at 25 mm/s = 360 ms; HR 120 -> Bazett 509
    ans = {"name": "Corrected QT Interval (QTc)", "inputs": [
        {"field": "Formula", "value": "Bazett"}, {"field": "Heart rate/pulse", "value": "120 beats/min"},
        {"field": "Paper speed, mm/sec", "value": "25"}, {"field": "QT interval", "value": "9 small boxes"}]}
    assert compute_official_answer(ans) == 509
    assert match_name("QTc (Fridericia) Correction Calculator") == "qtc_fridericia"
    assert match_name("QTc Hodges Calculator") == "qtc_hodges"
