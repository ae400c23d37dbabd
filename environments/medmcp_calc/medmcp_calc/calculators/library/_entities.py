"""Helpers for MedCalc-Bench ``Relevant Entities`` adapters (not a calculator module).

MedCalc-Bench rows carry inputs as ``{'Sodium': [139.0, 'mmol/L'], 'sex': 'Male',
'Hemoptysis': False, ...}``; keys vary slightly in case and spelling between rows.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from ..base import CalculatorInputError
from ..units import UnitError, convert, value_in


def _norm(k: str) -> str:
    return re.sub(r"[^a-z0-9≤≥]+", " ", str(k).lower().replace("₂", "2")).strip()


def find(e: dict, *keys: str) -> Any:
    """The value of the first of ``keys`` present in ``e`` (case/punctuation-insensitive), else None."""
    normed = {_norm(k): v for k, v in e.items()}
    for k in keys:
        if k in e:
            return e[k]
        nk = _norm(k)
        if nk in normed:
            return normed[nk]
    return None


def need(e: dict, *keys: str) -> Any:
    v = find(e, *keys)
    if v is None:
        raise CalculatorInputError(f"MedCalc-Bench entities lack {keys[0]!r} (have: {', '.join(map(repr, e))})")
    return v


def num(e: dict, keys: str | Iterable[str], unit: str | None = None, analyte: str | None = None,
        default: float | None = None, fix: Any = None, alt_units: tuple[str, ...] = ()) -> float | None:
    """A numeric entity converted to ``unit``; ``default`` when absent (None default -> required).

    ``fix``: the calculator :class:`Input` whose [min, max] defines a plausible value. Some
    MedCalc-Bench rows carry a mislabelled unit (sodium 137 "mg/dL", albumin 3.5 "mg/dL",
    albumin 17.1 "g/dL"); when the converted value is implausible but the bare number read in
    ``unit`` (or in one of ``alt_units``) is plausible, that reading is used instead.
    """
    ks = (keys,) if isinstance(keys, str) else tuple(keys)
    v = find(e, *ks)
    if v is None:
        if default is not None:
            return default
        raise CalculatorInputError(f"MedCalc-Bench entities lack {ks[0]!r} (have: {', '.join(map(repr, e))})")
    if unit is None:
        if isinstance(v, (list, tuple)):
            v = v[0]
        return float(v)
    x = value_in(v, unit, analyte=analyte, name=ks[0])
    if fix is not None and isinstance(v, (list, tuple)) and not _plausible(x, fix):
        for u in (unit, *alt_units):
            try:
                y = convert(float(v[0]), u, unit, analyte=analyte)
            except (UnitError, TypeError, ValueError):
                continue
            if _plausible(y, fix):
                return y
    return x


def _plausible(x: float, inp: Any) -> bool:
    return (inp.min is None or x >= inp.min) and (inp.max is None or x <= inp.max)


def flag(e: dict, *keys: str) -> bool:
    """A yes/no entity; absent means False (MedCalc-Bench's convention: not reported = absent)."""
    v = find(e, *keys)
    if v is None:
        return False
    if isinstance(v, str):
        return v.strip().lower() in {"true", "yes", "present", "positive", "1"}
    if isinstance(v, (list, tuple)):
        v = v[0]
    return bool(v)


def sex(e: dict) -> str:
    v = str(need(e, "sex", "gender")).strip().lower()
    if v.startswith("f") or v == "woman":
        return "female"
    if v.startswith("m") or v == "man":
        return "male"
    raise CalculatorInputError(f"cannot read sex from {v!r}")


def age_years(e: dict) -> float:
    return num(e, "age", "years")


def off_bool(inputs: list, keywords: Iterable[str], exclude: Iterable[str] = ()) -> bool:
    """Official yes/no field; an absent field counts as no. A field carrying a non-zero ``score``
    counts as yes even when its text is unusual."""
    from ..officials import find_field, official_bool

    entry = find_field(inputs, keywords, exclude)
    if entry is None:
        return False
    if "score" in entry:
        try:
            return float(entry["score"]) != 0
        except (TypeError, ValueError):
            pass
    return official_bool(inputs, keywords, exclude)


from ..officials import official_value_or_none  # noqa: E402

off_num = official_value_or_none  # shared implementation


def off_yes(inputs: list, keywords: Iterable[str], exclude: Iterable[str] = ()) -> bool | None:
    """First official field matching a keyword whose value reads as yes/no; None when there is none.
    (Skips numeric fields such as ``respiratory_rate: "18 breaths/min"``.)"""
    kws = [_norm(k) for k in keywords]
    exc = [_norm(k) for k in exclude]
    for entry in inputs:
        if not isinstance(entry, dict):
            continue
        f = f" {_norm(entry.get('field', ''))} "
        if any(x and f" {x} " in f for x in exc) or not any(k and f" {k} " in f for k in kws):
            continue
        v = entry.get("value")
        if isinstance(v, bool):
            return v
        s = _norm(v)
        if s.startswith(("yes", "true", "present", "positive")):
            return True
        if s.startswith(("no", "false", "absent", "negative", "none")):
            return False
    return None
