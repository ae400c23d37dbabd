"""All of the agent's tools as ONE verifiers Toolset (server: ``python -m medmcp_calc.vf_tools.agent_tools``).

verifiers advertises a shared server's tools as ``<server>_<tool>`` unless the server has no
prefix, and only one prefix-less shared server may exist per taskset. To keep the paper's bare
tool names (``run_read_only_sql``, ``search``, ``fetch``, ``run_python``, ``calculator``...) the
medmcp-calc env serves every tool group from this one process; ``groups`` picks which ones are
offered (ablations). Each tool is a thin wrapper over the same core as the standalone MCP servers:

- sql: :class:`medmcp_calc.db.core.EHRDatabase` (one pool shared by all rollouts);
- search: :mod:`medmcp_calc.reference`;
- python: :func:`medmcp_calc.sandbox.get_default_sandbox` (worker pool);
- calculator: :mod:`medmcp_calc.tools.calculator`.
"""
from __future__ import annotations

import functools
import inspect
import json
import os
import time

import verifiers.v1 as vf
from pydantic import Field

TIMINGS_ENV = "MEDMCP_TOOL_TIMINGS"
"""Opt-in profiling (bench/run_all.py): when this names a file, every tool call appends one JSON line
``{"tool", "start", "seconds"}`` (wall time inside the tool's own code) to it."""


def _timed(fn, name: str, path: str):
    """Wrap a bound tool method so each call's wall time is appended to ``path`` (one O_APPEND write)."""

    def record(start: float, t0: float) -> None:
        line = json.dumps({"tool": name, "start": start, "seconds": time.perf_counter() - t0}) + "\n"
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, line.encode())
            finally:
                os.close(fd)
        except OSError:
            pass  # profiling must never break a tool call

    if inspect.iscoroutinefunction(fn):
        @functools.wraps(fn)
        async def wrapper(*args, **kwargs):
            start, t0 = time.time(), time.perf_counter()
            try:
                return await fn(*args, **kwargs)
            finally:
                record(start, t0)
    else:
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            start, t0 = time.time(), time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                record(start, t0)
    wrapper.__signature__ = inspect.signature(fn)  # type: ignore[attr-defined]
    return wrapper

GROUP_OF = {
    "list_tables": "sql", "describe_tables": "sql", "run_read_only_sql": "sql",
    "search": "search", "fetch": "search",
    "run_python": "python",
    "calculator": "calculator", "convert_units": "calculator",
}


class AgentToolsConfig(vf.SharedToolsetConfig):
    groups: list[str] = Field(default_factory=lambda: ["sql", "search", "python", "calculator"])
    """Tool groups offered: any of sql, search, python, calculator."""
    database_url: str | None = None
    """Agent (read-only) URL of the EHR database; None = the embedded server's built database."""
    statement_timeout_ms: int = Field(10_000, gt=0)
    max_rows: int = Field(200, gt=0)
    max_bytes: int = Field(20_000, gt=0)
    python_timeout_s: float = Field(10.0, gt=0, le=120)


class AgentTools(vf.Toolset[AgentToolsConfig]):
    TOOL_PREFIX = None

    _db = None

    async def setup(self) -> None:
        """Warm every offered tool once, before the first rollout calls it: open a pooled database
        connection, build the search index, start the sandbox workers. Without this the first
        rollouts pay these one-off costs (~0.3 s each) inside their tool calls. A failure here
        (e.g. the database is down) is not fatal: the tool reports it when called."""
        import asyncio

        groups = set(self.config.groups)

        def warm_sql():
            db = self._database()
            db.wait_ready(timeout=5.0)
            db.list_tables()

        def warm_search():
            from medmcp_calc.reference import fetch, search

            search("warm up")
            fetch("medcalc://calculators/bmi")

        def warm_python():
            from medmcp_calc.sandbox import get_default_sandbox

            get_default_sandbox().warm()

        jobs = [fn for g, fn in (("sql", warm_sql), ("search", warm_search), ("python", warm_python)) if g in groups]
        results = await asyncio.gather(*(asyncio.to_thread(fn) for fn in jobs), return_exceptions=True)
        for fn, r in zip(jobs, results):
            if isinstance(r, BaseException):
                import logging

                logging.getLogger(__name__).warning("tool warm-up %s failed: %s", fn.__name__, r)

    def _enabled(self):
        from verifiers.v1.utils.decorators import discover_decorated

        unknown = [g for g in self.config.groups if g not in set(GROUP_OF.values())]
        if unknown:
            raise ValueError(f"unknown tool group(s) {unknown}; choose from sql, search, python, calculator")
        enabled = set(self.config.groups)
        for fn in discover_decorated(self, "tool"):
            name = getattr(fn, "tool_name", None) or fn.__name__
            if GROUP_OF.get(name) in enabled:
                yield name, fn

    def offered_tools(self) -> list[str]:
        """Names of the tools this server advertises (given ``groups``)."""
        return [name for name, _ in self._enabled()]

    def register(self, mcp) -> None:
        timings = os.environ.get(TIMINGS_ENV)
        for name, fn in self._enabled():
            if timings:
                fn = _timed(fn, name, timings)
            mcp.add_tool(self._with_state(fn), name=name, description=(fn.__doc__ or "").strip() or None)

    def _database(self):
        if self._db is None:
            from medmcp_calc.db import default_agent_url
            from medmcp_calc.db.core import EHRDatabase

            url = self.config.database_url or default_agent_url()
            self._db = EHRDatabase(url, statement_timeout_ms=self.config.statement_timeout_ms,
                                   max_rows=self.config.max_rows, max_bytes=self.config.max_bytes)
        return self._db

    # ---- sql -------------------------------------------------------------------------------
    @vf.tool
    async def list_tables(self) -> str:
        """List the tables of the hospital EHR database."""
        return await self._database().alist_tables()

    @vf.tool
    async def describe_tables(self, table_names: list[str]) -> str:
        """Show the columns (name, type, description) of one or more tables, e.g.
        table_names=["laboratory_result", "vital_signs"]."""
        return await self._database().adescribe_tables(table_names)

    @vf.tool
    async def run_read_only_sql(self, query: str) -> str:
        """Run ONE read-only SQL query (SELECT / WITH ... SELECT / VALUES) on the PostgreSQL EHR
        database and return the rows (header once, then rows; long results are truncated). Always
        filter by patient_id, e.g. SELECT test_item_name, test_result, unit, report_time FROM
        laboratory_result WHERE patient_id = 'P123' ORDER BY report_time."""
        if not isinstance(query, str) or not query.strip():
            return "Error: query must be a non-empty SQL string"
        return await self._database().arun_query(query)

    # ---- search ----------------------------------------------------------------------------
    @vf.tool
    def search(self, query: str) -> str:
        """Search the medical reference library (calculator pages: purpose, inputs, formula or
        point table, interpretation; pages on units and clinical definitions). Returns the top 10
        results as title, url and snippet."""
        from medmcp_calc.reference import search

        if not isinstance(query, str) or not query.strip():
            return "Error: query must be a non-empty string"
        return search(query)

    @vf.tool
    def fetch(self, url: str) -> str:
        """Fetch one reference page (a url from `search` results, or a calculator's name) as Markdown."""
        from medmcp_calc.reference import fetch

        if not isinstance(url, str) or not url.strip():
            return "Error: url must be a non-empty string"
        return fetch(url)

    # ---- python ----------------------------------------------------------------------------
    @vf.tool
    async def run_python(self, code: str) -> str:
        """Run Python code in a sandbox and return what it prints (and the value of a final
        expression). Modules: math, statistics, datetime, fractions, decimal and a numpy subset;
        no files, no network."""
        from medmcp_calc.sandbox import get_default_sandbox

        if not isinstance(code, str):
            return "Error: code must be a string of Python source"
        return await get_default_sandbox().arun(code, self.config.python_timeout_s)

    # ---- calculator ------------------------------------------------------------------------
    @vf.tool
    def calculator(self, expression: str) -> str:
        """Evaluate one arithmetic expression, e.g. "(140 - 65) * 70 / (72 * 1.1)"; supports
        + - * / ** parentheses, sqrt, log, ln, exp, abs, round, min, max and trigonometry."""
        from medmcp_calc.tools.calculator import calculator

        return calculator(expression)

    @vf.tool
    def convert_units(self, value: float, from_unit: str, to_unit: str, analyte: str | None = None) -> str:
        """Convert a value between units, e.g. value=1.2, from_unit="mg/dL", to_unit="umol/L",
        analyte="creatinine" (the analyte is needed for mass <-> molar concentrations)."""
        from medmcp_calc.tools.calculator import convert_units

        return convert_units(value, from_unit, to_unit, analyte)


if __name__ == "__main__":
    AgentTools.run()
