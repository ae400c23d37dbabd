"""The offline chat harness lives in :mod:`medmcp_calc.harness` (shared by both environments)."""
from medmcp_calc.harness import LocalChatHarness, LocalChatHarnessConfig

__all__ = ["LocalChatHarness", "LocalChatHarnessConfig"]
