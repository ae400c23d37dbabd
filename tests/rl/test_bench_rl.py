"""bench/bench_rl.py runs end to end on CPU (the same script a GPU machine runs), and rejects bad sizes.

The smoke environment is the one the GPU machine uses (its image has no PostgreSQL); the medmcp_calc
rollout itself is covered by test_grpo_medmcp.py.
"""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "bench_rl.py"


def _run(*args, timeout=600):
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


def test_smoke_env_on_cpu_writes_report_and_json(tmp_path):
    out = tmp_path / "rl.json"
    r = _run("--env", "smoke", "--steps", "2", "--tasks", "4", "--hidden", "64", "--vocab", "1024",
             "--max-tokens-per-turn", "16", "--max-completion", "512", "--no-write", "--json", str(out))
    assert r.returncode == 0, r.stderr[-3000:]
    # stdout is the Markdown section only (the trainer's logs go to stderr)
    assert r.stdout.startswith("## bench_rl.py — "), r.stdout[:300]
    assert "### Environment cost per call" in r.stdout and "### GRPO steps" in r.stdout
    assert "{'loss'" not in r.stdout
    res = json.loads(out.read_text())

    cost = res["env_cost"]
    assert cost["episodes"] == 4 and cost["stop_reasons"] == ["answer"]
    # every reference trajectory multiplies, adds, answers: 3 turns and 2 calls each, scored perfect
    assert cost["turns"] == 12 and cost["tool_calls"] == 8
    assert cost["scores"] == {"TF": 1.0, "CS": 1.0, "QP": 1.0}
    s = cost["samples"]
    assert len(s["tool:multiply"]) == 4 and len(s["tool:add"]) == 4
    assert len(s["turn"]) == 12 and len(s["delta"]) == 8 and len(s["start"]) == 4 and len(s["score"]) == 4
    assert cost["env_tokens"] > 0

    steps = res["grpo"]["steps"]
    assert [r_["step"] for r_ in steps] == [1, 2]
    for st in steps:
        assert st["step_s"] > 0 and 0 < st["gen_s"] < st["step_s"]
        assert st["gen_tokens"] > 0 and st["train_tokens"] > 0
        assert 0 < st["env_share"] < 1
    # the rubric reached the trainer: forced (even) slots solve, sampled (odd) slots of a random model do not
    last = res["grpo"]["last_metrics"]
    assert last["env/QP"] == 0.5 and last["tools/multiply"] == 1.0
    assert res["summary"]["step_s"] == steps[1]["step_s"]


def test_bad_arguments_are_refused_with_a_reason():
    r = _run("--env", "smoke", "--batch", "3", "--generations", "2", "--no-write", timeout=120)
    assert r.returncode == 2
    assert "--batch (3) must be a multiple of --generations (2)" in r.stderr
    r = _run("--env", "smoke", "--json", "/nonexistent-dir/rl.json", "--no-write", timeout=120)
    assert r.returncode == 2 and "--json: the folder of '/nonexistent-dir/rl.json' does not exist" in r.stderr
    r = _run("--tools", "sql,web", "--no-write", timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "--tools takes a comma-separated subset of sql, search, python, calculator; got 'sql,web'" in r.stderr
