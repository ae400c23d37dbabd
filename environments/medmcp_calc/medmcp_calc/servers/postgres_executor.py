"""MCP server ``postgres_executor``: read-only SQL over the hospital EHR database.

Tool names follow the MedMCP-Calc release so its client works unchanged:
``list_tables()``, ``describe_tables(table_names)``, ``run_read_only_sql(query)``, plus
``run_sql(query)`` (same guard) as the paper's text names it.  The tools are thin wrappers
over :class:`medmcp_calc.db.core.EHRDatabase`, which the verifiers environment and the RL
rollout call in-process.

Run::

    python -m medmcp_calc.servers.postgres_executor                       # stdio
    python -m medmcp_calc.servers.postgres_executor --transport http --port 8011
    python -m medmcp_calc.servers.postgres_executor --database-url postgresql://...

Database: ``--database-url`` > env ``MEDMCP_DATABASE_URL`` > the embedded server's
``medmcp_calc`` database as the read-only agent role (started/attached on first use).
"""
from __future__ import annotations

import argparse
import os
import threading

from mcp.server.mcpserver import MCPServer

from ..db.core import EHRDatabase
from .common import serve_main

INSTRUCTIONS = (
    "Read-only access to a hospital EHR (PostgreSQL). Start with list_tables, then describe_tables for the "
    "columns you need, then run_read_only_sql with ONE SELECT statement per call. Filter by patient_id "
    "(indexed); lab values and vital signs are stored as text."
)


class _LazyDB:
    """Creates the EHRDatabase on first use so the server starts instantly and a missing database
    becomes a tool error instead of a crash."""

    def __init__(self, url: str | None, dbname: str, options: dict):
        self._url, self._dbname, self._options = url, dbname, options
        self._db: EHRDatabase | None = None
        self._lock = threading.Lock()

    def get(self) -> EHRDatabase:
        if self._db is None:
            with self._lock:
                if self._db is None:
                    url = self._url or os.environ.get("MEDMCP_DATABASE_URL")
                    if not url:
                        from ..db import default_agent_url
                        url = default_agent_url(self._dbname)
                    self._db = EHRDatabase(url, **self._options)
        return self._db


def build_server(database_url: str | None = None, *, dbname: str = "medmcp_calc",
                 db: EHRDatabase | None = None, **options) -> MCPServer:
    """Build the MCP server. Pass ``db`` to share an existing EHRDatabase."""
    lazy = _LazyDB(database_url, dbname, options)
    if db is not None:
        lazy._db = db

    async def _call(method: str, *args) -> str:
        try:
            database = lazy.get()
        except Exception as exc:
            return f"Error: the EHR database is unavailable ({type(exc).__name__}: {exc})."
        return await getattr(database, method)(*args)

    server = MCPServer("postgres_executor", instructions=INSTRUCTIONS)

    @server.tool()
    async def list_tables() -> str:
        """List the EHR tables with a one-line description of each."""
        return await _call("alist_tables")

    @server.tool()
    async def describe_tables(table_names: list[str]) -> str:
        """Describe several tables at once: each column's name, type, NOT NULL / primary key, and meaning.

        Args:
            table_names: table names, e.g. ["laboratory_result", "vital_signs"].
        """
        return await _call("adescribe_tables", table_names)

    @server.tool()
    async def run_read_only_sql(query: str) -> str:
        """Run ONE read-only SQL query (SELECT / WITH ... SELECT / VALUES) on the EHR database.

        Returns a header line of column names, then one '|'-separated line per row (NULL shown as NULL),
        at most a few hundred rows; the result says when it was truncated. Errors come back as text.

        Args:
            query: a single PostgreSQL SELECT statement, e.g.
                SELECT test_item_name, test_result, unit, report_time FROM laboratory_result
                WHERE patient_id = 'P0001' ORDER BY report_time DESC
        """
        return await _call("arun_query", query)

    @server.tool()
    async def run_sql(query: str) -> str:
        """Same as run_read_only_sql: run ONE read-only SELECT query on the EHR database.

        Args:
            query: a single PostgreSQL SELECT statement.
        """
        return await _call("arun_query", query)

    return server


def _extra(p: argparse.ArgumentParser) -> None:
    p.add_argument("--database-url", default=None,
                   help="PostgreSQL URL of the EHR database (default: env MEDMCP_DATABASE_URL, else the embedded "
                        "server's medmcp_calc database as the read-only agent role)")
    p.add_argument("--dbname", default="medmcp_calc", help="database name on the embedded server")
    p.add_argument("--statement-timeout-ms", type=int, default=10_000)
    p.add_argument("--max-rows", type=int, default=200)
    p.add_argument("--max-bytes", type=int, default=20_000)


def _build(args: argparse.Namespace) -> MCPServer:
    return build_server(args.database_url, dbname=args.dbname, statement_timeout_ms=args.statement_timeout_ms,
                        max_rows=args.max_rows, max_bytes=args.max_bytes)


def main(argv: list[str] | None = None) -> None:
    serve_main(_build, "python -m medmcp_calc.servers.postgres_executor",
               "Read-only SQL MCP server over the MedMCP-Calc EHR database", extra_args=_extra, argv=argv)


if __name__ == "__main__":
    main()
