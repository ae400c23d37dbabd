"""MedCalc-Bench on verifiers v1 (``vf-eval medcalc-bench``).

Exports the taskset, its default harness (:class:`LocalChatHarness`, a plain chat
tool-calling loop run with the local interpreter) and an env whose single agent defaults to the
local ``subprocess`` runtime, so ``vf-eval medcalc-bench --no-push -m MODEL --client.base-url URL``
needs no other flag.
"""
import verifiers.v1 as vf

from .harness import LocalChatHarness
from .taskset import MedCalcBenchConfig, MedCalcBenchData, MedCalcBenchTask, MedCalcBenchTaskset


class MedCalcBenchEnvConfig(vf.SingleAgentEnvConfig):
    # harness left unset: the package's exported Harness (LocalChatHarness) is the default
    agent: vf.AgentConfig = vf.AgentConfig(runtime=vf.SubprocessConfig())


class MedCalcBenchEnv(vf.SingleAgentEnv, vf.Env[MedCalcBenchEnvConfig]):
    """The single-agent env with local defaults."""


__all__ = ["MedCalcBenchTaskset", "LocalChatHarness", "MedCalcBenchEnv"]
