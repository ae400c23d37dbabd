"""``medmcp-calc``: database, tasks, tool servers, oracle, evaluation, reports, submissions.

Every command has ``--help``. Heavy modules are imported inside the command that
needs them, so ``medmcp-calc --help`` is instant.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

SERVERS = {
    "postgres_executor": "medmcp_calc.servers.postgres_executor",
    "python_executor": "medmcp_calc.servers.python_executor",
    "google_search": "medmcp_calc.servers.google_search",
    "calculator": "medmcp_calc.servers.calculator",
}


class CLIError(Exception):
    """A user-facing error: printed as ``error: ...`` with exit code 2."""


def _print(obj: Any) -> None:
    print(json.dumps(obj, indent=2, default=str) if not isinstance(obj, str) else obj)


# ----------------------------------------------------------------------------------- db
def _db_url(args) -> str:
    from .db import resolve_database_url

    return resolve_database_url(getattr(args, "database_url", None))


def cmd_db(args) -> int:
    from .db import embedded

    if args.db_cmd == "up":
        url = _db_url(args)
        _print({"admin_url": url, "embedded": not (args.database_url or os.environ.get("MEDMCP_DATABASE_URL"))})
        return 0
    if args.db_cmd == "status":
        info: dict[str, Any] = {"embedded": embedded.status()}
        if args.database_url or os.environ.get("MEDMCP_DATABASE_URL"):
            info["external_url"] = args.database_url or os.environ.get("MEDMCP_DATABASE_URL")
        try:
            from .db.builder import database_hash

            info["content_hash"] = database_hash(_build_target_url(args))
        except Exception as e:  # status must never crash
            info["content_hash_error"] = str(e)
        _print(info)
        return 0
    if args.db_cmd == "down":
        embedded.stop_server()
        _print({"stopped": True})
        return 0
    if args.db_cmd == "build":
        info = build_demo_database(args.database_url, distractors=args.distractors, train_tasks=args.train_tasks,
                                   force=args.force, dbname=args.dbname, progress=not args.quiet)
        _print(info)
        return 0
    if args.db_cmd == "load-official":
        from .official import load_official_release

        info = load_official_release(Path(args.release_dir), _db_url(args), dbname=args.dbname, force=args.force)
        _print(info)
        return 0
    raise CLIError(f"unknown db command {args.db_cmd!r}")


def _build_target_url(args) -> str:
    """URL of the built demo database on the admin server."""
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    admin = _db_url(args)
    d = conninfo_to_dict(admin)
    d["dbname"] = getattr(args, "dbname", None) or "medmcp_calc"
    return make_conninfo(**d)


def build_demo_database(database_url: str | None = None, *, distractors: int | None = None, train_tasks: int = 0,
                        force: bool = False, dbname: str = "medmcp_calc", progress: bool = True) -> dict:
    """Build (or reuse, when its content hash matches) the EHR database with the test split's
    patients, ``train_tasks`` train patients and the distractor population."""
    from .db import resolve_database_url
    from .db.builder import build_database
    from .scenarios import build as sbuild

    admin = resolve_database_url(database_url)
    kw = {} if distractors is None else {"distractors": distractors}
    tables = sbuild.build_ehr(train=train_tasks, **kw)
    printer = _progress_printer() if progress else None
    info = build_database(admin, tables, dbname=dbname, force=force, progress=printer)
    if printer is not None:
        printer.finish()
    return {
        "dbname": info.dbname, "agent_url": _redact(info.agent_url), "content_hash": info.content_hash,
        "row_counts": info.row_counts, "seconds": round(info.seconds, 2),
    }


def _progress_printer():
    """Per-table progress on stderr: a live counter on a terminal, one line per finished table otherwise."""
    state: dict = {"table": None, "rows": 0}
    tty = sys.stderr.isatty()

    def finish() -> None:
        if state["table"] is not None:
            lead = "\r" if tty else ""
            print(f"{lead}  loaded {state['table']:22} {state['rows']:>12,} rows",
                  file=sys.stderr, flush=True)

    def progress(table: str, rows: int, total: int | None = None) -> None:
        if table != state["table"]:
            finish()
            state.update(table=table, rows=0)
        state["rows"] = rows
        if tty:
            print(f"\r  {table:22} {rows:>12,} rows", end="", file=sys.stderr, flush=True)

    progress.finish = finish  # type: ignore[attr-defined]
    return progress


def _redact(url: str) -> str:
    import re

    return re.sub(r"(://[^:/@]+:)[^@]+@", r"\1***@", url)


# -------------------------------------------------------------------------------- tasks
def _load_tasks(split: str, n: int | None = None, seed: int = 0) -> list[dict]:
    if split == "official":
        from .official import load_official_tasks

        path = os.environ.get("MEDMCP_OFFICIAL_TASKS")
        if not path:
            raise CLIError("split 'official' needs MEDMCP_OFFICIAL_TASKS=<path to the release's tasks.jsonl>")
        rows = load_official_tasks(path)
        return rows[:n] if n is not None else rows
    from .scenarios.build import load_tasks

    if split not in ("test", "test_unseen", "train"):
        raise CLIError(f"unknown split {split!r}; use test, test_unseen, train, or official "
                       "(with MEDMCP_OFFICIAL_TASKS=<the release's tasks.jsonl>)")
    if n is not None and n < 1:
        raise CLIError(f"-n must be at least 1, got {n}")
    try:
        return load_tasks(split, n=n, seed=seed)
    except ValueError as e:
        raise CLIError(str(e)) from None


def cmd_tasks(args) -> int:
    if args.tasks_cmd == "list":
        tasks = _load_tasks(args.split, n=args.n)
        for d in tasks:
            print(f"{d['task_id']:44} {d.get('domain', ''):40} {d.get('title') or d.get('scenario', '')}")
        print(f"{len(tasks)} tasks in split {args.split!r}")
        return 0
    if args.tasks_cmd == "show":
        n = None if args.split != "train" else 10_000
        for d in _load_tasks(args.split, n=n):
            if d["task_id"] == args.task_id:
                if not args.ground_truth:
                    d = {k: v for k, v in d.items() if k not in {"ground_truth", "required_calculators"}}
                    d["ground_truth"] = "(hidden: pass --ground-truth to show)"
                _print(d)
                return 0
        raise CLIError(f"no task {args.task_id!r} in split {args.split!r} (see `medmcp-calc tasks list --split {args.split}`)")
    if args.tasks_cmd == "build":
        from .scenarios import build as sbuild

        if args.split == "test":
            argv = ["--split", "test"] + (["--check"] if args.check else [])
            return sbuild.main(argv)
        if args.split == "train":
            if args.n is not None and args.n < 1:
                raise CLIError(f"-n must be at least 1, got {args.n}")
            out = Path(args.out or "train.jsonl")
            with out.open("w") as fh:
                for t in sbuild.train_tasks(args.n or 500, seed=args.seed or 0):
                    fh.write(sbuild.dumps(t) + "\n")
            print(f"wrote {out}")
            return 0
        raise CLIError("tasks build supports --split test (frozen, regenerated byte-identically) or train")
    raise CLIError(f"unknown tasks command {args.tasks_cmd!r}")


# ------------------------------------------------------------------------------- serve
def server_configs(python: str | None = None) -> dict:
    """MCP client configs: Claude-Desktop style ``mcpServers`` and the paper client's ``servers_config.json``."""
    py = python or sys.executable
    env = {}
    if os.environ.get("MEDMCP_DATABASE_URL"):
        env["MEDMCP_DATABASE_URL"] = os.environ["MEDMCP_DATABASE_URL"]
    servers = {name: {"command": py, "args": ["-m", mod, "--transport", "stdio"], **({"env": env} if env and name == "postgres_executor" else {})}
               for name, mod in SERVERS.items()}
    return {"claude_desktop": {"mcpServers": servers}, "servers_config.json": servers}


def cmd_serve(args) -> int:
    if args.print_config:
        _print(server_configs())
        return 0
    if args.server not in SERVERS:
        raise CLIError(f"unknown server {args.server!r}; choose one of {', '.join(SERVERS)}")
    import runpy

    sys.argv = [SERVERS[args.server], "--transport", args.transport, "--host", args.host, "--port", str(args.port)]
    if args.server == "postgres_executor" and args.database_url:
        os.environ["MEDMCP_DATABASE_URL"] = args.database_url
    print(f"serving {args.server} over {args.transport}" + (f" at http://{args.host}:{args.port}/mcp" if args.transport != "stdio" else ""),
          file=sys.stderr)
    runpy.run_module(SERVERS[args.server], run_name="__main__")
    return 0


# ------------------------------------------------------------------------------ oracle
def cmd_oracle(args) -> int:
    from .oracle import OracleEndpoint

    ep = OracleEndpoint(split=args.split, database_url=args.database_url, host=args.host, port=args.port)
    print(f"oracle endpoint (reference solver) at {ep.base_url} — Ctrl-C to stop", file=sys.stderr)
    ep.serve_forever()
    return 0


# -------------------------------------------------------------------------- eval / demo
def cmd_eval(args) -> int:
    from .evaluation import check_eval_args, run_summary, run_vf_eval

    if args.resume:
        if not Path(args.resume, "configs", "resolved", "eval.json").is_file():
            raise CLIError(f"{args.resume} is not a run directory to resume (no configs/resolved/eval.json)")
    else:
        check_eval_args(base_url=args.base_url, split=args.split, tools=args.tools)
    if args.split == "official" and not any("official-tasks-path" in x or "official_tasks_path" in x for x in args.extra):
        raise CLIError("split 'official' needs the release's tasks file: add "
                       "`-- --env.taskset.official-tasks-path /path/to/tasks.jsonl`")
    rc, run_dir = run_vf_eval(model=args.model, base_url=args.base_url, api_key_var=args.api_key_var,
                              split=args.split, num_tasks=args.num_tasks, rollouts=args.rollouts,
                              concurrency=args.concurrency, output_dir=args.output_dir, resume=args.resume,
                              extra=args.extra, database_url=args.database_url, tools=args.tools,
                              max_turns=args.max_turns, run_dir_name=args.name, fresh=args.fresh)
    print(f"\nrun directory: {run_dir}", file=sys.stderr)
    if rc == 0 and Path(run_dir, "traces.jsonl").is_file():
        summ = run_summary(Path(run_dir))
        print(f"{summ['rollouts']} rollouts, {summ['errored']} errored", file=sys.stderr)
        if summ["errored"]:
            print(f"error: {summ['errored']} rollout(s) failed (first: {summ['first_error']}); they score 0 in "
                  f"reports. Fix the cause, then finish with: medmcp-calc eval -m {args.model} -b {args.base_url} "
                  f"--resume {run_dir}", file=sys.stderr)
            return 1
    return rc


def cmd_demo(args) -> int:
    from .evaluation import demo

    return demo(num_tasks=args.num_tasks, output_dir=args.output_dir, database_url=args.database_url,
                distractors=args.distractors, concurrency=args.concurrency)


# ---------------------------------------------------------------- report / submit / validate
def cmd_report(args) -> int:
    from .reporting import write_report

    out = write_report([Path(p) for p in args.run_dirs], Path(args.out), charts=not args.no_charts)
    print(Path(out, "report.md").read_text())
    print(f"\nwritten to {out}", file=sys.stderr)
    return 0


def cmd_submit(args) -> int:
    from .submission import make_bundle

    path = make_bundle(Path(args.run_dir), Path(args.out), database_url=args.database_url)
    print(f"submission bundle: {path}")
    return 0


def cmd_validate(args) -> int:
    from .submission import validate_bundle

    problems = validate_bundle(Path(args.bundle))
    if problems:
        print("INVALID bundle:", file=sys.stderr)
        for p in problems:
            print(f"  - {p}", file=sys.stderr)
        return 1
    print("bundle valid: every metric recomputed from the traces matches, hashes match")
    return 0


# ------------------------------------------------------------------------------- parser
def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="medmcp-calc", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True, metavar="COMMAND")

    def dburl(sp):
        sp.add_argument("--database-url", default=None,
                        help="PostgreSQL admin URL (default: $MEDMCP_DATABASE_URL, else the embedded server)")

    d = sub.add_parser("db", help="the EHR database: up | status | build | load-official | down")
    dsub = d.add_subparsers(dest="db_cmd", required=True, metavar="DB_COMMAND")
    for name, hlp in [("up", "start (or attach to) the server and print its URL"), ("status", "server state and content hash"),
                      ("down", "stop the embedded server")]:
        sp = dsub.add_parser(name, help=hlp)
        dburl(sp)
        sp.add_argument("--dbname", default="medmcp_calc", help=argparse.SUPPRESS)
    b = dsub.add_parser("build", help="build the EHR database (test patients + distractors) with COPY")
    dburl(b)
    b.add_argument("--distractors", type=int, default=None, help="number of distractor patients (default: full size)")
    b.add_argument("--train-tasks", type=int, default=0, help="also load this many train-split patients")
    b.add_argument("--dbname", default="medmcp_calc")
    b.add_argument("--force", action="store_true", help="reload even if the content hash matches")
    b.add_argument("--quiet", action="store_true", help="no progress output")
    lo = dsub.add_parser("load-official", help="load a copy of the official MedMCP-Calc release's CSVs")
    dburl(lo)
    lo.add_argument("release_dir", help="folder with the release's table CSVs (optionally .csv.gz) and tasks.jsonl")
    lo.add_argument("--dbname", default="medmcp_calc_official")
    lo.add_argument("--force", action="store_true")
    d.set_defaults(func=cmd_db)

    t = sub.add_parser("tasks", help="task splits: list | show | build")
    tsub = t.add_subparsers(dest="tasks_cmd", required=True, metavar="TASKS_COMMAND")
    tl = tsub.add_parser("list", help="list tasks of a split")
    tl.add_argument("--split", default="test", help="test | train | test_unseen | official (default test)")
    tl.add_argument("-n", type=int, default=None, help="at most this many (needed for the unbounded train split)")
    ts = tsub.add_parser("show", help="show one task (ground truth hidden unless --ground-truth)")
    ts.add_argument("task_id")
    ts.add_argument("--split", default="test")
    ts.add_argument("--ground-truth", action="store_true", help="include the ground truth")
    tb = tsub.add_parser("build", help="regenerate a split's JSONL (the frozen test split byte-identically)")
    tb.add_argument("--split", default="test")
    tb.add_argument("--out", default=None, help="output file for the train split (default train.jsonl)")
    tb.add_argument("--check", action="store_true", help="test split: verify it regenerates byte-identically, write nothing")
    tb.add_argument("-n", type=int, default=None, help="number of tasks (train split)")
    tb.add_argument("--seed", type=int, default=None, help="seed (train split)")
    t.set_defaults(func=cmd_tasks)

    s = sub.add_parser("serve", help="run an MCP server (stdio or HTTP) or print client configs")
    s.add_argument("server", nargs="?", default="postgres_executor", help=" | ".join(SERVERS))
    s.add_argument("--transport", default="stdio", choices=["stdio", "http", "sse"])
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--print-config", action="store_true",
                   help="print a Claude-Desktop mcpServers config and a servers_config.json for the paper's client")
    dburl(s)
    s.set_defaults(func=cmd_serve)

    o = sub.add_parser("oracle", help="the oracle OpenAI-compatible endpoint (reference solver)")
    osub = o.add_subparsers(dest="oracle_cmd", required=True, metavar="ORACLE_COMMAND")
    os_ = osub.add_parser("serve", help="serve it")
    os_.add_argument("--split", default="test")
    os_.add_argument("--host", default="127.0.0.1")
    os_.add_argument("--port", type=int, default=8765)
    dburl(os_)
    o.set_defaults(func=cmd_oracle)

    e = sub.add_parser("eval", help="evaluate a model with vf-eval (subprocess runtime, no push, resumable)")
    e.add_argument("-m", "--model", required=True, help="model id at the endpoint")
    e.add_argument("-b", "--base-url", required=True, help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1")
    e.add_argument("--api-key-var", default="OPENAI_API_KEY", help="env var holding the API key")
    e.add_argument("--split", default="test")
    e.add_argument("-n", "--num-tasks", type=int, default=None)
    e.add_argument("-r", "--rollouts", type=int, default=1, help="rollouts per task (k>=4 gives pass^k)")
    e.add_argument("-c", "--concurrency", type=int, default=8)
    e.add_argument("--max-turns", type=int, default=None)
    e.add_argument("--tools", default=None, help="comma list of offered tools (ablations), e.g. sql,python,calculator")
    e.add_argument("-o", "--output-dir", default="outputs")
    e.add_argument("--resume", default=None, help="resume the run in this run directory")
    e.add_argument("--name", default=None,
                   help="run directory name (default: derived from split, model, tools, -n and -r; an existing one is resumed)")
    e.add_argument("--fresh", action="store_true", help="start over even if the run directory holds results")
    e.add_argument("extra", nargs=argparse.REMAINDER, help="extra vf-eval arguments after --")
    dburl(e)
    e.set_defaults(func=cmd_eval)

    dm = sub.add_parser("demo", help="build the DB, start the oracle, evaluate the test split, print the tables")
    dm.add_argument("-n", "--num-tasks", type=int, default=None, help="number of test tasks (default all)")
    dm.add_argument("-o", "--output-dir", default="outputs/demo")
    dm.add_argument("--distractors", type=int, default=None)
    dm.add_argument("-c", "--concurrency", type=int, default=16)
    dburl(dm)
    dm.set_defaults(func=cmd_demo)

    r = sub.add_parser("report", help="Table 2/3 of the paper for one or more runs: Markdown, CSV, PNG charts")
    r.add_argument("run_dirs", nargs="+")
    r.add_argument("-o", "--out", default="report")
    r.add_argument("--no-charts", action="store_true")
    r.set_defaults(func=cmd_report)

    sb = sub.add_parser("submit", help="make a leaderboard submission bundle from a run directory")
    sb.add_argument("run_dir")
    sb.add_argument("-o", "--out", default="submission")
    dburl(sb)
    sb.set_defaults(func=cmd_submit)

    v = sub.add_parser("validate", help="recompute every metric of a bundle from its traces and check hashes")
    v.add_argument("bundle")
    v.set_defaults(func=cmd_validate)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except CLIError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except FileNotFoundError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # expected failures get one clear line, not a traceback
        import psycopg

        from .evaluation import EvalError

        if isinstance(e, psycopg.OperationalError):
            print(f"error: cannot reach the database: {str(e).strip().splitlines()[0]}\n"
                  "  check --database-url / MEDMCP_DATABASE_URL, or omit both to use the embedded server",
                  file=sys.stderr)
            return 2
        if isinstance(e, OSError):  # permissions, disk full, read-only file system: say where and why
            where = "" if e.filename else getattr(args, "out", None) or getattr(args, "output_dir", None)
            print(f"error: {type(e).__name__}: {e}" + (f" (while writing {where})" if where else "")
                  + "; check that directory's permissions and free space (files written before are unchanged)",
                  file=sys.stderr)
            return 2
        if isinstance(e, (psycopg.Error, EvalError, ValueError)):
            print(f"error: {type(e).__name__}: {e}", file=sys.stderr)
            return 2
        raise


if __name__ == "__main__":
    sys.exit(main())
