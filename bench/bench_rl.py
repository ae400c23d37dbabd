#!/usr/bin/env python
"""GRPO rollout benchmark: what the environment costs per model turn, and GRPO step throughput.

Two measurements with the trainer's own code paths (``medcalc_rl``: ``EpisodeRunner``, ``MedcalcRollout``,
``build_trainer``, TRL's ``GRPOTrainer``):

1. **Environment cost** (no model): the reference solver's trajectories are played through the
   rollout loop with every turn forced, so each turn pays exactly what a model turn pays on the
   environment side: decoding and parsing the assistant text, the tool calls (in-process cores),
   the chat-template token delta of the tool results, and, per episode, prompt templating and
   rubric scoring. Reported per call with p50/p95.
2. **GRPO steps**: a Qwen3 built from a config (random weights, tokenizer trained on the fly, no hub)
   trains for ``--steps`` steps with HF ``model.generate``; reference turns are forced on alternate
   batch slots (a random model emits no valid tool calls) so tool calls, env-masked tool tokens and
   rewards with group variance all occur. Per step: wall time, generation time and tokens/s, time
   spent in the environment (part 1's work), training tokens/s, peak GPU memory.

Environments: ``--env medmcp_calc`` (default; the real environment on the embedded PostgreSQL: a
small EHR holding ``--tasks`` generated scenario tasks plus ``--distractors`` patients) or
``--env smoke`` (a two-tool arithmetic environment built in here, needing only torch, transformers,
trl and datasets: the GPU machine, whose image has no PostgreSQL).

    .venv/bin/python bench/bench_rl.py                        # CPU, real environment -> bench/RESULTS.md
    python3 bench/bench_rl.py --env smoke --hidden 1024 --layers 12 --generations 8 --batch 16 \
        --max-tokens-per-turn 128 --max-completion 1024 --results $OUT/rl.md --json $OUT/rl.json  # GPU

Appends a section to ``bench/RESULTS.md`` (or ``--results FILE``: machine, device, library versions,
date, git rev) unless ``--no-write``; ``--json PATH`` also writes every number as JSON.
"""
from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import functools
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent / "rl"))  # medcalc_rl without installing it (the GPU machine)
os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")

from _common import append_results, git_rev, machine, pct  # noqa: E402

# ------------------------------------------------------------------------------ the smoke environment
SMOKE_SYSTEM = "You are a careful assistant. Use the tools for arithmetic, then answer with the final number."
SMOKE_TOOLS = [
    {"type": "function", "function": {
        "name": name, "description": desc,
        "parameters": {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
                       "required": ["a", "b"]}}}
    for name, desc in (("multiply", "Multiply two numbers."), ("add", "Add two numbers."))
]


class SmokeEnv:
    """(a*b)+c with two tools. QP: exact final number; TF: a number was given; CS: share of tools used."""

    name = "smoke"

    def load_tasks(self, split, n=None, seed=0):
        r = random.Random(seed)
        return [{"id": f"t{i}", "a": r.randint(2, 99), "b": r.randint(2, 99), "c": r.randint(2, 999)}
                for i in range(n or 8)]

    def task_id(self, t):
        return t["id"]

    def initial_messages(self, t):
        return [{"role": "system", "content": SMOKE_SYSTEM},
                {"role": "user", "content": f"Compute ({t['a']} times {t['b']}) plus {t['c']}."}]

    def tool_schemas(self):
        return SMOKE_TOOLS

    def new_state(self, t):
        return {}

    def call_tool(self, state, name, args):
        try:
            a, b = float(args["a"]), float(args["b"])
        except (KeyError, TypeError, ValueError) as e:
            return f"error: {name} needs numeric a and b ({e})"
        if name == "multiply":
            return f"{a * b:g}"
        if name == "add":
            return f"{a + b:g}"
        return f"error: unknown tool {name}; use multiply or add"

    def reference_turn(self, t, state, messages):
        done = sum(1 for m in messages if m["role"] == "assistant")
        if done == 0:
            return "", [("multiply", {"a": t["a"], "b": t["b"]})]
        if done == 1:
            return "", [("add", {"a": t["a"] * t["b"], "b": t["c"]})]
        return f"The answer is {t['a'] * t['b'] + t['c']}.", []

    def score(self, t, state, messages, final_text, stop_reason):
        nums = re.findall(r"-?\d+(?:\.\d+)?", final_text or "")
        used = {c["function"]["name"] for m in messages for c in (m.get("tool_calls") or [])}
        return {"TF": float(bool(nums)), "QP": float(bool(nums) and float(nums[-1]) == t["a"] * t["b"] + t["c"]),
                "CS": len(used & {"multiply", "add"}) / 2, "EA": None}


# ------------------------------------------------------------------------------ timing
class Clock:
    """Wall-time samples by key; ``wrap`` times a callable, ``total`` sums keys (for per-step deltas)."""

    def __init__(self):
        self.samples: dict[str, list[float]] = defaultdict(list)

    def wrap(self, key, fn):
        @functools.wraps(fn)
        def timed(*a, **kw):
            t0 = time.perf_counter()
            try:
                return fn(*a, **kw)
            finally:
                self.samples[key if isinstance(key, str) else key(*a, **kw)].append(time.perf_counter() - t0)
        return timed

    def total(self, prefixes=("start", "turn", "score")) -> float:
        return sum(sum(v) for k, v in self.samples.items() if k in prefixes)


CLOCK = Clock()


class TimedEnv:
    """Proxy of an environment adapter that times each tool call by tool name."""

    def __init__(self, env):
        self._env = env
        self.call_tool = CLOCK.wrap(lambda state, name, args: f"tool:{name}", env.call_tool)

    def __getattr__(self, item):
        return getattr(self._env, item)


def instrument() -> None:
    """Time the rollout loop's environment-side work (class level; this process only)."""
    from medcalc_rl.chat import ChatCodec
    from medcalc_rl.rollout import EpisodeRunner

    EpisodeRunner.start = CLOCK.wrap("start", EpisodeRunner.start)      # prompt templating, per episode
    EpisodeRunner._absorb = CLOCK.wrap("turn", EpisodeRunner._absorb)   # decode + parse + tools + delta
    EpisodeRunner._score = CLOCK.wrap("score", EpisodeRunner._score)    # rubric, per episode
    ChatCodec.env_delta_ids = CLOCK.wrap("delta", ChatCodec.env_delta_ids)


# ------------------------------------------------------------------------------ environments
def medmcp_env(n_tasks: int, distractors: int, tools: list[str]):
    """The real adapter on a small EHR (embedded PostgreSQL) holding ``n_tasks`` generated scenario tasks."""
    from medmcp_calc.db.builder import build_database
    from medmcp_calc.db.core import EHRDatabase
    from medmcp_calc.db.embedded import ensure_server
    from medmcp_calc.scenarios.build import build_ehr
    from medmcp_calc.scenarios.generate import generate
    from medmcp_calc.scenarios.registry import loadable

    from medcalc_rl.env_medmcp import MedMCPCalcEnv

    scen = sorted(loadable(), key=lambda s: s.id)
    step = max(1, len(scen) // max(1, n_tasks))
    tasks = [generate(s, 0, "test").task for s in scen[::step][:n_tasks]]
    t0 = time.perf_counter()
    info = build_database(ensure_server(), build_ehr(distractors=distractors, include_test=False, tasks=tasks),
                          dbname="medmcp_bench_rl")
    build_s = time.perf_counter() - t0
    env = MedMCPCalcEnv(database=EHRDatabase(info.agent_url), tools=tuple(tools))
    desc = (f"medmcp_calc on the embedded PostgreSQL: {len(tasks)} generated scenario tasks + {distractors} "
            f"distractor patients (database `medmcp_bench_rl`, built or reused in {build_s:.1f} s); "
            f"tools {', '.join(tools)}")
    return env, tasks, desc


def smoke_env(n_tasks: int):
    env = SmokeEnv()
    return env, env.load_tasks("train", n_tasks), "smoke: two-tool arithmetic environment (bench_rl.SmokeEnv)"


# ------------------------------------------------------------------------------ 1. environment cost
class _NoModel:
    """Part 1 forces every turn: reaching the model is a bug in the reference solver, said loudly."""

    def generate(self, prompts, max_new_tokens):
        raise RuntimeError("the reference solver gave no action for a turn (part 1 runs without a model)")


def bench_env_cost(env, tasks, tokenizer, max_tool_chars: int) -> dict:
    from medcalc_rl.backends import ScriptedBackend
    from medcalc_rl.chat import ChatCodec
    from medcalc_rl.envs import reference_script
    from medcalc_rl.rollout import EpisodeRunner, RolloutConfig

    CLOCK.samples.clear()
    runner = EpisodeRunner(ChatCodec(tokenizer), RolloutConfig(max_turns=80, max_tokens_per_turn=10**6,
                                                              max_tool_output_chars=max_tool_chars))
    t0 = time.perf_counter()
    eps = [runner.start(env, t) for t in tasks]
    runner.run(eps, ScriptedBackend(_NoModel(), reference_script()), budget=10**7)
    wall = time.perf_counter() - t0
    samples = {k: list(v) for k, v in CLOCK.samples.items()}
    means = {m: statistics.fmean(float(e.scores[m]) for e in eps if e.scores.get(m) is not None)
             for m in ("TF", "CS", "EA", "QP") if any(e.scores.get(m) is not None for e in eps)}
    return {"episodes": len(eps), "turns": sum(e.turns for e in eps),
            "tool_calls": sum(sum(e.tool_counts.values()) for e in eps),
            "env_tokens": sum(e.env_mask.count(0) for e in eps), "wall_s": wall, "scores": means,
            "stop_reasons": sorted({e.stop_reason for e in eps}), "samples": samples}


# ------------------------------------------------------------------------------ 2. GRPO steps
def bench_grpo(env, tasks, tok, model, a, cuda: bool) -> dict:
    import torch
    from transformers import TrainerCallback

    from medcalc_rl.backends import HFBackend
    from medcalc_rl.config import load_config
    from medcalc_rl.envs import TaskIndex
    from medcalc_rl.train_grpo import build_trainer

    gen = {"tokens": 0, "seconds": 0.0}

    def sync():
        if cuda:
            torch.cuda.synchronize()

    class TimedHF(HFBackend):
        def generate(self, prompts, max_new_tokens):
            sync()
            t0 = time.perf_counter()
            out = super().generate(prompts, max_new_tokens)
            sync()
            gen["seconds"] += time.perf_counter() - t0
            gen["tokens"] += sum(len(g.ids) for g in out)
            return out

    out_dir = tempfile.mkdtemp(prefix="bench_rl_")
    cfg = load_config(None, {
        "env": {"name": env.name, "eval_every": 0},
        "rollout": {"max_turns": a.max_turns, "max_tokens_per_turn": a.max_tokens_per_turn,
                    "max_tool_output_chars": a.max_tool_chars},
        "rewards": {"weights": {"EA": 0.0}} if a.env == "smoke" else {},
        "script": {"reference_turns": "alternate"},
        "grpo": {"output_dir": out_dir, "max_steps": a.steps, "per_device_train_batch_size": a.batch,
                 "num_generations": a.generations, "max_completion_length": a.max_completion,
                 "learning_rate": 1e-5, "beta": 0.0, "logging_steps": 1, "save_strategy": "no",
                 "report_to": "none", "disable_tqdm": True, "seed": 0, "use_cpu": not cuda, "bf16": cuda and a.dtype == "bfloat16"},
    })
    index = TaskIndex()
    n_prompts = max(1, a.batch // a.generations) * a.steps
    rows = index.add(env, [tasks[i % len(tasks)] for i in range(max(n_prompts, len(tasks)))][:max(n_prompts, 1)],
                     "train")
    trainer = build_trainer(cfg, model=model, tokenizer=tok, index=index, train_dataset=index.dataset(rows),
                            eval_tasks={})
    trainer.medcalc_rollout._backend = TimedHF.from_trainer(trainer)  # the default HF backend, timed

    steps: list[dict] = []

    class StepTimer(TrainerCallback):
        def on_step_begin(self, args, state, control, **kw):
            sync()
            self.t0, self.g0, self.e0 = time.perf_counter(), dict(gen), CLOCK.total()
            self.n0 = trainer.state.num_input_tokens_seen

        def on_step_end(self, args, state, control, **kw):
            sync()
            dt_ = time.perf_counter() - self.t0
            gs, gn = gen["seconds"] - self.g0["seconds"], gen["tokens"] - self.g0["tokens"]
            es = CLOCK.total() - self.e0
            toks = trainer.state.num_input_tokens_seen - self.n0
            eps = trainer.medcalc_rollout.last_episodes
            n = max(1, len(eps))
            rec = {"step": state.global_step,
                   "prompt_tokens": sum(len(e.prompt_ids) for e in eps) / n,
                   "completion_tokens": sum(len(e.completion_ids) for e in eps) / n,
                   "env_tokens": sum(e.env_mask.count(0) for e in eps) / n,
                   "step_s": dt_, "gen_s": gs, "gen_tokens": gn, "gen_tok_per_s": gn / gs if gs else None, "env_s": es, "env_share": es / dt_ if dt_ else None,
                   "train_tokens": toks, "train_tok_per_s": toks / dt_ if dt_ else None,
                   "max_mem_gib": torch.cuda.max_memory_allocated() / 2**30 if cuda else None}
            steps.append(rec)
            print(json.dumps({k: round(v, 4) if isinstance(v, float) else v for k, v in rec.items()}),
                  file=sys.stderr, flush=True)

    trainer.add_callback(StepTimer())
    with contextlib.redirect_stdout(sys.stderr):  # the trainer's log dicts: stdout carries only the report
        trainer.train()
    logs = [r for r in trainer.state.log_history if "loss" in r]
    last = {k: v for k, v in (logs[-1] if logs else {}).items()
            if k.startswith(("rewards/", "tools/", "env/", "loss", "reward"))}
    return {"steps": steps, "last_metrics": last}


# ------------------------------------------------------------------------------ report
def _ms(x: float) -> str:
    return f"{x * 1000:.2f} ms"


def _fmt(v, spec=".2f"):
    return "–" if v is None else format(v, spec)


def write_section(res: dict) -> str:
    e, g = res["env_cost"], res["grpo"]
    model = (f"Model: Qwen3 built from a config ({res['params_m']:.1f} M parameters, {res['model_cfg']}, "
             f"{res['dtype']}), tokenizer trained on the fly (vocabulary {res['vocab']}), HF `model.generate`."
             if g else f"No model (--env-only); tokenizer trained on the fly (vocabulary {res['vocab']}).")
    L = [f"## bench_rl.py — {res['date']}, git {res['git']}", "",
         f"Machine: {res['machine']}; device: {res['device']}; torch {res['versions']['torch']}, "
         f"transformers {res['versions']['transformers']}, trl {res['versions']['trl']}.", "",
         f"Environment: {res['env_desc']}. {model} Command: `{res['command']}`.", "",
         "### Environment cost per call (reference trajectories, every turn forced, no model)", "",
         f"{e['episodes']} episodes, {e['turns']} turns, {e['tool_calls']} tool calls, {e['env_tokens']} env-masked "
         f"tokens, {e['wall_s']:.2f} s in all; stop reasons {', '.join(e['stop_reasons'])}; reference scores "
         + ", ".join(f"{k} {v:.3f}" for k, v in e["scores"].items()) + ".", "",
         "| part | calls | p50 | p95 | mean |", "|---|---|---|---|---|"]
    labels = {"start": "prompt templating, per episode", "turn": "whole turn: decode + parse + tools + token delta",
              "delta": "token delta of the tool results (chat-template suffix)", "score": "rubric scoring, per episode"}
    s = e["samples"]
    order = ["start", "turn", "delta", *sorted(k for k in s if k.startswith("tool:")), "score"]
    for k in order:
        if s.get(k):
            xs = s[k]
            name = labels.get(k) or f"tool `{k[5:]}`"
            L.append(f"| {name} | {len(xs)} | {_ms(statistics.median(xs))} | {_ms(pct(xs, 0.95))} | "
                     f"{_ms(statistics.fmean(xs))} |")
    per_turn = statistics.fmean(s["turn"]) if s.get("turn") else float("nan")
    L += ["", f"Environment work per model turn: **{per_turn * 1000:.1f} ms** mean (tools included).", ""]
    if not g:
        return "\n".join(L)
    L += [f"### GRPO steps ({res['episodes_per_step']} episodes per step, {res['generations']} generations per "
          f"prompt, reference turns forced on alternate slots)", "",
          "| step | mean prompt / episode tokens (env) | step s | generation s | gen tokens | gen tok/s | "
          "environment s | env share | train tok/s | peak GPU GiB |",
          "|---|---|---|---|---|---|---|---|---|---|"]
    for r in g["steps"]:
        L.append(f"| {r['step']} | {r['prompt_tokens']:.0f} / {r['completion_tokens']:.0f} ({r['env_tokens']:.0f}) | "
                 f"{r['step_s']:.2f} | {r['gen_s']:.2f} | {r['gen_tokens']} | {_fmt(r['gen_tok_per_s'], '.0f')} | "
                 f"{r['env_s']:.2f} | {_fmt(r['env_share'] and r['env_share'] * 100, '.1f')} % | "
                 f"{_fmt(r['train_tok_per_s'], '.0f')} | {_fmt(r['max_mem_gib'])} |")
    m = res["summary"]
    L += ["", f"Mean over steps after the first (warm-up): step **{m['step_s']:.2f} s**, generation "
              f"**{_fmt(m['gen_tok_per_s'], '.0f')} tok/s**, training **{_fmt(m['train_tok_per_s'], '.0f')} tok/s**, "
              f"environment {_fmt(m['env_share'] and m['env_share'] * 100, '.1f')} % of the step. Last step's rubric "
              "metrics: " + ", ".join(f"{k[4:]} {v:.3f}" for k, v in g["last_metrics"].items()
                                      if k.startswith("env/") and k[4:] in ("TF", "CS", "EA", "QP")) + ".", ""]
    return "\n".join(L)


def summary(steps: list[dict]) -> dict:
    warm = steps[1:] or steps

    def mean(k):
        xs = [r[k] for r in warm if r[k] is not None]
        return statistics.fmean(xs) if xs else None

    return {k: mean(k) for k in ("step_s", "gen_s", "gen_tok_per_s", "env_s", "env_share", "train_tok_per_s")}


# ------------------------------------------------------------------------------ main
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--env", choices=["medmcp_calc", "smoke"], default="medmcp_calc")
    ap.add_argument("--tasks", type=int, default=8, help="tasks (medmcp_calc: scenarios, one task each)")
    ap.add_argument("--distractors", type=int, default=200, help="medmcp_calc: distractor patients in the EHR")
    ap.add_argument("--tools", default="sql,search,python,calculator", help="medmcp_calc: offered tool groups")
    ap.add_argument("--steps", type=int, default=3, help="GRPO steps (the first is reported as warm-up)")
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--kv-heads", type=int, default=2)
    ap.add_argument("--vocab", type=int, default=2048)
    ap.add_argument("--generations", type=int, default=2, help="GRPO group size")
    ap.add_argument("--batch", type=int, default=4, help="episodes per step (a multiple of --generations)")
    ap.add_argument("--max-turns", type=int, default=40)
    ap.add_argument("--max-tokens-per-turn", type=int, default=32)
    ap.add_argument("--max-completion", type=int, default=8192, help="episode token budget (model + env)")
    ap.add_argument("--max-tool-chars", type=int, default=1500)
    ap.add_argument("--dtype", default="bfloat16", help="on CUDA; CPU runs use float32")
    ap.add_argument("--env-only", action="store_true", help="part 1 only (no model, no training)")
    ap.add_argument("--json", default=None, help="also write every number here")
    ap.add_argument("--results", default=str(HERE / "RESULTS.md"),
                    help="append the section to this Markdown file (on a GPU machine: a file under $OUT)")
    ap.add_argument("--no-write", action="store_true", help="print the section, do not append it anywhere")
    a = ap.parse_args(argv)
    if a.batch % a.generations:
        ap.error(f"--batch ({a.batch}) must be a multiple of --generations ({a.generations})")
    if a.steps < 1 or a.tasks < 1:
        ap.error("--steps and --tasks must be at least 1")
    for flag, target in (("--results", None if a.no_write else a.results), ("--json", a.json)):
        if target and not Path(target).resolve().parent.is_dir():  # refuse now, not after the run
            ap.error(f"{flag}: the folder of {target!r} does not exist; create it or choose another path")
    tools = [t.strip() for t in a.tools.split(",") if t.strip()]
    known = ("sql", "search", "python", "calculator")  # medcalc_rl.env_medmcp.TOOL_GROUPS
    if a.env == "medmcp_calc" and (not tools or set(tools) - set(known)):
        ap.error(f"--tools takes a comma-separated subset of {', '.join(known)}; got {a.tools!r}")

    import torch

    from medcalc_rl.sft import reference_episode
    from medcalc_rl.tiny import build_tiny_model, build_tiny_tokenizer

    instrument()
    cuda = torch.cuda.is_available()
    dtype = getattr(torch, a.dtype) if cuda else torch.float32
    if a.env == "smoke":
        env, tasks, desc = smoke_env(a.tasks)
    else:
        env, tasks, desc = medmcp_env(a.tasks, a.distractors, tools)
    env = TimedEnv(env)

    # the tokenizer learns the domain from one reference trajectory (as in tests/rl)
    ref = reference_episode(env, tasks[0], max_tool_output_chars=a.max_tool_chars)
    texts = [str(m.get("content") or "") for m in ref["messages"]] + [json.dumps(t) for t in env.tool_schemas()]
    tok = build_tiny_tokenizer(texts, vocab_size=a.vocab)
    env_cost = bench_env_cost(env, tasks, tok, a.max_tool_chars)
    if a.env_only:
        return _report(_result(a, argv, desc, None, tok, dtype, env_cost, None), a)
    model = build_tiny_model(tok, hidden_size=a.hidden, num_layers=a.layers, num_heads=a.heads,
                             num_kv_heads=a.kv_heads, intermediate_size=a.hidden * 3,
                             max_position_embeddings=max(8192, a.max_completion + 8192), dtype=dtype)
    if cuda:
        model = model.to("cuda")
    grpo = bench_grpo(env, tasks, tok, model, a, cuda)
    return _report(_result(a, argv, desc, model, tok, dtype, env_cost, grpo), a)


def _result(a, argv, desc, model, tok, dtype, env_cost, grpo) -> dict:
    import torch
    import transformers
    import trl

    cuda = torch.cuda.is_available()
    return {
        "date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), "git": git_rev(),
        "machine": machine(), "device": torch.cuda.get_device_name(0) if cuda else "CPU only",
        "versions": {"torch": torch.__version__, "transformers": transformers.__version__, "trl": trl.__version__},
        "env_desc": desc, "params_m": sum(p.numel() for p in model.parameters()) / 1e6 if model is not None else None,
        "model_cfg": f"{a.layers} layers, hidden {a.hidden}, {a.heads} heads / {a.kv_heads} KV heads",
        "dtype": str(dtype).replace("torch.", ""), "vocab": len(tok),
        "command": " ".join(["bench/bench_rl.py", *(argv if argv is not None else sys.argv[1:])]),
        "episodes_per_step": a.batch, "generations": a.generations,
        "env_cost": env_cost, "grpo": grpo, "summary": summary(grpo["steps"]) if grpo else None,
    }


def _report(res: dict, a) -> int:
    text = write_section(res)
    print(text)
    if a.json:
        Path(a.json).write_text(json.dumps(res, indent=2, default=str), encoding="utf-8")
    if not a.no_write:
        append_results(text, a.results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
