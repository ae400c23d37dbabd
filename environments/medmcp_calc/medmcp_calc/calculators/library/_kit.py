"""Small builders shared by the score modules (private: not a calculator module)."""
from __future__ import annotations

from typing import Iterable

from ..base import EHRSource, Input


def yn(name: str, label: str, kind: str = "diagnosis", *items: str, note: str = "") -> Input:
    """A required yes/no input whose evidence lives in the EHR record of ``kind``."""
    return Input(name, label, kind="bool", ehr=EHRSource(kind, tuple(items) or (label,), note=note))


def age_input(lo: float = 0) -> Input:
    return Input("age", "Age", unit="years", min=lo, max=125, ehr=EHRSource("demographic", ("age",), "years"))


def sex_input() -> Input:
    return Input("sex", "Sex", kind="choice", choices=("male", "female"), ehr=EHRSource("demographic", ("sex",)))


def table(header: Iterable[str], rows: Iterable[Iterable[object]]) -> str:
    """A Markdown table (leading blank line so it renders after the section label)."""
    h = list(header)
    out = ["", "", "| " + " | ".join(h) + " |", "|" + "---|" * len(h)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out) + "\n"


def read_sex(text: str) -> str:
    t = str(text).strip().lower()
    if t.startswith(("f", "w")) or "female" in t:
        return "female"
    if t.startswith(("m",)) or "male" in t:
        return "male"
    from ..base import CalculatorInputError
    raise CalculatorInputError(f"cannot read sex from {text!r}")
