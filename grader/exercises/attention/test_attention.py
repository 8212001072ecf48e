"""Hidden checks: ``scaled_dot_product_attention`` and ``self_attention``.

Tolerance: ``judge.attention_tol``, a float32 error bound computed from the actual inputs (derived there). The
projections of ``self_attention`` add a length-D dot product before the scores: D·u relative on Q, K and V, folded
into the score error.
"""
from dataclasses import replace

import pytest
import torch

from grader.clauses import Case, Spec, clause_checks, hide_large, random_mask, register
from grader.diagnose import Misconception
from grader.judge import Judge, Tolerance, attention_tol, call_text, generator, randn


def projected(X, Wq, bq, Wk, bk, Wv, bv):
    return Wq @ X + bq[:, None], Wk @ X + bk[:, None], Wv @ X + bv[:, None]


def expect_sdpa(judge: Judge, Q, K, V, mask=None):
    args = (Q, K, V) if mask is None else (Q, K, V, mask)
    return judge.expect("scaled_dot_product_attention", *args, tol=attention_tol(Q, K, V))


def self_attention_inputs(gen, batch, dim, dk, dv, n, dtype=torch.float32):
    X = randn(gen, *batch, dim, n, dtype=dtype)
    weights = [randn(gen, dk, dim, dtype=dtype, scale=dim ** -0.5), randn(gen, dk, dtype=dtype, scale=0.3),
               randn(gen, dk, dim, dtype=dtype, scale=dim ** -0.5), randn(gen, dk, dtype=dtype, scale=0.3),
               randn(gen, dv, dim, dtype=dtype, scale=dim ** -0.5), randn(gen, dv, dtype=dtype, scale=0.3)]
    return (X, *weights)


def self_attention_tol(args, weights_known: bool = False) -> Tolerance:
    """``attention_tol`` on the projected Q, K, V; ``weights_known``: the mask, if any, is args[7] (see there)."""
    Q, K, V = projected(*(a.double() for a in args[:7]))
    return attention_tol(Q, K, V, extra=2 * args[0].shape[-2], mask=args[7] if len(args) > 7 else None,
                         weights_known=weights_known)


def make_mask(gen, kind: str, batch: tuple, nk: int, nq: int) -> torch.Tensor:
    """A boolean mask (True = visible): "causal" (N, N); "padding" (B, N_k, 1) from random lengths in [1, N_k];
    "random" (B, N_k, N_q), each entry visible with probability 0.6 (a query may see no key at all)."""
    if kind == "causal":
        return torch.ones(nk, nq, dtype=torch.bool).triu()
    if kind == "padding":
        lengths = torch.randint(1, nk + 1, batch, generator=gen)
        return torch.arange(nk)[:, None] < lengths[..., None, None]
    return torch.rand(*batch, nk, nq, generator=gen) < 0.6


# (batch, D_k, N_q, N_k, D_v): unbatched and batched, N = 1, N_q != N_k, D_k != D_v, D_k = 1
SDPA_SHAPES = [((), 4, 5, 5, 4), ((), 3, 1, 1, 2), ((), 8, 3, 7, 5), ((2,), 6, 4, 9, 3), ((2, 3), 5, 6, 2, 7),
               ((), 1, 4, 4, 1), ((), 16, 2, 12, 6)]


@pytest.mark.grades("scaled_dot_product_attention", weight=2)
def test_sdpa_random_shapes_float32(learner):
    """Output (..., D_v, N_q) and weights (..., N_k, N_q) match the reference over many shapes."""
    gen = generator(501)
    with Judge(learner, "attention") as judge:
        for batch, dk, nq, nk, dv in SDPA_SHAPES:
            expect_sdpa(judge, randn(gen, *batch, dk, nq), randn(gen, *batch, dk, nk), randn(gen, *batch, dv, nk))


@pytest.mark.grades("scaled_dot_product_attention")
def test_sdpa_float64(learner):
    """float64 inputs give float64 output and weights."""
    gen = generator(502)
    with Judge(learner, "attention") as judge:
        for batch, dk, nq, nk, dv in SDPA_SHAPES[2:4]:
            f64 = {"dtype": torch.float64}
            expect_sdpa(judge, randn(gen, *batch, dk, nq, **f64), randn(gen, *batch, dk, nk, **f64),
                        randn(gen, *batch, dv, nk, **f64))


@pytest.mark.grades("scaled_dot_product_attention", weight=2)
def test_sdpa_masks(learner):
    """A causal mask (N_k = N_q), a padding mask (B, N_k, 1) broadcast over queries, a random mask with one
    fully hidden query (whose weights and output must be all zeros), and 5 random batched shapes with padding
    masks or per-sequence random masks (B, N_k, N_q)."""
    gen = generator(503)
    with Judge(learner, "attention") as judge:
        causal = torch.ones(6, 6, dtype=torch.bool).triu()
        expect_sdpa(judge, randn(gen, 2, 4, 6), randn(gen, 2, 4, 6), randn(gen, 2, 3, 6), causal)
        padding = torch.arange(7)[None, :, None] < torch.tensor([3, 7])[:, None, None]
        expect_sdpa(judge, randn(gen, 2, 5, 4), randn(gen, 2, 5, 7), randn(gen, 2, 2, 7), padding)
        random_mask = torch.rand(5, 4, generator=gen) < 0.5
        random_mask[2, :] = True
        random_mask[:, 3] = False
        expect_sdpa(judge, randn(gen, 3, 4), randn(gen, 3, 5), randn(gen, 6, 5), random_mask)
        for kind in ("padding", "random", "random", "padding", "random"):
            batch = tuple(int(v) for v in torch.randint(1, 4, (int(torch.randint(1, 3, (), generator=gen)),),
                                                        generator=gen))
            dk, nq, nk, dv = (int(v) for v in torch.randint(1, 9, (4,), generator=gen))
            expect_sdpa(judge, randn(gen, *batch, dk, nq), randn(gen, *batch, dk, nk), randn(gen, *batch, dv, nk),
                        make_mask(gen, kind, batch, nk, nq))
        if not judge.problems:
            expect_hidden_weights_exactly_zero(judge)


def expect_hidden_weights_exactly_zero(judge: Judge) -> None:
    """Every recorded call's weights are exactly 0 where its mask hides the key, and the output of a query that sees
    no key is exactly 0: within the tolerance is not enough there (the contract says zero)."""
    for observation in judge.observations:
        result, mask = observation.result, observation.args[3] if len(observation.args) > 3 else None
        if mask is None or not (isinstance(result, tuple) and len(result) == 2):
            continue
        output, weights = result
        hidden = ~mask.expand(weights.shape)
        blind = ~mask.expand(weights.shape).any(dim=-2)                      # (..., N_q): queries that see no key
        leaked = weights[hidden]
        if bool((leaked != 0).any()) or bool((output.transpose(-2, -1)[blind] != 0).any()):
            raise Misconception("hidden_weight_not_exactly_zero", "Your weights are right to within rounding, but "
                                "not exactly 0 where the mask hides a key (or a query that sees no key gets an output "
                                "that is not exactly 0): a floor such as clamp(min=1e-12), an eps added to the "
                                "weights or their sum, or a large finite negative score instead of -inf leaves a "
                                f"trace (largest hidden weight {float(leaked.abs().max()) if leaked.numel() else 0:.3g}). "
                                "The contract gives hidden keys weight 0: mask with -inf and let the softmax give 0.",
                                call_text(observation.function, observation.args, observation.kwargs))


@pytest.mark.grades("scaled_dot_product_attention")
def test_weights_are_probability_vectors(learner):
    """Each column of the weights (one query) is non-negative and sums to 1."""
    gen = generator(504)
    with Judge(learner, "attention") as judge:
        for batch, dk, nq, nk, dv in SDPA_SHAPES[2:5]:
            Q, K, V = randn(gen, *batch, dk, nq), randn(gen, *batch, dk, nk), randn(gen, *batch, dv, nk)
            result = judge.call("scaled_dot_product_attention", Q, K, V, tol=attention_tol(Q, K, V))
            if not judge.last_has_expected_form():
                continue
            weights = result[1]
            judge.require(bool((weights >= 0).all()), "some attention weights are negative")
            judge.require(bool(((weights.double().sum(dim=-2) - 1).abs() <= 1e-5).all()),
                          "the columns of the weights do not sum to 1: each query's weights over the keys must")


@pytest.mark.grades("scaled_dot_product_attention")
def test_large_scores_do_not_overflow(learner):
    """Queries and keys of size ~100 (scores ~ 1e4): no inf or NaN, and the reference's result; unbatched, then 4
    random batched shapes in float32 and float64 (the max trick must be per query, not per matrix)."""
    gen = generator(505)
    with Judge(learner, "attention") as judge:
        expect_sdpa(judge, randn(gen, 4, 5, scale=100.0), randn(gen, 4, 6, scale=100.0), randn(gen, 3, 6))
        for dtype in (torch.float32, torch.float64, torch.float32, torch.float64):
            b, dk, nq, nk, dv = (int(v) for v in torch.randint(2, 8, (5,), generator=gen))
            expect_sdpa(judge, randn(gen, b, dk, nq, dtype=dtype, scale=100.0),
                        randn(gen, b, dk, nk, dtype=dtype, scale=100.0), randn(gen, b, dv, nk, dtype=dtype))


@pytest.mark.grades("self_attention", weight=2)
def test_self_attention_random_shapes(learner):
    """Q = Wq X + bq 1ᵀ and so on, then attention; D != D_k != D_v, batched, N = 1, with and without a mask: the
    causal mask, a padding mask (B, N, 1) and a random per-sequence mask (B, N, N), in float32 and float64."""
    gen = generator(506)
    with Judge(learner, "attention") as judge:
        for batch, dim, dk, dv, n in (((), 6, 4, 5, 7), ((2,), 8, 8, 3, 4), ((), 5, 2, 2, 1), ((3,), 4, 6, 4, 5)):
            args = self_attention_inputs(gen, batch, dim, dk, dv, n)
            judge.expect("self_attention", *args, tol=self_attention_tol(args))
        args = self_attention_inputs(gen, (2,), 6, 4, 3, 5, dtype=torch.float64)
        judge.expect("self_attention", *args, torch.ones(5, 5, dtype=torch.bool).triu(), tol=self_attention_tol(args))
        for dtype in (torch.float32, torch.float64):
            for kind in ("causal", "padding", "random"):
                batch = (int(torch.randint(1, 4, (), generator=gen)),)
                dim, dk, dv, n = (int(v) for v in torch.randint(2, 9, (4,), generator=gen))
                args = self_attention_inputs(gen, batch, dim, dk, dv, n, dtype=dtype)
                judge.expect("self_attention", *args, make_mask(gen, kind, batch, n, n),
                             tol=self_attention_tol(args))


@pytest.mark.grades("self_attention")
def test_causal_outputs_ignore_future_tokens(learner):
    """Under the causal mask, changing tokens t.. leaves outputs 0..t-1 unchanged."""
    gen = generator(507)
    causal = torch.ones(7, 7, dtype=torch.bool).triu()
    with Judge(learner, "attention") as judge:
        args = self_attention_inputs(gen, (), 6, 4, 5, 7)
        changed = args[0].clone()
        changed[:, 4:] = randn(gen, 6, 3)
        tol = self_attention_tol(args)
        before = judge.expect("self_attention", *args, causal, tol=tol)
        if not judge.last_has_expected_form():
            return
        after = judge.call("self_attention", changed, *args[1:], causal, tol=tol)
        if judge.last_has_expected_form():
            judge.require_close(after[0][:, :4], before[0][:, :4], tol,
                                "with the causal mask, changing later tokens changed the outputs of earlier ones: "
                                "query i may only see keys j <= i")


@pytest.mark.grades("scaled_dot_product_attention")
def test_padded_keys_are_ignored(learner):
    """With a padding mask, changing the keys and values past each sequence's length changes nothing."""
    gen = generator(508)
    lengths = torch.tensor([2, 5, 4])
    padding = torch.arange(6)[None, :, None] < lengths[:, None, None]
    with Judge(learner, "attention") as judge:
        Q, K, V = randn(gen, 3, 4, 5), randn(gen, 3, 4, 6), randn(gen, 3, 3, 6)
        K2, V2 = K.clone(), V.clone()
        for b, length in enumerate(lengths.tolist()):
            K2[b, :, length:] = randn(gen, 4, 6 - length, scale=3.0)
            V2[b, :, length:] = randn(gen, 3, 6 - length, scale=3.0)
        tol = attention_tol(Q, K2, V2)
        before = judge.expect("scaled_dot_product_attention", Q, K, V, padding, tol=tol)   # not a constant
        after = judge.call("scaled_dot_product_attention", Q, K2, V2, padding, tol=tol)
        judge.require_close(after, before, tol, "changing padded keys/values changed the result: keys with "
                            "mask False must get weight exactly 0")


@pytest.mark.grades("self_attention")
def test_permuting_tokens_permutes_outputs(learner):
    """Without positions or a mask, self-attention is permutation-equivariant: permuting the columns of X permutes
    the output columns (and the weights' rows and columns) the same way."""
    gen = generator(509)
    with Judge(learner, "attention") as judge:
        args = self_attention_inputs(gen, (2,), 6, 4, 5, 6)
        perm = torch.randperm(6, generator=gen)
        tol = self_attention_tol(args)
        output, weights = judge.expect("self_attention", *args, tol=tol)
        if not judge.last_has_expected_form():
            return
        output_p, weights_p = judge.call("self_attention", args[0][..., perm], *args[1:], tol=tol)
        if not judge.last_has_expected_form():
            return
        judge.require_close(output_p, output[..., perm], tol, "permuting the input tokens did not permute the "
                            "outputs the same way: attention without positions must not depend on token order")
        judge.require_close(weights_p, weights[..., perm, :][..., perm], tol,
                            "permuting the input tokens did not permute the weights' rows and columns")


@pytest.mark.grades("scaled_dot_product_attention")
def test_sdpa_gradients(learner):
    """Autograd through the learner's attention gives the reference's gradients for Q, K and V (float64 inputs,
    the float32 bound above: we accept float32 internals)."""
    gen = generator(510)
    with Judge(learner, "attention") as judge:
        Q, K, V = (randn(gen, 2, 4, 5, dtype=torch.float64), randn(gen, 2, 4, 6, dtype=torch.float64),
                   randn(gen, 2, 3, 6, dtype=torch.float64))
        judge.expect_grad("scaled_dot_product_attention", (Q, K, V), {}, [0, 1, 2],
                          tol=attention_tol(Q, K, V).scaled(8.0), seed=5)


@pytest.mark.grades("self_attention")
def test_self_attention_gradients(learner):
    """Autograd through self_attention gives the reference's gradients for X, the projection weights and the query
    and value biases, unbatched and batched. (Not bk: a key bias adds bkᵀq_i to every score of query i, which the
    column softmax cancels, so its true gradient is 0 and an implementation may drop it.)"""
    gen = generator(511)
    with Judge(learner, "attention") as judge:
        args = self_attention_inputs(gen, (), 6, 4, 3, 5, dtype=torch.float64)
        judge.expect_grad("self_attention", args, {}, [0, 1, 2, 3, 5, 6], tol=self_attention_tol(args).scaled(8.0),
                          seed=6)
        args = self_attention_inputs(gen, (2,), 5, 3, 4, 6, dtype=torch.float64)
        judge.expect_grad("self_attention", args, {}, [0, 1, 2, 3, 5, 6], tol=self_attention_tol(args).scaled(8.0),
                          seed=7)


FLOAT64 = 2.0 ** -29  # float64's unit roundoff (2^-53) over float32's (2^-24): turns a float32 bound into float64's


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)

register("scores_of_large_vectors",
         "queries and keys a thousand times larger than usual on different features (the first half of Q's, the "
         "second half of K's; the rest a thousand times smaller), so that their scores stay of ordinary size: a score "
         "is a dot product accurate to float32 relative to its own terms (one computed from squared lengths, "
         "(|k|^2 + |q|^2 - |k - q|^2) / 2, loses it to cancellation)",
         lambda base: [replace(base, extra={**base.extra, "split_features": 1e3}),
                       replace(base, batch=(2,), mask="random", extra={**base.extra, "split_features": 1e3})],
         ("scores_lose_precision", "Your scores lose float32 accuracy when queries and keys are large but their "
          "dot products are not (the call shown): compute each score as the dot product itself (K^T Q, a matmul or an "
          "einsum). A formula through squared lengths or differences subtracts large numbers from each other and "
          "cancels the digits that matter."))


def sdpa_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    dk, dv = case.dim, case.dim - 2
    Q = randn(gen, *case.batch, dk, case.n_q, dtype=case.dtype, scale=case.scale)
    K = randn(gen, *case.batch, dk, case.n_k, dtype=case.dtype, scale=case.scale)
    factor = case.extra.get("split_features")
    if factor:   # large where the other is small: |q| and |k| of thousands, k.q of units
        half = torch.arange(dk)[:, None] < dk // 2
        Q = Q * torch.where(half, factor, 1 / factor).to(Q.dtype)
        K = K * torch.where(half, 1 / factor, factor).to(K.dtype)
    V = randn(gen, *case.batch, dv, case.n_k, dtype=case.dtype)
    mask = random_mask(gen, case, case.n_k, case.n_q)
    K = hide_large(K, mask, case)
    return ((Q, K, V) if mask is None else (Q, K, V, mask)), {}


def self_attention_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    args = list(self_attention_inputs(gen, case.batch, case.dim, case.dim - 2, case.dim - 3, case.n_q, case.dtype))
    args[0] = args[0] * case.scale
    mask = random_mask(gen, case, case.n_q, case.n_q)
    args[0] = hide_large(args[0], mask, case)
    return tuple(args) + (() if mask is None else (mask,)), {}


SPECS = {
    "scaled_dot_product_attention": Spec(
        sdpa_inputs, lambda args, kwargs: attention_tol(*args[:3], mask=args[3] if len(args) > 3 else None,
                                                        weights_known=True),
        # large_magnitudes last: its masked case cannot tell a renormalised mask-after-softmax from the plain one,
        # and the name the earlier clauses found is the one it keeps (diagnose.matching_variant)
        ("batching", "mask_broadcast", "single_token", "unequal_lengths", "float64", "fully_masked_query",
         "hidden_keys_large", "scores_of_large_vectors", "large_magnitudes")),
    "self_attention": Spec(
        self_attention_clause_inputs, lambda args, kwargs: self_attention_tol(args, weights_known=True),
        ("batching", "mask_broadcast", "single_token", "float64", "fully_masked_query", "hidden_keys_large",
         "large_magnitudes")),
}
globals().update(clause_checks("attention", SPECS))
