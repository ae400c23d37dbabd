"""Generation backends behind one interface.

``Backend.generate(prompts, max_new_tokens) -> list[Generation]`` takes token-id prompts (one per live
episode; each is the full history so far) and returns, per prompt, the generated token ids (ending with
the end-of-turn token when the model stopped by itself) and the per-token sampling log-probabilities.

* :class:`HFBackend` — ``model.generate`` (CPU/CI and small GPU runs). Log-probs are taken from the
  processed sampling scores, i.e. the distribution the tokens were drawn from.
* :class:`TRLVLLMBackend` — TRL's ``VLLMGeneration`` (``GRPOConfig(use_vllm=True)``) in ``server`` mode
  (``trl vllm-serve`` on its own GPU) or ``colocate`` mode. Multi-turn rollouts call it once per turn
  with ``num_generations=1`` (each episode has its own history). vLLM calls are collective across
  ranks (``gather_object``/``broadcast`` in server mode, TP all-gather in colocate mode, both slicing
  results by ``rank * len(prompts)``), so every rank must make the same number of calls with the same
  number of prompts: :meth:`TRLVLLMBackend.generate` pads each rank's batch to the global maximum with
  a one-token filler prompt, and the rollout keeps calling while *any* rank has live episodes.
* :class:`ScriptedBackend` — wraps another backend and replaces the tokens of chosen turns with a
  scripted policy's text (the reference solver), keeping them marked as model tokens. This is how the
  tool-calling path is exercised with a random tiny model in tests, and how one can mix demonstrations
  into early RL ("guided" rollouts). Forced tokens get a NaN sampling log-prob (TRL neutralises NaN in
  its vLLM importance-sampling correction).
"""
from __future__ import annotations

import math
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from typing import Callable, Protocol, Sequence


@dataclass
class Generation:
    ids: list[int]
    logprobs: list[float]
    forced: bool = False


class Backend(Protocol):
    def generate(self, prompts: Sequence[list[int]], max_new_tokens: int) -> list[Generation]: ...

    def sync(self) -> None:  # called before a rollout batch (weights may have changed)
        ...

    def session(self):  # context manager held around one rollout batch
        ...


# ---------------------------------------------------------------------------------------------------------
class HFBackend:
    """``transformers`` generation on the trainer's (or any) model."""

    def __init__(self, model, pad_id: int, eos_ids: Sequence[int], *, temperature: float = 1.0, top_p: float = 1.0,
                 top_k: int = 0, do_sample: bool = True, trainer=None, batch_size: int = 64):
        self.model = model
        self.pad_id = pad_id
        self.eos_ids = list(eos_ids)
        self.temperature, self.top_p, self.top_k, self.do_sample = temperature, top_p, top_k, do_sample
        self.trainer = trainer
        self.batch_size = batch_size
        self._session_model = None

    @classmethod
    def from_trainer(cls, trainer, *, do_sample: bool = True):
        args = trainer.args
        tok = trainer.processing_class
        return cls(trainer.model, tok.pad_token_id, trainer.eos_token_ids if hasattr(trainer, "eos_token_ids") else [tok.eos_token_id],
                   temperature=args.temperature, top_p=args.top_p, top_k=args.top_k or 0, do_sample=do_sample,
                   trainer=trainer)

    def sync(self) -> None:
        pass

    @contextmanager
    def session(self):
        """Unwrap (and, under ZeRO-3, gather) the model once for a whole rollout batch.

        Gathering is collective, so doing it per ``generate`` call would deadlock ranks whose episodes
        take different numbers of turns; the rollout enters this once per batch on every rank."""
        if self._session_model is not None:
            yield self
            return
        with self._unwrapped() as model:
            self._session_model = model
            try:
                yield self
            finally:
                self._session_model = None

    def _unwrapped(self):
        if self.trainer is None:
            return nullcontext(self.model)
        from trl.models import unwrap_model_for_generation

        t = self.trainer
        return unwrap_model_for_generation(
            t.model_wrapped, t.accelerator, gather_deepspeed3_params=t.args.ds3_gather_for_generation,
            gradient_checkpointing_kwargs=t.args.gradient_checkpointing_kwargs,
        )

    def generate(self, prompts, max_new_tokens):
        import torch

        if not prompts:
            return []
        out: list[Generation] = []
        ctx = nullcontext(self._session_model) if self._session_model is not None else self._unwrapped()
        with ctx as model, torch.no_grad():
            was_training = model.training
            model.eval()
            device = next(model.parameters()).device
            for start in range(0, len(prompts), self.batch_size):
                chunk = prompts[start:start + self.batch_size]
                width = max(len(p) for p in chunk)
                ids = torch.full((len(chunk), width), self.pad_id, dtype=torch.long)
                att = torch.zeros((len(chunk), width), dtype=torch.long)
                for i, p in enumerate(chunk):  # left padding
                    ids[i, width - len(p):] = torch.tensor(p)
                    att[i, width - len(p):] = 1
                kw = dict(max_new_tokens=max_new_tokens, do_sample=self.do_sample, pad_token_id=self.pad_id,
                          eos_token_id=self.eos_ids, return_dict_in_generate=True, output_scores=True)
                if self.do_sample:
                    kw.update(temperature=self.temperature, top_p=self.top_p, top_k=self.top_k or None)
                res = model.generate(input_ids=ids.to(device), attention_mask=att.to(device), **kw)
                new = res.sequences[:, width:].cpu()
                scores = torch.stack(res.scores, dim=1).float().cpu() if res.scores else None  # (B, T, V)
                for i in range(len(chunk)):
                    toks = new[i].tolist()
                    n = len(toks)
                    for j, t in enumerate(toks):  # cut after the first eos; the rest is padding
                        if t in self.eos_ids:
                            n = j + 1
                            break
                    toks = toks[:n]
                    if scores is not None and n:
                        lp = torch.log_softmax(scores[i, :n], dim=-1).gather(1, new[i, :n, None]).squeeze(1)
                        lps = [float(x) if math.isfinite(float(x)) else float("nan") for x in lp]
                    else:
                        lps = [0.0] * n
                    out.append(Generation(toks, lps))
            if was_training:
                model.train()
        return out


# ---------------------------------------------------------------------------------------------------------
class TRLVLLMBackend:
    """TRL's vLLM generation (server or colocate) used turn by turn.

    ``vllm_generation`` is ``trainer.vllm_generation`` (a ``trl.generation.vllm_generation.VLLMGeneration``);
    weight sync is done by TRL itself before ``rollout_func`` is called.
    """

    def __init__(self, vllm_generation, accelerator, *, filler_prompt: Sequence[int] | None = None):
        self.vg = vllm_generation
        self.accelerator = accelerator
        self.filler = list(filler_prompt) if filler_prompt else None

    @classmethod
    def from_trainer(cls, trainer):
        tok = trainer.processing_class
        return cls(trainer.vllm_generation, trainer.accelerator, filler_prompt=[tok.eos_token_id])

    def sync(self) -> None:
        pass

    def session(self):
        return nullcontext(self)

    def global_max(self, n: int) -> int:
        acc = self.accelerator
        if acc is None or acc.num_processes == 1:
            return n
        import torch

        t = torch.tensor([n], device=acc.device)
        return int(acc.gather(t).max().item())

    def generate(self, prompts, max_new_tokens):
        n_local = len(prompts)
        n_max = self.global_max(n_local)
        if n_max == 0:
            return []
        filler = self.filler or (list(prompts[0][:1]) if prompts else [0])
        batch = [list(p) for p in prompts] + [filler] * (n_max - n_local)
        old = self.vg.max_completion_length
        self.vg.max_completion_length = int(max_new_tokens)
        try:
            _, completion_ids, logprobs, _ = self.vg.generate(prompts=batch, images=None, num_generations=1)
        finally:
            self.vg.max_completion_length = old
        out = []
        for i in range(n_local):
            ids = list(completion_ids[i])
            if logprobs is not None:
                lps = [float("nan") if (lp is None or lp[0] is None) else float(lp[0]) for lp in logprobs[i]]
            else:
                lps = [0.0] * len(ids)
            out.append(Generation(ids, lps))
        return out


# ---------------------------------------------------------------------------------------------------------
ScriptFn = Callable[[object, int], "list[int] | None"]  # (episode, turn) -> forced ids or None


class ScriptedBackend:
    """Wrap a backend; for turns where ``script(episode, turn)`` returns ids, use those instead.

    The inner backend still runs for the remaining prompts (so real sampling and scripted turns mix in
    one batch). The rollout passes the episode objects through :meth:`generate_for`.
    """

    def __init__(self, inner: Backend, script: ScriptFn):
        self.inner = inner
        self.script = script

    def sync(self) -> None:
        self.inner.sync()

    def session(self):
        return self.inner.session()

    def generate_for(self, episodes, prompts, max_new_tokens):
        forced: dict[int, list[int]] = {}
        for i, ep in enumerate(episodes):
            ids = self.script(ep, ep.turns)
            if ids is not None:
                forced[i] = list(ids)  # bounded by the episode budget in the rollout, not by max_new_tokens
        rest = [i for i in range(len(prompts)) if i not in forced]
        gens = self.inner.generate([prompts[i] for i in rest], max_new_tokens) if rest or isinstance(self.inner, TRLVLLMBackend) else []
        out: list[Generation | None] = [None] * len(prompts)
        for i, g in zip(rest, gens):
            out[i] = g
        for i, ids in forced.items():
            out[i] = Generation(ids, [float("nan")] * len(ids), forced=True)
        return out

    def generate(self, prompts, max_new_tokens):
        return self.inner.generate(prompts, max_new_tokens)
