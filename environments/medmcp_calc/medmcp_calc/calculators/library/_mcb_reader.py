"""Readers for MedCalc-Bench ``Relevant Entities`` dicts (shared by the calculators of
MedCalc-Bench IDs 2-29; not a calculator module, hence the leading underscore).

A row's entities look like ``{'age': [87, 'years'], 'creatinine': [1.4, 'mg/dL'],
'sex': 'Male', 'Hypertension history': True}``. Keys vary in spelling between rows
(and carry the benchmark's typos, e.g. 'Congestive Heart Faliure'), so every reader
takes several candidate keys. Booleans the benchmark leaves out mean "not present"
(the benchmark's own convention); a missing number raises :class:`CalculatorInputError`.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from ..base import CalculatorInputError
from ..units import convert, value_in


def _keys(keys: str | Iterable[str]) -> tuple[str, ...]:
    return (keys,) if isinstance(keys, str) else tuple(keys)


def get(e: dict, keys: str | Iterable[str]) -> Any:
    """The value of the first present key (case-insensitive), or None."""
    low = {str(k).strip().lower(): v for k, v in e.items()}
    for k in _keys(keys):
        if k in e:
            return e[k]
        if k.lower() in low:
            return low[k.lower()]
    return None


def flag(e: dict, keys: str | Iterable[str], default: bool = False) -> bool:
    """A yes/no entity; absent, None or 'not mentioned' -> ``default``."""
    v = get(e, keys)
    if v is None:
        return default
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        return v != 0
    s = str(v).strip().lower()
    if s in {"true", "yes", "present", "positive", "y"}:
        return True
    if s in {"false", "no", "absent", "negative", "n", "none"} or s.startswith("not ment") or s.startswith("not mention"):
        return False
    return default


def any_flag(e: dict, *keys: str) -> bool:
    return any(flag(e, k) for k in keys)


def number(e: dict, keys: str | Iterable[str], unit: str | None = None, analyte: str | None = None,
           name: str | None = None, required: bool = True) -> float | None:
    """A numeric entity (``[value, unit]`` or a bare number) converted to ``unit`` when given.

    Units the conversion module does not know (``'beats per minute'``, ``'%'``, ``'U/L'``)
    are taken as already being the unit asked for."""
    ks = _keys(keys)
    v = get(e, ks)
    label = name or ks[0]
    if v is None:
        if required:
            raise CalculatorInputError(f"MedCalc-Bench entities lack {label!r} (looked for keys {list(ks)!r})")
        return None
    if isinstance(v, bool):
        raise CalculatorInputError(f"MedCalc-Bench entity {label!r} should be a number, got {v!r}")
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, str):
        try:
            return float(v.strip())
        except ValueError:
            raise CalculatorInputError(f"MedCalc-Bench entity {label!r} should be a number, got {v!r}") from None
    if isinstance(v, (list, tuple)) and v:
        if unit is None or len(v) < 2:
            return float(v[0])
        u = str(v[1]).strip()
        if u.lower() in {"beats per minute", "breaths per minute", "%", "u/l", "iu/l", "msec", "ms"}:
            return float(v[0])
        return value_in(v, unit, analyte=analyte, name=label)
    raise CalculatorInputError(f"MedCalc-Bench entity {label!r}: cannot read a number from {v!r}")


def temperature_c(e: dict, keys: str | Iterable[str] = ("Temperature",), required: bool = True) -> float | None:
    """Temperatures come as ``[38.4, 'degrees celsius']`` or ``[101.6, 'degrees fahreinheit']`` (sic)."""
    v = get(e, keys)
    if v is None:
        if required:
            raise CalculatorInputError(f"MedCalc-Bench entities lack {_keys(keys)[0]!r}")
        return None
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    if isinstance(v, (list, tuple)) and len(v) >= 2:
        u = str(v[1]).lower()
        if "fahr" in u or re.fullmatch(r"\s*°?\s*f\s*", u):
            return convert(float(v[0]), "F", "C")
        return float(v[0])
    raise CalculatorInputError(f"MedCalc-Bench entity {_keys(keys)[0]!r}: cannot read a temperature from {v!r}")


def sex(e: dict) -> str:
    v = get(e, ("sex", "Sex", "gender"))
    if v is None:
        raise CalculatorInputError("MedCalc-Bench entities lack 'sex'")
    s = str(v).strip().lower()
    if s.startswith("f") or s.startswith("w"):
        return "female"
    if s.startswith("m"):
        return "male"
    raise CalculatorInputError(f"MedCalc-Bench entity 'sex': cannot read {v!r}")


def age_years(e: dict, keys: str | Iterable[str] = ("age",)) -> float:
    """Age, converting ``[14, 'months']`` etc. to years."""
    v = get(e, keys)
    if v is None:
        raise CalculatorInputError("MedCalc-Bench entities lack 'age'")
    if isinstance(v, (list, tuple)) and len(v) >= 2:
        return value_in(v, "years", name="age")
    return number(e, keys, name="age")  # type: ignore[return-value]


def count_10e9_per_l(e: dict, keys: str | Iterable[str], name: str | None = None) -> float:
    """Cell counts arrive as a count with a unit of volume: ``[9103, 'µL']`` (per uL) or
    ``[1.47e11, 'L']`` (per L); returned in 10^9/L (= 10^3/uL)."""
    ks = _keys(keys)
    v = get(e, ks)
    label = name or ks[0]
    if v is None:
        raise CalculatorInputError(f"MedCalc-Bench entities lack {label!r}")
    if isinstance(v, (list, tuple)) and len(v) >= 2:
        n = float(v[0])
        u = str(v[1]).strip().replace("µ", "u").replace("μ", "u").lower().replace(" ", "")
        if u in {"l", "/l", "perl", "cells/l"}:
            return n / 1e9
        if u in {"ul", "/ul", "mm3", "/mm3", "mm^3", "/mm^3", "cells/ul", "cells/mm3"}:
            return n / 1e3
        return convert(n, str(v[1]), "10^9/L")
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    raise CalculatorInputError(f"MedCalc-Bench entity {label!r}: cannot read a cell count from {v!r}")
