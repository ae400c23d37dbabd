"""EHRDatabase behaviour: output format, truncation, errors, typed rows, concurrency."""
from __future__ import annotations

import asyncio
import datetime as dt
from concurrent.futures import ThreadPoolExecutor

from medmcp_calc.db.core import EHRDatabase

LAB_Q = ("SELECT test_item_name, test_result, unit, report_time FROM laboratory_result "
         "WHERE patient_id = 'P0001' AND test_item_name = 'Creatinine' ORDER BY report_time")


def test_compact_output_header_once_then_rows(db):
    out = db.run_query(LAB_Q)
    assert out.splitlines() == [
        "test_item_name|test_result|unit|report_time",
        "Creatinine|1.8|mg/dL|2025-03-10 07:30:00",
        "Creatinine|2.1|mg/dL|2025-03-11 07:30:00",
        "(2 rows)",
    ]


def test_nulls_newlines_and_separators_are_visible(db):
    out = db.run_query("SELECT height, physical_examination, 'a|b' AS pipe FROM vital_signs v "
                       "JOIN admission_record a USING (patient_id) WHERE v.vs_id = 'P0001_VS_1'")
    lines = out.splitlines()
    assert lines[0] == "height|physical_examination|pipe"
    assert lines[1] == "NULL|Alert, oriented.\tGCS 15.\\nBilateral basal crackles.|a\\|b"
    assert lines[2] == "(1 row)"


def test_empty_result_says_zero_rows(db):
    assert db.run_query("SELECT patient_id FROM patient_information WHERE patient_id = 'nobody'") == \
        "patient_id\n(0 rows)"


def test_row_truncation_is_announced(built):
    small = EHRDatabase(built.agent_url, max_rows=3, pool_size=1)
    try:
        out = small.run_query("SELECT report_item_id FROM laboratory_result ORDER BY report_item_id")
        lines = out.splitlines()
        assert lines[1:4] == ["LRI00001", "LRI00002", "LRI00003"]
        assert "truncated: showing the first 3 rows" in lines[4]
        res = small.query_rows("SELECT report_item_id FROM laboratory_result")
        assert res.truncated and len(res.rows) == 3
    finally:
        small.close()


def test_byte_truncation_is_announced(db):
    out = db.run_query("SELECT g, repeat('z', 300) FROM generate_series(1, 100) g")
    assert len(out.encode()) <= db.max_bytes + 300
    assert "output truncated at 4000 bytes" in out.splitlines()[-1]


def test_errors_are_messages_with_hints(db):
    out = db.run_query("SELECT creatinine FROM laboratory_result")
    assert out.startswith('Error: column "creatinine" does not exist')
    assert "describe_tables" in out
    out = db.run_query("SELECT * FROM labs")
    assert out.startswith('Error: relation "labs" does not exist') and "list_tables" in out
    out = db.run_query("SELEC * FROM labs")
    assert out.startswith("Error: SQL syntax error") and 'near "SELEC"' in out
    assert db.run_query(None).startswith("Error: The query must be a string")       # type: ignore[arg-type]
    out = db.run_query("SELECT test_result::numeric FROM laboratory_result WHERE patient_id = 'P0003'")
    assert out.startswith("Error: invalid input syntax for type numeric") and "test_result ~" in out


def test_timeout_message(db):
    out = db.run_query("SELECT count(*) FROM generate_series(1, 100000) a, generate_series(1, 100000) b")
    assert out.startswith("Error: the query was cancelled after the 1.5 s time limit")


def test_list_and_describe(db):
    lt = db.list_tables()
    assert lt.splitlines()[0].startswith("9 tables")
    assert any(line.startswith("anethesia_record - ") for line in lt.splitlines())
    d = db.describe_tables(["vital_signs", "patient_information"])
    lines = d.splitlines()
    assert lines[0].startswith("vital_signs: ")
    assert "  vs_id text PK -- " in d and "  systolic_pressure text -- " in d
    assert "patient_information: " in d and "  birth_date date -- " in d
    assert db.describe_tables("laboratory_result, nope").endswith(
        "Error: unknown table(s): nope. Call list_tables to see the available tables.")
    assert db.describe_tables([]).startswith("Error:")
    assert db.describe_tables([1, 2]).startswith("Error: table_names must be a list")   # type: ignore[list-item]


def test_query_rows_returns_typed_values(db):
    res = db.query_rows("SELECT patient_id, birth_date, is_valid FROM patient_information ORDER BY 1")
    assert res.ok and res.columns == ["patient_id", "birth_date", "is_valid"]
    assert res.rows[0] == ("P0001", dt.date(1956, 4, 2), True)
    bad = db.query_rows("DELETE FROM patient_information")
    assert not bad.ok and bad.error.startswith("Error:") and bad.rows == []


def test_concurrent_threads_and_asyncio_share_the_pool(db):
    expected = db.run_query(LAB_Q)
    with ThreadPoolExecutor(16) as ex:
        outs = list(ex.map(lambda _: db.run_query(LAB_Q), range(64)))
    assert outs == [expected] * 64

    async def many():
        return await asyncio.gather(*[db.arun_query(LAB_Q) for _ in range(64)],
                                    db.alist_tables(), db.adescribe_tables(["vital_signs"]))
    res = asyncio.run(many())
    assert res[:64] == [expected] * 64
    assert res[64].startswith("9 tables") and res[65].startswith("vital_signs:")
    assert db.pool_stats().get("pool_max", 4) <= 4


def test_client_side_cancel_fires_without_server_timeout(built):
    # client deadline (timeout + grace) set well before the server's 20 s statement_timeout
    import time
    from medmcp_calc.db import core
    db = EHRDatabase(built.agent_url, statement_timeout_ms=20_000, cancel_grace_s=-19.0, pool_size=1)
    try:
        before = core._WATCHDOG.cancelled
        t0 = time.monotonic()
        out = db.run_query("SELECT count(*) FROM generate_series(1, 100000) a, generate_series(1, 100000) b")
        assert time.monotonic() - t0 < 8
        assert out.startswith("Error: the query was cancelled"), out
        assert core._WATCHDOG.cancelled == before + 1
        assert db.run_query("SELECT 1 AS one").splitlines()[1] == "1"     # connection still usable
    finally:
        db.close()


def test_missing_database_says_how_to_build_it(built):
    from medmcp_calc.db.urls import with_params
    db = EHRDatabase(with_params(built.agent_url, dbname="medmcp_no_such_db"), pool_size=1)
    try:
        for out in (db.run_query("SELECT 1"), db.list_tables(), db.describe_tables(["vital_signs"])):
            assert out.startswith("Error: the EHR database is not available") and "medmcp-calc db build" in out
    finally:
        db.close()
