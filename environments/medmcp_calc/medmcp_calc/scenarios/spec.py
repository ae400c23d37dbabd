"""Scenario definitions: a clinical workflow of calculators with a branch.

A :class:`Scenario` is data plus two small functions:

- ``sample(rng, variant) -> Facts``: one clinically coherent patient whose values drive
  the intended branch ``variant`` (e.g. ``"stable"`` or ``"changing"`` creatinine);
- ``steps``: the ordered calculators. Each input is bound to a :class:`Ref`: a fact from the
  EHR (``F``), an earlier step's output (``O``), a value derived from facts/outputs (``D``) or
  a fixed clinician choice (``K``). Inputs left unbound are bound automatically to the
  patient fact whose name matches the input (``creatinine_mg_dl`` -> ``creatinine``).
  A step with ``when`` runs only when its predicate holds (the branch).

A scenario whose calculators (or inputs) are not in the library yet is simply not
loadable: :func:`medmcp_calc.scenarios.registry.loadable` says why.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence


# ------------------------------------------------------------------------------------------------
# References: where a calculator input comes from
# ------------------------------------------------------------------------------------------------
class Ref:
    pass


@dataclass(frozen=True)
class F(Ref):
    """A fact read from the EHR. ``at``: "target" (the scenario's timepoint), "first", "last",
    or an index into the fact's measurement series. ``map`` translates the fact's value
    (e.g. a GCS phrase level, a text category) into the calculator's vocabulary."""

    key: str
    at: str | int = "target"
    map: Mapping[Any, Any] | None = None


@dataclass(frozen=True)
class O(Ref):
    """The output value of an earlier step (or one of its ``details`` entries)."""

    step: str
    field: str | None = None


@dataclass(frozen=True)
class D(Ref):
    """A value derived from the context; ``facts``/``steps`` name what it uses (for evidence)."""

    fn: Callable[["Ctx"], Any]
    facts: tuple[str, ...] = ()
    steps: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class K(Ref):
    """A fixed clinician choice (a convention of the workflow, not a patient value)."""

    value: Any


@dataclass(frozen=True)
class Step:
    key: str
    calc: str | tuple[str, ...]  # calculator id (or candidates, first present wins)
    inputs: Mapping[str, Ref] = field(default_factory=dict)
    when: Callable[["Ctx"], bool] | None = None
    branch: str | None = None  # the branch this step belongs to (for the record)
    omit: tuple[str, ...] = ()  # optional inputs never auto-bound
    purpose: str = ""  # one line, shown in the reference plan


@dataclass(frozen=True)
class Branch:
    name: str
    question: str  # what is decided, in words
    decide: Callable[["Ctx"], str]  # -> label
    facts: tuple[str, ...] = ()  # facts the decision reads (they become evidence)


@dataclass
class Facts:
    """A sampled patient: values in conventional units, optional explicit series.

    ``values``: fact key -> value (labs in the catalogue's conventional unit, vitals in the
    vital unit, text facts as their phrase key, ``age``/``sex``).
    ``series``: lab/vital key -> list of (hours after admission, value); the last (or first,
    for timepoint "admission") entry is the target.
    """

    values: dict[str, Any]
    series: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    si: dict[str, bool] = field(default_factory=dict)  # force SI (True) or conventional (False) unit per lab
    diagnoses: list[tuple[str, str]] = field(default_factory=list)  # (name, ICD-10)
    orders: list[dict[str, Any]] = field(default_factory=list)  # extra order rows (name, dose, unit, ...)
    admit: Any = None  # a datetime.datetime to fix the admission time (else drawn at random)


@dataclass(frozen=True)
class Scenario:
    id: str
    version: int
    domain: str
    title: str
    family: str
    dept: tuple[str, str]  # (department name, code)
    timepoint: str  # "latest" | "admission"
    chief_complaint: str
    present_illness: str
    admission_diagnosis: str
    variants: tuple[str, ...]
    sample: Callable[[random.Random, str], Facts]
    steps: tuple[Step, ...]
    branches: tuple[Branch, ...]
    expect: Mapping[str, Mapping[str, str]]  # variant -> {branch name: label}
    questions: tuple[str, ...]
    tags: tuple[str, ...] = ()


@dataclass
class Ctx:
    """What a step sees while ground truth is computed (and what branches decide on)."""

    facts: dict[str, Any]  # effective values as stored in the EHR (conventional units)
    series: dict[str, list[tuple[str, float]]]  # key -> [(time text, value)] as stored
    outs: dict[str, Any] = field(default_factory=dict)  # step key -> output value
    details: dict[str, Mapping[str, Any]] = field(default_factory=dict)
    scenario: Scenario | None = None
    _branches: dict[str, str] = field(default_factory=dict)
    accessed: set = field(default_factory=set)  # facts read by branch/derived functions (become evidence)

    def branch(self, name: str) -> str:
        if name not in self._branches:
            assert self.scenario is not None
            for b in self.scenario.branches:
                if b.name == name:
                    self._branches[name] = b.decide(self)
                    break
            else:
                raise KeyError(f"unknown branch {name!r}")
        return self._branches[name]

    def f(self, key: str) -> Any:
        self.accessed.add(key)
        return self.facts[key]

    def o(self, key: str) -> Any:
        return self.outs[key]

    def ran(self, key: str) -> bool:
        return key in self.outs


def hours_between(t0: str, t1: str) -> float:
    import datetime as dt

    a = dt.datetime.strptime(t0, "%Y-%m-%d %H:%M:%S")
    b = dt.datetime.strptime(t1, "%Y-%m-%d %H:%M:%S")
    return (b - a).total_seconds() / 3600.0


def pick(rng: random.Random, seq: Sequence[Any]) -> Any:
    return seq[rng.randrange(len(seq))]


def u(rng: random.Random, lo: float, hi: float, nd: int = 1) -> float:
    return round(rng.uniform(lo, hi), nd)
