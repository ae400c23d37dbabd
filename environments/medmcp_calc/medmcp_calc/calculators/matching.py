"""Calculator-name matching: canonical names, aliases, official names, normalisation.

``match_name(name) -> calc_id | None``. The index has two tiers:

1. *explicit* names - each calculator's id, canonical name, aliases and
   ``official_names`` - matched after :func:`normalize` (case, accents, subscript
   digits, punctuation);
2. *derived* names - a trailing parenthesised abbreviation ("Injury Severity
   Score (ISS)" -> "ISS"), the name without that abbreviation, the "loose"
   form without filler words ("score", "calculator", "for", ...), and the
   spacing-insensitive form of each ("CURB65" = "CURB-65", "Aa gradient").

A derived key that two calculators would both produce is dropped (ambiguous:
"CCI" is both Charlson and Corrected Count Increment), and only *abbreviation*
parentheses are ever stripped - a descriptive qualifier such as
"(Pre-Endoscopy)" vs "(Complete)" or "(Body Mass Index and BSA)" changes the
calculator, so a name that differs only there stays unknown. Unknown names
return None rather than the nearest neighbour.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_STOP = {"the", "a", "an", "of", "for", "and", "calculator", "calculation", "score", "equation", "equations",
         "formula", "tool", "rule", "model", "system"}
_SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉⁰¹²³⁴⁵⁶⁷⁸⁹", "01234567890123456789")


def normalize(name: str) -> str:
    """Lowercase, strip accents/punctuation, unify dashes and sub/superscript digits."""
    s = str(name).translate(_SUB)
    s = unicodedata.normalize("NFKD", s)
    s = "".join(ch for ch in s if not unicodedata.combining(ch))
    s = s.lower().replace("–", "-").replace("—", "-").replace("'", "").replace("’", "")
    s = re.sub(r"[^a-z0-9]+", " ", s)
    return " ".join(s.split())


def _loose(name: str) -> str:
    return " ".join(t for t in normalize(name).split() if t not in _STOP)


_TRAILING_PAREN = re.compile(r"^(.*\S)\s*\(([^()]+)\)\s*$")


def _is_abbreviation(text: str) -> bool:
    """"ISS", "NLR", "keGFR", "GCS", "P/F Ratio"? -> only compact tokens with >= 2 capitals or digits."""
    t = text.strip()
    if not t or " " in t or len(t) > 14:
        return False
    if "-" in t and all(p[:1].isupper() and p[1:].islower() for p in t.split("-")):
        return False  # hyphenated words ("Pre-Endoscopy") are a qualifier, not an abbreviation
    caps = sum(ch.isupper() or ch.isdigit() for ch in t)
    return caps >= 2


def _split_abbreviation(name: str) -> tuple[str, str] | None:
    """"Injury Severity Score (ISS)" -> ("Injury Severity Score", "ISS"); None when the
    trailing parenthesis is a descriptive qualifier or there is none."""
    m = _TRAILING_PAREN.match(str(name))
    if not m or not _is_abbreviation(m.group(2)):
        return None
    return m.group(1), m.group(2)


@lru_cache(maxsize=1)
def _index() -> tuple[dict[str, str], dict[str, str]]:
    from . import all_calculators

    explicit: dict[str, str] = {}
    derived: dict[str, set[str]] = {}
    calcs = all_calculators()
    for c in calcs:
        for n in (c.id, c.name, *c.aliases, *c.official_names):
            explicit.setdefault(normalize(n), c.id)
    for c in calcs:
        for n in (c.name, *c.aliases, *c.official_names):
            keys = {_loose(n)}
            parts = _split_abbreviation(n)
            if parts:
                base, abbr = parts
                keys |= {normalize(base), _loose(base), normalize(abbr)}
            keys |= {_compact(k) for k in list(keys) + [normalize(n)]}
            for k in keys:
                if k:
                    derived.setdefault(k, set()).add(c.id)
    unique = {k: next(iter(v)) for k, v in derived.items() if len(v) == 1}
    return explicit, unique


def _compact(key: str) -> str:
    """Spacing-insensitive form, marked so it never collides with a spaced key: "a a gradient" -> "#aagradient"."""
    return "#" + key.replace(" ", "") if key else ""


def clear_cache() -> None:
    """Forget the index (tests that register calculators on the fly)."""
    _index.cache_clear()


def match_name(name: str) -> str | None:
    """Map a spelling of a calculator name to our id, or None ("unknown")."""
    if not isinstance(name, str) or not name.strip():
        return None
    explicit, derived = _index()
    n = normalize(name)
    if n in explicit:
        return explicit[n]
    candidates = [n, _loose(name)]
    parts = _split_abbreviation(name)
    if parts:
        base, abbr = parts
        candidates += [normalize(base), _loose(base)]
    candidates += [_compact(k) for k in list(candidates)]  # "Aa gradient", "CURB65", "NEWS 2"
    for k in candidates:
        if k and k in explicit:
            return explicit[k]
        if k and k in derived:
            return derived[k]
    # an abbreviation alone is not enough when the title around it is unknown
    # ("Corrected Count Increment (CCI)" must not become Charlson's "CCI")
    return None
