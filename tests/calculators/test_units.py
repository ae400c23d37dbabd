"""Unit conversion: hand-computed factors (molar masses, valences) and error messages."""
from __future__ import annotations

import pytest

from medmcp_calc.calculators import CalculatorInputError
from medmcp_calc.calculators.units import UnitError, canon_unit, convert, value_in


@pytest.mark.parametrize(
    "value,src,dst,analyte,expected,tol",
    [
        # creatinine: 1 mg/dL = 10 mg/L / 113.12 g/mol = 0.088402 mmol/L = 88.40 umol/L
        (1.0, "mg/dL", "umol/L", "creatinine", 88.402, 0.01),
        (1.4, "mg/dL", "µmol/L", "creatinine", 123.76, 0.01),  # 1.4 * 88.402
        (88.4, "umol/L", "mg/dL", "creatinine", 1.0, 0.001),  # 88.4 * 113.12 / 10000
        (92.12, "µmol/L", "mg/dL", "creatinine", 1.042, 0.001),
        # glucose: 180 mg/dL = 1800 mg/L / 180.16 = 9.991 mmol/L; 5.5 mmol/L * 18.016 = 99.09 mg/dL
        (180, "mg/dL", "mmol/L", "glucose", 9.991, 0.001),
        (5.5, "mmol/L", "mg/dL", "glucose", 99.09, 0.01),
        # BUN as urea nitrogen (28.014 g/mol): 28 mg/dL = 280/28.014 = 9.995 mmol/L
        (28, "mg/dL", "mmol/L", "BUN", 9.995, 0.001),
        (10, "mmol/L", "mg/dL", "blood urea nitrogen", 28.014, 0.001),
        # urea (60.06 g/mol): 60.06 mg/dL = 10 mmol/L
        (60.06, "mg/dL", "mmol/L", "urea", 10.0, 1e-6),
        # cholesterol (386.65 g/mol): 200 mg/dL = 2000/386.65 = 5.173 mmol/L
        (200, "mg/dL", "mmol/L", "cholesterol", 5.1726, 0.0001),
        (5.0, "mmol/L", "mg/dL", "HDL", 193.33, 0.01),
        # triglycerides (885.7 g/mol): 2 mmol/L = 177.14 mg/dL
        (2.0, "mmol/L", "mg/dL", "triglycerides", 177.14, 0.01),
        # calcium (40.078 g/mol, divalent): 10 mg/dL = 100/40.078 = 2.4951 mmol/L = 4.9903 mEq/L
        (10, "mg/dL", "mmol/L", "calcium", 2.4951, 0.0001),
        (10, "mg/dL", "mEq/L", "calcium", 4.9903, 0.0001),
        (5, "mEq/L", "mmol/L", "calcium", 2.5, 1e-9),
        # monovalent ions: mEq/L == mmol/L
        (140, "mEq/L", "mmol/L", "sodium", 140.0, 1e-9),
        (104, "mmol/l", "mEq/L", "chloride", 104.0, 1e-9),
        # sodium mass: 322 mg/dL = 3220 mg/L / 22.99 = 140.06 mmol/L
        (322, "mg/dL", "mmol/L", "sodium", 140.06, 0.01),
        # insulin: 1 uIU/mL = 6 pmol/L
        (26, "µIU/mL", "pmol/L", "insulin", 156.0, 1e-6),
        # mass-only: no analyte needed
        (3.5, "g/dL", "g/L", None, 35.0, 1e-9),
        (350, "mg/dL", "g/dL", None, 0.35, 1e-9),
        # body size: 1 lb = 0.45359237 kg; 1 in = 2.54 cm
        (180, "lb", "kg", None, 81.647, 0.001),
        (142, "lbs", "kg", None, 64.410, 0.001),
        (70, "kg", "lb", None, 154.32, 0.01),
        (70, "in", "cm", None, 177.8, 1e-9),
        (168, "cm", "in", None, 66.142, 0.001),
        (1.75, "m", "cm", None, 175.0, 1e-9),
        (5, "ft", "in", None, 60.0, 1e-9),
        # temperature: (F - 32) * 5/9
        (98.6, "°F", "°C", None, 37.0, 1e-9),
        (39, "degrees celsius", "F", None, 102.2, 1e-9),
        (100.4, "degrees fahreinheit", "C", None, 38.0, 1e-9),  # the spelling MedCalc-Bench uses
        (0, "C", "K", None, 273.15, 1e-9),
        # rates and times
        (60, "beats per minute", "/min", None, 60.0, 1e-9),
        (1200, "mL/day", "mL/h", None, 50.0, 1e-9),
        (18, "months", "years", None, 1.5, 1e-9),
        (2, "weeks", "days", None, 14.0, 1e-9),
        (7.5, "kPa", "mmHg", None, 56.26, 0.01),
    ],
)
def test_convert(value, src, dst, analyte, expected, tol):
    assert convert(value, src, dst, analyte=analyte) == pytest.approx(expected, abs=tol)


def test_round_trip_is_identity():
    for analyte, unit in [("creatinine", "umol/L"), ("glucose", "mmol/L"), ("bun", "mmol/L"), ("calcium", "mEq/L")]:
        x = convert(convert(1.234, "mg/dL", unit, analyte=analyte), unit, "mg/dL", analyte=analyte)
        assert x == pytest.approx(1.234, rel=1e-12)


def test_canonical_spellings():
    assert canon_unit("mEq/L") == "mEq/L"
    assert canon_unit("meq/l") == "mEq/L"
    assert canon_unit("mcg/dL") == "ug/dL"
    assert canon_unit("mm Hg") == "mmHg"
    assert canon_unit("kg/m²") == "kg/m^2"


def test_value_in_reads_medcalc_bench_pairs():
    assert value_in([1.4, "mg/dL"], "umol/L", analyte="creatinine") == pytest.approx(123.76, abs=0.01)
    assert value_in([176, "lb"], "kg") == pytest.approx(79.83, abs=0.01)
    assert value_in(5, "mg/dL") == 5.0  # bare number: already in the unit
    with pytest.raises(UnitError, match="weight"):
        value_in("heavy", "kg", name="weight")


def test_molar_conversion_needs_an_analyte():
    with pytest.raises(UnitError, match="analyte") as e:
        convert(1.0, "mg/dL", "mmol/L")
    assert "creatinine" in str(e.value) and "glucose" in str(e.value)  # lists the supported analytes


def test_unknown_unit_lists_supported_units():
    with pytest.raises(UnitError) as e:
        convert(1.0, "furlongs", "m")
    msg = str(e.value)
    assert "furlongs" in msg and "Supported units" in msg
    assert "kg" in msg and "mmHg" in msg and "mEq/L" in msg


def test_incompatible_dimensions_are_refused():
    with pytest.raises(UnitError):
        convert(1.0, "kg", "cm")
    with pytest.raises(UnitError):
        convert(1.0, "C", "kg")


def test_unit_error_is_an_input_error():
    # tools catch CalculatorInputError and hand the message back to the model
    with pytest.raises(CalculatorInputError):
        convert("abc", "kg", "lb")
