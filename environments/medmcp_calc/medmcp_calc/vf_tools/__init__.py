"""verifiers v1 Toolsets over the plain-Python tool cores (shared by the medcalc-bench and
medmcp-calc environments).

:class:`ComputeToolset` serves ``run_python`` (-> :func:`medmcp_calc.sandbox` worker pool, same
workers and limits as the python_executor MCP server), ``calculator`` and ``convert_units``
(-> :mod:`medmcp_calc.tools.calculator`), each switchable in :class:`ComputeToolsetConfig`.
Tools are advertised with bare names (``TOOL_PREFIX = None``). verifiers starts a toolset server
as ``python -m <module of the class>``, hence one module per toolset class.
"""
from __future__ import annotations

__all__ = ["ComputeToolset", "ComputeToolsetConfig", "PythonToolset", "PythonToolsetConfig",
           "CalculatorToolset", "CalculatorToolsetConfig"]
_MODULES = {"ComputeToolset": "compute_tool", "ComputeToolsetConfig": "compute_tool",
            "PythonToolset": "python_tool", "PythonToolsetConfig": "python_tool",
            "CalculatorToolset": "calculator_tool", "CalculatorToolsetConfig": "calculator_tool"}


def __getattr__(name: str):
    if name in _MODULES:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_MODULES[name]}"), name)
    raise AttributeError(name)
