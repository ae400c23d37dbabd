"""Token-level chat bookkeeping for multi-turn rollouts.

The rollout never re-tokenises a conversation. It keeps the token ids of

    prompt (system + user, rendered once by the chat template, generation prompt included)
    + model turn 1 (exactly the ids the generator produced, ending in the end-of-turn token)
    + env delta 1 (tool results + the next generation prompt: the *only* part tokenised by us)
    + model turn 2 ...

and the env delta is obtained from the chat template itself: render a dummy conversation ending in an
assistant tool-call turn with and without the new tool messages (``add_generation_prompt=True``) and
keep the suffix after the prefix's last end-of-turn token. For Qwen3 that suffix is
``"\\n<|im_start|>user\\n<tool_response>\\n...\\n</tool_response><|im_end|>\\n<|im_start|>assistant\\n"``.
The same trick (EOS-aligned suffix) is what TRL's own tool loop uses, so both stay consistent with
how vLLM/HF emit the end-of-turn token.
"""
from __future__ import annotations

import json
from typing import Any


class ChatCodec:
    def __init__(self, tokenizer, chat_template: str | None = None, template_kwargs: dict | None = None):
        self.tok = tokenizer
        self.chat_template = chat_template
        self.kw = dict(template_kwargs or {})
        eos = tokenizer.eos_token_id
        if eos is None:
            raise ValueError("the tokenizer has no eos_token_id; set it to the end-of-turn token (Qwen3: <|im_end|>)")
        self.eos_id = eos
        self.pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else eos

    # -- rendering -----------------------------------------------------------------------------------------
    def _ids(self, messages, *, tools=None, add_generation_prompt: bool) -> list[int]:
        out = self.tok.apply_chat_template(
            messages, tools=tools, add_generation_prompt=add_generation_prompt, tokenize=True,
            return_dict=False, chat_template=self.chat_template, **self.kw,
        )
        if isinstance(out, dict) or hasattr(out, "keys"):
            out = out["input_ids"]
        return list(out)

    def prompt_ids(self, messages: list[dict], tools: list[dict] | None) -> list[int]:
        """The episode's prompt, tokenised once, ending with the assistant generation header."""
        return self._ids(_clean(messages), tools=tools, add_generation_prompt=True)

    def env_delta_ids(self, tool_messages: list[dict]) -> list[int]:
        """Token ids of the tool-result segment plus the next assistant header (only new tokens)."""
        if not tool_messages:
            raise ValueError("env_delta_ids needs at least one tool message")
        dummy = [
            {"role": "user", "content": "x"},
            {"role": "assistant", "content": "", "tool_calls": [
                {"type": "function", "function": {"name": tool_messages[0].get("name", "tool"), "arguments": {}}}]},
        ]
        prefix = self._ids(dummy, add_generation_prompt=False)
        full = self._ids(dummy + [_clean_msg(m) for m in tool_messages], add_generation_prompt=True)
        eos_pos = [i for i, t in enumerate(prefix) if t == self.eos_id]
        if eos_pos:
            prefix = prefix[: eos_pos[-1] + 1]
        if full[: len(prefix)] != prefix:
            raise ValueError(
                "the chat template is not prefix-preserving for tool messages; use a template whose tool turns "
                "only append text (e.g. TRL's qwen3_instruct_2507 template)"
            )
        return full[len(prefix):]

    def assistant_turn_ids(self, content: str, tool_calls: list[tuple[str, dict]] | None = None) -> list[int]:
        """Ids a model would emit for one assistant turn (used by scripted turns), end-of-turn included.

        Rendered from the template (assistant message delta, EOS-aligned), so forced turns are exactly
        the tokens the template would produce for the same message.
        """
        msg: dict[str, Any] = {"role": "assistant", "content": content or ""}
        if tool_calls:
            msg["tool_calls"] = [{"type": "function", "function": {"name": n, "arguments": a}} for n, a in tool_calls]
        base = [{"role": "user", "content": "x"}]
        prefix = self._ids(base, add_generation_prompt=True)
        full = self._ids(base + [msg], add_generation_prompt=False)
        if full[: len(prefix)] != prefix:
            raise ValueError("the chat template is not prefix-preserving for assistant turns")
        turn = full[len(prefix):]
        eos_pos = [i for i, t in enumerate(turn) if t == self.eos_id]
        if not eos_pos:
            raise ValueError("the chat template did not close the assistant turn with the eos token")
        return turn[: eos_pos[-1] + 1]

    def decode(self, ids: list[int]) -> str:
        """Text of one generated turn without the end-of-turn/pad tokens."""
        ids = [t for t in ids if t not in (self.eos_id, self.pad_id)]
        return self.tok.decode(ids, skip_special_tokens=False)


def _clean_msg(m: dict) -> dict:
    """Drop dataset bookkeeping keys (e.g. task_id) and Arrow's None-filled struct fields."""
    out = {k: v for k, v in m.items() if k in ("role", "content", "tool_calls", "name", "tool_call_id") and v is not None}
    if "tool_calls" in out:
        calls = []
        for c in out["tool_calls"]:
            fn = c.get("function", c)
            args = fn.get("arguments", {})
            if isinstance(args, str):
                try:
                    args = json.loads(args)
                except json.JSONDecodeError:
                    pass
            calls.append({"type": "function", "function": {"name": fn["name"], "arguments": args}})
        out["tool_calls"] = calls
    return out


def _clean(messages: list[dict]) -> list[dict]:
    return [_clean_msg(m) for m in messages]
