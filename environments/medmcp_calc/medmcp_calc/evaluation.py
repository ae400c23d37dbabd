"""Evaluation runs: a thin wrapper over ``vf-eval`` with this project's defaults, and the demo.

Defaults: the local subprocess runtime and plain chat harness (from the env), ``--no-push``,
a named run directory (so ``--resume`` finds it), the embedded database unless a URL is given.
"""
from __future__ import annotations

import collections
import errno
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Sequence

DUMMY_KEY_VAR = "MEDMCP_LOCAL_API_KEY"


class EvalError(RuntimeError):
    pass


def _vf_eval_exe() -> str:
    exe = Path(sys.executable).with_name("vf-eval")
    if exe.exists():
        return str(exe)
    found = shutil.which("vf-eval")
    if not found:
        raise EvalError("vf-eval not found: install the verifiers package (pip install -e environments/medmcp_calc)")
    return found


def agent_database_url(database_url: str | None = None, dbname: str = "medmcp_calc") -> str:
    """The agent (read-only) URL of the built database; errors clearly when nothing is built."""
    from .db import DEFAULT_DBNAME, default_agent_url
    from .db.builder import database_hash

    if database_url:
        return database_url
    if os.environ.get("MEDMCP_AGENT_DATABASE_URL"):
        return os.environ["MEDMCP_AGENT_DATABASE_URL"]
    url = default_agent_url(dbname or DEFAULT_DBNAME)
    try:
        h = database_hash(url)
    except Exception as e:
        raise EvalError(f"cannot reach the EHR database ({e}); run `medmcp-calc db build` first") from None
    if not h:
        raise EvalError("the EHR database is not built; run `medmcp-calc db build` first")
    return url


def vf_eval_command(*, model: str, base_url: str, api_key_var: str | None = None, split: str = "test",
                    num_tasks: int | None = None, rollouts: int = 1, concurrency: int = 8,
                    output_dir: str | os.PathLike = "outputs", run_dir_name: str | None = None,
                    database_url: str | None = None, tools: str | None = None, max_turns: int | None = None,
                    extra: Sequence[str] = ()) -> list[str]:
    cmd = [_vf_eval_exe(), "medmcp-calc", "-m", model, "--client.base-url", base_url, "--no-push",
           "-r", str(rollouts), "-c", str(concurrency), "-o", str(output_dir), "--env.taskset.split", split]
    if api_key_var:
        cmd += ["--client.api-key-var", api_key_var]
    if run_dir_name:
        cmd += ["--run.dir", run_dir_name]
    if num_tasks is not None:
        cmd += ["-n", str(num_tasks)]
    if database_url:
        cmd += ["--env.taskset.database-url", database_url]
    if tools:
        groups = [t.strip() for t in tools.split(",") if t.strip()]
        cmd += ["--env.taskset.tools", json.dumps(groups)]
    if max_turns is not None:
        cmd += ["--env.agent.max-turns", str(max_turns)]
    cmd += [x for x in extra if x != "--"]
    return cmd


def _env_for_child(api_key_var: str | None) -> tuple[dict, str]:
    env = dict(os.environ)
    # the harness prepares its chat program with `uv`; make the venv's tools visible first
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    var = api_key_var or "OPENAI_API_KEY"
    if not env.get(var):
        env[DUMMY_KEY_VAR] = "local-endpoint-needs-no-key"
        var = DUMMY_KEY_VAR
    return env, var


def run_vf_eval(*, model: str, base_url: str, api_key_var: str | None = "OPENAI_API_KEY", split: str = "test",
                num_tasks: int | None = None, rollouts: int = 1, concurrency: int = 8,
                output_dir: str | os.PathLike = "outputs", resume: str | None = None, extra: Sequence[str] = (),
                database_url: str | None = None, tools: str | None = None, max_turns: int | None = None,
                run_dir_name: str | None = None, quiet: bool = False, fresh: bool = False) -> tuple[int, Path]:
    """Run vf-eval; returns (exit code, run directory). ``resume`` = an existing run directory; without
    it, an existing run directory of the same evaluation is resumed unless ``fresh``."""
    env, key_var = _env_for_child(api_key_var)
    if resume:
        run_dir = Path(resume)
        cfg = run_dir / "configs" / "resolved" / "eval.json"
        if not cfg.is_file():
            raise EvalError(f"{run_dir} is not a run directory (no configs/resolved/eval.json)")
        # vf-eval resumes only with the exact config the run started with (same endpoint and model)
        cmd = [_vf_eval_exe(), "@", str(cfg), "--resume"]
        _check_writable(run_dir)
    else:
        if run_dir_name is None:
            run_dir_name = default_run_name(model, split, tools=tools, num_tasks=num_tasks, rollouts=rollouts)
        run_dir = Path(output_dir) / run_dir_name
        cfg = run_dir / "configs" / "resolved" / "eval.json"
        if cfg.is_file() and not fresh and count_finished(run_dir)[0] > 0:
            # resume on by default: a re-run of the same evaluation finishes what is missing
            print(f"{run_dir} already holds results: resuming it (pass --fresh to start over)",
                  file=sys.stderr, flush=True)
            return run_vf_eval(model=model, base_url=base_url, api_key_var=api_key_var, resume=str(run_dir),
                               quiet=quiet)
        agent_url = agent_database_url(database_url)
        cmd = vf_eval_command(model=model, base_url=base_url, api_key_var=key_var, split=split, num_tasks=num_tasks,
                              rollouts=rollouts, concurrency=concurrency, output_dir=output_dir,
                              run_dir_name=run_dir_name, database_url=agent_url, tools=tools, max_turns=max_turns,
                              extra=extra)
        if fresh:
            cmd.append("--clean")
        _check_writable(Path(output_dir))
    out = subprocess.DEVNULL if quiet else None
    # stderr is passed through live and its tail kept, so a failure can be explained plainly
    proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.PIPE)
    tail: collections.deque[bytes] = collections.deque(maxlen=400)

    def pump() -> None:
        assert proc.stderr is not None
        for raw in proc.stderr:
            tail.append(raw)
            try:
                if hasattr(sys.stderr, "buffer"):
                    sys.stderr.buffer.write(raw)
                else:  # a replaced stream (e.g. under pytest's capture)
                    sys.stderr.write(raw.decode("utf-8", "replace"))
                sys.stderr.flush()
            except (OSError, ValueError):
                pass

    # a thread, so a grandchild that inherited the pipe and outlives vf-eval cannot block us
    reader = threading.Thread(target=pump, daemon=True)
    reader.start()
    rc = proc.wait()
    reader.join(timeout=5)
    if rc != 0:
        why = explain_failure(run_dir, b"".join(tail).decode("utf-8", "replace"))
        if why:
            print(f"error: {why}", file=sys.stderr, flush=True)
    return rc, run_dir


def default_run_name(model: str, split: str, *, tools: str | None = None, num_tasks: int | None = None,
                     rollouts: int = 1) -> str:
    """Run directory name that differs whenever the evaluation differs (split, tools, size, rollouts)."""
    safe = "".join(c if c.isalnum() or c in "-_." else "-" for c in model)
    parts = ["medmcp-calc", split, safe]
    if tools:
        groups = sorted(t.strip() for t in tools.split(",") if t.strip())
        if set(groups) != {"sql", "search", "python", "calculator"}:
            parts.append("tools-" + "+".join(groups))
    if num_tasks is not None:
        parts.append(f"n{num_tasks}")
    if rollouts != 1:
        parts.append(f"r{rollouts}")
    return "--".join(parts)


def check_eval_args(*, base_url: str, split: str, tools: str | None) -> None:
    """Reject bad arguments before anything starts (one clear line each)."""
    from urllib.parse import urlparse

    u = urlparse(base_url or "")
    if u.scheme not in ("http", "https") or not u.netloc:
        raise EvalError(f"--base-url must be an http(s) URL such as http://127.0.0.1:8000/v1, got {base_url!r}")
    if split not in ("test", "test_unseen", "train", "official"):
        raise EvalError(f"unknown split {split!r}; use test, test_unseen, train or official")
    if tools is not None:
        groups = [t.strip() for t in tools.split(",") if t.strip()]
        bad = [g for g in groups if g not in ("sql", "search", "python", "calculator")]
        if bad:
            raise EvalError(f"unknown tool group(s) {bad}; --tools takes a comma list of sql, search, python, calculator")


def run_summary(run_dir: Path) -> dict:
    """Rollouts, errored rollouts and their first error, from a run directory."""
    from .traces import read_run

    eps, problems = read_run(run_dir)
    errored = [e for e in eps if e.errored]
    return {"rollouts": len(eps), "errored": len(errored), "problems": problems,
            "first_error": errored[0].error if errored else None}


_WRITE_ERRNOS = {errno.ENOSPC: "the disk is full", errno.EFBIG: "a file-size limit was reached",
                 errno.EDQUOT: "the disk quota is exhausted", errno.EACCES: "permission denied",
                 errno.EPERM: "operation not permitted", errno.EROFS: "the file system is read-only"}


def _check_writable(output_dir: Path) -> None:
    """Fail before starting vf-eval when the output directory cannot be created or written."""
    try:
        output_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=output_dir, prefix=".medmcp-write-probe-"):
            pass
    except OSError as e:
        raise EvalError(f"cannot write to the output directory {output_dir}: {e.strerror or e}") from None


def count_finished(run_dir: Path) -> tuple[int, int]:
    """(complete trace records, unreadable/torn records) in ``run_dir/traces.jsonl``."""
    ok = bad = 0
    try:
        with open(Path(run_dir) / "traces.jsonl", "rb") as fh:
            for line in fh:
                if not line.strip():
                    continue
                try:
                    json.loads(line)
                    ok += 1
                except ValueError:
                    bad += 1
    except OSError:
        pass
    return ok, bad


def explain_failure(run_dir: Path, stderr_tail: str) -> str | None:
    """A plain explanation of a failed vf-eval run caused by the output directory (disk full,
    file-size limit, permissions), with what was kept and how to finish; None for other failures."""
    hits = re.findall(r"(?:OSError|PermissionError|IOError)[^:\n]*: \[Errno (\d+)\] ([^\n]*)", stderr_tail)
    hits = [(int(n), msg) for n, msg in hits if int(n) in _WRITE_ERRNOS]
    if not hits:
        return None
    code, msg = hits[-1]
    ok, bad = count_finished(run_dir)
    kept = f"{ok} finished rollout(s) are saved in {Path(run_dir) / 'traces.jsonl'}"
    if bad:
        kept += f" ({bad} partially written record(s) there are skipped by `report`; --resume runs those rollouts again)"
    return (f"vf-eval could not write its results ({_WRITE_ERRNOS[code]}: [Errno {code}] {msg}). {kept}. "
            f"Free space / fix the permissions, then finish the run with: "
            f"medmcp-calc eval -m <model> -b <base-url> --resume {run_dir}")


def demo(*, num_tasks: int | None = None, output_dir: str = "outputs/demo", database_url: str | None = None,
         distractors: int | None = None, concurrency: int = 16) -> int:
    """Build the DB on the embedded server, start the oracle endpoint, evaluate the test split
    against it with vf-eval, and print the per-domain table."""
    from .cli import build_demo_database
    from .oracle import OracleEndpoint
    from .reporting import write_report

    print("== 1/4 building the EHR database (reused when its content hash matches)", flush=True)
    info = build_demo_database(database_url, distractors=distractors)
    print(f"   {info['dbname']}: {sum(info['row_counts'].values()):,} rows, content hash {info['content_hash'][:16]}…"
          f" ({info['seconds']} s)", flush=True)
    agent_url = None
    if database_url:
        from .db.builder import BuildInfo  # noqa: F401  (external server: derive the agent URL)
        from .db.urls import with_params
        from .db.builder import AGENT_ROLE, agent_password

        agent_url = with_params(database_url, dbname=info["dbname"], user=AGENT_ROLE, password=agent_password())
    print("== 2/4 starting the oracle endpoint (the reference solver behind an OpenAI-compatible API)", flush=True)
    with OracleEndpoint() as oracle:
        print(f"   {oracle.base_url}", flush=True)
        print("== 3/4 vf-eval medmcp-calc on the test split", flush=True)
        rc, run_dir = run_vf_eval(model="medmcp-oracle", base_url=oracle.base_url, api_key_var=None,
                                  split="test", num_tasks=num_tasks, concurrency=concurrency,
                                  output_dir=output_dir, database_url=agent_url, run_dir_name="oracle-test",
                                  fresh=True)
    if rc != 0:
        print(f"vf-eval failed with exit code {rc}", file=sys.stderr)
        return rc
    print("== 4/4 report", flush=True)
    out = write_report([run_dir], Path(output_dir) / "report", charts=True)
    print((Path(out) / "report.md").read_text())
    print(f"report, CSV and charts in {out}", flush=True)
    return 0
