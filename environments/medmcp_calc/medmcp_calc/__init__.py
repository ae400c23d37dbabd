"""MedMCP-Calc: multi-step clinical-calculator workflows over a PostgreSQL EHR.

``vf-eval medmcp-calc`` imports this package and takes the Taskset named in ``__all__``.
Heavy imports (verifiers) happen lazily on first attribute access.
"""
from __future__ import annotations

__version__ = "0.1.0"
__all__: list[str] = []
