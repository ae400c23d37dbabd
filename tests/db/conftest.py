"""Fixtures for the EHR database tests: every test using ``built``/``db`` runs against the
embedded server AND, when env MEDMCP_TEST_EXTERNAL_PG holds its admin URL (CI sets
postgresql://postgres@127.0.0.1:5432/postgres), against that external PostgreSQL too."""
from __future__ import annotations

import os

import psycopg
import pytest

from medmcp_calc.db import schema as S

TEST_DBNAME = "medmcp_test_db"


@pytest.fixture(scope="session", params=["embedded", pytest.param("external", marks=pytest.mark.external_pg)])
def admin_url(request, embedded_pg_url) -> str:
    if request.param == "embedded":
        return embedded_pg_url
    url = os.environ.get("MEDMCP_TEST_EXTERNAL_PG")
    if not url:
        pytest.skip("external PostgreSQL not configured (set MEDMCP_TEST_EXTERNAL_PG to an admin URL, "
                    "e.g. postgresql://postgres@127.0.0.1:5432/postgres)")
    return url


@pytest.fixture(scope="session")
def built(admin_url):
    from medmcp_calc.db.builder import build_database
    from medmcp_calc.db.sample import sample_tables
    return build_database(admin_url, sample_tables(), dbname=TEST_DBNAME)


@pytest.fixture(scope="session")
def db(built):
    from medmcp_calc.db.core import EHRDatabase
    database = EHRDatabase(built.agent_url, statement_timeout_ms=1500, max_rows=50, max_bytes=4000,
                           pool_size=4, cancel_grace_s=1.0)
    yield database
    database.close()


def snapshot(admin_db_url: str) -> dict:
    """Everything an attack could change: table contents, relations, roles' settings and privileges."""
    out: dict = {}
    with psycopg.connect(admin_db_url, autocommit=True) as conn:
        for t in S.TABLE_NAMES:
            pk = S.PRIMARY_KEYS[t]
            out[t] = conn.execute(
                f"SELECT count(*), md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x.{pk}), '')) "
                f"FROM public.{t} x").fetchone()
        out["relations"] = conn.execute(
            "SELECT n.nspname, c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') ORDER BY 1, 2").fetchall()
        out["roles"] = conn.execute(
            "SELECT rolname, rolsuper, rolcanlogin, rolcreatedb, rolcreaterole, rolconfig FROM pg_roles "
            "WHERE rolname LIKE 'medmcp%' ORDER BY 1").fetchall()
        out["acl"] = conn.execute(
            "SELECT c.relname, c.relacl::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = 'public' ORDER BY 1").fetchall()
        out["comment"] = conn.execute(
            "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = current_database()"
        ).fetchone()
    return out


@pytest.fixture(scope="session")
def take_snapshot():
    return snapshot
