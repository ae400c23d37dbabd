"""Guard internals: the regex fast path never accepts what the full parse-tree walk rejects."""
from __future__ import annotations

import json

import pytest
from pglast import parser

from medmcp_calc.db import guard

ORDINARY = [
    "SELECT test_result, unit, report_time FROM laboratory_result WHERE patient_id = 'P1' "
    "AND test_item_name = 'Creatinine' ORDER BY report_time DESC LIMIT 5",
    "SELECT count(*), max(report_time) FROM laboratory_result l JOIN vital_signs v USING (patient_id)",
    "WITH x AS (SELECT patient_id, birth_date FROM patient_information) SELECT * FROM x WHERE birth_date < '1960-01-01'",
    "SELECT test_result::numeric * 88.4 FROM laboratory_result WHERE test_result ~ '^[0-9.]+$'",
    "VALUES (1, 'a'), (2, 'b')",
]
SUSPICIOUS = [
    "SELECT (60::float8).pg_sleep", "SELECT pg_catalog.pg_sleep(1)", "SELECT * FROM pg_stat_activity",
    "SELECT * FROM medmcp_meta.build_info", "SELECT * FROM t FOR UPDATE", "SELECT 1 INTO t",
    "WITH d AS (DELETE FROM t RETURNING 1) SELECT * FROM d", "SELECT \"pg_read_file\"('x')",
    "SELECT U&\"lo\\005fimport\"('/etc/passwd')", "SELECT set_config('a', 'b', true)",
]


@pytest.mark.parametrize("sql", ORDINARY)
def test_fast_path_taken_for_ordinary_queries(sql):
    assert guard._fast_ok(parser.parse_sql_json(sql))
    assert guard.check_query(sql) == sql


@pytest.mark.parametrize("sql", SUSPICIOUS)
def test_fast_path_never_accepts_what_the_walk_rejects(sql):
    js = parser.parse_sql_json(sql)
    problems: list[str] = []
    guard._walk(json.loads(js), problems)
    assert problems, sql
    assert not guard._fast_ok(js)
    with pytest.raises(guard.QueryRejected):
        guard.check_query(sql)


def test_statement_text_is_sliced_by_byte_offsets():
    assert guard.check_query("  /* c */ SELECT 'é' AS \"ü\" ;  -- trailing") == "SELECT 'é' AS \"ü\""
    assert guard.check_query("SELECT 1 -- no newline") == "SELECT 1 -- no newline"
