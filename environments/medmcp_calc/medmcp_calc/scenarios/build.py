"""Splits, task files and the EHR rows.

- ``test``: frozen and versioned; its scenario list, seeds and sha256 live in
  ``medmcp_calc/data/tasks/test.manifest.json`` and the tasks in ``test.jsonl``.
  ``python -m medmcp_calc.scenarios.build --split test`` regenerates it byte-identically
  (``--check`` verifies without writing; ``--refresh`` re-selects the loadable scenarios).
- ``test_unseen``: the test tasks whose scenario is in the manifest's ``unseen`` list;
  those scenarios never appear in ``train``.
- ``train``: unbounded and seeded (:func:`train_tasks`), patient ids in their own namespace.

``build_ehr(...)`` returns re-iterable row streams (official column order) for
``medmcp_calc.db.builder.build_database``: distractors + every test task's patient
(+ optionally the first N train tasks).
"""
from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import sys
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from . import catalog as C
from .generate import generate
from .registry import by_id, loadable

DATA = Path(__file__).resolve().parents[1] / "data" / "tasks"
TEST_FILE = DATA / "test.jsonl"
MANIFEST = DATA / "test.manifest.json"
TEST_SEEDS = 3
TEST_VERSION = 1
N_UNSEEN = 6


def dumps(task: dict) -> str:
    return json.dumps(task, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def manifest() -> dict[str, Any]:
    return json.loads(MANIFEST.read_text())


def select_test_scenarios() -> tuple[list[str], list[str]]:
    """All loadable scenarios; the held-out (test_unseen) ones are spread over the four domains in
    proportion to their share (at least one each), every k-th scenario of a domain in id order."""
    scen = loadable()
    ids = [s.id for s in scen]
    by_domain: dict[str, list[str]] = {}
    for s in scen:
        by_domain.setdefault(s.domain, []).append(s.id)
    unseen: list[str] = []
    for dom in sorted(by_domain):
        members = by_domain[dom]
        want = max(1, round(N_UNSEEN * len(members) / len(ids)))
        k = max(1, len(members) // want)
        unseen.extend(members[k // 2::k][:want])
    return ids, sorted(unseen)


def render_test(scenarios: list[str], seeds: int = TEST_SEEDS) -> str:
    lines = []
    for sid in scenarios:
        s = by_id(sid)
        for seed in range(seeds):
            lines.append(dumps(generate(s, seed, "test").task))
    return "\n".join(lines) + "\n"


def write_test(refresh: bool = False) -> dict[str, Any]:
    if refresh or not MANIFEST.exists():
        scen, unseen = select_test_scenarios()
        man = {"version": TEST_VERSION, "seeds": TEST_SEEDS, "scenarios": scen, "unseen": unseen}
    else:
        man = manifest()
    text = render_test(man["scenarios"], man["seeds"])
    man["sha256"] = hashlib.sha256(text.encode()).hexdigest()
    man["n_tasks"] = text.count("\n")
    DATA.mkdir(parents=True, exist_ok=True)
    TEST_FILE.write_text(text)
    MANIFEST.write_text(json.dumps(man, indent=1, sort_keys=True) + "\n")
    return man


def check_test() -> tuple[bool, str]:
    man = manifest()
    text = render_test(man["scenarios"], man["seeds"])
    digest = hashlib.sha256(text.encode()).hexdigest()
    on_disk = TEST_FILE.read_text()
    ok = text == on_disk and digest == man["sha256"]
    return ok, digest


# ------------------------------------------------------------------------------------------------
# Loading
# ------------------------------------------------------------------------------------------------
def unseen_scenarios() -> frozenset[str]:
    return frozenset(manifest()["unseen"])


def train_scenarios() -> list[str]:
    hold = unseen_scenarios()
    return [s.id for s in loadable() if s.id not in hold]


def train_tasks(n: int | None = None, seed: int = 0) -> Iterator[dict]:
    """Unbounded (or first ``n``) seeded train tasks: scenarios cycle, seeds advance."""
    ids = train_scenarios()
    it = itertools.count() if n is None else range(n)
    for i in it:
        sid = ids[i % len(ids)]
        yield generate(by_id(sid), seed * 1_000_000 + i // len(ids), "train", pid=train_patient_id(i, seed)).task


def train_patient_id(i: int, seed: int = 0) -> str:
    """Train patients: 'P2' + seed (2 digits) + index (7 digits) - distinct from test ('P1' + 7) and
    distractors ('P0' + 7) and unique by construction."""
    return f"P2{seed % 100:02d}{i:07d}"


def load_tasks(split: str = "test", n: int | None = None, seed: int = 0) -> list[dict]:
    if split == "train":
        return list(train_tasks(n if n is not None else 1000, seed))
    tasks = [json.loads(l) for l in TEST_FILE.read_text().splitlines() if l.strip()]
    if split == "test_unseen":
        hold = unseen_scenarios()
        tasks = [t for t in tasks if t["scenario_id"] in hold]
    elif split != "test":
        raise ValueError(f"unknown split {split!r}; use test, test_unseen or train")
    return tasks[:n] if n is not None else tasks


def as_dataset(split: str = "test", n: int | None = None, seed: int = 0):
    """The tasks as a ``datasets.Dataset``; nested ground truth is a JSON string column."""
    from datasets import Dataset

    rows = []
    for t in load_tasks(split, n, seed):
        rows.append({
            "task_id": t["task_id"], "split": t["split"], "scenario_id": t["scenario_id"], "domain": t["domain"],
            "family": t["family"], "title": t["title"], "patient_id": t["patient_id"], "visit_id": t["visit_id"],
            "question": t["question"], "prompt": t["prompt"], "required_calculators": t["required_calculators"],
            "ground_truth": json.dumps(t["ground_truth"], sort_keys=True), "task": dumps(t),
        })
    return Dataset.from_list(rows)


# ------------------------------------------------------------------------------------------------
# EHR rows
# ------------------------------------------------------------------------------------------------
class Rows:
    """A re-iterable row stream (each ``iter()`` regenerates), as the builder prefers."""

    def __init__(self, fn: Callable[[], Iterable[tuple]]):
        self._fn = fn

    def __iter__(self) -> Iterator[tuple]:
        return iter(self._fn())


def _evidence_key(task: dict) -> list[tuple]:
    return [(e["fact"], e["table"], e["row_id"], e["column"], e["value"]) for e in task["ground_truth"]["evidence"]]


def task_rows(tasks: Iterable[dict], verify: str | None = "evidence") -> dict[str, list[tuple]]:
    """Regenerate the patients of ``tasks``.

    ``verify="evidence"`` (default) checks that every evidence cell of the task is written exactly as the
    task says (the database agrees with the task even if, say, a calculator's display name changed since
    the split was frozen); ``"full"`` requires the whole task to regenerate byte-identically; ``None`` skips.
    """
    out: dict[str, list[tuple]] = {t: [] for t in C.TABLE_NAMES}
    for t in tasks:
        g = generate(by_id(t["scenario_id"]), t["seed"], t["split"], pid=t["patient_id"])
        if verify == "full" and dumps(g.task) != dumps(t):
            raise RuntimeError(f"task {t['task_id']} no longer regenerates identically (scenario or library changed); "
                               "rebuild the split: python -m medmcp_calc.scenarios.build --split test")
        if verify == "evidence" and (g.task["patient_id"] != t["patient_id"] or _evidence_key(g.task) != _evidence_key(t)):
            raise RuntimeError(f"task {t['task_id']}: the regenerated patient no longer matches the task's evidence "
                               "(scenario or calculator library changed); rebuild the split: "
                               "python -m medmcp_calc.scenarios.build --split test")
        for table, rows in g.written.rows.items():
            out[table].extend(rows)
    return out


def build_ehr(distractors: int = 10_000, seed: int = 0, train: int = 0, include_test: bool = True,
              tasks: Iterable[dict] | None = None, one_shot: bool = False) -> dict[str, Iterable[tuple]]:
    """Row streams for all nine tables: task patients first, then ``distractors`` other patients.

    By default each stream is re-iterable (the builder hashes first and skips an unchanged database);
    ``one_shot=True`` returns plain generators so the builder hashes while loading (one pass: faster
    for a fresh build, but an unchanged database is loaded and rolled back)."""
    from .distractors import distractor_tables

    chosen: list[dict] = []
    if include_test:
        chosen.extend(load_tasks("test"))
    if train:
        chosen.extend(train_tasks(train))
    if tasks is not None:
        chosen.extend(tasks)
    fixed = task_rows(chosen)

    def stream(table: str) -> Callable[[], Iterable[tuple]]:
        return lambda: itertools.chain(fixed[table], distractor_tables(distractors, seed)[table])

    if one_shot:
        return {t: iter(stream(t)()) for t in C.TABLE_NAMES}
    return {t: Rows(stream(t)) for t in C.TABLE_NAMES}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="medmcp_calc.scenarios.build", description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", default="test", choices=["test"])
    ap.add_argument("--check", action="store_true", help="verify the committed split regenerates byte-identically")
    ap.add_argument("--refresh", action="store_true", help="re-select scenarios (a new test version)")
    a = ap.parse_args(argv)
    if a.check:
        ok, digest = check_test()
        print(f"{'OK' if ok else 'MISMATCH'} {TEST_FILE} sha256={digest}")
        return 0 if ok else 1
    man = write_test(refresh=a.refresh)
    print(f"wrote {TEST_FILE}: {man['n_tasks']} tasks from {len(man['scenarios'])} scenarios, sha256={man['sha256']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
