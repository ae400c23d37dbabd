"""Every shipped config resolves into valid TRL configs; the CLI runs as a real subprocess."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from medcalc_rl.config import load_config, parse_overrides
from medcalc_rl.rewards import DEFAULT_WEIGHTS, build_reward_funcs

REPO = Path(__file__).resolve().parents[2]
CONFIGS = sorted((REPO / "rl" / "configs").glob("*.yaml"))


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.name)
def test_configs_build_trl_args(path, tmp_path, monkeypatch):
    from trl import GRPOConfig, SFTConfig

    monkeypatch.setenv("MEDCALC_RL_OUT", str(tmp_path / "out"))
    monkeypatch.setenv("MEDCALC_SFT_OUT", str(tmp_path / "sft"))
    cfg = load_config(path)
    assert cfg.model.name_or_path or cfg.model.tiny
    if cfg.grpo:
        funcs, weights = build_reward_funcs(cfg.rewards.get("weights"), cfg.rewards.get("penalty"))
        g = dict(cfg.grpo, reward_weights=weights)
        if g.get("use_vllm"):
            assert g["vllm_mode"] in ("server", "colocate")
        args = GRPOConfig(**{k: v for k, v in g.items() if k not in ("bf16", "use_cpu")}, use_cpu=True)
        assert len(args.reward_weights) == len(funcs)
        assert args.max_completion_length >= cfg.rollout.max_tokens_per_turn
    if cfg.sft:
        s = {k: v for k, v in cfg.sft.items() if k not in ("data", "bf16", "use_cpu")}
        SFTConfig(**s, use_cpu=True)


def test_reward_weights_default_and_errors():
    funcs, w = build_reward_funcs()
    assert [f.__name__ for f in funcs] == ["reward_QP", "reward_EA", "reward_CS", "reward_TF", "reward_format"]
    assert w == [DEFAULT_WEIGHTS[k] for k in ("QP", "EA", "CS", "TF", "format")]
    assert w[0] > w[1] > w[2] > w[3]  # QP, then EA dominate
    funcs, w = build_reward_funcs({"EA": 0.0, "format": 0.5})
    assert "reward_EA" not in [f.__name__ for f in funcs] and w[-1] == 0.5
    with pytest.raises(ValueError, match="unknown reward"):
        build_reward_funcs({"XX": 1.0})
    fmt = funcs[-1]
    assert fmt(malformed_calls=[0, 2, 9], answered=[True, True, False], num_turns=[3, 30, 3]) == pytest.approx(
        [0.0, -0.2 - 0.01 * 18, -0.5 - 0.2])


def test_config_errors_and_overrides(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("grpo: {}\nmodle: {}\n")
    with pytest.raises(ValueError, match="unknown top-level"):
        load_config(bad)
    bad.write_text("rollout: {max_turn: 3}\n")
    with pytest.raises(ValueError, match="max_turn"):
        load_config(bad)
    bad.write_text("model: {name_or_path: '${SURELY_UNSET_VAR_X}'}\n")
    with pytest.raises(KeyError, match="SURELY_UNSET_VAR_X"):
        load_config(bad)
    assert parse_overrides(["grpo.learning_rate=1e-6", "env.eval_splits=[test]"]) == {
        "grpo": {"learning_rate": 1e-6}, "env": {"eval_splits": ["test"]}}


def _cli(*args, **kw):
    env = dict(os.environ, TRL_EXPERIMENTAL_SILENCE="1")
    return subprocess.run([sys.executable, "-m", "medcalc_rl.cli", *args], capture_output=True, text=True,
                          cwd=REPO, env=env, timeout=600, **kw)


def test_cli_show_config_and_export(tmp_path, rl_db, rl_tasks):
    r = _cli("show-config", "--config", "rl/configs/grpo_qwen3_4b.yaml", "-o", "grpo.learning_rate=2e-6")
    assert r.returncode == 0, r.stderr
    cfg = json.loads(r.stdout)
    assert cfg["grpo"]["learning_rate"] == 2e-6 and cfg["grpo"]["vllm_mode"] == "server"
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text("".join(json.dumps(t) + "\n" for t in rl_tasks))
    out = tmp_path / "sft.jsonl"
    r = _cli("export-sft", "--env", "medmcp_calc", "--split", "test", "--out", str(out),
             "--env-kw", f"db_url={rl_db.agent_url}", "--env-kw", f"tasks_path={tasks}",
             "--env-kw", "tools=[sql, python]", "--max-tool-output-chars", "1500")
    assert r.returncode == 0, r.stderr[-2000:]
    summary = json.loads(r.stdout)
    assert summary["kept"] == len(rl_tasks) and summary["mean_QP"] == 1.0
    assert len(out.read_text().splitlines()) == len(rl_tasks)
    r = _cli("grpo", "--config", "rl/configs/nope.yaml")
    assert r.returncode != 0 and "nope.yaml" in r.stderr


def test_cli_bad_input_gives_one_clear_line(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    exe = str(Path(sys.executable).with_name("medcalc-rl"))
    cases = [
        (["grpo", "--config", str(tmp_path / "nope.yaml")], "config file not found"),
        (["export-sft", "--env", "nosuch", "--out", str(tmp_path / "x.jsonl")], "unknown environment 'nosuch'"),
        (["show-config", "--config", "rl/configs/tiny_cpu.yaml", "-o", "garbage"], "must look like section.key=value"),
        # a mistyped TRL key is named (with the likely intended one) before any data or model is loaded
        (["grpo", "--config", "rl/configs/tiny_cpu.yaml", "-o", "grpo.learning_rat=0.1"],
         "grpo: unknown key(s) ['learning_rat']: not fields of trl.GRPOConfig ('learning_rat' -> did you mean 'learning_rate'?)"),
        (["sft", "--config", "rl/configs/sft_qwen3_4b.yaml", "-o", "sft.max_seq_length=64"],
         "sft: unknown key(s) ['max_seq_length']: not fields of trl.SFTConfig ('max_seq_length' -> did you mean 'max_length'?)"),
    ]
    root = Path(__file__).resolve().parents[2]
    for args, msg in cases:
        r = subprocess.run([exe, *args], capture_output=True, text=True, cwd=root, timeout=300)
        assert r.returncode == 2 and msg in r.stderr and "Traceback" not in r.stderr, (args, r.stderr[-1500:])
