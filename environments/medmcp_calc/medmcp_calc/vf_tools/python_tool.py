"""``run_python`` alone as a verifiers Toolset (server: ``python -m medmcp_calc.vf_tools.python_tool``).

Same core as :class:`~medmcp_calc.vf_tools.compute_tool.ComputeToolset` with only ``run_python``
enabled. Its tool is unprefixed (``TOOL_PREFIX = None``): verifiers refuses two unprefixed servers
in one taskset ("duplicate shared tool server name ''"), so to offer Python *and* the calculator
use ``ComputeToolset`` (one server, both switchable) instead of this plus ``CalculatorToolset``.
"""
from __future__ import annotations

from .compute_tool import ComputeToolset, ComputeToolsetConfig


class PythonToolsetConfig(ComputeToolsetConfig):
    run_python: bool = True
    calculator: bool = False


class PythonToolset(ComputeToolset):
    def __init__(self, config: ComputeToolsetConfig | None = None) -> None:
        super().__init__(config if config is not None else PythonToolsetConfig())


if __name__ == "__main__":
    PythonToolset.run()
