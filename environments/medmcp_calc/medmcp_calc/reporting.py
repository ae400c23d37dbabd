"""Reports in the paper's layout, for one or several runs side by side.

- Table 2: per-domain CS / EA / QP and overall TF / CS / EA / QP (percent);
- Table 3: tool calls per task by tool group, and turns;
- pass^k over k rollouts per task when runs have them (a task counts as solved when TF = QP = 1);
- files: ``report.md``, ``table2.csv``, ``table3.csv``, ``per_task.csv`` and PNG charts
  (per-domain grouped bars; a metric radar).

Metrics are read from the traces' recorded metrics; ``validate`` recomputes them independently.
"""
from __future__ import annotations

import csv
import math
from collections import defaultdict
from pathlib import Path
from statistics import mean
from typing import Iterable

from .calculators.base import DOMAINS
from .traces import Episode, read_run

SHORT = {
    "Critical Care & Perioperative Medicine": "Critical Care & Periop.",
    "Internal Medicine & Organ Systems": "Internal Med. & Organs",
    "Neurology & Psychiatry": "Neurology & Psychiatry",
    "Special Populations & Universal Tools": "Special Pop. & Universal",
}
TOOLS = ("sql", "search", "python", "calculator")


def _pct(xs: Iterable[float]) -> float | None:
    xs = [x for x in xs if x is not None and not math.isnan(x)]
    return 100.0 * mean(xs) if xs else None


def _fmt(x: float | None, digits: int = 1) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def run_label(eps: list[Episode], run_dir: Path) -> str:
    models = sorted({e.model for e in eps if e.model})
    return f"{models[0] if len(models) == 1 else Path(run_dir).name}"


def pass_hat_k(eps: list[Episode], k: int) -> float | None:
    """tau-bench pass^k: mean over tasks of C(c, k) / C(n, k) (c = solved rollouts of n)."""
    by_task: dict[str, list[bool]] = defaultdict(list)
    for e in eps:
        by_task[e.task_id].append(e.metrics.get("TF", 0) == 1 and e.metrics.get("QP", 0) == 1)
    vals = []
    for runs in by_task.values():
        n, c = len(runs), sum(runs)
        if n < k:
            return None
        vals.append(math.comb(c, k) / math.comb(n, k))
    return 100.0 * mean(vals) if vals else None


def summarize(eps: list[Episode]) -> dict:
    out: dict = {"n_episodes": len(eps), "n_tasks": len({e.task_id for e in eps})}
    for d in DOMAINS:
        de = [e for e in eps if e.domain == d]
        out[d] = {m: _pct(e.score(m) for e in de) for m in ("CS", "EA", "QP")}
        out[d]["n"] = len(de)
    out["overall"] = {m: _pct(e.score(m) for e in eps) for m in ("TF", "CS", "EA", "QP")}
    out["errored"] = sum(e.errored for e in eps)
    out["tools"] = {t: (mean(e.metrics.get(f"calls_{t}", 0.0) for e in eps) if eps else None) for t in TOOLS}
    out["tools"]["total"] = mean(e.metrics.get("calls_total", 0.0) for e in eps) if eps else None
    out["tools"]["turns"] = mean(e.metrics.get("turns", 0.0) for e in eps) if eps else None
    per_task = defaultdict(int)
    for e in eps:
        per_task[e.task_id] += 1
    kmax = min(per_task.values()) if per_task else 0
    out["pass_k"] = {k: pass_hat_k(eps, k) for k in range(1, kmax + 1)} if kmax >= 2 else {}
    return out


def _md_table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def write_report(run_dirs: list[Path], out: Path, charts: bool = True) -> Path:
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    runs = []
    problems_all: list[str] = []
    for rd in run_dirs:
        eps, problems = read_run(rd)
        problems_all += problems
        runs.append((run_label(eps, rd), eps, summarize(eps)))

    t2_header = ["Run"] + [f"{SHORT[d]} {m}" for d in DOMAINS for m in ("CS", "EA", "QP")] + \
                ["TF", "CS", "EA", "QP"]
    t2_rows = []
    for label, eps, s in runs:
        row = [label] + [_fmt(s[d][m]) for d in DOMAINS for m in ("CS", "EA", "QP")]
        row += [_fmt(s["overall"][m]) for m in ("TF", "CS", "EA", "QP")]
        t2_rows.append(row)
    t3_header = ["Run", "SQL", "Search/Fetch", "Python", "Calculator", "Total", "Turns"]
    t3_rows = [[label] + [_fmt(s["tools"][t], 2) for t in (*TOOLS, "total", "turns")] for label, _, s in runs]

    # compact per-domain view (one row per domain), easier to read than the wide paper layout
    dom_header = ["Domain"] + [f"{label} {m}" for label, _, _ in runs for m in ("CS", "EA", "QP")] + ["n"]
    dom_rows = []
    for d in DOMAINS:
        dom_rows.append([d] + [_fmt(s[d][m]) for _, _, s in runs for m in ("CS", "EA", "QP")]
                        + [str(runs[0][2][d]["n"] if runs else 0)])

    md = ["# MedMCP-Calc report", ""]
    md += ["Scores in percent. CS = calculator selection, EA = evidence acquisition, QP = quantitative "
           "precision, TF = task fulfilment (see the README's score definitions).", ""]
    md += ["## Per domain", "", _md_table(dom_header, dom_rows), ""]
    md += ["## Table 2 layout (per-domain CS/EA/QP, overall TF/CS/EA/QP)", "", _md_table(t2_header, t2_rows), ""]
    md += ["## Table 3: tool calls per task", "", _md_table(t3_header, t3_rows), ""]
    pk = [(label, s["pass_k"]) for label, _, s in runs if s["pass_k"]]
    if pk:
        kmax = max(max(p) for _, p in pk)
        md += ["## pass^k (solved = TF and QP both 1)", "",
               _md_table(["Run"] + [f"pass^{k}" for k in range(1, kmax + 1)],
                         [[label] + [_fmt(p.get(k)) for k in range(1, kmax + 1)] for label, p in pk]), ""]
    md += ["Episodes: " + ", ".join(f"{label}: {s['n_episodes']} over {s['n_tasks']} tasks"
                                     + (f" ({s['errored']} errored, scored 0)" if s["errored"] else "")
                                     for label, _, s in runs), ""]
    if problems_all:
        md += ["## Problems while reading traces", ""] + [f"- {p}" for p in problems_all] + [""]

    if charts:
        try:
            _charts(runs, out)
            md += ["![per-domain scores](domain_bars.png)", "", "![metric radar](radar.png)", ""]
        except Exception as e:  # charts are a convenience: never lose the tables for them
            md += [f"(charts not drawn: {type(e).__name__}: {e})", ""]
    (out / "report.md").write_text("\n".join(md))
    for name, header, rows in (("table2.csv", t2_header, t2_rows), ("table3.csv", t3_header, t3_rows)):
        with (out / name).open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(header)
            w.writerows(rows)
    with (out / "per_task.csv").open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["run", "task_id", "domain", "TF", "CS", "EA", "QP", "reward", "calls_total", "turns", "error"])
        for label, eps, _ in runs:
            for e in eps:
                w.writerow([label, e.task_id, e.domain] + [e.metrics.get(m, "") for m in ("TF", "CS", "EA", "QP")]
                           + [e.reward if e.reward is not None else "", e.metrics.get("calls_total", ""),
                              e.metrics.get("turns", ""), e.error or ""])
    return out


def _charts(runs, out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    metrics = ("CS", "EA", "QP")
    fig, axes = plt.subplots(1, 3, figsize=(14, 4.2), sharey=True)
    x = np.arange(len(DOMAINS))
    width = 0.8 / max(1, len(runs))
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for ax, m in zip(axes, metrics):
        for i, (label, _, s) in enumerate(runs):
            vals = [s[d][m] if s[d][m] is not None else 0.0 for d in DOMAINS]
            ax.bar(x + (i - (len(runs) - 1) / 2) * width, vals, width, label=label, color=colors[i % len(colors)])
        ax.set_title(m)
        ax.set_xticks(x, [SHORT[d].replace(" & ", "\n& ") for d in DOMAINS], fontsize=8)
        ax.set_ylim(0, 105)
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel("score (%)")
    axes[-1].legend(fontsize=8, loc="lower right")
    fig.suptitle("MedMCP-Calc: per-domain scores")
    fig.tight_layout()
    fig.savefig(out / "domain_bars.png", dpi=110)
    plt.close(fig)

    labels = ["TF", "CS", "EA", "QP"]
    ang = np.linspace(0, 2 * np.pi, len(labels), endpoint=False).tolist()
    ang += ang[:1]
    fig = plt.figure(figsize=(5, 5))
    ax = fig.add_subplot(111, polar=True)
    for i, (label, _, s) in enumerate(runs):
        vals = [s["overall"][m] or 0.0 for m in labels]
        vals += vals[:1]
        ax.plot(ang, vals, color=colors[i % len(colors)], label=label)
        ax.fill(ang, vals, color=colors[i % len(colors)], alpha=0.15)
    ax.set_xticks(ang[:-1], labels)
    ax.set_ylim(0, 100)
    ax.set_title("Overall metrics (%)")
    ax.legend(fontsize=8, loc="lower right", bbox_to_anchor=(1.25, -0.1))
    fig.tight_layout()
    fig.savefig(out / "radar.png", dpi=110)
    plt.close(fig)
