"""The medcalc_bench adapter on real MedCalc-Bench dev rows (third-party data: skipped when absent)."""
import pytest

from medcalc_rl.envs import TaskIndex, make_env, reference_script
from medcalc_rl.backends import HFBackend, ScriptedBackend
from medcalc_rl.rollout import EpisodeRunner, RolloutConfig


@pytest.fixture(scope="module")
def bench(shared_dir):
    path = shared_dir / "medcalc_bench" / "v1_test_dev.csv"
    if not path.exists():
        pytest.skip(f"MedCalc-Bench dev file not found at {path}")
    env = make_env("medcalc_bench", data_path=str(path), version="1.0", python_tool=True, calculator_tool=True)
    return env, env.load_tasks("test", 3)


def test_bench_episodes_reference_and_tools(bench, codec, tiny_tokenizer):
    from medcalc_rl.tiny import build_tiny_model

    env, rows = bench
    assert [t["function"]["name"] for t in env.tool_schemas()] == ["run_python", "calculator", "convert_units"]
    assert env.call_tool({}, "calculator", {"expression": "2 * (3 + 4)"}).strip().startswith("14")
    assert env.call_tool({}, "run_sql", {"query": "x"}).startswith("Error: unknown tool")
    index = TaskIndex()
    rows_ds = index.add(env, rows, "test")
    assert index.resolve(rows_ds[0]["prompt"])[1] is rows[0]
    runner = EpisodeRunner(codec, RolloutConfig(max_turns=3, max_tokens_per_turn=8))
    model = build_tiny_model(tiny_tokenizer)
    backend = ScriptedBackend(HFBackend(model, codec.pad_id, [codec.eos_id]),
                              reference_script(lambda ep, turn: ep.slot % 2 == 0))
    eps = []
    for i, r in enumerate(rows + rows):
        ep = runner.start(env, r)
        ep.slot = i
        eps.append(ep)
    runner.run(eps, backend, budget=3000)
    for e in eps:
        assert e.scores["CS"] is None and e.scores["EA"] is None
        if e.slot % 2 == 0:  # the worked explanation + ground truth in <answer> tags grades correct
            assert e.stop_reason == "answer" and e.scores == {"TF": 1.0, "QP": 1.0, "CS": None, "EA": None}
        else:  # a random tiny model gives no gradable answer
            assert e.scores["QP"] == 0.0


def test_grpo_steps_on_medcalc_bench_with_its_config(bench, shared_dir, tmp_path):
    """The shipped MedCalc-Bench GRPO config, shrunk to CPU (tiny model, HF generation, reference turns on
    even slots): two steps, rewards from the benchmark's grader reach the loss, CS/EA are not rewards."""
    from pathlib import Path

    from medcalc_rl.config import load_config
    from medcalc_rl.train_grpo import build_trainer

    path = str(shared_dir / "medcalc_bench" / "v1_test_dev.csv")
    root = Path(__file__).resolve().parents[2]
    cfg = load_config(root / "rl" / "configs" / "grpo_medcalc_bench_qwen3_4b.yaml", {
        "model": {"name_or_path": None, "dtype": "auto", "attn_implementation": None, "chat_template": None,
                  "tiny": {"hidden_size": 64, "num_layers": 2}},
        "env": {"env_kwargs": {"data_paths": {"train": path, "test": path}, "version": "1.0"},
                "num_train_tasks": 2, "eval_every": 0},
        "rollout": {"max_turns": 3, "max_tokens_per_turn": 8},
        # the reference answers in one turn: only even slots are scripted, so each group has a solved and an
        # unsolved episode
        "script": {"reference_turns": "even"},
        "grpo": {"output_dir": str(tmp_path / "run"), "use_vllm": False, "num_generations": 2,
                 "per_device_train_batch_size": 2, "max_completion_length": 2048, "max_steps": 2,
                 "save_strategy": "no", "bf16": False, "use_cpu": True, "report_to": "none",
                 "gradient_checkpointing": False, "learning_rate": 1e-3},
    })
    trainer = build_trainer(cfg)
    assert [f.__name__ for f in trainer.reward_funcs] == ["reward_QP", "reward_TF", "reward_format"]
    before = {n: p.detach().clone() for n, p in trainer.model.named_parameters()}
    trainer.train()
    logs = [r for r in trainer.state.log_history if "loss" in r]
    assert len(logs) == 2
    for rec in logs:  # even slots answer with the worked explanation (graded correct), odd slots do not
        assert rec["rewards/reward_QP/mean"] == 0.5 and rec["env/QP"] == 0.5
        assert "rewards/reward_EA/mean" not in rec and "env/EA" not in rec
    assert any(not torch_equal(p, before[n]) for n, p in trainer.model.named_parameters())


def torch_equal(a, b) -> bool:
    import torch

    return bool(torch.equal(a, b))
