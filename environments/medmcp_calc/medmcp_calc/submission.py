"""Leaderboard submissions: a bundle that can be checked without trusting its numbers.

``make_bundle(run_dir, out)`` writes ``out/``:
- ``traces.jsonl`` (the run's traces, copied),
- ``results.json``: overall / per-domain / per-task metrics, model id and sampling settings,
  package versions, sha256 of the task split, the EHR database content hash, the reference
  corpus hash and the grader version,
- ``manifest.json``: sha256 of every other file.

``validate_bundle(out)`` recomputes every metric from the traces alone (the ground truth rides
on each trace; the messages hold every tool result) and compares; it also checks the files
against the manifest, the ground truth against this package's frozen split, and the corpus and
grader versions. It returns the list of problems (empty = valid); each names the field.
"""
from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from statistics import mean
from typing import Any

from .calculators.base import DOMAINS
from .traces import read_run

BUNDLE_VERSION = 1
TOL = 1e-9
METRICS = ("TF", "CS", "EA", "QP")
PACKAGES = ("medmcp-calc", "medcalc-rubrics", "verifiers", "mcp", "psycopg", "pglast")


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _versions() -> dict[str, str]:
    from importlib import metadata

    out = {}
    for p in PACKAGES:
        try:
            out[p] = metadata.version(p)
        except metadata.PackageNotFoundError:
            out[p] = "not installed"
    return out


def corpus_hash() -> str:
    from .reference import build_pages

    h = hashlib.sha256()
    for page in sorted(build_pages(), key=lambda p: p.url):
        h.update(page.url.encode())
        h.update(b"\0")
        h.update(page.text.encode())
        h.update(b"\0")
    return h.hexdigest()


def grader_version() -> str:
    """Version + sha256 of the rubric sources and of this package's scoring glue."""
    import medcalc_rubrics

    from . import scoring

    h = hashlib.sha256()
    files = sorted(Path(medcalc_rubrics.__file__).parent.glob("*.py")) + [Path(scoring.__file__)]
    for f in files:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    from importlib import metadata

    try:
        v = metadata.version("medcalc-rubrics")
    except metadata.PackageNotFoundError:
        v = "0"
    return f"{v}+{h.hexdigest()[:16]}"


def split_hash(task_ids_and_gt: list[tuple[str, Any]]) -> str:
    """sha256 over the (task id, ground truth) pairs a run was scored against, in id order."""
    h = hashlib.sha256()
    for tid, gt in sorted(task_ids_and_gt, key=lambda x: x[0]):
        h.update(tid.encode())
        h.update(json.dumps(gt, sort_keys=True).encode())
    return h.hexdigest()


def _aggregate(per_task: list[dict]) -> dict[str, Any]:
    def avg(rows, m):
        vals = [r[m] for r in rows if m in r]
        return mean(vals) if vals else None

    out = {"overall": {m: avg(per_task, m) for m in METRICS}, "domains": {}}
    for d in DOMAINS:
        rows = [r for r in per_task if r["domain"] == d]
        out["domains"][d] = {m: avg(rows, m) for m in METRICS} | {"n": len(rows)}
    return out


def recompute(run_or_bundle: Path) -> tuple[list[dict], list[str], list[tuple[str, Any]]]:
    """Per-episode metrics recomputed from traces, reading problems, (task id, ground truth) pairs."""
    from .scoring import flat_metrics, score_messages

    eps, problems = read_run(run_or_bundle)
    rows = []
    gts = {}
    for i, e in enumerate(eps):
        if not e.ground_truth:
            problems.append(f"episode {i} (task {e.task_id!r}, traces line {e.line}): no ground truth on the trace")
            continue
        s = score_messages(e.ground_truth, e.messages, stop_condition=e.stop_condition, error=e.error)
        m = flat_metrics(s, e.ground_truth.get("ea_applicable", True))
        rows.append({"episode": i, "task_id": e.task_id, "domain": e.domain, "line": e.line,
                     **{k: m[k] for k in METRICS if k in m},
                     "recorded": {k: e.metrics.get(k) for k in METRICS}})
        gts[e.task_id] = e.ground_truth
    return rows, problems, list(gts.items())


def make_bundle(run_dir: Path, out: Path, database_url: str | None = None) -> Path:
    run_dir = Path(run_dir)
    eps, problems = read_run(run_dir)
    if not eps:
        raise FileNotFoundError(f"{run_dir}: no readable episodes" + (f" ({problems[0]})" if problems else ""))
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(run_dir / "traces.jsonl", out / "traces.jsonl")
    rows, rproblems, gts = recompute(out)
    per_task = [{"episode": r["episode"], "task_id": r["task_id"], "domain": r["domain"],
                 **{m: r[m] for m in METRICS if m in r}} for r in rows]
    db_hash = None
    try:
        from .db.builder import database_hash
        from .evaluation import agent_database_url

        db_hash = database_hash(agent_database_url(database_url))
    except Exception as e:
        problems.append(f"database content hash unavailable: {e}")
    results = {
        "bundle_version": BUNDLE_VERSION,
        "model": sorted({e.model for e in eps}),
        "sampling": eps[0].sampling,
        "n_episodes": len(per_task),
        "metrics": _aggregate(per_task),
        "per_task": per_task,
        "task_split": {"splits": sorted({e.split for e in eps}), "sha256": split_hash(gts)},
        "database_content_hash": db_hash,
        "reference_corpus_sha256": corpus_hash(),
        "grader_version": grader_version(),
        "package_versions": _versions(),
        "notes": problems + rproblems,
    }
    (out / "results.json").write_text(json.dumps(results, indent=2, sort_keys=True))
    manifest = {f.name: _sha256(f) for f in sorted(out.iterdir()) if f.is_file() and f.name != "manifest.json"}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True))
    return out


def _close(a: Any, b: Any) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return abs(float(a) - float(b)) <= TOL


def validate_bundle(bundle: Path) -> list[str]:
    bundle = Path(bundle)
    problems: list[str] = []
    for name in ("results.json", "traces.jsonl", "manifest.json"):
        if not (bundle / name).is_file():
            return [f"missing file {name} in {bundle}"]
    try:
        results = json.loads((bundle / "results.json").read_text())
        manifest = json.loads((bundle / "manifest.json").read_text())
    except json.JSONDecodeError as e:
        return [f"results.json or manifest.json is not valid JSON: {e}"]
    for name, digest in manifest.items():
        f = bundle / name
        if not f.is_file():
            problems.append(f"manifest names {name}, which is missing")
        elif _sha256(f) != digest:
            problems.append(f"sha256 of {name} does not match manifest.json")

    rows, rproblems, gts = recompute(bundle)
    problems += rproblems
    claimed = {int(r["episode"]): r for r in results.get("per_task", []) if isinstance(r, dict) and "episode" in r}
    if len(claimed) != len(rows):
        problems.append(f"per_task: {len(claimed)} entries but the traces hold {len(rows)} scorable episodes")
    for r in rows:
        c = claimed.get(r["episode"])
        if c is None:
            problems.append(f"per_task: episode {r['episode']} (task {r['task_id']}) missing")
            continue
        for m in METRICS:
            if m in r and not _close(c.get(m), r[m]):
                problems.append(f"per_task[{r['episode']}].{m} (task {r['task_id']}): bundle says {c.get(m)}, "
                                f"traces give {r[m]}")
    agg = _aggregate([{k: r[k] for k in ("task_id", "domain", *METRICS) if k in r} for r in rows])
    cm = results.get("metrics") or {}
    for m in METRICS:
        if not _close((cm.get("overall") or {}).get(m), agg["overall"][m]):
            problems.append(f"metrics.overall.{m}: bundle says {(cm.get('overall') or {}).get(m)}, "
                            f"traces give {agg['overall'][m]}")
        for d in DOMAINS:
            got = ((cm.get("domains") or {}).get(d) or {}).get(m)
            if not _close(got, agg["domains"][d][m]):
                problems.append(f"metrics.domains[{d!r}].{m}: bundle says {got}, traces give {agg['domains'][d][m]}")

    if (results.get("task_split") or {}).get("sha256") != split_hash(gts):
        problems.append("task_split.sha256 does not match the ground truth carried by the traces")
    # the ground truth on the traces must be this package's (scenario splits only)
    try:
        from .env import rubric_ground_truth
        from .scenarios.build import load_tasks

        def core(gt: dict) -> str:  # what scoring reads: required calculators and evidence
            return json.dumps({"required": gt.get("required"), "evidence": gt.get("evidence")}, sort_keys=True,
                              default=str)

        ours = {t["task_id"]: core(rubric_ground_truth(t["ground_truth"])) for t in load_tasks("test")}
        for tid, gt in gts:
            if tid in ours and ours[tid] != core(gt):
                problems.append(f"ground truth of task {tid} differs from this package's frozen test split")
    except Exception as e:  # pragma: no cover - package data missing
        problems.append(f"cannot load this package's test split to check ground truth: {e}")
    if results.get("reference_corpus_sha256") != corpus_hash():
        problems.append("reference_corpus_sha256 does not match this package's reference corpus")
    if results.get("grader_version") != grader_version():
        problems.append(f"grader_version: bundle says {results.get('grader_version')}, this grader is {grader_version()}")
    return problems
