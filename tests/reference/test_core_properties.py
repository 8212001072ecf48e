"""Properties of the functional core that hold for every input: shapes, column sums, causality, equivariance,
and independent checks of embeddings, sampling and beam search against simpler formulations or Hugging Face."""
from __future__ import annotations

import itertools
import math

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.attention import scaled_dot_product_attention, self_attention
from reference.embeddings import embed, one_hot, sinusoidal_positions
from reference.masking import apply_mask, causal_mask, local_mask, padding_mask
from reference.multihead import ATTENTION_KEYS, multi_head_attention
from reference.sampling import beam_search, generate, next_token_probs, sequence_log_prob
from reference.softmax import softmax_cols
from reference.transformer_layer import layer_norm

fast = settings(max_examples=40, deadline=None)


def random_attention_params(D: int, gen: torch.Generator, dtype=torch.float64) -> dict[str, torch.Tensor]:
    return {k: torch.randn((D, D) if k.startswith("W") else (D,), generator=gen, dtype=dtype)
            for k in ATTENTION_KEYS}


@fast
@given(batch=st.lists(st.integers(1, 3), max_size=2), heads=st.integers(1, 4), head_dim=st.integers(1, 4),
       nq=st.integers(1, 6), nk=st.integers(1, 6), seed=st.integers(0, 2**16))
def test_multi_head_attention_shape_and_column_sums(batch, heads, head_dim, nq, nk, seed):
    gen = torch.Generator().manual_seed(seed)
    D = heads * head_dim
    Xq = torch.randn(*batch, D, nq, generator=gen, dtype=torch.float64)
    Xkv = torch.randn(*batch, D, nk, generator=gen, dtype=torch.float64)
    out, weights = multi_head_attention(Xq, Xkv, random_attention_params(D, gen), heads, return_weights=True)
    assert out.shape == (*batch, D, nq)
    assert weights.shape == (*batch, heads, nk, nq)
    assert (weights >= 0).all()
    assert torch.allclose(weights.sum(-2), torch.ones((), dtype=torch.float64), atol=1e-12)


@fast
@given(n=st.integers(2, 7), seed=st.integers(0, 2**16), cut=st.integers(1, 6))
def test_causal_attention_ignores_future_tokens(n, seed, cut):
    cut = min(cut, n - 1)
    gen = torch.Generator().manual_seed(seed)
    D = 6
    X = torch.randn(D, n, generator=gen, dtype=torch.float64)
    changed = X.clone()
    changed[:, cut:] = torch.randn(D, n - cut, generator=gen, dtype=torch.float64)
    params = random_attention_params(D, gen)
    before = multi_head_attention(X, X, params, 2, causal_mask(n))
    after = multi_head_attention(changed, changed, params, 2, causal_mask(n))
    assert torch.allclose(before[:, :cut], after[:, :cut], atol=1e-12)
    assert not torch.allclose(before[:, cut:], after[:, cut:])


@fast
@given(n=st.integers(1, 7), seed=st.integers(0, 2**16))
def test_self_attention_without_positions_is_permutation_equivariant(n, seed):
    gen = torch.Generator().manual_seed(seed)
    D = 4
    X = torch.randn(D, n, generator=gen, dtype=torch.float64)
    W = [torch.randn(D, D, generator=gen, dtype=torch.float64) for _ in range(3)]
    b = [torch.randn(D, generator=gen, dtype=torch.float64) for _ in range(3)]
    perm = torch.randperm(n, generator=gen)
    out, _ = self_attention(X, W[0], b[0], W[1], b[1], W[2], b[2])
    out_perm, _ = self_attention(X[:, perm], W[0], b[0], W[1], b[1], W[2], b[2])
    assert torch.allclose(out[:, perm], out_perm, atol=1e-12)


def test_padded_keys_do_not_change_the_output():
    gen = torch.Generator().manual_seed(1)
    Q, K, V = (torch.randn(2, 3, 5, generator=gen, dtype=torch.float64) for _ in range(3))
    mask = padding_mask(torch.tensor([2, 5]), 5)
    K2, V2 = K.clone(), V.clone()
    K2[0, :, 2:], V2[0, :, 2:] = 100.0, -7.0
    out, _ = scaled_dot_product_attention(Q, K, V, mask)
    out2, _ = scaled_dot_product_attention(Q, K2, V2, mask)
    assert torch.allclose(out, out2, atol=1e-12)


def test_softmax_cols_is_stable_and_handles_fully_masked_columns():
    big = torch.tensor([[1e4, -1e4], [-1e4, 1e4], [0.0, 0.0]], dtype=torch.float32)
    weights = softmax_cols(big)
    assert torch.isfinite(weights).all() and torch.allclose(weights.sum(0), torch.ones(2))
    masked = softmax_cols(apply_mask(torch.randn(3, 2), torch.tensor([[True, False]] * 3)))
    assert torch.equal(masked[:, 1], torch.zeros(3)) and torch.allclose(masked[:, 0].sum(), torch.tensor(1.0))


def test_masks_in_the_key_by_query_layout():
    assert causal_mask(3).tolist() == [[True, True, True], [False, True, True], [False, False, True]]
    assert padding_mask(torch.tensor([1, 3]), 3)[:, :, 0].tolist() == [[True, False, False], [True, True, True]]
    assert local_mask(4, 1).tolist() == [[True, True, False, False], [True, True, True, False],
                                         [False, True, True, True], [False, False, True, True]]


def test_layer_norm_matches_the_textbook_formula_per_column():
    gen = torch.Generator().manual_seed(2)
    X = torch.randn(5, 3, generator=gen, dtype=torch.float64)
    gamma, beta = torch.randn(5, generator=gen, dtype=torch.float64), torch.randn(5, generator=gen, dtype=torch.float64)
    column = X[:, 1]
    mean, var = sum(column.tolist()) / 5, sum((v - column.mean().item()) ** 2 for v in column.tolist()) / 5
    expected = [(v - mean) / math.sqrt(var + 1e-5) * g + b for v, g, b in zip(column.tolist(), gamma, beta)]
    assert torch.allclose(layer_norm(X, gamma, beta)[:, 1], torch.tensor(expected, dtype=torch.float64))


def test_embed_equals_one_hot_product_and_nn_embedding():
    gen = torch.Generator().manual_seed(3)
    omega = torch.randn(4, 9, generator=gen, dtype=torch.float64)
    ids = torch.randint(0, 9, (2, 5), generator=gen)
    X = embed(omega, ids)
    assert X.shape == (2, 4, 5)
    assert torch.equal(X, omega @ one_hot(ids, 9, dtype=torch.float64))
    table = torch.nn.Embedding.from_pretrained(omega.T)                       # rows = tokens in PyTorch
    assert torch.equal(X, table(ids).transpose(-2, -1))
    assert one_hot(ids, 9).dtype == torch.get_default_dtype()


@pytest.mark.parametrize("dim", [6, 7])
def test_sinusoidal_positions_match_the_formula_elementwise(dim):
    table = sinusoidal_positions(11, dim, dtype=torch.float64)
    for row, n in itertools.product(range(dim), range(11)):
        angle = n / 10000 ** ((row - row % 2) / dim)
        expected = math.sin(angle) if row % 2 == 0 else math.cos(angle)
        assert abs(table[row, n].item() - expected) < 1e-12
    assert sinusoidal_positions(3, 4).dtype == torch.get_default_dtype()


def test_next_token_probs_matches_hugging_face_warpers():
    from transformers.generation.logits_process import (TemperatureLogitsWarper, TopKLogitsWarper,
                                                        TopPLogitsWarper)
    gen = torch.Generator().manual_seed(4)
    for _ in range(20):
        logits = torch.randn(30, generator=gen, dtype=torch.float64) * 2
        temperature, k, p = 0.7, 12, 0.8
        scores = logits[None]
        for warper in (TemperatureLogitsWarper(temperature), TopKLogitsWarper(k), TopPLogitsWarper(p)):
            scores = warper(None, scores)
        theirs = torch.softmax(scores[0], dim=0)
        assert torch.allclose(next_token_probs(logits, temperature, k, p), theirs, atol=1e-12)


def test_top_p_keeps_the_crossing_token_and_ties_go_to_lower_ids():
    probs = next_token_probs(torch.log(torch.tensor([0.1, 0.4, 0.1, 0.4], dtype=torch.float64)), top_p=0.5)
    assert torch.allclose(probs, torch.tensor([0.0, 0.5, 0.0, 0.5], dtype=torch.float64))
    assert next_token_probs(torch.tensor([1.0, 3.0, 3.0]), temperature=0).tolist() == [0.0, 1.0, 0.0]
    assert next_token_probs(torch.tensor([1.0, 3.0, 3.0, 1.0]), top_k=3).nonzero().flatten().tolist() == [0, 1, 2]


class BigramModel:
    """logits[:, n] = table[:, ids[n]] — a tiny language model whose answers can be enumerated."""

    def __init__(self, table: torch.Tensor):
        self.table = table

    def __call__(self, ids: torch.Tensor) -> torch.Tensor:
        return self.table[:, ids]


def test_beam_search_with_a_wide_beam_finds_the_most_likely_continuation():
    gen = torch.Generator().manual_seed(5)
    V, steps = 4, 3
    model = BigramModel(torch.randn(V, V, generator=gen, dtype=torch.float64) * 2)
    prompt = torch.tensor([1])
    best = max(itertools.product(range(V), repeat=steps),
               key=lambda tail: sequence_log_prob(model, torch.tensor([1, *tail])).item())
    assert beam_search(model, prompt, V ** steps, steps).tolist() == [1, *best]


def test_beam_search_keeps_finished_beams_competing():
    # From token 0: eos (id 2) is very likely, so the finished beam [0, 2] must win over longer beams.
    table = torch.full((3, 3), -5.0, dtype=torch.float64)
    table[2, 0] = 5.0
    assert beam_search(BigramModel(table), torch.tensor([0]), 2, 4, eos_id=2).tolist() == [0, 2]


def test_generate_is_reproducible_stops_at_eos_and_respects_context_size():
    gen = torch.Generator().manual_seed(6)
    model = BigramModel(torch.randn(5, 5, generator=gen))
    first = generate(model, torch.tensor([0]), 20, generator=torch.Generator().manual_seed(9))
    again = generate(model, torch.tensor([0]), 20, generator=torch.Generator().manual_seed(9))
    assert torch.equal(first, again)
    with_eos = generate(model, torch.tensor([0]), 50, eos_id=3, generator=torch.Generator().manual_seed(9))
    assert (with_eos == 3).sum() <= 1 and (with_eos[-1] == 3 or len(with_eos) == 51)
    seen = []
    generate(lambda ids: (seen.append(len(ids)), model(ids))[1], torch.tensor([0, 1, 2]), 4, context_size=2)
    assert seen == [2, 2, 2, 2]


@pytest.mark.parametrize("call, message", [
    (lambda: multi_head_attention(torch.randn(6, 3), torch.randn(6, 3),
                                  random_attention_params(6, torch.Generator()), 4), "num_heads"),
    (lambda: scaled_dot_product_attention(torch.randn(4, 3), torch.randn(5, 3), torch.randn(2, 3)), "K"),
    (lambda: apply_mask(torch.randn(3, 4), torch.ones(4, 3, dtype=torch.bool)), "mask"),
    (lambda: embed(torch.randn(3, 5), torch.tensor([5])), "token_ids"),
    (lambda: next_token_probs(torch.randn(4), top_p=0.0), "top_p"),
])
def test_bad_input_raises_a_value_error_naming_the_argument(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_softmax_cols_gradient_is_finite_when_a_column_is_fully_masked():
    scores = torch.randn(3, 2, dtype=torch.float64, requires_grad=True)
    mask = torch.tensor([[True, False]] * 3)
    softmax_cols(apply_mask(scores, mask)).sum().backward()
    assert torch.isfinite(scores.grad).all()
