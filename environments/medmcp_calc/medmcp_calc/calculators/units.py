"""Unit conversion: plain dimensions (mass, length, temperature, volume, time) and
analyte concentrations that need a molar mass or valence.

    convert(1.4, "mg/dL", "umol/L", analyte="creatinine")  -> 123.76
    convert(180, "lb", "kg")                               -> 81.65
    to_number_with_unit((1.4, "mg/dL"), "mg/dL", analyte="creatinine")

Errors are :class:`UnitError` (a ValueError) and list the supported units.
"""
from __future__ import annotations

import re
from typing import Any

from .base import CalculatorInputError


class UnitError(CalculatorInputError):
    pass


def canon_unit(unit: str) -> str:
    """Normalise unit spellings: µ/μ/mc -> u, ^ and superscripts, spaces, case for known forms."""
    u = str(unit).strip()
    u = u.replace("µ", "u").replace("μ", "u").replace("²", "^2").replace("³", "^3").replace("⁹", "^9").replace("¹²", "^12")
    u = u.replace(" ", "")
    u = re.sub(r"^mc(g|mol)", r"u\1", u)
    low = u.lower()
    low = low.replace("×", "x").replace("*", "x")
    aliases = {
        "kgs": "kg", "kilograms": "kg", "kilogram": "kg", "lbs": "lb", "pounds": "lb", "pound": "lb",
        "grams": "g", "gram": "g", "gm": "g", "ounces": "oz", "ounce": "oz",
        "centimeters": "cm", "centimetres": "cm", "meters": "m", "metres": "m", "inches": "in", "inch": "in",
        "feet": "ft", "foot": "ft", "millimeters": "mm",
        "°c": "c", "degc": "c", "celsius": "c", "degreesc": "c", "°f": "f", "degf": "f", "fahrenheit": "f",
        "degreesf": "f", "kelvin": "k",
        "mequiv/l": "mEq/L", "degreescelsius": "c", "degreecelsius": "c", "degreesfahrenheit": "f",
        "degreefahrenheit": "f", "degreesfahreinheit": "f", "fahreinheit": "f",
        "beatsperminute": "/min", "breathsperminute": "/min", "beats/minute": "/min", "breaths/minute": "/min",
        "perminute": "/min", "mmofhg": "mmHg",
        "ml/day": "mL/day", "ml/d": "mL/day", "ml/24h": "mL/day", "ml/24hr": "mL/day", "l/day": "L/day",
        "ml/h": "mL/h", "ml/hr": "mL/h", "mosm/kg": "mOsm/kg", "mosm/l": "mOsm/L",
        "ml": "ml", "milliliters": "ml", "l": "l", "liters": "l", "dl": "dl",
        "years": "years", "year": "years", "yr": "years", "yrs": "years", "y": "years",
        "months": "months", "month": "months", "mo": "months", "weeks": "weeks", "week": "weeks", "wk": "weeks",
        "days": "days", "day": "days", "d": "days", "hours": "h", "hour": "h", "hr": "h", "hrs": "h", "h": "h",
        "min": "min", "minutes": "min", "minute": "min", "sec": "s", "seconds": "s", "s": "s", "msec": "ms", "ms": "ms",
        "beats/min": "/min", "bpm": "/min", "breaths/min": "/min", "/min": "/min", "permin": "/min",
        "mmhg": "mmHg", "kpa": "kPa", "cmh2o": "cmH2O",
        "x10^9/l": "10^9/L", "10^9/l": "10^9/L", "x10e9/l": "10^9/L", "g/l(x10^9)": "10^9/L", "10*9/l": "10^9/L",
        "/ul": "/uL", "cells/ul": "/uL", "/mm^3": "/uL", "cells/mm^3": "/uL", "/mm3": "/uL", "x10^3/ul": "10^3/uL",
        "10^3/ul": "10^3/uL", "k/ul": "10^3/uL", "x10^3/mm^3": "10^3/uL", "10^3/mm^3": "10^3/uL",
        "x10^12/l": "10^12/L", "10^12/l": "10^12/L", "x10^6/ul": "10^12/L", "10^6/ul": "10^12/L",
        "%": "%", "percent": "%",
        "kg/m^2": "kg/m^2", "kg/m2": "kg/m^2", "m^2": "m^2", "m2": "m^2",
        "ml/min": "mL/min", "ml/min/1.73m^2": "mL/min/1.73m^2", "ml/min/1.73m2": "mL/min/1.73m^2",
    }
    if low in aliases:
        return aliases[low]
    # concentration units: keep canonical casing
    m = re.fullmatch(r"(p|n|u|m|)(g|mol|eq|iu|u)/(dl|l|ml|ul)", low)
    if m:
        prefix, base, vol = m.groups()
        base = {"iu": "IU", "u": "U", "eq": "Eq"}.get(base, base)
        vol = {"dl": "dL", "l": "L", "ml": "mL", "ul": "uL"}[vol]
        if base == "Eq":
            base, prefix = "mol", prefix  # monovalent assumption handled by analyte valence below
            return f"{prefix}Eq/{vol}"
        return f"{prefix}{base}/{vol}"
    return u


# ---- plain dimensions: factor to an SI-ish base -------------------------------------------------
_LINEAR = {
    "mass": {"kg": 1.0, "g": 1e-3, "mg": 1e-6, "lb": 0.45359237, "oz": 0.028349523125},
    "length": {"m": 1.0, "cm": 0.01, "mm": 0.001, "in": 0.0254, "ft": 0.3048},
    "volume": {"l": 1.0, "dl": 0.1, "ml": 1e-3, "ul": 1e-6},
    "time": {"s": 1.0, "ms": 1e-3, "min": 60.0, "h": 3600.0, "days": 86400.0, "weeks": 604800.0,
             "months": 2629800.0, "years": 31557600.0},
    "pressure": {"mmHg": 1.0, "kPa": 7.500615, "cmH2O": 0.7355592},
    "cells": {"10^9/L": 1.0, "/uL": 1e-3, "10^3/uL": 1.0},
    "rbc": {"10^12/L": 1.0},
    "flow": {"mL/day": 1.0, "L/day": 1000.0, "mL/h": 24.0},
}
_TEMPS = {"c", "f", "k"}

# ---- analytes: molar mass (g/mol) and valence ----------------------------------------------------
ANALYTES: dict[str, dict[str, Any]] = {
    "creatinine": {"mw": 113.12, "factor_umol_per_mgdl": 88.4},
    "glucose": {"mw": 180.16},
    "bun": {"mw": 28.014, "note": "urea nitrogen (2 N atoms): 1 mmol/L urea = 2.8 mg/dL BUN"},
    "urea": {"mw": 60.06},
    "cholesterol": {"mw": 386.65},
    "ldl": {"mw": 386.65},
    "hdl": {"mw": 386.65},
    "triglycerides": {"mw": 885.7},
    "calcium": {"mw": 40.078, "valence": 2},
    "magnesium": {"mw": 24.305, "valence": 2},
    "phosphate": {"mw": 30.974},
    "bilirubin": {"mw": 584.66},
    "uric_acid": {"mw": 168.11},
    "sodium": {"mw": 22.99, "valence": 1},
    "potassium": {"mw": 39.098, "valence": 1},
    "chloride": {"mw": 35.45, "valence": 1},
    "bicarbonate": {"mw": 61.017, "valence": 1},
    "lactate": {"mw": 89.07, "valence": 1},
    "albumin": {"mw": 66500.0},
    "protein": {"mw": None},
    "hemoglobin": {"mw": 16114.5, "note": "g/dL <-> mmol/L uses the monomer (16.1 kDa): 1 g/dL = 0.6206 mmol/L"},
    "ammonia": {"mw": 17.031},
    "ethanol": {"mw": 46.07},
    "insulin": {"uIU_per_pmol": 1 / 6.0},
}
_ANALYTE_ALIASES = {
    "cr": "creatinine", "scr": "creatinine", "serum creatinine": "creatinine", "blood urea nitrogen": "bun",
    "urea nitrogen": "bun", "glu": "glucose", "blood glucose": "glucose", "total cholesterol": "cholesterol",
    "tg": "triglycerides", "ca": "calcium", "mg": "magnesium", "total bilirubin": "bilirubin", "tbil": "bilirubin",
    "na": "sodium", "k": "potassium", "cl": "chloride", "hco3": "bicarbonate", "co2": "bicarbonate",
    "alb": "albumin", "hb": "hemoglobin", "hgb": "hemoglobin", "phosphorus": "phosphate",
}

_MASS_PREFIX = {"g": 1.0, "mg": 1e-3, "ug": 1e-6, "ng": 1e-9, "pg": 1e-12}
_MOL_PREFIX = {"mol": 1.0, "mmol": 1e-3, "umol": 1e-6, "nmol": 1e-9, "pmol": 1e-12}
_EQ_PREFIX = {"Eq": 1.0, "mEq": 1e-3, "uEq": 1e-6}
_VOL = {"L": 1.0, "dL": 0.1, "mL": 1e-3, "uL": 1e-6}


def _analyte(name: str | None) -> str | None:
    if name is None:
        return None
    n = str(name).strip().lower().replace("-", " ").replace("_", " ")
    n = _ANALYTE_ALIASES.get(n, n).replace(" ", "_")
    return n


def _conc_parts(unit: str) -> tuple[str, float, float] | None:
    """('mass'|'mol'|'eq', amount factor, volume factor) for a concentration unit."""
    if "/" not in unit:
        return None
    num, den = unit.split("/", 1)
    if den not in _VOL:
        return None
    if num in _MASS_PREFIX:
        return ("mass", _MASS_PREFIX[num], _VOL[den])
    if num in _MOL_PREFIX:
        return ("mol", _MOL_PREFIX[num], _VOL[den])
    if num in _EQ_PREFIX:
        return ("eq", _EQ_PREFIX[num], _VOL[den])
    if num in ("IU", "U", "uIU", "mIU", "mU", "uU"):
        f = {"IU": 1.0, "U": 1.0, "mIU": 1e-3, "mU": 1e-3, "uIU": 1e-6, "uU": 1e-6}[num]
        return ("iu", f, _VOL[den])
    return None


def supported_units() -> str:
    dims = "; ".join(f"{k}: {', '.join(v)}" for k, v in _LINEAR.items())
    return (
        f"{dims}; temperature: C, F, K; concentrations: g|mg|ug|ng/dL|L|mL, mol|mmol|umol/L, mEq/L, IU|mIU|uIU/mL|L "
        f"(molar <-> mass needs analyte=one of {', '.join(sorted(ANALYTES))})"
    )


def convert(value: float, from_unit: str, to_unit: str, analyte: str | None = None) -> float:
    """Convert ``value`` between units; concentration mass<->molar needs ``analyte``."""
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise UnitError(f"value must be a number, got {value!r}") from None
    fu, tu = canon_unit(from_unit), canon_unit(to_unit)
    if fu == tu:
        return value
    # temperature
    if fu.lower() in _TEMPS and tu.lower() in _TEMPS:
        c = {"c": value, "f": (value - 32) * 5 / 9, "k": value - 273.15}[fu.lower()]
        return {"c": c, "f": c * 9 / 5 + 32, "k": c + 273.15}[tu.lower()]
    for table in _LINEAR.values():
        keys = {k.lower(): v for k, v in table.items()}
        if fu.lower() in keys and tu.lower() in keys:
            return value * keys[fu.lower()] / keys[tu.lower()]
    fp, tp = _conc_parts(fu), _conc_parts(tu)
    if fp and tp:
        fkind, famt, fvol = fp
        tkind, tamt, tvol = tp
        # amount per litre in the source kind
        per_l = value * famt / fvol
        a = _analyte(analyte)
        info = ANALYTES.get(a or "", {})
        if fkind != tkind:
            if {fkind, tkind} == {"mol", "eq"}:
                val = info.get("valence", 1) if a else 1
                per_l = per_l * val if fkind == "mol" else per_l / val
            elif {fkind, tkind} <= {"mass", "mol", "eq"}:
                mw = info.get("mw")
                if not mw:
                    raise UnitError(
                        f"converting {fu} to {tu} needs the analyte's molar mass: pass analyte= one of "
                        + ", ".join(sorted(k for k, v in ANALYTES.items() if v.get('mw')))
                    )
                valence = info.get("valence", 1)
                if fkind == "eq":
                    per_l = per_l / valence
                    fkind = "mol"
                if fkind == "mass":  # g/L -> mol/L
                    per_l = per_l / mw
                else:  # mol/L -> g/L
                    per_l = per_l * mw
                if tkind == "eq":
                    per_l = per_l * valence
            elif {fkind, tkind} == {"iu", "mol"} and a == "insulin":
                # 1 uIU/mL (= 1 mIU/L) = 6 pmol/L, i.e. 1 IU/L = 6e-9 mol/L
                per_l = per_l * 6e-9 if fkind == "iu" else per_l / 6e-9
            else:
                raise UnitError(f"cannot convert {fu} to {tu}")
        return per_l * tvol / tamt
    raise UnitError(f"cannot convert {from_unit!r} to {to_unit!r}. Supported units: {supported_units()}")


def value_in(entity: Any, unit: str, analyte: str | None = None, name: str = "value") -> float:
    """Read a (value, unit) pair such as MedCalc-Bench's ``[1.4, 'mg/dL']`` (or a bare number,
    taken as already in ``unit``) and return it in ``unit``."""
    if isinstance(entity, (int, float)) and not isinstance(entity, bool):
        return float(entity)
    if isinstance(entity, (list, tuple)) and len(entity) >= 2:
        v, u = entity[0], entity[1]
        if isinstance(v, (list, tuple)):
            raise UnitError(f"{name}: expected a single value, got {entity!r}")
        return convert(float(v), str(u), unit, analyte=analyte)
    if isinstance(entity, (list, tuple)) and len(entity) == 1:
        return float(entity[0])
    raise UnitError(f"{name}: cannot read a number with a unit from {entity!r}")
