"""Two trainer processes (accelerate, CPU/gloo) run GRPO with the real rollout: per-rank episodes,
metrics reduced over ranks, periodic evaluation sharded over ranks. Slow (opt-in: --run-slow)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_grpo_two_processes(tmp_path, rl_db, rl_tasks):
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text("".join(json.dumps(t) + "\n" for t in rl_tasks))
    out = tmp_path / "run"
    env = dict(os.environ, TRL_EXPERIMENTAL_SILENCE="1", MEDCALC_RL_OUT=str(out))
    cmd = [sys.executable, "-m", "accelerate.commands.launch", "--cpu", "--num_processes", "2", "--num_machines", "1",
           "--mixed_precision", "no", "--dynamo_backend", "no", "-m", "medcalc_rl.cli", "grpo",
           "--config", "rl/configs/tiny_cpu.yaml",
           "-o", f"env.env_kwargs={{db_url: '{rl_db.agent_url}', tasks_path: '{tasks}', tools: [sql, python]}}",
           "-o", "env.eval_every=2", "-o", "env.num_eval_tasks=2", "-o", "grpo.max_steps=2",
           "-o", "rollout.max_tokens_per_turn=8"]
    r = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=1200)
    assert r.returncode == 0, r.stderr[-3000:]
    logs = [json.loads(l) for l in (out / "metrics.jsonl").read_text().splitlines()]
    steps = [l for l in logs if "loss" in l]
    assert len(steps) == 2
    # 2 ranks x 2 episodes; even slots are fully scripted on each rank -> QP mean 0.5 over all 4 episodes
    assert steps[-1]["env/QP"] == pytest.approx(0.5) and steps[-1]["tools/run_read_only_sql"] > 0
    ev = [json.loads(l) for l in (out / "eval_results.jsonl").read_text().splitlines()]
    assert [e["step"] for e in ev] == [2] and "eval_test/QP" in ev[0]
    assert (out / "checkpoint-2" / "trainer_state.json").exists() and (out / "final").is_dir()
