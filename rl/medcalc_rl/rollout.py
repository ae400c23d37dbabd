"""Multi-turn tool episodes as a TRL ``GRPOTrainer(rollout_func=...)``.

Contract (TRL 1.16, ``GRPOTrainer._generate``): ``rollout_func(prompts, trainer)`` receives this
process's slice of prompts — already repeated ``num_generations`` times by TRL's ``RepeatSampler``, so
we run one episode per entry — and returns a dict with ``prompt_ids``, ``completion_ids``, ``logprobs``
(one list per entry). Every other key is forwarded: ``env_mask`` becomes TRL's ``tool_mask`` (loss mask:
1 = model token, 0 = env token), and the remaining keys (``CS``/``EA``/``QP``/``TF``, turn and tool
counts, ...) are merged into the inputs handed to every reward function as keyword arguments.

Episode loop (batched over all live episodes of the slice):

    prompt_ids = template(system + user, tools, generation prompt)          # tokenised once
    repeat until final answer / max_turns / token budget:
        ids = backend.generate(prompt_ids + completion_ids)                  # mask 1
        parse <tool_call>{json}</tool_call> blocks; none -> final answer, stop
        run each call in-process (malformed call -> error text, no exception)
        delta = template suffix for the tool messages + assistant header      # mask 0, never re-tokenised history
    score the transcript with the environment's rubric -> TF, CS, EA, QP (+ tool counts)
"""
from __future__ import annotations

import logging
import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .backends import Backend, Generation, HFBackend, ScriptedBackend, TRLVLLMBackend
from .chat import ChatCodec
from .toolcalls import MalformedCall, parse_assistant_text

log = logging.getLogger(__name__)

METRICS = ("TF", "CS", "EA", "QP")


@dataclass
class RolloutConfig:
    max_turns: int = 24                 # model turns per episode (paper allows 80; RL budgets are tighter)
    max_tokens_per_turn: int = 512      # per generation call
    max_completion_tokens: int | None = None  # whole episode (model + env tokens); default: trainer.args.max_completion_length
    max_tool_output_chars: int = 4000   # longer tool results are cut, with a note telling the model so
    max_prompt_tokens: int | None = None


@dataclass
class Episode:
    env: Any                      # environment adapter (medcalc_rl.envs.EnvAdapter)
    task: Any                     # the environment's task object
    state: Any                    # per-episode tool state (e.g. python session)
    messages: list[dict]          # full chat transcript (for scoring, logging and SFT export)
    prompt_ids: list[int]
    completion_ids: list[int] = field(default_factory=list)
    env_mask: list[int] = field(default_factory=list)
    logprobs: list[float] = field(default_factory=list)
    turns: int = 0
    tool_counts: Counter = field(default_factory=Counter)
    malformed_calls: int = 0
    tool_errors: int = 0
    forced_turns: int = 0
    stop_reason: str | None = None
    final_text: str | None = None
    scores: dict[str, Any] = field(default_factory=dict)
    slot: int = 0                 # position in the rollout batch (scripts may use it)
    codec: Any = None             # the ChatCodec that rendered the prompt

    @property
    def done(self) -> bool:
        return self.stop_reason is not None


def _truncate(text: str, limit: int) -> str:
    if limit and len(text) > limit:
        return text[:limit] + f"\n...[output truncated: {len(text) - limit} more characters; narrow the query]"
    return text


class EpisodeRunner:
    """Runs batches of episodes with any backend; shared by GRPO rollouts, evaluation and the CLI."""

    def __init__(self, codec: ChatCodec, config: RolloutConfig | None = None):
        self.codec = codec
        self.cfg = config or RolloutConfig()

    def start(self, env, task) -> Episode:
        messages = env.initial_messages(task)
        tools = env.tool_schemas()
        ids = self.codec.prompt_ids(messages, tools)
        if self.cfg.max_prompt_tokens and len(ids) > self.cfg.max_prompt_tokens:
            log.warning("prompt of %d tokens exceeds max_prompt_tokens=%d", len(ids), self.cfg.max_prompt_tokens)
        return Episode(env=env, task=task, state=env.new_state(task), messages=[dict(m) for m in messages],
                       prompt_ids=ids, codec=self.codec)

    def _step_budget(self, ep: Episode, budget: int) -> int:
        return max(0, min(self.cfg.max_tokens_per_turn, budget - len(ep.completion_ids)))

    def run(self, episodes: list[Episode], backend: Backend, *, budget: int, collective: bool = False) -> list[Episode]:
        """Play all episodes to the end. ``collective``: keep calling the backend while any rank is live."""
        for _turn in range(self.cfg.max_turns):
            live = [e for e in episodes if not e.done]
            for e in live:
                if self._step_budget(e, budget) <= 0:
                    e.stop_reason = "token_budget"
            live = [e for e in episodes if not e.done]
            if not live and not collective:
                break
            if collective and isinstance(_inner(backend), TRLVLLMBackend) and _inner(backend).global_max(len(live)) == 0:
                break
            max_new = max([self._step_budget(e, budget) for e in live], default=1)
            prompts = [e.prompt_ids + e.completion_ids for e in live]
            if isinstance(backend, ScriptedBackend):
                gens = backend.generate_for(live, prompts, max_new)
            else:
                gens = backend.generate(prompts, max_new)
            for e, g in zip(live, gens):
                self._absorb(e, g, budget)
        for e in episodes:
            if not e.done:
                e.stop_reason = "max_turns"
        for e in episodes:
            self._score(e)
        return episodes

    # -- one model turn -----------------------------------------------------------------------------------
    def _absorb(self, e: Episode, g: Generation, budget: int) -> None:
        # a scripted (forced) turn is only bounded by the episode budget, a sampled one also by the turn limit
        limit = max(0, budget - len(e.completion_ids)) if g.forced else self._step_budget(e, budget)
        ids = list(g.ids)[:limit]
        lps = list(g.logprobs)[: len(ids)]
        lps += [float("nan")] * (len(ids) - len(lps))
        e.completion_ids += ids
        e.env_mask += [1] * len(ids)
        e.logprobs += lps
        e.turns += 1
        e.forced_turns += int(g.forced)
        finished = bool(ids) and ids[-1] == self.codec.eos_id
        text = self.codec.decode(ids)
        parsed = parse_assistant_text(text)
        msg: dict[str, Any] = {"role": "assistant", "content": parsed.content if parsed.calls else text}
        if parsed.valid_calls:
            msg["tool_calls"] = [c.as_message_call() for c in parsed.valid_calls]
        e.messages.append(msg)
        if not finished:
            e.stop_reason = "token_budget"  # cut mid-turn: no final answer
            return
        if not parsed.calls:
            e.final_text = text
            e.stop_reason = "answer"
            return
        tool_msgs = []
        for call in parsed.calls:
            if isinstance(call, MalformedCall):
                e.malformed_calls += 1
                tool_msgs.append({"role": "tool", "name": "invalid_tool_call", "content": call.error})
                continue
            e.tool_counts[call.name] += 1
            try:
                out = e.env.call_tool(e.state, call.name, call.arguments)
            except Exception as exc:  # adapters should not raise; never let one end the rollout
                out = f"error: tool {call.name} failed: {type(exc).__name__}: {exc}"
            if isinstance(out, str) and out.lstrip()[:5].lower() == "error":
                e.tool_errors += 1
            tool_msgs.append({"role": "tool", "name": call.name, "content": _truncate(str(out), self.cfg.max_tool_output_chars)})
        e.messages.extend(tool_msgs)
        delta = self.codec.env_delta_ids(tool_msgs)
        if len(e.completion_ids) + len(delta) >= budget:
            e.stop_reason = "token_budget"
            return
        e.completion_ids += delta
        e.env_mask += [0] * len(delta)
        e.logprobs += [0.0] * len(delta)

    def _score(self, e: Episode) -> None:
        try:
            scores = dict(e.env.score(e.task, e.state, e.messages, e.final_text, e.stop_reason))
        except Exception as exc:  # a scoring bug must be loud in logs but not kill training
            log.exception("scoring failed: %s", exc)
            scores = {m: 0.0 for m in METRICS}
        e.scores = scores


def _inner(backend):
    return backend.inner if isinstance(backend, ScriptedBackend) else backend


# ---------------------------------------------------------------------------------------------------------
def episode_fields(episodes: Sequence[Episode]) -> dict[str, list]:
    """Per-episode fields returned next to the token ids (they reach the reward functions)."""
    out: dict[str, list] = {m: [] for m in METRICS}
    out.update({"num_turns": [], "num_tool_calls": [], "malformed_calls": [], "tool_errors": [],
                "stop_reason": [], "answered": [], "tool_counts": []})
    for e in episodes:
        for m in METRICS:
            v = e.scores.get(m)
            out[m].append(None if v is None else float(v))
        out["num_turns"].append(e.turns)
        out["num_tool_calls"].append(int(sum(e.tool_counts.values())))
        out["malformed_calls"].append(e.malformed_calls)
        out["tool_errors"].append(e.tool_errors)
        out["stop_reason"].append(e.stop_reason)
        out["answered"].append(e.stop_reason == "answer")
        out["tool_counts"].append(dict(e.tool_counts))
    return out


def summary_sums(episodes: Sequence[Episode], tool_names: Sequence[str]) -> dict[str, tuple[float, float]]:
    """``key -> (sum, count)`` over episodes, for a key set fixed by ``tool_names`` (so ranks agree)."""
    known = list(dict.fromkeys(tool_names))
    out: dict[str, tuple[float, float]] = {}
    for m in METRICS:
        vals = [float(e.scores[m]) for e in episodes if e.scores.get(m) is not None]
        out[f"env/{m}"] = (sum(vals), float(len(vals)))
    n = float(len(episodes))
    out["env/turns"] = (float(sum(e.turns for e in episodes)), n)
    out["env/malformed_calls"] = (float(sum(e.malformed_calls for e in episodes)), n)
    out["env/tool_errors"] = (float(sum(e.tool_errors for e in episodes)), n)
    out["env/answered"] = (float(sum(e.stop_reason == "answer" for e in episodes)), n)
    out["env/forced_turns"] = (float(sum(e.forced_turns for e in episodes)), n)
    for name in known:
        out[f"tools/{name}"] = (float(sum(e.tool_counts.get(name, 0) for e in episodes)), n)
    out["tools/other"] = (float(sum(v for e in episodes for k, v in e.tool_counts.items() if k not in known)), n)
    out["tools/total"] = (float(sum(sum(e.tool_counts.values()) for e in episodes)), n)
    return out


def summarize(episodes: Sequence[Episode], tool_names: Sequence[str] | None = None, accelerator=None) -> dict[str, float]:
    """Means per episode: rubric metrics, turns, answered rate, malformed calls, tool errors, and calls per
    episode of every tool (the paper's Table 3; ``tools/other`` = names the environment does not offer).

    With ``accelerator`` (several processes) the sums are gathered first — a collective call, so every
    rank must call it, with the same ``tool_names``."""
    if tool_names is None:
        tool_names = sorted({t["function"]["name"] for e in episodes for t in e.env.tool_schemas()}
                            | {k for e in episodes for k in e.tool_counts})
    sums = summary_sums(episodes, tool_names)
    keys = list(sums)
    if accelerator is not None and accelerator.num_processes > 1:
        import torch

        t = torch.tensor([[sums[k][0] for k in keys], [sums[k][1] for k in keys]], dtype=torch.float64,
                         device=accelerator.device)
        tot = accelerator.reduce(t, reduction="sum").cpu()
        sums = {k: (float(tot[0, i]), float(tot[1, i])) for i, k in enumerate(keys)}
    return {k: sv / cnt for k, (sv, cnt) in sums.items() if cnt > 0}


# ---------------------------------------------------------------------------------------------------------
class MedcalcRollout:
    """Callable ``rollout_func(prompts, trainer)`` for ``GRPOTrainer``.

    ``resolve(prompt_messages) -> (env, task)`` maps a dataset prompt to its environment and task
    (see :func:`medcalc_rl.envs.TaskIndex.resolve`). ``script`` optionally forces turns (tests/guided).
    ``backend`` overrides the automatic choice (vLLM when ``trainer.use_vllm`` else HF generate).
    """

    def __init__(self, resolve: Callable[[list[dict]], tuple[Any, Any]], config: RolloutConfig | None = None,
                 *, script=None, backend: Backend | None = None, codec: ChatCodec | None = None,
                 tool_names: Sequence[str] | None = None):
        self.resolve = resolve
        self.cfg = config or RolloutConfig()
        self.script = script
        self._backend = backend
        self._codec = codec
        self._tool_names = list(tool_names) if tool_names is not None else None
        self.last_episodes: list[Episode] = []
        self.__name__ = "medcalc_rollout"

    def tool_names(self) -> list[str]:
        """All tool names of the registered environments (a fixed metric key set on every rank)."""
        if self._tool_names is not None:
            return self._tool_names
        envs = getattr(getattr(self.resolve, "__self__", None), "envs", None) or {}
        return sorted({t["function"]["name"] for env in envs.values() for t in env.tool_schemas()})

    def backend_for(self, trainer) -> Backend:
        b = self._backend
        if b is None:
            b = TRLVLLMBackend.from_trainer(trainer) if getattr(trainer, "use_vllm", False) else HFBackend.from_trainer(trainer)
        return ScriptedBackend(b, self.script) if self.script is not None else b

    def codec_for(self, trainer) -> ChatCodec:
        if self._codec is None:
            kw = getattr(trainer, "chat_template_kwargs", None) or {}
            self._codec = ChatCodec(trainer.processing_class, template_kwargs=kw)
        return self._codec

    def __call__(self, prompts: list, trainer) -> dict[str, list]:
        codec = self.codec_for(trainer)
        runner = EpisodeRunner(codec, self.cfg)
        episodes = []
        for i, p in enumerate(prompts):
            env, task = self.resolve(p)
            ep = runner.start(env, task)
            ep.slot = i
            episodes.append(ep)
        budget = self.cfg.max_completion_tokens or trainer.args.max_completion_length
        backend = self.backend_for(trainer)
        collective = isinstance(_inner(backend), TRLVLLMBackend)
        with backend.session():
            runner.run(episodes, backend, budget=budget, collective=collective)
        for e in episodes:  # TRL indexes completion_ids[-1]: never hand it an empty completion
            if not e.completion_ids:
                e.completion_ids, e.env_mask, e.logprobs = [codec.eos_id], [0], [0.0]
        self.last_episodes = episodes
        mode = "train" if trainer.model.training else "eval"
        for k, v in summarize(episodes, self.tool_names(), trainer.accelerator).items():
            if not math.isnan(v):
                trainer._metrics[mode][k].append(v)
        out = {
            "prompt_ids": [e.prompt_ids for e in episodes],
            "completion_ids": [e.completion_ids for e in episodes],
            "logprobs": [e.logprobs for e in episodes],
            "env_mask": [e.env_mask for e in episodes],
        }
        out.update(episode_fields(episodes))
        return out
