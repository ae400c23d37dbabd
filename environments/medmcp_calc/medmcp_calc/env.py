"""The medmcp-calc verifiers v1 environment: Taskset, Task (scoring) and Env (defaults).

    vf-eval medmcp-calc -m <model> --client.base-url <OpenAI-compatible endpoint> --no-push

Tasks come from the scenario suite (splits ``test`` [default], ``train``, ``test_unseen``) or the
official release (``official``, with ``official_tasks_path``). The agent gets the SQL, search/fetch,
Python and calculator tools (each a shared verifiers Toolset over the same cores as the standalone
MCP servers) and must end with the JSON answer block of :mod:`medcalc_rubrics.answer`. Scoring is
deterministic (:func:`medcalc_rubrics.score_episode`): metrics TF/CS/EA/QP plus tool counts, and one
reward, a weighted sum whose weights are config fields.
"""
from __future__ import annotations

import json
from typing import Any

import verifiers.v1 as vf
from pydantic import Field
from verifiers.v1.harnesses.null.harness import NullHarnessConfig

from .prompts import OFFICIAL_PREFIX, system_prompt_for

ALL_TOOLS = ("sql", "search", "python", "calculator")
TOOL_NAMES = {
    "sql": ("list_tables", "describe_tables", "run_read_only_sql", "run_sql"),
    "search": ("search", "fetch"),
    "python": ("run_python",),
    "calculator": ("calculator", "convert_units"),
}
SQL_TOOL_NAMES = frozenset(TOOL_NAMES["sql"])


class MedMCPCalcData(vf.TaskData):
    """One task. ``ground_truth`` follows :class:`medcalc_rubrics.episode.GroundTruth`; it rides on
    the trace (so metrics can be recomputed from traces alone) and is never shown to the agent."""

    task_id: str = ""
    split: str = "test"
    domain: str = ""
    specialty: str = ""
    scenario: str = ""
    patient_id: str = ""
    question: str = ""
    ground_truth: dict[str, Any] = Field(default_factory=dict)


class MedMCPCalcTaskConfig(vf.TaskConfig):
    """Scoring knobs (``--env.taskset.task.*``)."""

    w_qp: float = 0.4
    """Reward weight of QP (quantitative precision): the outcome that matters most."""
    w_ea: float = 0.3
    """Reward weight of EA (evidence acquisition): the paper's weakest skill, dense signal."""
    w_cs: float = 0.2
    """Reward weight of CS (calculator selection)."""
    w_tf: float = 0.1
    """Reward weight of TF (a valid final answer)."""
    judge_base_url: str | None = None
    """Optional OpenAI-compatible endpoint of an LLM judge used to extract values from free-form
    answers that carry no JSON block (the paper's protocol). Off by default."""
    judge_model: str = "gpt-4o-mini"


def _tool_calls_from_trace(trace: vf.Trace) -> tuple[list[dict], str, int]:
    """(tool calls with results, final assistant text, assistant turns) from a trace's messages."""
    calls: list[dict] = []
    by_id: dict[str, dict] = {}
    final_text = ""
    turns = 0
    for m in trace.messages:
        d = m.model_dump() if hasattr(m, "model_dump") else dict(m)
        role = d.get("role")
        if role == "assistant":
            turns += 1
            content = d.get("content")
            if isinstance(content, list):
                content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
            if content:
                final_text = str(content)
            for tc in d.get("tool_calls") or []:
                fn = tc.get("function") or tc
                args = fn.get("arguments")
                try:
                    parsed = json.loads(args) if isinstance(args, str) else (args or {})
                except json.JSONDecodeError:
                    parsed = {"_raw": args}
                entry = {"id": tc.get("id"), "name": fn.get("name") or "", "arguments": parsed, "result": None}
                calls.append(entry)
                if tc.get("id"):
                    by_id[tc["id"]] = entry
        elif role == "tool":
            content = d.get("content")
            if isinstance(content, list):
                content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
            entry = by_id.get(d.get("tool_call_id") or "")
            if entry is None:
                entry = {"id": d.get("tool_call_id"), "name": d.get("name") or "", "arguments": {}, "result": None}
                calls.append(entry)
            entry["result"] = content
    return calls, final_text, turns


def score_trace(data: MedMCPCalcData, trace: vf.Trace, judge_base_url: str | None = None,
                judge_model: str = "gpt-4o-mini") -> dict[str, Any]:
    from medcalc_rubrics import score_episode

    from .calculators import match_name

    calls, final_text, turns = _tool_calls_from_trace(trace)
    extractor = None
    if judge_base_url:
        from medcalc_rubrics.judge import JudgeExtractor

        extractor = JudgeExtractor(base_url=judge_base_url, model=judge_model)
    err = trace.last_error
    stop = str(getattr(trace, "stop_condition", "") or "")
    return score_episode(
        data.ground_truth, final_text, calls, match=match_name, turns=turns,
        turn_limit_hit="turn" in stop, error=(err.message if err else None),
        evidence_tool=lambda n: n.split(".")[-1] in SQL_TOOL_NAMES or n.endswith("run_read_only_sql") or n.endswith("run_sql"),
        extractor=extractor,
    )


class MedMCPCalcTask(vf.Task[MedMCPCalcData, vf.State, MedMCPCalcTaskConfig]):
    @property
    def key(self) -> str:
        return self.data.task_id or self.hash

    def _scores(self, trace: vf.Trace) -> dict[str, Any]:
        # metric and reward both need the scores: compute once per trace
        key = (id(trace), len(trace.messages))
        if getattr(self, "_score_key", None) != key:
            self._score_cache = score_trace(self.data, trace, self.config.judge_base_url, self.config.judge_model)
            self._score_key = key
        return self._score_cache

    @vf.metric
    async def medmcp(self, trace: vf.Trace) -> dict[str, float]:
        s = self._scores(trace)
        det = s["details"]
        out = {k: float(s[k]) for k in ("TF", "CS", "EA", "QP")}
        for group, names in TOOL_NAMES.items():
            out[f"calls_{group}"] = float(sum(v for n, v in det["tool_counts"].items() if n.split(".")[-1] in names))
        out["calls_total"] = float(det["num_tool_calls"])
        out["turns"] = float(det["turns"] or 0)
        out["extra_calculators"] = float(len(det["extra"]))
        return out

    @vf.reward(weight=1.0)
    async def reward(self, trace: vf.Trace) -> float:
        s = self._scores(trace)
        c = self.config
        w = {"QP": c.w_qp, "EA": c.w_ea, "CS": c.w_cs, "TF": c.w_tf}
        total = sum(w.values())
        return sum(w[k] * float(s[k]) for k in w) / total if total > 0 else 0.0


class MedMCPCalcTasksetConfig(vf.TasksetConfig):
    split: str = "test"
    """test (frozen, default) | train (seeded, unbounded) | test_unseen | official."""
    num_tasks: int | None = None
    """Take only the first N tasks (train: how many to generate; default 500 for train)."""
    seed: int = 0
    """Seed of the train split."""
    tools: list[str] = Field(default_factory=lambda: list(ALL_TOOLS))
    """Offered tool groups (ablations): any of sql, search, python, calculator."""
    answer_format: str = "json"
    """json (fenced JSON block, default) | lines ("Name: value" lines)."""
    database_url: str | None = None
    """Agent (read-only) URL of the EHR database; None = the built database on the embedded server."""
    official_tasks_path: str | None = None
    """tasks.jsonl of the official release (split=official)."""
    max_sql_rows: int = 200
    task: MedMCPCalcTaskConfig = MedMCPCalcTaskConfig()


class MedMCPCalcTaskset(vf.Taskset[MedMCPCalcTask, MedMCPCalcTasksetConfig]):
    def load(self) -> list[MedMCPCalcTask]:
        cfg = self.config
        unknown = [t for t in cfg.tools if t not in ALL_TOOLS]
        if unknown:
            raise ValueError(f"unknown tool group(s) {unknown}; choose from {list(ALL_TOOLS)}")
        if cfg.split == "official":
            from .official import load_official_tasks

            if not cfg.official_tasks_path:
                raise ValueError("split=official needs official_tasks_path (the release's tasks.jsonl)")
            rows = load_official_tasks(cfg.official_tasks_path)
            if cfg.num_tasks is not None:
                rows = rows[: cfg.num_tasks]
        else:
            from .scenarios import load_split

            rows = load_split(cfg.split, n=cfg.num_tasks, seed=cfg.seed)
        sysprompt = system_prompt_for(cfg.tools, cfg.answer_format)
        tasks = []
        for r in rows:
            prompt = r.get("prompt") or OFFICIAL_PREFIX.format(patient_id=r["patient_id"]) + r["question"]
            data = MedMCPCalcData(
                id=r["task_id"], name=r["task_id"], prompt=prompt, system_prompt=sysprompt,
                task_id=r["task_id"], split=r.get("split", cfg.split), domain=r.get("domain", ""),
                specialty=r.get("specialty", ""), scenario=r.get("scenario", ""), patient_id=r["patient_id"],
                question=r["question"], ground_truth=r["ground_truth"],
            )
            tasks.append(MedMCPCalcTask(data, cfg.task))
        return tasks

    @classmethod
    def toolsets(cls, config: MedMCPCalcTasksetConfig) -> list[vf.Toolset]:
        out: list[vf.Toolset] = []
        if "sql" in config.tools:
            from .vf_tools.sql_tool import SQLToolset, SQLToolsetConfig

            out.append(SQLToolset(SQLToolsetConfig(database_url=config.database_url, max_rows=config.max_sql_rows)))
        if "search" in config.tools:
            from .vf_tools.search_tool import SearchToolset, SearchToolsetConfig

            out.append(SearchToolset(SearchToolsetConfig()))
        if "python" in config.tools:
            from .vf_tools.python_tool import PythonToolset, PythonToolsetConfig

            out.append(PythonToolset(PythonToolsetConfig()))
        if "calculator" in config.tools:
            from .vf_tools.calculator_tool import CalculatorToolset, CalculatorToolsetConfig

            out.append(CalculatorToolset(CalculatorToolsetConfig()))
        return out


class MedMCPCalcEnvConfig(vf.SingleAgentEnvConfig):
    """Defaults for local runs: the plain chat tool-calling harness in a local subprocess,
    80 turns (the paper's cap)."""

    agent: vf.AgentConfig = vf.AgentConfig(runtime=vf.SubprocessConfig(), harness=NullHarnessConfig(id="null"),
                                           max_turns=80)


class MedMCPCalcEnv(vf.Env[MedMCPCalcEnvConfig]):
    """The single-agent env with this package's defaults (subprocess runtime, null harness, 80 turns)."""

    async def run(self, task: vf.Task, agents: vf.Agents) -> None:
        await agents.agent.run(task)
