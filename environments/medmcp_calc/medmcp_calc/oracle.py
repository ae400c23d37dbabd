"""The oracle endpoint: an OpenAI-compatible chat-completions server that plays the reference
solver, so the whole pipeline (harness, tool servers, scoring) runs without any model API.

For each request it finds the task by the patient id in the first user message, rebuilds the
(tool call, result) history from the conversation, and asks
:class:`medmcp_calc.scenarios.solver.ReferencePolicy` for the next action: a tool call (names are
matched to the request's tool list, so prefixed tool names work) or the final answer.

    medmcp-calc oracle serve --port 8765     # then point any client at http://127.0.0.1:8765/v1
"""
from __future__ import annotations

import json
import re
import threading
from typing import Any

from .openai_server import PolicyServer, TextAction, ToolCallAction
from .scoring import short_name as short_tool_name

_PID_PATTERNS = (
    re.compile(r"patient_id\s*'([^']+)'"),
    re.compile(r"patient_id\s*[=:]\s*'?([A-Za-z0-9_\-]+)"),
    re.compile(r"Patient ID:\s*([A-Za-z0-9_\-]+)"),
)


def _text(content: Any) -> str:
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return "" if content is None else str(content)


def find_patient_id(messages: list[dict]) -> str | None:
    for m in messages:
        if m.get("role") == "user":
            text = _text(m.get("content"))
            for pat in _PID_PATTERNS:
                hit = pat.search(text)
                if hit:
                    return hit.group(1)
    return None


def history_from_messages(messages: list[dict]):
    """[(ToolCall, result_text)] in call order, from assistant tool calls and tool messages."""
    from .scenarios.solver import ToolCall

    results: dict[str, str] = {}
    for m in messages:
        if m.get("role") == "tool":
            results[str(m.get("tool_call_id"))] = _text(m.get("content"))
    hist = []
    for m in messages:
        if m.get("role") != "assistant":
            continue
        for tc in m.get("tool_calls") or []:
            fn = tc.get("function") or {}
            try:
                args = json.loads(fn.get("arguments") or "{}")
            except json.JSONDecodeError:
                args = {}
            hist.append((ToolCall(short_tool_name(fn.get("name", "")), args), results.get(str(tc.get("id")), "")))
    return hist


class OraclePolicy:
    """Callable policy for :class:`medmcp_calc.openai_server.PolicyServer`."""

    def __init__(self, tasks: list[dict] | None = None, split: str = "test", train_tasks: int = 0):
        self._tasks: dict[str, dict] = {}
        self._lock = threading.Lock()
        if tasks is None:
            from .scenarios.build import load_tasks, train_tasks as gen_train

            tasks = list(load_tasks("test"))
            if split == "train" or train_tasks:
                tasks += list(gen_train(train_tasks or 500))
        for t in tasks:
            self._tasks[t["patient_id"]] = t

    def add_task(self, task: dict) -> None:
        with self._lock:
            self._tasks[task["patient_id"]] = task

    def __call__(self, messages: list[dict], tools: list[dict]):
        from .scenarios.solver import FinalAnswer, ReferencePolicy

        pid = find_patient_id(messages)
        task = self._tasks.get(pid or "")
        if task is None:
            return TextAction(f"I cannot find patient {pid!r} among the oracle's tasks, so I cannot answer.")
        offered = {short_tool_name(((t.get("function") or t).get("name") or "")) for t in tools or []}
        policy = ReferencePolicy(task, use_python="run_python" in offered, use_fetch="fetch" in offered)
        try:
            act = policy.next_action(history_from_messages(messages))
        except Exception as e:  # a tool failed (e.g. the DB was down): answer honestly, do not crash
            return TextAction(f"I could not complete the assessment: {type(e).__name__}: {e}")
        if isinstance(act, FinalAnswer):
            return TextAction(act.text)
        return ToolCallAction(act.name, dict(act.arguments))


class OracleEndpoint(PolicyServer):
    def __init__(self, split: str = "test", database_url: str | None = None, host: str = "127.0.0.1", port: int = 0,
                 tasks: list[dict] | None = None, train_tasks: int = 0):
        super().__init__(OraclePolicy(tasks, split=split, train_tasks=train_tasks), host=host, port=port,
                         model_name="medmcp-oracle")
