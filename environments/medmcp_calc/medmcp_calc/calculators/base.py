"""The calculator definition: one small, declarative object per calculator.

A calculator module in ``medmcp_calc/calculators/library/`` builds one or more
:class:`Calculator` objects and registers them with :func:`register`. Nothing
else needs editing to add a calculator: the registry discovers every module of
the ``library`` package on first use.

Validation happens here, once, for every calculator: missing inputs, wrong
types, out-of-range values and unknown choices raise :class:`CalculatorInputError`
with a message naming the input, so a tool can hand it back to a model verbatim.
"""
from __future__ import annotations

import datetime as _dt
import math
from dataclasses import dataclass, field
from typing import Any, Callable, Literal, Mapping

DOMAINS = (
    "Critical Care & Perioperative Medicine",
    "Internal Medicine & Organ Systems",
    "Neurology & Psychiatry",
    "Special Populations & Universal Tools",
)
CRITICAL, INTERNAL, NEURO, SPECIAL = DOMAINS

InputKind = Literal["number", "integer", "bool", "choice", "date", "text"]
OutputKind = Literal["number", "score", "category", "date", "weeks_days", "text"]
EHRKind = Literal["lab", "vital", "demographic", "diagnosis", "history", "exam", "order", "anesthesia", "none"]


class CalculatorError(Exception):
    """Base class of every error a calculator raises on purpose."""


class CalculatorInputError(CalculatorError, ValueError):
    """Bad or missing input. The message names the input and what is expected."""


class UnknownCalculatorError(CalculatorError, KeyError):
    def __str__(self) -> str:  # KeyError quotes its message; keep it readable
        return str(self.args[0]) if self.args else "unknown calculator"


@dataclass(frozen=True)
class EHRSource:
    """Where the value of an input lives in the EHR database.

    kind: which kind of record holds it:
      - "lab": ``laboratory_result`` rows whose ``test_item_name`` is one of ``items``
        (``unit`` is the unit the calculator expects; the EHR may store another);
      - "vital": a ``vital_signs`` column (``items[0]``, e.g. "heart_rate");
      - "demographic": ``patient_information`` / ``visit_inpatient`` (age, sex);
      - "diagnosis": ``diagnostic_record.diagnosis_name`` matching ``items``;
      - "history": free text of ``admission_record`` (history fields);
      - "exam": ``admission_record.physical_examination`` or ``examination_report``;
      - "order": ``order_inpatient`` (drug or procedure ``items``);
      - "anesthesia": ``anethesia_record`` column (``items[0]``);
      - "none": not in the record (clinician-supplied, e.g. a target AUC).
    """

    kind: EHRKind
    items: tuple[str, ...] = ()
    unit: str | None = None
    note: str = ""


@dataclass(frozen=True)
class Input:
    name: str
    label: str
    kind: InputKind = "number"
    unit: str | None = None
    min: float | None = None
    max: float | None = None
    choices: tuple[Any, ...] | None = None  # allowed values for kind="choice"
    optional: bool = False
    default: Any = None
    description: str = ""
    ehr: EHRSource | None = None

    def describe(self) -> str:
        bits = [f"'{self.name}' ({self.label}"]
        if self.unit:
            bits.append(f", {self.unit}")
        bits.append(")")
        return "".join(bits)

    def validate(self, value: Any) -> Any:
        """Coerce and check one value; raise CalculatorInputError naming the input."""
        where = self.describe()
        if self.kind in ("number", "integer"):
            if isinstance(value, bool):
                raise CalculatorInputError(f"input {where} must be a number, got a boolean")
            if isinstance(value, str):
                try:
                    value = float(value.strip())
                except ValueError:
                    raise CalculatorInputError(f"input {where} must be a number, got {value!r}") from None
            if not isinstance(value, (int, float)):
                raise CalculatorInputError(f"input {where} must be a number, got {type(value).__name__}")
            if isinstance(value, float) and not math.isfinite(value):
                raise CalculatorInputError(f"input {where} must be a finite number, got {value!r}")
            if self.kind == "integer":
                if float(value) != int(value):
                    raise CalculatorInputError(f"input {where} must be a whole number, got {value!r}")
                value = int(value)
            lo, hi = self.min, self.max
            if lo is not None and value < lo or hi is not None and value > hi:
                rng = f"{'' if lo is None else lo} to {'' if hi is None else hi}".strip()
                raise CalculatorInputError(
                    f"input {where} = {value!r} is out of the allowed range [{rng}]"
                )
            return value
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, (int, float)) and value in (0, 1):
                return bool(value)
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                return value.strip().lower() in _TRUE
            raise CalculatorInputError(f"input {where} must be true or false, got {value!r}")
        if self.kind == "choice":
            assert self.choices is not None, f"choice input {self.name} declares no choices"
            for c in self.choices:
                if value == c or (isinstance(value, str) and isinstance(c, str) and value.strip().lower() == c.lower()):
                    return c
            raise CalculatorInputError(
                f"input {where} = {value!r} is not one of the allowed values: "
                + ", ".join(repr(c) for c in self.choices)
            )
        if self.kind == "date":
            if isinstance(value, _dt.datetime):
                return value.date()
            if isinstance(value, _dt.date):
                return value
            if isinstance(value, str):
                s = value.strip()
                for fmt in ("%Y-%m-%d", "%m/%d/%Y"):
                    try:
                        return _dt.datetime.strptime(s, fmt).date()
                    except ValueError:
                        pass
            raise CalculatorInputError(f"input {where} must be a date (YYYY-MM-DD or MM/DD/YYYY), got {value!r}")
        if self.kind == "text":
            if not isinstance(value, str):
                raise CalculatorInputError(f"input {where} must be text, got {type(value).__name__}")
            return value
        raise AssertionError(f"unknown input kind {self.kind}")


_TRUE = {"true", "yes", "y", "1", "present", "positive"}
_FALSE = {"false", "no", "n", "0", "absent", "negative"}


@dataclass(frozen=True)
class Output:
    kind: OutputKind = "number"
    unit: str | None = None
    decimals: int | None = None  # rounding a published tool shows (None = as computed)
    abs_tol: float = 0.0  # grading tolerance, absolute
    rel_tol: float = 0.0  # grading tolerance, relative (fraction)
    categories: tuple[str, ...] | None = None  # for kind="category": the possible labels

    def tolerance(self, value: float) -> float:
        return max(self.abs_tol, abs(value) * self.rel_tol)


@dataclass(frozen=True)
class Result:
    calc_id: str
    value: Any  # float | int | str | datetime.date | tuple[int, int]
    unit: str | None = None
    interpretation: str = ""
    details: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        v = self.value
        if isinstance(v, _dt.date):
            v = v.strftime("%m/%d/%Y")
        return {
            "calculator": self.calc_id,
            "value": v,
            "unit": self.unit,
            "interpretation": self.interpretation,
            "details": {k: (x.isoformat() if isinstance(x, _dt.date) else x) for k, x in self.details.items()},
        }


ComputeFn = Callable[..., Any]


@dataclass(frozen=True)
class Calculator:
    """One executable calculator.

    ``compute`` receives the validated inputs as keyword arguments and returns
    either the value, or a ``(value, details_dict)`` pair for intermediate
    numbers worth showing (sub-scores, chosen weight...). ``interpret`` maps the
    value (and inputs) to a risk band / reading; optional.
    """

    id: str
    name: str
    inputs: tuple[Input, ...]
    output: Output
    compute: ComputeFn
    domains: tuple[str, ...]
    specialty: str
    reference: str  # Markdown page written for this project: purpose, use, inputs, table/formula, interpretation
    citation: str
    aliases: tuple[str, ...] = ()
    interpret: Callable[..., str] | None = None
    purpose: str = ""  # one sentence, used by search snippets
    medcalc_bench_id: int | None = None
    # Maps a MedCalc-Bench "Relevant Entities" dict to our inputs (raise CalculatorInputError if impossible).
    from_medcalc_bench: Callable[[dict], dict] | None = None
    # Names this calculator carries in the official MedMCP-Calc release (exact strings of calculator_frequency.tsv).
    official_names: tuple[str, ...] = ()
    # Maps an official `calculator_answers[i]["inputs"]` list to our inputs (raise CalculatorInputError if impossible).
    from_official: Callable[[list], dict] | None = None
    # Maps our Result to the form the official `final_answer` uses (default: the value).
    to_official: Callable[[Result], Any] | None = None

    def __post_init__(self) -> None:
        for d in self.domains:
            if d not in DOMAINS:
                raise ValueError(f"calculator {self.id}: unknown domain {d!r}; use one of {DOMAINS}")
        names = [i.name for i in self.inputs]
        if len(set(names)) != len(names):
            raise ValueError(f"calculator {self.id}: duplicate input names")

    def input(self, name: str) -> Input:
        for i in self.inputs:
            if i.name == name:
                return i
        raise KeyError(name)

    def validate(self, inputs: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(inputs, Mapping):
            raise CalculatorInputError(
                f"{self.name}: inputs must be an object mapping input names to values, got {type(inputs).__name__}"
            )
        known = {i.name for i in self.inputs}
        unknown = [k for k in inputs if k not in known]
        if unknown:
            raise CalculatorInputError(
                f"{self.name}: unknown input(s) {', '.join(map(repr, unknown))}; expected: "
                + ", ".join(i.describe() for i in self.inputs)
            )
        out: dict[str, Any] = {}
        missing = []
        for inp in self.inputs:
            if inp.name not in inputs or inputs[inp.name] is None:
                if inp.optional:
                    out[inp.name] = inp.default
                    continue
                missing.append(inp)
                continue
            out[inp.name] = inp.validate(inputs[inp.name])
        if missing:
            raise CalculatorInputError(
                f"{self.name}: missing required input(s): " + ", ".join(i.describe() for i in missing)
            )
        return out

    def run(self, inputs: Mapping[str, Any]) -> Result:
        values = self.validate(inputs)
        raw = self.compute(**values)
        details: dict[str, Any] = {}
        if isinstance(raw, tuple) and len(raw) == 2 and isinstance(raw[1], dict) and self.output.kind != "weeks_days":
            raw, details = raw
        value = self.round(raw)
        interp = self.interpret(value, **values) if self.interpret else ""
        return Result(self.id, value, self.output.unit, interp, details)

    def round(self, value: Any) -> Any:
        k = self.output.kind
        if k == "number" and self.output.decimals is not None:
            return round_half_away(float(value), self.output.decimals)
        if k == "score":
            if isinstance(value, float) and value.is_integer():
                return int(value)
        return value


def round_half_away(x: float, ndigits: int = 0) -> float:
    """Round half away from zero (what published calculators show), not banker's rounding."""
    q = 10.0 ** ndigits
    y = abs(x) * q
    r = math.floor(y + 0.5 + 1e-9)
    out = math.copysign(r / q, x)
    return float(out) if ndigits > 0 else float(int(out))


_REGISTRY: dict[str, Calculator] = {}


def register(*calcs: Calculator) -> None:
    for c in calcs:
        if c.id in _REGISTRY and _REGISTRY[c.id] is not c:
            raise ValueError(f"duplicate calculator id {c.id!r}")
        _REGISTRY[c.id] = c
