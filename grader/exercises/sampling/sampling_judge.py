"""The sampling suite's judge: ``Judge`` with diagnoses of its own for what the generic readings can only call
"different" (``test_sampling.py`` uses it for every hand-written check).

Every diagnosis here claims a mistake only on evidence gathered from the learner's outputs, or from a few more calls of
the learner's function on inputs the contract fixes the answer for:

- ``dtype_not_kept``: every wrong result has the expected values but another dtype (named with the modes it fails in:
  greedy, top-k, top-p...);
- ``log_prob_terms_misread``: the log-probability is its negative, or misses its first or last term, or scores one
  token in every column or every token from one column, or scores
  ids[0] at 1/V, or shifts the logits by their maximum instead of normalising them, or reads every scored token in
  every column, or gathers along the wrong axis (read from the same logits);
- ``log_prob_wrong_columns``: the log-probability changes when only the LAST column of the logits changes (that
  column scores a token after the sequence), or does not change when column 0 changes (it scores ids[1]);
- ``draws_differ_from_multinomial``: every generated token is a possible draw and the learner is right at temperature
  0, yet the tokens differ from what ``torch.multinomial(probs, 1, generator=generator)`` draws with the same seed;
- ``beam_tie_rule``: the returned sequence is one the contract's beam search returns when some tie between equal
  scores goes the other way (``beam_results`` follows every such branch), but not the contract's one;
  ``beam_collapses_to_greedy``: it is what a search with one beam returns; ``beam_keeps_too_many``: it scores HIGHER
  than every sequence a search keeping beam_width candidates can return;
- ``single_token_log_prob`` and ``no_new_tokens``: a call that raises for one token (nothing to predict: the empty
  sum, 0) or for max_new_tokens = 0 (the prompt itself), while the learner is right one size up.

The catalogue still comes first: these only replace a diagnosis that says no more than "the values differ".
"""
from __future__ import annotations

import inspect
import itertools
import math
from typing import Any

import torch

import reference.sampling as reference_sampling
from grader.diagnose import UNSPECIFIC, Tolerance, agree
from grader.judge import EXACT, Judge, upcast
from grader.sandbox import InputModified, LearnerError
from grader.sandbox.protocol import Seed, TableModel

Diagnosis = tuple[str, str]
EXERCISE = "sampling"


def bound_arguments(function: str, args: tuple, kwargs: dict) -> dict[str, Any] | None:
    """The call's arguments by the contract's parameter names, defaults filled in (None if they do not bind)."""
    try:
        bound = inspect.signature(getattr(reference_sampling, function)).bind(*args, **kwargs)
    except TypeError:
        return None
    bound.apply_defaults()
    return dict(bound.arguments)


def _is_ids(value: Any) -> bool:
    return isinstance(value, torch.Tensor) and value.dim() == 1 and not value.is_floating_point() \
        and value.dtype != torch.bool


class SamplingJudge(Judge):
    """``Judge(learner, "sampling")`` whose failures are read with the probes of this module as well."""

    def __init__(self, learner: Any) -> None:
        super().__init__(learner, EXERCISE)

    # ------------------------------------------------------------------------------------------------ failures
    def call(self, function: str, *args: Any, tol=EXACT, **kwargs: Any) -> Any:
        try:
            return super().call(function, *args, tol=tol, **kwargs)
        except LearnerError as error:
            if error.kind == "exception" and not error.todo and \
                    not isinstance(error, InputModified) and getattr(error, "diagnosis", None) is None:
                try:
                    error.diagnosis = self._crash(function, args, kwargs)
                except Exception:  # noqa: BLE001 - a probe that cannot run claims nothing; the error stands
                    pass
            raise

    def diagnosis(self) -> Diagnosis | None:
        found = self._dtype_only()
        if found:
            return found
        found = super().diagnosis()
        if found is not None and found[0] not in UNSPECIFIC:
            return found
        wrong = [index for index, (observation, want) in enumerate(zip(self.observations, self.expected))
                 if not agree(observation.result, want, observation.tol)]
        if not wrong:
            return found
        first = self.first_disagreement if self.first_disagreement in wrong else wrong[0]
        function = self.observations[first].function
        probes = {"sequence_log_prob": (self._log_prob_terms, self._log_prob_columns),
                  "generate": (self._draws,)}.get(function, ())   # beam_search: exercise_reading
        return next((found for found in (self._probe(probe, first) for probe in probes) if found), None) or found

    def exercise_reading(self, index: int) -> Diagnosis | None:
        """A beam search result that some tie order (or greedy decoding) reaches says more than which argument shows
        the difference: read before the generic probes."""
        if self.observations[index].function == "beam_search":
            return self._probe(self._beam_scores, index)
        return None

    @staticmethod
    def _probe(probe, index: int) -> Diagnosis | None:
        try:
            return probe(index)
        except Exception:  # noqa: BLE001 - a probe that cannot run on these results claims nothing
            return None

    # ------------------------------------------------------------------------------------------------ probes
    def _learner_right(self, function: str, args: tuple, kwargs: dict, tol) -> bool:
        """Whether the learner's function is right on these inputs (a call that raises is not)."""
        try:
            result = self.learner.call(self.exercise, function, *args, **kwargs)
        except LearnerError:
            return False
        return agree(result, self.run_reference(function, args, kwargs), tol)

    def _crash(self, function: str, args: tuple, kwargs: dict) -> Diagnosis | None:
        """A call that raised at the smallest size the contract allows, while the learner is right one size up."""
        bound = bound_arguments(function, args, kwargs)
        if bound is None:
            return None
        if function == "sequence_log_prob" and _is_ids(bound["ids"]) and len(bound["ids"]) == 1 and \
                isinstance(bound["model"], TableModel):
            model = bound["model"]
            if self._learner_right(function, (model, bound["ids"].repeat(2)), {}, _loose(model)):
                return "single_token_log_prob", (
                    "Your sequence_log_prob raises for a single-token sequence (N = 1) and is right for two tokens. "
                    "With one token nothing is predicted: the sum over n >= 1 is EMPTY, and its value is 0 (a 0-d "
                    "tensor in the logits' dtype). torch.stack or torch.cat of an empty list raises: select the "
                    "log-probabilities with index tensors (an empty selection sums to 0), or start the total from "
                    "a zero.")
        if function == "generate" and bound["max_new_tokens"] == 0:
            once = dict(bound, max_new_tokens=1)
            if self._learner_right(function, tuple(once.values()), {}, EXACT):
                return "no_new_tokens", (
                    "Your generate raises for max_new_tokens = 0 and works for 1. Zero new tokens is a valid request: "
                    "nothing is drawn and the result is the prompt itself (as a LongTensor). Check the count before "
                    "drawing (for _ in range(max_new_tokens)), and do not concatenate an empty list of new tokens.")
        return None

    def _dtype_only(self) -> Diagnosis | None:
        """Every wrong result holds the expected values (within the check's tolerance) in another floating dtype."""
        wrong = [(observation, want) for observation, want in zip(self.observations, self.expected)
                 if not agree(observation.result, want, observation.tol)]
        if not wrong or not all(isinstance(o.result, torch.Tensor) and isinstance(w, torch.Tensor)
                                and o.result.is_floating_point() and w.is_floating_point()
                                and o.result.dtype != w.dtype and o.result.shape == w.shape
                                and agree(o.result.to(w.dtype), w, o.tol) for o, w in wrong):
            return None
        function = wrong[0][0].function
        pairs = sorted({f"{str(o.result.dtype).removeprefix('torch.')} for {str(w.dtype).removeprefix('torch.')}"
                        for o, w in wrong})
        modes = []
        for observation, _ in wrong:
            mode = _mode(observation)
            if mode not in modes:
                modes.append(mode)
        where = f" ({'; '.join(modes)})" if function == "next_token_probs" and modes else ""
        return "dtype_not_kept", (
            f"Your {function} returns the right values in the wrong dtype: {', '.join(pairs)} inputs{where}. The "
            "result keeps the dtype of the logits in EVERY mode. A tensor made with torch.zeros(V), torch.ones, "
            "torch.tensor(...) or one_hot(...).float() takes torch's default dtype (float32), not the logits': build "
            "it from them (torch.zeros_like(logits), new_zeros, .to(logits.dtype)).")

    def _log_prob_terms(self, index: int) -> Diagnosis | None:
        """The learner's log-probability as a misreading of its terms t_n = log p(ids[n] | ids[:n]), n >= 1, read
        from the same logits in float64: their negative sum, the sum without its first or last term, with a term
        for ids[0], or with the logits shifted by their maximum rather than normalised. No call."""
        observation = self.observations[index]
        bound = bound_arguments(observation.function, observation.args, observation.kwargs)
        if bound is None or not isinstance(bound["model"], TableModel) or not _is_ids(bound["ids"]):
            return None
        model, ids, got = bound["model"], bound["ids"], observation.result
        if len(ids) < 3 or not isinstance(got, torch.Tensor) or got.numel() != 1:
            return None
        with torch.no_grad():
            logits = upcast(model)(ids.long())[:, :-1]                                       # (V, N-1), float64
        picked = logits.gather(0, ids[1:][None]).squeeze(0)                                  # logit of ids[n]
        log_probs = logits - torch.logsumexp(logits, dim=0)                                  # (V, N - 1)
        terms = picked - torch.logsumexp(logits, dim=0)
        total, vocab = float(terms.sum()), logits.shape[0]
        in_range = bool((ids[1:] < log_probs.shape[1]).all())
        readings = [
            (-total, "the negative of the log-probability (the negative log-likelihood, the training loss): return "
                     "the sum of the log-probabilities itself, which is at most 0"),
            (total - float(terms[-1]), "the sum without its last term: the last token, ids[N-1], is never scored "
                                       "(a loop or slice that stops one position early)"),
            (total - float(terms[0]), "the sum without its first term: ids[1], scored by column 0, is left out"),
            (total - math.log(vocab), "the sum plus a term for ids[0] at probability 1/V: nothing predicts the "
                                      "first token, which is given, and the contract sums only n >= 1"),
            (float((picked - logits.max(dim=0).values).sum()),
             "the sum of logits minus each column's MAXIMUM: shifting by the maximum only keeps exp from overflowing; "
             "a log-probability subtracts the log of the column's sum of exponentials (torch.log_softmax, or "
             "logsumexp)"),
            (float(log_probs[ids[1:]].sum()),
             "the sum of log_probs[ids[1:], :-1], every scored token read in EVERY column (an (N-1, N-1) block), not "
             "one entry per column: index the rows and the columns together, log_probs[ids[1:], arange(N - 1)], or "
             "gather along axis 0"),
            (float(log_probs[ids[-1]].sum()),
             "the last token, ids[N-1], scored in every column (log_probs[ids[-1:], arange(N - 1)] broadcasts one "
             "id against the positions): each column n - 1 must score its own token, ids[n]"),
            (float(log_probs[ids[1]].sum()),
             "the first scored token, ids[1], scored in every column: each column n - 1 must score its own token, "
             "ids[n]"),
            (float(log_probs[ids[1:], 0].sum()),
             "every token read from column 0 (a gather whose index is a column of shape (N-1, 1), not a row of "
             "shape (1, N-1), reads every target from the first column): ids[n] is read from column n - 1"),
        ] + ([(float(log_probs[0, ids[1:]].sum()),
               "the sum of row 0 at the columns numbered ids[n]: gather along axis 1 picks columns by the ids; the "
               "ids index the vocabulary, axis 0 of the (V, N) logits")] if in_range else [])
        for value, reading in readings:
            if agree(got, torch.tensor(value, dtype=got.dtype), observation.tol):
                return "log_prob_terms_misread", (
                    f"Your result is {reading}. The log-probability is the sum over n = 1 .. N-1 of "
                    "log p(ids[n] | ids[:n]), read from column n - 1 of the log-softmax of the logits.")
        return None

    def _log_prob_columns(self, index: int) -> Diagnosis | None:
        """Which columns of the logits the learner's result depends on: it must follow column 0 (it scores ids[1])
        and ignore the last column (it scores a token after the sequence). Two more calls."""
        observation = self.observations[index]
        bound = bound_arguments(observation.function, observation.args, observation.kwargs)
        if bound is None or not isinstance(bound["model"], TableModel) or not _is_ids(bound["ids"]):
            return None
        model, ids = bound["model"], bound["ids"]
        got = observation.result
        if len(ids) < 2 or not isinstance(got, torch.Tensor) or got.numel() != 1 or \
                not bool(torch.isfinite(got).all()):
            return None

        def follows(column: int) -> bool:
            pos = model.pos.clone()
            bump = torch.randn(pos.shape[0], generator=torch.Generator().manual_seed(977 + column),
                               dtype=torch.float64)
            pos[:, column] += (2.0 * bump).to(pos.dtype)
            moved = self.learner.call(self.exercise, observation.function, TableModel(model.table, pos, model.context,
                                                                                   kind=model.kind), ids)
            return not agree(moved, got, observation.tol)

        reads_last, reads_first = follows(len(ids) - 1), follows(0)
        if reads_first and not reads_last:
            return None
        if reads_last and not reads_first:
            lead = ("Your result changes when only the LAST column of the logits changes, and not when column 0 "
                    "changes: you score ids[n] with column n (columns 1 .. N-1), one column too far.")
        elif reads_last:
            lead = ("Your result changes when only the LAST column of the logits changes: it has a term too many (a "
                    "shift that wraps around, such as roll, pairs that column with ids[0]; or the sum runs over all N "
                    "columns).")
        else:
            lead = ("Your result does not change when column 0 of the logits changes, though column 0 scores ids[1], "
                    "the first predicted token.")
        return "log_prob_wrong_columns", (
            f"{lead} Column n of the logits scores the token that FOLLOWS position n, so ids[n] is scored by column "
            "n - 1: the sum takes rows ids[1:] of columns 0 .. N-2, and the last column (it scores a token after the "
            "sequence) takes no part.")

    def _draws(self, index: int) -> Diagnosis | None:
        """Seeded generation that is right at temperature 0 and draws only possible tokens, yet other ones than
        torch.multinomial(probs, 1, generator=generator) with the same seed. One more call."""
        observation, want = self.observations[index], self.expected[index]
        bound = bound_arguments(observation.function, observation.args, observation.kwargs)
        if bound is None or not isinstance(bound["generator"], Seed) or bound["temperature"] == 0 or \
                not isinstance(bound["model"], TableModel):
            return None
        got, prompt, eos = observation.result, bound["prompt"].long(), bound["eos_id"]
        steps, context_size = bound["max_new_tokens"], bound["context_size"]
        if not _is_ids(got) or not len(prompt) < len(got) <= len(prompt) + steps or \
                not torch.equal(got[:len(prompt)], prompt):
            return None
        model = upcast(bound["model"])
        for position in range(len(prompt), len(got)):
            context = got[:position] if context_size is None else got[:position][-context_size:]
            if not 0 <= int(got[position]) < model.table.shape[0] or len(context) > model.pos.shape[1]:
                return None
            probs = reference_sampling.next_token_probs(model(context)[:, -1], bound["temperature"], bound["top_k"],
                                                        bound["top_p"])
            if float(probs[int(got[position])]) <= 0:
                return None
            if eos is not None and int(got[position]) == eos and position != len(got) - 1:
                return None
        if len(got) < len(prompt) + steps and (eos is None or int(got[-1]) != eos):
            return None
        greedy = tuple(dict(bound, temperature=0.0).values())
        if not self._learner_right(observation.function, greedy, {}, EXACT):
            return None
        first = next((n for n in range(len(prompt), min(len(got), len(want))) if int(got[n]) != int(want[n])),
                     min(len(got), len(want)))
        return "draws_differ_from_multinomial", (
            f"Your generated tokens are all possible draws, and you are right at temperature 0, but from new token "
            f"{first - len(prompt) + 1} on they differ from the ones torch.multinomial(probs, 1, generator=generator) "
            "draws with the same seeded generator. The contract fixes the draw so that a seed reproduces the text: "
            "make exactly one torch.multinomial(probs, 1, generator=generator) call per step, on the final "
            "probabilities, and draw nothing else from the generator (not torch.rand with searchsorted or a cumsum — "
            "inverse-CDF sampling —, not torch.distributions.Categorical, Gumbel noise or a generator of your own).")

    def _beam_scores(self, index: int) -> Diagnosis | None:
        """The learner's sequence against every result beam search can give when ties may go either way
        (``beam_results``): one of those, but not the contract's, means the tie rule is broken; a higher score than
        all of them means the search keeps candidates the contract's search drops. No learner call."""
        observation, want = self.observations[index], self.expected[index]
        bound = bound_arguments(observation.function, observation.args, observation.kwargs)
        if bound is None or not isinstance(bound["model"], TableModel):
            return None
        got, prompt, eos = observation.result, bound["prompt"].long(), bound["eos_id"]
        steps, width = bound["max_new_tokens"], bound["beam_width"]
        if not _is_ids(got) or not _is_ids(want) or not len(prompt) <= len(got) <= len(prompt) + steps or \
                not torch.equal(got[:len(prompt)], prompt) or torch.equal(got, want) or \
                not isinstance(width, int) or width < 1:
            return None
        new = got[len(prompt):].tolist()
        vocab = bound["model"].table.shape[0]
        if any(not 0 <= token < vocab for token in new) or (eos is not None and eos in new[:-1]):
            return None
        if len(new) < steps and (not new or new[-1] != eos):
            return None
        model = upcast(bound["model"])
        results = beam_results(model, prompt.tolist(), width, steps, eos)
        if results is None:
            return None
        if tuple(got.tolist()) in results:
            return "beam_tie_rule", (
                "Your beam search returns a sequence that beam search can reach only by breaking a tie between equal "
                "scores another way than the contract: ties go to the EARLIER beam first, then to the lower token id. "
                "torch.topk, an unstable sort, a reversed sort or a sort key on the token id break ties otherwise: "
                "list the candidates in (beam, token) order and sort them stably by score alone (sorted(), "
                "torch.sort(stable=True)), or sort by (-score, beam, token).")
        if width > 1 and tuple(got.tolist()) in (beam_results(model, prompt.tolist(), 1, steps, eos) or {}):
            return "beam_collapses_to_greedy", (
                f"Your beam search with beam_width={width} returns what a search with ONE beam (greedy decoding) "
                "returns: your beams are not distinct candidates — for instance beam_width copies of the prompt at "
                "the start, which tie and keep choosing the same continuations — or beam_width is not used. Start from "
                "the prompt alone, as one beam; each step, extend every beam by every token and keep the beam_width "
                "best of ALL these candidates.")
        mine = _score(model, got, len(prompt))
        if mine is not None and mine > max(results.values()) + 1e-9 * max(1.0, abs(mine)):
            return "beam_keeps_too_many", (
                "Your beam search returns a sequence with a HIGHER total log-probability than any search that keeps "
                "only the beam_width best candidates at each step can reach: your search keeps candidates the "
                "contract's drops — more than beam_width of them (for instance the best beam_width continuations of "
                "EACH beam, never pruned across beams, so that their number grows at every step), or others than the "
                "best by summed log-probability. After extending every beam by every token, keep the beam_width "
                "best candidates over ALL beams (finished beams included).")
        return None


def beam_results(model: TableModel, prompt: list[int], width: int, steps: int, eos: int | None,
                 budget: int = 256) -> dict[tuple, float] | None:
    """Every sequence the contract's beam search can return if ties between equal scores (at the cut of beam_width
    and for the best) may go either way, with its score (None past ``budget`` branches). Scores are float64 sums in
    time order, as the reference adds them; equal means within 1e-12 relative."""
    results: dict[tuple, float] = {}
    pending = [([(prompt, 0.0, False)], 0)]
    branches = 0
    while pending:
        beams, step = pending.pop()
        if step == steps or all(finished for _, _, finished in beams):
            best = max(score for _, score, _ in beams)
            results.update({tuple(ids): score for ids, score, _ in beams if _equal(score, best)})
            continue
        candidates = []
        for ids, score, finished in beams:
            if finished:
                candidates.append((ids, score, True))
                continue
            if len(ids) > model.pos.shape[1]:
                return None
            log_probs = torch.log_softmax(model(torch.tensor(ids))[:, -1].double(), dim=0).tolist()
            candidates += [(ids + [t], score + lp, t == eos) for t, lp in enumerate(log_probs)]
        candidates.sort(key=lambda candidate: -candidate[1])
        if len(candidates) <= width:
            choices = [candidates]
        else:
            cut = candidates[width - 1][1]
            above = [c for c in candidates if c[1] > cut and not _equal(c[1], cut)]
            tied = [c for c in candidates if _equal(c[1], cut)]
            choices = [above + list(chosen) for chosen in itertools.combinations(tied, width - len(above))]
        branches += len(choices)
        if branches > budget:
            return None
        pending += [(chosen, step + 1) for chosen in choices]
    return results


def _equal(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-12 * max(1.0, abs(a), abs(b))


def _score(model: TableModel, ids: torch.Tensor, start: int) -> float | None:
    """Σ log p(ids[n] | ids[:n]) over n >= start, in float64, one model call per token (None if it cannot run)."""
    total = 0.0
    for n in range(start, len(ids)):
        if n > model.pos.shape[1]:
            return None
        total += float(torch.log_softmax(model(ids[:n])[:, -1], dim=0)[int(ids[n])])
    return total if math.isfinite(total) else None


def _loose(model: TableModel) -> Tolerance:
    """A float32 bound for a short sequence's log-probability under ``model`` (generous: twice test_sampling's)."""
    top = float(model.table.detach().abs().max() + model.pos.detach().abs().max())
    return Tolerance.float32(8 * (2 * top + model.table.shape[0] + 3))


def _mode(observation) -> str:
    """next_token_probs' mode in words: greedy, temperature, top-k, top-p."""
    bound = bound_arguments(observation.function, observation.args, observation.kwargs) or {}
    temperature = bound.get("temperature", 1.0)
    if temperature == 0:
        return "temperature 0 (greedy)"
    parts = [f"temperature {temperature:g}"] if temperature != 1 else []
    parts += [f"top_k={bound['top_k']}"] if bound.get("top_k") is not None else []
    parts += [f"top_p={bound['top_p']:g}"] if bound.get("top_p") is not None else []
    return " with ".join(parts) if parts else "plain softmax"
