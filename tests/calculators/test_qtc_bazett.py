import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, get

ID = "qtc_bazett"


def test_worked_examples():
    # HR 60 -> RR 1 s -> QTc = QT = 400
    assert compute(ID, {"qt_ms": 400, "heart_rate": 60}).value == 400
    # HR 100 -> RR 0.6 s, sqrt = 0.774597; 400 / 0.774597 = 516.4 -> 516
    r = compute(ID, {"qt_ms": 400, "heart_rate": 100})
    assert r.value == 516 and "markedly" in r.interpretation


def test_medcalc_bench():
    # 330 / sqrt(60/48 = 1.25 -> 1.118034) = 295.2 -> 295
    assert compute_medcalc_bench(11, {"Heart Rate or Pulse": [48, "beats per minute"], "QT interval": [330, "msec"]}) == 295


def test_official_small_boxes():
    # 9 small boxes at 25 mm/s = 9 x 40 ms = 360 ms; HR 120 -> RR 0.5, sqrt 0.707107 -> 509.1 -> 509
    calc = get(ID)
    inputs = [{"field": "Formula", "value": "Bazett"}, {"field": "Heart rate/pulse", "value": "120 beats/min"},
              {"field": "Paper speed, mm/sec", "value": "25"}, {"field": "QT interval", "value": "9 small boxes"}]
    assert calc.run(calc.from_official(inputs)).value == 509
    with pytest.raises(CalculatorInputError):
        calc.from_official([{"field": "Formula", "value": "Fridericia"}] + inputs[1:])


def test_errors():
    with pytest.raises(CalculatorInputError, match="heart_rate"):
        compute(ID, {"qt_ms": 400, "heart_rate": 0})
    with pytest.raises(CalculatorInputError, match="qt_ms"):
        compute(ID, {"heart_rate": 60})
