"""The EHR SQL tools (``list_tables``, ``describe_tables``, ``run_read_only_sql``) as a verifiers
Toolset (server: ``python -m medmcp_calc.vf_tools.sql_tool``).

A thin wrapper over :class:`medmcp_calc.db.core.EHRDatabase`, the same core the standalone
``postgres_executor`` MCP server and the RL rollout call. Shared by all rollouts of a taskset:
one process, one connection pool.
"""
from __future__ import annotations

import verifiers.v1 as vf
from pydantic import Field


class SQLToolsetConfig(vf.SharedToolsetConfig):
    database_url: str | None = None
    """Agent (read-only) URL of the EHR database; None = the embedded server's built database."""
    statement_timeout_ms: int = Field(10_000, gt=0)
    max_rows: int = Field(200, gt=0)
    max_bytes: int = Field(20_000, gt=0)


class SQLToolset(vf.Toolset[SQLToolsetConfig]):
    TOOL_PREFIX = None  # bare names, as the paper's postgres_executor server advertises them

    _db = None

    def _database(self):
        if self._db is None:
            from medmcp_calc.db import default_agent_url
            from medmcp_calc.db.core import EHRDatabase

            url = self.config.database_url or default_agent_url()
            self._db = EHRDatabase(url, statement_timeout_ms=self.config.statement_timeout_ms,
                                   max_rows=self.config.max_rows, max_bytes=self.config.max_bytes)
        return self._db

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
        database and return the rows (header once, then rows; long results are truncated).
        Always filter by patient_id, e.g. SELECT test_item_name, test_result, unit, report_time
        FROM laboratory_result WHERE patient_id = 'P123' ORDER BY report_time."""
        if not isinstance(query, str) or not query.strip():
            return "Error: query must be a non-empty SQL string"
        return await self._database().arun_query(query)


if __name__ == "__main__":
    SQLToolset.run()
