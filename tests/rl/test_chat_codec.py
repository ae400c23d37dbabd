"""Token deltas: prompt + generated turns + env deltas must equal what the chat template renders for the
whole conversation (so never re-tokenising the history loses nothing), and the env mask must cover
exactly the env segments."""
import json

from medcalc_rl.toolcalls import parse_assistant_text

TOOLS = [{"type": "function", "function": {"name": "run_query", "description": "SQL",
                                           "parameters": {"type": "object", "properties": {"sql": {"type": "string"}}}}}]


def test_incremental_ids_match_full_render(codec, tiny_tokenizer):
    msgs = [{"role": "system", "content": "You are careful."}, {"role": "user", "content": "Compute the score."}]
    ids = codec.prompt_ids(msgs, TOOLS)
    mask = []
    convo = list(msgs)
    turns = [("", [("run_query", {"sql": "SELECT 1"})]), ("", [("run_query", {"sql": "SELECT x FROM t"}), ("run_query", {"sql": "SELECT 2"})]),
             ("Done: 42", [])]
    results = [["1"], ["x=7", "2"]]
    for k, (content, calls) in enumerate(turns):
        t = codec.assistant_turn_ids(content, calls)
        ids += t
        mask += [1] * len(t)
        convo.append({"role": "assistant", "content": content, **({"tool_calls": [
            {"type": "function", "function": {"name": n, "arguments": a}} for n, a in calls]} if calls else {})})
        if calls:
            tool_msgs = [{"role": "tool", "name": "run_query", "content": r} for r in results[k]]
            d = codec.env_delta_ids(tool_msgs)
            ids += d
            mask += [0] * len(d)
            convo += tool_msgs
    full_text = tiny_tokenizer.apply_chat_template(convo, tools=TOOLS, tokenize=False)
    # the template adds "\n" after the last <|im_end|>; a generated episode ends at the eos token
    assert tiny_tokenizer.decode(ids) == full_text.rstrip("\n")
    # env-masked tokens decode to exactly the tool-response segments + assistant headers
    prompt_len = len(codec.prompt_ids(msgs, TOOLS))
    env_text = tiny_tokenizer.decode([t for t, m in zip(ids[prompt_len:], mask) if m == 0])
    assert env_text.count("<tool_response>") == 3 and "run_query" not in env_text
    model_text = tiny_tokenizer.decode([t for t, m in zip(ids[prompt_len:], mask) if m == 1])
    assert "<tool_response>" not in model_text and model_text.count("<tool_call>") == 3


def test_forced_turn_roundtrips_through_parser(codec):
    ids = codec.assistant_turn_ids("", [("run_query", {"sql": "SELECT 'a' AS \"b\""})])
    assert ids[-1] == codec.eos_id
    p = parse_assistant_text(codec.decode(ids))
    assert [(c.name, c.arguments) for c in p.valid_calls] == [("run_query", {"sql": "SELECT 'a' AS \"b\""})]
    assert json.loads(json.dumps(p.valid_calls[0].arguments))
