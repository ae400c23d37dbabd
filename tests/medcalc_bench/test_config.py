"""Each config option changes the prompt / tools / data as documented."""
from __future__ import annotations

import pytest

import medcalc_bench
from medcalc_bench.data import DataUnavailable
from medcalc_bench.taskset import MedCalcBenchConfig, MedCalcBenchTaskset


@pytest.fixture(scope="module")
def paths(shared_dir):
    d = shared_dir / "medcalc_bench"
    return {"test": str(d / "v1_test_dev.csv"), "one_shot": str(d / "verified_one_shot.csv"),
            "corrected": str(d / "v1_corrected_dev.csv")}


def first(paths, **kw):
    ts = MedCalcBenchTaskset(MedCalcBenchConfig(data_path=paths["test"], **kw))
    return ts, next(iter(ts))


def tool_names(ts):
    out = []
    for t in ts.toolsets(ts.config):
        out += t.offered_tools()
    return sorted(out)


def test_package_exports_for_vf_eval():
    import verifiers.v1 as vf

    assert set(medcalc_bench.__all__) == {"MedCalcBenchTaskset", "LocalChatHarness", "MedCalcBenchEnv"}
    assert vf.taskset_config_type("medcalc-bench") is MedCalcBenchConfig
    assert vf.default_harness_id("medcalc-bench") == "medcalc-bench"
    env_cfg = vf.env_config_type("medcalc-bench")()
    assert env_cfg.agent.runtime.type == "subprocess"


def test_defaults(paths):
    ts, t = first(paths)
    d = t.data
    assert ts.config.version == "verified" and ts.config.max_turns == 20 and ts.config.answer_format == "xml"
    assert "<answer>" in d.system_prompt and "\\boxed" not in d.system_prompt
    assert "MM/DD/YYYY" in d.system_prompt and "(weeks, days)" in d.system_prompt  # the four answer formats
    assert "run_python" not in d.system_prompt and "Example patient note" not in d.system_prompt
    assert "<think>" not in d.system_prompt
    assert d.prompt.startswith("Patient note:\n") and "\n\nQuestion: " in d.prompt
    assert ts.toolsets(ts.config) == []
    assert len(list(ts)) == 698


def test_answer_format_boxed(paths):
    _, t = first(paths, answer_format="boxed")
    assert "\\boxed{" in t.data.system_prompt and "<answer>" not in t.data.system_prompt
    assert t.data.answer_format == "boxed"


def test_use_think(paths):
    _, t = first(paths, use_think=True)
    assert "<think>" in t.data.system_prompt


def test_tools(paths):
    ts, t = first(paths, add_python_tool=True)
    assert tool_names(ts) == ["run_python"] and "run_python" in t.data.system_prompt and "calculator:" not in t.data.system_prompt
    ts, t = first(paths, add_calculator_tool=True)
    assert tool_names(ts) == ["calculator", "convert_units"] and "run_python" not in t.data.system_prompt
    ts, t = first(paths, add_python_tool=True, add_calculator_tool=True)
    assert tool_names(ts) == ["calculator", "convert_units", "run_python"]
    assert len(ts.toolsets(ts.config)) == 1  # one unprefixed server


def test_one_shot_example_per_calculator(paths):
    ts = MedCalcBenchTaskset(MedCalcBenchConfig(data_path=paths["test"], one_shot=True, one_shot_path=paths["one_shot"]))
    examples = ts.examples()
    seen = {}
    for t in ts:
        ex = examples[t.data.calculator_id]
        assert "Example patient note:\n" + ex.patient_note in t.data.system_prompt
        assert ex.calculator_id == t.data.calculator_id
        seen[t.data.calculator_id] = t.data.system_prompt
    assert len(seen) == 55 and len(set(seen.values())) == 55  # a different example per calculator


def test_one_shot_needs_a_local_example_file_offline(paths):
    ts = MedCalcBenchTaskset(MedCalcBenchConfig(data_path=paths["test"], one_shot=True))
    with pytest.raises(DataUnavailable, match="one-shot-path"):
        list(ts)


def test_max_turns_recorded_for_the_stop_hook(paths):
    _, t = first(paths, max_turns=3)
    assert t.data.max_turns == 3


def test_custom_system_prompt_text_and_file(paths, tmp_path):
    _, t = first(paths, system_prompt="Answer in <answer></answer> only.", add_python_tool=True)
    assert t.data.system_prompt.startswith("Answer in <answer></answer> only.")
    assert "meticulous" not in t.data.system_prompt and "run_python" in t.data.system_prompt
    f = tmp_path / "sys.txt"
    f.write_text("From a file.")
    _, t = first(paths, system_prompt=str(f))
    assert t.data.system_prompt == "From a file."


def test_versions_and_corrected_labels(paths):
    ts = MedCalcBenchTaskset(MedCalcBenchConfig(data_path=paths["test"], version="1.0-corrected",
                                                corrected_labels_path=paths["corrected"]))
    tasks = list(ts)
    assert 0 < len(tasks) < 698 and all(t.data.version == "1.0-corrected" for t in tasks)
    orig = {t.data.id: t.data.ground_truth for t in MedCalcBenchTaskset(MedCalcBenchConfig(data_path=paths["test"], version="1.0"))}
    assert sum(orig[t.data.id] != t.data.ground_truth for t in tasks) > 0
    with pytest.raises(DataUnavailable, match="corrected-labels-path"):
        list(MedCalcBenchTaskset(MedCalcBenchConfig(data_path=paths["test"], version="1.0-corrected")))


def test_no_data_names_both_options(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    ts = MedCalcBenchTaskset(MedCalcBenchConfig(dataset_id="nobody/no-such-medcalc-dataset"))
    with pytest.raises(DataUnavailable) as e:
        list(ts)
    assert "load_dataset" in str(e.value) and "--env.taskset.data-path" in str(e.value)


def test_bad_local_files(tmp_path):
    bad = tmp_path / "x.csv"
    bad.write_text("a,b\n1,2\n")
    with pytest.raises(DataUnavailable, match="lacks the MedCalc-Bench column"):
        list(MedCalcBenchTaskset(MedCalcBenchConfig(data_path=str(bad))))
    with pytest.raises(DataUnavailable, match="not found"):
        list(MedCalcBenchTaskset(MedCalcBenchConfig(data_path=str(tmp_path / "missing.csv"))))


def test_jsonl_and_parquet_inputs(paths, tmp_path):
    import pandas as pd

    df = pd.read_csv(paths["test"], dtype=str).head(5)
    df.to_json(tmp_path / "d.jsonl", orient="records", lines=True)
    df.to_parquet(tmp_path / "d.parquet")
    for name in ("d.jsonl", "d.parquet"):
        tasks = list(MedCalcBenchTaskset(MedCalcBenchConfig(data_path=str(tmp_path / name))))
        assert [t.data.id for t in tasks] == list(df["Unique ID"])
