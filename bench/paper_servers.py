"""Paper-style baseline MCP servers, written by us for the side-by-side comparison in run_all.py.

They do the same work as our ``postgres_executor`` and ``python_executor`` servers the way the
paper's executors do it:

- ``sql``: tool ``run_read_only_sql(query)`` opens a NEW PostgreSQL connection for every call,
  runs the query, fetches all rows, closes the connection (no pool, no guard, no read-only
  transaction, no row/byte caps: only the cost structure matters here);
- ``python``: tool ``run_python(code)`` starts a NEW Python interpreter for every call
  (``python -c code``) and returns its stdout and stderr.

Both are served over stdio with the official ``mcp`` SDK (``MCPServer``), like ours:

    python bench/paper_servers.py sql --database-url postgresql://...
    python bench/paper_servers.py python
"""
from __future__ import annotations

import argparse
import asyncio
import sys

from mcp.server.mcpserver import MCPServer


def sql_server(url: str) -> MCPServer:
    import psycopg

    server = MCPServer("paper_style_sql")

    def _query(query: str) -> str:
        try:
            with psycopg.connect(url, autocommit=True) as conn:  # a fresh connection per call
                cur = conn.execute(query)
                if cur.description is None:
                    return "OK"
                cols = [d.name for d in cur.description]
                rows = cur.fetchall()
        except psycopg.Error as e:
            return f"Error: {e}"
        lines = ["|".join(cols)] + ["|".join("NULL" if v is None else str(v) for v in r) for r in rows]
        return "\n".join(lines) + f"\n({len(rows)} rows)"

    @server.tool()
    async def run_read_only_sql(query: str) -> str:
        """Run a SQL query on the EHR database (a new connection per call)."""
        return await asyncio.to_thread(_query, query)

    return server


def python_server() -> MCPServer:
    server = MCPServer("paper_style_python")

    @server.tool()
    async def run_python(code: str) -> str:
        """Run Python code in a fresh interpreter and return its output."""
        proc = await asyncio.create_subprocess_exec(sys.executable, "-c", code, stdout=asyncio.subprocess.PIPE,
                                                    stderr=asyncio.subprocess.PIPE)
        try:
            out, err = await asyncio.wait_for(proc.communicate(), 60)
        except asyncio.TimeoutError:
            proc.kill()
            return "Error: timed out"
        return (out + err).decode("utf-8", "replace")

    return server


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind", choices=["sql", "python"])
    ap.add_argument("--database-url", default=None)
    a = ap.parse_args(argv)
    if a.kind == "sql":
        if not a.database_url:
            ap.error("sql needs --database-url")
        server = sql_server(a.database_url)
    else:
        server = python_server()
    server.run("stdio")


if __name__ == "__main__":
    main()
