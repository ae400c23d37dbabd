"""Fixtures for the environment tests: a scenario EHR (all test-split patients + 200 distractors)
on the embedded PostgreSQL, and a scripted OpenAI-compatible model whose behaviour a test picks."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def scenario_db(embedded_pg_url):
    from medmcp_calc.db.builder import build_database
    from medmcp_calc.scenarios.build import build_ehr

    return build_database(embedded_pg_url, build_ehr(distractors=200), dbname="medmcp_envtest")


@pytest.fixture(scope="session")
def test_tasks():
    from medmcp_calc.env import rubric_ground_truth
    from medmcp_calc.scenarios.build import load_tasks

    tasks = load_tasks("test")
    for t in tasks:
        t["rubric_gt"] = rubric_ground_truth(t["ground_truth"])
    return tasks
