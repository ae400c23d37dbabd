"""All scenario definitions, and which of them can run with the calculator library as it is.

Scenario families live one module each in ``medmcp_calc/scenarios/library/`` and export
``SCENARIOS``. A scenario is *loadable* when every calculator it names is in the library,
every input binds, and a trial generation succeeds; otherwise it is skipped with a reason.
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from .spec import Scenario

# Scenarios that never appear in train (the test_unseen split).
UNSEEN: frozenset[str] = frozenset()


@lru_cache(maxsize=1)
def all_scenarios() -> tuple[Scenario, ...]:
    from . import library

    out: list[Scenario] = []
    for mod in sorted(pkgutil.iter_modules(library.__path__), key=lambda m: m.name):
        if mod.name.startswith("_"):
            continue
        m = importlib.import_module(f"{library.__name__}.{mod.name}")
        out.extend(getattr(m, "SCENARIOS", ()))
    ids = [s.id for s in out]
    dupes = {i for i in ids if ids.count(i) > 1}
    if dupes:
        raise ValueError(f"duplicate scenario ids: {sorted(dupes)}")
    return tuple(sorted(out, key=lambda s: s.id))


def by_id(scenario_id: str) -> Scenario:
    for s in all_scenarios():
        if s.id == scenario_id:
            return s
    raise KeyError(f"unknown scenario {scenario_id!r}")


@lru_cache(maxsize=None)
def check(scenario_id: str) -> str | None:
    """None when the scenario runs; otherwise why not."""
    from .engine import ScenarioError, bindings
    from .generate import GenerationError, generate

    s = by_id(scenario_id)
    try:
        for st in s.steps:
            bindings(s, st)
        for seed in range(len(s.variants)):
            generate(s, seed, "dev")
    except (ScenarioError, GenerationError) as e:
        return str(e)
    except Exception as e:  # a calculator rejected our inputs, etc.
        return f"{type(e).__name__}: {e}"
    return None


def loadable() -> tuple[Scenario, ...]:
    return tuple(s for s in all_scenarios() if check(s.id) is None)


def skipped() -> dict[str, str]:
    return {s.id: r for s in all_scenarios() if (r := check(s.id)) is not None}
