"""GRPO training over the medcalc environments with TRL's ``GRPOTrainer(rollout_func=...)``.

``build_trainer(cfg)`` wires: model/tokenizer (hub path, local SFT checkpoint, or a tiny config-built
Qwen3), the task dataset (prompts tagged with env/task ids), :class:`~medcalc_rl.rollout.MedcalcRollout`
(multi-turn tool episodes, token deltas, env mask), the per-metric reward functions and weights, periodic
evaluation on ``test``/``test_unseen`` and a metrics JSONL log. ``train(cfg)`` runs it (with resume).
"""
from __future__ import annotations

import json
import logging
import math
import os
from pathlib import Path
from typing import Any, Sequence

from transformers import TrainerCallback

from .config import RunConfig, trl_args
from .envs import TaskIndex, make_env, reference_script
from .rewards import build_reward_funcs
from .rollout import EpisodeRunner, MedcalcRollout, summarize

log = logging.getLogger(__name__)


# ---------------------------------------------------------------------------------------------------------
def load_model_and_tokenizer(section, extra_texts: Sequence[str] = ()):
    """``model.tiny`` -> random tiny Qwen3 + on-the-fly tokenizer; else ``from_pretrained`` (local or hub)."""
    if section.tiny is not None:
        from .tiny import build_tiny_model, build_tiny_tokenizer

        tiny = dict(section.tiny)
        tok = build_tiny_tokenizer(extra_texts, vocab_size=int(tiny.pop("vocab_size", 1024)))
        return build_tiny_model(tok, **tiny), _set_template(tok, section.chat_template)
    if not section.name_or_path:
        raise ValueError("model: set name_or_path (hub id or local checkpoint) or tiny: {...}")
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    kw: dict[str, Any] = {}
    if section.dtype and section.dtype != "auto":
        kw["dtype"] = getattr(torch, section.dtype)
    else:
        kw["dtype"] = "auto"
    if section.attn_implementation:
        kw["attn_implementation"] = section.attn_implementation
    model = AutoModelForCausalLM.from_pretrained(section.name_or_path, **kw)
    tok = AutoTokenizer.from_pretrained(section.tokenizer or section.name_or_path)
    if tok.pad_token is None:
        tok.pad_token = tok.eos_token
    return model, _set_template(tok, section.chat_template)


def _set_template(tok, name: str | None):
    """Optionally replace the tokenizer's chat template: a TRL template name or a .jinja file."""
    if not name:
        return tok
    if name.endswith(".jinja") or os.path.sep in name:
        tok.chat_template = Path(name).read_text(encoding="utf-8")
        return tok
    import trl.chat_template_utils as ctu

    attr = name if name.endswith("_chat_template") else f"{name}_chat_template"
    if not hasattr(ctu, attr):
        known = sorted(a[: -len("_chat_template")] for a in dir(ctu)
                       if a.endswith("_chat_template") and isinstance(getattr(ctu, a), str))
        raise ValueError(f"unknown chat template {name!r}; TRL ships: {', '.join(known)}")
    tok.chat_template = getattr(ctu, attr)
    return tok


def build_task_data(cfg: RunConfig, env=None):
    """(index, train_dataset, eval_tasks{split: [(env, task)]})."""
    env = env or make_env(cfg.env.name, **cfg.env.env_kwargs)
    index = TaskIndex()
    train_tasks = env.load_tasks(cfg.env.train_split, cfg.env.num_train_tasks, cfg.env.seed)
    if not train_tasks:
        raise ValueError(f"environment {cfg.env.name} returned no tasks for split {cfg.env.train_split!r}")
    rows = index.add(env, train_tasks, cfg.env.train_split)
    evals = {}
    if cfg.env.eval_every:
        for split in cfg.env.eval_splits:
            tasks = env.load_tasks(split, cfg.env.num_eval_tasks, cfg.env.seed)
            index.add(env, tasks, split)
            evals[split] = [(env, t) for t in tasks]
    return index, index.dataset(rows), evals


# ---------------------------------------------------------------------------------------------------------
class PeriodicEvalCallback(TrainerCallback):
    """Every ``every`` steps: play each eval split once (one episode per task) with the training backend
    and log ``eval_<split>/<metric>`` next to the training metrics; also append to ``eval_results.jsonl``.

    With several processes every rank plays its shard (vLLM calls stay collective) and the per-episode
    scores are gathered before averaging.
    """

    def __init__(self, rollout: MedcalcRollout, eval_tasks: dict[str, list], every: int, on_start: bool = False):
        self.rollout, self.eval_tasks, self.every, self.on_start = rollout, eval_tasks, every, on_start
        self.trainer = None
        self.history: list[dict] = []

    def evaluate(self, step: int) -> dict[str, float]:
        tr = self.trainer
        acc = tr.accelerator
        codec = self.rollout.codec_for(tr)
        runner = EpisodeRunner(codec, self.rollout.cfg)
        backend = self.rollout.backend_for(tr) if self.rollout.script is None else self.rollout.backend_for(tr).inner
        budget = self.rollout.cfg.max_completion_tokens or tr.args.max_completion_length
        out: dict[str, float] = {}
        for split, pairs in self.eval_tasks.items():
            shard = pairs[acc.process_index::acc.num_processes]
            eps = [runner.start(env, task) for env, task in shard]
            with backend.session():
                runner.run(eps, backend, budget=budget, collective=acc.num_processes > 1)
            names = sorted({t["function"]["name"] for env, _ in pairs[:1] for t in env.tool_schemas()})
            for k, v in summarize(eps, names, acc).items():  # gathered over ranks
                out[f"eval_{split}/{k.split('/', 1)[1] if k.startswith('env/') else k}"] = v
        return out

    def on_train_begin(self, args, state, control, **kw):
        if self.on_start and self.trainer is not None and state.global_step == 0:
            self._run(state)

    def on_step_end(self, args, state, control, **kw):
        if self.trainer is not None and self.every and state.global_step % self.every == 0:
            self._run(state)

    def _run(self, state):
        res = self.evaluate(state.global_step)
        for k, v in res.items():
            if not math.isnan(v):
                self.trainer._metrics["train"][k].append(v)
        rec = {"step": state.global_step, **res}
        self.history.append(rec)
        if self.trainer.accelerator.is_main_process:
            with open(Path(self.trainer.args.output_dir) / "eval_results.jsonl", "a", encoding="utf-8") as f:
                f.write(json.dumps(rec) + "\n")


class MetricsFileCallback(TrainerCallback):
    """Append every log record (per-metric rewards, tools/* frequencies, loss, ...) to ``metrics.jsonl``."""

    def on_log(self, args, state, control, logs=None, **kw):
        if logs and state.is_world_process_zero:
            os.makedirs(args.output_dir, exist_ok=True)
            with open(Path(args.output_dir) / "metrics.jsonl", "a", encoding="utf-8") as f:
                f.write(json.dumps({"step": state.global_step, **logs}, default=str) + "\n")


# ---------------------------------------------------------------------------------------------------------
def grpo_args(cfg: RunConfig, reward_weights: list[float]):
    from trl import GRPOConfig

    g = dict(cfg.grpo)
    g.setdefault("output_dir", "runs/grpo")
    g.setdefault("logging_steps", 1)
    g.setdefault("save_strategy", "steps")
    g.setdefault("save_steps", 50)
    g.setdefault("report_to", "none")
    g.setdefault("scale_rewards", "group")
    g.setdefault("mask_truncated_completions", False)
    g.setdefault("max_completion_length", 4096)
    g["reward_weights"] = reward_weights
    return trl_args(GRPOConfig, "grpo", g)


def build_trainer(cfg: RunConfig, *, model=None, tokenizer=None, env=None, index=None, train_dataset=None,
                  eval_tasks=None, script=None, backend=None, extra_callbacks: Sequence = ()):
    os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")
    from trl import GRPOTrainer

    # config errors first: before the task data, the database and the model are loaded
    funcs, weights = build_reward_funcs(cfg.rewards.get("weights"), cfg.rewards.get("penalty"))
    args = grpo_args(cfg, weights)
    if index is None:
        index, train_dataset, eval_tasks = build_task_data(cfg, env)
    if model is None or tokenizer is None:
        model, tokenizer = load_model_and_tokenizer(cfg.model)
    if script is None and cfg.script.get("reference_turns"):
        script = reference_script(_script_selector(cfg.script["reference_turns"]))
    rollout = MedcalcRollout(index.resolve, cfg.rollout, script=script, backend=backend)
    callbacks = [MetricsFileCallback()]
    evalcb = None
    if eval_tasks:
        evalcb = PeriodicEvalCallback(rollout, eval_tasks, cfg.env.eval_every, cfg.env.eval_on_start)
        callbacks.append(evalcb)
    callbacks.extend(extra_callbacks)
    trainer = GRPOTrainer(model=model, reward_funcs=funcs, args=args, train_dataset=train_dataset,
                          processing_class=tokenizer, rollout_func=rollout, callbacks=callbacks)
    if evalcb is not None:
        evalcb.trainer = trainer
    trainer.medcalc_rollout = rollout
    return trainer


def _script_selector(spec):
    """``all`` | ``alternate`` (even batch slots fully scripted, odd slots only their first turn) | ``even``
    (even slots fully scripted, odd slots never: for single-turn tasks such as MedCalc-Bench) | ``first``."""
    if spec in (True, "all"):
        return None
    if spec == "alternate":
        return lambda ep, turn: ep.slot % 2 == 0 or turn == 0
    if spec == "even":
        return lambda ep, turn: ep.slot % 2 == 0
    if spec == "first":
        return lambda ep, turn: turn == 0
    raise ValueError(f"script.reference_turns must be all, alternate, even or first, not {spec!r}")


def train(cfg: RunConfig, resume_from_checkpoint: str | bool | None = None):
    trainer = build_trainer(cfg)
    if resume_from_checkpoint == "auto":
        from transformers.trainer_utils import get_last_checkpoint

        resume_from_checkpoint = get_last_checkpoint(trainer.args.output_dir) if os.path.isdir(trainer.args.output_dir) else None
    trainer.train(resume_from_checkpoint=resume_from_checkpoint)
    trainer.save_model(str(Path(trainer.args.output_dir) / "final"))
    return trainer
