"""``medcalc_bench`` adapter: MedCalc-Bench rows, optional Python/calculator tools, MedCalc-Bench grading.

* tasks: :func:`medcalc_bench.data.load_rows` (a local CSV/JSONL/parquet via ``data_path`` — or
  ``data_paths: {split: path}`` — else the hub when online), ``1.0-corrected`` labels supported;
* prompt: the environment's own system/user prompts (:mod:`medcalc_bench.prompts`);
* tools: ``run_python`` and/or ``calculator``/``convert_units`` (schemas from the MCP servers, calls to the
  same in-process cores as medmcp_calc);
* reward: :func:`medcalc_rubrics.medcalc_bench.grade` of the extracted answer -> ``QP`` (correct) and
  ``TF`` (an answer could be extracted). ``CS``/``EA`` do not apply and are ``None`` (TRL ignores them);
* reference turn (SFT export / scripted turns): the row's worked explanation followed by the ground
  truth written in the requested answer format.
"""
from __future__ import annotations

from typing import Any

from .env_medmcp import TOOL_GROUPS, MedMCPCalcEnv, mcp_tool_schemas
from .envs import register_env


@register_env("medcalc_bench")
class MedCalcBenchEnv:
    name = "medcalc_bench"

    def __init__(self, data_path: str | None = None, *, data_paths: dict | None = None, version: str = "verified",
                 dataset_id: str | None = None, corrected_labels_path: str | None = None,
                 python_tool: bool = True, calculator_tool: bool = True, answer_format: str = "xml",
                 use_think: bool = False):
        self.data_path, self.data_paths = data_path, dict(data_paths or {})
        self.version, self.dataset_id, self.corrected = version, dataset_id, corrected_labels_path
        self.groups = tuple(g for g, on in (("python", python_tool), ("calculator", calculator_tool)) if on)
        self.answer_format, self.use_think = answer_format, use_think
        self._tools = MedMCPCalcEnv(tools=self.groups) if self.groups else None

    def load_tasks(self, split: str, n: int | None = None, seed: int = 0) -> list:
        from medcalc_bench.data import apply_corrections, load_rows

        path = self.data_paths.get(split, self.data_path)
        rows = load_rows(self.version, split, path, self.dataset_id)
        if self.version == "1.0-corrected":
            rows, _ = apply_corrections(rows, self.corrected)
        if seed and n is not None:
            import random

            rows = list(rows)
            random.Random(seed).shuffle(rows)
        return rows[:n] if n is not None else list(rows)

    def task_id(self, row) -> str:
        return f"{self.version}:{row.row_id}"

    def initial_messages(self, row) -> list[dict]:
        from medcalc_bench import prompts

        sysp = prompts.system_prompt(self.answer_format, self.use_think, "python" in self.groups,
                                     "calculator" in self.groups)
        return [{"role": "system", "content": sysp}, {"role": "user", "content": prompts.user_prompt(row)}]

    def tool_schemas(self) -> list[dict]:
        return mcp_tool_schemas(self.groups) if self.groups else []

    def new_state(self, row) -> dict:
        return {}

    def call_tool(self, state, name: str, arguments: dict) -> str:
        if self._tools is None:
            return f"Error: no tools are available in this task (got a call to {name!r}); answer directly."
        offered = {n for g in self.groups for n in TOOL_GROUPS[g]}
        if name not in offered:
            return f"Error: unknown tool {name!r}. Available tools: {', '.join(sorted(offered))}."
        return self._tools.call_tool(state, name, arguments)

    def score(self, row, state, messages, final_text, stop_reason) -> dict[str, Any]:
        from medcalc_rubrics.medcalc_bench import extract_answer, grade

        answer = extract_answer(final_text, self.answer_format) if final_text else None
        g = grade(row.calculator_id, answer, row.ground_truth, row.lower, row.upper)
        return {"TF": 1.0 if answer is not None else 0.0, "QP": 1.0 if g.correct else 0.0, "CS": None, "EA": None}

    def reference_turn(self, row, state, messages) -> tuple[str, list]:
        from medcalc_bench.prompts import wrap
        from medcalc_rubrics.medcalc_bench import format_ground_truth

        answer = wrap(format_ground_truth(row.calculator_id, row.ground_truth), self.answer_format)
        reasoning = (row.explanation or "").strip()
        if self.use_think:
            return f"<think>{reasoning}</think>\n{answer}", []
        return (f"{reasoning}\n{answer}" if reasoning else answer), []
