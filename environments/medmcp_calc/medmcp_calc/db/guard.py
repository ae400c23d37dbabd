"""Static check of agent SQL with PostgreSQL's own parser (libpg_query via ``pglast``).

``check_query(sql)`` accepts exactly one read-only statement - ``SELECT``, ``WITH ... SELECT``,
``VALUES`` or ``TABLE name`` - and returns its text (without the trailing semicolon); anything
else raises :class:`QueryRejected` with a message written for the agent:

- more than one statement (including one hidden after a comment or inside a string trick:
  the real parser sees exactly what the server would);
- any other statement kind: SET/RESET, BEGIN/COMMIT/ROLLBACK, COPY, DO, CALL, EXPLAIN,
  DDL, DML, GRANT, LISTEN/NOTIFY, PREPARE/EXECUTE, ...;
- ``SELECT ... INTO`` (creates a table), locking clauses (``FOR UPDATE/SHARE``) anywhere,
  data-modifying CTEs (``WITH x AS (DELETE ...)``);
- calls to functions (also through attribute notation, ``(60::float8).pg_sleep``) that touch files, sleep, take advisory locks, change settings
  (``set_config``), signal backends, use large objects or dblink, manage replication or
  backups, or run SQL given as a string (``query_to_xml``, ``ts_stat``, ...);
- reading catalog views that expose other sessions or credentials (``pg_stat_activity``,
  ``pg_authid``, ...) and the builder's private ``medmcp_meta`` schema.

``current_setting()`` stays allowed: it only reads settings, and the role cannot see
superuser-only ones.  The guard is the first line; the query then runs inside
``BEGIN READ ONLY`` with a local statement timeout and a row limit (see ``core``).
"""
from __future__ import annotations

import functools
import json
import re

from pglast import parser as _pg

MAX_SQL_CHARS = 20_000


class QueryRejected(ValueError):
    """The query is not allowed; ``str(exc)`` is the message for the agent."""


_DENY_FUNCS = {
    "pg_read_file", "pg_read_binary_file", "pg_stat_file", "pg_current_logfile",
    "pg_sleep", "pg_sleep_for", "pg_sleep_until",
    "loread", "lowrite",
    "pg_terminate_backend", "pg_cancel_backend", "pg_signal_backend", "pg_reload_conf",
    "pg_rotate_logfile", "pg_promote", "pg_log_backend_memory_contexts",
    "set_config", "pg_notify", "pg_export_snapshot", "pg_import_system_collations",
    "pg_start_backup", "pg_stop_backup", "pg_switch_wal", "pg_switch_xlog", "pg_create_restore_point",
    "nextval", "setval", "ts_stat", "pg_stat_get_activity", "pg_stat_get_progress_info",
    "txid_current", "pg_current_xact_id", "pg_truncate_visibility_map", "pg_wal_replay_pause",
}
_DENY_PREFIXES = (
    "pg_ls_", "pg_read_", "pg_file_", "lo_", "dblink", "pg_sleep", "pg_advisory", "pg_try_advisory",
    "pg_create_", "pg_drop_", "pg_replication_", "pg_logical_", "pg_backup_", "pg_wal_replay_",
    "pg_stat_reset", "pg_stat_get_backend", "query_to_", "cursor_to_", "database_to_", "schema_to_",
    "table_to_", "postgres_fdw", "pg_xact_commit", "binary_upgrade_",
)
_DENY_RELATIONS = {
    "pg_stat_activity", "pg_stat_ssl", "pg_stat_gssapi", "pg_stat_statements", "pg_authid", "pg_shadow",
    "pg_user_mapping", "pg_user_mappings", "pg_file_settings", "pg_hba_file_rules", "pg_ident_file_mappings",
    "pg_largeobject", "pg_largeobject_metadata", "pg_locks", "pg_backend_memory_contexts",
}
_DENY_SCHEMAS = {"medmcp_meta", "pg_toast"}

_STMT_NAMES = {
    "VariableSetStmt": "SET/RESET", "VariableShowStmt": "SHOW", "TransactionStmt": "a transaction command (BEGIN/COMMIT/ROLLBACK)",
    "CopyStmt": "COPY", "DoStmt": "DO", "CallStmt": "CALL", "ExplainStmt": "EXPLAIN",
    "InsertStmt": "INSERT", "UpdateStmt": "UPDATE", "DeleteStmt": "DELETE", "MergeStmt": "MERGE",
    "CreateStmt": "CREATE TABLE", "CreateTableAsStmt": "CREATE TABLE AS", "DropStmt": "DROP",
    "TruncateStmt": "TRUNCATE", "AlterTableStmt": "ALTER TABLE", "GrantStmt": "GRANT/REVOKE",
    "IndexStmt": "CREATE INDEX", "ViewStmt": "CREATE VIEW", "CreateFunctionStmt": "CREATE FUNCTION",
    "LockStmt": "LOCK", "PrepareStmt": "PREPARE", "ExecuteStmt": "EXECUTE", "ListenStmt": "LISTEN",
    "NotifyStmt": "NOTIFY", "VacuumStmt": "VACUUM/ANALYZE", "DeclareCursorStmt": "DECLARE CURSOR",
    "FetchStmt": "FETCH", "DiscardStmt": "DISCARD", "CreateRoleStmt": "CREATE ROLE", "AlterRoleStmt": "ALTER ROLE",
    "CreateExtensionStmt": "CREATE EXTENSION", "LoadStmt": "LOAD", "CheckPointStmt": "CHECKPOINT",
}
_ALLOWED = "Only one read-only query per call is allowed: SELECT, WITH ... SELECT, VALUES or TABLE."


def _func_name(node: dict) -> str:
    parts = [p.get("String", {}).get("sval", "") for p in node.get("funcname", [])]
    return parts[-1].lower() if parts else ""


def _deny_reason_for_func(name: str) -> str | None:
    if name in _DENY_FUNCS or name.startswith(_DENY_PREFIXES):
        return (f"Function {name}() is not allowed: functions that read files, sleep, take locks, change "
                f"settings, signal other sessions or run SQL from strings are blocked in this read-only tool.")
    return None


def _walk(node, found: list[str]) -> None:
    if isinstance(node, dict):
        for key, val in node.items():
            if key in ("InsertStmt", "UpdateStmt", "DeleteStmt", "MergeStmt"):
                found.append(f"Data-modifying statements ({_STMT_NAMES[key]}) are not allowed, not even inside "
                             f"WITH; this tool only reads.")
            elif key == "lockingClause":
                found.append("Locking clauses (FOR UPDATE / FOR SHARE ...) are not allowed in this read-only tool.")
            elif key == "intoClause":
                found.append("SELECT ... INTO creates a table and is not allowed; just SELECT the rows.")
            elif key == "FuncCall" and isinstance(val, dict):
                reason = _deny_reason_for_func(_func_name(val))
                if reason:
                    found.append(reason)
            elif key == "String" and isinstance(val, dict):
                # any identifier naming a blocked function is refused, because PostgreSQL also calls
                # functions through attribute notation: (60::float8).pg_sleep means pg_sleep(60)
                reason = _deny_reason_for_func(str(val.get("sval", "")).lower())
                if reason:
                    found.append(reason)
            elif key == "RangeVar" and isinstance(val, dict):
                rel = str(val.get("relname", "")).lower()
                sch = str(val.get("schemaname", "")).lower()
                if rel in _DENY_RELATIONS or sch in _DENY_SCHEMAS:
                    found.append(f"Reading {sch + '.' if sch else ''}{rel} is not allowed; query the EHR tables "
                                 f"(call list_tables).")
            _walk(val, found)
    elif isinstance(node, list):
        for item in node:
            _walk(item, found)


# Fast path over libpg_query's JSON (keys are always followed by ':', values never are, and string
# literals/identifiers have their quotes escaped, so these patterns only match real parse-tree nodes).
_BAD_KEYS = ('"InsertStmt":', '"UpdateStmt":', '"DeleteStmt":', '"MergeStmt":', '"lockingClause":', '"intoClause":')
_FUNC_RE = re.compile(r'"FuncCall":\{"funcname":\[((?:\{"String":\{"sval":"[A-Za-z0-9_$]*"\}\},?)+)\]')
_SVAL_RE = re.compile(r'"sval":"([A-Za-z0-9_$]*)"')
# identifiers and operator names; JSON \uXXXX escapes (libpg_query writes '<' as \u003c) allowed
_STRING_RE = re.compile(r'"String":\{"sval":"((?:[^"\\]|\\u[0-9a-fA-F]{4})*)"\}')
_RANGEVAR_RE = re.compile(r'"RangeVar":\{(?:"catalogname":"[A-Za-z0-9_$]*",)?(?:"schemaname":"([A-Za-z0-9_$]*)",)?'
                          r'"relname":"([A-Za-z0-9_$]*)"')


_ONE_SELECT_RE = re.compile(r'\{"version":\d+,"stmts":\[\{"stmt":\{"SelectStmt":')
_LOC_RE = re.compile(r'"stmt_location":(\d+)')
_LEN_RE = re.compile(r'"stmt_len":(\d+)')


def _fast_ok(js: str) -> bool:
    """True when the tree certainly holds nothing the walk would reject; False means 'walk it'."""
    if any(k in js for k in _BAD_KEYS):
        return False
    names = _STRING_RE.findall(js)
    if len(names) != js.count('"String":'):
        return False
    for name in names:
        if "\\" in name:
            name = json.loads(f'"{name}"')
        name = name.lower()
        if name in _DENY_FUNCS or name.startswith(_DENY_PREFIXES):
            return False
    funcs = _FUNC_RE.findall(js)
    if len(funcs) != js.count('"FuncCall":'):
        return False
    for f in funcs:
        name = _SVAL_RE.findall(f)[-1].lower()
        if name in _DENY_FUNCS or name.startswith(_DENY_PREFIXES):
            return False
    rels = _RANGEVAR_RE.findall(js)
    if len(rels) != js.count('"RangeVar":'):
        return False
    for sch, rel in rels:
        if rel.lower() in _DENY_RELATIONS or sch.lower() in _DENY_SCHEMAS:
            return False
    return True


def check_query(sql: object) -> str:
    """Return the single allowed statement's text or raise :class:`QueryRejected`."""
    if isinstance(sql, str) and len(sql) <= MAX_SQL_CHARS:
        ok, text = _check_cached(sql)
        if ok:
            return text
        raise QueryRejected(text)
    return _check(sql)


@functools.lru_cache(maxsize=4096)
def _check_cached(sql: str) -> tuple[bool, str]:
    try:
        return True, _check(sql)
    except QueryRejected as exc:
        return False, str(exc)


def _check(sql: object) -> str:
    if not isinstance(sql, str):
        raise QueryRejected(f"The query must be a string of SQL, got {type(sql).__name__}.")
    if "\x00" in sql:
        raise QueryRejected("The query contains a NUL character; send plain SQL text.")
    if not sql.strip():
        raise QueryRejected("Empty query. " + _ALLOWED)
    if len(sql) > MAX_SQL_CHARS:
        raise QueryRejected(f"The query is {len(sql)} characters long; the limit is {MAX_SQL_CHARS}. "
                            f"Write a shorter query.")
    try:
        js = _pg.parse_sql_json(sql)
        if _ONE_SELECT_RE.match(js) and js.count('"stmt":') == 1 and _fast_ok(js):
            loc_m, len_m = _LOC_RE.findall(js), _LEN_RE.findall(js)
            if len(loc_m) <= 1 and len(len_m) <= 1:
                return _slice(sql, int(loc_m[0]) if loc_m else 0, int(len_m[0]) if len_m else 0)
        tree = json.loads(js)
    except _pg.ParseError as exc:
        pos = getattr(exc, "location", None)
        where = f" (at character {pos})" if isinstance(pos, int) and pos > 0 else ""
        raise QueryRejected(f"SQL syntax error: {exc.args[0] if exc.args else exc}{where}. {_ALLOWED}") from None
    except Exception as exc:  # parser limits (e.g. nesting depth)
        raise QueryRejected(f"The query could not be parsed: {exc}. {_ALLOWED}") from None
    stmts = tree.get("stmts", [])
    if not stmts:
        raise QueryRejected("The query holds no statement (only comments?). " + _ALLOWED)
    if len(stmts) > 1:
        raise QueryRejected(f"Only one statement per call is allowed; this query holds {len(stmts)}. "
                            f"Send them as separate calls.")
    raw = stmts[0]
    stmt = raw.get("stmt", {})
    kind = next(iter(stmt), "")
    if kind != "SelectStmt":
        what = _STMT_NAMES.get(kind, kind.removesuffix("Stmt") or "this statement")
        raise QueryRejected(f"{what} is not allowed. {_ALLOWED}")
    if not _fast_ok(js):
        problems: list[str] = []
        _walk(stmt, problems)
        if problems:
            raise QueryRejected(problems[0])
    return _slice(sql, int(raw.get("stmt_location", 0) or 0), int(raw.get("stmt_len", 0) or 0))


def _slice(sql: str, loc: int, length: int) -> str:
    """The statement's text; libpg_query locations are byte offsets into the UTF-8 text."""
    if sql.isascii():
        return (sql[loc:loc + length] if length else sql[loc:]).strip()
    b = sql.encode("utf-8")
    return (b[loc:loc + length] if length else b[loc:]).decode("utf-8", errors="strict").strip()


def is_allowed(sql: object) -> bool:
    try:
        check_query(sql)
        return True
    except QueryRejected:
        return False
