"""MedCalc-Bench as a verifiers v1 Taskset.

One task per dataset row: the system prompt holds the instructions (answer tags, the four answer
formats, optional tools and one-shot example), the user prompt holds the patient note and the
question. Scoring is :func:`medcalc_rubrics.medcalc_bench.grade` on the last assistant message.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Literal

import verifiers.v1 as vf
from pydantic import Field

from medcalc_rubrics.medcalc_bench import (
    CATEGORIES,
    OUTPUT_TYPES,
    extract_answer,
    grade,
    normalize_category,
)
from medmcp_calc.vf_tools.agent_tools import AgentTools, AgentToolsConfig

from . import prompts
from .data import DATASET_IDS, DataUnavailable, Row, apply_corrections, load_rows, one_shot_examples, read_records, to_rows

logger = logging.getLogger(__name__)


class MedCalcBenchData(vf.TaskData):
    calculator_id: int
    calculator_name: str
    category: str
    output_type: str
    note_type: str = ""
    ground_truth: str
    lower: str = ""
    upper: str = ""
    answer_format: Literal["xml", "boxed"] = "xml"
    max_turns: int = 20
    version: str = "verified"


class MedCalcBenchTaskConfig(vf.TaskConfig):
    """Run-time task knobs (none beyond the base ones)."""


class MedCalcBenchTask(vf.Task[MedCalcBenchData, vf.State, MedCalcBenchTaskConfig]):
    @property
    def key(self) -> str:
        return f"medcalc-bench:{self.data.version}:{self.data.id}"

    def _grade(self, trace: vf.Trace):
        answer = extract_answer(trace.last_reply, self.data.answer_format)
        return answer, grade(self.data.calculator_id, answer, self.data.ground_truth, self.data.lower, self.data.upper)

    @vf.reward(weight=1.0)
    async def correct(self, trace: vf.Trace) -> float:
        """1.0 when the final answer is right under the calculator's rule, else 0.0."""
        _, g = self._grade(trace)
        return 1.0 if g.correct else 0.0

    @vf.metric
    async def breakdown(self, trace: vf.Trace) -> dict[str, float]:
        """``answered`` (an answer could be extracted), ``tool_calls``, and the row's accuracy under
        ``acc_<category>`` and ``acc_<output type>`` (averaging a key over the run gives the
        per-category / per-output-type accuracy)."""
        answer, g = self._grade(trace)
        c = 1.0 if g.correct else 0.0
        calls = sum(len(m.tool_calls or []) for m in trace.assistant_messages)
        out = {"answered": 1.0 if answer is not None else 0.0, "tool_calls": float(calls)}
        out[f"acc_{normalize_category(self.data.category)}"] = c
        if self.data.output_type:
            out[f"acc_{self.data.output_type.strip().lower()}"] = c
        return out

    @vf.stop
    async def turn_limit(self, trace: vf.Trace) -> bool:
        """End the rollout after ``max_turns`` model turns (taskset config ``max_turns``)."""
        return trace.num_turns >= self.data.max_turns


class MedCalcBenchConfig(vf.TasksetConfig):
    version: Literal["verified", "1.2", "1.0", "1.0-corrected"] = "verified"
    """Dataset variant: `verified` (default), `1.2`, `1.0`, or `1.0-corrected` (v1.0 with audited labels)."""
    split: str = "test"
    """Split to load from the hub (ignored for a local data_path)."""
    data_path: str | None = None
    """Local CSV / JSONL / parquet with the standard 14 MedCalc-Bench columns (used instead of the hub)."""
    dataset_id: str | None = None
    """Override the Hugging Face dataset id of `version`."""
    corrected_labels_path: str | None = None
    """For version `1.0-corrected`: file with Unique ID (or Row Number), Ground Truth Answer, Lower/Upper Limit."""
    one_shot: bool = False
    """Add a solved example of the same calculator to the system prompt."""
    one_shot_path: str | None = None
    """File of one-shot examples (standard columns, one row per Calculator ID; first row per ID used).
    Without it, one-shot examples come from the hub's `train` split."""
    add_python_tool: bool = False
    """Offer `run_python` (sandboxed Python)."""
    add_calculator_tool: bool = False
    """Offer `calculator` and `convert_units`."""
    max_turns: int = Field(20, ge=1)
    """Model turns per rollout before it is stopped (stop condition `turn_limit`)."""
    answer_format: Literal["xml", "boxed"] = "xml"
    """Ask for `<answer>...</answer>` (default) or `\\boxed{...}`."""
    use_think: bool = False
    """Ask for reasoning inside <think>...</think> before the answer (only text after </think> is graded)."""
    system_prompt: str | None = None  # type: ignore[assignment]
    """Replace our instructions with this text (or the text of this file path); tool list and
    one-shot example are still appended."""
    tools: AgentToolsConfig = AgentToolsConfig(groups=[])
    """Tool server placement and limits (`--env.taskset.tools.python-timeout-s 10`); which tools are
    offered is decided by add_python_tool / add_calculator_tool (the server is medmcp-calc's)."""
    task: MedCalcBenchTaskConfig = MedCalcBenchTaskConfig()


def _instructions(value: str | None) -> str | None:
    if value is None:
        return None
    if "\n" not in value and len(value) < 4096:
        p = Path(value).expanduser()
        if p.is_file():
            return p.read_text(encoding="utf-8")
    return value


class MedCalcBenchTaskset(vf.Taskset[MedCalcBenchTask, MedCalcBenchConfig]):
    def __init__(self, config: MedCalcBenchConfig) -> None:
        instructions = _instructions(config.system_prompt)
        # the base class reads `system_prompt` as a file path; we build the prompt ourselves
        super().__init__(config.model_copy(update={"system_prompt": None}))
        self.config = config
        self.instructions = instructions

    def rows(self) -> list[Row]:
        c = self.config
        rows = load_rows(c.version, c.split, c.data_path, c.dataset_id)
        if c.version == "1.0-corrected":
            rows, stats = apply_corrections(rows, c.corrected_labels_path)
            logger.info("1.0-corrected: %s", stats)
        return rows

    def examples(self) -> dict[int, Row]:
        c = self.config
        if c.one_shot_path:
            return one_shot_examples(to_rows(read_records(c.one_shot_path), c.one_shot_path))
        if c.data_path:
            raise DataUnavailable(
                "one_shot with a local data_path needs a local example file too: pass "
                "--env.taskset.one-shot-path /path/to/one_shot.csv (standard columns, one row per Calculator ID)"
            )
        hub_id = c.dataset_id or DATASET_IDS[c.version]
        return one_shot_examples(load_rows(c.version, "train", None, hub_id))

    def load(self):
        c = self.config
        rows = self.rows()
        examples = self.examples() if c.one_shot else {}
        for row in rows:
            example = examples.get(row.calculator_id) if c.one_shot else None
            if c.one_shot and example is None:
                logger.warning("no one-shot example for calculator %s; row %s runs zero-shot", row.calculator_id, row.row_id)
            data = MedCalcBenchData(
                id=row.row_id,
                name=f"{row.calculator_name} #{row.row_id}",
                prompt=prompts.user_prompt(row),
                system_prompt=prompts.system_prompt(c.answer_format, c.use_think, c.add_python_tool,
                                                    c.add_calculator_tool, example, self.instructions),
                calculator_id=row.calculator_id,
                calculator_name=row.calculator_name,
                category=normalize_category(row.category),
                output_type=row.output_type,
                note_type=row.note_type,
                ground_truth=row.ground_truth,
                lower=row.lower,
                upper=row.upper,
                answer_format=c.answer_format,
                max_turns=c.max_turns,
                version=c.version,
            )
            yield MedCalcBenchTask(data, c.task)

    @classmethod
    def toolsets(cls, config: MedCalcBenchConfig) -> list[vf.Toolset]:
        if not (config.add_python_tool or config.add_calculator_tool):
            return []
        groups = [g for g, on in (("python", config.add_python_tool), ("calculator", config.add_calculator_tool)) if on]
        return [AgentTools(config.tools.model_copy(update={"groups": groups}))]


REPORTED_CATEGORIES = CATEGORIES
REPORTED_OUTPUT_TYPES = OUTPUT_TYPES
