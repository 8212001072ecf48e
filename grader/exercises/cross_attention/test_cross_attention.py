"""Hidden checks: ``cross_attention`` (queries from the decoder, keys/values from the encoder) and the
post-LN ``decoder_layer`` (causal self-attention, cross-attention, feed-forward, each with add & norm).

Tolerances: cross-attention is multi-head attention, so ``judge.mha_tol``. The decoder layer chains three
sub-blocks, each a chain of dot products of length at most D, F or N ((D + F + N)·u relative) followed by a layer
norm dividing by a column std >= 1/4 for these N(0, 1) inputs; four times safety: 3·4·4·(D + F + N).
"""
import pytest
import torch

from grader.clauses import Case, Spec, clause_checks, float_slots, hide_large
from grader.clauses import random_mask as clause_mask
from grader.judge import (
    Judge,
    Tolerance,
    attention_params,
    feed_forward_params,
    generator,
    mha_tol,
    norm_params,
    randn,
)


def decoder_params(gen, dim, hidden, dtype=torch.float32) -> dict:
    params = {"self_attn": attention_params(gen, dim, dtype), "cross_attn": attention_params(gen, dim, dtype),
              **feed_forward_params(gen, dim, hidden, dtype)}
    for k in (1, 2, 3):
        params[f"gamma{k}"], params[f"beta{k}"] = norm_params(gen, dim, dtype)
    return params


def decoder_tol(dim: int, hidden: int, n: int) -> Tolerance:
    return Tolerance.float32(48 * (dim + hidden + n), scale=4.0)


def padding(lengths: list[int], n: int) -> torch.Tensor:
    return torch.arange(n)[None, :, None] < torch.tensor(lengths)[:, None, None]


# (batch, D, H, N_d, N_e): N_d != N_e, H = 1, H = D, N_d = 1, batched
CROSS_SHAPES = [((), 8, 2, 4, 6), ((2,), 6, 1, 5, 3), ((), 4, 4, 1, 5), ((2, 2), 8, 4, 3, 3)]


@pytest.mark.grades("cross_attention", weight=2)
def test_cross_attention_random_shapes(learner):
    """Queries from X_dec (D, N_d), keys and values from X_enc (D, N_e): output (D, N_d); float32 and float64."""
    gen = generator(801)
    with Judge(learner, "cross_attention") as judge:
        for batch, dim, heads, nd, ne in CROSS_SHAPES:
            X_dec, X_enc, params = randn(gen, *batch, dim, nd), randn(gen, *batch, dim, ne), attention_params(gen, dim)
            judge.expect("cross_attention", X_dec, X_enc, params, heads, tol=mha_tol(X_dec, X_enc, params, heads))
        X_dec, X_enc = randn(gen, 6, 2, dtype=torch.float64), randn(gen, 6, 7, dtype=torch.float64)
        params = attention_params(gen, 6, torch.float64)
        judge.expect("cross_attention", X_dec, X_enc, params, 3, tol=mha_tol(X_dec, X_enc, params, 3))


@pytest.mark.grades("cross_attention")
def test_cross_attention_encoder_mask(learner):
    """enc_mask as an encoder padding mask (B, N_e, 1) and as a full (N_e, N_d) mask."""
    gen = generator(802)
    with Judge(learner, "cross_attention") as judge:
        X_dec, X_enc, params = randn(gen, 2, 6, 4), randn(gen, 2, 6, 5), attention_params(gen, 6)
        judge.expect("cross_attention", X_dec, X_enc, params, 2, padding([3, 5], 5),
                     tol=mha_tol(X_dec, X_enc, params, 2))
        full = torch.rand(5, 4, generator=gen) < 0.6
        full[0] = True
        judge.expect("cross_attention", X_dec, X_enc, params, 2, full, tol=mha_tol(X_dec, X_enc, params, 2))


@pytest.mark.grades("cross_attention")
def test_random_encoder_masks(learner):
    """Random enc_masks of every broadcastable form — (B, N_e, N_d), (N_e, N_d), (B, N_e, 1) — over random shapes,
    including N_e == N_d (where a transposed mask still fits) and B == H; every decoder token sees one encoder token
    at least."""
    gen = generator(809)
    with Judge(learner, "cross_attention") as judge:
        for case in range(9):
            heads = int(torch.randint(1, 4, (), generator=gen))
            dim = heads * int(torch.randint(1, 4, (), generator=gen))
            batch = heads if case % 3 == 0 else int(torch.randint(1, 4, (), generator=gen))
            nd = int(torch.randint(1, 6, (), generator=gen))
            ne = nd if case % 2 == 0 else int(torch.randint(1, 6, (), generator=gen))
            shape = ((batch, ne, nd), (ne, nd), (batch, ne, 1))[case % 3 if case < 6 else int(torch.randint(0, 3, (),
                                                                                             generator=gen))]
            mask = torch.rand(shape, generator=gen) < 0.6
            mask[..., 0, :] = True
            X_dec, X_enc, params = randn(gen, batch, dim, nd), randn(gen, batch, dim, ne), attention_params(gen, dim)
            judge.expect("cross_attention", X_dec, X_enc, params, heads, mask, tol=mha_tol(X_dec, X_enc, params, heads))


@pytest.mark.grades("cross_attention")
def test_padded_encoder_tokens_are_ignored(learner):
    """Changing the encoder tokens past each sequence's length (hidden by enc_mask) changes nothing."""
    gen = generator(803)
    with Judge(learner, "cross_attention") as judge:
        X_dec, X_enc, params = randn(gen, 2, 6, 4), randn(gen, 2, 6, 5), attention_params(gen, 6)
        changed = X_enc.clone()
        changed[0, :, 2:] = randn(gen, 6, 3, scale=3.0)
        tol = mha_tol(X_dec, changed, params, 2)
        before = judge.expect("cross_attention", X_dec, X_enc, params, 2, padding([2, 5], 5), tol=tol)
        if not judge.last_has_expected_form():
            return
        after = judge.call("cross_attention", X_dec, changed, params, 2, padding([2, 5], 5), tol=tol)
        judge.require_close(after, before, tol, "changing encoder tokens hidden by enc_mask changed the output: "
                            "masked encoder positions must get weight 0")


@pytest.mark.grades("cross_attention")
def test_cross_attention_token_order(learner):
    """Permuting the encoder tokens changes nothing; permuting the decoder tokens permutes the output columns."""
    gen = generator(804)
    with Judge(learner, "cross_attention") as judge:
        X_dec, X_enc, params = randn(gen, 8, 4), randn(gen, 8, 6), attention_params(gen, 8)
        tol = mha_tol(X_dec, X_enc, params, 2)
        base = judge.expect("cross_attention", X_dec, X_enc, params, 2, tol=tol)
        if not judge.last_has_expected_form():
            return
        enc_permuted = judge.call("cross_attention", X_dec, X_enc[:, torch.randperm(6, generator=gen)], params, 2,
                                  tol=tol)
        judge.require_close(enc_permuted, base, tol, "permuting the encoder tokens changed the output: the decoder "
                            "queries attend over the encoder as a set")
        perm = torch.randperm(4, generator=gen)
        dec_permuted = judge.call("cross_attention", X_dec[:, perm], X_enc, params, 2, tol=tol)
        judge.require_close(dec_permuted, base[:, perm] if isinstance(base, torch.Tensor) else base, tol,
                            "permuting the decoder tokens did not permute the output columns: there is one output "
                            "column per decoder token (query)")


# (batch, D, H, F, N_d, N_e)
# The feed-forward width F twice D, and once neither a multiple of D nor as wide (a loop over chunks of D hidden units
# drops the rest)
DECODER_SHAPES = [((), 8, 2, 16, 4, 6), ((2,), 6, 3, 12, 5, 2), ((), 4, 1, 8, 1, 3), ((2,), 6, 2, 9, 3, 4)]


@pytest.mark.grades("decoder_layer", weight=2)
def test_decoder_layer(learner):
    """The decoder layer, post-LN as torch.nn.TransformerDecoderLayer: N_d != N_e, H = 1, N_d = 1, a feed-forward
    width F that is no multiple of D, float64."""
    gen = generator(805)
    with Judge(learner, "cross_attention") as judge:
        for batch, dim, heads, hidden, nd, ne in DECODER_SHAPES:
            judge.expect("decoder_layer", randn(gen, *batch, dim, nd), randn(gen, *batch, dim, ne),
                         decoder_params(gen, dim, hidden), heads, tol=decoder_tol(dim, hidden, max(nd, ne)))
        judge.expect("decoder_layer", randn(gen, 6, 3, dtype=torch.float64), randn(gen, 6, 4, dtype=torch.float64),
                     decoder_params(gen, 6, 12, torch.float64), 2, tol=decoder_tol(6, 12, 4))


@pytest.mark.grades("decoder_layer")
def test_decoder_layer_encoder_mask(learner):
    """enc_mask (an encoder padding mask) reaches the decoder's cross-attention."""
    gen = generator(806)
    with Judge(learner, "cross_attention") as judge:
        judge.expect("decoder_layer", randn(gen, 2, 8, 4), randn(gen, 2, 8, 5), decoder_params(gen, 8, 16), 2,
                     padding([2, 5], 5), tol=decoder_tol(8, 16, 5))


@pytest.mark.grades("decoder_layer")
def test_decoder_ignores_future_decoder_tokens(learner):
    """Changing decoder tokens t.. leaves the outputs of decoder tokens 0..t-1 unchanged (causal self-attention)."""
    gen = generator(807)
    with Judge(learner, "cross_attention") as judge:
        X_dec, X_enc, params = randn(gen, 8, 6), randn(gen, 8, 4), decoder_params(gen, 8, 16)
        changed = X_dec.clone()
        changed[:, 3:] = randn(gen, 8, 3)
        tol = decoder_tol(8, 16, 6)
        before = judge.expect("decoder_layer", X_dec, X_enc, params, 2, tol=tol)
        if not judge.last_has_expected_form():
            return
        after = judge.call("decoder_layer", changed, X_enc, params, 2, tol=tol)
        if judge.last_has_expected_form():
            judge.require_close(after[:, :3], before[:, :3], tol, "changing later decoder tokens changed the outputs "
                                "of earlier ones: the decoder's self-attention must use the causal mask")


@pytest.mark.grades("decoder_layer")
def test_gradients(learner):
    """Autograd through cross_attention and decoder_layer gives the reference's gradients for X_dec and X_enc, and
    decoder_layer's for its own weights too (unbatched: the clause's gradients are batched)."""
    gen = generator(808)
    with Judge(learner, "cross_attention") as judge:
        X_dec, X_enc = randn(gen, 6, 3, dtype=torch.float64), randn(gen, 6, 5, dtype=torch.float64)
        params = attention_params(gen, 6, torch.float64)
        judge.expect_grad("cross_attention", (X_dec, X_enc, params, 2), {}, [0, 1],
                          tol=mha_tol(X_dec, X_enc, params, 2).scaled(8.0), seed=11)
        args = (X_dec, X_enc, decoder_params(gen, 6, 12, torch.float64), 2)
        judge.expect_grad("decoder_layer", args, {}, float_slots(args, {}), tol=decoder_tol(6, 12, 5).scaled(4.0),
                          seed=12)


def masks_with_blind_queries(gen, batch: int, ne: int, nd: int, case: int) -> torch.Tensor:
    """An enc_mask in which some decoder token sees no encoder token: a random (B, N_e, N_d) mask with one decoder
    column all False (even cases), or an encoder padding mask (B, N_e, 1) with a sequence of length 0 (odd cases)."""
    if case % 2 == 0:
        mask = torch.rand(batch, ne, nd, generator=gen) < 0.6
        mask[..., int(torch.randint(0, nd, (), generator=gen))] = False
        return mask
    lengths = torch.randint(0, ne + 1, (batch,), generator=gen)
    lengths[0] = 0
    return padding(lengths.tolist(), ne)


FLOAT64 = 2.0 ** -29  # float64's unit roundoff (2^-53) over float32's (2^-24): turns a float32 bound into float64's


def padded_encoder_scaled(gen, batch: int, dim: int, ne: int, dtype: torch.dtype) -> tuple:
    """(X_enc, enc_mask, the visible encoder tokens): padded encoder tokens scaled by 1000, so that their scores dwarf
    the visible ones; one sequence keeps a single encoder token."""
    lengths = torch.randint(1, ne, (batch,), generator=gen)
    lengths[0] = 1
    visible = torch.arange(ne)[None, :] < lengths[:, None]                             # (B, N_e)
    X_enc = randn(gen, batch, dim, ne)
    return torch.where(visible[:, None, :], X_enc, 1000 * X_enc).to(dtype), visible[:, :, None], visible


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)

def cross_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    X_dec = randn(gen, *case.batch, case.dim, case.n_q, dtype=case.dtype, scale=case.scale)
    X_enc = randn(gen, *case.batch, case.dim, case.n_k, dtype=case.dtype, scale=case.scale)
    mask = clause_mask(gen, case, case.n_k, case.n_q)
    X_enc = hide_large(X_enc, mask, case)
    return (X_dec, X_enc, attention_params(gen, case.dim, case.dtype), case.heads, mask), {}


def decoder_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    X_dec = randn(gen, *case.batch, case.dim, case.n_q, dtype=case.dtype, scale=case.scale)
    X_enc = randn(gen, *case.batch, case.dim, case.n_k, dtype=case.dtype, scale=case.scale)
    mask = clause_mask(gen, case, case.n_k, case.n_q)
    X_enc = hide_large(X_enc, mask, case)
    return (X_dec, X_enc, decoder_params(gen, case.dim, 2 * case.dim, case.dtype), case.heads, mask), {}


def decoder_clause_tol(args: tuple, kwargs: dict) -> Tolerance:
    """``decoder_tol`` scaled by the largest input column (see the transformer layer's clause tolerance)."""
    X_dec, X_enc = args[:2]
    scale = max(1.0, float(X_dec.abs().max()) / 4, float(X_enc.abs().max()) / 4)
    return decoder_tol(X_dec.shape[-2], 2 * X_dec.shape[-2], max(X_dec.shape[-1], X_enc.shape[-1])).scaled(scale)


SPECS = {
    "cross_attention": Spec(cross_inputs, lambda args, kwargs: mha_tol(*args[:4], mask=args[4], weights_known=True),
                            ("batching", "mask_broadcast", "single_token", "unequal_lengths", "float64",
                             "large_magnitudes", "fully_masked_query", "hidden_keys_large", "one_head")),
    "decoder_layer": Spec(decoder_inputs, decoder_clause_tol,
                          ("batching", "mask_broadcast", "single_token", "unequal_lengths", "float64",
                           "large_magnitudes", "fully_masked_query", "hidden_keys_large", "one_head")),
}
globals().update(clause_checks("cross_attention", SPECS))
