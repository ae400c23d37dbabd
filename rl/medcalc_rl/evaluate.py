"""Stand-alone evaluation of a checkpoint on one split (HF generation, one episode per task)."""
from __future__ import annotations

import dataclasses

from .backends import HFBackend
from .chat import ChatCodec
from .config import RunConfig
from .envs import make_env
from .rollout import EpisodeRunner, summarize


def evaluate_split(cfg: RunConfig, split: str, *, n: int | None = None, model_path: str | None = None,
                   greedy: bool = False, env=None, model=None, tokenizer=None) -> dict:
    if model is None or tokenizer is None:
        from .train_grpo import load_model_and_tokenizer

        section = dataclasses.replace(cfg.model, name_or_path=model_path) if model_path else cfg.model
        if model_path:
            section = dataclasses.replace(section, tiny=None)
        model, tokenizer = load_model_and_tokenizer(section)
    env = env or make_env(cfg.env.name, **cfg.env.env_kwargs)
    tasks = env.load_tasks(split, n if n is not None else cfg.env.num_eval_tasks, cfg.env.seed)
    codec = ChatCodec(tokenizer)
    runner = EpisodeRunner(codec, cfg.rollout)
    g = cfg.grpo
    backend = HFBackend(model, codec.pad_id, [codec.eos_id], temperature=float(g.get("temperature", 1.0)),
                        top_p=float(g.get("top_p", 1.0)), do_sample=not greedy)
    eps = [runner.start(env, t) for t in tasks]
    budget = cfg.rollout.max_completion_tokens or int(g.get("max_completion_length", 4096))
    runner.run(eps, backend, budget=budget)
    return {"split": split, "tasks": len(eps), **summarize(eps)}
