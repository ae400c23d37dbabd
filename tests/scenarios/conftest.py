"""Fixtures for the scenario suite: one small EHR database (embedded PostgreSQL, or the server named by
MEDMCP_DATABASE_URL) holding every test task's patient, 200 distractors and the first train tasks."""
from __future__ import annotations


import pytest

TRAIN_IN_DB = 500
SMALL_DISTRACTORS = 200


@pytest.fixture(scope="session")
def scenario_db():
    from medmcp_calc.db import resolve_database_url
    from medmcp_calc.db.builder import build_database
    from medmcp_calc.db.core import EHRDatabase
    from medmcp_calc.scenarios.build import build_ehr

    admin = resolve_database_url()
    info = build_database(admin, build_ehr(distractors=SMALL_DISTRACTORS, train=TRAIN_IN_DB),
                          dbname="medmcp_scenarios_test")
    db = EHRDatabase(info.agent_url)
    try:
        yield info, db
    finally:
        db.close()
