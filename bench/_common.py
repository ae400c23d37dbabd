"""Small helpers shared by the bench scripts: machine line, git revision, percentiles, RESULTS.md."""
from __future__ import annotations

import os
import platform
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
RESULTS = HERE / "RESULTS.md"


def cpu_name() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return cpu


def machine() -> str:
    """One line: OS, CPU, core count, Python version."""
    return (f"{platform.system()} {platform.machine()}, {cpu_name()}, {os.cpu_count()} CPUs, "
            f"Python {platform.python_version()}")


def git_rev() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True,
                              check=True).stdout.strip()
    except Exception:
        return "unknown"


def pct(xs, p: float) -> float:
    """Linear-interpolated percentile, ``p`` in [0, 1]; NaN for an empty list."""
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = (len(xs) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def append_results(text: str, path: Path | str = RESULTS) -> Path:
    """Append one Markdown section to RESULTS.md (creating it with its header when missing)."""
    path = Path(path)
    head = "" if path.exists() else "# Benchmark results\n\nAppended by the scripts in bench/.\n\n"
    with path.open("a", encoding="utf-8") as f:
        f.write(head + text.rstrip("\n") + "\n\n")
    return path
