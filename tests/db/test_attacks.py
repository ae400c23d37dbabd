"""The SQL tool under attack: every input is rejected or bounded, and the database is unchanged."""
from __future__ import annotations

import time

import pytest


REJECTED = [
    # multi-statement, hidden statements
    "SELECT 1; DROP TABLE patient_information",
    "SELECT 1 /* ; */ ; DELETE FROM vital_signs -- hidden",
    "SELECT 1 -- just a comment\n; DROP TABLE vital_signs",
    "SELECT $$;$$; DROP TABLE vital_signs",
    "SELECT 'a'';'; DELETE FROM laboratory_result",
    "SELECT\u200b 1; DROP TABLE vital_signs",                    # zero-width space
    # session / transaction control
    "SET statement_timeout = 0",
    "SET LOCAL statement_timeout = 0; SELECT count(*) FROM generate_series(1, 1000000000)",
    "RESET ALL",
    "BEGIN READ WRITE",
    "BEGIN; DELETE FROM vital_signs; COMMIT",
    "COMMIT",
    "ROLLBACK; DELETE FROM vital_signs",
    "SELECT set_config('statement_timeout', '0', false)",
    "SELECT set_config('default_transaction_read_only', 'off', false)",
    "DISCARD ALL",
    # writes and DDL
    "CREATE TEMP TABLE t AS SELECT 1",
    "CREATE TABLE evil (a int)",
    "SELECT * INTO evil FROM patient_information",
    "INSERT INTO vital_signs (patient_id) VALUES ('x')",
    "UPDATE laboratory_result SET test_result = '0'",
    "DELETE FROM patient_information",
    "TRUNCATE laboratory_result",
    "DROP TABLE laboratory_result",
    "ALTER TABLE vital_signs ADD COLUMN x int",
    "GRANT ALL ON vital_signs TO PUBLIC",
    "WITH d AS (DELETE FROM vital_signs RETURNING *) SELECT count(*) FROM d",
    "WITH u AS (UPDATE laboratory_result SET unit = 'x' RETURNING 1) SELECT * FROM u",
    "EXPLAIN ANALYZE DELETE FROM vital_signs",
    "COPY patient_information TO '/tmp/medmcp_leak'",
    "COPY (SELECT 1) TO STDOUT",
    "DO $$ BEGIN EXECUTE 'DROP TABLE vital_signs'; END $$",
    "PREPARE p AS DELETE FROM vital_signs",
    "LOCK TABLE vital_signs",
    "CALL some_procedure()",
    "NOTIFY medmcp",
    # locking clauses
    "SELECT * FROM laboratory_result FOR UPDATE",
    "SELECT * FROM patient_information FOR SHARE NOWAIT",
    "SELECT * FROM (SELECT * FROM vital_signs FOR NO KEY UPDATE) s",
    # dangerous functions
    "SELECT pg_read_file('/etc/passwd')",
    "SELECT * FROM pg_read_binary_file('postgresql.conf')",
    "SELECT pg_ls_dir('.')",
    "SELECT pg_stat_file('postgresql.conf')",
    "SELECT pg_sleep(60)",
    "SELECT pg_catalog.pg_sleep_for('1 minute')",
    "SELECT U&\"pg\\005fsleep\"(60)",                          # unicode-escaped identifier
    "SELECT (60::float8).pg_sleep",                               # attribute notation calls pg_sleep(60)
    "SELECT (normal_low).pg_sleep FROM laboratory_result",
    "SELECT ('/etc/passwd'::text).pg_read_file",
    "SELECT (pg_backend_pid()).pg_terminate_backend",
    "SELECT lo_import('/etc/passwd')",
    "SELECT dblink_exec('dbname=postgres', 'DROP DATABASE x')",
    "SELECT pg_terminate_backend(pg_backend_pid())",
    "SELECT pg_advisory_lock(42)",
    "SELECT query_to_xml('DELETE FROM vital_signs', true, true, '')",
    "SELECT ts_stat('SELECT to_tsvector(test_result) FROM laboratory_result')",
    "SELECT nextval('some_seq')",
    "SELECT * FROM pg_stat_activity",
    "SELECT * FROM pg_authid",
    "SELECT * FROM medmcp_meta.build_info",
    # malformed
    "",
    "   -- only a comment",
    "SELECT " + "1 + " * 6000 + "1",
    "SELECT 1\x00; DROP TABLE vital_signs",
]

BOUNDED = [
    # (query, expected marker in the output; "|" separates acceptable alternatives: on a loaded machine a
    # heavy query may hit the time limit before its output is cut - bounded either way)
    ("SELECT count(*) FROM generate_series(1, 200000) a, generate_series(1, 200000) b", "time limit"),
    ("SELECT * FROM laboratory_result a, laboratory_result b, vital_signs c", "truncated"),
    ("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r", "truncated"),
    ("SELECT repeat('x', 20000000)", "more chars|time limit"),
    ("SELECT string_agg(repeat('y', 1000), ',') FROM generate_series(1, 20000)", "more chars|time limit"),
    ("SELECT repeat(md5(g::text), 40) FROM generate_series(1, 40) g", "truncated at 4000 bytes"),
    ("SELECT 1\uff1b DROP TABLE vital_signs", "Error"),           # fullwidth semicolon is not a separator
    ("SELECT current_setting('statement_timeout')", "1500"),     # allowed read; shows the local limit
]


@pytest.fixture(scope="module")
def before(built, db, take_snapshot):
    return take_snapshot(built.admin_url)


def test_attack_suite_is_large_enough():
    assert len(REJECTED) + len(BOUNDED) >= 30


@pytest.mark.parametrize("query", REJECTED, ids=[f"r{i:02d}" for i in range(len(REJECTED))])
def test_rejected(db, built, before, take_snapshot, query):
    out = db.run_query(query)
    assert out.startswith("Error:"), out[:300]
    assert len(out) < 1000
    assert take_snapshot(built.admin_url) == before


@pytest.mark.parametrize("query,marker", BOUNDED, ids=[f"b{i:02d}" for i in range(len(BOUNDED))])
def test_bounded(db, built, before, take_snapshot, query, marker):
    t0 = time.monotonic()
    out = db.run_query(query)
    elapsed = time.monotonic() - t0
    assert elapsed < db.statement_timeout_ms / 1000 + db.cancel_grace_s + 3
    assert len(out.encode()) <= db.max_bytes + 400, len(out)
    assert any(m in out for m in marker.split("|")), out[:400]
    assert take_snapshot(built.admin_url) == before


def test_pool_sessions_stay_clean_after_attacks(db):
    for q in REJECTED[:20]:
        db.run_query(q)
    # the next ordinary query on every pooled connection still runs under the tool's limits
    outs = [db.run_query("SELECT current_setting('statement_timeout') AS t, "
                         "current_setting('transaction_read_only') AS ro") for _ in range(8)]
    for out in outs:
        assert out.splitlines()[1] == "1500ms|on", out
