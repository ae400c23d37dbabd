"""The calculator and convert_units tool cores."""
from __future__ import annotations

import math

import pytest

from medmcp_calc.calculators.units import convert
from medmcp_calc.tools.calculator import calculator, convert_units, evaluate


@pytest.mark.parametrize("expr,expected", [
    ("70 / 1.75 ** 2", 70 / 1.75 ** 2),
    ("70 / 1.75^2", 70 / 1.75 ** 2),
    ("(2 * 90 + 120) / 3", 100),
    ("sqrt(170 * 80 / 3600)", math.sqrt(170 * 80 / 3600)),
    ("141 * min(1.2 / 0.9, 1) ** -0.329 * max(1.2 / 0.9, 1) ** -1.209 * 0.993 ** 60",
     141 * min(1.2 / 0.9, 1) ** -0.329 * max(1.2 / 0.9, 1) ** -1.209 * 0.993 ** 60),
    ("log(100, 10) + ln(e) + log10(1000) + log2(8)", 2 + 1 + 3 + 3),
    ("exp(0) + abs(-2) + pow(2, 10)", 1 + 2 + 1024),
    ("round(2.345, 2)", 2.35),
    ("round(-2.5)", -3),
    ("floor(2.7) + ceil(2.1)", 5),
    ("sin(pi / 2) + cos(0) + tan(0)", 2),
    ("degrees(atan2(1, 1))", 45),
    ("7 // 2 + 7 % 2", 4),
    ("3 × 4 ÷ 2 − 1", 5),
    ("2 + 2 =", 4),
])
def test_evaluates(expr, expected):
    got = evaluate(expr)
    assert math.isclose(got, expected, rel_tol=1e-12), (expr, got)
    assert math.isclose(float(calculator(expr)), expected, rel_tol=1e-12)


def test_result_formatting():
    assert calculator("0.1 + 0.2") == "0.3"
    assert calculator("10 / 4") == "2.5"
    assert calculator("6 / 3") == "2"
    assert calculator("2 ** 100") == str(2 ** 100)


@pytest.mark.parametrize("expr,fragment", [
    ("1 / 0", "division by zero"),
    ("sqrt(-4)", "domain"),
    ("x + 1", "unknown name 'x'"),
    ("a.b", "attribute access"),
    ("'abc'", "only numbers"),
    ("2 +", "could not parse"),
    ("", "empty expression"),
    ("9 ** 9 ** 9", "too large"),
    ("min()", "takes 1 to 100"),
    ("foo(1)", "can be called"),
])
def test_errors_are_actionable(expr, fragment):
    out = calculator(expr)
    assert out.startswith("Error:") and fragment in out, out


def test_convert_units_matches_library():
    out = convert_units(1.4, "mg/dL", "umol/L", "creatinine")
    expected = convert(1.4, "mg/dL", "umol/L", analyte="creatinine")
    assert out.startswith("1.4 mg/dL = ") and out.endswith("umol/L (creatinine)")
    assert math.isclose(float(out.split("= ")[1].split()[0]), expected, rel_tol=1e-9)
    assert convert_units(98.6, "F", "C") == "98.6 F = 37 C"
    assert convert_units("180", "lb", "kg").startswith("180 lb = 81.64")
    assert convert_units(90, "mg/dL", "mmol/L", "glucose").startswith("90 mg/dL = 4.99")


def test_convert_units_errors_list_supported_units():
    out = convert_units(1, "furlong", "kg")
    assert out.startswith("Error:") and "Supported units" in out and "mg/dL" not in out.split("Supported")[0]
    out = convert_units(5, "mg/dL", "mmol/L")
    assert out.startswith("Error:") and "analyte" in out and "creatinine" in out
    assert convert_units("abc", "kg", "lb").startswith("Error: value must be a finite number")
