"""Schema module and builder: official columns, COPY load, content hash, idempotency, roles."""
from __future__ import annotations

import csv
import datetime as dt
import os

import psycopg
import pytest

from medmcp_calc.db import schema as S
from medmcp_calc.db.builder import (AGENT_ROLE, OWNER_ROLE, build_database, content_hash, database_hash,
                                    iter_copy_chunks, rows_from_csv)
from medmcp_calc.db.sample import make_row, sample_row_counts, sample_tables


def test_nine_tables_in_official_spelling_and_types():
    assert S.TABLE_NAMES == ("patient_information", "visit_inpatient", "examination_report", "laboratory_result",
                             "diagnostic_record", "anethesia_record", "admission_record", "order_inpatient",
                             "vital_signs")
    vit = {c.name: c.sql_type for c in S.TABLES["vital_signs"]}
    for col in ("breathe", "pulse", "heart_rate", "temperature", "systolic_pressure", "diastolic_pressure",
                "height", "weight"):
        assert vit[col] == "TEXT"
    lab = {c.name: c.sql_type for c in S.TABLES["laboratory_result"]}
    assert lab["test_result"] == "TEXT" and lab["normal_low"] == "DOUBLE PRECISION"
    assert lab["report_time"] == "TIMESTAMP"
    assert all(c.comment for cols in S.TABLES.values() for c in cols)
    for t, pk in S.PRIMARY_KEYS.items():
        assert pk in S.columns(t)
    ddl = S.ddl()
    assert "CREATE TABLE \"public\".\"anethesia_record\"" in ddl
    assert "(patient_id, test_item_name, report_time)" in ddl


def test_official_csv_headers_match_schema(shared_dir):
    folder = shared_dir / "medmcp_calc_official" / "task_patients"
    files = sorted(folder.glob("*.csv"))
    if not files:
        pytest.skip(f"no official task_patients CSVs in {folder}")
    for f in files:
        with open(f, newline="") as fh:
            header = tuple(next(csv.reader(fh)))
        assert header == S.columns(f.stem), f.name
        rows = list(rows_from_csv(f))
        assert rows and all(len(r) == len(header) for r in rows)
        # every official row canonicalises (types fit our schema)
        assert sum(n for _, n in iter_copy_chunks(f.stem, rows)) == len(rows)


def test_build_loads_rows_and_creates_keys_indexes_comments(built):
    assert built.row_counts == sample_row_counts()
    assert len(built.content_hash) == 64
    with psycopg.connect(built.admin_url) as conn:
        idx = {r[0] for r in conn.execute("SELECT indexname FROM pg_indexes WHERE schemaname = 'public'")}
        for ix in S.INDEXES:
            assert ix.name in idx
        assert "pk_laboratory_result" in idx
        n_comments = conn.execute(
            "SELECT count(*) FROM pg_description d JOIN pg_class c ON c.oid = d.objoid "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND d.objsubid > 0"
        ).fetchone()[0]
        assert n_comments == sum(len(v) for v in S.TABLES.values())
        row = conn.execute("SELECT test_result, normal_low, report_time, is_valid FROM laboratory_result "
                           "WHERE patient_id = 'P0001' AND test_item_name = 'Sodium'").fetchone()
        assert row == ("131", 135.0, dt.datetime(2025, 3, 10, 7, 30), True)
        # text with a tab and a newline survives COPY escaping
        pe = conn.execute("SELECT physical_examination FROM admission_record WHERE patient_id = 'P0001'").fetchone()[0]
        assert pe == "Alert, oriented.\tGCS 15.\nBilateral basal crackles."
        owner = conn.execute("SELECT tableowner FROM pg_tables WHERE tablename = 'vital_signs'").fetchone()[0]
        assert owner == OWNER_ROLE


def test_build_is_idempotent_and_hash_tracks_content(built, admin_url):
    again = build_database(admin_url, sample_tables(), dbname=built.dbname)
    assert not again.reloaded and again.content_hash == built.content_hash
    # one-shot iterators: hashed while streaming, rolled back as unchanged
    once = build_database(admin_url, {k: iter(v) for k, v in sample_tables().items()}, dbname=built.dbname)
    assert not once.reloaded and once.content_hash == built.content_hash
    assert database_hash(built.admin_url) == built.content_hash
    assert database_hash(built.agent_url) == built.content_hash      # via the database comment
    assert content_hash(sample_tables()) == built.content_hash


def test_hash_is_canonical_per_column_type():
    a = make_row("vital_signs", patient_id="P1", visit_id="V1", vs_id="X1", patient_name="n",
                 measure_time=dt.datetime(2025, 1, 2, 3, 4, 5), days_in_hospital=3, is_valid=True)
    b = make_row("vital_signs", patient_id="P1", visit_id="V1", vs_id="X1", patient_name="n",
                 measure_time="2025-01-02T03:04:05", days_in_hospital="3", is_valid="t")
    c = make_row("vital_signs", patient_id="P1", visit_id="V1", vs_id="X1", patient_name="n",
                 measure_time="2025-01-02 03:04:06", days_in_hospital="3", is_valid="t")
    assert content_hash({"vital_signs": [a]}) == content_hash({"vital_signs": [b]})
    assert content_hash({"vital_signs": [a]}) != content_hash({"vital_signs": [c]})


def test_bad_rows_give_clear_errors():
    good = make_row("patient_information", patient_id="P1", patient_name="n", gender="Male")
    with pytest.raises(ValueError, match="patient_information row 1: expected 14 values"):
        content_hash({"patient_information": [good[:-1]]})
    bad = make_row("patient_information", patient_id="P1", patient_name="n", gender="Male", birth_date="yesterday")
    with pytest.raises(ValueError, match="row 1, column birth_date"):
        content_hash({"patient_information": [bad]})
    missing = make_row("patient_information", patient_id=None, patient_name="n", gender="Male")
    with pytest.raises(ValueError, match="patient_id is required"):
        content_hash({"patient_information": [missing]})
    with pytest.raises(ValueError, match="unknown table"):
        content_hash({"labs": []})


def test_changed_content_reloads_and_force_reloads(admin_url):
    from medmcp_calc.db.builder import drop_database
    name = f"medmcp_test_reload_{os.getpid()}"      # private: concurrent test runs must not interleave here
    t = sample_tables()
    try:
        first = build_database(admin_url, t, dbname=name)
        assert first.reloaded
        t["laboratory_result"] = t["laboratory_result"][:-1]
        second = build_database(admin_url, t, dbname=name)
        assert second.reloaded and second.content_hash != first.content_hash
        assert second.row_counts["laboratory_result"] == len(t["laboratory_result"])
        assert database_hash(second.admin_url) == second.content_hash
        forced = build_database(admin_url, t, dbname=name, force=True)
        assert forced.reloaded and forced.content_hash == second.content_hash
    finally:
        drop_database(admin_url, name)


def test_roles_agent_can_only_select(built):
    with psycopg.connect(built.admin_url, autocommit=True) as admin:
        roles = dict((r[0], r[1:]) for r in admin.execute(
            "SELECT rolname, rolcanlogin, rolsuper, rolcreatedb, rolcreaterole FROM pg_roles "
            "WHERE rolname IN (%s, %s)", (OWNER_ROLE, AGENT_ROLE)))
    assert roles[OWNER_ROLE] == (False, False, False, False)
    assert roles[AGENT_ROLE] == (True, False, False, False)
    with psycopg.connect(built.agent_url, autocommit=True) as conn:
        assert conn.execute("SELECT count(*) FROM patient_information").fetchone()[0] == 3
        # the role default is read-only, but privileges must hold even when the agent turns that off
        conn.execute("SET default_transaction_read_only = off")
        for stmt in ["INSERT INTO vital_signs (patient_id, visit_id, vs_id, campus_name, patient_name) "
                     "VALUES ('x', 'x', 'x', 'x', 'x')",
                     "UPDATE laboratory_result SET test_result = '0'",
                     "DELETE FROM patient_information",
                     "TRUNCATE laboratory_result",
                     "DROP TABLE vital_signs",
                     "CREATE TABLE public.evil (a int)",
                     "CREATE TEMP TABLE evil (a int)",
                     "CREATE SCHEMA evil",
                     "SELECT * FROM medmcp_meta.build_info"]:
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(stmt)


def test_official_task_patient_rows_load_and_query(shared_dir, admin_url):
    from medmcp_calc.db.core import EHRDatabase
    folder = shared_dir / "medmcp_calc_official" / "task_patients"
    files = sorted(folder.glob("*.csv"))
    if not files:
        pytest.skip(f"no official task_patients CSVs in {folder}")
    tables = {f.stem: list(rows_from_csv(f)) for f in files}
    info = build_database(admin_url, tables, dbname="medmcp_test_official")
    assert info.row_counts == {t: len(tables.get(t, [])) for t in S.TABLE_NAMES}
    pid = tables["vital_signs"][0][1]
    db = EHRDatabase(info.agent_url, pool_size=1)
    try:
        out = db.run_query(f"SELECT patient_id, systolic_pressure FROM vital_signs WHERE patient_id = '{pid}' "
                           f"ORDER BY measure_time LIMIT 1")
        assert out.splitlines()[1] == f"{pid}|{tables['vital_signs'][0][17]}"
    finally:
        db.close()


def test_shared_ehr_db_fixture(ehr_db):
    """The root conftest's ``ehr_db`` (used by other suites) is a built, queryable sample EHR."""
    from medmcp_calc.db.core import EHRDatabase
    assert ehr_db.dbname == "medmcp_test_sample" and ehr_db.row_counts == sample_row_counts()
    db = EHRDatabase(ehr_db.agent_url, pool_size=1)
    try:
        assert db.run_query("SELECT patient_id FROM patient_information ORDER BY 1").splitlines()[1:] == \
            ["P0001", "P0002", "P0003", "(3 rows)"]
    finally:
        db.close()


def test_concurrent_builds_do_not_collide(admin_url):
    """Builders of different databases (and of the same one) may run at once on one server."""
    from concurrent.futures import ThreadPoolExecutor
    from medmcp_calc.db.builder import drop_database
    names = [f"medmcp_test_conc_{os.getpid()}_{i % 3}" for i in range(6)]   # 3 databases, 2 builders each
    try:
        with ThreadPoolExecutor(6) as ex:
            infos = list(ex.map(lambda n: build_database(admin_url, sample_tables(), dbname=n), names))
        assert {i.content_hash for i in infos} == {infos[0].content_hash}
        assert sum(i.reloaded for i in infos) == 3                  # each database loaded exactly once
    finally:
        for n in set(names):
            drop_database(admin_url, n)
