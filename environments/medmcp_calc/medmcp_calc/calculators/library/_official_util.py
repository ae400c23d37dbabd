"""Small helpers for reading official MedMCP-Calc inputs (private: not a calculator module).

The official ``inputs`` lists carry free-text values ("Yes (GCS 14)", "92-93%",
"Grimacing (+2)") and, for points-based tools, the ``score`` the source assigned.
These helpers pick fields by keyword and read numbers, scores or keyword choices.
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from ..base import CalculatorInputError
from ..officials import (_norm, official_bool, official_bool_or_none, official_score_or_none,
                         official_value_or_none, parse_number_unit, require_field)

# the four domains of the official release, mapped to ours
OFFICIAL_DOMAIN = {
    "emergency critical care perioperative": "Critical Care & Perioperative Medicine",
    "medicine organ systems": "Internal Medicine & Organ Systems",
    "neurology mental health": "Neurology & Psychiatry",
    "special populations general tools": "Special Populations & Universal Tools",
}


opt_value = official_value_or_none
opt_bool = official_bool_or_none
field_score = official_score_or_none


def field_text(inputs: list, keywords: Iterable[str], exclude: Iterable[str] = ()) -> str:
    return str(require_field(inputs, keywords, exclude).get("value", ""))


def number_in(value: Any) -> float:
    """First number in a value (``"Yes (GCS 14)"`` -> 14.0)."""
    return parse_number_unit(value)[0]


def percent(value: float) -> float:
    """FiO2-style percentages given as fractions (0.21) become percents (21)."""
    return value * 100.0 if value <= 1.0 else value


def choice_by_keywords(text: str, table: Mapping[str, Iterable[str]], what: str) -> str:
    """Pick the key of ``table`` whose keyword phrases occur in ``text`` (first match wins)."""
    t = f" {_norm(text)} "
    for key, phrases in table.items():
        for p in phrases:
            if f" {_norm(p)} " in t:
                return key
    raise CalculatorInputError(f"cannot read {what} from {text!r}")


def parenthesised_int(text: str) -> int | None:
    """``"Grimacing (+2)"`` -> 2; ``"Light sedation (-2)"`` -> -2; None when absent."""
    m = re.search(r"\(\s*([+-]?\d+)\s*\)", str(text))
    return int(m.group(1)) if m else None


def reference_page(title: str, purpose: str, when: str, inputs: str, formula: str, interpretation: str,
                   reference: str) -> str:
    """Assemble a reference page with the standard sections."""
    return (f"# {title}\n\n**Purpose.** {purpose}\n\n**When to use.** {when}\n\n**Inputs.** {inputs}\n\n"
            f"**Formula.** {formula}\n\n**Interpretation.** {interpretation}\n\n**Reference.** {reference}\n")


def bool_inputs(items, kind_note: str = "history"):
    """Input objects for (name, label, points) yes/no items."""
    from ..base import EHRSource, Input

    return tuple(Input(n, f"{label} ({'+' if p >= 0 else ''}{p:g})", kind="bool", ehr=EHRSource(kind_note, ())) for n, label, p in items)


def bools_from_official(inputs: list, mapping, by_score: bool = False) -> dict:
    """Read yes/no items; ``mapping`` is {input name: keyword tuple}. With ``by_score`` a
    field's non-zero official score means 'present' (for items phrased as favourable answers)."""

    out = {}
    for name, kws in mapping.items():
        if by_score:
            s = field_score(inputs, kws)
            if s is None:
                raise CalculatorInputError(f"official field {kws[0]!r} carries no score")
            out[name] = s != 0
        else:
            out[name] = official_bool(inputs, kws)
    return out
