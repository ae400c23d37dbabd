"""The calculator library: stable entry points.

- :func:`compute` ``(calc_id, inputs) -> Result``
- :func:`match_name` ``(name) -> calc_id | None``
- :func:`compute_medcalc_bench` ``(calculator_id, relevant_entities) -> answer``
- :func:`compute_official_answer` ``(answer) -> value | None``
- :func:`get`, :func:`all_calculators`

Calculators live one module each (or a small family per module) in
``medmcp_calc/calculators/library/``; every module there is imported on first
use and registers its calculators, so adding one touches one file plus its test.
"""
from __future__ import annotations

import importlib
import pkgutil
import threading
from typing import Any, Mapping

from .base import (
    DOMAINS,
    Calculator,
    CalculatorError,
    CalculatorInputError,
    EHRSource,
    Input,
    Output,
    Result,
    UnknownCalculatorError,
    _REGISTRY,
    register,
    round_half_away,
)

__all__ = [
    "DOMAINS", "Calculator", "CalculatorError", "CalculatorInputError", "EHRSource", "Input", "Output",
    "Result", "UnknownCalculatorError", "register", "round_half_away", "compute", "get", "all_calculators",
    "match_name", "compute_medcalc_bench", "compute_official_answer", "by_medcalc_bench_id",
]

_loaded = False
_lock = threading.Lock()


def _load() -> dict[str, Calculator]:
    global _loaded
    if not _loaded:
        with _lock:
            if not _loaded:
                from . import library

                for mod in sorted(pkgutil.iter_modules(library.__path__), key=lambda m: m.name):
                    if not mod.name.startswith("_"):
                        importlib.import_module(f"{library.__name__}.{mod.name}")
                _loaded = True
    return _REGISTRY


def all_calculators() -> list[Calculator]:
    return sorted(_load().values(), key=lambda c: c.id)


def get(calc_id: str) -> Calculator:
    reg = _load()
    if calc_id in reg:
        return reg[calc_id]
    cid = match_name(calc_id) if isinstance(calc_id, str) else None
    if cid is not None:
        return reg[cid]
    raise UnknownCalculatorError(
        f"unknown calculator {calc_id!r}; use one of the ids listed by the library (e.g. "
        + ", ".join(sorted(reg)[:5])
        + ", ...)"
    )


def compute(calc_id: str, inputs: Mapping[str, Any]) -> Result:
    """Run one calculator on a dict of inputs (validated; errors name the input)."""
    return get(calc_id).run(inputs)


def by_medcalc_bench_id(calculator_id: int) -> Calculator:
    for c in _load().values():
        if c.medcalc_bench_id == int(calculator_id):
            return c
    raise UnknownCalculatorError(f"no calculator implements MedCalc-Bench calculator id {calculator_id}")


def compute_medcalc_bench(calculator_id: int, relevant_entities: dict) -> Any:
    """MedCalc-Bench row adapter: a number, a MM/DD/YYYY string or a (weeks, days) tuple."""
    calc = by_medcalc_bench_id(calculator_id)
    if calc.from_medcalc_bench is None:
        raise CalculatorError(f"{calc.id} declares no MedCalc-Bench adapter")
    inputs = calc.from_medcalc_bench(dict(relevant_entities))
    res = calc.run(inputs)
    v = res.value
    import datetime as _dt

    if isinstance(v, _dt.date):
        return v.strftime("%m/%d/%Y")
    return v


def compute_official_answer(answer: dict) -> Any | None:
    """Official-task adapter: one ``calculator_answers`` entry -> our value, or None
    when we lack the calculator or cannot read its inputs."""
    from .matching import match_name as _m

    cid = _m(str(answer.get("name", "")))
    if cid is None:
        return None
    calc = _load()[cid]
    if calc.from_official is None:
        return None
    try:
        inputs = calc.from_official(list(answer.get("inputs") or []))
        res = calc.run(inputs)
    except (CalculatorError, KeyError, TypeError, ValueError):
        return None
    return calc.to_official(res) if calc.to_official else res.value


def match_name(name: str) -> str | None:
    from .matching import match_name as _m

    return _m(name)
