"""(scenario, seed, split) -> one task record (JSON-able) + the patient's rows."""
from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass
from typing import Any

from .engine import GroundTruth, StepResult, Written, compute_ground_truth, patient_id, stable_int, write_patient
from ..calculators.base import CalculatorInputError
from .spec import Scenario

MAX_ATTEMPTS = 60
TASK_FORMAT = 1


class GenerationError(RuntimeError):
    pass


@dataclass
class Generated:
    task: dict[str, Any]
    written: Written
    gt: GroundTruth


def jsonable(v: Any) -> Any:
    if isinstance(v, dt.date):
        return v.isoformat()
    if isinstance(v, tuple):
        return [jsonable(x) for x in v]
    if isinstance(v, float) and v.is_integer() and abs(v) < 1e15:
        return v
    if isinstance(v, dict):
        return {str(k): jsonable(x) for k, x in v.items()}
    if isinstance(v, list):
        return [jsonable(x) for x in v]
    return v


def calculator_entry(i: int, r: StepResult, evidence_ids: dict[tuple[str, str, str], str]) -> dict[str, Any]:
    out = r.calc.output
    src = {}
    for name, s in r.sources.items():
        s = dict(s)
        if s.get("from") == "ehr":
            s["evidence"] = evidence_ids[(s["fact"], s["row_id"], s["column"])]
        src[name] = s
    entry = {
        "order": i + 1,
        "step": r.key,
        "id": r.calc.id,
        "name": r.calc.name,
        "value": jsonable(r.value),
        "unit": r.unit,
        "kind": out.kind,
        "decimals": out.decimals,
        "abs_tol": out.abs_tol,
        "rel_tol": out.rel_tol,
        "inputs": {k: jsonable(v) for k, v in r.inputs.items()},
        "sources": src,
    }
    if out.categories:
        entry["categories"] = list(out.categories)
    return entry


def ground_truth_dict(gt: GroundTruth) -> dict[str, Any]:
    ev = []
    ids: dict[tuple[str, str, str], str] = {}
    for j, o in enumerate(gt.evidence):
        eid = f"E{j + 1}"
        ids[(o.key, o.row_id, o.column)] = eid
        ev.append({"id": eid, **o.evidence()})
    calcs = [calculator_entry(i, r, ids) for i, r in enumerate(gt.steps)]
    required = [{"calc_id": c["id"], "name": c["name"], "value": c["value"], "unit": c["unit"] or "",
                 "kind": rubric_kind(c), "abs_tol": c["abs_tol"], "rel_tol": c["rel_tol"], "accept": []}
                for c in calcs]
    return {"required": required, "calculators": calcs, "evidence": ev, "branches": dict(gt.branches),
            "skipped": list(gt.skipped)}


def rubric_kind(c: dict[str, Any]) -> str:
    """Our output kinds -> the rubric's value kinds (number | integer | category | date | weeks_days | boolean)."""
    k, v = c["kind"], c["value"]
    if k == "score":
        return "integer" if isinstance(v, int) and not isinstance(v, bool) else "number"
    if k in ("category", "text"):
        return "boolean" if isinstance(v, bool) else "category"
    if k in ("date", "weeks_days"):
        return k
    return "number"


def generate(scenario: Scenario, seed: int, split: str, pid: str | None = None) -> Generated:
    """One task. ``pid`` overrides the hashed patient id (train tasks use index-based ids, unique by construction)."""
    pid = pid or patient_id(split, scenario.id, seed)
    variant = scenario.variants[seed % len(scenario.variants)]
    want = dict(scenario.expect.get(variant, {}))
    last_err = None
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random(stable_int("scenario", scenario.id, scenario.version, split, seed, attempt))
        facts = scenario.sample(rng, variant)
        written = write_patient(scenario, facts, rng, pid)
        try:
            gt = compute_ground_truth(scenario, written.view)
        except CalculatorInputError as e:  # an implausible combination for some calculator: resample
            last_err = f"attempt {attempt}: {e}"
            continue
        got = {k: gt.branches.get(k) for k in want}
        if got != want:
            last_err = f"attempt {attempt}: branches {got} != wanted {want}"
            continue
        q = scenario.questions[stable_int("question", scenario.id, split, seed) % len(scenario.questions)]
        task = {
            "task_id": f"{split}-{scenario.id}-{seed:05d}",
            "format": TASK_FORMAT,
            "split": split,
            "scenario_id": scenario.id,
            "scenario_version": scenario.version,
            "family": scenario.family,
            "title": scenario.title,
            "domain": scenario.domain,
            "seed": seed,
            "variant": variant,
            "patient_id": pid,
            "visit_id": written.visit_id,
            "admission_time": written.admission_time,
            "timepoint": scenario.timepoint,
            "question": q,
            "prompt": f"{q}\n\nPatient ID: {pid} (inpatient visit {written.visit_id}).",
            "required_calculators": [r.calc.name for r in gt.steps],
            "ground_truth": ground_truth_dict(gt),
        }
        return Generated(task, written, gt)
    raise GenerationError(f"{scenario.id} seed {seed} variant {variant}: could not hit the branch ({last_err})")
