"""SFT warm start: export the reference solver's trajectories as chat SFT data and train with TRL's SFTTrainer.

Export format (JSONL, one episode per line)::

    {"messages": [{"role": "system", ...}, {"role": "user", ...},
                  {"role": "assistant", "content": "", "tool_calls": [{"type": "function",
                       "function": {"name": "run_query", "arguments": "{\\"sql\\": ...}"}}]},
                  {"role": "tool", "name": "run_query", "content": "..."}, ...,
                  {"role": "assistant", "content": "```json {...final answer...} ```"}],
     "tools": "[...JSON schemas...]", "env": "medmcp_calc", "task_id": "...", "split": "train",
     "scores": {"TF": 1.0, "CS": 1.0, "EA": 1.0, "QP": 1.0, ...}}

Tool-call ``arguments`` and ``tools`` are JSON *strings* so every row has the same Arrow schema (the chat
template prints string arguments verbatim, which is byte-identical to rendering the dict). The tool
results are produced by the real tools (same in-process cores as the RL rollout, same truncation), so
the SFT model sees exactly the observations it will see in GRPO. Only episodes the rubric scores as fully
solved are kept by default.

Training: ``SFTTrainer`` with ``assistant_only_loss=True`` (TRL swaps in the Qwen3 training template with
``{% generation %}`` markers), so the loss covers assistant turns (tool calls and the final answer) only.
The output directory is a normal HF checkpoint: point ``model.name_or_path`` of a GRPO config at it.
"""
from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any, Iterable

from .config import trl_args
from .rollout import METRICS, _truncate
from .toolcalls import render_tool_call_text

log = logging.getLogger(__name__)


def reference_episode(env, task, *, max_turns: int = 80, max_tool_output_chars: int = 4000) -> dict:
    """Play the environment's reference solver through the real tools; return one SFT record."""
    state = env.new_state(task)
    messages: list[dict[str, Any]] = [dict(m) for m in env.initial_messages(task)]
    final_text, stop = None, "max_turns"
    counts: dict[str, int] = {}
    for _ in range(max_turns):
        content, calls = env.reference_turn(task, state, messages)
        if not calls:
            messages.append({"role": "assistant", "content": content})
            final_text, stop = content, "answer"
            break
        messages.append({"role": "assistant", "content": content or "",
                         "tool_calls": [{"type": "function", "function": {"name": n, "arguments": a}} for n, a in calls]})
        for name, args in calls:
            counts[name] = counts.get(name, 0) + 1
            out = env.call_tool(state, name, args)
            messages.append({"role": "tool", "name": name, "content": _truncate(str(out), max_tool_output_chars)})
    scores = dict(env.score(task, state, messages, final_text, stop))
    close = getattr(env, "close_state", None)
    if close:
        close(state)
    return {"messages": messages, "tools": env.tool_schemas(), "env": env.name, "task_id": str(env.task_id(task)),
            "scores": scores, "stop_reason": stop, "tool_counts": counts}


def to_jsonl_row(rec: dict, split: str = "") -> dict:
    msgs = []
    for m in rec["messages"]:
        m = {k: v for k, v in m.items() if k in ("role", "content", "tool_calls", "name")}
        m["content"] = "" if m.get("content") is None else str(m["content"])
        if m.get("tool_calls"):
            m["tool_calls"] = [{"type": "function", "function": {
                "name": c["function"]["name"],
                "arguments": c["function"]["arguments"] if isinstance(c["function"]["arguments"], str)
                else json.dumps(c["function"]["arguments"], ensure_ascii=False)}} for c in m["tool_calls"]]
        msgs.append(m)
    return {"messages": msgs, "tools": json.dumps(rec["tools"], ensure_ascii=False), "env": rec["env"],
            "task_id": rec["task_id"], "split": split, "scores": rec["scores"], "stop_reason": rec["stop_reason"]}


def export_reference(env, split: str, n: int | None, out_path: str | Path, *, seed: int = 0,
                     only_solved: bool = True, max_turns: int = 80, max_tool_output_chars: int = 4000) -> dict:
    """Write reference trajectories of ``n`` tasks of ``split`` to ``out_path``; return a summary."""
    tasks = env.load_tasks(split, n, seed)
    Path(out_path).parent.mkdir(parents=True, exist_ok=True)
    kept = dropped = 0
    sums = {m: 0.0 for m in METRICS}
    with open(out_path, "w", encoding="utf-8") as f:
        for t in tasks:
            rec = reference_episode(env, t, max_turns=max_turns, max_tool_output_chars=max_tool_output_chars)
            sc = rec["scores"]
            solved = all(float(sc.get(m) or 0.0) >= 1.0 for m in ("CS", "QP")) and rec["stop_reason"] == "answer"
            for m in METRICS:
                sums[m] += float(sc.get(m) or 0.0)
            if only_solved and not solved:
                dropped += 1
                log.warning("reference solver did not fully solve %s (%s); dropped", rec["task_id"], sc)
                continue
            f.write(json.dumps(to_jsonl_row(rec, split), ensure_ascii=False) + "\n")
            kept += 1
    n_all = max(1, len(tasks))
    return {"path": str(out_path), "tasks": len(tasks), "kept": kept, "dropped": dropped,
            **{f"mean_{m}": sums[m] / n_all for m in METRICS}}


def load_sft_dataset(paths: str | Iterable[str]):
    from datasets import Dataset

    if isinstance(paths, (str, Path)):
        paths = [paths]
    rows = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    rows.append({"messages": r["messages"], "tools": r["tools"]})
    if not rows:
        raise ValueError(f"no SFT rows in {list(paths)}; run `medcalc-rl export-sft` first")
    return Dataset.from_list(rows)


def sft_texts(paths) -> list[str]:
    """Raw text of the exported trajectories (to train a tiny tokenizer for tests)."""
    out = []
    for p in [paths] if isinstance(paths, (str, Path)) else paths:
        with open(p, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                r = json.loads(line)
                for m in r["messages"]:
                    out.append(m.get("content") or "")
                    for c in m.get("tool_calls") or []:
                        out.append(render_tool_call_text(c["function"]["name"], json.loads(c["function"]["arguments"])))
    return out


def build_sft_trainer(cfg, *, model=None, tokenizer=None, dataset=None, callbacks=()):
    from trl import SFTConfig, SFTTrainer

    s = dict(cfg.sft)
    data = s.pop("data", None)
    s.setdefault("output_dir", "runs/sft")
    s.setdefault("assistant_only_loss", True)
    s.setdefault("max_length", 16384)
    s.setdefault("report_to", "none")
    s.setdefault("logging_steps", 1)
    s.setdefault("save_strategy", "steps")
    s.setdefault("save_steps", 200)
    args = trl_args(SFTConfig, "sft", s)  # config errors before the data and the model are loaded
    if dataset is None:
        if not data:
            raise ValueError("sft.data: path(s) of the exported JSONL are required")
        dataset = load_sft_dataset(data)
    if model is None or tokenizer is None:
        from .train_grpo import load_model_and_tokenizer

        model, tokenizer = load_model_and_tokenizer(cfg.model, sft_texts(data) if cfg.model.tiny is not None else ())
    from .train_grpo import MetricsFileCallback

    return SFTTrainer(model=model, args=args, train_dataset=dataset, processing_class=tokenizer,
                      callbacks=[MetricsFileCallback(), *callbacks])


def train_sft(cfg, resume_from_checkpoint=None):
    trainer = build_sft_trainer(cfg)
    if resume_from_checkpoint == "auto":
        from transformers.trainer_utils import get_last_checkpoint

        out = trainer.args.output_dir
        resume_from_checkpoint = get_last_checkpoint(out) if os.path.isdir(out) else None
    trainer.train(resume_from_checkpoint=resume_from_checkpoint)
    final = str(Path(trainer.args.output_dir) / "final")
    trainer.save_model(final)
    trainer.processing_class.save_pretrained(final)
    return trainer
