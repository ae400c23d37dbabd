"""Parsing of Qwen3/Hermes-style tool calls out of generated assistant text.

The model writes each call as::

    <tool_call>
    {"name": "run_query", "arguments": {"sql": "SELECT ..."}}
    </tool_call>

Parsing never raises: a block that is not valid JSON, lacks ``name``, has non-object ``arguments`` or is
left unclosed becomes a :class:`MalformedCall` whose ``error`` is an actionable message; the rollout
returns that message to the model as a tool result and the episode continues.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

OPEN, CLOSE = "<tool_call>", "</tool_call>"
_BLOCK = re.compile(r"<tool_call>(.*?)(</tool_call>|$)", re.DOTALL)
FORMAT_HINT = (
    'Write each call as <tool_call>\n{"name": "<tool name>", "arguments": {<JSON object>}}\n</tool_call> '
    "and put nothing but that JSON between the tags."
)


@dataclass
class ToolCall:
    name: str
    arguments: dict[str, Any] = field(default_factory=dict)

    def as_message_call(self) -> dict:
        return {"type": "function", "function": {"name": self.name, "arguments": self.arguments}}


@dataclass
class MalformedCall:
    raw: str
    error: str


@dataclass
class ParsedTurn:
    content: str  # assistant text outside the tool-call blocks
    calls: list[ToolCall | MalformedCall]

    @property
    def valid_calls(self) -> list[ToolCall]:
        return [c for c in self.calls if isinstance(c, ToolCall)]

    @property
    def malformed(self) -> list[MalformedCall]:
        return [c for c in self.calls if isinstance(c, MalformedCall)]


def _parse_one(raw: str, closed: bool) -> ToolCall | MalformedCall:
    body = raw.strip()
    if not closed:
        return MalformedCall(raw, f"error: the tool call is missing its closing {CLOSE} tag. {FORMAT_HINT}")
    try:
        obj = json.loads(body)
    except json.JSONDecodeError as e:
        return MalformedCall(raw, f"error: the tool call is not valid JSON ({e.msg} at char {e.pos}). {FORMAT_HINT}")
    if not isinstance(obj, dict):
        return MalformedCall(raw, f"error: the tool call must be a JSON object, got {type(obj).__name__}. {FORMAT_HINT}")
    if "function" in obj and isinstance(obj["function"], dict) and "name" not in obj:
        obj = obj["function"]  # tolerate the OpenAI wire shape
    name = obj.get("name")
    if not isinstance(name, str) or not name.strip():
        return MalformedCall(raw, f'error: the tool call has no "name" string. {FORMAT_HINT}')
    args = obj.get("arguments", obj.get("parameters", {}))
    if isinstance(args, str):  # some models double-encode the arguments
        try:
            args = json.loads(args) if args.strip() else {}
        except json.JSONDecodeError:
            return MalformedCall(raw, f'error: "arguments" of {name} is a string that is not a JSON object. {FORMAT_HINT}')
    if args is None:
        args = {}
    if not isinstance(args, dict):
        return MalformedCall(raw, f'error: "arguments" of {name} must be a JSON object. {FORMAT_HINT}')
    return ToolCall(name.strip(), args)


def parse_assistant_text(text: str) -> ParsedTurn:
    """Split assistant text into free content and the tool calls it contains (never raises)."""
    calls: list[ToolCall | MalformedCall] = []
    for m in _BLOCK.finditer(text):
        calls.append(_parse_one(m.group(1), closed=bool(m.group(2))))
    content = _BLOCK.sub("", text).strip()
    if CLOSE in content and not calls:
        calls.append(MalformedCall(content, f"error: found {CLOSE} without an opening {OPEN}. {FORMAT_HINT}"))
    return ParsedTurn(content=content, calls=calls)


def render_tool_call_text(name: str, arguments: dict) -> str:
    """How the Qwen3 template renders one call (used to force scripted turns and build SFT data)."""
    return f'{OPEN}\n{json.dumps({"name": name, "arguments": arguments}, ensure_ascii=False)}\n{CLOSE}'
