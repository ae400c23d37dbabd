"""Reward functions for ``GRPOTrainer``: one per rubric metric, plus a format/turn penalty.

The rollout returns ``TF``/``CS``/``EA``/``QP`` per episode; TRL passes them to every reward function as
keyword lists. Each function returns one float per completion (``None`` where a metric does not apply to
an environment, e.g. EA on MedCalc-Bench — TRL treats ``None`` as NaN and ``nansum``s it away). TRL logs
each function's mean/std under ``rewards/<name>/...`` every step, which gives the per-metric reward curves.

Default weights (``DEFAULT_WEIGHTS``) — why they favour QP and EA:

* **QP** (correct values, 1.0) is the clinical outcome we care about and the paper's weakest metric after
  SFT (3 -> 15); everything else is instrumental to it.
* **EA** (evidence accessed, 0.5) rewards actually retrieving each required value from the EHR; it is
  deterministic, dense (per evidence item) and tells the policy *how* to get QP instead of guessing.
* **CS** (0.25) is implied by QP for correct answers; a smaller weight still credits choosing the right
  calculators when the arithmetic fails.
* **TF** (0.1) only asks for a parseable final answer: it is nearly free after SFT and must not dominate
  (otherwise "answer immediately" becomes a local optimum).
* **format/turn penalty** (1.0 x a small negative number): -0.1 per malformed tool call (capped at
  -0.5), -0.2 when the episode ends without a final answer (turn or token budget), and -0.01 per model
  turn above ``turn_free`` to discourage aimless tool loops without punishing the SQL/fetch/Python calls
  a workflow genuinely needs.

With TRL's group normalisation (``scale_rewards="group"``) only differences within a prompt's group
matter, so these weights set the relative trade-off, not the scale.
"""
from __future__ import annotations

from typing import Sequence

DEFAULT_WEIGHTS: dict[str, float] = {"QP": 1.0, "EA": 0.5, "CS": 0.25, "TF": 0.1, "format": 1.0}


def _metric_fn(key: str):
    def fn(prompts=None, completions=None, **kw) -> list[float | None]:
        vals = kw.get(key)
        if vals is None:
            raise KeyError(
                f"reward {key}: the rollout did not return a {key!r} field; use medcalc_rl.rollout.MedcalcRollout "
                "as the GRPOTrainer rollout_func"
            )
        return [None if v is None else float(v) for v in vals]

    fn.__name__ = f"reward_{key}"
    fn.__qualname__ = fn.__name__
    fn.__doc__ = f"Rubric metric {key} of the episode (0..1)."
    return fn


reward_TF = _metric_fn("TF")
reward_CS = _metric_fn("CS")
reward_EA = _metric_fn("EA")
reward_QP = _metric_fn("QP")


def make_format_penalty(per_malformed: float = 0.1, malformed_cap: float = 0.5, no_answer: float = 0.2,
                        per_extra_turn: float = 0.01, turn_free: int = 12):
    def reward_format(prompts=None, completions=None, malformed_calls=None, answered=None, num_turns=None, **kw):
        n = len(malformed_calls or answered or num_turns or [])
        out = []
        for i in range(n):
            p = -min(malformed_cap, per_malformed * float(malformed_calls[i] if malformed_calls else 0))
            if answered is not None and not answered[i]:
                p -= no_answer
            if num_turns is not None:
                p -= per_extra_turn * max(0, int(num_turns[i]) - turn_free)
            out.append(p)
        return out

    reward_format.__name__ = "reward_format"
    return reward_format


reward_format = make_format_penalty()

FUNCS = {"TF": reward_TF, "CS": reward_CS, "EA": reward_EA, "QP": reward_QP, "format": reward_format}


def build_reward_funcs(weights: dict[str, float] | None = None, penalty: dict | None = None):
    """(reward_funcs, reward_weights) in a stable order for ``GRPOTrainer``/``GRPOConfig``.

    A weight of 0 drops the function (it would still be computed and logged otherwise)."""
    w = dict(DEFAULT_WEIGHTS)
    if weights:
        unknown = set(weights) - set(FUNCS)
        if unknown:
            raise ValueError(f"unknown reward(s) {sorted(unknown)}; choose from {sorted(FUNCS)}")
        w.update(weights)
    funcs, ws = [], []
    for key in ("QP", "EA", "CS", "TF", "format"):
        if w.get(key, 0.0) == 0.0:
            continue
        funcs.append(make_format_penalty(**penalty) if (key == "format" and penalty) else FUNCS[key])
        ws.append(float(w[key]))
    if not funcs:
        raise ValueError("all reward weights are zero")
    return funcs, ws


def weighted_total(scores: dict[str, float | None], weights: Sequence[float], keys: Sequence[str]) -> float:
    return sum(float(scores.get(k) or 0.0) * w for k, w in zip(keys, weights))
