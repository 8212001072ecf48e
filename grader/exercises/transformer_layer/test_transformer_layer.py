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

from grader.clauses import FLOAT64_FROM_FLOAT32, Case, Spec, clause_checks, hide_large
from grader.clauses import random_mask as clause_mask
from grader.diagnose import Misconception, agree
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
    """Each column normalised to mean 0 and biased variance 1, then γ·x + β; batched, N = 1, float32 and float64;
    and one feature (D = 1: every column is its own mean, so the output is β; an edge the contract leaves open,
    where raising is accepted, as torch's instance_norm does, but a result must be β)."""
    gen = generator(701)
    with Judge(learner, "transformer_layer") as judge:
        for batch, dim, n, dtype in (((), 6, 5, torch.float32), ((2,), 4, 1, torch.float32),
                                     ((2, 3), 16, 3, torch.float32), ((), 32, 4, torch.float64)):
            expect_layer_norm(judge, randn(gen, *batch, dim, n, dtype=dtype, scale=2.0), *norm_params(gen, dim, dtype))
        X, (gamma, beta) = randn(gen, 2, 1, 3, scale=2.0), norm_params(gen, 1)
        judge.expect_if_returns("layer_norm", X, gamma, beta, tol=layer_norm_tol(X, gamma, beta))


@pytest.mark.grades("layer_norm")
def test_layer_norm_outlier_features(learner):
    """Wide columns (D = 256 and 1,024, as model widths are) in which one feature stands far out, as the outlier
    features of large language models do: its normalised value reaches about sqrt(D - 1), 16 and 32 here, and is
    kept (no clamp to a range, no cap); float32 and float64."""
    gen = generator(711)
    with Judge(learner, "transformer_layer") as judge:
        for dim, dtype in ((256, torch.float32), (1024, torch.float64)):
            X = randn(gen, 2, dim, 3, dtype=dtype)
            X[..., 7, :] += 1e3                             # one outlier feature in every column
            expect_layer_norm(judge, X, *norm_params(gen, dim, dtype))
        pairs = list(zip((observation.result for observation in judge.observations), judge.expected))
        if judge.problems and all(isinstance(got, torch.Tensor) and got.shape == want.shape for got, want in pairs):
            others = [torch.cat([got[..., :7, :], got[..., 8:, :]], dim=-2)
                      - torch.cat([want[..., :7, :], want[..., 8:, :]], dim=-2) for got, want in pairs]
            if all(bool((difference.abs() <= 1e-5 * (1 + want.abs().max())).all())   # the other features: as exact
                   for difference, (_, want) in zip(others, pairs)):                     # as float32 allows
                raise Misconception("normalised_values_bounded", "Your layer norm is right except at an outlier "
                                    "feature, whose normalised value (about sqrt(D - 1), 16 for D = 256) it cuts "
                                    "short: a clamp or a cap on the normalised values (or on the output). Large "
                                    "models have such outlier features, and their size is information: normalise "
                                    "without bounding, (x - mean) / sqrt(var + eps).", judge.problems[0])


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
    comparable to sqrt(eps), where eps changes the result; on float64 such columns, the default eps and a given one,
    held to float64 accuracy; eps=0.0 given (no smoothing) on columns of spread 1e-3."""
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
        # float64 columns of that spread, eps at its default and given: eps enters in float64 (a float32 constant,
        # torch.tensor(1e-5), is off by 2.5e-9 relative, which such columns show at float64's accuracy)
        for eps in (None, 1e-3):
            X = randn(gen, 2, 8, 5, dtype=torch.float64, scale=(eps or 1e-5) ** 0.5)
            gamma, beta = norm_params(gen, 8, torch.float64)
            kwargs = {} if eps is None else {"eps": eps}
            judge.expect("layer_norm", X, gamma, beta, **kwargs,
                         tol=layer_norm_tol(X, gamma, beta, eps or 1e-5).scaled(FLOAT64_FROM_FLOAT32))
        # eps=0.0 given: no smoothing (not the default read into a falsy 0), on columns of spread 1e-3
        X = randn(gen, 6, 4, scale=1e-3)
        gamma, beta = norm_params(gen, 6)
        before = len(judge.problems)
        got = judge.expect("layer_norm", X, gamma, beta, eps=0.0, tol=layer_norm_tol(X, gamma, beta, 0.0))
        if len(judge.problems) > before == 0 and agree(got, judge.run_reference("layer_norm", (X, gamma, beta), {}),
                                                       layer_norm_tol(X, gamma, beta)):
            raise Misconception("explicit_zero_ignored", "Your layer_norm is right for every eps but eps=0.0, where it "
                                "smooths as if eps were left out: `eps = eps or 1e-5` reads 0 as missing, since 0 is "
                                "falsy. Use eps as given (the signature already holds the default).",
                                judge.problems[-1])


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
# (batch, D, H, F, N); F a multiple of D, F = D, and F no multiple of D, wider (10 for 6) and narrower (5 for 8) than
# the model (a loop over chunks of D hidden units drops the rest); the first three run pre-LN too
LAYER_SHAPES = [((), 8, 2, 16, 5), ((2,), 6, 1, 10, 4), ((), 4, 4, 8, 3), ((2,), 8, 4, 32, 1), ((), 6, 2, 6, 4),
                ((), 8, 2, 5, 3)]


@pytest.mark.grades("transformer_layer", weight=2)
def test_post_ln_layer(learner):
    """post-LN (the default): X ← LN1(X + MHA(X)); X ← LN2(X + FFN(X)); H = 1, H = D, N = 1, batched, and an FFN
    as wide as the model (F = D: W1 and W2 square, b1 and b2 of one size, so neither is told apart by its shape), and
    FFN widths that are no multiple of D (10 for D = 6, 5 for D = 8)."""
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
def test_layer_with_a_padding_mask(learner):
    """A padding mask as masking.padding_mask gives it, (B, N, 1): it broadcasts over the queries, post-LN and
    pre-LN (a check that demands a square (..., N, N) mask rejects it)."""
    from reference.masking import padding_mask

    gen = generator(711)
    with Judge(learner, "transformer_layer") as judge:
        for norm_first in (False, True):
            judge.expect("transformer_layer", randn(gen, 2, 8, 5), layer_params(gen, 8, 16), 2,
                         padding_mask(torch.tensor([3, 5]), 5), norm_first, tol=layer_tol(8, 16, 5))


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
            before = judge.expect("transformer_layer", X, params, 2, causal, norm_first, tol=tol)
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
        base = judge.expect("transformer_layer", X, params, 2, tol=tol)
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


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)

def with_a_constant_column(X: torch.Tensor, case: Case) -> torch.Tensor:
    """For the constant_columns clause: X (..., D, N) with its first token's features all equal (zero variance), and
    its last token's all zero."""
    if not case.extra.get("constant_columns"):
        return X
    X = X.clone()
    X[..., :, 0] = X[..., :1, 0]
    X[..., :, -1] = 0.0
    return X


def layer_norm_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    X = randn(gen, *case.batch, case.dim, case.n_q, dtype=case.dtype, scale=2.0 * case.scale)
    return (with_a_constant_column(X, case), *norm_params(gen, case.dim, case.dtype)), {}


def feed_forward_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    p = layer_params(gen, case.dim, 2 * case.dim, case.dtype)
    X = randn(gen, *case.batch, case.dim, case.n_q, dtype=case.dtype, scale=case.scale)
    return (X, p["W1"], p["b1"], p["W2"], p["b2"]), {}


def layer_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    X = randn(gen, *case.batch, case.dim, case.n_q, dtype=case.dtype, scale=case.scale)
    mask = clause_mask(gen, case, case.n_q, case.n_q)
    X = hide_large(X, mask, case)
    norm_first = case.extra.get("norm_first", False)                     # each clause in both modes (Spec.modes)
    if case.mask == "hidden_keys_large" or case.scale > 1:
        norm_first = False          # pre-LN would normalise the enlarged tokens back before they become keys
    # small inputs keep both modes: pre-LN's first norm sees columns of tiny variance, where eps weighs most
    if case.extra.get("constant_columns"):
        X, norm_first = with_a_constant_column(X, case), True          # pre-LN: the first norm sees that token
    return (X, layer_params(gen, case.dim, 2 * case.dim, case.dtype), case.heads, mask, norm_first), {}


def layer_clause_tol(args: tuple, kwargs: dict) -> Tolerance:
    """``layer_tol`` scaled by the largest input column: inputs made large (hidden keys) keep the layers' relative
    error, so the bound grows with them."""
    X = args[0]
    return layer_tol(X.shape[-2], 2 * X.shape[-2], X.shape[-1]).scaled(max(1.0, float(X.abs().max()) / 4))


SPECS = {
    "layer_norm": Spec(layer_norm_inputs, lambda args, kwargs: layer_norm_tol(*args),
                       ("batching", "single_token", "float64", "large_magnitudes", "constant_columns")),
    "feed_forward": Spec(feed_forward_inputs, lambda args, kwargs: feed_forward_tol(*args),
                         ("batching", "single_token", "float64", "large_magnitudes")),  # ReLU has no cap (not ReLU6)
    "transformer_layer": Spec(layer_inputs, layer_clause_tol,
                              ("batching", "mask_broadcast", "single_token", "float64", "large_magnitudes",
                               "fully_masked_query", "hidden_keys_large", "one_head", "constant_columns"),
                              modes=({"norm_first": False}, {"norm_first": True})),
}
globals().update(clause_checks("transformer_layer", SPECS))
