"""The vLLM path through TRL's real ``VLLMGeneration.generate`` (server mode) with a stand-in client.

vLLM cannot be installed here, so ``VLLMGeneration`` is instantiated without ``_init_vllm`` and given an
object with the ``VLLMClient.generate`` signature that returns token ids. Everything between our
backend and that client — TRL's gather/broadcast, per-rank slicing, logprob shapes — is TRL's code.
"""

from medcalc_rl.backends import Generation, ScriptedBackend, TRLVLLMBackend


class StandInVLLMClient:
    """Answers like ``trl.generation.vllm_client.VLLMClient.generate``: n completions per prompt."""

    def __init__(self, reply):
        self.reply = reply  # prompt ids -> completion ids
        self.calls = []

    def generate(self, prompts, features=None, n=1, repetition_penalty=1.0, temperature=1.0, top_p=1.0, top_k=0,
                 min_p=0.0, max_tokens=16, logprobs=0, structured_outputs_regex=None, generation_kwargs=None):
        self.calls.append({"prompts": [list(p) for p in prompts], "n": n, "max_tokens": max_tokens,
                           "temperature": temperature, "logprobs": logprobs})
        comp, lps = [], []
        for p in prompts:
            for _ in range(n):
                ids = list(self.reply(list(p)))[:max_tokens]
                comp.append(ids)
                lps.append([[-0.25 - 0.01 * i] for i in range(len(ids))])
        return {"prompt_ids": [list(p) for p in prompts], "completion_ids": comp, "logprobs": lps,
                "logprob_token_ids": [[[t] for t in c] for c in comp]}


def make_vllm_generation(client, temperature=0.7):
    from accelerate import Accelerator
    from trl.generation.vllm_generation import VLLMGeneration

    vg = VLLMGeneration.__new__(VLLMGeneration)  # skip _init_vllm (needs vllm); set what generate() reads
    vg.accelerator = Accelerator(cpu=True)
    vg.mode = "server"
    vg.vllm_client = client
    vg.structured_outputs_regex = None
    vg.enable_sleep_mode = False
    vg.temperature, vg.top_p, vg.top_k, vg.min_p, vg.repetition_penalty = temperature, 1.0, 0, 0.0, 1.0
    vg.max_completion_length = 999
    vg.logprobs = 0
    vg.generation_kwargs = {}
    return vg


def reference_played_episodes(codec, env, tasks, *, max_tokens_per_turn):
    """A runner, its started episodes, and a stand-in policy that plays the reference solver: it finds
    the episode whose running token history equals the request (so each request must be exactly prompt
    + all previous turns + env deltas) and answers with that episode's next reference action as ids."""
    from medcalc_rl.rollout import EpisodeRunner, RolloutConfig

    runner = EpisodeRunner(codec, RolloutConfig(max_turns=20, max_tokens_per_turn=max_tokens_per_turn,
                                                max_tool_output_chars=1500))
    eps = [runner.start(env, t) for t in tasks]

    def reply(prompt):
        (ep,) = [e for e in eps if e.prompt_ids + e.completion_ids == prompt]
        content, calls = env.reference_turn(ep.task, ep.state, ep.messages)
        return codec.assistant_turn_ids(content, calls)

    return runner, eps, reply


def test_server_mode_generate_turn_by_turn(codec):
    final = codec.assistant_turn_ids("done, and a longer answer so that the cap matters")
    assert len(final) > 5
    client = StandInVLLMClient(lambda p: final)
    vg = make_vllm_generation(client)
    be = TRLVLLMBackend(vg, vg.accelerator, filler_prompt=[codec.eos_id])
    prompts = [[1, 2, 3], [4, 5], [6]]
    out = be.generate(prompts, max_new_tokens=5)
    assert [len(g.ids) for g in out] == [5, 5, 5]  # per-turn budget reached the server as max_tokens
    assert client.calls[-1]["n"] == 1 and client.calls[-1]["max_tokens"] == 5
    assert client.calls[-1]["prompts"] == prompts  # one request per live episode, no dedup across episodes
    assert out[0].logprobs[:2] == [-0.25, -0.26]  # top-1 sampled-token logprob
    assert vg.max_completion_length == 999  # restored
    assert be.generate([], 5) == []


def test_vllm_backend_runs_real_medmcp_episodes(codec, medmcp_env, rl_tasks):
    """Full medmcp_calc episodes where every model turn comes from the stand-in vLLM server, which plays
    the reference solver (see reference_played_episodes)."""
    runner, eps, reply = reference_played_episodes(codec, medmcp_env, rl_tasks, max_tokens_per_turn=4000)
    client = StandInVLLMClient(reply)
    vg = make_vllm_generation(client)
    with TRLVLLMBackend(vg, vg.accelerator).session():
        runner.run(eps, TRLVLLMBackend(vg, vg.accelerator), budget=8000, collective=True)
    for e in eps:
        assert e.stop_reason == "answer"
        assert (e.scores["TF"], e.scores["CS"], e.scores["EA"], e.scores["QP"]) == (1.0, 1.0, 1.0, 1.0)
        assert e.forced_turns == 0 and e.turns == sum(e.tool_counts.values()) + 1
        assert all(lp < 0 for lp, m in zip(e.logprobs, e.env_mask) if m == 1)  # vLLM sampling logprobs kept
        assert all(lp == 0.0 for lp, m in zip(e.logprobs, e.env_mask) if m == 0)
    # one batched request per turn for all live episodes, n=1 each (episodes have their own histories)
    assert all(c["n"] == 1 for c in client.calls)
    assert len(client.calls[0]["prompts"]) == len(eps)
    assert len(client.calls) == max(e.turns for e in eps)


def test_collective_padding_when_this_rank_has_no_live_prompt(codec):
    """vLLM server/TP generation is collective: a rank whose episodes are all scripted or finished must
    still call it, padded with filler prompts to the largest batch of any rank (simulated: 2)."""
    client = StandInVLLMClient(lambda p: [codec.eos_id])
    vg = make_vllm_generation(client)

    class OtherRankHasTwo(TRLVLLMBackend):
        def global_max(self, n):
            return max(n, 2)

    be = ScriptedBackend(OtherRankHasTwo(vg, vg.accelerator, filler_prompt=[codec.eos_id]),
                         lambda ep, turn: [7, codec.eos_id])

    class Ep:
        turns = 0
    out = be.generate_for([Ep()], [[1, 2]], 4)
    assert out == [Generation([7, codec.eos_id], out[0].logprobs, forced=True)]
    assert client.calls and client.calls[0]["prompts"] == [[codec.eos_id], [codec.eos_id]]
    # a rank with one live prompt pads to two as well, and gets only its own completion back
    out = OtherRankHasTwo(vg, vg.accelerator, filler_prompt=[codec.eos_id]).generate([[5, 6]], 3)
    assert len(out) == 1 and client.calls[-1]["prompts"] == [[5, 6], [codec.eos_id]]


def test_bad_model_turns_never_end_the_rollout(codec, tiny_tokenizer, medmcp_env, rl_tasks):
    """Malformed calls, unknown tools, a write query and a free-text answer: every one comes back as an
    error message the model can read, the episode continues, and the rubric scores what is left."""
    from medcalc_rl.rollout import EpisodeRunner, RolloutConfig

    def text_turn(text):
        return tiny_tokenizer.encode(text, add_special_tokens=False) + [codec.eos_id]

    pid = rl_tasks[0]["patient_id"]
    script = [
        text_turn('<tool_call>\n{"name": "run_read_only_sql", "arguments": {"query": "SELECT 1"\n</tool_call>'),
        codec.assistant_turn_ids("", [("drop_everything", {})]),
        codec.assistant_turn_ids("", [("run_read_only_sql", {"query": "DELETE FROM patient_information"})]),
        codec.assistant_turn_ids("", [("run_read_only_sql", {"sql": "SELECT 1"})]),
        codec.assistant_turn_ids("", [("run_read_only_sql", {"query": f"SELECT gender FROM patient_information WHERE patient_id = '{pid}'"})]),
        text_turn("I think the kidneys are fine."),
    ]
    turn = {"i": 0}

    def reply(prompt):
        ids = script[turn["i"]]
        turn["i"] += 1
        return ids

    vg = make_vllm_generation(StandInVLLMClient(reply))
    runner = EpisodeRunner(codec, RolloutConfig(max_turns=10, max_tokens_per_turn=400))
    (ep,) = [runner.start(medmcp_env, rl_tasks[0])]
    runner.run([ep], TRLVLLMBackend(vg, vg.accelerator), budget=6000)
    assert ep.stop_reason == "answer" and ep.turns == len(script)
    tool_msgs = [m for m in ep.messages if m["role"] == "tool"]
    assert len(tool_msgs) == 5
    assert tool_msgs[0]["name"] == "invalid_tool_call" and "not valid JSON" in tool_msgs[0]["content"]
    assert "unknown tool 'drop_everything'" in tool_msgs[1]["content"]
    assert tool_msgs[2]["content"].startswith("Error")
    assert "bad arguments" in tool_msgs[3]["content"] and "query" in tool_msgs[3]["content"]
    assert tool_msgs[4]["content"].splitlines()[0].strip() == "gender"  # a real query still works after errors
    assert ep.malformed_calls == 1 and ep.tool_errors == 3 and ep.tool_counts["run_read_only_sql"] == 3
    assert ep.scores["TF"] == 0.0 and ep.scores["QP"] == 0.0 and ep.scores["CS"] == 0.0
    assert ep.scores["EA"] < 1.0  # only one demographic cell was read


# --- colocate mode: TRL's VLLMGeneration drives an in-process ``vllm.LLM`` ---------------------------------
class StandInSamplingParams:
    """Records what TRL's colocate path would hand vLLM's ``SamplingParams``."""

    def __init__(self, **kw):
        self.kw = kw


class StandInLLM:
    """Answers like ``vllm.LLM.generate``: RequestOutput-shaped objects with per-token logprob dicts."""

    def __init__(self, reply):
        self.reply = reply
        self.calls = []

    def generate(self, prompts, sampling_params=None, use_tqdm=False):
        from types import SimpleNamespace as NS

        kw = sampling_params.kw
        self.calls.append({"prompts": [list(p["prompt_token_ids"]) for p in prompts], **kw})
        outs = []
        for p in prompts:
            ids = list(self.reply(list(p["prompt_token_ids"])))[: kw["max_tokens"]]
            # the first token's logprob is NaN (vLLM does that for some tokens): TRL turns it into None
            lps = [{t: NS(logprob=float("nan") if i == 0 else -0.5 - 0.01 * i, rank=1)} for i, t in enumerate(ids)]
            outs.append(NS(prompt_token_ids=list(p["prompt_token_ids"]), outputs=[NS(token_ids=ids, logprobs=lps)]))
        return outs


def make_colocate_generation(llm, monkeypatch):
    import trl.generation.vllm_generation as tvg

    monkeypatch.setattr(tvg, "SamplingParams", StandInSamplingParams, raising=False)
    vg = make_vllm_generation(None)
    vg.mode = "colocate"
    vg.llm = llm
    vg.tensor_parallel_size = 1
    vg.model = None
    return vg


def test_colocate_mode_runs_real_medmcp_episodes(codec, medmcp_env, rl_tasks, monkeypatch):
    """The same reference-solver episodes through TRL's colocate branch: one ``llm.generate`` per turn for
    all live episodes, the per-turn budget as ``max_tokens``, n=1, sampled logprobs kept (NaN -> NaN)."""
    import math

    runner, eps, reply = reference_played_episodes(codec, medmcp_env, rl_tasks, max_tokens_per_turn=3000)
    llm = StandInLLM(reply)
    vg = make_colocate_generation(llm, monkeypatch)
    backend = TRLVLLMBackend(vg, vg.accelerator)
    with backend.session():
        runner.run(eps, backend, budget=8000, collective=True)
    for e in eps:
        assert e.stop_reason == "answer" and e.forced_turns == 0
        assert (e.scores["TF"], e.scores["CS"], e.scores["EA"], e.scores["QP"]) == (1.0, 1.0, 1.0, 1.0)
        model_lps = [lp for lp, m in zip(e.logprobs, e.env_mask) if m == 1]
        assert all(lp < 0 or math.isnan(lp) for lp in model_lps) and any(math.isnan(lp) for lp in model_lps)
    assert len(llm.calls) == max(e.turns for e in eps) and len(llm.calls[0]["prompts"]) == len(eps)
    assert all(c["n"] == 1 and c["max_tokens"] <= 3000 and c["temperature"] == 0.7 for c in llm.calls)
    assert llm.calls[0]["max_tokens"] == 3000  # later turns: min(per-turn cap, what is left of the budget)
    assert vg.max_completion_length == 999  # the per-turn budget was restored after each call
