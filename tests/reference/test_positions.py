"""Relative positions against Hugging Face: T5's buckets, ``compute_bias`` and ``T5Attention``, and rotary
embeddings against Llama's ``apply_rotary_pos_emb``, ``LlamaRotaryEmbedding`` and ``LlamaAttention`` — in float64
(≤ 1e-10) and float32 (≤ 2e-5 of the largest value), random weights at scale 0.5 copied across.

Hugging Face's Llama computes its rotary angles in float32 whatever the model's dtype, so the float64 comparisons
hand the peer cos/sin tables computed in float64 by ``llama_cos_sin`` (its formula, transcribed here and checked
against ``LlamaRotaryEmbedding`` to float32 accuracy); the float32 ones use ``LlamaRotaryEmbedding`` itself.
"""
from __future__ import annotations

import math

import pytest
import torch
from torch import nn
from transformers import LlamaConfig, T5Config
from transformers.models.llama.modeling_llama import LlamaAttention, LlamaRotaryEmbedding, apply_rotary_pos_emb
from transformers.models.t5.modeling_t5 import T5Attention

from reference.convention import key_padding_mask, table_to_columns, to_columns, to_rows
from reference.masking import causal_mask, padding_mask
from reference.multihead import multi_head_attention
from reference.positions import relative_position_bias, relative_position_bucket, rotary_embedding

TOL = {torch.float64: 1e-10, torch.float32: 2e-5}
DTYPES = pytest.mark.parametrize("dtype", [torch.float64, torch.float32])


def assert_close(ours: torch.Tensor, theirs: torch.Tensor, what: str) -> None:
    assert ours.shape == theirs.shape and ours.dtype == theirs.dtype, what
    error = (ours - theirs).abs().max().item()
    assert error <= TOL[theirs.dtype] * max(1.0, theirs.abs().max().item()), f"{what}: differs by {error:.2e}"


def randomize_(module: nn.Module, seed: int) -> nn.Module:
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for parameter in module.parameters():
            parameter.copy_(torch.randn(parameter.shape, generator=generator, dtype=parameter.dtype) * 0.5)
    return module


def attention_params(q: nn.Linear, k: nn.Linear, v: nn.Linear, o: nn.Linear, query_scale: float = 1.0) -> dict:
    """Our parameter dict from four bias-free projections (T5, Llama): zero biases."""
    params = dict(Wq=q.weight * query_scale, Wk=k.weight, Wv=v.weight, Wo=o.weight)
    return params | {f"b{c}": torch.zeros(w.shape[0], dtype=w.dtype) for c, w in zip("qkvo", params.values())}


# ------------------------------------------------------------------ T5 relative position bias

@pytest.mark.parametrize("num_buckets,max_distance", [(32, 128), (8, 20), (16, 50), (6, 7)])
@pytest.mark.parametrize("bidirectional", [True, False])
def test_t5_bias_buckets_match_hf_for_every_offset(num_buckets, max_distance, bidirectional):
    offsets = torch.arange(-400, 401).reshape(1, -1)
    theirs = T5Attention._relative_position_bucket(offsets, bidirectional, num_buckets, max_distance)
    ours = relative_position_bucket(offsets, bidirectional, num_buckets, max_distance)
    assert ours.tolist() == theirs.tolist()


def test_t5_bias_buckets_tell_the_sign_and_the_near_offsets_apart():
    buckets = relative_position_bucket(torch.tensor([-3, -1, 0, 1, 3]), num_buckets=32)
    assert buckets.tolist() == [3, 1, 0, 17, 19], "offset = key − query: keys after the query use the upper half"
    causal = relative_position_bucket(torch.tensor([-3, -1, 0, 1, 3]), bidirectional=False, num_buckets=32)
    assert causal.tolist() == [3, 1, 0, 0, 0], "a causal bias cannot tell future keys apart"


@pytest.mark.parametrize("is_decoder,past", [(False, 0), (True, 0), (True, 3)])
@DTYPES
def test_t5_bias_matches_hf_compute_bias(dtype, is_decoder, past):
    config = T5Config(d_model=16, d_kv=4, num_heads=4, relative_attention_num_buckets=8,
                      relative_attention_max_distance=20, dropout_rate=0.0, is_decoder=is_decoder)
    peer = randomize_(T5Attention(config, has_relative_attention_bias=True), seed=0).to(dtype)
    num_queries, num_keys = 6, 9 + past
    with torch.no_grad():
        theirs = peer.compute_bias(num_queries, num_keys, past_seen_tokens=past)[0]      # (H, N_q, N_k)
    ours = relative_position_bias(table_to_columns(peer.relative_attention_bias.weight), num_queries, num_keys,
                                  bidirectional=not is_decoder, max_distance=20, query_offset=past)
    assert torch.equal(ours, to_columns(theirs)), "bias[h, key, query] = table[h, bucket(key − query)]"


@DTYPES
def test_t5_bias_plugged_into_attention_matches_hf_t5_attention_with_padding(dtype):
    """T5 scores are not divided by sqrt(d_kv) (the scale lives in its initialisation): ours gets Wq·sqrt(d_kv)."""
    config = T5Config(d_model=16, d_kv=4, num_heads=4, relative_attention_num_buckets=8,
                      relative_attention_max_distance=20, dropout_rate=0.0)
    config._attn_implementation = "eager"
    peer = randomize_(T5Attention(config, has_relative_attention_bias=True), seed=1).to(dtype).eval()
    X = torch.randn(2, 16, 11, generator=torch.Generator().manual_seed(2), dtype=dtype)
    lengths = torch.tensor([11, 6])
    hidden_keys = key_padding_mask(lengths, 11)[:, None, None, :]                      # (B, 1, 1, N_k)
    with torch.no_grad():
        theirs = peer(to_rows(X), mask=torch.zeros(hidden_keys.shape, dtype=dtype).masked_fill(
            hidden_keys, torch.finfo(dtype).min))[0]
        bias = relative_position_bias(table_to_columns(peer.relative_attention_bias.weight), 11, 11, max_distance=20)
        ours = multi_head_attention(X, X, attention_params(peer.q, peer.k, peer.v, peer.o, math.sqrt(4)), 4,
                                    padding_mask(lengths, 11), position_bias=bias)
    assert_close(ours, to_columns(theirs), "T5 attention: scores + bias per head, then softmax over keys")


# ------------------------------------------------------------------ rotary (Llama, halves pairing)

def llama_cos_sin(positions: torch.Tensor, head_dim: int, base: float) -> tuple[torch.Tensor, torch.Tensor]:
    """Llama's tables in float64, rows (N, head_dim): angle[n, i] = p_n / base^(2i/d), repeated for both halves."""
    inv_freq = 1.0 / base ** (torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim)
    angles = positions.to(torch.float64)[:, None] * inv_freq[None, :]
    angles = torch.cat([angles, angles], dim=-1)
    return angles.cos(), angles.sin()


def llama_config(base: float) -> LlamaConfig:
    config = LlamaConfig(hidden_size=32, num_attention_heads=4, num_key_value_heads=4, rope_theta=base,
                         max_position_embeddings=64, attention_dropout=0.0)
    config._attn_implementation = "sdpa"                # eager Llama's softmax is float32 even for float64 inputs
    return config


def hf_cos_sin(positions: torch.Tensor, base: float, dtype: torch.dtype) -> tuple[torch.Tensor, torch.Tensor]:
    """(cos, sin), rows (N, head_dim): LlamaRotaryEmbedding's in float32, the transcription in float64."""
    if dtype == torch.float64:
        return llama_cos_sin(positions, 8, base)
    cos, sin = LlamaRotaryEmbedding(llama_config(base))(torch.zeros(1, dtype=dtype), positions[None])
    return cos[0], sin[0]


def test_rotary_transcribed_tables_agree_with_llama_rotary_embedding():
    positions = torch.arange(40)
    cos, sin = LlamaRotaryEmbedding(llama_config(500.0))(torch.zeros(1, dtype=torch.float64), positions[None])
    ours_cos, ours_sin = llama_cos_sin(positions, 8, 500.0)
    bound = 4 * torch.finfo(torch.float32).eps * 40                      # float32 angles up to 40 rad
    assert (cos[0] - ours_cos).abs().max() <= bound and (sin[0] - ours_sin).abs().max() <= bound


@pytest.mark.parametrize("base", [10000.0, 500.0])
@DTYPES
def test_rotary_matches_hf_llama_apply_rotary_pos_emb(dtype, base):
    g = torch.Generator().manual_seed(3)
    B, H, d, N = 2, 3, 8, 17
    Q, K = torch.randn(B, H, d, N, generator=g, dtype=dtype), torch.randn(B, H, d, N, generator=g, dtype=dtype)
    positions = torch.arange(5, 5 + N)                                 # a decoding step's positions need not start at 0
    cos, sin = hf_cos_sin(positions, base, dtype)
    theirs_q, theirs_k = apply_rotary_pos_emb(to_rows(Q), to_rows(K), cos[None], sin[None])
    ours_q, ours_k = rotary_embedding(Q, K, positions, positions, base=base)
    assert_close(ours_q, to_columns(theirs_q), "rotated queries: rows i and i + d/2 pair up")
    assert_close(ours_k, to_columns(theirs_k), "rotated keys")


@DTYPES
def test_rotary_plugged_into_attention_matches_hf_llama_attention(dtype):
    base, N = 500.0, 13
    config = llama_config(base)
    peer = randomize_(LlamaAttention(config, layer_idx=0), seed=4).to(dtype).eval()
    X = torch.randn(2, 32, N, generator=torch.Generator().manual_seed(5), dtype=dtype)
    cos, sin = hf_cos_sin(torch.arange(N), base, dtype)
    with torch.no_grad():
        theirs = peer(to_rows(X), position_embeddings=(cos[None], sin[None]), attention_mask=None)[0]  # causal
        ours = multi_head_attention(X, X, attention_params(peer.q_proj, peer.k_proj, peer.v_proj, peer.o_proj), 4,
                                    causal_mask(N), rotary_base=base)
    assert_close(ours, to_columns(theirs), "Llama attention: rotate each head's Q and K, causal, 1/sqrt(d)")


@DTYPES
def test_rotary_scores_depend_on_the_offset_only(dtype):
    g = torch.Generator().manual_seed(6)
    q, k = torch.randn(16, 1, generator=g, dtype=dtype), torch.randn(16, 1, generator=g, dtype=dtype)

    def score(p_q: int, p_k: int) -> torch.Tensor:
        q_rot, k_rot = rotary_embedding(q, k, torch.tensor([p_q]), torch.tensor([p_k]))
        return (k_rot.T @ q_rot)[0, 0]

    for shift in (1, 7, 100):
        assert_close(score(3 + shift, 10 + shift), score(3, 10), f"both positions shifted by {shift}")
    assert (score(3, 10) - score(3, 11)).abs() > 1e-3, "a different offset gives a different score"


def test_rotary_pairs_row_i_with_row_i_plus_half():
    unit = torch.zeros(8, 2, dtype=torch.float64)
    unit[1, :] = 1.0                                                    # row 1, at positions 0 and 1
    rotated, _ = rotary_embedding(unit, unit)
    angle = 1.0 / 10000 ** (2 / 8)                                      # θ_1 = base^(−2·1/8)
    assert torch.allclose(rotated[:, 0], unit[:, 0]), "position 0 is not rotated"
    expected = torch.zeros(8, dtype=torch.float64)
    expected[1], expected[5] = math.cos(angle), math.sin(angle)         # row 1 turns towards row 1 + 4, not row 2
    assert torch.allclose(rotated[:, 1], expected, atol=1e-15)


def test_positions_bad_input_raises_value_errors():
    with pytest.raises(ValueError, match="even"):
        rotary_embedding(torch.randn(5, 3), torch.randn(5, 3))
    with pytest.raises(ValueError, match="positions"):
        rotary_embedding(torch.randn(4, 3), torch.randn(4, 3), positions_q=torch.arange(4))
    with pytest.raises(ValueError, match="base"):
        rotary_embedding(torch.randn(4, 3), torch.randn(4, 3), base=1)
    with pytest.raises(ValueError, match="relative_position"):
        relative_position_bucket(torch.tensor([0.5]))
    with pytest.raises(ValueError, match="max_distance"):
        relative_position_bucket(torch.tensor([3]), num_buckets=32, max_distance=8)
    with pytest.raises(ValueError, match="table"):
        relative_position_bias(torch.randn(4), 3, 3)
