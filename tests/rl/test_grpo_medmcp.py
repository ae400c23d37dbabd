"""Acceptance: 2 GRPO steps on the real medmcp_calc rollout with a tiny Qwen3 (CPU, offline).

The random tiny model cannot call tools, so a scripted policy forces the reference solver's turns
(rendered by the chat template, kept as *model* tokens): even batch slots play the full reference
trajectory, odd slots only its first call and then sample from the model. Both members of a GRPO
group share a prompt (TRL's RepeatSampler), so each group has a solved and an unsolved episode.
"""
import json
import math

import pytest
import torch

from medcalc_rl.chat import ChatCodec
from medcalc_rl.config import load_config
from medcalc_rl.envs import TaskIndex
from medcalc_rl.rewards import DEFAULT_WEIGHTS
from medcalc_rl.sft import reference_episode
from medcalc_rl.tiny import build_tiny_model, build_tiny_tokenizer
from medcalc_rl.train_grpo import build_trainer


def _cfg(out, max_steps=2, eval_every=0):
    return load_config(None, {
        "env": {"name": "medmcp_calc", "eval_every": eval_every},
        "rollout": {"max_turns": 16, "max_tokens_per_turn": 12, "max_tool_output_chars": 1500},
        "script": {"reference_turns": "alternate"},
        "grpo": {"output_dir": str(out), "num_generations": 2, "per_device_train_batch_size": 4,
                 "max_completion_length": 4000, "learning_rate": 5e-3, "beta": 0.0, "max_steps": max_steps,
                 "save_steps": 1, "logging_steps": 1, "use_cpu": True, "report_to": "none", "seed": 0,
                 "temperature": 1.0},
    })


@pytest.fixture(scope="module")
def tiny(medmcp_env, rl_tasks):
    texts = [m["content"] for m in reference_episode(medmcp_env, rl_tasks[0], max_tool_output_chars=1500)["messages"]]
    tok = build_tiny_tokenizer(texts)
    return tok


def _trainer(cfg, env, tasks, tok, model, eval_tasks=None):
    index = TaskIndex()
    ds = index.dataset(index.add(env, tasks, "test"))
    trainer = build_trainer(cfg, model=model, tokenizer=tok, index=index, train_dataset=ds, eval_tasks=eval_tasks or {})
    captured = []
    orig = trainer._generate_and_score_completions

    def spy(inputs):  # record what TRL computed from our rollout (no behaviour change)
        out = orig(inputs)
        captured.append({"episodes": list(trainer.medcalc_rollout.last_episodes),
                         "tool_mask": out["tool_mask"].clone(), "completion_mask": out["completion_mask"].clone(),
                         "completion_ids": out["completion_ids"].clone(), "advantages": out["advantages"].clone()})
        return out

    trainer._generate_and_score_completions = spy
    return trainer, captured


def test_two_grpo_steps_real_rollout(tmp_path, medmcp_env, rl_tasks, tiny):
    tok = tiny
    model = build_tiny_model(tok, max_position_embeddings=8192)
    before = {n: p.detach().clone() for n, p in model.named_parameters()}
    evals = {"test": [(medmcp_env, rl_tasks[0])], "test_unseen": [(medmcp_env, rl_tasks[1])]}
    trainer, captured = _trainer(_cfg(tmp_path / "run", eval_every=2), medmcp_env, rl_tasks, tok, model, evals)
    trainer.train()
    assert trainer.state.global_step == 2 and len(captured) == 2
    codec = ChatCodec(tok)

    for batch in captured:
        eps = batch["episodes"]
        assert len(eps) == 4
        solved = [e for e in eps if e.slot % 2 == 0]
        for e in solved:  # the reference trajectory through the real SQL + Python tools scores perfectly
            assert e.stop_reason == "answer", e.stop_reason
            assert (e.scores["TF"], e.scores["CS"], e.scores["EA"], e.scores["QP"]) == (1.0, 1.0, 1.0, 1.0)
            assert e.tool_counts["run_read_only_sql"] >= 3 and e.tool_counts["run_python"] == 1
        for e in eps:
            # masks cover exactly the tool tokens: rebuild the expected env segments from the transcript
            assert len(e.env_mask) == len(e.completion_ids) == len(e.logprobs)
            expected, i, msgs = [], 0, e.messages
            while i < len(msgs):
                if msgs[i]["role"] == "tool":
                    j = i
                    while j < len(msgs) and msgs[j]["role"] == "tool":
                        j += 1
                    expected.append(codec.env_delta_ids(msgs[i:j]))
                    i = j
                else:
                    i += 1
            segments, cur = [], []
            for t, m in zip(e.completion_ids, e.env_mask):
                if m == 0:
                    cur.append(t)
                elif cur:
                    segments.append(cur)
                    cur = []
            if cur:
                segments.append(cur)
            assert segments == expected
            model_text = tok.decode([t for t, m in zip(e.completion_ids, e.env_mask) if m == 1])
            assert "<tool_response>" not in model_text
            assert all(lp == 0.0 for lp, m in zip(e.logprobs, e.env_mask) if m == 0)
        # ... and TRL's loss mask is exactly our env mask (padded with 1 where completion_mask is 0)
        for row, e in enumerate(eps):
            n = len(e.completion_ids)
            assert batch["completion_ids"][row, :n].tolist() == e.completion_ids
            assert batch["tool_mask"][row, :n].tolist() == e.env_mask
            assert batch["completion_mask"][row, :n].sum().item() == n
        # rewards reach the loss: TRL's advantages are the group-normalised weighted rubric scores
        w = DEFAULT_WEIGHTS
        totals = []
        for e in eps:
            fmt = -min(0.5, 0.1 * e.malformed_calls) - (0.2 if e.stop_reason != "answer" else 0.0) \
                  - 0.01 * max(0, e.turns - 12)
            totals.append(sum(w[k] * e.scores[k] for k in ("QP", "EA", "CS", "TF")) + w["format"] * fmt)
        adv = batch["advantages"].tolist()
        for g in (0, 2):
            r = torch.tensor(totals[g:g + 2])
            exp = ((r - r.mean()) / (r.std() + 1e-4)).tolist()
            assert adv[g:g + 2] == pytest.approx(exp, rel=1e-3, abs=1e-3)
            assert abs(adv[g]) > 0.5  # solved vs unsolved in every group

    logs = [h for h in trainer.state.log_history if "loss" in h]
    assert len(logs) == 2 and all(math.isfinite(h["loss"]) for h in logs)
    assert any(abs(h["loss"]) > 0 for h in logs)
    for k in ("rewards/reward_QP/mean", "rewards/reward_EA/mean", "env/QP", "tools/run_read_only_sql",
              "tools/run_python", "env/turns"):
        assert k in logs[-1], k
    assert logs[-1]["rewards/reward_QP/mean"] == pytest.approx(0.5)
    changed = [n for n, p in model.named_parameters() if not torch.equal(p.detach(), before[n])]
    assert changed, "no weight changed after 2 GRPO steps"
    metrics = [json.loads(l) for l in (tmp_path / "run" / "metrics.jsonl").read_text().splitlines()]
    assert any("tools/run_read_only_sql" in m for m in metrics)
    # periodic evaluation on test / test_unseen (plain model generation, no scripted turns) at step 2
    ev = [json.loads(l) for l in (tmp_path / "run" / "eval_results.jsonl").read_text().splitlines()]
    assert [e["step"] for e in ev] == [2]
    for split in ("test", "test_unseen"):
        assert ev[0][f"eval_{split}/forced_turns"] == 0.0 and 0.0 <= ev[0][f"eval_{split}/QP"] <= 1.0
        assert f"eval_{split}/tools/run_read_only_sql" in ev[0] and f"eval_{split}/QP" in logs[-1]

    # checkpoint saved, and training resumes from it
    ckpt = tmp_path / "run" / "checkpoint-2"
    assert (ckpt / "trainer_state.json").exists() and (ckpt / "optimizer.pt").exists()
    from transformers import AutoModelForCausalLM

    saved = AutoModelForCausalLM.from_pretrained(ckpt)
    assert all(torch.equal(p, dict(model.named_parameters())[n].detach()) for n, p in saved.named_parameters())
    model2 = build_tiny_model(tok, max_position_embeddings=8192, seed=123)
    trainer2, captured2 = _trainer(_cfg(tmp_path / "run", max_steps=3), medmcp_env, rl_tasks, tok, model2)
    trainer2.train(resume_from_checkpoint=str(ckpt))
    assert trainer2.state.global_step == 3 and len(captured2) == 1  # only the remaining step ran
    assert (tmp_path / "run" / "checkpoint-3" / "trainer_state.json").exists()
