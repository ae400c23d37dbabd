"""``medmcp_calc`` adapter: scenario tasks, in-process tools, rubric scoring, reference solver.

* tasks: :func:`medmcp_calc.scenarios.build.load_tasks` (``test`` frozen, ``test_unseen``, seeded ``train``)
  or a JSONL file of task records (``tasks_path``);
* prompt: the environment's own system prompt (:func:`medmcp_calc.prompts.system_prompt_for`, which
  includes the rubric's answer-format instructions) + the task's user prompt;
* tools: the names, descriptions and JSON schemas are read from the environment's MCP servers
  (``list_tools`` of ``postgres_executor``/``google_search``/``python_executor``/``calculator``), so the
  policy is trained on exactly the tool surface it is evaluated with; calls are dispatched in-process to
  the same cores (``EHRDatabase``, ``reference.search/fetch``, the Python sandbox, ``tools.calculator``);
* reward: :func:`medcalc_rubrics.score_episode` (TF/CS/EA/QP) with the library's name matcher;
* reference solver: :class:`medmcp_calc.scenarios.solver.ReferencePolicy`, driven by the transcript.
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import threading
from pathlib import Path
from typing import Any

from .envs import register_env

TOOL_GROUPS = {
    "sql": ("list_tables", "describe_tables", "run_read_only_sql"),
    "search": ("search", "fetch"),
    "python": ("run_python",),
    "calculator": ("calculator", "convert_units"),
}
SQL_TOOLS = frozenset({"list_tables", "describe_tables", "run_read_only_sql", "run_sql"})
_SCHEMA_CACHE: dict[str, list[dict]] = {}
_SCHEMA_LOCK = threading.Lock()


def _strip_titles(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {k: _strip_titles(v) for k, v in schema.items() if k != "title"}
    if isinstance(schema, list):
        return [_strip_titles(v) for v in schema]
    return schema


def _compact(desc: str) -> str:
    return re.sub(r"[ \t]*\n[ \t]*", "\n", (desc or "").strip())


def mcp_tool_schemas(groups: tuple[str, ...]) -> list[dict]:
    """OpenAI-style function schemas of the environment's MCP tools (read from the servers themselves)."""
    key = ",".join(groups)
    with _SCHEMA_LOCK:
        if key in _SCHEMA_CACHE:
            return _SCHEMA_CACHE[key]

        async def collect():
            servers = []
            if "sql" in groups:
                from medmcp_calc.servers import postgres_executor

                servers.append(postgres_executor.build_server("postgresql:///unused"))  # lazy: never connects here
            if "search" in groups:
                from medmcp_calc.servers import google_search

                servers.append(google_search.build_server())
            if "python" in groups:
                from medmcp_calc.servers import python_executor

                class _NoSandbox:  # list_tools only; never executes
                    async def arun(self, code):  # pragma: no cover
                        raise RuntimeError("not used")
                servers.append(python_executor.build_server(_NoSandbox()))
            if "calculator" in groups:
                from medmcp_calc.servers import calculator

                servers.append(calculator.build_server())
            out = {}
            for s in servers:
                for t in await s.list_tools():
                    out[t.name] = {"type": "function", "function": {
                        "name": t.name, "description": _compact(t.description or ""),
                        "parameters": _strip_titles(t.input_schema)}}
            return out

        box: dict = {}

        def run():
            box["v"] = asyncio.run(collect())

        th = threading.Thread(target=run)  # own event loop even if the caller is inside one
        th.start()
        th.join()
        by_name = box["v"]
        wanted = [n for g in groups for n in TOOL_GROUPS[g]]
        missing = [n for n in wanted if n not in by_name]
        if missing:
            raise RuntimeError(f"MCP servers do not expose tool(s) {missing}")
        _SCHEMA_CACHE[key] = [by_name[n] for n in wanted]
        return _SCHEMA_CACHE[key]


def rubric_ground_truth(task: dict) -> dict:
    """The task's ground truth in the rubric's form (shared with the verifiers env)."""
    from medmcp_calc.scoring import rubric_ground_truth as convert

    return convert(task["ground_truth"])


def calls_from_messages(messages: list[dict]) -> list[dict]:
    """``[{name, arguments, result}]`` in call order: each assistant turn's valid calls paired with the
    tool messages that follow it (error messages for malformed calls carry no call and are skipped)."""
    out: list[dict] = []
    i = 0
    while i < len(messages):
        m = messages[i]
        i += 1
        if m.get("role") != "assistant" or not m.get("tool_calls"):
            continue
        results = []
        while i < len(messages) and messages[i].get("role") == "tool":
            if messages[i].get("name") != "invalid_tool_call":
                results.append(messages[i].get("content") or "")
            i += 1
        for k, c in enumerate(m["tool_calls"]):
            fn = c.get("function", c)
            args = fn.get("arguments") or {}
            if isinstance(args, str):
                try:
                    args = json.loads(args)
                except json.JSONDecodeError:
                    args = {"_raw": args}
            out.append({"name": fn.get("name") or "", "arguments": args,
                        "result": results[k] if k < len(results) else None})
    return out


@register_env("medmcp_calc")
class MedMCPCalcEnv:
    name = "medmcp_calc"

    def __init__(self, db_url: str | None = None, *, database=None, dbname: str = "medmcp_calc",
                 tools: tuple[str, ...] | list[str] = ("sql", "search", "python", "calculator"),
                 answer_format: str = "json", tasks_path: str | None = None, max_rows: int = 200,
                 statement_timeout_ms: int = 10_000):
        unknown = [t for t in tools if t not in TOOL_GROUPS]
        if unknown:
            raise ValueError(f"unknown tool group(s) {unknown}; choose from {list(TOOL_GROUPS)}")
        self.groups = tuple(tools)
        self.answer_format = answer_format
        self.tasks_path = tasks_path
        self._db = database
        self._db_url = db_url or None
        self._dbname = dbname
        self._db_opts = {"max_rows": max_rows, "statement_timeout_ms": statement_timeout_ms}
        self._lock = threading.Lock()
        self._system = None

    # -- tasks ----------------------------------------------------------------------------------------
    def load_tasks(self, split: str, n: int | None = None, seed: int = 0) -> list[dict]:
        if self.tasks_path:
            rows = [json.loads(l) for l in Path(self.tasks_path).read_text(encoding="utf-8").splitlines() if l.strip()]
            rows = [r for r in rows if not split or r.get("split", split) == split] or rows
            return rows[:n] if n is not None else rows
        from medmcp_calc.scenarios.build import load_tasks

        return load_tasks(split, n, seed)

    def task_id(self, task: dict) -> str:
        return task["task_id"]

    def initial_messages(self, task: dict) -> list[dict]:
        if self._system is None:
            from medmcp_calc.prompts import system_prompt_for

            self._system = system_prompt_for(list(self.groups), self.answer_format)
        user = task.get("prompt") or task["question"]
        return [{"role": "system", "content": self._system}, {"role": "user", "content": user}]

    def tool_schemas(self) -> list[dict]:
        return mcp_tool_schemas(self.groups)

    # -- tools ----------------------------------------------------------------------------------------
    def database(self):
        if self._db is None:
            with self._lock:
                if self._db is None:
                    from medmcp_calc.db import default_agent_url
                    from medmcp_calc.db.core import EHRDatabase

                    url = self._db_url or os.environ.get("MEDMCP_DATABASE_URL") or default_agent_url(self._dbname)
                    self._db = EHRDatabase(url, **self._db_opts)
        return self._db

    def new_state(self, task: dict) -> dict:
        return {"task_id": task["task_id"]}

    def call_tool(self, state: dict, name: str, arguments: dict) -> str:
        offered = {n for g in self.groups for n in TOOL_GROUPS[g]} | ({"run_sql"} if "sql" in self.groups else set())
        if name not in offered:
            return f"Error: unknown tool {name!r}. Available tools: {', '.join(sorted(offered))}."
        try:
            return self._dispatch(name, arguments)
        except (KeyError, TypeError) as e:
            return f"Error: bad arguments for {name}: {type(e).__name__}: {e}. Check the tool's parameter names."
        except Exception as e:  # a tool core must never end a rollout
            return f"Error: {name} failed: {type(e).__name__}: {e}"

    def _dispatch(self, name: str, a: dict) -> str:
        if name == "list_tables":
            return self.database().list_tables()
        if name == "describe_tables":
            return self.database().describe_tables(a["table_names"])
        if name in ("run_read_only_sql", "run_sql"):
            return self.database().run_query(a["query"])
        if name == "search":
            from medmcp_calc.reference import search

            return _text(search(a["query"]))
        if name == "fetch":
            from medmcp_calc.reference import fetch

            return _text(fetch(a["url"]))
        if name == "run_python":
            from medmcp_calc.sandbox import run_python

            return _text(run_python(a["code"]))
        if name == "calculator":
            from medmcp_calc.tools.calculator import calculator

            return calculator(a["expression"])
        if name == "convert_units":
            from medmcp_calc.tools.calculator import convert_units

            return convert_units(a["value"], a["from_unit"], a["to_unit"], a.get("analyte"))
        raise KeyError(name)

    # -- reward ---------------------------------------------------------------------------------------
    def score(self, task: dict, state: dict, messages: list[dict], final_text: str | None,
              stop_reason: str | None) -> dict[str, Any]:
        from medcalc_rubrics import score_episode
        from medmcp_calc.calculators import match_name

        calls = calls_from_messages(messages)
        turns = sum(1 for m in messages if m.get("role") == "assistant")
        res = score_episode(rubric_ground_truth(task), final_text, calls, match=match_name,
                            turn_limit_hit=stop_reason in ("max_turns", "token_budget"), turns=turns,
                            evidence_tool=lambda n: n in SQL_TOOLS)
        det = res["details"]
        return {"TF": float(res["TF"]), "CS": float(res["CS"]), "EA": float(res["EA"]), "QP": float(res["QP"]),
                "extra_calculators": len(det.get("extra") or [])}

    # -- reference solver -----------------------------------------------------------------------------
    def reference_turn(self, task: dict, state: dict, messages: list[dict]) -> tuple[str, list[tuple[str, dict]]]:
        from medmcp_calc.scenarios.solver import FinalAnswer, ReferencePolicy, ToolCall

        policy = state.get("_policy")
        if policy is None:
            policy = state["_policy"] = ReferencePolicy(task, use_python="python" in self.groups,
                                                        use_fetch="search" in self.groups)
        history = [(ToolCall(c["name"], c["arguments"]), c["result"] or "") for c in calls_from_messages(messages)]
        act = policy.next_action(history)
        if isinstance(act, FinalAnswer):
            return act.text, []
        return "", [(act.name, dict(act.arguments))]


def _text(x: Any) -> str:
    if isinstance(x, str):
        return x
    for attr in ("text", "output", "stdout"):
        if hasattr(x, attr):
            return str(getattr(x, attr))
    return str(x)
