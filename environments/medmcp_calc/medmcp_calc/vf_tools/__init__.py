"""verifiers v1 Toolsets over the plain-Python tool cores.

:class:`AgentTools` (``python -m medmcp_calc.vf_tools.agent_tools``) serves every tool group
(sql, search, python, calculator) from one prefix-less server, so tool names stay bare; its
``groups`` field picks the offered groups. Both environments use it: medmcp-calc offers all
four, medcalc-bench only python/calculator. Importing this package is light.
"""
from __future__ import annotations

__all__ = ["AgentTools", "AgentToolsConfig"]


def __getattr__(name: str):
    if name in __all__:
        from . import agent_tools

        return getattr(agent_tools, name)
    raise AttributeError(name)
