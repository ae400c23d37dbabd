"""Fixtures for the load and fault tests: the scenario EHR (every test-split patient + 200
distractors) on the shared embedded PostgreSQL."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def load_db(embedded_pg_url):
    from medmcp_calc.db.builder import build_database
    from medmcp_calc.scenarios.build import build_ehr

    return build_database(embedded_pg_url, build_ehr(distractors=200), dbname="medmcp_loadtest")
