"""Hidden checks: ``channel_attention`` (channels attend to channels within groups; default scale 1/sqrt(N)).

Tolerance (``channel_tol``, u = 2^-24), the attention bound of ``grader.judge.attention_tol`` with the roles of the
axes swapped: the C/G channels of a group are the tokens and their N values the features.

- projections Q, K, V are length-C products (C·u relative each); a score k_j·q_i·scale is a length-N dot product:
  e_s = (N + 2C)·u·max_ij(|k_j|·|q_i|)·scale absolute;
- weights: 2·e_s relative, plus the softmax's own (2·max|s| + C/G + 3)·u;
- rows of weightsᵀ V: the weights' error plus (C/G)·u for the length-C/G sums, times max|V|, four times, relative
  to max(1, max|V|);
- then W_o (length C): max_row Σ|W_o| times that, plus C·u·max_row Σ|W_o|·max|V|. Four times the whole.
"""
import pytest
import torch

from grader.clauses import Case, Spec, clause_checks
from grader.diagnose import U32
from grader.judge import Judge, Tolerance, attention_params, attention_tol, generator, randn


def channel_tol(X: torch.Tensor, params: dict, num_groups: int, scale: float | None = None) -> Tolerance:
    p = {key: value.double() for key, value in params.items()}
    C, N = X.shape[-2:]
    scale = N ** -0.5 if scale is None else scale

    def groups(which: str) -> torch.Tensor:
        projected = p[f"W{which}"] @ X.double() + p[f"b{which}"][:, None]
        return projected.unflatten(-2, (num_groups, C // num_groups))        # (..., G, C/G, N)

    Q, K, V = groups("q"), groups("k"), groups("v")
    # each group is attention with the N tokens as features: Q_gᵀ, K_gᵀ, V_gᵀ of (N, C/G), queries the channels
    head_error = attention_tol(Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1), extra=2 * C,
                               weights_known=True, scale=scale).atol
    row_sum = float(p["Wo"].abs().sum(dim=1).max())
    bound = row_sum * head_error + C * U32 * row_sum * float(V.abs().max())
    return Tolerance(rtol=4 * bound if bound < 1e-2 else 4 * C * U32, atol=4 * bound)   # as mha_tol's


def expect_channel(judge: Judge, X, params, num_groups, **kwargs):
    return judge.expect("channel_attention", X, params, num_groups, tol=channel_tol(X, params, num_groups,
                                                                                    kwargs.get("scale")), **kwargs)


# (leading axes, C, N, G): one group, one channel per group (G = C), N = 1, N < C and N > C, N = 49 (a 7x7 window)
# and N = 196 (a 14x14 stage), one and two leading axes
CASES = [((), 4, 6, 2), ((2,), 6, 5, 3), ((), 3, 1, 1), ((2, 3), 4, 7, 4), ((1,), 8, 49, 2), ((), 6, 196, 1),
         ((2,), 12, 3, 4), ((), 5, 5, 5)]


@pytest.mark.grades("channel_attention", weight=3)
def test_channel_attention_random_shapes(learner):
    """Random X (..., C, N) and weights, many shapes (one group, one channel per group, N = 1, N < C, N > C, N = 49
    and 196, one and two leading axes), float32 and float64, the default scale 1/sqrt(N)."""
    gen = generator(1501)
    with Judge(learner, "davit") as judge:
        for dtype in (torch.float32, torch.float64):
            for batch, C, N, G in CASES:
                expect_channel(judge, randn(gen, *batch, C, N, dtype=dtype), attention_params(gen, C, dtype), G)


@pytest.mark.grades("channel_attention")
def test_channel_attention_explicit_scale(learner):
    """The optional scale replaces 1/sqrt(N): the DaViT paper's 1/sqrt(C/G), a small and a large scale, and zero
    (every score 0: uniform weights within each group; a scale of 0 is a scale, not "the default")."""
    gen = generator(1502)
    with Judge(learner, "davit") as judge:
        for (batch, C, N, G), scale in zip(CASES[:6], (0.5, 0.05, 1.0, 2.0, None, 0.0)):
            scale = (C // G) ** -0.5 if scale is None else scale
            expect_channel(judge, randn(gen, *batch, C, N), attention_params(gen, C), G, scale=scale)


@pytest.mark.grades("channel_attention")
def test_permuting_tokens_permutes_the_output(learner):
    """Channel attention has no notion of token order: permuting the columns of X permutes the output's columns the
    same way (each channel's dot products run over all tokens)."""
    gen = generator(1503)
    with Judge(learner, "davit") as judge:
        for batch, C, N, G in (CASES[0], CASES[1], CASES[4]):
            X, params = randn(gen, *batch, C, N), attention_params(gen, C)
            permutation = torch.randperm(N, generator=gen)
            tol = channel_tol(X, params, G)
            output = expect_channel(judge, X, params, G)
            if not judge.last_has_expected_form():
                continue
            permuted = judge.call("channel_attention", X[..., permutation], params, G, tol=tol)
            if judge.last_has_expected_form():
                judge.require_close(permuted, output[..., permutation], tol.scaled(2.0),
                                    "permuting the tokens (columns of X) did not permute your output's columns alike: "
                                    "channel attention must treat every token the same way")


@pytest.mark.grades("channel_attention")
def test_groups_see_only_their_own_channels(learner):
    """With block-diagonal projections, changing the rows of X that feed one group changes only that group's output
    rows (before W_o, which is the identity here)."""
    gen = generator(1504)
    with Judge(learner, "davit") as judge:
        C, N, G = 6, 5, 3
        params = attention_params(gen, C)
        block = torch.block_diag(*[torch.ones(C // G, C // G)] * G)
        for key in ("Wq", "Wk", "Wv"):
            params[key] = params[key] * block
        params["Wo"], params["bo"] = torch.eye(C), torch.zeros(C)
        X = randn(gen, 2, C, N)
        Y = X.clone()
        Y[:, 2:4] += randn(gen, 2, 2, N)                                         # group 1's channels
        tol = channel_tol(X, params, G)
        before = expect_channel(judge, X, params, G)
        after = expect_channel(judge, Y, params, G)
        if judge.last_has_expected_form() and isinstance(before, torch.Tensor) and before.shape == after.shape:
            untouched = torch.tensor([True, True, False, False, True, True])
            judge.require_close(after[:, untouched], before[:, untouched], tol.scaled(2.0),
                                "changing the channels of group 1 changed the output of other groups: channels "
                                "attend only within their group (rows g*C/G ... (g+1)*C/G - 1)")


@pytest.mark.grades("channel_attention")
def test_channel_attention_gradients(learner):
    """Autograd through channel_attention gives the reference's gradient for X (float64, unbatched and batched):
    no step of the computation is cut off from autograd. (The weights sit in the params dict, which the grader
    differentiates through X only, as in the multi-head suite.)"""
    gen = generator(1505)
    with Judge(learner, "davit") as judge:
        for seed, (batch, C, N, G) in enumerate((CASES[0], CASES[1])):
            X, params = randn(gen, *batch, C, N, dtype=torch.float64), attention_params(gen, C, torch.float64)
            judge.expect_grad("channel_attention", (X, params, G), {}, [0], tol=channel_tol(X, params, G).scaled(8.0),
                              seed=30 + seed)


@pytest.mark.grades("channel_attention")
def test_channel_attention_rejects_invalid_inputs(learner):
    """ValueError when num_groups does not divide C, is 0, and when X has no tokens (N = 0) (wrong parameter shapes:
    ``test_channel_attention_rejects_bad_parameter_shapes``)."""
    gen = generator(1506)
    with Judge(learner, "davit") as judge:
        X, params = randn(gen, 6, 4), attention_params(gen, 6)
        expect_channel(judge, X, params, 3)
        judge.expect_value_error("channel_attention", X, params, 4, argument="num_groups (4 does not divide C=6)")
        judge.expect_value_error("channel_attention", X, params, 0, argument="num_groups (0)")
        judge.expect_value_error("channel_attention", randn(gen, 6, 0), params, 2, argument="X (N = 0 tokens)")


def bad_parameter_shapes(C: int) -> dict[str, list[tuple[int, ...]]]:
    """Two wrong shapes per parameter: each projection (1, C) — which broadcasts silently against a (C, N) result —
    and one with a row or a column too many or too few; each bias (1,) — which broadcasts silently too — and one too
    long, too short or a column (C, 1)."""
    return {"Wq": [(1, C), (C, C + 1)], "Wk": [(1, C), (C + 1, C)], "Wv": [(1, C), (C, C - 1)],
            "Wo": [(1, C), (C - 1, C)], "bq": [(1,), (C + 1,)], "bk": [(1,), (C - 1,)], "bv": [(1,), (C, 1)],
            "bo": [(1,), (2 * C,)]}


@pytest.mark.grades("channel_attention")
def test_channel_attention_rejects_bad_parameter_shapes(learner):
    """ValueError when a parameter's shape disagrees with X's C channels: every projection given as (1, C) and with a
    row or column too many or too few, every bias given as (1,) (both broadcast silently, so only a shape check
    catches them) and too long, too short or as a column (a valid call still works)."""
    gen = generator(1507)
    with Judge(learner, "davit") as judge:
        C, N, G = 6, 4, 3
        X, params = randn(gen, 2, C, N), attention_params(gen, C)
        expect_channel(judge, X, params, G)
        for name, shapes in bad_parameter_shapes(C).items():
            for shape in shapes:
                wrong = dict(params, **{name: randn(gen, *shape, scale=C ** -0.5)})
                judge.expect_value_error("channel_attention", X, wrong, G,
                                         argument=f"params[{name!r}] (shape {shape}, C = {C})")


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)

def channel_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    X = randn(gen, *case.batch, case.dim, case.n_q, dtype=case.dtype, scale=case.scale)
    return (X, attention_params(gen, case.dim, case.dtype), case.heads), {}


SPECS = {"channel_attention": Spec(channel_clause_inputs, lambda args, kwargs: channel_tol(*args),
                                   ("batching", "single_token", "float64", "large_magnitudes", "one_head"))}
globals().update(clause_checks("davit", SPECS))
