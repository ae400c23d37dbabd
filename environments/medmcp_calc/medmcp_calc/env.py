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

from .prompts import OFFICIAL_PREFIX, system_prompt_for

from .scoring import TOOL_GROUPS

ALL_TOOLS = tuple(TOOL_GROUPS)


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


from .scoring import rubric_ground_truth  # noqa: E402  (re-exported for callers of medmcp_calc.env)


def score_trace(data: MedMCPCalcData, trace: vf.Trace, judge_base_url: str | None = None,
                judge_model: str = "gpt-4o-mini") -> dict[str, Any]:
    """Score a live trace: its messages through :func:`medmcp_calc.scoring.score_messages`."""
    from .scoring import score_messages

    extractor = None
    if judge_base_url:
        from medcalc_rubrics.judge import JudgeExtractor

        extractor = JudgeExtractor(base_url=judge_base_url, model=judge_model)
    messages = [m.model_dump() if hasattr(m, "model_dump") else dict(m) for m in trace.messages]
    err = trace.last_error
    return score_messages(data.ground_truth, messages, stop_condition=str(getattr(trace, "stop_condition", "") or ""),
                          error=(err.message if err else None), extractor=extractor)


def _warm_scoring(ground_truth: dict[str, Any]) -> None:
    """Score a dummy answer once at load time, so the first rollouts do not pay the one-off
    imports (rubrics, the calculator library behind name matching: ~0.2 s) in their scoring span."""
    from .scoring import score_messages

    names = [r.get("name", "") for r in ground_truth.get("required", [])][:1] or ["BMI"]
    answer = "```json\n" + json.dumps({"calculators": [{"name": n, "value": 0, "unit": ""} for n in names]}) + "\n```"
    try:
        score_messages(ground_truth, [{"role": "assistant", "content": answer}], stop_condition="agent_completed")
    except Exception:  # warming is best effort; real scoring reports its own errors
        pass


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
        from .scoring import flat_metrics

        return flat_metrics(self._scores(trace), self.data.ground_truth.get("ea_applicable", True))

    @vf.reward(weight=1.0)
    async def reward(self, trace: vf.Trace) -> float:
        from .scoring import flat_metrics, weighted_reward

        c = self.config
        metrics = flat_metrics(self._scores(trace), self.data.ground_truth.get("ea_applicable", True))
        return weighted_reward(metrics, {"QP": c.w_qp, "EA": c.w_ea, "CS": c.w_cs, "TF": c.w_tf})


class MedMCPCalcTasksetConfig(vf.TasksetConfig):
    split: str = "test"
    """test (frozen, default) | train (seeded, unbounded) | test_unseen | official."""
    num_tasks: int | None = None
    """Take only the first N tasks (train: how many to generate; default 1000 for train)."""
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
            from .scenarios.build import load_tasks

            rows = load_tasks(cfg.split, n=cfg.num_tasks, seed=cfg.seed)
        sysprompt = system_prompt_for(cfg.tools, cfg.answer_format)
        tasks = []
        for r in rows:
            # every split uses the official protocol's prompt: prefix + blank line + fuzzy question
            prompt = OFFICIAL_PREFIX.format(patient_id=r["patient_id"]) + r["question"]
            data = MedMCPCalcData(
                id=r["task_id"], name=r["task_id"], prompt=prompt, system_prompt=sysprompt,
                task_id=r["task_id"], split=r.get("split", cfg.split), domain=r.get("domain", ""),
                specialty=r.get("specialty", "") or r.get("family", ""),
                scenario=r.get("scenario", "") or r.get("scenario_id", ""), patient_id=r["patient_id"],
                question=r["question"], ground_truth=rubric_ground_truth(r["ground_truth"]),
            )
            tasks.append(MedMCPCalcTask(data, cfg.task))
        if tasks:
            _warm_scoring(tasks[0].data.ground_truth)
        return tasks

    @classmethod
    def toolsets(cls, config: MedMCPCalcTasksetConfig) -> list[vf.Toolset]:
        if not config.tools:
            return []
        from .vf_tools.agent_tools import AgentTools, AgentToolsConfig

        return [AgentTools(AgentToolsConfig(groups=list(config.tools), database_url=config.database_url,
                                            max_rows=config.max_sql_rows))]


class MedMCPCalcEnvConfig(vf.SingleAgentEnvConfig):
    """Defaults for local runs: a local subprocess runtime and 80 turns (the paper's cap). The harness
    is left unset, so the package's exported :class:`medmcp_calc.harness.LocalChatHarness` (the
    plain chat tool-calling loop, run offline with this interpreter) is the default; pick
    ``--env.agent.harness.id null`` for container or remote runtimes."""

    agent: vf.AgentConfig = vf.AgentConfig(runtime=vf.SubprocessConfig(), max_turns=80)


INFRA_ERROR_PREFIXES = (
    "Error: the database is unavailable",
    "Error: lost the connection to the database",
    "Error: the database is busy",
)
"""Tool results that mean our infrastructure failed (not the agent): see ``EHRDatabase._error_text``."""


def infrastructure_errors(messages: list[Any]) -> list[str]:
    """Tool results in ``messages`` that report an infrastructure failure (database down/lost/busy)."""
    out = []
    for m in messages:
        d = m.model_dump() if hasattr(m, "model_dump") else dict(m)
        if d.get("role") != "tool":
            continue
        c = d.get("content")
        text = "".join(p.get("text", "") for p in c if isinstance(p, dict)) if isinstance(c, list) else str(c or "")
        if text.lstrip().startswith(INFRA_ERROR_PREFIXES):
            out.append(text.strip().splitlines()[0][:300])
    return out


class MedMCPCalcEnv(vf.Env[MedMCPCalcEnvConfig]):
    """The single-agent env with this package's defaults (subprocess runtime, local chat harness, 80 turns)."""

    async def run(self, task: vf.Task, agents: vf.Agents) -> None:
        await agents.agent.run(task)

    def complete(self, episode) -> bool:
        """What ``vf-eval --resume`` keeps: an episode that finished without error AND whose tools
        never hit an infrastructure failure (e.g. PostgreSQL restarted mid-rollout). Such a
        rollout's score reflects the outage, not the agent, so a resume runs it again."""
        if not episode.ok:
            return False
        return not any(infrastructure_errors(t.messages) for t in episode.traces)
