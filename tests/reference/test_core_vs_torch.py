"""The functional core agrees with PyTorch's own modules, in float64 (max abs error ≤ 1e-10) and float32 (≤ 2e-5).

PyTorch works in the row convention: a batch is (B, N, D) and its boolean ``attn_mask`` in nn.MultiheadAttention is
(N_q, N_k) with True = *blocked*. Ours is (..., D, N) and (..., N_k, N_q) with True = visible: every comparison
converts through ``reference.convention``.
"""
from __future__ import annotations

import pytest
import torch
from torch import nn

from reference.attention import scaled_dot_product_attention
from reference.convention import (allowed_rows_mask, blocked_rows_mask, key_padding_mask, split_fused,
                                  to_rows)
from reference.cross_attention import decoder_layer
from reference.masking import causal_mask, padding_mask
from reference.multihead import multi_head_attention
from reference.patch_embedding import patch_embedding
from reference.softmax import softmax_cols
from reference.transformer_layer import transformer_layer

# The two implementations sum in different orders. float64: 1e-10 is ~1e6 ulps of slack at O(1) values; float32:
# outputs here are O(1)-O(10) after a few matrix products of width ≤ 20, ~1e2 ulps of 1.2e-7 each.
TOL = {torch.float64: 1e-10, torch.float32: 2e-5}
DTYPES = pytest.mark.parametrize("dtype", [torch.float64, torch.float32])


def mha_params(module: nn.MultiheadAttention) -> dict[str, torch.Tensor]:
    """Our parameter dict from an nn.MultiheadAttention (its in_proj stacks Wq, Wk, Wv vertically)."""
    Wq, Wk, Wv = (split_fused(module.in_proj_weight, index) for index in range(3))
    bq, bk, bv = (split_fused(module.in_proj_bias, index) for index in range(3))
    return dict(Wq=Wq, bq=bq, Wk=Wk, bk=bk, Wv=Wv, bv=bv, Wo=module.out_proj.weight, bo=module.out_proj.bias)


def randomize_(module: nn.Module, generator: torch.Generator) -> nn.Module:
    """Random values for every parameter (PyTorch initialises biases and LayerNorm to 0/1, which would hide bugs)."""
    with torch.no_grad():
        for p in module.parameters():
            p.copy_(torch.randn(p.shape, generator=generator, dtype=p.dtype) * 0.5)
    return module


def encoder_params(layer: nn.TransformerEncoderLayer) -> dict[str, torch.Tensor]:
    return dict(mha_params(layer.self_attn), W1=layer.linear1.weight, b1=layer.linear1.bias,
                W2=layer.linear2.weight, b2=layer.linear2.bias, gamma1=layer.norm1.weight, beta1=layer.norm1.bias,
                gamma2=layer.norm2.weight, beta2=layer.norm2.bias)


@pytest.fixture
def gen() -> torch.Generator:
    return torch.Generator().manual_seed(0)


@pytest.mark.parametrize("B,D,H,Nq,Nk", [(2, 12, 3, 5, 7), (1, 8, 1, 1, 4), (3, 6, 6, 4, 4)])
@DTYPES
def test_cross_attention_matches_nn_multihead_attention_with_padding(gen, dtype, B, D, H, Nq, Nk):
    torch_mha = randomize_(nn.MultiheadAttention(D, H, batch_first=True, dtype=dtype), gen)
    Xq = torch.randn(B, D, Nq, generator=gen, dtype=dtype)
    Xkv = torch.randn(B, D, Nk, generator=gen, dtype=dtype)
    lengths = torch.randint(1, Nk + 1, (B,), generator=gen)
    ours, our_weights = multi_head_attention(Xq, Xkv, mha_params(torch_mha), H, padding_mask(lengths, Nk),
                                             return_weights=True)
    theirs, their_weights = torch_mha(to_rows(Xq), to_rows(Xkv), to_rows(Xkv),
                                      key_padding_mask=key_padding_mask(lengths, Nk),
                                      average_attn_weights=False)           # weights (B, H, Nq, Nk)
    assert (ours - to_rows(theirs)).abs().max() <= TOL[dtype]
    assert (our_weights - to_rows(their_weights)).abs().max() <= TOL[dtype]


@DTYPES
def test_self_attention_matches_nn_multihead_attention_with_causal_mask(gen, dtype):
    B, D, H, N = 2, 16, 4, 6
    torch_mha = randomize_(nn.MultiheadAttention(D, H, batch_first=True, dtype=dtype), gen)
    X = torch.randn(B, D, N, generator=gen, dtype=dtype)
    ours = multi_head_attention(X, X, mha_params(torch_mha), H, causal_mask(N))
    theirs, _ = torch_mha(to_rows(X), to_rows(X), to_rows(X), attn_mask=blocked_rows_mask(causal_mask(N)))
    assert (ours - to_rows(theirs)).abs().max() <= TOL[dtype]


@DTYPES
def test_attention_matches_torch_scaled_dot_product_attention(gen, dtype):
    Dk, Dv, Nq, Nk = 5, 3, 4, 6
    Q = torch.randn(2, 3, Dk, Nq, generator=gen, dtype=dtype)
    K = torch.randn(2, 3, Dk, Nk, generator=gen, dtype=dtype)
    V = torch.randn(2, 3, Dv, Nk, generator=gen, dtype=dtype)
    mask = torch.rand(Nk, Nq, generator=gen) < 0.7
    mask[0] = True                                                             # every query sees key 0
    ours, _ = scaled_dot_product_attention(Q, K, V, mask)
    theirs = nn.functional.scaled_dot_product_attention(to_rows(Q), to_rows(K), to_rows(V),
                                                        attn_mask=allowed_rows_mask(mask))
    assert (ours - to_rows(theirs)).abs().max() <= TOL[dtype]


def test_causal_mask_is_the_transpose_of_pytorchs_square_subsequent_mask():
    theirs = nn.Transformer.generate_square_subsequent_mask(7, dtype=torch.float64)  # (Nq, Nk), -inf = blocked
    assert torch.equal(allowed_rows_mask(causal_mask(7)), theirs == 0)


@DTYPES
def test_softmax_cols_matches_torch_softmax_over_dim_minus_2(gen, dtype):
    scores = torch.randn(3, 5, 4, generator=gen, dtype=dtype) * 30
    assert (softmax_cols(scores) - torch.softmax(scores, dim=-2)).abs().max() <= TOL[dtype]


@pytest.mark.parametrize("norm_first", [False, True])
@pytest.mark.parametrize("activation", ["relu", "gelu"])
@DTYPES
def test_transformer_layer_matches_nn_transformer_encoder_layer(gen, dtype, norm_first, activation):
    B, D, H, F, N = 2, 12, 3, 20, 5
    layer = nn.TransformerEncoderLayer(D, H, F, dropout=0.0, activation=activation, batch_first=True,
                                       norm_first=norm_first, dtype=dtype)
    layer = randomize_(layer, gen).eval()
    X = torch.randn(B, D, N, generator=gen, dtype=dtype)
    lengths = torch.tensor([N, 3])
    mask = causal_mask(N) & padding_mask(lengths, N)                           # (B, N, N)
    ours = transformer_layer(X, encoder_params(layer), H, mask, norm_first, activation=activation)
    theirs = layer(to_rows(X), src_mask=blocked_rows_mask(causal_mask(N)),
                   src_key_padding_mask=key_padding_mask(lengths, N))
    assert (ours - to_rows(theirs)).abs().max() <= TOL[dtype]


@pytest.mark.parametrize("norm_first", [False, True])
@DTYPES
def test_decoder_layer_matches_nn_transformer_decoder_layer(gen, dtype, norm_first):
    B, D, H, F, Nd, Ne = 2, 8, 2, 16, 4, 6
    layer = nn.TransformerDecoderLayer(D, H, F, dropout=0.0, batch_first=True, norm_first=norm_first,
                                       dtype=dtype)
    layer = randomize_(layer, gen).eval()
    params = dict(self_attn=mha_params(layer.self_attn), cross_attn=mha_params(layer.multihead_attn),
                  W1=layer.linear1.weight, b1=layer.linear1.bias, W2=layer.linear2.weight, b2=layer.linear2.bias)
    for k, norm in enumerate([layer.norm1, layer.norm2, layer.norm3], start=1):
        params[f"gamma{k}"], params[f"beta{k}"] = norm.weight, norm.bias
    X_dec = torch.randn(B, D, Nd, generator=gen, dtype=dtype)
    X_enc = torch.randn(B, D, Ne, generator=gen, dtype=dtype)
    enc_lengths = torch.tensor([Ne, 2])
    ours = decoder_layer(X_dec, X_enc, params, H, padding_mask(enc_lengths, Ne), norm_first=norm_first)
    theirs = layer(to_rows(X_dec), to_rows(X_enc), tgt_mask=blocked_rows_mask(causal_mask(Nd)), tgt_is_causal=False,
                   memory_key_padding_mask=key_padding_mask(enc_lengths, Ne))
    assert (ours - to_rows(theirs)).abs().max() <= TOL[dtype]


@DTYPES
def test_patch_embedding_matches_conv2d(gen, dtype):
    B, C, H, W, P, D = 2, 3, 8, 12, 4, 5
    conv = randomize_(nn.Conv2d(C, D, P, stride=P, dtype=dtype), gen)
    images = torch.randn(B, C, H, W, generator=gen, dtype=dtype)
    num_patches = (H // P) * (W // P)
    cls, positions = torch.zeros(D, dtype=dtype), torch.zeros(D, num_patches + 1, dtype=dtype)
    ours = patch_embedding(images, P, conv.weight.reshape(D, -1), conv.bias, cls, positions)
    theirs = conv(images).flatten(2)                                           # (B, D, gh·gw), row-major grid
    assert (ours[:, :, 1:] - theirs).abs().max() <= TOL[dtype]
    assert torch.equal(ours[:, :, 0], torch.zeros(B, D, dtype=dtype))
