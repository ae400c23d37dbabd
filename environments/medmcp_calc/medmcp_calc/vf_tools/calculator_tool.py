"""``calculator`` + ``convert_units`` alone as a verifiers Toolset
(server: ``python -m medmcp_calc.vf_tools.calculator_tool``).

Same core as :class:`~medmcp_calc.vf_tools.compute_tool.ComputeToolset` with only the calculator
tools enabled; see :mod:`.python_tool` about combining unprefixed servers.
"""
from __future__ import annotations

from .compute_tool import ComputeToolset, ComputeToolsetConfig


class CalculatorToolsetConfig(ComputeToolsetConfig):
    run_python: bool = False
    calculator: bool = True


class CalculatorToolset(ComputeToolset):
    def __init__(self, config: ComputeToolsetConfig | None = None) -> None:
        super().__init__(config if config is not None else CalculatorToolsetConfig())


if __name__ == "__main__":
    CalculatorToolset.run()
