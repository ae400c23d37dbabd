"""MedMCP-Calc: multi-step clinical-calculator workflows over a PostgreSQL EHR.

``vf-eval medmcp-calc`` imports this package and takes the Taskset (and the Env with this
package's defaults) named in ``__all__``. They are imported lazily, so ``import medmcp_calc``
stays light for the calculator library, the tool servers and the CLI.
"""
from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["MedMCPCalcTaskset", "MedMCPCalcEnv", "LocalChatHarness"]


def __getattr__(name: str):
    if name in ("MedMCPCalcTaskset", "MedMCPCalcEnv", "MedMCPCalcTask", "MedMCPCalcData",
                "MedMCPCalcTasksetConfig", "MedMCPCalcEnvConfig"):
        from . import env

        return getattr(env, name)
    if name in ("LocalChatHarness", "LocalChatHarnessConfig"):
        from . import harness

        return getattr(harness, name)
    raise AttributeError(f"module 'medmcp_calc' has no attribute {name!r}")
