#!/usr/bin/env python
"""GPU smoke benchmark: a few GRPO steps of the multi-turn tool rollout with a small config-built Qwen3.

Needs only torch + transformers + trl + datasets (no vLLM, no database, no hub access): the model and
tokenizer are built from config on the spot (medcalc_rl.tiny), generation is HF ``model.generate``
(medcalc_rl.backends.HFBackend), and the episodes run a small built-in arithmetic tool environment
(``SmokeEnv`` below) so the machine needs nothing from the rest of the workspace. Reference turns are
forced on alternate episodes (as in the CPU tests) so tool calls, env-masked tool results and rewards
with non-zero group variance all occur.

Prints, per step and averaged over the steps after the first (warm-up): step time, generation
throughput (model tokens generated per second of generation), training throughput (prompt+completion
tokens per second of step time), GPU memory.

    python rl/scripts/gpu_smoke.py --steps 5 --hidden 1024 --layers 12 --generations 8 --batch 16
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # rl/ (medcalc_rl) without installing it

import torch  # noqa: E402
from transformers import TrainerCallback  # noqa: E402

from medcalc_rl.backends import HFBackend  # noqa: E402
from medcalc_rl.rewards import build_reward_funcs  # noqa: E402
from medcalc_rl.rollout import MedcalcRollout, RolloutConfig  # noqa: E402
from medcalc_rl.tiny import build_tiny_model, build_tiny_tokenizer  # noqa: E402

SYSTEM = "You are a careful assistant. Use the tools for arithmetic, then answer with the final number."
TOOLS = [
    {"type": "function", "function": {"name": "multiply", "description": "Multiply two numbers.",
                                      "parameters": {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
                                                     "required": ["a", "b"]}}},
    {"type": "function", "function": {"name": "add", "description": "Add two numbers.",
                                      "parameters": {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
                                                     "required": ["a", "b"]}}},
]


class SmokeEnv:
    """(a*b)+c with two tools; QP = exact final number, TF = a number was given, CS/EA = tool use."""

    name = "smoke"

    def load_tasks(self, split, n=None, seed=0):
        import random

        r = random.Random(seed)
        return [{"id": f"t{i}", "a": r.randint(2, 99), "b": r.randint(2, 99), "c": r.randint(2, 999)} for i in range(n or 8)]

    def task_id(self, t):
        return t["id"]

    def initial_messages(self, t):
        return [{"role": "system", "content": SYSTEM},
                {"role": "user", "content": f"Compute ({t['a']} times {t['b']}) plus {t['c']}."}]

    def tool_schemas(self):
        return TOOLS

    def new_state(self, t):
        return {}

    def call_tool(self, state, name, args):
        try:
            a, b = float(args["a"]), float(args["b"])
        except Exception as e:  # noqa: BLE001
            return f"error: {name} needs numeric a and b ({e})"
        if name == "multiply":
            return f"{a * b:g}"
        if name == "add":
            return f"{a + b:g}"
        return f"error: unknown tool {name}"

    def reference_turn(self, t, state, messages):
        n_calls = sum(1 for m in messages if m["role"] == "assistant")
        if n_calls == 0:
            return "", [("multiply", {"a": t["a"], "b": t["b"]})]
        if n_calls == 1:
            return "", [("add", {"a": t["a"] * t["b"], "b": t["c"]})]
        return f"The answer is {t['a'] * t['b'] + t['c']}.", []

    def score(self, t, state, messages, final_text, stop_reason):
        import re

        nums = re.findall(r"-?\d+(?:\.\d+)?", final_text or "")
        used = {c["function"]["name"] for m in messages for c in (m.get("tool_calls") or [])}
        return {"TF": float(bool(nums)), "QP": float(bool(nums) and float(nums[-1]) == t["a"] * t["b"] + t["c"]),
                "CS": len(used & {"multiply", "add"}) / 2, "EA": None}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--hidden", type=int, default=512)
    ap.add_argument("--layers", type=int, default=8)
    ap.add_argument("--heads", type=int, default=8)
    ap.add_argument("--kv-heads", type=int, default=4)
    ap.add_argument("--vocab", type=int, default=4096)
    ap.add_argument("--generations", type=int, default=8)
    ap.add_argument("--batch", type=int, default=16, help="episodes per step (multiple of --generations)")
    ap.add_argument("--max-tokens-per-turn", type=int, default=128)
    ap.add_argument("--max-completion", type=int, default=1024)
    ap.add_argument("--dtype", default="bfloat16")
    ap.add_argument("--out", default=None, help="write the summary JSON here")
    a = ap.parse_args()

    os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")
    from datasets import Dataset
    from trl import GRPOConfig, GRPOTrainer

    cuda = torch.cuda.is_available()
    dtype = getattr(torch, a.dtype) if cuda else torch.float32
    env = SmokeEnv()
    tok = build_tiny_tokenizer([SYSTEM] + [json.dumps(t) for t in TOOLS], vocab_size=a.vocab)
    model = build_tiny_model(tok, hidden_size=a.hidden, num_layers=a.layers, num_heads=a.heads,
                             num_kv_heads=a.kv_heads, intermediate_size=a.hidden * 3, dtype=dtype)
    n_params = sum(p.numel() for p in model.parameters())

    tasks = env.load_tasks("train", max(8, a.batch // a.generations * (a.steps + 1)))
    by_id = {t["id"]: t for t in tasks}
    rows = []
    for t in tasks:
        msgs = env.initial_messages(t)
        msgs[0] = {**msgs[0], "task_id": t["id"]}
        rows.append({"prompt": msgs})
    ds = Dataset.from_list(rows)

    gen_stats = {"tokens": 0, "seconds": 0.0}

    class TimedHF(HFBackend):
        def generate(self, prompts, max_new_tokens):
            if cuda:
                torch.cuda.synchronize()
            t0 = time.perf_counter()
            out = super().generate(prompts, max_new_tokens)
            if cuda:
                torch.cuda.synchronize()
            gen_stats["seconds"] += time.perf_counter() - t0
            gen_stats["tokens"] += sum(len(g.ids) for g in out)
            return out

    def script(ep, turn):  # even slots: reference solver; odd slots: first turn scripted, then the model
        if ep.slot % 2 == 0 or turn == 0:
            c, calls = ep.env.reference_turn(ep.task, ep.state, ep.messages)
            return ep.codec.assistant_turn_ids(c, calls)
        return None

    funcs, weights = build_reward_funcs({"EA": 0.0})
    tmp = tempfile.mkdtemp(prefix="gpu_smoke_")
    args = GRPOConfig(output_dir=tmp, max_steps=a.steps, per_device_train_batch_size=a.batch,
                      num_generations=a.generations, max_completion_length=a.max_completion,
                      learning_rate=1e-5, beta=0.0, logging_steps=1, save_strategy="no", report_to="none",
                      bf16=cuda and a.dtype == "bfloat16", use_cpu=not cuda, reward_weights=weights, seed=0)
    rollout = MedcalcRollout(lambda p: (env, by_id[p[0]["task_id"]]),
                             RolloutConfig(max_turns=6, max_tokens_per_turn=a.max_tokens_per_turn),
                             script=script, tool_names=[t["function"]["name"] for t in TOOLS])
    trainer = GRPOTrainer(model=model, reward_funcs=funcs, args=args, train_dataset=ds, processing_class=tok,
                          rollout_func=rollout)
    rollout._backend = TimedHF.from_trainer(trainer)  # same settings as the default HF backend, timed

    steps = []

    class Timer(TrainerCallback):
        def on_step_begin(self, args, state, control, **kw):
            if cuda:
                torch.cuda.synchronize()
            self.t0 = time.perf_counter()
            self.g0 = dict(gen_stats)
            self.tok0 = trainer.state.num_input_tokens_seen

        def on_step_end(self, args, state, control, **kw):
            if cuda:
                torch.cuda.synchronize()
            dt = time.perf_counter() - self.t0
            gt = gen_stats["seconds"] - self.g0["seconds"]
            gn = gen_stats["tokens"] - self.g0["tokens"]
            toks = trainer.state.num_input_tokens_seen - self.tok0
            rec = {"step": state.global_step, "step_s": round(dt, 3), "gen_s": round(gt, 3), "gen_tokens": gn,
                   "gen_tok_per_s": round(gn / gt, 1) if gt else None,
                   "train_tok_per_s": round(toks / dt, 1) if dt else None,
                   "max_mem_gb": round(torch.cuda.max_memory_allocated() / 2**30, 2) if cuda else None}
            steps.append(rec)
            print(json.dumps(rec), flush=True)

    trainer.add_callback(Timer())
    trainer.train()
    warm = steps[1:] or steps
    avg = lambda k: round(sum(s[k] for s in warm if s[k] is not None) / max(1, len(warm)), 2)  # noqa: E731
    summary = {
        "device": torch.cuda.get_device_name(0) if cuda else "cpu", "torch": torch.__version__,
        "params_M": round(n_params / 1e6, 1), "dtype": str(dtype), "episodes_per_step": a.batch,
        "steps": len(steps), "mean_step_s": avg("step_s"), "mean_gen_tok_per_s": avg("gen_tok_per_s"),
        "mean_train_tok_per_s": avg("train_tok_per_s"), "per_step": steps,
        "last_metrics": {k: v for k, v in (trainer.state.log_history[-2] if len(trainer.state.log_history) > 1 else {}).items()
                         if k.startswith(("rewards/", "tools/", "env/", "loss", "reward"))},
    }
    print("SUMMARY " + json.dumps(summary))
    if a.out:
        Path(a.out).write_text(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
