"""Build (or verify) the EHR database: schema, COPY load, content hash, roles.

``build_database(admin_url, tables)`` creates the database when missing, (re)creates the
nine tables, streams every row through ``COPY ... FROM STDIN`` (never row-by-row INSERT),
builds the indexes, analyzes, and records a content hash.  It is idempotent: when the hash
of the rows equals the recorded one (and ``force`` is false) nothing is reloaded.

Content hash
    sha256 over a preamble naming the schema (so a DDL change means a new hash), then for
    every table in ``schema.TABLE_NAMES`` order a ``#table <name>`` line followed by its rows
    in PostgreSQL COPY text format after canonicalising each value by its column type
    (``'7'`` and ``7`` in an INTEGER column hash alike; timestamps as ISO ``YYYY-MM-DD
    HH:MM:SS[.ffffff]``; booleans ``t``/``f``; floats by ``repr``; NULL as ``\\N``).  The very
    bytes that are hashed are the bytes sent to COPY, so the hash is computed while
    streaming.  Row order is part of the content.

Reload strategy
    Everything happens in ONE transaction (drop, create, COPY ... FREEZE, indexes, grants,
    metadata): readers see the old database or the new one, never half of it.  When every
    table input is re-iterable (a list, or an object whose ``__iter__`` returns a fresh
    iterator), the hash is computed first and an unchanged database is not touched at all;
    with one-shot iterators the rows are loaded while hashing and the transaction is rolled
    back when the hash turns out unchanged.

Roles
    ``medmcp_owner`` (NOLOGIN) owns the tables; ``medmcp_agent`` (LOGIN) may CONNECT to this
    database, USAGE the ``public`` schema and SELECT the nine tables - nothing else: PUBLIC
    loses CONNECT/TEMP on the database and CREATE on ``public``.  Build metadata lives in the
    ``medmcp_meta`` schema that the agent cannot read; the hash is also written into the
    database comment (``COMMENT ON DATABASE``) so any role can name the exact database.
    Safety of agent queries is enforced by the SQL tool itself (``medmcp_calc.db.guard``),
    these grants are a second line.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import math
import os
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

import psycopg
from psycopg import sql

from . import schema as S
from .urls import with_params

OWNER_ROLE = "medmcp_owner"
AGENT_ROLE = "medmcp_agent"
META_SCHEMA = "medmcp_meta"
DEFAULT_DBNAME = "medmcp_calc"
HASH_PREFIX = "medmcp-calc content sha256:"
_CHUNK_ROWS = 2000
_CACHE_LIMIT = 256 * 1024 * 1024  # bytes of COPY text kept from the hashing pass (else serialised again)


def agent_password() -> str:
    return os.environ.get("MEDMCP_AGENT_PASSWORD", "medmcp_agent")


@dataclass(frozen=True)
class BuildInfo:
    admin_url: str            # admin connection to the built database
    agent_url: str            # read-only agent connection to the built database
    dbname: str
    content_hash: str         # sha256 hex
    row_counts: dict[str, int]
    seconds: float
    reloaded: bool = True     # False when the recorded hash matched and nothing was loaded
    extra: dict = field(default_factory=dict)


# ----------------------------------------------------------------------------- canonical form

def _esc(s: str) -> str:
    if "\\" in s or "\t" in s or "\n" in s or "\r" in s:
        s = s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
    if "\x00" in s:
        raise ValueError("text contains a NUL character, which PostgreSQL cannot store")
    return s


def _text(v: Any) -> str:
    if isinstance(v, str):
        return _esc(v)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return _float(v)
    if isinstance(v, _dt.datetime):
        return _ts(v)
    return _esc(str(v))


def _int(v: Any) -> str:
    if isinstance(v, bool):
        raise ValueError(f"{v!r} is a boolean, not an INTEGER")
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, str):
        s = v.strip()
        if s == "":
            return "\\N"
        try:
            return str(int(s))
        except ValueError:
            f = float(s)
            if f.is_integer():
                return str(int(f))
            raise ValueError(f"{v!r} is not an integer") from None
    raise ValueError(f"{v!r} is not an INTEGER")


def _float(v: Any) -> str:
    if isinstance(v, bool):
        raise ValueError(f"{v!r} is a boolean, not a number")
    if isinstance(v, str):
        s = v.strip()
        if s == "":
            return "\\N"
        try:
            v = float(s)
        except ValueError:
            raise ValueError(f"{v!r} is not a number") from None
    f = float(v)
    if math.isnan(f):
        return "NaN"
    if math.isinf(f):
        return "Infinity" if f > 0 else "-Infinity"
    return repr(f)


_TRUE = {"t", "true", "1", "yes", "y", "on"}
_FALSE = {"f", "false", "0", "no", "n", "off"}


def _bool(v: Any) -> str:
    if isinstance(v, bool):
        return "t" if v else "f"
    if isinstance(v, int) and v in (0, 1):
        return "t" if v else "f"
    if isinstance(v, str):
        s = v.strip().lower()
        if s == "":
            return "\\N"
        if s in _TRUE:
            return "t"
        if s in _FALSE:
            return "f"
    raise ValueError(f"{v!r} is not a boolean (use true/false, t/f, 1/0)")


def _date(v: Any) -> str:
    if isinstance(v, _dt.datetime):
        return v.date().isoformat()
    if isinstance(v, _dt.date):
        return v.isoformat()
    if isinstance(v, str):
        s = v.strip()
        if s == "":
            return "\\N"
        try:
            return _dt.date.fromisoformat(s).isoformat()
        except ValueError:
            try:
                return _dt.datetime.fromisoformat(s).date().isoformat()
            except ValueError:
                raise ValueError(f"{v!r} is not an ISO date (YYYY-MM-DD)") from None
    raise ValueError(f"{v!r} is not a DATE")


def _ts(v: Any) -> str:
    if isinstance(v, str):
        s = v.strip()
        if s == "":
            return "\\N"
        try:
            v = _dt.datetime.fromisoformat(s)
        except ValueError:
            raise ValueError(f"{v!r} is not an ISO timestamp (YYYY-MM-DD HH:MM[:SS])") from None
    if isinstance(v, _dt.datetime):
        if v.tzinfo is not None:
            v = v.astimezone(_dt.timezone.utc).replace(tzinfo=None)
        return v.isoformat(sep=" ")
    if isinstance(v, _dt.date):
        return _dt.datetime(v.year, v.month, v.day).isoformat(sep=" ")
    raise ValueError(f"{v!r} is not a TIMESTAMP")


_CONVERTERS: dict[str, Callable[[Any], str]] = {
    "TEXT": _text, "INTEGER": _int, "DOUBLE PRECISION": _float, "BOOLEAN": _bool,
    "DATE": _date, "TIMESTAMP": _ts,
}


def _preamble() -> bytes:
    ddl_digest = hashlib.sha256(S.ddl().encode()).hexdigest()
    return f"medmcp-calc ehr v1 ddl:{ddl_digest}\n".encode()


def _table_header(table: str) -> bytes:
    return f"#table {table}\n".encode()


def iter_copy_chunks(table: str, rows: Iterable[Sequence]) -> Iterable[tuple[bytes, int]]:
    """Yield (COPY text bytes, row count) chunks for ``rows`` of ``table``, canonicalised.

    Raises ValueError naming the table, row number and column for a value that does not fit.
    """
    cols = S.TABLES[table]
    convs = [_CONVERTERS[c.sql_type] for c in cols]
    required = [i for i, c in enumerate(cols) if not c.nullable]
    ncols = len(cols)
    buf: list[str] = []
    n = 0
    for row in rows:
        n += 1
        if len(row) != ncols:
            raise ValueError(f"{table} row {n}: expected {ncols} values in official column order "
                             f"({', '.join(c.name for c in cols[:4])}, ...), got {len(row)}")
        try:
            parts = ["\\N" if v is None else conv(v) for conv, v in zip(convs, row)]
        except ValueError:
            for i, (conv, v) in enumerate(zip(convs, row)):
                if v is not None:
                    try:
                        conv(v)
                    except ValueError as exc:
                        raise ValueError(f"{table} row {n}, column {cols[i].name} "
                                         f"({cols[i].sql_type}): {exc}") from None
            raise
        for i in required:
            if parts[i] == "\\N":
                raise ValueError(f"{table} row {n}: column {cols[i].name} is required (NOT NULL) but empty")
        buf.append("\t".join(parts))
        if len(buf) >= _CHUNK_ROWS:
            yield ("\n".join(buf) + "\n").encode(), len(buf)
            buf = []
    if buf:
        yield ("\n".join(buf) + "\n").encode(), len(buf)


def _reiterable(obj: Any) -> bool:
    try:
        return iter(obj) is not obj
    except TypeError:
        return False


def _check_tables(tables: Mapping[str, Iterable[Sequence]]) -> None:
    unknown = sorted(set(tables) - set(S.TABLE_NAMES))
    if unknown:
        raise ValueError(f"unknown table(s) {unknown}; the EHR tables are {list(S.TABLE_NAMES)}")


def content_hash(tables: Mapping[str, Iterable[Sequence]]) -> str:
    """The content hash ``build_database`` would record for these rows (consumes the iterables)."""
    _check_tables(tables)
    h = hashlib.sha256(_preamble())
    for t in S.TABLE_NAMES:
        h.update(_table_header(t))
        for chunk, _ in iter_copy_chunks(t, tables.get(t, ())):
            h.update(chunk)
    return h.hexdigest()


def rows_from_csv(path: str | os.PathLike, table: str | None = None) -> Iterable[tuple]:
    """Rows of an official-format CSV (header = the table's columns in official order); '' -> None."""
    import csv
    from pathlib import Path
    p = Path(path)
    table = table or p.name.split(".")[0]
    expected = S.columns(table)
    with open(p, newline="", encoding="utf-8") as fh:
        reader = csv.reader(fh)
        header = tuple(next(reader, ()))
        if header != expected:
            raise ValueError(f"{p}: header does not match table {table}'s official columns; "
                             f"expected {expected}, got {header}")
        for rec in reader:
            yield tuple(None if v == "" else v for v in rec)


# ----------------------------------------------------------------------------- database work

def _ident(name: str) -> sql.Identifier:
    return sql.Identifier(name)


def _ensure_role(conn: psycopg.Connection, role: str, login: bool) -> None:
    if conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone():
        return
    q = (sql.SQL("CREATE ROLE {} LOGIN PASSWORD {}").format(_ident(role), sql.Literal(agent_password()))
         if login else sql.SQL("CREATE ROLE {} NOLOGIN").format(_ident(role)))
    try:
        conn.execute(q)
    except psycopg.errors.DuplicateObject:
        pass
    except psycopg.errors.UniqueViolation:
        pass


_AGENT_SETTINGS = {  # role defaults: a second line behind the tool's own per-query limits
    "default_transaction_read_only": "on",
    "statement_timeout": "60s",
    "idle_in_transaction_session_timeout": "60s",
    "temp_file_limit": "1GB",            # superuser-only; skipped when the builder is not superuser
}


def _ensure_agent_settings(conn: psycopg.Connection) -> None:
    """ALTER ROLE ... SET only what differs (role rows are shared by every database: concurrent
    builders would otherwise collide with 'tuple concurrently updated'; callers hold the roles lock)."""
    row = conn.execute("SELECT rolconfig FROM pg_roles WHERE rolname = %s", (AGENT_ROLE,)).fetchone()
    current = dict(item.split("=", 1) for item in (row[0] or [])) if row else {}
    for key, value in _AGENT_SETTINGS.items():
        if current.get(key) == value:
            continue
        try:
            conn.execute(sql.SQL("ALTER ROLE {} SET {} = {}").format(
                _ident(AGENT_ROLE), sql.Identifier(key), sql.Literal(value)))
        except psycopg.errors.InsufficientPrivilege:
            pass


def _ensure_database(conn: psycopg.Connection, dbname: str) -> bool:
    if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (dbname,)).fetchone():
        return False
    try:
        conn.execute(sql.SQL("CREATE DATABASE {} TEMPLATE template0 ENCODING 'UTF8' "
                             "LC_COLLATE 'C' LC_CTYPE 'C'").format(_ident(dbname)))
    except (psycopg.errors.DuplicateDatabase, psycopg.errors.UniqueViolation):
        return False
    return True


def _recorded_hash(conn: psycopg.Connection) -> str | None:
    row = conn.execute(
        "SELECT to_regclass(%s) IS NOT NULL", (f"{META_SCHEMA}.build_info",)).fetchone()
    if not row or not row[0]:
        return None
    row = conn.execute(sql.SQL("SELECT content_hash FROM {}.build_info WHERE id = 1").format(
        _ident(META_SCHEMA))).fetchone()
    return row[0] if row else None


def _tables_present(conn: psycopg.Connection) -> bool:
    n = conn.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tablename = ANY(%s)",
                     (list(S.TABLE_NAMES),)).fetchone()[0]
    return n == len(S.TABLE_NAMES)


def _row_counts(conn: psycopg.Connection) -> dict[str, int]:
    out = {}
    for t in S.TABLE_NAMES:
        out[t] = conn.execute(sql.SQL("SELECT count(*) FROM public.{}").format(_ident(t))).fetchone()[0]
    return out


def _apply_grants(conn: psycopg.Connection, dbname: str) -> None:
    db = _ident(dbname)
    agent = _ident(AGENT_ROLE)
    stmts = [
        sql.SQL("REVOKE ALL ON DATABASE {} FROM PUBLIC").format(db),
        sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(db, agent),
        sql.SQL("REVOKE ALL ON SCHEMA public FROM PUBLIC"),
        sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(agent),
        sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(_ident(META_SCHEMA)),
        sql.SQL("REVOKE ALL ON SCHEMA {} FROM PUBLIC").format(_ident(META_SCHEMA)),
    ]
    for t in S.TABLE_NAMES:
        stmts.append(sql.SQL("REVOKE ALL ON public.{} FROM PUBLIC").format(_ident(t)))
        stmts.append(sql.SQL("GRANT SELECT ON public.{} TO {}").format(_ident(t), agent))
    for s in stmts:
        conn.execute(s)


def _lock_key(dbname: str) -> int:
    return int.from_bytes(hashlib.sha256(f"medmcp_calc.build:{dbname}".encode()).digest()[:8], "big", signed=True)


def build_database(admin_url: str, tables: Mapping[str, Iterable[Sequence]], *, dbname: str = DEFAULT_DBNAME,
                   force: bool = False, progress: Callable[[str, int], None] | None = None) -> BuildInfo:
    """Create/refresh database ``dbname`` on the server of ``admin_url`` from ``tables``.

    ``tables`` maps a table name to an iterable of row tuples in the official column order
    (missing tables are created empty).  ``progress(table, rows_loaded)`` is called while loading.
    Returns a :class:`BuildInfo`; raises ValueError for rows that do not fit the schema.
    """
    t0 = time.perf_counter()
    _check_tables(tables)
    if not dbname or len(dbname) > 63:
        raise ValueError(f"invalid database name {dbname!r}")
    db_admin_url = with_params(admin_url, dbname=dbname)
    agent_url = with_params(admin_url, dbname=dbname, user=AGENT_ROLE, password=agent_password())

    # pre-hash (and cache the bytes when small) if every input can be iterated twice
    prehash: str | None = None
    cache: dict[str, list[tuple[bytes, int]]] | None = None
    if all(_reiterable(tables.get(t, ())) for t in S.TABLE_NAMES):
        h = hashlib.sha256(_preamble())
        cache, size = {}, 0
        for t in S.TABLE_NAMES:
            h.update(_table_header(t))
            chunks = []
            for chunk, n in iter_copy_chunks(t, tables.get(t, ())):
                h.update(chunk)
                if cache is not None:
                    size += len(chunk)
                    chunks.append((chunk, n))
                    if size > _CACHE_LIMIT:
                        cache = None
            if cache is not None:
                cache[t] = chunks
        prehash = h.hexdigest()

    with psycopg.connect(admin_url, autocommit=True) as server:
        server.execute("SELECT pg_advisory_lock(%s)", (_lock_key("roles"),))
        try:
            _ensure_role(server, OWNER_ROLE, login=False)
            _ensure_role(server, AGENT_ROLE, login=True)
            _ensure_agent_settings(server)
        finally:
            server.execute("SELECT pg_advisory_unlock(%s)", (_lock_key("roles"),))
        created = _ensure_database(server, dbname)

    with psycopg.connect(db_admin_url, autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (_lock_key(dbname),))
        try:
            recorded = _recorded_hash(conn)
            if (not force and prehash is not None and recorded == prehash and _tables_present(conn)):
                with conn.transaction():
                    _apply_grants(conn, dbname)
                return BuildInfo(db_admin_url, agent_url, dbname, prehash, _row_counts(conn),
                                 time.perf_counter() - t0, reloaded=False, extra={"created": created})
            h = hashlib.sha256(_preamble())
            counts: dict[str, int] = {}
            unchanged = False
            try:
                with conn.transaction() as tx:
                    conn.execute("SET LOCAL synchronous_commit = off")
                    conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(_ident(META_SCHEMA)))
                    for t in S.TABLE_NAMES:
                        conn.execute(sql.SQL("DROP TABLE IF EXISTS public.{} CASCADE").format(_ident(t)))
                    for t in S.TABLE_NAMES:
                        conn.execute(S.create_table_sql(t))
                        conn.execute(S.comments_sql(t))
                    for t in S.TABLE_NAMES:
                        h.update(_table_header(t))
                        cols = sql.SQL(", ").join(_ident(c) for c in S.columns(t))
                        q = sql.SQL("COPY public.{} ({}) FROM STDIN WITH (FREEZE)").format(_ident(t), cols)
                        chunks = cache[t] if cache is not None else iter_copy_chunks(t, tables.get(t, ()))
                        n = 0
                        with conn.cursor() as cur, cur.copy(q) as copy:
                            for chunk, k in chunks:
                                if cache is None:
                                    h.update(chunk)
                                copy.write(chunk)
                                n += k
                                if progress and n % 50000 < k:
                                    progress(t, n)
                        counts[t] = n
                        if progress:
                            progress(t, n)
                    digest = prehash if cache is not None else h.hexdigest()
                    if prehash is not None and digest != prehash:
                        raise RuntimeError("table inputs yielded different rows on the second pass; "
                                           "pass lists or deterministic iterables")
                    if not force and recorded == digest:
                        unchanged = True
                        raise psycopg.Rollback(tx)
                    for ix_sql in S.indexes_sql().splitlines():
                        conn.execute(ix_sql)
                    for t in S.TABLE_NAMES:
                        conn.execute(sql.SQL("ALTER TABLE public.{} OWNER TO {}").format(
                            _ident(t), _ident(OWNER_ROLE)))
                    _apply_grants(conn, dbname)
                    conn.execute(sql.SQL(
                        "CREATE TABLE IF NOT EXISTS {}.build_info (id int PRIMARY KEY CHECK (id = 1), "
                        "content_hash text NOT NULL, row_counts jsonb NOT NULL, built_at timestamptz NOT NULL, "
                        "builder text NOT NULL)").format(_ident(META_SCHEMA)))
                    conn.execute(sql.SQL(
                        "INSERT INTO {}.build_info VALUES (1, %s, %s, now(), %s) ON CONFLICT (id) DO UPDATE "
                        "SET content_hash = EXCLUDED.content_hash, row_counts = EXCLUDED.row_counts, "
                        "built_at = EXCLUDED.built_at, builder = EXCLUDED.builder").format(_ident(META_SCHEMA)),
                        (digest, psycopg.types.json.Jsonb(counts), "medmcp_calc.db.builder v1"))
                    conn.execute(sql.SQL("COMMENT ON DATABASE {} IS {}").format(
                        _ident(dbname), sql.Literal(HASH_PREFIX + digest)))
                    for t in S.TABLE_NAMES:
                        conn.execute(sql.SQL("ANALYZE public.{}").format(_ident(t)))
            finally:
                pass
            if unchanged:
                return BuildInfo(db_admin_url, agent_url, dbname, recorded or "", _row_counts(conn),
                                 time.perf_counter() - t0, reloaded=False, extra={"created": created})
            return BuildInfo(db_admin_url, agent_url, dbname, digest, counts, time.perf_counter() - t0,
                             reloaded=True, extra={"created": created})
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (_lock_key(dbname),))


def database_hash(url: str) -> str | None:
    """The content hash recorded in the database at ``url`` (None if it was never built or does not exist).

    Works with the admin URL (reads ``medmcp_meta``) and with the agent URL (reads the database comment).
    """
    try:
        conn = psycopg.connect(url, autocommit=True, connect_timeout=10)
    except psycopg.OperationalError as exc:
        if "does not exist" in str(exc):
            return None
        raise
    with conn:
        try:
            h = _recorded_hash(conn)
            if h:
                return h
        except psycopg.errors.InsufficientPrivilege:
            pass
        row = conn.execute("SELECT shobj_description(oid, 'pg_database') FROM pg_database "
                           "WHERE datname = current_database()").fetchone()
        if row and row[0] and row[0].startswith(HASH_PREFIX):
            return row[0][len(HASH_PREFIX):].strip()
        return None


def drop_database(admin_url: str, dbname: str) -> None:
    """Drop ``dbname`` (terminating its connections); a no-op when missing. For tests and benches."""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(_ident(dbname)))
