"""Attention before the transformer — Bahdanau's RNN decoder, the attention captioner and SAGAN's block — against
direct transcriptions of the equations written here (loops over positions and cells, one vector at a time) and
against ``torch.nn.GRU`` / ``nn.GRUCell`` / ``nn.Conv2d``, in float64 (≤ 1e-10) and float32 (≤ 2e-5 of the largest
value). Random weights at scale 0.5 (PyTorch's zero biases would hide a swapped bias).
"""
from __future__ import annotations

import pytest
import torch
from torch import nn

from reference.conv_attention import feature_map_self_attention
from reference.convention import to_columns
from reference.models import AttentionCaptioner, AttentionSeq2Seq
from reference.rnn_attention import additive_attention, attention_decoder_step, grid_attention, gru_cell

TOL = {torch.float64: 1e-10, torch.float32: 2e-5}
DTYPES = pytest.mark.parametrize("dtype", [torch.float64, torch.float32])


def close(ours: torch.Tensor, theirs: torch.Tensor) -> bool:
    assert ours.shape == theirs.shape, f"shape {tuple(ours.shape)} where the transcription has {tuple(theirs.shape)}"
    assert ours.dtype == theirs.dtype
    return (ours - theirs).abs().max().item() <= TOL[theirs.dtype] * max(1.0, theirs.abs().max().item())


def randomize_(module: nn.Module, seed: int) -> nn.Module:
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for parameter in module.parameters():
            parameter.copy_(torch.randn(parameter.shape, generator=generator, dtype=parameter.dtype) * 0.5)
    return module


def randn(*shape: int, generator: torch.Generator, dtype: torch.dtype) -> torch.Tensor:
    return torch.randn(*shape, generator=generator, dtype=dtype) * 0.5


# ------------------------------------------------------------------ transcriptions (one vector at a time)

def transcribed_attention(s, states, W, U, v):
    """e_i = vᵀ tanh(W s + U h_i) for each state h_i (a list of vectors); a_i = exp(e_i) / Σ_k exp(e_k);
    c = Σ_i a_i h_i."""
    e = [torch.dot(v, torch.tanh(W @ s + U @ h)) for h in states]
    top = max(e)
    exp = [torch.exp(e_i - top) for e_i in e]
    a = [x / sum(exp) for x in exp]
    return torch.stack(a), sum(a_i * h for a_i, h in zip(a, states))


def transcribed_gru(x, h, w_ih, w_hh, b_ih, b_hh):
    """The GRU equations of the PyTorch documentation, gates in the order r, z, n."""
    D = h.shape[0]
    W_ir, W_iz, W_in = w_ih[:D], w_ih[D:2 * D], w_ih[2 * D:]
    W_hr, W_hz, W_hn = w_hh[:D], w_hh[D:2 * D], w_hh[2 * D:]
    b_ir, b_iz, b_in = b_ih[:D], b_ih[D:2 * D], b_ih[2 * D:]
    b_hr, b_hz, b_hn = b_hh[:D], b_hh[D:2 * D], b_hh[2 * D:]
    r = torch.sigmoid(W_ir @ x + b_ir + W_hr @ h + b_hr)
    z = torch.sigmoid(W_iz @ x + b_iz + W_hz @ h + b_hz)
    n = torch.tanh(W_in @ x + b_in + r * (W_hn @ h + b_hn))
    return (1 - z) * n + z * h


def transcribed_step(s, y, states, p):
    """Bahdanau's step: attend with s_{t-1}, GRU on [y; c], read out W_out [s_t; c] + b_out."""
    a, c = transcribed_attention(s, states, p["W"], p["U"], p["v"])
    s_new = transcribed_gru(torch.cat([y, c]), s, p["weight_ih"], p["weight_hh"], p["bias_ih"], p["bias_hh"])
    return s_new, p["W_out"] @ torch.cat([s_new, c]) + p["b_out"], a


def step_params(generator, dtype, E, D_s, D_h, A, V) -> dict[str, torch.Tensor]:
    shapes = dict(W=(A, D_s), U=(A, D_h), v=(A,), weight_ih=(3 * D_s, E + D_h), weight_hh=(3 * D_s, D_s),
                  bias_ih=(3 * D_s,), bias_hh=(3 * D_s,), W_out=(V, D_s + D_h), b_out=(V,))
    return {key: randn(*shape, generator=generator, dtype=dtype) for key, shape in shapes.items()}


# ------------------------------------------------------------------ Bahdanau

@DTYPES
def test_bahdanau_additive_attention_matches_the_transcribed_equations_with_padding(dtype):
    g = torch.Generator().manual_seed(0)
    B, D_s, D_h, A, N = 3, 5, 6, 4, 7
    s, H = randn(B, D_s, generator=g, dtype=dtype), randn(B, D_h, N, generator=g, dtype=dtype)
    W, U, v = (randn(*shape, generator=g, dtype=dtype) for shape in ((A, D_s), (A, D_h), (A,)))
    lengths = [7, 4, 1]
    mask = torch.arange(N)[None, :] < torch.tensor(lengths)[:, None]
    weights, context = additive_attention(s, H, W, U, v, mask)
    for b, length in enumerate(lengths):
        a, c = transcribed_attention(s[b], list(H[b, :, :length].T), W, U, v)
        assert close(weights[b, :length], a), "weights: e_i = vᵀ tanh(W s + U h_i), softmax over the positions"
        assert torch.all(weights[b, length:] == 0), "padded positions must get weight 0"
        assert close(context[b], c), "context: Σ_i a_i h_i"


@DTYPES
def test_bahdanau_gru_cell_unrolled_matches_nn_gru(dtype):
    g = torch.Generator().manual_seed(1)
    B, I, D, T = 2, 4, 5, 6
    torch_gru = randomize_(nn.GRU(I, D, batch_first=True, dtype=dtype), seed=2)
    x, h0 = randn(B, T, I, generator=g, dtype=dtype), randn(1, B, D, generator=g, dtype=dtype)
    theirs, _ = torch_gru(x, h0)                                                       # (B, T, D)
    h, ours = h0[0], []
    for t in range(T):
        h = gru_cell(x[:, t], h, torch_gru.weight_ih_l0, torch_gru.weight_hh_l0, torch_gru.bias_ih_l0,
                     torch_gru.bias_hh_l0)
        ours.append(h)
    assert close(torch.stack(ours, dim=1), theirs), "gru_cell must follow nn.GRU's r, z, n gate order"
    assert close(ours[0][1], transcribed_gru(x[1, 0], h0[0, 1], torch_gru.weight_ih_l0, torch_gru.weight_hh_l0,
                                            torch_gru.bias_ih_l0, torch_gru.bias_hh_l0))


@DTYPES
def test_bahdanau_decoder_step_matches_the_transcription_and_nn_gru_cell(dtype):
    g = torch.Generator().manual_seed(3)
    B, E, D_s, D_h, A, V, N = 2, 3, 5, 4, 6, 7, 5
    p = step_params(g, dtype, E, D_s, D_h, A, V)
    s, y, H = (randn(*shape, generator=g, dtype=dtype) for shape in ((B, D_s), (B, E), (B, D_h, N)))
    s_new, logits, weights = attention_decoder_step(s, y, H, p)
    cell = nn.GRUCell(E + D_h, D_s, dtype=dtype)
    with torch.no_grad():
        for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh"):
            getattr(cell, name).copy_(p[name])
    for b in range(B):
        s_ref, logits_ref, a_ref = transcribed_step(s[b], y[b], list(H[b].T), p)
        assert close(weights[b], a_ref), "attention must score with the previous state s_{t-1}"
        assert close(s_new[b], s_ref), "s_t = GRU([y_{t-1}; c_t], s_{t-1})"
        assert close(logits[b], logits_ref), "logits = W_out [s_t; c_t] + b_out"
        context = H[b] @ a_ref
        assert close(s_new[b], cell(torch.cat([y[b], context])[None], s[b][None])[0]), "the cell is nn.GRUCell's"


@DTYPES
def test_bahdanau_seq2seq_matches_a_loop_over_nn_gru_and_the_transcribed_decoder(dtype):
    """The whole model, with a padded source: nn.GRU encodes each sequence alone (no packing needed), the decoder is
    transcribed step by step."""
    model = randomize_(AttentionSeq2Seq(11, 13, embed_dim=4, hidden_dim=5, attention_dim=6), seed=4).to(dtype)
    g = torch.Generator().manual_seed(5)
    src, tgt = torch.randint(0, 11, (2, 7), generator=g), torch.randint(0, 13, (2, 4), generator=g)
    lengths = torch.tensor([7, 3])
    with torch.no_grad():
        logits, weights = model(src, tgt, lengths)
        p, D = model.step_params(), 5
        for b, length in enumerate(lengths.tolist()):
            x = model.src_embedding.T[src[b, :length]]                             # rows (length, E)
            states, _ = model.encoder(x[None])                                     # nn.GRU on the real tokens only
            s = torch.tanh(model.W_init @ states[0, 0, D:] + model.b_init)         # from the backward state h←_1
            for t in range(4):
                s, step_logits, a = transcribed_step(s, model.tgt_embedding[:, tgt[b, t]], list(states[0]), p)
                assert close(logits[b, :, t], step_logits), f"sequence {b}, step {t}: logits differ"
                assert close(weights[b, :length, t], a), f"sequence {b}, step {t}: weights differ"
                assert torch.all(weights[b, length:, t] == 0), "padded source positions must get weight 0"


def test_bahdanau_translation_is_greedy_decoding_of_the_teacher_forced_model():
    model = randomize_(AttentionSeq2Seq(9, 8, 4, 6, 5), seed=6).double()
    src = torch.tensor([3, 1, 4, 1, 5])
    target, weights = model.translate(src, bos_id=0, eos_id=7, max_new_tokens=6)
    logits, teacher_weights = model(src[None], target[None, :-1])
    assert target[1:].tolist() == logits[0].argmax(dim=0).tolist()
    assert close(weights, teacher_weights[0])


# ------------------------------------------------------------------ captioning

@DTYPES
def test_captioning_grid_attention_matches_the_transcription_over_cells(dtype):
    g = torch.Generator().manual_seed(7)
    B, D_s, C, A, Hg, Wg = 2, 5, 6, 4, 3, 4
    s, F = randn(B, D_s, generator=g, dtype=dtype), randn(B, C, Hg, Wg, generator=g, dtype=dtype)
    W, U, v = (randn(*shape, generator=g, dtype=dtype) for shape in ((A, D_s), (A, C), (A,)))
    weights, context = grid_attention(s, F, W, U, v)
    assert weights.shape == (B, Hg, Wg)
    for b in range(B):
        cells = [F[b, :, i, j] for i in range(Hg) for j in range(Wg)]               # e_{t,i,j}, row-major
        a, c = transcribed_attention(s[b], cells, W, U, v)
        assert close(weights[b], a.reshape(Hg, Wg)), "one softmax over all H·W cells together"
        assert close(context[b], c)


@DTYPES
def test_captioning_model_matches_the_transcribed_decoder_over_its_cnn_grid(dtype):
    model = randomize_(AttentionCaptioner(10, embed_dim=4, hidden_dim=5, attention_dim=6, channels=8), seed=8)
    model = model.to(dtype)
    g = torch.Generator().manual_seed(9)
    images, tgt = randn(2, 3, 12, 16, generator=g, dtype=dtype), torch.randint(0, 10, (2, 3), generator=g)
    with torch.no_grad():
        logits, weights = model(images, tgt)
        grid = model.cnn(images)                                                   # (B, 8, 3, 4)
        assert weights.shape == (2, 3, 4, 3)
        p = model.step_params()
        for b in range(2):
            cells = [grid[b, :, i, j] for i in range(3) for j in range(4)]
            s = torch.tanh(model.W_init @ (sum(cells) / len(cells)) + model.b_init)
            for t in range(3):
                grid_weights, _ = grid_attention(s, grid[b], p["W"], p["U"], p["v"])
                s, step_logits, a = transcribed_step(s, model.embedding[:, tgt[b, t]], cells, p)
                assert close(weights[b, ..., t], a.reshape(3, 4)), f"image {b}, step {t}: weights differ"
                assert close(weights[b, ..., t], grid_weights), "the model's step is grid_attention's"
                assert close(logits[b, :, t], step_logits), f"image {b}, step {t}: logits differ"


@DTYPES
def test_captioning_sagan_block_matches_a_conv2d_transcription(dtype):
    """SAGAN as usually written in the row layout with 1×1 ``nn.Conv2d``s: energy = qᵀk per pair of cells, a
    softmax over keys, out = γ · v·attentionᵀ + x."""
    g = torch.Generator().manual_seed(10)
    B, C, C_k, Hf, Wf = 2, 8, 3, 3, 5
    convs = {name: randomize_(nn.Conv2d(C, out, 1, dtype=dtype), seed=11 + i)
             for i, (name, out) in enumerate((("q", C_k), ("k", C_k), ("v", C)))}
    gamma = torch.tensor(0.7, dtype=dtype)
    x = randn(B, C, Hf, Wf, generator=g, dtype=dtype)
    with torch.no_grad():
        query = convs["q"](x).flatten(2).transpose(1, 2)                           # (B, N, C_k)
        key = convs["k"](x).flatten(2)                                             # (B, C_k, N)
        attention = torch.softmax(query @ key, dim=-1)                             # (B, N_q, N_k)
        value = convs["v"](x).flatten(2)                                           # (B, C, N)
        theirs = gamma * (value @ attention.transpose(1, 2)).reshape(B, C, Hf, Wf) + x
        params = {f"W{n}": conv.weight.flatten(1) for n, conv in convs.items()}
        params |= {f"b{n}": conv.bias for n, conv in convs.items()} | {"gamma": gamma}
        ours, weights = feature_map_self_attention(x, params)
    assert close(ours, theirs), "SAGAN: out = x + γ · V softmax_cols(KᵀQ), scores unscaled"
    assert close(weights, to_columns(attention)), "weights (N_k, N_q) are the row layout's transposed"


def test_captioning_a_fresh_sagan_block_is_the_identity():
    model = AttentionCaptioner(5, 3, 4, 4, channels=8)
    block = model.cnn[-1]
    features = torch.randn(1, 8, 2, 3)
    assert torch.equal(block(features), features), "γ starts at 0"


# ------------------------------------------------------------------ bad input

def test_bahdanau_shapes_are_checked_with_clear_errors():
    W, U, v = torch.randn(4, 5), torch.randn(4, 6), torch.randn(4)
    with pytest.raises(ValueError, match="D_h=5"):
        additive_attention(torch.randn(5), torch.randn(5, 7), W, U, v)             # H has D_h = 5, U expects 6
    with pytest.raises(ValueError, match="mask"):
        additive_attention(torch.randn(5), torch.randn(6, 7), W, U, v, torch.ones(6, dtype=torch.bool))
    with pytest.raises(ValueError, match="params: missing"):
        attention_decoder_step(torch.randn(5), torch.randn(3), torch.randn(6, 7), {"W": W})
    with pytest.raises(ValueError, match="weight_hh"):
        gru_cell(torch.randn(3), torch.randn(4), torch.randn(12, 3), torch.randn(12, 5), torch.randn(12),
                 torch.randn(12))
    with pytest.raises(ValueError, match="features"):
        grid_attention(torch.randn(5), torch.randn(6, 7), W, U, v)
