"""Hidden checks: ``layer_norm`` (per column, biased variance, eps inside the sqrt), ``feed_forward``
and ``transformer_layer`` (post-LN by default, pre-LN with ``norm_first=True``).

Tolerances (u = 2^-24):
- layer norm (``layer_norm_tol``): the mean and the variance are length-D sums (D·u relative to the column's size
  |mean| + σ); dividing by sqrt(σ² + eps) turns that into an absolute error of about (2D + 8)·u·c with
  c = max over columns of (|mean| + σ) / sqrt(σ² + eps); times max|γ|, plus u·|β|. Four times that.
- feed-forward: two products of length D and F: (D + F + 4)·u relative to max|W2||relu(W1 X + b1)|, times four.
- full layer (``LAYER_GROWTH``): each sub-block is a chain of dot products of length at most D, F or N
  ((D + F + N)·u relative) followed by a layer norm dividing by a column std; with these N(0, 1) inputs the std of
  every normalised column is >= 1/4. Two blocks, four times safety: 2·4·4·(D + F + N) = 32·(D + F + N).
"""
import pytest
import torch

from grader.judge import (
    U32,
    Judge,
    Tolerance,
    attention_params,
    feed_forward_params,
    generator,
    norm_params,
    randn,
)


def layer_norm_tol(X: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> Tolerance:
    x = X.double()
    mean, std = x.mean(dim=-2), x.var(dim=-2, unbiased=False).sqrt()
    c = float(((mean.abs() + std) / (std ** 2 + eps).sqrt()).max())
    bound = (2 * X.shape[-2] + 8) * U32 * c * float(gamma.abs().max()) + U32 * float(beta.abs().max())
    return Tolerance(rtol=4 * bound, atol=4 * bound)


def feed_forward_tol(X, W1, b1, W2, b2) -> Tolerance:
    hidden = torch.relu(W1.double() @ X.double() + b1.double()[:, None])
    size = float((W2.double().abs() @ hidden).max()) + float(b2.abs().max())
    return Tolerance.float32(4 * (W1.shape[1] + W1.shape[0] + 4), scale=size)


def layer_tol(dim: int, hidden: int, n: int) -> Tolerance:
    return Tolerance.float32(32 * (dim + hidden + n), scale=4.0)


def layer_params(gen, dim, hidden, dtype=torch.float32) -> dict:
    params = {**attention_params(gen, dim, dtype), **feed_forward_params(gen, dim, hidden, dtype)}
    for k in (1, 2):
        params[f"gamma{k}"], params[f"beta{k}"] = norm_params(gen, dim, dtype)
    return params


def expect_layer_norm(judge: Judge, X, gamma, beta):
    judge.expect("layer_norm", X, gamma, beta, tol=layer_norm_tol(X, gamma, beta))


@pytest.mark.grades("layer_norm", weight=2)
def test_layer_norm_random_shapes(learner):
    """Each column normalised to mean 0 and biased variance 1, then γ·x + β; batched, N = 1, float32 and float64."""
    gen = generator(701)
    with Judge(learner, "transformer_layer") as judge:
        for batch, dim, n, dtype in (((), 6, 5, torch.float32), ((2,), 4, 1, torch.float32),
                                     ((2, 3), 16, 3, torch.float32), ((), 32, 4, torch.float64)):
            expect_layer_norm(judge, randn(gen, *batch, dim, n, dtype=dtype, scale=2.0), *norm_params(gen, dim, dtype))


@pytest.mark.grades("layer_norm")
def test_layer_norm_small_variance(learner):
    """Columns with a tiny spread (σ = 0.01, where eps = 1e-5 matters) and an exactly constant column (output β)."""
    gen = generator(702)
    with Judge(learner, "transformer_layer") as judge:
        X = randn(gen, 1, 5) + randn(gen, 8, 5, scale=0.01)
        X[:, 2] = 0.75
        expect_layer_norm(judge, X, *norm_params(gen, 8))


@pytest.mark.grades("layer_norm")
def test_layer_norm_eps_argument(learner):
    """The eps argument is used (not a hard-coded 1e-5): random eps from 1e-6 to 1e-1 on columns whose spread is
    comparable to sqrt(eps), where eps changes the result."""
    gen = generator(710)
    with Judge(learner, "transformer_layer") as judge:
        for _ in range(6):
            eps = 10 ** float(-6 + 5 * torch.rand((), generator=gen))
            dim, n = int(torch.randint(2, 17, (), generator=gen)), int(torch.randint(1, 6, (), generator=gen))
            # column means of the size of the spread: a one-pass variance E[x²] - E[x]² stays accurate in
            # float32 (this check is about eps, not about cancellation)
            X = randn(gen, 1, n, scale=2 * eps ** 0.5) + randn(gen, dim, n, scale=eps ** 0.5)
            gamma, beta = norm_params(gen, dim)
            judge.expect("layer_norm", X, gamma, beta, eps=eps, tol=layer_norm_tol(X, gamma, beta, eps))


@pytest.mark.grades("feed_forward")
def test_feed_forward(learner):
    """W2 relu(W1 X + b1) + b2 applied to every column; batched, F != D."""
    gen = generator(703)
    with Judge(learner, "transformer_layer") as judge:
        for batch, dim, hidden, n in (((), 4, 8, 5), ((2,), 6, 3, 1), ((2, 2), 8, 32, 3)):
            p = layer_params(gen, dim, hidden)
            args = (randn(gen, *batch, dim, n), p["W1"], p["b1"], p["W2"], p["b2"])
            judge.expect("feed_forward", *args, tol=feed_forward_tol(*args))


# (batch, D, H, F, N)
LAYER_SHAPES = [((), 8, 2, 16, 5), ((2,), 6, 1, 12, 4), ((), 4, 4, 8, 3), ((2,), 8, 4, 32, 1)]


@pytest.mark.grades("transformer_layer", weight=2)
def test_post_ln_layer(learner):
    """post-LN (the default): X ← LN1(X + MHA(X)); X ← LN2(X + FFN(X)); H = 1, H = D, N = 1, batched."""
    gen = generator(704)
    with Judge(learner, "transformer_layer") as judge:
        for batch, dim, heads, hidden, n in LAYER_SHAPES:
            judge.expect("transformer_layer", randn(gen, *batch, dim, n), layer_params(gen, dim, hidden), heads,
                         tol=layer_tol(dim, hidden, n))


@pytest.mark.grades("transformer_layer", weight=2)
def test_pre_ln_layer(learner):
    """pre-LN (norm_first=True): X ← X + MHA(LN1(X)); X ← X + FFN(LN2(X)); also with a causal mask, float64."""
    gen = generator(705)
    with Judge(learner, "transformer_layer") as judge:
        for batch, dim, heads, hidden, n in LAYER_SHAPES[:3]:
            judge.expect("transformer_layer", randn(gen, *batch, dim, n), layer_params(gen, dim, hidden), heads,
                         norm_first=True, tol=layer_tol(dim, hidden, n))
        judge.expect("transformer_layer", randn(gen, 8, 5, dtype=torch.float64),
                     layer_params(gen, 8, 16, torch.float64), 2, torch.ones(5, 5, dtype=torch.bool).triu(), True,
                     tol=layer_tol(8, 16, 5))


@pytest.mark.grades("transformer_layer")
def test_causal_layer_ignores_future_tokens(learner):
    """With a causal mask (post-LN and pre-LN), changing tokens t.. leaves the outputs of tokens 0..t-1 unchanged."""
    gen = generator(706)
    causal = torch.ones(6, 6, dtype=torch.bool).triu()
    with Judge(learner, "transformer_layer") as judge:
        for norm_first in (False, True):
            X, params = randn(gen, 8, 6), layer_params(gen, 8, 16)
            changed = X.clone()
            changed[:, 3:] = randn(gen, 8, 3)
            tol = layer_tol(8, 16, 6)
            before = judge.call("transformer_layer", X, params, 2, causal, norm_first, tol=tol)
            if not judge.last_has_expected_form():
                return
            after = judge.call("transformer_layer", changed, params, 2, causal, norm_first, tol=tol)
            if judge.last_has_expected_form():
                judge.require_close(after[:, :3], before[:, :3], tol,
                                    "with a causal mask, changing later tokens changed earlier outputs: the mask must "
                                    "reach the attention, and everything else must act on each column separately")


@pytest.mark.grades("transformer_layer")
def test_permuting_tokens_permutes_outputs(learner):
    """Without positions or a mask, permuting the columns of X permutes the layer's output columns."""
    gen = generator(707)
    with Judge(learner, "transformer_layer") as judge:
        X, params = randn(gen, 2, 8, 5), layer_params(gen, 8, 16)
        perm = torch.randperm(5, generator=gen)
        tol = layer_tol(8, 16, 5)
        base = judge.call("transformer_layer", X, params, 2, tol=tol)
        if not judge.last_has_expected_form():
            return
        permuted = judge.call("transformer_layer", X[..., perm], params, 2, tol=tol)
        if judge.last_has_expected_form():
            judge.require_close(permuted, base[..., perm], tol, "permuting the tokens did not permute the outputs: "
                                "layer norm and the feed-forward network act on each column (token) separately")


@pytest.mark.grades("layer_norm")
def test_layer_norm_gradient(learner):
    """Autograd through layer_norm gives the reference's gradients for X, γ and β (float64)."""
    gen = generator(708)
    with Judge(learner, "transformer_layer") as judge:
        X = randn(gen, 2, 6, 4, dtype=torch.float64)
        gamma, beta = norm_params(gen, 6, torch.float64)
        judge.expect_grad("layer_norm", (X, gamma, beta), {}, [0, 1, 2],
                          tol=layer_norm_tol(X, gamma, beta).scaled(16.0), seed=8)


@pytest.mark.grades("transformer_layer")
def test_layer_gradients(learner):
    """Autograd through the whole layer (post-LN and pre-LN) gives the reference's gradient for X."""
    gen = generator(709)
    with Judge(learner, "transformer_layer") as judge:
        for norm_first in (False, True):
            X, params = randn(gen, 8, 4, dtype=torch.float64), layer_params(gen, 8, 16, torch.float64)
            judge.expect_grad("transformer_layer", (X, params, 2), {"norm_first": norm_first}, [0],
                              tol=layer_tol(8, 16, 4).scaled(4.0), seed=9 + norm_first)


FLOAT64 = 2.0 ** -29  # float64's unit roundoff (2^-53) over float32's (2^-24): turns a float32 bound into float64's


@pytest.mark.grades("layer_norm")
def test_layer_norm_float64_precision(learner):
    """float64 columns are normalised in float64: ``layer_norm_tol`` with float64's unit roundoff 2^-53 in place of
    float32's, so a float32 path inside fails. Random shapes and eps, batched, N = 1."""
    gen = generator(711)
    with Judge(learner, "transformer_layer") as judge:
        for batch, dim, n in (((), 6, 5), ((2,), 16, 1), ((2, 3), 5, 4), ((), 32, 7)):
            X = randn(gen, *batch, dim, n, dtype=torch.float64, scale=2.0)
            gamma, beta = norm_params(gen, dim, torch.float64)
            eps = 10 ** float(-6 + 4 * torch.rand((), generator=gen))
            judge.expect("layer_norm", X, gamma, beta, eps=eps,
                         tol=layer_norm_tol(X, gamma, beta, eps).scaled(FLOAT64))


@pytest.mark.grades("transformer_layer")
def test_layer_queries_that_see_no_key(learner):
    """A token whose mask column is all False sees no key: its attention output is bo (zero weights), and the layer
    goes on from there — post-LN and pre-LN, float32 and float64, random masks with fully hidden queries (the clause
    of scaled_dot_product_attention, inherited by the layer)."""
    gen = generator(712)
    with Judge(learner, "transformer_layer") as judge:
        for case, (batch, dim, heads, hidden, n) in enumerate(LAYER_SHAPES[:3] * 2):
            dtype = (torch.float32, torch.float64)[case % 2]
            n = max(n, 2)
            mask = torch.rand(*batch, n, n, generator=gen) < 0.6
            mask[..., int(torch.randint(0, n, (), generator=gen))] = False              # a query that sees nothing
            judge.expect("transformer_layer", randn(gen, *batch, dim, n, dtype=dtype),
                         layer_params(gen, dim, hidden, dtype), heads, mask, case >= 3, tol=layer_tol(dim, hidden, n))


@pytest.mark.grades("feed_forward")
def test_feed_forward_float64_precision(learner):
    """float64 inputs and weights are computed in float64: ``feed_forward_tol`` with float64's unit roundoff 2^-53
    in place of float32's (so float32 torch modules, or a .float() inside, fail). Batched, F != D, N = 1."""
    gen = generator(713)
    with Judge(learner, "transformer_layer") as judge:
        for batch, dim, hidden, n in (((), 4, 8, 5), ((2,), 6, 3, 1), ((2, 2), 8, 32, 3)):
            p = layer_params(gen, dim, hidden, torch.float64)
            args = (randn(gen, *batch, dim, n, dtype=torch.float64), p["W1"], p["b1"], p["W2"], p["b2"])
            judge.expect("feed_forward", *args, tol=feed_forward_tol(*args).scaled(FLOAT64))


@pytest.mark.grades("transformer_layer")
def test_layer_float64_precision(learner):
    """The whole layer in float64 is computed in float64 (``layer_tol`` with float64's unit roundoff 2^-53): post-LN
    and pre-LN, with and without a causal mask, H = 1 and H = D."""
    gen = generator(714)
    with Judge(learner, "transformer_layer") as judge:
        for index, (batch, dim, heads, hidden, n) in enumerate(LAYER_SHAPES):
            mask = torch.ones(n, n, dtype=torch.bool).triu() if index % 2 else None
            judge.expect("transformer_layer", randn(gen, *batch, dim, n, dtype=torch.float64),
                         layer_params(gen, dim, hidden, torch.float64), heads, mask, index >= 2,
                         tol=layer_tol(dim, hidden, n).scaled(FLOAT64))


@pytest.mark.grades("transformer_layer")
def test_layer_hidden_keys_with_large_scores(learner):
    """Tokens hidden from every query by a padding mask, scaled by 1000 so that their scores as keys dwarf the
    visible ones: they still get weight exactly 0 (a mask applied after the softmax underflows there), and the
    visible tokens' outputs are the reference's. Post-LN and pre-LN, float32 and float64; only the visible tokens'
    outputs are compared (a hidden token's own output grows with its size)."""
    gen = generator(715)
    with Judge(learner, "transformer_layer") as judge:
        for case, (batch, dim, heads, hidden, n) in enumerate(LAYER_SHAPES[:3] * 2):
            dtype = (torch.float32, torch.float64)[case % 2]
            b, n = 2, max(n, 3)
            lengths = torch.tensor([1, n - 1])
            visible = torch.arange(n)[None, :] < lengths[:, None]                      # (B, N)
            X = randn(gen, b, dim, n)
            X = torch.where(visible[:, None, :], X, 1000 * X).to(dtype)
            params = layer_params(gen, dim, hidden, dtype)
            out = judge.call("transformer_layer", X, params, heads, visible[:, :, None], case >= 3,
                             tol=layer_tol(dim, hidden, n))
            if judge.last_has_expected_form():
                want = judge.expected[-1]
                judge.require_close(out[0, :, :1], want[0, :, :1], layer_tol(dim, hidden, n),
                                    "with a padding mask, the outputs of the visible tokens changed when the hidden "
                                    "tokens carry large scores: hidden keys must get weight exactly 0 (mask the "
                                    "scores with -inf before the softmax)")
                judge.require_close(out[1, :, : n - 1], want[1, :, : n - 1], layer_tol(dim, hidden, n),
                                    "with a padding mask, the outputs of the visible tokens changed when the hidden "
                                    "tokens carry large scores: hidden keys must get weight exactly 0 (mask the "
                                    "scores with -inf before the softmax)")
