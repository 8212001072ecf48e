"""Hidden checks of ``multi_head_attention`` (head h = rows h·D/H .. (h+1)·D/H, scale 1/sqrt(D/H)).

Tolerance: ``judge.mha_tol``, a float32 bound computed from the inputs (derived there).
"""
import pytest
import torch

from grader.clauses import Case, Spec, clause_checks, hide_large
from grader.clauses import random_mask as clause_mask
from grader.judge import Judge, attention_params, generator, mha_tol, randn


def expect_mha(judge: Judge, Xq, Xkv, params, num_heads, mask=None):
    args = (Xq, Xkv, params, num_heads) if mask is None else (Xq, Xkv, params, num_heads, mask)
    return judge.expect("multi_head_attention", *args, tol=mha_tol(Xq, Xkv, params, num_heads))


# (batch, D, H, N_q, N_k): H = 1, H = D, N = 1, N_q != N_k, batched
SHAPES = [((), 8, 2, 5, 5), ((), 8, 1, 3, 6), ((), 6, 6, 4, 4), ((2,), 12, 3, 5, 7), ((2, 2), 4, 2, 1, 3),
          ((), 16, 4, 6, 2)]


@pytest.mark.grades("multi_head_attention", weight=3)
def test_random_shapes_float32(learner):
    """Random inputs and weights over many shapes, including H = 1 and H = D (heads of width 1)."""
    gen = generator(601)
    with Judge(learner, "multihead") as judge:
        for batch, dim, heads, nq, nk in SHAPES:
            expect_mha(judge, randn(gen, *batch, dim, nq), randn(gen, *batch, dim, nk), attention_params(gen, dim),
                       heads)


@pytest.mark.grades("multi_head_attention")
def test_float64(learner):
    """float64 inputs and weights give a float64 result."""
    gen = generator(602)
    with Judge(learner, "multihead") as judge:
        expect_mha(judge, randn(gen, 2, 8, 4, dtype=torch.float64), randn(gen, 2, 8, 5, dtype=torch.float64),
                   attention_params(gen, 8, dtype=torch.float64), 4)


@pytest.mark.grades("multi_head_attention", weight=2)
def test_masks_apply_to_every_head(learner):
    """A causal (N, N) mask and a padding mask (B, N_k, 1) apply to every head."""
    gen = generator(603)
    with Judge(learner, "multihead") as judge:
        X = randn(gen, 2, 8, 5)
        expect_mha(judge, X, X, attention_params(gen, 8), 2, torch.ones(5, 5, dtype=torch.bool).triu())
        padding = torch.arange(6)[None, :, None] < torch.tensor([2, 6])[:, None, None]
        expect_mha(judge, randn(gen, 2, 6, 3), randn(gen, 2, 6, 6), attention_params(gen, 6), 3, padding)


def random_mask(gen, shape) -> torch.Tensor:
    """A random boolean mask of ``shape`` (..., N_k or 1, N_q or 1) in which every query sees at least one key."""
    mask = torch.rand(shape, generator=gen) < 0.6
    mask[..., 0, :] = True
    return mask


@pytest.mark.grades("multi_head_attention")
def test_random_masks(learner):
    """Random masks of every broadcastable form — per-sequence (B, N_k, N_q), shared (N_k, N_q), padding-like
    (B, N_k, 1) — over random shapes, including N_q == N_k and B == H (where a mask given the head axis in the wrong
    place still broadcasts, wrongly)."""
    gen = generator(607)
    with Judge(learner, "multihead") as judge:
        for case in range(9):
            heads = int(torch.randint(1, 4, (), generator=gen))
            dim = heads * int(torch.randint(1, 4, (), generator=gen))
            batch = heads if case % 3 == 0 else int(torch.randint(1, 4, (), generator=gen))
            nq = int(torch.randint(1, 6, (), generator=gen))
            nk = nq if case % 2 == 0 else int(torch.randint(1, 6, (), generator=gen))
            shape = ((batch, nk, nq), (nk, nq), (batch, nk, 1))[case % 3 if case < 6 else int(torch.randint(0, 3, (),
                                                                                             generator=gen))]
            expect_mha(judge, randn(gen, batch, dim, nq), randn(gen, batch, dim, nk), attention_params(gen, dim),
                       heads, random_mask(gen, shape))


@pytest.mark.grades("multi_head_attention")
def test_token_order(learner):
    """Without positions: permuting the key/value tokens changes nothing; permuting the query tokens permutes the
    output columns."""
    gen = generator(604)
    with Judge(learner, "multihead") as judge:
        Xq, Xkv, params = randn(gen, 8, 5), randn(gen, 8, 7), attention_params(gen, 8)
        tol = mha_tol(Xq, Xkv, params, 2)
        base = judge.expect("multi_head_attention", Xq, Xkv, params, 2, tol=tol)
        if not judge.last_has_expected_form():
            return
        keys_permuted = judge.call("multi_head_attention", Xq, Xkv[:, torch.randperm(7, generator=gen)], params, 2,
                                   tol=tol)
        judge.require_close(keys_permuted, base, tol, "permuting the key/value tokens changed the output: each "
                            "query's result must not depend on the order of the keys")
        perm = torch.randperm(5, generator=gen)
        queries_permuted = judge.call("multi_head_attention", Xq[:, perm], Xkv, params, 2, tol=tol)
        judge.require_close(queries_permuted, base[:, perm], tol, "permuting the query tokens did not permute the "
                            "output columns the same way")


@pytest.mark.grades("multi_head_attention")
def test_rejects_heads_not_dividing_width(learner):
    """D not divisible by num_heads is a ValueError (a valid call still works)."""
    gen = generator(605)
    with Judge(learner, "multihead") as judge:
        X, params = randn(gen, 6, 3), attention_params(gen, 6)
        expect_mha(judge, X, X, params, 3)
        judge.expect_value_error("multi_head_attention", X, X, params, 4, argument="num_heads (4 does not divide 6)")


@pytest.mark.grades("multi_head_attention")
def test_gradients(learner):
    """Autograd through the learner's multi-head attention gives the reference's gradients for Xq and Xkv."""
    gen = generator(606)
    with Judge(learner, "multihead") as judge:
        Xq, Xkv = randn(gen, 2, 8, 4, dtype=torch.float64), randn(gen, 2, 8, 6, dtype=torch.float64)
        params = attention_params(gen, 8, dtype=torch.float64)
        judge.expect_grad("multi_head_attention", (Xq, Xkv, params, 4), {}, [0, 1],
                          tol=mha_tol(Xq, Xkv, params, 4).scaled(8.0), seed=7)


FLOAT64 = 2.0 ** -29  # float64's unit roundoff (2^-53) over float32's (2^-24): turns a float32 bound into float64's


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)

def mha_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    Xq = randn(gen, *case.batch, case.dim, case.n_q, dtype=case.dtype, scale=case.scale)
    Xkv = randn(gen, *case.batch, case.dim, case.n_k, dtype=case.dtype, scale=case.scale)
    mask = clause_mask(gen, case, case.n_k, case.n_q)
    Xkv = hide_large(Xkv, mask, case)
    args = (Xq, Xkv, attention_params(gen, case.dim, case.dtype), case.heads)
    return args + (() if mask is None else (mask,)), {}


SPECS = {"multi_head_attention": Spec(
    mha_inputs, lambda args, kwargs: mha_tol(*args[:4], mask=args[4] if len(args) > 4 else None, weights_known=True),
    ("batching", "mask_broadcast", "single_token", "unequal_lengths", "float64", "large_magnitudes",
     "fully_masked_query", "hidden_keys_large", "one_head"))}
globals().update(clause_checks("multihead", SPECS))
