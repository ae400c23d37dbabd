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
