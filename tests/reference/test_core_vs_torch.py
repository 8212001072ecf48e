"""The functional core agrees with PyTorch's own modules (float64, max abs error ≤ 1e-10).

PyTorch works in the row convention: a batch is (B, N, D) and its boolean ``attn_mask`` in nn.MultiheadAttention is
(N_q, N_k) with True = *blocked*. Ours is (..., D, N) and (..., N_k, N_q) with True = visible, so each comparison
transposes the data and the mask, and inverts the mask where PyTorch's polarity is the opposite.
"""
from __future__ import annotations

import pytest
import torch
from torch import nn

from reference.attention import scaled_dot_product_attention
from reference.cross_attention import decoder_layer
from reference.masking import causal_mask, padding_mask
from reference.multihead import multi_head_attention
from reference.patch_embedding import patch_embedding
from reference.softmax import softmax_cols
from reference.transformer_layer import transformer_layer

TOL = 1e-10  # float64: the two implementations sum in different orders; 1e-10 is ~1e6 ulps of slack at O(1) values


def rows(X: torch.Tensor) -> torch.Tensor:
    """(B, D, N) -> (B, N, D): our columns become PyTorch's rows."""
    return X.transpose(-2, -1)


def mha_params(module: nn.MultiheadAttention) -> dict[str, torch.Tensor]:
    """Our parameter dict from an nn.MultiheadAttention (its in_proj stacks Wq, Wk, Wv vertically)."""
    Wq, Wk, Wv = module.in_proj_weight.chunk(3)
    bq, bk, bv = module.in_proj_bias.chunk(3)
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
def test_cross_attention_matches_nn_multihead_attention_with_padding(gen, B, D, H, Nq, Nk):
    torch_mha = randomize_(nn.MultiheadAttention(D, H, batch_first=True, dtype=torch.float64), gen)
    Xq = torch.randn(B, D, Nq, generator=gen, dtype=torch.float64)
    Xkv = torch.randn(B, D, Nk, generator=gen, dtype=torch.float64)
    lengths = torch.randint(1, Nk + 1, (B,), generator=gen)
    ours, our_weights = multi_head_attention(Xq, Xkv, mha_params(torch_mha), H, padding_mask(lengths, Nk),
                                             return_weights=True)
    key_blocked = torch.arange(Nk)[None, :] >= lengths[:, None]              # (B, Nk), True = ignore
    theirs, their_weights = torch_mha(rows(Xq), rows(Xkv), rows(Xkv), key_padding_mask=key_blocked,
                                      average_attn_weights=False)           # weights (B, H, Nq, Nk)
    assert (ours - rows(theirs)).abs().max() <= TOL
    assert (our_weights - rows(their_weights)).abs().max() <= TOL


def test_self_attention_matches_nn_multihead_attention_with_causal_mask(gen):
    B, D, H, N = 2, 16, 4, 6
    torch_mha = randomize_(nn.MultiheadAttention(D, H, batch_first=True, dtype=torch.float64), gen)
    X = torch.randn(B, D, N, generator=gen, dtype=torch.float64)
    ours = multi_head_attention(X, X, mha_params(torch_mha), H, causal_mask(N))
    blocked = ~causal_mask(N).T                                                # (Nq, Nk), True = blocked
    theirs, _ = torch_mha(rows(X), rows(X), rows(X), attn_mask=blocked)
    assert (ours - rows(theirs)).abs().max() <= TOL


def test_attention_matches_torch_scaled_dot_product_attention(gen):
    Dk, Dv, Nq, Nk = 5, 3, 4, 6
    Q = torch.randn(2, 3, Dk, Nq, generator=gen, dtype=torch.float64)
    K = torch.randn(2, 3, Dk, Nk, generator=gen, dtype=torch.float64)
    V = torch.randn(2, 3, Dv, Nk, generator=gen, dtype=torch.float64)
    mask = torch.rand(Nk, Nq, generator=gen) < 0.7
    mask[0] = True                                                             # every query sees key 0
    ours, _ = scaled_dot_product_attention(Q, K, V, mask)
    # F.scaled_dot_product_attention: boolean attn_mask True = takes part, layout (Nq, Nk).
    theirs = nn.functional.scaled_dot_product_attention(rows(Q), rows(K), rows(V), attn_mask=mask.T)
    assert (ours - rows(theirs)).abs().max() <= TOL


def test_causal_mask_is_the_transpose_of_pytorchs_square_subsequent_mask():
    theirs = nn.Transformer.generate_square_subsequent_mask(7, dtype=torch.float64)  # (Nq, Nk), -inf = blocked
    assert torch.equal(causal_mask(7), (theirs == 0).T)


def test_softmax_cols_matches_torch_softmax_over_dim_minus_2(gen):
    scores = torch.randn(3, 5, 4, generator=gen, dtype=torch.float64) * 30
    assert (softmax_cols(scores) - torch.softmax(scores, dim=-2)).abs().max() <= TOL


@pytest.mark.parametrize("norm_first", [False, True])
@pytest.mark.parametrize("activation", ["relu", "gelu"])
def test_transformer_layer_matches_nn_transformer_encoder_layer(gen, norm_first, activation):
    B, D, H, F, N = 2, 12, 3, 20, 5
    layer = nn.TransformerEncoderLayer(D, H, F, dropout=0.0, activation=activation, batch_first=True,
                                       norm_first=norm_first, dtype=torch.float64)
    layer = randomize_(layer, gen).eval()
    X = torch.randn(B, D, N, generator=gen, dtype=torch.float64)
    lengths = torch.tensor([N, 3])
    mask = causal_mask(N) & padding_mask(lengths, N)                           # (B, N, N)
    ours = transformer_layer(X, encoder_params(layer), H, mask, norm_first, activation=activation)
    # PyTorch's boolean masks here are in the row layout (Nq, Nk) with True = blocked.
    theirs = layer(rows(X), src_mask=~causal_mask(N).T, src_key_padding_mask=torch.arange(N)[None] >= lengths[:, None])
    assert (ours - rows(theirs)).abs().max() <= TOL


@pytest.mark.parametrize("norm_first", [False, True])
def test_decoder_layer_matches_nn_transformer_decoder_layer(gen, norm_first):
    B, D, H, F, Nd, Ne = 2, 8, 2, 16, 4, 6
    layer = nn.TransformerDecoderLayer(D, H, F, dropout=0.0, batch_first=True, norm_first=norm_first,
                                       dtype=torch.float64)
    layer = randomize_(layer, gen).eval()
    params = dict(self_attn=mha_params(layer.self_attn), cross_attn=mha_params(layer.multihead_attn),
                  W1=layer.linear1.weight, b1=layer.linear1.bias, W2=layer.linear2.weight, b2=layer.linear2.bias)
    for k, norm in enumerate([layer.norm1, layer.norm2, layer.norm3], start=1):
        params[f"gamma{k}"], params[f"beta{k}"] = norm.weight, norm.bias
    X_dec = torch.randn(B, D, Nd, generator=gen, dtype=torch.float64)
    X_enc = torch.randn(B, D, Ne, generator=gen, dtype=torch.float64)
    enc_lengths = torch.tensor([Ne, 2])
    ours = decoder_layer(X_dec, X_enc, params, H, padding_mask(enc_lengths, Ne), norm_first=norm_first)
    theirs = layer(rows(X_dec), rows(X_enc), tgt_mask=~causal_mask(Nd).T, tgt_is_causal=False,
                   memory_key_padding_mask=torch.arange(Ne)[None] >= enc_lengths[:, None])
    assert (ours - rows(theirs)).abs().max() <= TOL


def test_patch_embedding_matches_conv2d(gen):
    B, C, H, W, P, D = 2, 3, 8, 12, 4, 5
    conv = randomize_(nn.Conv2d(C, D, P, stride=P, dtype=torch.float64), gen)
    images = torch.randn(B, C, H, W, generator=gen, dtype=torch.float64)
    num_patches = (H // P) * (W // P)
    cls, positions = torch.zeros(D, dtype=torch.float64), torch.zeros(D, num_patches + 1, dtype=torch.float64)
    ours = patch_embedding(images, P, conv.weight.reshape(D, -1), conv.bias, cls, positions)
    theirs = conv(images).flatten(2)                                           # (B, D, gh·gw), row-major grid
    assert (ours[:, :, 1:] - theirs).abs().max() <= TOL
    assert torch.equal(ours[:, :, 0], torch.zeros(B, D, dtype=torch.float64))
