"""The reference solver: a deterministic scripted agent, written as a policy over a transcript.

    policy = ReferencePolicy(task)
    action = policy.next_action(history)   # -> ToolCall(name, arguments) | FinalAnswer(text)

``history`` is the list of prior ``(ToolCall, result_text)`` pairs, so the same policy can be
driven in-process (:func:`solve` with :class:`LocalTools`), behind an OpenAI-compatible
"oracle" endpoint, or as the RL scripted policy. It only uses the agent's tools:

1. ``describe_tables`` for the tables it will read;
2. one ``run_read_only_sql`` per fact the task needs (all measurements of that item for the
   patient, so it sees the time course), values parsed back from the tool's text;
3. ``fetch`` of each calculator's reference page;
4. ``run_python`` for the arithmetic (unit conversions and the numeric results);
5. a final answer in the rubric's format (a fenced JSON block).

The answer values are recomputed from what the SQL tool returned, through the scenario's
own workflow: a task whose inputs cannot be read back from the EHR exactly fails.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from . import catalog as C
from .engine import Obs, RecordView, compute_ground_truth
from ..calculators.units import convert
from .generate import jsonable
from .registry import by_id

REFERENCE_PREFIX = "medcalc://calculators/"

# Formulas simple enough to write out in run_python (calculator id -> (expression, input names)).
FORMULAS: dict[str, tuple[str, tuple[str, ...]]] = {
    "bmi": ("weight_kg / (height_cm / 100) ** 2", ("weight_kg", "height_cm")),
    "mean_arterial_pressure": ("(sbp + 2 * dbp) / 3", ("sbp", "dbp")),
    "shock_index": ("heart_rate / sbp", ("heart_rate", "sbp")),
    "pf_ratio": ("pao2 / (fio2_pct / 100)", ("pao2", "fio2_pct")),
    "sf_ratio": ("spo2 / (fio2_pct / 100)", ("spo2", "fio2_pct")),
    "anion_gap": ("sodium - (chloride + bicarbonate)", ("sodium", "chloride", "bicarbonate")),
}


@dataclass(frozen=True)
class ToolCall:
    name: str
    arguments: dict[str, Any]


@dataclass(frozen=True)
class FinalAnswer:
    text: str


def _q(s: str) -> str:
    return "'" + str(s).replace("'", "''") + "'"


def parse_table(text: str) -> list[dict[str, str]]:
    """Parse the SQL tool's compact text (header, rows joined by '|', a '(n rows)' footer)."""
    lines = [l for l in text.splitlines() if l.strip()]
    if not lines or lines[0].startswith("Error"):
        raise ValueError(f"SQL tool error: {text[:300]}")
    header = _split(lines[0])
    out = []
    for l in lines[1:]:
        if l.startswith("(") and l.endswith(")"):
            continue
        cells = _split(l)
        if len(cells) != len(header):
            raise ValueError(f"cannot parse row {l!r} against header {header}")
        out.append(dict(zip(header, cells)))
    return out


def _split(line: str) -> list[str]:
    parts, cur, esc = [], [], False
    for ch in line:
        if esc:
            cur.append(ch)
            esc = False
        elif ch == "\\":
            esc = True
            cur.append(ch)
        elif ch == "|":
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return [p.replace("\\|", "|").replace("\\n", "\n") for p in parts]


def fact_kind(key: str) -> str:
    if key in ("age", "sex", "admission_date"):
        return "demo"
    if key in C.LAB_BY_KEY:
        return "lab"
    if key in C.VITALS:
        return "vital"
    if key in C.TEXT_BY_KEY:
        return "text"
    if key in C.NUM_TEXT:
        return "ntext"
    if key in C.ANESTH:
        return "anesth"
    return "order"


def fact_query(task: Mapping[str, Any], key: str, ev: Mapping[str, Any]) -> str:
    pid = task["patient_id"]
    kind = fact_kind(key)
    if kind == "demo" and key == "age":
        return f"SELECT visit_id, patient_age, patient_age_unit FROM visit_inpatient WHERE patient_id = {_q(pid)}"
    if kind == "demo" and key == "admission_date":
        return f"SELECT visit_id, admission_time FROM visit_inpatient WHERE patient_id = {_q(pid)}"
    if kind == "demo":
        return f"SELECT patient_id, gender FROM patient_information WHERE patient_id = {_q(pid)}"
    if kind == "lab":
        name = C.LAB_BY_KEY[key].name
        return ("SELECT report_item_id, test_item_name, test_result, unit, report_time FROM laboratory_result "
                f"WHERE patient_id = {_q(pid)} AND test_item_name = {_q(name)} ORDER BY report_time")
    if kind == "vital":
        col = C.VITALS[key][0]
        return (f"SELECT vs_id, measure_time, {col} FROM vital_signs WHERE patient_id = {_q(pid)} "
                f"AND {col} IS NOT NULL ORDER BY measure_time")
    if kind == "text":
        col = C.TEXT_BY_KEY[key].column
        return f"SELECT report_id, record_time, {col} FROM admission_record WHERE patient_id = {_q(pid)}"
    if kind == "ntext":
        nt = C.NUM_TEXT[key]
        if nt.table == "admission_record":
            return f"SELECT report_id, record_time, {nt.column} FROM admission_record WHERE patient_id = {_q(pid)}"
        return (f"SELECT report_id, report_time, exam_item_name, {nt.column} FROM examination_report "
                f"WHERE patient_id = {_q(pid)} AND exam_item_name = {_q(nt.exam_item)}")
    if kind == "anesth":
        col = C.ANESTH[key][0]
        return (f"SELECT report_id, anesthesia_start_time, {col} FROM anethesia_record "
                f"WHERE patient_id = {_q(pid)} ORDER BY anesthesia_start_time")
    return ("SELECT report_id, order_name, once_dose, dose_unit, order_begin_time FROM order_inpatient "
            f"WHERE patient_id = {_q(pid)} AND report_id = {_q(ev['row_id'])}")


def _num_text(v: str) -> str:
    """The float column printed by PostgreSQL -> the form our evidence uses ('5' for 5.0)."""
    try:
        x = float(v)
    except ValueError:
        return v
    return str(int(x)) if x.is_integer() else repr(x)


def parse_fact(key: str, rows: list[dict[str, str]], ev: Mapping[str, Any]) -> list[Obs]:
    kind = fact_kind(key)
    if kind == "demo" and key == "age":
        r = rows[0]
        return [Obs(key, "demo", "visit_inpatient", "visit_id", r["visit_id"], "patient_age", r["patient_age"], "years")]
    if kind == "demo" and key == "admission_date":
        r = rows[0]
        return [Obs(key, "demo", "visit_inpatient", "visit_id", r["visit_id"], "admission_time", r["admission_time"],
                    None, r["admission_time"])]
    if kind == "demo":
        r = rows[0]
        return [Obs(key, "demo", "patient_information", "patient_id", r["patient_id"], "gender", r["gender"])]
    if kind == "lab":
        out = []
        for r in rows:
            unit = r["unit"].replace("µ", "u")
            out.append(Obs(key, "lab", "laboratory_result", "report_item_id", r["report_item_id"], "test_result",
                           r["test_result"], unit, r["report_time"]))
        return out
    if kind == "vital":
        col = C.VITALS[key][0]
        return [Obs(key, "vital", "vital_signs", "vs_id", r["vs_id"], col, r[col], C.VITALS[key][2], r["measure_time"])
                for r in rows]
    if kind == "text":
        tf = C.TEXT_BY_KEY[key]
        r = rows[0]
        found = [p for p in tf.phrases.values() if p in r[tf.column]]
        if len(found) != 1:
            raise ValueError(f"{key}: expected exactly one known phrase in {r[tf.column]!r}, found {found}")
        return [Obs(key, "text", "admission_record", "report_id", r["report_id"], tf.column, found[0], None,
                    r["record_time"])]
    if kind == "ntext":
        nt = C.NUM_TEXT[key]
        r = rows[0]
        pat = re.escape(nt.template).replace(re.escape("{v}"), r"(?P<v>[0-9][0-9.\-]*)")
        m = re.search(pat, r[nt.column])
        if not m:
            raise ValueError(f"{key}: value not found in {r[nt.column]!r}")
        t = r.get("report_time") or r.get("record_time")
        return [Obs(key, "ntext", nt.table, "report_id", r["report_id"], nt.column, m.group("v"), nt.unit, t)]
    if kind == "anesth":
        col = C.ANESTH[key][0]
        return [Obs(key, "anesth", "anethesia_record", "report_id", r["report_id"], col, _num_text(r[col]),
                    C.ANESTH[key][2], r["anesthesia_start_time"]) for r in rows]
    r = rows[0]
    return [Obs(key, "order", "order_inpatient", "report_id", r["report_id"], "once_dose", _num_text(r["once_dose"]),
                r["dose_unit"], r["order_begin_time"])]


TABLE_OF_KIND = {"demo": ("patient_information", "visit_inpatient"), "lab": ("laboratory_result",),
                 "vital": ("vital_signs",), "text": ("admission_record",), "order": ("order_inpatient",)}


def format_answer(results: list[dict[str, Any]], summary: str) -> str:
    block = {"calculators": [{"name": r["name"], "value": r["value"], "unit": r["unit"]} for r in results],
             "summary": summary}
    return "Final answer:\n```json\n" + json.dumps(block, ensure_ascii=False, indent=1) + "\n```"


class ReferencePolicy:
    """A deterministic oracle agent for one task (see the module docstring)."""

    def __init__(self, task: Mapping[str, Any], use_python: bool = True, use_fetch: bool = True):
        self.task = task
        self.scenario = by_id(task["scenario_id"])
        gt = task["ground_truth"]
        self.facts: list[tuple[str, Mapping[str, Any]]] = []
        seen = set()
        for ev in gt["evidence"]:
            if ev["fact"] not in seen:
                seen.add(ev["fact"])
                self.facts.append((ev["fact"], ev))
        self.calc_ids = [c["id"] for c in gt["calculators"]]
        self.use_python = use_python
        self.use_fetch = use_fetch

    # the plan, as a fixed list of calls; results are interpreted at the end
    def plan(self) -> list[ToolCall]:
        calls: list[ToolCall] = []
        tables: list[str] = []
        for key, ev in self.facts:
            t = ev["table"]
            if t not in tables:
                tables.append(t)
        calls.append(ToolCall("describe_tables", {"table_names": tables}))
        for q in dict.fromkeys(fact_query(self.task, key, ev) for key, ev in self.facts):
            calls.append(ToolCall("run_read_only_sql", {"query": q}))
        if self.use_fetch:
            for cid in dict.fromkeys(self.calc_ids):
                calls.append(ToolCall("fetch", {"url": REFERENCE_PREFIX + cid}))
        return calls

    def next_action(self, history: list[tuple[ToolCall, str]]) -> ToolCall | FinalAnswer:
        plan = self.plan()
        if len(history) < len(plan):
            return plan[len(history)]
        results = self.solve_from(history[: len(plan)])
        if self.use_python and len(history) == len(plan):
            return ToolCall("run_python", {"code": self.python_code(results)})
        return FinalAnswer(format_answer(results, self.summary(results)))

    def read_view(self, history: list[tuple[ToolCall, str]]) -> RecordView:
        obs: dict[str, list[Obs]] = {}
        by_query = {c.arguments["query"]: r for c, r in history if c.name == "run_read_only_sql"}
        for key, ev in self.facts:
            text = by_query[fact_query(self.task, key, ev)]
            rows = parse_table(text)
            if not rows:
                raise ValueError(f"no rows for {key} (patient {self.task['patient_id']})")
            obs[key] = parse_fact(key, rows, ev)
        return RecordView(obs, self.task["timepoint"])

    def solve_from(self, history: list[tuple[ToolCall, str]]) -> list[dict[str, Any]]:
        view = self.read_view(history)
        gt = compute_ground_truth(self.scenario, view)
        self._branches = gt.branches
        self._view = view
        return [{"id": r.calc.id, "name": r.calc.name, "value": jsonable(r.value), "unit": r.unit,
                 "inputs": {k: jsonable(v) for k, v in r.inputs.items()}, "decimals": r.calc.output.decimals,
                 "sources": r.sources, "input_units": {i.name: i.unit for i in r.calc.inputs}}
                for r in gt.steps]

    def python_code(self, results: list[dict[str, Any]]) -> str:
        """Unit conversions of values reported in other units, the simple formulas written out,
        and the remaining results listed (computed by the published rules from these inputs)."""
        lines = ["# values read from the record, converted to the units each calculator expects"]
        view = getattr(self, "_view", None)
        seen = set()
        for r in results:
            for name, src in r["sources"].items():
                if src.get("from") != "ehr" or view is None:
                    continue
                o = next((x for x in view.obs.get(src["fact"], []) if x.row_id == src["row_id"]), None)
                calc_unit = r["input_units"].get(name)
                if o is None or o.kind != "lab" or not o.unit or not calc_unit or o.unit == calc_unit:
                    continue
                key = (o.row_id, calc_unit)
                if key in seen:
                    continue
                seen.add(key)
                lab = C.LAB_BY_KEY[o.key]
                factor = convert(1.0, o.unit, calc_unit, analyte=lab.analyte)
                lines.append(f"print({(lab.name + ' ' + o.text + ' ' + o.unit + ' in ' + calc_unit)!r}, "
                             f"round({float(o.text)!r} * {factor!r}, 4))")
        for r in results:
            f = FORMULAS.get(r["id"])
            if f is not None and all(v in r["inputs"] for v in f[1]):
                args = ", ".join(f[1])
                vals = ", ".join(repr(float(r["inputs"][v])) for v in f[1])
                lines.append(f"{args} = {vals}" + ("," if len(f[1]) == 1 else ""))
                d = r["decimals"] if r["decimals"] is not None else 2
                lines.append(f"print({r['name']!r}, round({f[0]}, {d}))")
            else:
                lines.append(f"print({r['name']!r}, {json.dumps(r['value'])!r})")
        return "\n".join(lines)

    def summary(self, results: list[dict[str, Any]]) -> str:
        br = "; ".join(f"{k}: {v}" for k, v in sorted(getattr(self, "_branches", {}).items()))
        return (f"Workflow '{self.scenario.title}' for patient {self.task['patient_id']}: "
                + ", ".join(f"{r['name']} = {r['value']}{' ' + r['unit'] if r['unit'] else ''}" for r in results)
                + (f". Branches taken: {br}." if br else "."))


ToolFn = Callable[[Mapping[str, Any]], str]


class LocalTools(dict):
    """The agent's tools, called in-process: name -> fn(arguments) -> text."""

    def __init__(self, db, python: bool = True):
        super().__init__()
        from ..reference import fetch, search

        self["list_tables"] = lambda a: db.list_tables()
        self["describe_tables"] = lambda a: db.describe_tables(a.get("table_names", []))
        self["run_read_only_sql"] = lambda a: db.run_query(a["query"])
        self["run_sql"] = self["run_read_only_sql"]
        self["search"] = lambda a: search(a["query"])
        self["fetch"] = lambda a: fetch(a["url"])
        if python:
            from ..sandbox import run_python

            self["run_python"] = lambda a: _text(run_python(a["code"]))


def _text(x: Any) -> str:
    if isinstance(x, str):
        return x
    for attr in ("text", "output", "stdout"):
        if hasattr(x, attr):
            return str(getattr(x, attr))
    return str(x)


@dataclass
class Transcript:
    task_id: str
    steps: list[tuple[ToolCall, str]] = field(default_factory=list)
    final: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"task_id": self.task_id, "final": self.final,
                "steps": [{"tool": c.name, "arguments": c.arguments, "result": r} for c, r in self.steps]}


def solve(task: Mapping[str, Any], tools: Mapping[str, ToolFn], max_steps: int = 80) -> Transcript:
    policy = ReferencePolicy(task, use_python="run_python" in tools, use_fetch="fetch" in tools)
    tr = Transcript(task["task_id"])
    for _ in range(max_steps):
        act = policy.next_action(tr.steps)
        if isinstance(act, FinalAnswer):
            tr.final = act.text
            return tr
        fn = tools.get(act.name)
        result = fn(act.arguments) if fn else f"Error: unknown tool {act.name}"
        tr.steps.append((act, result))
    return tr
