from medcalc_rl.toolcalls import MalformedCall, ToolCall, parse_assistant_text, render_tool_call_text


def test_parses_one_and_several_calls():
    text = 'Let me look.\n<tool_call>\n{"name": "run_query", "arguments": {"sql": "SELECT 1"}}\n</tool_call>'
    p = parse_assistant_text(text)
    assert p.content == "Let me look."
    assert p.calls == [ToolCall("run_query", {"sql": "SELECT 1"})]
    two = render_tool_call_text("a", {"x": 1}) + "\n" + render_tool_call_text("b", {})
    assert [c.name for c in parse_assistant_text(two).valid_calls] == ["a", "b"]


def test_tolerates_string_arguments_and_openai_shape():
    p = parse_assistant_text('<tool_call>{"name": "f", "arguments": "{\\"k\\": 2}"}</tool_call>')
    assert p.valid_calls == [ToolCall("f", {"k": 2})]
    p = parse_assistant_text('<tool_call>{"function": {"name": "g", "arguments": {}}}</tool_call>')
    assert p.valid_calls == [ToolCall("g", {})]


def test_no_calls_is_a_final_answer():
    p = parse_assistant_text("The CrCl is 61 mL/min.")
    assert p.calls == [] and p.content == "The CrCl is 61 mL/min."


def test_malformed_calls_become_actionable_errors():
    cases = {
        "<tool_call>{not json}</tool_call>": "not valid JSON",
        '<tool_call>["run_query"]</tool_call>': "must be a JSON object",
        '<tool_call>{"arguments": {}}</tool_call>': 'no "name"',
        '<tool_call>{"name": "f", "arguments": [1]}</tool_call>': "must be a JSON object",
        '<tool_call>{"name": "f", "arguments": {}}': "missing its closing",
        'oops {"name": "f"}</tool_call>': "without an opening",
    }
    for text, needle in cases.items():
        p = parse_assistant_text(text)
        assert len(p.malformed) == 1, text
        assert isinstance(p.calls[0], MalformedCall)
        assert needle in p.malformed[0].error, (text, p.malformed[0].error)
        assert "<tool_call>" in p.malformed[0].error  # tells the model the expected format
