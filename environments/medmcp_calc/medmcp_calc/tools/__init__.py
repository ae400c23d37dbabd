"""Plain-Python cores of the agent's generic tools (calculator, unit conversion).

The sandboxed Python executor lives in :mod:`medmcp_calc.sandbox` and the offline
reference search in :mod:`medmcp_calc.reference`.
"""
