"""Sandboxed Python execution for the ``run_python`` tool.

See :mod:`medmcp_calc.sandbox.pool` (the worker pool) and ``_worker.py`` (what runs
inside each worker process and how it is locked down).
"""
from __future__ import annotations

from .pool import PythonSandbox, SandboxSession, SandboxUnavailable, get_default_sandbox, run_python

__all__ = ["PythonSandbox", "SandboxSession", "SandboxUnavailable", "get_default_sandbox", "run_python"]
