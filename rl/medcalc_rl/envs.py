"""Adapter layer: environment name -> task loader, in-process tool dispatch, rubric scoring, reference policy.

Everything the trainer needs from an environment goes through :class:`EnvAdapter`; the concrete adapters
live in :mod:`medcalc_rl.env_medmcp` and :mod:`medcalc_rl.env_bench` and call the *same* plain-Python
cores the MCP servers and verifiers environments wrap (no HTTP hop), so an RL reward is computed exactly
like an evaluation score.

:class:`TaskIndex` turns tasks into a ``datasets.Dataset`` of chat prompts for ``GRPOTrainer`` and maps a
prompt back to its ``(env, task)`` inside the rollout (TRL hands ``rollout_func`` only the prompts, so each
prompt's first message carries ``env`` and ``task_id`` keys, which the chat codec drops before templating).
"""
from __future__ import annotations

import hashlib
import logging
from typing import Any, Callable, Protocol, Sequence


class EnvAdapter(Protocol):
    name: str

    def load_tasks(self, split: str, n: int | None = None, seed: int = 0) -> list[Any]: ...
    def task_id(self, task: Any) -> str: ...
    def initial_messages(self, task: Any) -> list[dict]: ...
    def tool_schemas(self) -> list[dict]: ...
    def new_state(self, task: Any) -> Any: ...
    def call_tool(self, state: Any, name: str, arguments: dict) -> str: ...
    def score(self, task: Any, state: Any, messages: list[dict], final_text: str | None,
              stop_reason: str | None) -> dict[str, Any]: ...
    def reference_turn(self, task: Any, state: Any, messages: list[dict]) -> tuple[str, list[tuple[str, dict]]]: ...


log = logging.getLogger(__name__)

_FACTORIES: dict[str, Callable[..., EnvAdapter]] = {}


def register_env(name: str):
    def deco(factory):
        _FACTORIES[name] = factory
        return factory
    return deco


def make_env(name: str, **kwargs) -> EnvAdapter:
    """Build an adapter by name: ``medmcp_calc`` or ``medcalc_bench`` (kwargs go to its constructor)."""
    if name not in _FACTORIES:
        # import lazily so that the trainer core does not depend on the environments' heavy imports
        if name == "medmcp_calc":
            from . import env_medmcp  # noqa: F401
        elif name == "medcalc_bench":
            from . import env_bench  # noqa: F401
    if name not in _FACTORIES:
        raise ValueError(f"unknown environment {name!r}; choose from medmcp_calc, medcalc_bench")
    return _FACTORIES[name](**kwargs)


def _content_key(messages: Sequence[dict]) -> str:
    text = "\x1e".join(f"{m.get('role')}:{m.get('content')}" for m in messages if m.get("role") in ("system", "user"))
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


class TaskIndex:
    """Registry of (env, task) pairs behind the prompts of a training/eval dataset."""

    def __init__(self):
        self.envs: dict[str, EnvAdapter] = {}
        self.tasks: dict[tuple[str, str], Any] = {}
        self.by_content: dict[str, tuple[str, str]] = {}

    def add(self, env: EnvAdapter, tasks: Sequence[Any], split: str = "") -> list[dict]:
        self.envs[env.name] = env
        rows = []
        for t in tasks:
            tid = str(env.task_id(t))
            msgs = [dict(m) for m in env.initial_messages(t)]
            self.tasks[(env.name, tid)] = t
            self.by_content[_content_key(msgs)] = (env.name, tid)
            first = dict(msgs[0])
            first["env"], first["task_id"] = env.name, tid
            rows.append({"prompt": [first] + msgs[1:], "env": env.name, "task_id": tid, "split": split})
        return rows

    def dataset(self, rows: list[dict]):
        from datasets import Dataset

        return Dataset.from_list(rows)

    def resolve(self, prompt: Sequence[dict]) -> tuple[EnvAdapter, Any]:
        first = prompt[0] if prompt else {}
        env_name, tid = first.get("env"), first.get("task_id")
        if env_name is None or tid is None:
            hit = self.by_content.get(_content_key(prompt))
            if hit is None:
                raise KeyError(
                    "prompt does not belong to any registered task: build the dataset with TaskIndex.add(...) "
                    "so each prompt carries its env/task_id"
                )
            env_name, tid = hit
        try:
            return self.envs[env_name], self.tasks[(env_name, str(tid))]
        except KeyError:
            raise KeyError(f"task {tid!r} of environment {env_name!r} is not registered in this TaskIndex") from None


def reference_script(only: Callable[[Any, int], bool] | None = None):
    """A ``ScriptedBackend`` script that forces the environment's reference solver turns.

    ``only(episode, turn)`` selects which turns are forced (default: all); the others are sampled from
    the model. Forced turns are rendered by the chat template, so their tokens are exactly what a model
    emitting the same call would produce, and they stay in the loss (mask 1).
    """
    def script(ep, turn):
        if only is not None and not only(ep, turn):
            return None
        try:
            content, calls = ep.env.reference_turn(ep.task, ep.state, ep.messages)
        except Exception as e:  # e.g. the transcript left the solver's plan: let the model generate
            log.warning("reference solver gave no action for %s: %s", getattr(ep.task, "get", lambda k: None)("task_id"), e)
            return None
        return _codec_of(ep).assistant_turn_ids(content, calls)

    return script


def _codec_of(ep):
    if getattr(ep, "codec", None) is None:
        raise RuntimeError("scripted turns need the episode's chat codec (EpisodeRunner.start sets it)")
    return ep.codec
