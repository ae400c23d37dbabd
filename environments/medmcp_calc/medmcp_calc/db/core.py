"""``EHRDatabase``: the safe, pooled SQL core behind the ``postgres_executor`` tools.

Every agent query goes through three bounds:

1. ``guard.check_query`` - PostgreSQL's own parser; exactly one read-only statement, no
   dangerous functions, no locking, no data-modifying CTEs.
2. Execution as ``BEGIN READ ONLY; SET LOCAL statement_timeout = <t>; DECLARE c NO SCROLL CURSOR
   FOR <query>; FETCH max_rows+1 FROM c; ROLLBACK`` sent as ONE simple-protocol message (one network round trip,
   minimal client overhead - the pipelined extended-protocol variant measured ~2x slower here),
   plus a client-side watchdog that cancels a statement still running ``cancel_grace_s`` after
   the server timeout should have fired.  Sessions are opened with fixed settings
   (``standard_conforming_strings=on`` so the server lexes the text exactly as the guard did,
   ``search_path``, ``lock_timeout``, ``idle_in_transaction_session_timeout`` and the same
   ``statement_timeout``); the guard rejects SET/RESET/set_config, so agents cannot change them.
3. Output bounds: at most ``max_rows`` rows and ``max_bytes`` bytes of text; the result says
   when it was cut.

Results are compact text: the column header once, then one line per row, ``|``-separated,
NULL as ``NULL``, newlines inside values shown as ``\\n`` - long lab histories stay small.

Concurrency design: a small synchronous connection pool (``_Pool``) shared by all callers,
thread-safe; the async methods (``arun_query`` ...) run the sync call in a private thread pool
sized like the connection pool.  We chose this over an async pool because an async pool is
bound to the event loop that created it, while this object is shared by the MCP server's
loop, the verifiers environment's loop(s) and plain threads of the RL rollout; the thread hop
costs tens of microseconds against a round trip to the server.  The pool is our own rather
than ``psycopg_pool``'s because the latter reconnects in the background with exponential
backoff: after a server restart it can keep callers waiting for tens of seconds, while ours
connects on demand, so the first call after the server is back succeeds.

Faults: errors never escape ``run_query``/``list_tables``/``describe_tables`` - they come back
as text starting with ``Error:``.  A dropped connection (server restart) is discarded and
the query retried on a fresh connection (safe: queries are read-only); while the server is
down calls fail fast with a clear message and recover once it is back.
"""
from __future__ import annotations

import asyncio
import itertools
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import psycopg
from psycopg import errors as pgerr
from psycopg import generators as _pg_generators
import collections
import contextlib

from .guard import QueryRejected, check_query
from .urls import describe

log = logging.getLogger(__name__)

NULL_TEXT = "NULL"
SEP = "|"
_NULLB = NULL_TEXT.encode()
_SEPB = SEP.encode()


@dataclass
class QueryResult:
    columns: list[str] = field(default_factory=list)
    rows: list[tuple] = field(default_factory=list)
    truncated: bool = False
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


class _Watchdog:
    """One daemon thread that cancels statements whose client-side deadline passed.

    Arming and disarming are two dict operations under a lock (no thread wake-up per call);
    the thread scans the in-flight calls four times a second.
    """

    PERIOD_S = 0.25

    def __init__(self) -> None:
        self._live: dict[int, tuple[float, psycopg.Connection]] = {}
        self._ids = itertools.count()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.cancelled = 0

    def arm(self, conn: psycopg.Connection, deadline: float) -> int:
        token = next(self._ids)
        with self._lock:
            self._live[token] = (deadline, conn)
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name="medmcp-sql-watchdog", daemon=True)
                self._thread.start()
        return token

    def disarm(self, token: int) -> None:
        with self._lock:
            self._live.pop(token, None)

    def _loop(self) -> None:
        while True:
            time.sleep(self.PERIOD_S)
            now = time.monotonic()
            with self._lock:
                due = [(t, c) for t, (d, c) in self._live.items() if d <= now]
                for t, _ in due:
                    self._live.pop(t, None)
            for _, conn in due:
                # counted before the cancel is sent: the cancelled call may return (and a caller read the
                # counter) before cancel_safe itself returns here
                self.cancelled += 1
                try:
                    conn.cancel_safe(timeout=5.0)
                except Exception:  # pragma: no cover - best effort
                    self.cancelled -= 1
                    log.warning("client-side cancel failed", exc_info=True)


_WATCHDOG = _Watchdog()
_FATAL = psycopg.pq.ExecStatus.FATAL_ERROR
_TUPLES_OK = psycopg.pq.ExecStatus.TUPLES_OK


class PoolTimeout(Exception):
    """Every connection of the pool stayed busy for the whole wait."""


class DatabaseUnavailable(Exception):
    """A new connection to the server could not be opened."""


class _Pool:
    """At most ``max_size`` connections; idle ones reused LIFO; new ones opened on demand."""

    def __init__(self, url: str, max_size: int, timeout: float, kwargs: dict):
        self.url, self.max_size, self.timeout, self.kwargs = url, max_size, timeout, kwargs
        self._idle: collections.deque[psycopg.Connection] = collections.deque()
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(max_size)
        self._closed = False
        self.connects = 0
        self.discarded = 0

    def _connect(self) -> psycopg.Connection:
        try:
            conn = psycopg.connect(self.url, **self.kwargs)
        except psycopg.Error as exc:
            raise DatabaseUnavailable(str(exc).strip().splitlines()[0] if str(exc).strip() else repr(exc)) from exc
        self.connects += 1
        return conn

    @contextlib.contextmanager
    def connection(self):
        if self._closed:
            raise DatabaseUnavailable("the database client is closed")
        if not self._slots.acquire(timeout=self.timeout):
            raise PoolTimeout()
        conn = None
        try:
            with self._lock:
                conn = self._idle.pop() if self._idle else None
            if conn is None or conn.closed:
                conn = self._connect()
            yield conn
        finally:
            if conn is not None:
                reusable = (not self._closed and not conn.closed and not conn.broken
                            and conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE)
                if reusable:
                    with self._lock:
                        self._idle.append(conn)
                else:
                    self.discarded += 1
                    with contextlib.suppress(Exception):
                        conn.close()
            self._slots.release()

    def discard_idle(self) -> None:
        """Close every idle connection (after one turned out dead, the others likely are too)."""
        with self._lock:
            idle, self._idle = list(self._idle), collections.deque()
        for c in idle:
            self.discarded += 1
            with contextlib.suppress(Exception):
                c.close()

    def stats(self) -> dict:
        with self._lock:
            return {"pool_max": self.max_size, "idle": len(self._idle), "connects": self.connects,
                    "discarded": self.discarded}

    def close(self) -> None:
        self._closed = True
        self.discard_idle()


def _cell(raw: bytes | None, limit: int) -> str:
    if raw is None:
        return NULL_TEXT
    s = raw.decode("utf-8", errors="replace")
    if len(s) > limit:
        s = s[:limit] + f"...[{len(s) - limit} more chars]"
    if "\n" in s or "\r" in s or SEP in s:
        s = s.replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\n").replace(SEP, "\\" + SEP)
    return s


class EHRDatabase:
    """Pooled, read-only, bounded access to the EHR database for agents.

    ``url`` should be the agent role's URL (``BuildInfo.agent_url``); the safety checks do not
    depend on the role.  Thread-safe; share one instance across concurrent rollouts.

    ``pool_size`` bounds the open connections (callers beyond it wait up to the statement timeout
    + 5 s, then get a "busy" message); connections open on demand (``min_pool_size`` is accepted
    for compatibility and ignored).  ``max_cell_chars`` cuts single huge values (default
    ``max_bytes // 2``).
    """

    def __init__(self, url: str, *, statement_timeout_ms: int = 10_000, max_rows: int = 200,
                 max_bytes: int = 20_000, pool_size: int = 8, min_pool_size: int = 1,
                 connect_timeout_s: float = 5.0, cancel_grace_s: float = 2.0, max_cell_chars: int | None = None,
                 application_name: str = "medmcp_calc.sql"):
        if statement_timeout_ms <= 0 or max_rows <= 0 or max_bytes <= 0:
            raise ValueError("statement_timeout_ms, max_rows and max_bytes must be positive")
        self.url = url
        self.statement_timeout_ms = int(statement_timeout_ms)
        self.max_rows = int(max_rows)
        self.max_bytes = int(max_bytes)
        self.max_cell_chars = int(max_cell_chars or max(200, max_bytes // 2))
        self.cancel_grace_s = cancel_grace_s
        self._connect_timeout_s = connect_timeout_s
        self._pool = _Pool(url, max(1, pool_size), timeout=max(connect_timeout_s, statement_timeout_ms / 1000 + 5),
                           kwargs={"autocommit": True, "connect_timeout": max(1, int(connect_timeout_s)),
                                   "application_name": application_name,
                                   # session settings the agent cannot change (SET/set_config are rejected)
                                   "options": (f"-c standard_conforming_strings=on -c search_path=public,pg_catalog "
                                               f"-c lock_timeout={min(self.statement_timeout_ms, 5000)} "
                                               f"-c idle_in_transaction_session_timeout=60000 "
                                               f"-c statement_timeout={self.statement_timeout_ms}")})
        self._executor = ThreadPoolExecutor(max_workers=max(1, pool_size), thread_name_prefix="medmcp-sql")
        self._closed = False
        self._prefix = f"BEGIN READ ONLY;SET LOCAL statement_timeout = {self.statement_timeout_ms};\n"

    # ------------------------------------------------------------------ execution
    def _execute(self, sql: str, params: tuple | None = None, *, wrap_limit: int | None = None):
        """Run one trusted statement inside BEGIN READ ONLY ... ROLLBACK; returns (columns, type oids, raw rows).

        ``wrap_limit`` runs the statement through a cursor and fetches at most that many rows
        (``DECLARE medmcp_cursor NO SCROLL CURSOR FOR <sql>; FETCH n``): the server never produces more,
        and unlike a ``SELECT * FROM (<sql>) LIMIT n`` wrapper it adds no planning work.
        Raises psycopg errors / PoolTimeout / DatabaseUnavailable; callers turn them into messages.
        """
        if wrap_limit is not None:
            sql = f"DECLARE medmcp_cursor NO SCROLL CURSOR FOR\n{sql}\n;FETCH FORWARD {int(wrap_limit)} FROM medmcp_cursor"
        attempts = 0
        while True:
            attempts += 1
            with self._pool.connection() as conn:
                try:
                    return self._run_on(conn, sql, params)
                except psycopg.OperationalError as exc:
                    if (conn.closed or conn.broken) and not isinstance(exc, pgerr.QueryCanceled):
                        self._pool.discard_idle()
                        if attempts < 2:
                            # read-only, so retrying is safe; a stale pooled connection after a server
                            # restart is the usual cause and a fresh connection fixes it
                            log.info("connection lost (%s); retrying on a fresh connection", exc)
                            continue
                    raise

    def _run_on(self, conn: psycopg.Connection, sql: str, params: tuple | None):
        token = _WATCHDOG.arm(conn, time.monotonic() + self.statement_timeout_ms / 1000 + self.cancel_grace_s)
        # ONE simple-protocol message: BEGIN READ ONLY; SET LOCAL ...; DECLARE ... FOR <query>; FETCH; ROLLBACK.
        # The query text is exactly one complete statement (checked by the same parser the server uses; it
        # cannot leave a comment, quote or dollar-quote open) followed by a newline, and the session keeps
        # standard_conforming_strings on (set at connect; the agent cannot change settings), so the server
        # splits the message exactly as the guard did. Trusted internal queries with parameters are bound
        # client-side.
        message = self._prefix + sql + "\n;ROLLBACK"
        if params:
            cur = psycopg.ClientCursor(conn)
            try:
                message = cur.mogrify(message, params)
            finally:
                cur.close()
        try:
            # straight to libpq (one PQsendQuery, results read by psycopg's own generator): no cursor
            # bookkeeping, no type loading - the formatter wants PostgreSQL's text output anyway
            with conn.lock:
                pg = conn.pgconn
                pg.send_query(message.encode(conn.info.encoding))
                results = conn.wait(_pg_generators.execute(pg))
        finally:
            _WATCHDOG.disarm(token)
            if not conn.closed and conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                try:
                    conn.execute("ROLLBACK")
                except psycopg.Error:
                    pass
        res = None
        for r in results:
            if r.status == _FATAL:
                raise pgerr.error_from_result(r, encoding=conn.info.encoding)
            if r.status == _TUPLES_OK:
                res = r
        if res is None:
            return [], [], []
        enc = conn.info.encoding
        nf, nt = res.nfields, res.ntuples
        cols = [res.fname(c).decode(enc) for c in range(nf)]
        oids = [res.ftype(c) for c in range(nf)]
        gv = res.get_value
        rows = [[gv(r, c) for c in range(nf)] for r in range(nt)]
        return cols, oids, rows

    # ------------------------------------------------------------------ errors
    def _error_text(self, exc: BaseException) -> str:
        if isinstance(exc, QueryRejected):
            return f"Error: {exc}"
        if isinstance(exc, pgerr.QueryCanceled):
            return (f"Error: the query was cancelled after the {self.statement_timeout_ms / 1000:g} s time limit. "
                    f"Make it cheaper: filter by patient_id (indexed), avoid cross joins, add LIMIT.")
        if isinstance(exc, PoolTimeout):
            return (f"Error: the database is busy (all {self._pool.max_size} connections in use for "
                    f"{self._pool.timeout:g} s). Retry shortly.")
        if isinstance(exc, DatabaseUnavailable):
            if "does not exist" in str(exc):
                return (f"Error: the EHR database is not available ({exc}; {describe(self.url)}). Build it first: "
                        f"`medmcp-calc db build` (or `python -m medmcp_calc.db build-sample` for a tiny demo).")
            return (f"Error: the database is unavailable ({exc}; {describe(self.url)}). The query did not run; "
                    f"retry shortly.")
        if isinstance(exc, psycopg.Error):
            diag = getattr(exc, "diag", None)
            primary = (diag.message_primary if diag and diag.message_primary else str(exc).strip().splitlines()[0]
                       if str(exc).strip() else type(exc).__name__)
            parts = [f"Error: {primary}"]
            if diag is not None and diag.message_detail:
                parts.append(f"Detail: {diag.message_detail}")
            if diag is not None and diag.message_hint:
                parts.append(f"Hint: {diag.message_hint}")
            if isinstance(exc, pgerr.UndefinedColumn):
                parts.append("Call describe_tables with the table names to see their columns.")
            elif isinstance(exc, pgerr.UndefinedTable):
                parts.append("Call list_tables to see the available tables.")
            elif isinstance(exc, pgerr.UndefinedFunction):
                parts.append("Check the function name and argument types (cast text columns, e.g. test_result::numeric).")
            elif isinstance(exc, pgerr.InsufficientPrivilege):
                parts.append("Only the EHR tables listed by list_tables can be read.")
            elif isinstance(exc, (pgerr.InvalidTextRepresentation,)):
                parts.append("Some values are not numeric; filter them first, e.g. "
                             "WHERE test_result ~ '^-?[0-9.]+$'.")
            elif isinstance(exc, psycopg.OperationalError):
                parts = [f"Error: lost the connection to the database ({primary}). The query did not complete; "
                         f"retry it."]
            return "\n".join(parts)
        log.exception("unexpected error in EHRDatabase")
        return f"Error: internal error while running the query ({type(exc).__name__}: {exc})."

    # ------------------------------------------------------------------ public API
    def query_rows(self, sql: str) -> QueryResult:
        """Run an agent query; typed Python values; never raises."""
        try:
            stmt = check_query(sql)
            cols, oids, raw = self._execute(stmt, wrap_limit=self.max_rows + 1)
            truncated = len(raw) > self.max_rows
            raw = raw[: self.max_rows]
            # PostgreSQL's text output, parsed by psycopg's loaders for the column types
            tx = psycopg.adapt.Transformer()
            tx.set_loader_types(oids, psycopg.pq.Format.TEXT)
            rows = [tx.load_sequence(r) for r in raw]
        except Exception as exc:
            return QueryResult(error=self._error_text(exc))
        return QueryResult(columns=cols, rows=rows, truncated=truncated)

    def run_query(self, sql: str) -> str:
        """Run an agent query and return compact text (or an ``Error: ...`` message). Never raises."""
        try:
            stmt = check_query(sql)
            cols, _, raw = self._execute(stmt, wrap_limit=self.max_rows + 1)
        except Exception as exc:
            return self._error_text(exc)
        try:
            return self._format(cols, raw)
        except Exception as exc:  # pragma: no cover
            return self._error_text(exc)

    def _format(self, cols: list[str], raw: list[list]) -> str:
        truncated_rows = len(raw) > self.max_rows
        raw = raw[: self.max_rows]
        header = SEP.join(c.replace(SEP, "\\" + SEP) for c in cols)
        n = len(raw)
        if truncated_rows:
            footer = (f"(truncated: showing the first {self.max_rows} rows; the query returned more. Filter with "
                      f"WHERE, aggregate, or use ORDER BY ... LIMIT)")
        else:
            footer = f"({n} row{'s' if n != 1 else ''})"
        # fast path: every value joined at C speed; valid when no value holds a separator, a line break,
        # or pushes the output over the byte budget (checked on the whole blob at once)
        if n:
            lines = list(map(_SEPB.join, ([_NULLB if v is None else v for v in r] for r in raw)))
            blob = b"\n".join(lines)
            if (len(blob) + len(header) + 2 <= self.max_bytes and blob.count(_SEPB) == (len(cols) - 1) * n
                    and blob.count(b"\n") == n - 1 and b"\r" not in blob):
                return f"{header}\n{blob.decode('utf-8', errors='replace')}\n{footer}"
        out = [header]
        used = len(header.encode()) + 1
        shown = 0
        cut_bytes = False
        limit = self.max_cell_chars
        for r in raw:
            line = SEP.join([_cell(v, limit) for v in r])
            size = len(line.encode()) + 1
            if used + size > self.max_bytes:
                room = self.max_bytes - used
                if shown == 0 and room > 40:
                    out.append(line.encode()[: room - 20].decode("utf-8", errors="ignore") + "...[cut]")
                    shown = 1
                cut_bytes = True
                break
            out.append(line)
            used += size
            shown += 1
        if cut_bytes:
            more = "more than " + str(self.max_rows) if truncated_rows else str(n)
            footer = (f"(output truncated at {self.max_bytes} bytes: showing {shown} of {more} rows; select fewer "
                      f"columns, filter with WHERE, or aggregate)")
        out.append(footer)
        return "\n".join(out)

    def list_tables(self) -> str:
        """Names and one-line descriptions of the tables the agent can read. Never raises."""
        try:
            _, _, rows = self._execute(
                "SELECT c.relname, coalesce(obj_description(c.oid, 'pg_class'), '') "
                "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                "WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm', 'p', 'f') "
                "AND has_table_privilege(c.oid, 'SELECT') ORDER BY c.relname")
        except Exception as exc:
            return self._error_text(exc)
        if not rows:
            return "Error: no readable tables found (the EHR database has not been built?)."
        lines = [f"{len(rows)} tables (call describe_tables for their columns):"]
        for name, comment in rows:
            n, c = name.decode(), comment.decode()
            lines.append(f"{n} - {c}" if c else n)
        return "\n".join(lines)

    def describe_tables(self, table_names: list[str] | str) -> str:
        """Columns (name, type, NOT NULL, PK, comment) of the given tables, compactly. Never raises."""
        if isinstance(table_names, str):
            table_names = [table_names]
        if not isinstance(table_names, (list, tuple)) or not all(isinstance(t, str) for t in table_names):
            return "Error: table_names must be a list of table names, e.g. [\"laboratory_result\"]."
        names: list[str] = []
        for t in table_names:
            for part in t.replace(";", ",").split(","):
                p = part.strip().strip('"').lower()
                if p.startswith("public."):
                    p = p[len("public."):]
                if p and p not in names:
                    names.append(p)
        if not names:
            return "Error: give at least one table name (call list_tables to see them)."
        if len(names) > 50:
            return "Error: at most 50 tables per call."
        try:
            _, _, rows = self._execute(
                "SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, "
                "coalesce(col_description(c.oid, a.attnum), ''), "
                "coalesce((SELECT true FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary "
                "  AND a.attnum = ANY(i.indkey)), false), coalesce(obj_description(c.oid, 'pg_class'), '') "
                "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                "JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped "
                "WHERE n.nspname = 'public' AND c.relname = ANY(%s) AND has_table_privilege(c.oid, 'SELECT') "
                "ORDER BY array_position(%s, c.relname::text), a.attnum", (names, names))
        except Exception as exc:
            return self._error_text(exc)
        by_table: dict[str, list[str]] = {}
        comments: dict[str, str] = {}
        for rel, col, typ, notnull, comment, pk, tcomment in rows:
            rel_s = rel.decode()
            comments[rel_s] = tcomment.decode()
            flags = (" PK" if pk == b"t" else "") + (" NOT NULL" if notnull == b"t" and pk != b"t" else "")
            c = comment.decode()
            t = typ.decode().replace(" without time zone", "").replace("timestamp with time zone", "timestamptz")
            by_table.setdefault(rel_s, []).append(f"  {col.decode()} {t}{flags}" + (f" -- {c}" if c else ""))
        out = []
        missing = [n for n in names if n not in by_table]
        for n in names:
            if n in by_table:
                out.append(f"{n}: {comments[n]}" if comments[n] else f"{n}:")
                out.extend(by_table[n])
        if missing:
            out.append(f"Error: unknown table(s): {', '.join(missing)}. Call list_tables to see the available tables.")
        return "\n".join(out)

    # ------------------------------------------------------------------ async variants
    async def _in_thread(self, fn, *args):
        if self._closed:
            return "Error: the database client is closed."
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, fn, *args)

    async def arun_query(self, sql: str) -> str:
        return await self._in_thread(self.run_query, sql)

    async def aquery_rows(self, sql: str) -> QueryResult:
        return await self._in_thread(self.query_rows, sql)

    async def alist_tables(self) -> str:
        return await self._in_thread(self.list_tables)

    async def adescribe_tables(self, table_names: list[str] | str) -> str:
        return await self._in_thread(self.describe_tables, table_names)

    # ------------------------------------------------------------------ lifecycle
    def wait_ready(self, timeout: float = 10.0) -> None:
        """Block until a connection can be opened (raises DatabaseUnavailable after ``timeout`` s)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                with self._pool.connection() as conn:
                    conn.execute("SELECT 1")
                return
            except (DatabaseUnavailable, psycopg.OperationalError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def pool_stats(self) -> dict:
        return self._pool.stats()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._pool.close()

    def __enter__(self) -> "EHRDatabase":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self):  # pragma: no cover - best effort
        try:
            if not self._closed:
                self._pool.close()
        except Exception:
            pass
