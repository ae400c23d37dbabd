"""MCP server ``google_search`` (name kept for compatibility): tools ``search(query)`` and ``fetch(url)``
over the offline reference corpus (:mod:`medmcp_calc.reference`).

    python -m medmcp_calc.servers.google_search [--transport stdio|http --port N]

Offline by default; set ``MEDMCP_SEARCH_LIVE_URL`` (and ``MEDMCP_SEARCH_API_KEY``) to add a live
search endpoint behind the same tools.
"""
from __future__ import annotations


import threading

import anyio
from mcp.server.mcpserver import MCPServer

from medmcp_calc.reference import get_reference_index
from medmcp_calc.servers.common import serve_main

SEARCH_DESCRIPTION = (
    "Search the medical reference library (clinical calculators, their formulas, point tables and "
    "interpretation; units; common clinical definitions). Returns the top 10 results as title, URL and snippet. "
    "Use fetch(url) to read a result."
)
FETCH_DESCRIPTION = (
    "Read one reference page as Markdown, by the URL a search result gave "
    "(e.g. medcalc://calculators/bmi). Long pages are truncated."
)


def build_server() -> MCPServer:
    index = get_reference_index()
    threading.Thread(target=_warm, args=(index,), daemon=True, name="reference-index-build").start()
    server = MCPServer("google_search", instructions="Offline medical reference search and page fetch.")

    @server.tool(name="search", description=SEARCH_DESCRIPTION)
    async def search(query: str) -> str:
        return await anyio.to_thread.run_sync(_safe, index.search, query)

    @server.tool(name="fetch", description=FETCH_DESCRIPTION)
    async def fetch(url: str) -> str:
        return await anyio.to_thread.run_sync(_safe, index.fetch, url)

    return server


def _warm(index) -> None:
    try:
        index.pages  # builds the BM25 index so the first search is fast
    except Exception:  # a failed build is retried (and reported) by the first search
        pass


def _safe(fn, arg) -> str:
    try:
        return fn(arg)
    except Exception as e:  # a tool call must never end a rollout
        return f"Error: {type(e).__name__}: {str(e)[:200]}"


def main(argv: list[str] | None = None) -> None:
    serve_main(lambda _args: build_server(), "python -m medmcp_calc.servers.google_search", "Offline reference search MCP server",
               argv=argv)


if __name__ == "__main__":
    main()
