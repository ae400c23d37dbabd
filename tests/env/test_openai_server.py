"""The policy-driven OpenAI-compatible server, exercised with the real `openai` client."""
import json

import openai
import pytest

from medmcp_calc.openai_server import PolicyServer, TextAction, ToolCallAction, resolve_tool_name

TOOLS = [{"type": "function", "function": {"name": "postgres_executor_run_read_only_sql", "parameters": {"type": "object"}}}]


def policy(messages, tools):
    if any(m.get("role") == "tool" for m in messages):
        last = [m for m in messages if m.get("role") == "tool"][-1]
        return TextAction(f"tool said: {last['content']}")
    return ToolCallAction("run_read_only_sql", {"query": "SELECT 1"})


@pytest.fixture(scope="module")
def server():
    with PolicyServer(policy) as s:
        yield s


def test_resolve_tool_name_by_suffix():
    assert resolve_tool_name("run_read_only_sql", TOOLS) == "postgres_executor_run_read_only_sql"
    assert resolve_tool_name("fetch", TOOLS) == "fetch"


@pytest.mark.parametrize("stream", [False, True])
def test_tool_call_then_text(server, stream):
    client = openai.OpenAI(base_url=server.base_url, api_key="x")
    msgs = [{"role": "user", "content": "hi"}]
    if stream:
        chunks = list(client.chat.completions.create(model="oracle", messages=msgs, tools=TOOLS, stream=True))
        name = "".join(c.choices[0].delta.tool_calls[0].function.name or "" for c in chunks
                       if c.choices and c.choices[0].delta.tool_calls)
        args = "".join(c.choices[0].delta.tool_calls[0].function.arguments or "" for c in chunks
                       if c.choices and c.choices[0].delta.tool_calls)
        assert chunks[-1].choices[0].finish_reason == "tool_calls"
        call_id = next(c.choices[0].delta.tool_calls[0].id for c in chunks if c.choices and c.choices[0].delta.tool_calls)
    else:
        r = client.chat.completions.create(model="oracle", messages=msgs, tools=TOOLS)
        tc = r.choices[0].message.tool_calls[0]
        name, args, call_id = tc.function.name, tc.function.arguments, tc.id
        assert r.choices[0].finish_reason == "tool_calls"
    assert name == "postgres_executor_run_read_only_sql"
    assert json.loads(args) == {"query": "SELECT 1"}
    msgs += [{"role": "assistant", "content": None, "tool_calls": [{"id": call_id, "type": "function", "function": {"name": name, "arguments": args}}]},
             {"role": "tool", "tool_call_id": call_id, "content": "1"}]
    r = client.chat.completions.create(model="oracle", messages=msgs, tools=TOOLS)
    assert r.choices[0].message.content == "tool said: 1"


def test_bad_request_is_a_clear_error(server):
    import httpx

    r = httpx.post(server.base_url + "/chat/completions", content=b"not json")
    assert r.status_code == 400 and "not JSON" in r.text
