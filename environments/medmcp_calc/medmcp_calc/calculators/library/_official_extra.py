"""Extra readers for official MedMCP-Calc ``calculator_answers`` inputs used by the calculators of
MedCalc-Bench IDs 2-29 (threshold fields such as ``"Heart rate >100": "No (98 bpm)"``)."""
from __future__ import annotations

import re
from typing import Iterable

from ..officials import official_bool, require_field

_PAREN_NUM = re.compile(r"\(([^)]*)\)")
_NUM = re.compile(r"(?<![A-Za-z0-9.])[-+]?\d+(?:\.\d+)?")  # not the 2 of "PaO2"


def yes_number(inputs: list, keywords: Iterable[str], yes: float, no: float, exclude: Iterable[str] = ()) -> float:
    """The measured number behind a yes/no threshold field, or a representative value.

    ``"No (98 bpm)"`` -> 98; ``"Yes (32/min)"`` -> 32; a bare ``"Yes"`` -> ``yes``; ``"No"`` -> ``no``;
    a plain number such as ``"98 bpm"`` -> 98."""
    kws = tuple(keywords)
    entry = require_field(inputs, kws, exclude)
    text = str(entry.get("value", "")).replace(",", "")
    for m in _PAREN_NUM.finditer(text):
        num = _NUM.search(m.group(1))
        if num:
            return float(num.group(0))
    stripped = text.strip().lower()
    if not stripped.startswith(("yes", "no")):
        num = _NUM.search(text)
        if num:
            return float(num.group(0))
    return yes if official_bool(inputs, kws, exclude) else no


from ..officials import official_score_or_none  # noqa: E402

score_of = official_score_or_none  # shared implementation
