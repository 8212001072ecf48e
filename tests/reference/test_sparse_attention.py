"""Long-sequence attention (``reference.sparse_attention``) against Hugging Face Longformer's self-attention (local
window plus global tokens, random weights copied across) and against dense attention under the same mask, in
float64 (≤ 1e-10) and float32 (≤ 2e-5 of the largest value); its masks and costs against each other; and a probe
showing that no intermediate ever holds N×N values.

Longformer, in the row convention, needs its sequence padded to a multiple of ``attention_window`` (LongformerModel
pads with invisible tokens; the tests do the same) and takes one float mask for padding and global tokens
(``reference.convention.longformer_attention_mask``). Its ``attention_window`` counts both sides: ours is one side.
"""
from __future__ import annotations

import pytest
import torch
from torch import nn
from torch.utils._python_dispatch import TorchDispatchMode
from transformers import LongformerConfig
from transformers.models.longformer.modeling_longformer import LongformerAttention

from reference.attention import scaled_dot_product_attention
from reference.convention import longformer_attention_mask, to_columns, to_rows
from reference.masking import causal_mask, local_mask
from reference.multihead import multi_head_attention
from reference.sparse_attention import (global_token_mask, sparse_attention, sparse_attention_cost, sparse_mask,
                                        sparse_self_attention, strided_mask)

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


# ------------------------------------------------------------------ against Hugging Face Longformer

@pytest.fixture
def softmax_keeps_float64(monkeypatch):
    """Longformer computes its softmax in float32 whatever its input's dtype (for half-precision safety), which caps
    a float64 comparison at ~1e-7. Here a float64 softmax stays float64, so both sides do the same arithmetic;
    float32 inputs are untouched."""
    original = torch.nn.functional.softmax

    def softmax(input, dim=None, _stacklevel=3, dtype=None):
        return original(input, dim=dim, dtype=None if input.dtype == torch.float64 else dtype)

    monkeypatch.setattr(torch.nn.functional, "softmax", softmax)


def longformer_params(attention: LongformerAttention, kind: str = "") -> dict[str, torch.Tensor]:
    """Our parameter dict from Longformer's projections (``kind`` "" or "_global"); W_o is its output dense."""
    module = attention.self
    params = {f"{w}{c}": getattr(getattr(module, f"{name}{kind}"), part)
              for c, name in zip("qkv", ("query", "key", "value")) for w, part in (("W", "weight"), ("b", "bias"))}
    return params | dict(Wo=attention.output.dense.weight, bo=attention.output.dense.bias)


@pytest.mark.parametrize("global_positions", [None, [[0, 6], [2]]], ids=["local", "local+global"])
@DTYPES
def test_longformer_self_attention_matches_hf_with_padding_and_global_tokens(dtype, global_positions,
                                                                             softmax_keeps_float64):
    B, D, H, window, N = 2, 16, 4, 2, 13
    config = LongformerConfig(hidden_size=D, num_attention_heads=H, attention_window=[2 * window],
                              attention_probs_dropout_prob=0.0, num_hidden_layers=1)
    attention = randomize_(LongformerAttention(config, layer_id=0), seed=0).to(dtype).eval()
    X = torch.randn(B, D, N, generator=torch.Generator().manual_seed(1), dtype=dtype)
    lengths = torch.tensor([13, 9])
    is_global = torch.zeros(B, N, dtype=torch.bool)
    for b, positions in enumerate(global_positions or []):
        is_global[b, positions] = True
    padded = 16                                                    # LongformerModel pads to a multiple of 2w = 4
    visible = torch.arange(padded)[None, :] < lengths[:, None]
    mask = longformer_attention_mask(visible, nn.functional.pad(is_global, (0, padded - N)), dtype)
    with torch.no_grad():
        rows = attention.self(nn.functional.pad(to_rows(X), (0, 0, 0, padded - N)), attention_mask=mask,
                              is_index_masked=mask < 0, is_index_global_attn=mask > 0,
                              is_global_attn=bool((mask > 0).any()))[0]
        theirs = to_columns(attention.output.dense(rows))[..., :N]
        ours = sparse_self_attention(X, longformer_params(attention), H, window,
                                     is_global=is_global if global_positions else None, lengths=lengths,
                                     global_params=longformer_params(attention, "_global"))
    for b, length in enumerate(lengths.tolist()):
        assert_close(ours[b, :, :length], theirs[b, :, :length],
                     "window ±2 around each token, global tokens with their own projections, padding hidden")


# ------------------------------------------------------------------ against dense attention with the same mask

CASES = {                                                          # window, dilation, global positions, causal
    "local": (3, 1, None, False),
    "local+global": (3, 1, [[0, 7], [3]], False),
    "dilated+global": (2, 3, [[5], [0, 1, 30]], False),
    "strided": (40, 4, None, False),                              # window ≥ N/stride: the whole residue class
    "causal band (GPT-3 sparse layers)": (4, 1, None, True),
    "causal dilated": (2, 3, None, True),
    "window 0": (0, 1, [[2], [2]], False),
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("block_size", [None, 5])
@DTYPES
def test_longformer_pattern_sparse_attention_equals_dense_attention_under_its_mask(dtype, case, block_size):
    window, dilation, global_positions, causal = CASES[case]
    B, H, Dk, Dv, N = 2, 3, 4, 5, 37
    g = torch.Generator().manual_seed(2)
    Q, K = (torch.randn(B, H, Dk, N, generator=g, dtype=dtype) for _ in range(2))
    V = torch.randn(B, H, Dv, N, generator=g, dtype=dtype)
    key_visible = (torch.arange(N)[None, :] < torch.tensor([[N], [N - 6]]))[:, None]   # (B, 1, N)
    is_global = None
    if global_positions:
        is_global = torch.zeros(B, 1, N, dtype=torch.bool)
        for b, positions in enumerate(global_positions):
            is_global[b, 0, positions] = True
    ours = sparse_attention(Q, K, V, window, dilation, is_global, key_visible, causal, block_size=block_size)
    mask = sparse_mask(N, window, dilation, is_global, causal) & key_visible[..., :, None]
    theirs, _ = scaled_dot_product_attention(Q, K, V, mask)
    assert_close(ours, theirs, f"{case}: sparse attention and dense attention under sparse_mask")


def test_longformer_pattern_gradients_equal_dense_attention_gradients():
    g = torch.Generator().manual_seed(3)
    Q, K, V = (torch.randn(2, 4, 29, generator=g, dtype=torch.float64, requires_grad=True) for _ in range(3))
    is_global = torch.zeros(2, 29, dtype=torch.bool)
    is_global[0, 4] = is_global[1, 20] = True
    output_grad = torch.randn(2, 4, 29, generator=g, dtype=torch.float64)
    ours = torch.autograd.grad(sparse_attention(Q, K, V, 3, 2, is_global), (Q, K, V), output_grad)
    dense, _ = scaled_dot_product_attention(Q, K, V, sparse_mask(29, 3, 2, is_global))
    theirs = torch.autograd.grad(dense, (Q, K, V), output_grad)
    for name, a, b in zip("QKV", ours, theirs):
        assert_close(a, b, f"gradient with respect to {name}")


@DTYPES
def test_longformer_pattern_multi_head_layer_equals_dense_multi_head_attention(dtype):
    """Without separate global projections the sparse layer is multi-head attention under ``sparse_mask``."""
    g = torch.Generator().manual_seed(4)
    D, H, N = 12, 3, 20
    params = {key: torch.randn(*((D, D) if key.startswith("W") else (D,)), generator=g, dtype=dtype) * 0.5
              for key in ("Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo", "bo")}
    X = torch.randn(2, D, N, generator=g, dtype=dtype)
    is_global = torch.zeros(2, N, dtype=torch.bool)
    is_global[:, 0] = True
    lengths = torch.tensor([20, 15])
    ours = sparse_self_attention(X, params, H, 2, is_global=is_global, lengths=lengths)
    mask = sparse_mask(N, 2, 1, is_global) & (torch.arange(N)[None, :, None] < lengths[:, None, None])
    assert_close(ours, multi_head_attention(X, X, params, H, mask), "sparse_self_attention vs multi_head_attention")


# ------------------------------------------------------------------ masks and costs

def test_longformer_pattern_masks_are_the_documented_sets():
    n = 11
    i, j = torch.arange(n)[None, :], torch.arange(n)[:, None]          # query i (column), key j (row)
    assert torch.equal(strided_mask(n, 3), (i - j) % 3 == 0)
    assert strided_mask(n, 3)[3, 0] and not strided_mask(n, 3)[4, 0], "keys 0, 3, 6, … for query 0: not off by one"
    is_global = torch.zeros(n, dtype=torch.bool)
    is_global[[2, 9]] = True
    mask = global_token_mask(is_global)
    assert mask[2].all() and mask[:, 9].all(), "a global token is seen by and sees every token"
    assert mask.sum() == sparse_attention_cost("global", n, num_global=2)
    assert torch.equal(sparse_mask(n, 2, 3), local_mask(n, 6) & strided_mask(n, 3)), "dilated window: i ± 3k, k ≤ 2"
    batched = global_token_mask(torch.stack([is_global, ~is_global]))                 # (2, n, n)
    assert torch.equal(batched[0], mask) and torch.equal(batched[1], global_token_mask(~is_global))


@pytest.mark.parametrize("n", [0, 1, 2, 7, 64, 101])
def test_longformer_pattern_costs_count_the_masks_pairs(n):
    assert sparse_attention_cost("dense", n) == n * n
    assert sparse_attention_cost("causal", n) == int(causal_mask(n).sum())
    for w in (0, 1, 3, 10, 200):
        assert sparse_attention_cost("local", n, window=w) == int(local_mask(n, w).sum()), f"local, w={w}"
    for s in (1, 2, 5, 64, 150):
        assert sparse_attention_cost("strided", n, stride=s) == int(strided_mask(n, s).sum()), f"strided, s={s}"
    for g in range(0, min(n, 4) + 1):
        is_global = torch.arange(n) % max(n // max(g, 1), 1) == 0
        is_global &= torch.cumsum(is_global, 0) <= g
        assert sparse_attention_cost("global", n, num_global=g) == int(global_token_mask(is_global).sum())


def test_longformer_pattern_local_cost_grows_like_n_times_w():
    """N² turns into N(2w+1) − w(w+1): at N = 4096, w = 128 about 1/16 of the pairs."""
    dense, local = sparse_attention_cost("dense", 4096), sparse_attention_cost("local", 4096, window=128)
    assert local == 4096 * 257 - 128 * 129
    assert sparse_attention_cost("local", 8192, window=128) - 2 * local == 128 * 129, "linear in N at fixed w"
    assert 15 < dense / local < 17


def test_longformer_pattern_bad_input_raises_value_errors():
    Q = torch.randn(4, 10)
    with pytest.raises(ValueError, match="window"):
        sparse_attention(Q, Q, Q, -1)
    with pytest.raises(ValueError, match="dilation"):
        sparse_attention(Q, Q, Q, 2, dilation=0)
    with pytest.raises(ValueError, match="is_global"):
        sparse_attention(Q, Q, Q, 2, is_global=torch.ones(9, dtype=torch.bool))
    with pytest.raises(ValueError, match="causal"):
        sparse_attention(Q, Q, Q, 2, is_global=torch.ones(10, dtype=torch.bool), causal=True)
    with pytest.raises(ValueError, match="K"):
        sparse_attention(Q, torch.randn(5, 10), Q, 2)
    with pytest.raises(ValueError, match="pattern"):
        sparse_attention_cost("banded", 10, window=2)
    with pytest.raises(ValueError, match="window"):
        sparse_attention_cost("local", 10)
    with pytest.raises(ValueError, match="stride"):
        strided_mask(10, 0)
    with pytest.raises(ValueError, match="is_global"):
        global_token_mask(torch.ones(3))


# ------------------------------------------------------------------ memory: no N×N intermediate

class LargestTensor(TorchDispatchMode):
    """Records the largest number of elements of any tensor an operation produces."""

    def __init__(self) -> None:
        super().__init__()
        self.largest = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        for tensor in out if isinstance(out, (tuple, list)) else (out,):
            if isinstance(tensor, torch.Tensor):
                self.largest = max(self.largest, tensor.numel())
        return out


def largest_intermediate(function, n: int) -> int:
    Q = torch.randn(8, n)
    is_global = torch.arange(n) < 2
    with LargestTensor() as probe:
        function(Q, is_global)
    return probe.largest


def test_longformer_pattern_never_materialises_n_by_n_scores():
    def sparse(Q, is_global):
        return sparse_attention(Q, Q, Q, 16, is_global=is_global)

    def dense(Q, is_global):
        return scaled_dot_product_attention(Q, Q, Q, sparse_mask(Q.shape[-1], 16, 1, is_global))

    small, large = largest_intermediate(sparse, 2048), largest_intermediate(sparse, 4096)
    assert large < 4096 ** 2 / 64, f"an intermediate of {large} elements: N×N scores are being formed"
    assert large <= 2.05 * small, "the largest intermediate should grow linearly with N"
    assert largest_intermediate(dense, 2048) >= 2048 ** 2, "the probe sees dense attention's N×N scores"
