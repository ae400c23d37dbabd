"""Helpers shared by the tool tests: the canary text and purpose-phrased search queries."""
from __future__ import annotations

import re

CANARY_TEXT = "medmcp canary: must never change\n"

_STOP = {"score", "scale", "index", "criteria", "rule", "equation", "formula", "calculator", "the", "for", "of",
         "and", "in", "a", "an", "to", "with", "by", "on", "or"}


def name_words(calc) -> set[str]:
    """Distinctive words of a calculator's name, id and aliases (lower case)."""
    text = " ".join([calc.name, calc.id.replace("_", " "), *calc.aliases])
    words = {w for w in re.split(r"[^a-z0-9]+", text.lower()) if w}
    return {w for w in words if w not in _STOP}


def purpose_query(calc) -> str:
    """The calculator's purpose sentence with the words of its name/aliases removed."""
    drop = name_words(calc)
    words = re.findall(r"[A-Za-z0-9][A-Za-z0-9'-]*", calc.purpose or "")
    kept = [w for w in words if w.lower().strip("'") not in drop]
    return " ".join(kept)
