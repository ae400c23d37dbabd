"""Acceptance: export reference-solver trajectories (real tools) as chat SFT JSONL, run 2 SFT steps
(assistant-only loss) on a tiny Qwen3, save/resume, and start GRPO from the SFT checkpoint."""
import json

import pytest
import torch

from medcalc_rl.config import load_config
from medcalc_rl.sft import build_sft_trainer, export_reference, sft_texts
from medcalc_rl.tiny import build_tiny_model, build_tiny_tokenizer


class _TasksFrom:
    """Restrict the real adapter's task loader to the tasks of the small test EHR."""

    def __init__(self, env, tasks):
        self.env, self.tasks = env, tasks

    def __getattr__(self, k):
        return getattr(self.env, k)

    def load_tasks(self, split, n=None, seed=0):
        return self.tasks[:n] if n else list(self.tasks)


@pytest.fixture(scope="module")
def exported(tmp_path_factory, medmcp_env, rl_tasks):
    out = tmp_path_factory.mktemp("sft") / "train.jsonl"
    summary = export_reference(_TasksFrom(medmcp_env, rl_tasks), "test", None, out, max_tool_output_chars=1500)
    return out, summary


def test_export_format(exported, rl_tasks):
    path, summary = exported
    assert summary["kept"] == len(rl_tasks) and summary["dropped"] == 0
    assert summary["mean_QP"] == 1.0 and summary["mean_EA"] == 1.0
    rows = [json.loads(l) for l in path.read_text().splitlines()]
    for r in rows:
        roles = [m["role"] for m in r["messages"]]
        assert roles[:2] == ["system", "user"] and roles[-1] == "assistant"
        calls = [c for m in r["messages"] if m.get("tool_calls") for c in m["tool_calls"]]
        assert {c["function"]["name"] for c in calls} >= {"describe_tables", "run_read_only_sql", "run_python"}
        assert all(isinstance(c["function"]["arguments"], str) for c in calls)  # uniform Arrow schema
        assert roles.count("tool") == len(calls)
        assert {t["function"]["name"] for t in json.loads(r["tools"])} >= {"run_read_only_sql", "run_python"}
        assert "```json" in r["messages"][-1]["content"]
        assert r["scores"]["QP"] == 1.0


def test_two_sft_steps_and_grpo_from_checkpoint(tmp_path, exported, medmcp_env, rl_tasks):
    path, _ = exported
    tok = build_tiny_tokenizer(sft_texts(path))
    model = build_tiny_model(tok)
    before = {n: p.detach().clone() for n, p in model.named_parameters()}
    cfg = load_config(None, {"sft": {"data": str(path), "output_dir": str(tmp_path / "sft"), "max_steps": 2,
                                     "per_device_train_batch_size": 2, "learning_rate": 1e-2, "save_steps": 1,
                                     "max_length": 8192, "use_cpu": True, "seed": 0}})
    trainer = build_sft_trainer(cfg, model=model, tokenizer=tok)
    # assistant-only loss: the trained tokens are the tool calls and the final answer, never tool output
    ex = trainer.train_dataset[0]
    ids = ex["input_ids"]
    mask = [l != -100 for l in ex["labels"]] if "labels" in ex else ex["assistant_masks"]
    trained = tok.decode([t for t, m in zip(ids, mask) if m])
    ignored = tok.decode([t for t, m in zip(ids, mask) if not m])
    assert "<tool_call>" in trained and "run_read_only_sql" in trained and "```json" in trained
    assert "<tool_response>" not in trained and "<tool_response>" in ignored
    assert "<|im_end|>" in trained  # the model learns to stop its turns
    trainer.train()
    assert trainer.state.global_step == 2
    losses = [h["loss"] for h in trainer.state.log_history if "loss" in h]
    assert len(losses) == 2 and all(0 < l < 100 for l in losses)
    assert any(not torch.equal(p.detach(), before[n]) for n, p in model.named_parameters())
    ckpt = tmp_path / "sft" / "checkpoint-2"
    assert (ckpt / "trainer_state.json").exists()
    # resume for one more step
    cfg3 = load_config(None, {"sft": {**cfg.sft, "max_steps": 3}})
    t2 = build_sft_trainer(cfg3, model=build_tiny_model(tok, seed=7), tokenizer=tok)
    t2.train(resume_from_checkpoint=str(ckpt))
    assert t2.state.global_step == 3
    final = tmp_path / "sft" / "final"
    t2.save_model(str(final))
    tok.save_pretrained(str(final))

    # GRPO starts from the SFT checkpoint (the "beyond SFT" path): loads as model.name_or_path
    from medcalc_rl.envs import TaskIndex
    from medcalc_rl.train_grpo import build_trainer, load_model_and_tokenizer

    gcfg = load_config(None, {"model": {"name_or_path": str(final), "dtype": "float32"},
                              "rollout": {"max_turns": 3, "max_tokens_per_turn": 8, "max_tool_output_chars": 500},
                              "grpo": {"output_dir": str(tmp_path / "grpo"), "num_generations": 2,
                                       "per_device_train_batch_size": 2, "max_completion_length": 256,
                                       "max_steps": 1, "use_cpu": True, "save_strategy": "no"}})
    m, tk = load_model_and_tokenizer(gcfg.model)
    assert all(torch.equal(p, dict(t2.model.named_parameters())[n].detach().cpu()) for n, p in m.named_parameters())
    assert tk.chat_template == tok.chat_template
    index = TaskIndex()
    ds = index.dataset(index.add(medmcp_env, rl_tasks[:1], "test"))
    g = build_trainer(gcfg, model=m, tokenizer=tk, index=index, train_dataset=ds, eval_tasks={})
    g.train()
    assert g.state.global_step == 1
    eps = g.medcalc_rollout.last_episodes
    assert len(eps) == 2 and all(e.scores["TF"] in (0.0, 1.0) for e in eps)
