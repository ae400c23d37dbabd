"""Calculator-name matching: canonical names, aliases, official names, normalisation."""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_STOP = {"the", "a", "an", "of", "for", "and", "calculator", "score", "equation", "formula", "index", "scale", "tool", "criteria", "rule"}


def normalize(name: str) -> str:
    """Lowercase, strip accents/punctuation, unify dashes; keep digits and letters."""
    s = unicodedata.normalize("NFKD", name)
    s = "".join(ch for ch in s if not unicodedata.combining(ch))
    s = s.lower().replace("₂", "2").replace("–", "-").replace("—", "-").replace("'", "").replace("’", "")
    s = re.sub(r"[^a-z0-9]+", " ", s)
    return " ".join(s.split())


def _loose(name: str) -> str:
    return " ".join(t for t in normalize(name).split() if t not in _STOP)


@lru_cache(maxsize=1)
def _index() -> tuple[dict[str, str], dict[str, str]]:
    from . import all_calculators

    exact: dict[str, str] = {}
    loose: dict[str, str] = {}
    for c in all_calculators():
        for n in (c.id, c.name, *c.aliases, *c.official_names):
            exact.setdefault(normalize(n), c.id)
            ln = _loose(n)
            if ln:
                loose.setdefault(ln, c.id)
        # "Name (ABBR)" -> also "Name" and "ABBR"
        for n in (c.name, *c.official_names):
            for part in re.findall(r"\(([^)]+)\)", n):
                exact.setdefault(normalize(part), c.id)
            base = re.sub(r"\([^)]*\)", " ", n)
            if normalize(base):
                exact.setdefault(normalize(base), c.id)
    return exact, loose


def match_name(name: str) -> str | None:
    """Map any spelling of a calculator name to our id, or None ("unknown")."""
    if not isinstance(name, str) or not name.strip():
        return None
    exact, loose = _index()
    n = normalize(name)
    if n in exact:
        return exact[n]
    ln = _loose(name)
    if ln and ln in loose:
        return loose[ln]
    base = re.sub(r"\([^)]*\)", " ", name)
    if normalize(base) in exact:
        return exact[normalize(base)]
    return None
