"""``python -m medmcp_calc.db {start,stop,status,hash,build-sample}`` - manage the embedded EHR server."""
from __future__ import annotations

import argparse
import json
import sys


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m medmcp_calc.db", description=__doc__)
    p.add_argument("command", choices=["start", "stop", "status", "hash", "build-sample"])
    p.add_argument("--data-dir", default=None, help="embedded data directory (default: MEDMCP_PGDATA or "
                                                     "~/.cache/medmcp-calc/pg18)")
    p.add_argument("--database-url", default=None, help="admin URL of an external server (default: "
                                                         "MEDMCP_DATABASE_URL, else the embedded server)")
    p.add_argument("--dbname", default="medmcp_calc")
    a = p.parse_args(argv)
    from . import embedded, resolve_database_url
    from .urls import with_params
    if a.command == "start":
        print(embedded.ensure_server(a.data_dir))
    elif a.command == "stop":
        print("stopped" if embedded.stop_server(a.data_dir) else "not running")
    elif a.command == "status":
        print(json.dumps(embedded.status(a.data_dir), indent=2))
    elif a.command == "hash":
        from .builder import database_hash
        print(database_hash(with_params(resolve_database_url(a.database_url), dbname=a.dbname)) or "not built")
    elif a.command == "build-sample":
        from .builder import build_database
        from .sample import sample_tables
        info = build_database(resolve_database_url(a.database_url), sample_tables(), dbname=a.dbname)
        print(json.dumps({"dbname": info.dbname, "agent_url": info.agent_url, "content_hash": info.content_hash,
                          "row_counts": info.row_counts, "reloaded": info.reloaded,
                          "seconds": round(info.seconds, 3)}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
