"""verifiers v1 Toolsets over the plain-Python tool cores (shared by the medcalc-bench and
medmcp-calc environments).

- :class:`PythonToolset` (``run_python``) -> :func:`medmcp_calc.sandbox.run_python` (the sandboxed
  worker pool: same workers, same limits as the ``python_executor`` MCP server);
- :class:`CalculatorToolset` (``calculator``, ``convert_units``) -> :mod:`medmcp_calc.tools.calculator`.

Tools are advertised with bare names (``TOOL_PREFIX = None``). Each class lives in its own module
because verifiers starts a toolset server as ``python -m <module of the class>``. Importing this
package is light (no verifiers import until a toolset class is touched).
"""
from __future__ import annotations

__all__ = ["PythonToolset", "PythonToolsetConfig", "CalculatorToolset", "CalculatorToolsetConfig"]


def __getattr__(name: str):
    if name in ("PythonToolset", "PythonToolsetConfig"):
        from . import python_tool

        return getattr(python_tool, name)
    if name in ("CalculatorToolset", "CalculatorToolsetConfig"):
        from . import calculator_tool

        return getattr(calculator_tool, name)
    raise AttributeError(name)
