"""Visible checks: cross-attention and the decoder layer: queries from the decoder, keys and values from the encoder."""
import torch

from exercises.tests.checks import assert_close, assert_shape

# float64 arithmetic on O(1) numbers: a correct answer is within a few 1e-16.
ATOL = 1e-12


def mha_params(dim: int, seed: int | None = None) -> dict[str, torch.Tensor]:
    """Random attention weights for `seed`; for None, uniform attention (Wq = Wk = 0) with Wv = Wo = I."""
    if seed is None:
        zero, eye = torch.zeros(dim, dim, dtype=torch.float64), torch.eye(dim, dtype=torch.float64)
        params = {"Wq": zero, "Wk": zero, "Wv": eye, "Wo": eye}
    else:
        generator = torch.Generator().manual_seed(seed)
        params = {f"W{x}": torch.randn(dim, dim, generator=generator, dtype=torch.float64) / dim**0.5 for x in "qkvo"}
    return params | {f"b{x}": torch.zeros(dim, dtype=torch.float64) for x in "qkvo"}


def decoder_params(dim: int, hidden: int, seed: int | None = None) -> dict:
    """Random weights for `seed`; for None, self-attention and FFN that output zeros and uniform cross-attention."""
    generator = torch.Generator().manual_seed(seed or 0)
    if seed is None:
        self_attn = {name: torch.zeros_like(value) for name, value in mha_params(dim).items()}
        W1, W2 = torch.zeros(hidden, dim, dtype=torch.float64), torch.zeros(dim, hidden, dtype=torch.float64)
    else:
        self_attn = mha_params(dim, seed)
        W1 = torch.randn(hidden, dim, generator=generator, dtype=torch.float64) / dim**0.5
        W2 = torch.randn(dim, hidden, generator=generator, dtype=torch.float64) / hidden**0.5
    params = {"self_attn": self_attn, "cross_attn": mha_params(dim, None if seed is None else seed + 1)}
    params |= {"W1": W1, "b1": torch.zeros(hidden, dtype=torch.float64)}
    params |= {"W2": W2, "b2": torch.zeros(dim, dtype=torch.float64)}
    for i in (1, 2, 3):
        params[f"gamma{i}"] = torch.ones(dim, dtype=torch.float64)
        params[f"beta{i}"] = torch.zeros(dim, dtype=torch.float64)
    return params


def test_output_has_one_column_per_decoder_token(exercise):
    """X_dec (2, 4, 3), X_enc (2, 4, 5): the output is (2, 4, 3) -- queries come from the decoder."""
    generator = torch.Generator().manual_seed(0)
    X_dec = torch.randn(2, 4, 3, generator=generator, dtype=torch.float64)
    X_enc = torch.randn(2, 4, 5, generator=generator, dtype=torch.float64)
    out = exercise.cross_attention(X_dec, X_enc, mha_params(4, seed=1), num_heads=2)
    assert_shape(out, (2, 4, 3), "cross_attention output", names=("B", "D", "N_dec"))
    out = exercise.decoder_layer(X_dec, X_enc, decoder_params(4, 8, seed=2), num_heads=2)
    assert_shape(out, (2, 4, 3), "decoder_layer output", names=("B", "D", "N_dec"))


def test_uniform_cross_attention_averages_the_encoder(exercise):
    """Uniform weights, Wv = Wo = I: each decoder column is the mean of the (unpadded) encoder columns."""
    X_dec = torch.zeros(1, 2, 4, dtype=torch.float64)
    X_enc = torch.tensor([[[1.0, 2.0, 9.0], [3.0, 4.0, 9.0]]], dtype=torch.float64)  # (B=1, D=2, N_e=3)
    out = exercise.cross_attention(X_dec, X_enc, mha_params(2), num_heads=1)
    assert_close(out[0], [[4.0] * 4, [16 / 3] * 4], ATOL, "cross_attention with uniform weights, no mask")
    padding = torch.tensor([[[True], [True], [False]]])  # encoder length 2, shape (B, N_e, 1)
    out = exercise.cross_attention(X_dec, X_enc, mha_params(2), num_heads=1, enc_mask=padding)
    assert_close(out[0], [[1.5] * 4, [3.5] * 4], ATOL, "cross_attention with the padded encoder token masked")


def test_decoder_layer_reads_the_encoder(exercise):
    """Zero self-attention and FFN, uniform cross-attention: LN3(LN2(LN1(x) + mean of encoder)) flips the sign here."""
    X_dec = torch.tensor([[1.0], [3.0]], dtype=torch.float64)  # LN1 -> about [-1, 1]
    X_enc = torch.tensor([[2.0, 2.0], [-2.0, -2.0]], dtype=torch.float64)  # mean column [2, -2]
    out = exercise.decoder_layer(X_dec, X_enc, decoder_params(2, 3), num_heads=1)
    # Each of the three layer norms (eps 1e-5) shrinks a unit-variance column by a factor 1/sqrt(1 + 1e-5),
    # so the result is within 3 * 5e-6 = 1.5e-5 of [1, -1].
    assert_close(out, [[1.0], [-1.0]], 2e-5, "decoder_layer with only cross-attention active")


def test_decoder_layer_is_causal_and_respects_padding(exercise):
    """Changing the last decoder token leaves earlier outputs alone; changing a padded encoder token changes nothing."""
    generator = torch.Generator().manual_seed(3)
    X_dec = torch.randn(1, 4, 3, generator=generator, dtype=torch.float64)
    X_enc = torch.randn(1, 4, 5, generator=generator, dtype=torch.float64)
    padding = torch.tensor([[[True], [True], [True], [False], [False]]])  # encoder length 3
    params = decoder_params(4, 8, seed=4)
    before = exercise.decoder_layer(X_dec, X_enc, params, num_heads=2, enc_mask=padding)
    later_changed = X_dec.clone()
    later_changed[..., 2] = 7.0
    after = exercise.decoder_layer(later_changed, X_enc, params, num_heads=2, enc_mask=padding)
    assert_close(after[..., :2], before[..., :2], ATOL, "decoder tokens 0 and 1 after changing token 2 (causal?)")
    padded_changed = X_enc.clone()
    padded_changed[..., 3:] = -9.0
    after = exercise.decoder_layer(X_dec, padded_changed, params, num_heads=2, enc_mask=padding)
    assert_close(after, before, ATOL, "the output after changing padded encoder tokens (enc_mask applied?)")
