"""YAML run configuration (``rl/configs/*.yaml``) -> typed sections.

Top-level sections (all optional except ``model``)::

    model:   {name_or_path | tiny: {...}, dtype, attn_implementation, tokenizer}
    env:     {name, env_kwargs, train_split, num_train_tasks, seed, eval_splits, num_eval_tasks,
              eval_every, eval_max_new_tokens}
    rollout: RolloutConfig fields (max_turns, max_tokens_per_turn, max_tool_output_chars, ...)
    rewards: {weights: {QP, EA, CS, TF, format}, penalty: {per_malformed, no_answer, per_extra_turn, turn_free}}
    grpo:    any trl.GRPOConfig field (output_dir, num_generations, use_vllm, vllm_mode, ...)
    sft:     any trl.SFTConfig field, plus data: path of the exported JSONL
    script:  {reference_turns: all | alternate | even | first}  # tests/guided runs: force reference turns

Strings of the form ``${ENV_VAR}`` or ``${ENV_VAR:-default}`` are expanded from the environment, so a
database URL or output directory can be supplied at launch time.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import yaml

from .rollout import RolloutConfig

_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")


def _expand(obj):
    if isinstance(obj, str):
        def sub(m):
            val = os.environ.get(m.group(1))
            if val is None:
                if m.group(2) is None:
                    raise KeyError(f"config references ${{{m.group(1)}}} but that environment variable is not set")
                return m.group(2)
            return val
        return _VAR.sub(sub, obj)
    if isinstance(obj, dict):
        return {k: _expand(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_expand(v) for v in obj]
    return obj


@dataclass
class ModelSection:
    name_or_path: str | None = None
    tiny: dict | None = None          # build a tiny random Qwen3 from config instead (tests, smoke runs)
    tokenizer: str | None = None
    dtype: str = "auto"
    attn_implementation: str | None = None
    chat_template: str | None = None  # "qwen3_instruct_2507" (TRL's copy) or a .jinja path; default: the tokenizer's


@dataclass
class EnvSection:
    name: str = "medmcp_calc"
    env_kwargs: dict = field(default_factory=dict)
    train_split: str = "train"
    num_train_tasks: int | None = 1024
    seed: int = 0
    eval_splits: list[str] = field(default_factory=lambda: ["test", "test_unseen"])
    num_eval_tasks: int | None = 64
    eval_every: int = 0                # steps; 0 disables periodic evaluation
    eval_on_start: bool = False


@dataclass
class RunConfig:
    model: ModelSection
    env: EnvSection
    rollout: RolloutConfig
    rewards: dict
    grpo: dict
    sft: dict
    script: dict
    source: str | None = None


def _section(cls, data: dict | None, where: str):
    data = dict(data or {})
    names = {f.name for f in fields(cls)}
    unknown = set(data) - names
    if unknown:
        raise ValueError(f"{where}: unknown key(s) {sorted(unknown)}; allowed: {sorted(names)}")
    return cls(**data)


def load_config(path: str | Path | None = None, overrides: dict | None = None) -> RunConfig:
    raw: dict[str, Any] = {}
    if path is not None:
        with open(path, encoding="utf-8") as f:
            raw = yaml.safe_load(f) or {}
    raw = _merge(raw, overrides or {})
    raw = _expand(raw)
    allowed = {"model", "env", "rollout", "rewards", "grpo", "sft", "script"}
    unknown = set(raw) - allowed
    if unknown:
        raise ValueError(f"{path}: unknown top-level section(s) {sorted(unknown)}; allowed: {sorted(allowed)}")
    return RunConfig(
        model=_section(ModelSection, raw.get("model"), "model"),
        env=_section(EnvSection, raw.get("env"), "env"),
        rollout=_section(RolloutConfig, raw.get("rollout"), "rollout"),
        rewards=dict(raw.get("rewards") or {}),
        grpo=dict(raw.get("grpo") or {}),
        sft=dict(raw.get("sft") or {}),
        script=dict(raw.get("script") or {}),
        source=str(path) if path else None,
    )


def trl_args(cls, section: str, values: dict):
    """``cls(**values)`` for a TRL config class (``GRPOConfig``, ``SFTConfig``), naming unknown keys first.

    A typo in a YAML key otherwise surfaces as a bare ``TypeError`` from the dataclass, after the task
    data and the model have been loaded."""
    import dataclasses
    import difflib

    names = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(values) - names)
    if unknown:
        hints = [f"{k!r} -> did you mean {', '.join(repr(m) for m in close)}?" for k in unknown
                 if (close := difflib.get_close_matches(k, names, n=2, cutoff=0.75))]
        raise ValueError(f"{section}: unknown key(s) {unknown}: not fields of trl.{cls.__name__}"
                         + (f" ({'; '.join(hints)})" if hints else ""))
    return cls(**values)


def _merge(a: dict, b: dict) -> dict:
    out = dict(a)
    for k, v in b.items():
        out[k] = _merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def parse_overrides(items: list[str]) -> dict:
    """``a.b.c=value`` (value parsed as YAML) -> nested dict."""
    out: dict = {}
    for item in items or []:
        if "=" not in item:
            raise ValueError(f"override {item!r} must look like section.key=value")
        key, val = item.split("=", 1)
        cur = out
        parts = key.split(".")
        for p in parts[:-1]:
            cur = cur.setdefault(p, {})
        v = yaml.safe_load(val)
        if isinstance(v, str):  # YAML 1.1 reads "1e-6" as a string
            try:
                v = float(v) if any(c in v for c in ".eE") else v
            except ValueError:
                pass
        cur[parts[-1]] = v
    return out
