"""Shared test fixtures.

- ``shared_dir``: third-party data in ``../shared/data`` (override with MEDCALC_SHARED_DIR);
  tests that need it skip with a clear reason when it is absent.
- ``--run-slow`` enables tests marked ``slow``.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def pytest_addoption(parser):
    parser.addoption("--run-slow", action="store_true", default=False, help="run tests marked slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--run-slow") or os.environ.get("MEDCALC_RUN_SLOW"):
        return
    skip = pytest.mark.skip(reason="slow test: pass --run-slow (or set MEDCALC_RUN_SLOW=1)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def shared_data_dir() -> Path:
    base = os.environ.get("MEDCALC_SHARED_DIR") or str(REPO.parent / "shared")
    return Path(base) / "data"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    d = shared_data_dir()
    if not d.is_dir():
        pytest.skip(f"third-party test data not found at {d} (set MEDCALC_SHARED_DIR to the folder holding data/)")
    return d


# --- EHR database fixtures (medmcp_calc.db) -------------------------------------------------
# ``embedded_pg_url``: admin URL of the private embedded PostgreSQL (started/attached once).
# ``ehr_db``: BuildInfo of a small hand-written EHR (medmcp_calc.db.sample) built on it;
#   use ``ehr_db.agent_url`` with medmcp_calc.db.core.EHRDatabase, ``ehr_db.admin_url`` to inspect.

@pytest.fixture(scope="session")
def embedded_pg_url() -> str:
    from medmcp_calc.db.embedded import ensure_server
    return ensure_server()


@pytest.fixture(scope="session")
def ehr_db(embedded_pg_url):
    from medmcp_calc.db.builder import build_database
    from medmcp_calc.db.sample import sample_tables
    return build_database(embedded_pg_url, sample_tables(), dbname="medmcp_test_sample")
