"""Fixtures for the RL tests: an offline tiny Qwen3 tokenizer (trained on the fly, TRL's Qwen3 template)."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")


@pytest.fixture(scope="session")
def tiny_tokenizer():
    from medcalc_rl.tiny import build_tiny_tokenizer

    return build_tiny_tokenizer()


@pytest.fixture(scope="session")
def codec(tiny_tokenizer):
    from medcalc_rl.chat import ChatCodec

    return ChatCodec(tiny_tokenizer)


# --- a small real EHR with a few scenario tasks (embedded PostgreSQL, real SQL/Python cores) ----------
RL_SCENARIOS = ("gfr_assessment_admission", "gfr_assessment_body_size")


@pytest.fixture(scope="session")
def rl_tasks():
    """Two tasks generated now from their scenarios (so tasks and EHR rows always agree, even while the
    frozen test split is being regenerated)."""
    from medmcp_calc.scenarios.generate import generate
    from medmcp_calc.scenarios.registry import by_id, loadable

    ids = {s.id for s in loadable()}
    chosen = [sid for sid in RL_SCENARIOS if sid in ids]
    chosen += [sid for sid in sorted(ids) if sid.startswith("gfr_") and sid not in chosen]
    chosen += [sid for sid in sorted(ids) if sid not in chosen]
    chosen = chosen[:2]  # scenario ids may be renamed: always two tasks
    return [generate(by_id(sid), 0, "test").task for sid in chosen]


@pytest.fixture(scope="session")
def rl_db(embedded_pg_url, rl_tasks):
    from medmcp_calc.db.builder import build_database
    from medmcp_calc.scenarios.build import build_ehr

    return build_database(embedded_pg_url, build_ehr(distractors=10, include_test=False, tasks=rl_tasks),
                          dbname="medmcp_test_rl")


@pytest.fixture(scope="session")
def medmcp_env(rl_db):
    """The real medmcp_calc adapter (SQL + Python tools) on the small EHR."""
    from medmcp_calc.db.core import EHRDatabase

    from medcalc_rl.env_medmcp import MedMCPCalcEnv

    db = EHRDatabase(rl_db.agent_url)
    yield MedMCPCalcEnv(database=db, tools=("sql", "python"))
    db.close()
