#!/usr/bin/env python3
"""One entry point for a fresh machine (Python >= 3.11 and pip only).

    python3 dev.py demo     # the main job: build the EHR DB, run the demo evaluation, print the tables
    python3 dev.py test     # the whole test suite (what .ci/run calls)
    python3 dev.py bench    # benchmarks -> bench/RESULTS.md
    python3 dev.py setup    # only create/refresh .venv

Everything lives in ./.venv, created and refreshed on demand (a stamp of the
pyproject files decides when to reinstall). Extra arguments after the command
are passed through (to pytest for `test`, to `medmcp-calc demo` for `demo`).
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"
STAMP = VENV / ".medcalc-install-stamp"
MEMBERS = ["rubrics", "environments/medmcp_calc", "environments/medcalc_bench", "rl"]
# torch first and pinned: an unpinned torch pulls gigabytes of CUDA packages.
PRE_PINS = ["torch==2.13.0"]
DEV_DEPS = ["pytest>=8", "pytest-asyncio>=0.24", "pytest-timeout>=2.3", "hypothesis>=6.100"]


def _stamp() -> str:
    h = hashlib.sha256()
    for p in ["pyproject.toml", "dev.py", *[f"{m}/pyproject.toml" for m in MEMBERS]]:
        h.update(p.encode())
        h.update((ROOT / p).read_bytes())
    return h.hexdigest()


def _run(cmd: list[str], **kw) -> int:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.call([str(c) for c in cmd], cwd=kw.pop("cwd", ROOT), **kw)


def setup() -> None:
    if sys.version_info < (3, 11):
        sys.exit(f"Python >= 3.11 is required (this is {sys.version.split()[0]})")
    if not PY.exists():
        print(f"creating virtual environment in {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True, clear=False).create(VENV)
    want = _stamp()
    if STAMP.exists() and STAMP.read_text() == want:
        return
    pip = [PY, "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    steps = [
        pip + ["--upgrade", "pip"],
        pip + PRE_PINS,
        pip + [x for m in MEMBERS for x in ("-e", m)] + DEV_DEPS,
    ]
    for cmd in steps:
        if _run(cmd) != 0:
            sys.exit(f"installation step failed: {' '.join(map(str, cmd))}")
    STAMP.write_text(want)


def main(argv: list[str]) -> int:
    if not argv or argv[0] in {"-h", "--help", "help"}:
        print(__doc__)
        return 0
    cmd, rest = argv[0], argv[1:]
    setup()
    env = dict(os.environ)
    env.setdefault("MEDCALC_SHARED_DIR", str(ROOT.parent / "shared"))
    if cmd == "setup":
        return 0
    if cmd == "test":
        rc = _run([PY, "-m", "pytest", *rest], env=env)
        if rc == 5:
            print("pytest collected no tests: treating as a failure", file=sys.stderr)
            return 1
        return rc
    if cmd == "demo":
        return _run([BIN / "medmcp-calc", "demo", *rest], env=env)
    if cmd == "bench":
        return _run([PY, "bench/run_all.py", *rest], env=env)
    print(f"unknown command {cmd!r}\n{__doc__}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
