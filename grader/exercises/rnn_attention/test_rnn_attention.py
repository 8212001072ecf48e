"""Hidden checks: ``additive_attention``, ``attention_decoder_step`` and ``grid_attention`` (``gru_step`` carries no
points of its own: it is graded through the decoder step).

Tolerances are float32 error bounds computed from the actual inputs (u = 2^-24), four times the bound:

- additive attention (``additive_tol``): the pre-activation W s + U h_i is a dot product of length D_s + D_h, off by
  (D_s + D_h + 1)·u·(|W||s| + |U||h_i|) absolute; tanh is 1-Lipschitz and adds 2u; the score vᵀ tanh(·) adds
  D_a·u·|v|₁ and carries |v|₁ times the tanh error, giving e_s. The softmax over N turns an absolute score error
  e_s into a relative weight error 2·e_s, plus (2·max|e| + N + 3)·u of its own (see test_softmax.py); the context
  H·a adds N·u relative, times max|H|.
- the decoder step (``decoder_tol``): the GRU's pre-activations are dot products of length E + D_h (input) and D_s
  (state), off by (E + D_h + D_s + 2)·u times their magnitude, plus the context error through the context columns
  of weight_ih; tanh is 1-Lipschitz and σ is 1/4-Lipschitz, and h' = (1 - z) n + z h carries the update gate's
  error times |n| + |h| and the reset gate's times |W_hn h + b_hn| (it multiplies that); the read-out
  W_out [s; c] + b_out is a dot product of length D_s + D_h, plus max_row Σ|W_out| times the state and context
  errors.
Float64 inputs must give float64 outputs held to the same float32-based tolerance.
"""
import pytest
import torch

from grader.clauses import Case, Spec, clause_checks
from grader.diagnose import U32
from grader.judge import Judge, Tolerance, generator, randn
from reference._shapes import broadcast_shapes


def additive_error(s, H, W, U, v) -> tuple[float, float]:
    """(absolute score error e_s, relative weight error) of float32 additive attention on these inputs."""
    s, H, W, U, v = (t.double() for t in (s, H, W, U, v))
    magnitude = (s.abs() @ W.abs().T).unsqueeze(-1) + U.abs() @ H.abs()            # (..., D_a, N)
    pre = U @ H + (s @ W.T).unsqueeze(-1)
    pre_error = (W.shape[1] + U.shape[1] + 1) * U32 * magnitude
    # through tanh: an error d at x moves tanh by at most d sech^2(|x| - d) (small where tanh saturates), and tanh
    # itself rounds; then the dot product with v
    tanh_error = pre_error / torch.cosh((pre.abs() - pre_error).clamp_min(0)) ** 2 + 2 * U32
    v_sum = float(v.abs().sum())
    score_error = float((v.abs().unsqueeze(-1) * tanh_error).sum(-2).max()) + v_sum * W.shape[0] * U32
    scores = torch.tanh(pre).transpose(-2, -1) @ v       # (..., N)
    weight_error = 2 * score_error + (2 * float(scores.abs().max()) + H.shape[-1] + 3) * U32
    return score_error, weight_error


def additive_tol(s, H, W, U, v) -> Tolerance:
    """Four times the bound of the module docstring, relative to max(1, max|H|)."""
    _, weight_error = additive_error(s, H, W, U, v)
    bound = 4 * (weight_error + H.shape[-1] * U32)
    return Tolerance(rtol=bound, atol=bound * max(1.0, float(H.abs().max())))


def grid_tol(s, features, W, U, v) -> Tolerance:
    return additive_tol(s, features.flatten(-2), W, U, v)


def decoder_tol(s_prev, y_prev, H, params) -> Tolerance:
    """Four times the bound of the module docstring (absolute, on all three outputs)."""
    p = {key: value.double() for key, value in params.items()}
    s, y, H = s_prev.double(), y_prev.double(), H.double()
    context_error = additive_tol(s_prev, H, p["W"], p["U"], p["v"]).atol / 4
    weights = torch.softmax((torch.tanh(p["U"] @ H + (s @ p["W"].T).unsqueeze(-1)).transpose(-2, -1) @ p["v"]), -1)
    context = (H @ weights.unsqueeze(-1)).squeeze(-1)
    batch = broadcast_shapes(y.shape[:-1], context.shape[:-1])
    x = torch.cat([y.expand(*batch, -1), context.expand(*batch, -1)], dim=-1)
    embed, d_s = y.shape[-1], s.shape[-1]
    magnitude = (x.abs() @ p["weight_ih"].abs().T + p["bias_ih"].abs() + s.abs() @ p["weight_hh"].abs().T
                 + p["bias_hh"].abs())
    context_rows = float(p["weight_ih"][:, embed:].abs().sum(dim=1).max())
    pre_error = (x.shape[-1] + d_s + 2) * U32 * float(magnitude.max()) + context_rows * context_error
    hidden_new = float((s @ p["weight_hh"][2 * d_s:].T + p["bias_hh"][2 * d_s:]).abs().max())
    # ∂h'/∂n ≤ 1; through the gates σ' ≤ 1/4, times |W_hn h + b_hn| (reset) and |h| + |n| ≤ |h| + 1 (update)
    state_error = pre_error * (1.25 + (hidden_new + float(s.abs().max())) / 4) + 4 * U32 * (1 + float(s.abs().max()))
    out_rows = float(p["W_out"].abs().sum(dim=1).max())
    readout = (d_s + H.shape[-2] + 1) * U32 * out_rows * max(1.0, float(H.abs().max())) + out_rows * max(
        state_error, context_error)
    bound = 4 * max(state_error, readout, context_error)
    return Tolerance(rtol=bound, atol=bound)


def attention_weights(gen, d_a, d_s, d_h, dtype=torch.float32):
    """W (D_a, D_s), U (D_a, D_h) with entries of variance 1/fan-in, v (D_a,) of size about 1."""
    return (randn(gen, d_a, d_s, dtype=dtype, scale=d_s ** -0.5), randn(gen, d_a, d_h, dtype=dtype, scale=d_h ** -0.5),
            randn(gen, d_a, dtype=dtype, scale=1.5))


def decoder_params(gen, d_s, d_h, d_a, embed, vocab, dtype=torch.float32) -> dict[str, torch.Tensor]:
    W, U, v = attention_weights(gen, d_a, d_s, d_h, dtype)
    fan_in = embed + d_h
    return {"W": W, "U": U, "v": v,
            "weight_ih": randn(gen, 3 * d_s, fan_in, dtype=dtype, scale=fan_in ** -0.5),
            "weight_hh": randn(gen, 3 * d_s, d_s, dtype=dtype, scale=d_s ** -0.5),
            "bias_ih": randn(gen, 3 * d_s, dtype=dtype, scale=0.5),
            "bias_hh": randn(gen, 3 * d_s, dtype=dtype, scale=0.5),
            "W_out": randn(gen, vocab, d_s + d_h, dtype=dtype, scale=(d_s + d_h) ** -0.5),
            "b_out": randn(gen, vocab, dtype=dtype, scale=0.5)}


def randint(gen, low: int, high: int) -> int:
    """A random integer in [low, high]."""
    return int(torch.randint(low, high + 1, (), generator=gen))


def expect_additive(judge: Judge, s, H, W, U, v, mask=None):
    args = (s, H, W, U, v) if mask is None else (s, H, W, U, v, mask)
    return judge.expect("additive_attention", *args, tol=additive_tol(s, H, W, U, v))


# (batch of s, batch of H, D_s, D_h, D_a, N): unbatched, batched, only s or only H batched (broadcast), N = 1,
# D_a = 1, D_s != D_h
ADDITIVE_SHAPES = [((), (), 4, 5, 6, 7), ((3,), (3,), 3, 3, 4, 5), ((2,), (), 5, 2, 3, 6), ((), (4,), 2, 6, 5, 3),
                   ((2, 3), (2, 3), 4, 4, 2, 4), ((), (), 3, 2, 4, 1), ((2,), (2,), 1, 3, 1, 8)]


@pytest.mark.grades("additive_attention", weight=2)
def test_additive_random_shapes(learner):
    """Weights (..., N) and context (..., D_h) match the reference over many shapes: unbatched, batched, a batch of
    decoder states over one encoder sequence and the reverse, N = 1, D_a = 1, and 4 random shapes."""
    gen = generator(1401)
    with Judge(learner, "rnn_attention") as judge:
        shapes = list(ADDITIVE_SHAPES)
        for _ in range(4):
            batch = (randint(gen, 1, 4),)
            shapes.append((batch, batch, *(randint(gen, 1, 9) for _ in range(4))))
        for s_batch, h_batch, d_s, d_h, d_a, n in shapes:
            expect_additive(judge, randn(gen, *s_batch, d_s), randn(gen, *h_batch, d_h, n),
                            *attention_weights(gen, d_a, d_s, d_h))


# (batch of s, batch of H, batch of the mask or None): the leading axes of s and H broadcast against each other —
# sizes 1 against n, a different number of axes (a grid of states against a batch of sequences) — and a mask carries
# the batch axes of s alone or of H alone.
ADDITIVE_BROADCAST = [((2, 1), (3,), None), ((1,), (4,), None), ((3,), (1,), None), ((2,), (), (2,)),
                      ((), (3,), (3,)), ((2, 1), (3,), (3,))]


@pytest.mark.grades("additive_attention")
def test_additive_batch_axes_broadcast(learner):
    """Leading axes broadcast between s and H, as the contract says: (2, 1) states against (3,) sequences give
    (2, 3) weights and contexts, size 1 against n either way, and masks (..., N) whose batch axes are those of the
    states alone or of the sequences alone."""
    gen = generator(1407)
    with Judge(learner, "rnn_attention") as judge:
        for s_batch, h_batch, mask_batch in ADDITIVE_BROADCAST:
            d_s, d_h, d_a, n = randint(gen, 2, 5), randint(gen, 2, 5), randint(gen, 2, 5), randint(gen, 3, 6)
            mask = None
            if mask_batch is not None:
                mask = torch.rand(*mask_batch, n, generator=gen) < 0.6
                mask[..., 0] = True
            expect_additive(judge, randn(gen, *s_batch, d_s), randn(gen, *h_batch, d_h, n),
                            *attention_weights(gen, d_a, d_s, d_h), mask)


@pytest.mark.grades("additive_attention")
def test_additive_float64(learner):
    """float64 inputs give float64 weights and context."""
    gen = generator(1402)
    with Judge(learner, "rnn_attention") as judge:
        for s_batch, h_batch, d_s, d_h, d_a, n in ADDITIVE_SHAPES[1:4]:
            f64 = torch.float64
            expect_additive(judge, randn(gen, *s_batch, d_s, dtype=f64), randn(gen, *h_batch, d_h, n, dtype=f64),
                            *attention_weights(gen, d_a, d_s, d_h, f64))


@pytest.mark.grades("additive_attention", weight=2)
def test_additive_masks(learner):
    """Padding masks (B, N) from random lengths, one mask (N,) shared by a batch, and random masks where one decoder
    state sees no position at all (its weights and context must be all zeros, not NaN); float32 and float64; hidden
    positions whose scores are far above the visible ones'."""
    gen = generator(1403)
    with Judge(learner, "rnn_attention") as judge:
        for dtype in (torch.float32, torch.float64):
            lengths = torch.tensor([1, 4, 6])
            padding = torch.arange(6)[None, :] < lengths[:, None]
            expect_additive(judge, randn(gen, 3, 4, dtype=dtype), randn(gen, 3, 5, 6, dtype=dtype),
                            *attention_weights(gen, 3, 4, 5, dtype), padding)
            shared = torch.tensor([True, False, True, True, False])
            expect_additive(judge, randn(gen, 2, 3, dtype=dtype), randn(gen, 2, 4, 5, dtype=dtype),
                            *attention_weights(gen, 6, 3, 4, dtype), shared)
            random = torch.rand(4, 7, generator=gen) < 0.5
            random[1] = False
            random[2, 0] = True
            expect_additive(judge, randn(gen, 4, 5, dtype=dtype), randn(gen, 4, 3, 7, dtype=dtype),
                            *attention_weights(gen, 4, 5, 3, dtype), random)
        # The best-scoring half of the positions hidden, their scores hundreds above the visible ones (v large): a
        # softmax shifted by the maximum over every position, hidden ones included, underflows every visible weight.
        s, H = randn(gen, 3, 4), randn(gen, 3, 5, 8)
        W, U, v = attention_weights(gen, 6, 4, 5)
        v = 300 * v
        scores = (v[:, None] * torch.tanh(U @ H + W @ s.unsqueeze(-1))).sum(dim=-2)          # (3, 8)
        expect_additive(judge, s, H, W, U, v, scores < scores.median(dim=-1, keepdim=True).values)


@pytest.mark.grades("additive_attention")
def test_additive_weights_are_a_distribution(learner):
    """Each decoder state's weights are non-negative and sum to 1 over the encoder positions, and the context is the
    weighted sum H·weights of the encoder states (checked on the learner's own outputs)."""
    gen = generator(1404)
    with Judge(learner, "rnn_attention") as judge:
        for s_batch, h_batch, d_s, d_h, d_a, n in ADDITIVE_SHAPES[:5]:
            s, H = randn(gen, *s_batch, d_s), randn(gen, *h_batch, d_h, n)
            W, U, v = attention_weights(gen, d_a, d_s, d_h)
            tol = additive_tol(s, H, W, U, v)
            result = judge.call("additive_attention", s, H, W, U, v, tol=tol)
            if not judge.last_has_expected_form():
                continue
            weights, context = (t.double() for t in result)
            judge.require(bool((weights >= 0).all()), "some additive attention weights are negative")
            judge.require(bool(((weights.sum(dim=-1) - 1).abs() <= 1e-5).all()),
                          "the weights of a decoder state do not sum to 1 over the encoder positions: the softmax "
                          "must run over the N positions (the last axis of the weights)")
            judge.require_close(context, (H.double() @ weights.unsqueeze(-1)).squeeze(-1), tol,
                                "the context is not Σ_i weights_i h_i, the weighted sum of the encoder states")


@pytest.mark.grades("additive_attention")
def test_additive_permuting_positions(learner):
    """Permuting the encoder positions (the columns of H) permutes the weights the same way and leaves the context
    unchanged: attention by itself knows no order."""
    gen = generator(1405)
    with Judge(learner, "rnn_attention") as judge:
        s, H = randn(gen, 2, 4), randn(gen, 2, 3, 6)
        W, U, v = attention_weights(gen, 5, 4, 3)
        perm = torch.randperm(6, generator=gen)
        tol = additive_tol(s, H, W, U, v)
        before = judge.expect("additive_attention", s, H, W, U, v, tol=tol)
        if not judge.last_has_expected_form():
            return
        after = judge.call("additive_attention", s, H[..., perm], W, U, v, tol=tol)
        if judge.last_has_expected_form():
            judge.require_close(after[0], before[0][..., perm], tol, "permuting the encoder states did not permute "
                                "the weights the same way")
            judge.require_close(after[1], before[1], tol, "permuting the encoder states changed the context")


@pytest.mark.grades("additive_attention")
def test_additive_gradients(learner):
    """Autograd through the weights gives the reference's gradients for s, H, W, U and v (float64 inputs; the
    float32 bound, eight times: we accept float32 internals); also with a mask under which one of three states sees
    no position (its weights are constant zeros: no NaN may reach any input)."""
    gen = generator(1406)
    with Judge(learner, "rnn_attention") as judge:
        for s_batch, h_batch, d_s, d_h, d_a, n in (((), (), 3, 4, 5, 6), ((2,), (2,), 4, 3, 3, 5)):
            f64 = torch.float64
            args = (randn(gen, *s_batch, d_s, dtype=f64), randn(gen, *h_batch, d_h, n, dtype=f64),
                    *attention_weights(gen, d_a, d_s, d_h, f64))
            judge.expect_grad("additive_attention", args, {}, [0, 1, 2, 3, 4],
                              tol=additive_tol(*args).scaled(8.0), seed=n)
        blind = torch.arange(5)[None, :] < torch.tensor([3, 0, 5])[:, None]             # state 1 sees nothing
        args = (randn(gen, 3, 4, dtype=torch.float64), randn(gen, 3, 3, 5, dtype=torch.float64),
                *attention_weights(gen, 4, 4, 3, torch.float64), blind)
        judge.expect_grad("additive_attention", args, {}, [0, 1, 2, 3, 4], tol=additive_tol(*args[:5]).scaled(8.0),
                          seed=11)


def decoder_inputs(gen, batch, h_batch, d_s, d_h, d_a, embed, vocab, n, dtype=torch.float32):
    """(s_prev, y_prev, H, params); the states s_prev and H lie in (-1, 1), as a GRU's states do."""
    return (torch.tanh(randn(gen, *batch, d_s, dtype=dtype, scale=1.5)), randn(gen, *batch, embed, dtype=dtype),
            torch.tanh(randn(gen, *h_batch, d_h, n, dtype=dtype, scale=1.5)),
            decoder_params(gen, d_s, d_h, d_a, embed, vocab, dtype))


def expect_step(judge: Judge, s_prev, y_prev, H, params, mask=None):
    args = (s_prev, y_prev, H, params) if mask is None else (s_prev, y_prev, H, params, mask)
    return judge.expect("attention_decoder_step", *args, tol=decoder_tol(s_prev, y_prev, H, params))


# (batch of s and y, batch of H, D_s, D_h, D_a, E, V, N)
DECODER_SHAPES = [((), (), 4, 5, 3, 2, 7, 6), ((3,), (3,), 3, 4, 5, 3, 5, 4), ((2,), (), 5, 3, 4, 4, 6, 5),
                  ((), (), 2, 2, 2, 1, 3, 1), ((2, 2), (2, 2), 3, 6, 4, 2, 4, 3)]


@pytest.mark.grades("attention_decoder_step", weight=2)
def test_decoder_step_random_shapes(learner):
    """The new state (..., D_s), the logits (..., V) and the weights (..., N) match the reference: unbatched,
    batched, a batch of states over one encoder sequence, N = 1, one y_prev shared by a batch of states (leading axes
    broadcast), and 3 random shapes (D_s, D_h, E, V all differ)."""
    gen = generator(1411)
    with Judge(learner, "rnn_attention") as judge:
        shapes = list(DECODER_SHAPES)
        for _ in range(3):
            batch = (randint(gen, 1, 3),)
            shapes.append((batch, batch, *(randint(gen, 1, 7) for _ in range(6))))
        for shape in shapes:
            expect_step(judge, *decoder_inputs(gen, *shape))
        s_prev, y_prev, H, params = decoder_inputs(gen, (3,), (3,), 4, 5, 3, 2, 7, 6)
        expect_step(judge, s_prev, y_prev[0], H, params)        # one start-token embedding for the whole batch


# (batch of s_prev, batch of y_prev, batch of H, with a mask): the leading axes of the three inputs broadcast — only
# the encoder states batched, (2, 1) states against (3,) sequences, size 1 against n — and a padding mask with the
# batch of the encoder states. y_prev's batch axes never reach beyond those of s_prev and H.
DECODER_BROADCAST = [((), (), (3,), False), ((2, 1), (1,), (3,), False), ((1,), (3,), (3,), False),
                     ((3,), (), (1,), False), ((), (), (3,), True)]


@pytest.mark.grades("attention_decoder_step")
def test_decoder_step_batch_axes_broadcast(learner):
    """Leading axes broadcast between s_prev, y_prev and H: one state over a batch of encoder sequences (with and
    without a padding mask of their lengths), (2, 1) states against (3,) sequences, and size 1 against n."""
    gen = generator(1415)
    with Judge(learner, "rnn_attention") as judge:
        for s_batch, y_batch, h_batch, masked in DECODER_BROADCAST:
            d_s, d_h, d_a, embed, vocab, n = 3, 4, 5, 2, 6, 5
            s_prev, _, H, params = decoder_inputs(gen, s_batch, h_batch, d_s, d_h, d_a, embed, vocab, n)
            y_prev = randn(gen, *y_batch, embed)
            if masked:
                lengths = torch.randint(1, n + 1, h_batch, generator=gen)
                expect_step(judge, s_prev, y_prev, H, params, torch.arange(n) < lengths[..., None])
            else:
                expect_step(judge, s_prev, y_prev, H, params)


@pytest.mark.grades("attention_decoder_step")
def test_decoder_step_float64_and_masks(learner):
    """float64 inputs give float64 outputs; a padding mask (B, N) hides positions (one state sees none: its context
    is zero and the GRU still runs)."""
    gen = generator(1412)
    with Judge(learner, "rnn_attention") as judge:
        expect_step(judge, *decoder_inputs(gen, (2,), (2,), 4, 3, 5, 2, 6, 5, torch.float64))
        for dtype in (torch.float32, torch.float64):
            mask = torch.arange(5)[None, :] < torch.tensor([2, 0, 5])[:, None]
            expect_step(judge, *decoder_inputs(gen, (3,), (3,), 3, 4, 4, 3, 5, 5, dtype), mask)


@pytest.mark.grades("attention_decoder_step")
def test_decoder_greedy_decoding(learner):
    """Five steps of greedy decoding, feeding each step the reference's state and the embedding of the arg-max
    token: every step's state, logits and weights match (a whole decoding loop works)."""
    from reference.rnn_attention import attention_decoder_step

    gen = generator(1413)
    with Judge(learner, "rnn_attention") as judge:
        s, _, H, params = decoder_inputs(gen, (2,), (2,), 4, 5, 3, 3, 6, 7)
        embedding = randn(gen, 6, 3)                                    # one row per output token
        y = embedding[torch.tensor([0, 0])]                               # the start token
        for _ in range(5):
            expect_step(judge, s, y, H, params)
            s, logits, _ = attention_decoder_step(s, y, H, params)
            y = embedding[logits.argmax(dim=-1)]


@pytest.mark.grades("attention_decoder_step")
def test_decoder_step_gradients(learner):
    """Autograd through the new state gives the reference's gradients for s_prev, y_prev and H (float64 inputs;
    the float32 bound, eight times); also with the update gate saturated (its input biases at -1000, finite): its
    gradient is 0, where a sigmoid written as 1 / (1 + exp(-x)) overflows to NaN; and with a padding mask under which
    one state sees no encoder position (no NaN may reach any input)."""
    gen = generator(1414)
    with Judge(learner, "rnn_attention") as judge:
        for saturated, shape in ((False, ((), (), 3, 4, 2, 2, 5, 4)), (False, ((2,), (2,), 4, 3, 3, 2, 4, 5)),
                                 (True, ((), (), 3, 4, 2, 2, 5, 4))):
            args = decoder_inputs(gen, *shape, dtype=torch.float64)
            if saturated:
                d_s = shape[2]
                args[3]["bias_ih"] = args[3]["bias_ih"].clone()
                args[3]["bias_ih"][d_s:2 * d_s] = -1000.0
            judge.expect_grad("attention_decoder_step", args, {}, [0, 1, 2], tol=decoder_tol(*args).scaled(8.0),
                              seed=shape[-1])
        args = decoder_inputs(gen, (3,), (3,), 3, 4, 2, 2, 5, 4, dtype=torch.float64)
        blind = torch.arange(4)[None, :] < torch.tensor([2, 0, 4])[:, None]             # state 1 sees nothing
        judge.expect_grad("attention_decoder_step", (*args, blind), {}, [0, 1, 2], tol=decoder_tol(*args).scaled(8.0),
                          seed=12)


def grid_inputs(gen, batch, d_s, channels, height, width, d_a, dtype=torch.float32):
    return (randn(gen, *batch, d_s, dtype=dtype), randn(gen, *batch, channels, height, width, dtype=dtype),
            *attention_weights(gen, d_a, d_s, channels, dtype))


# (batch, D_s, C, H, W, D_a): square and not, one row, one column, one cell, C = 1, batched twice
GRID_SHAPES = [((), 4, 3, 3, 3, 5), ((2,), 3, 5, 2, 4, 4), ((), 2, 4, 1, 6, 3), ((3,), 5, 2, 5, 1, 2),
               ((), 3, 1, 1, 1, 2), ((2, 2), 2, 3, 3, 2, 4), ((), 3, 1, 4, 3, 3)]


@pytest.mark.grades("grid_attention", weight=2)
def test_grid_random_shapes(learner):
    """Weights (..., H, W) and context (..., C) match the reference on square and non-square grids, a single row,
    a single column, a single cell, C = 1 and batches; float32 and float64."""
    gen = generator(1421)
    with Judge(learner, "rnn_attention") as judge:
        for index, shape in enumerate(GRID_SHAPES):
            dtype = torch.float64 if index % 3 == 2 else torch.float32
            args = grid_inputs(gen, *shape, dtype=dtype)
            judge.expect("grid_attention", *args, tol=grid_tol(*args))


# (batch of s, batch of the features): the batch axes on the state only (one image, several states), on the
# features only, and broadcast both ways (sizes 1 against n, (2, 1) against (3,)).
GRID_BROADCAST = [((2,), ()), ((), (3,)), ((2, 1), (3,)), ((1,), (4,)), ((3,), (1,))]


@pytest.mark.grades("grid_attention")
def test_grid_batch_axes_broadcast(learner):
    """Leading axes broadcast between s and the features: several states over one feature grid, one state over a
    batch of grids, and (2, 1) against (3,), 1 against n: the weights (..., H, W) take the broadcast batch (not the
    features' batch alone)."""
    gen = generator(1424)
    with Judge(learner, "rnn_attention") as judge:
        for s_batch, f_batch in GRID_BROADCAST:
            # C (5 or 6) differs from every batch size, so that a failure reads as what it is (a batch problem)
            d_s, channels, height, width, d_a = 3, randint(gen, 5, 6), randint(gen, 2, 4), randint(gen, 2, 5), 4
            args = (randn(gen, *s_batch, d_s), randn(gen, *f_batch, channels, height, width),
                    *attention_weights(gen, d_a, d_s, channels))
            judge.expect("grid_attention", *args, tol=grid_tol(*args))


@pytest.mark.grades("grid_attention")
def test_grid_weights_cover_the_whole_grid(learner):
    """The weights sum to 1 over ALL cells of each grid (one softmax, not one per row or column), and transposing
    the grid transposes the weights and leaves the context unchanged."""
    gen = generator(1422)
    with Judge(learner, "rnn_attention") as judge:
        for shape in (((2,), 3, 4, 3, 5, 4), ((), 2, 3, 4, 2, 3)):
            s, features, W, U, v = grid_inputs(gen, *shape)
            tol = grid_tol(s, features, W, U, v)
            result = judge.call("grid_attention", s, features, W, U, v, tol=tol)
            if not judge.last_has_expected_form():
                continue
            weights = result[0].double()
            judge.require(bool(((weights.sum(dim=(-2, -1)) - 1).abs() <= 1e-5).all()),
                          "the weights do not sum to 1 over the whole grid: take ONE softmax over all H·W cells")
            flipped = judge.call("grid_attention", s, features.transpose(-2, -1), W, U, v, tol=tol)
            if judge.last_has_expected_form():
                judge.require_close(flipped[0], result[0].transpose(-2, -1), tol,
                                    "transposing the feature grid did not transpose the weights")
                judge.require_close(flipped[1], result[1], tol, "transposing the feature grid changed the context")


@pytest.mark.grades("grid_attention")
def test_grid_gradients(learner):
    """Autograd through the weights gives the reference's gradients for s and the features (float64 inputs; the
    float32 bound, eight times)."""
    gen = generator(1423)
    with Judge(learner, "rnn_attention") as judge:
        args = grid_inputs(gen, (2,), 3, 4, 3, 2, 5, dtype=torch.float64)
        judge.expect_grad("grid_attention", args, {}, [0, 1, 4], tol=grid_tol(*args).scaled(8.0), seed=3)


# ------------------------------------------------------------------ the contract's clauses (grader/clauses.py)

def state_mask(gen: torch.Generator, case: Case, n: int) -> torch.Tensor | None:
    """The (batch..., N) mask a case asks for, True = visible (a decoder state is the one query of a call; the
    mask_broadcast clause gives the mask batch axes of its own, `extra["mask_batch"]`):
    - "random": about 60 % visible, position 0 always;
    - "fully_masked_query": random, and the first state of the batch (and the last, when there are three or more)
      sees no position;
    - "no_key_visible": all False;
    - "all_visible": all True."""
    if case.mask is None:
        return None
    batch = case.extra.get("mask_batch", case.batch)
    mask = torch.rand(*batch, n, generator=gen) < 0.6
    mask[..., 0] = True
    if case.mask in ("no_key_visible", "all_visible"):
        mask[...] = case.mask == "all_visible"
    if case.mask == "fully_masked_query":
        states = mask.view(-1, n)
        states[0] = False
        if states.shape[0] > 2:
            states[-1] = False
    return mask


def additive_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    d_s, d_h, d_a = case.dim, case.dim - 2, case.dim + 1
    # large s and H: W s and U H both past tanh's saturation (where tanh(a + b) from tanh a and tanh b is 0/0)
    s = torch.tanh(randn(gen, *case.batch, d_s, dtype=case.dtype, scale=1.5)) * case.scale
    H = torch.tanh(randn(gen, *case.batch, d_h, case.n_k, dtype=case.dtype, scale=1.5)) * case.scale
    W, U, v = attention_weights(gen, d_a, d_s, d_h, case.dtype)
    mask = state_mask(gen, case, case.n_k)
    args = (s, H, W, U, v * case.scale)               # large v: scores of thousands, which an unshifted exp overflows
    return (args if mask is None else (*args, mask)), {}


def grid_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    d_s, channels, d_a = case.dim, case.dim - 3, case.dim
    s = torch.tanh(randn(gen, *case.batch, d_s, dtype=case.dtype, scale=1.5))
    features = randn(gen, *case.batch, channels, case.n_q, case.n_k, dtype=case.dtype, scale=case.scale)
    W, U, v = attention_weights(gen, d_a, d_s, channels, case.dtype)
    return (s, features, W, U, v * case.scale), {}


def step_clause_inputs(gen: torch.Generator, case: Case) -> tuple[tuple, dict]:
    s_prev, y_prev, H, params = decoder_inputs(gen, case.batch, case.batch, case.dim, case.dim - 2, case.dim, 5, 11,
                                               case.n_k, case.dtype)
    mask = state_mask(gen, case, case.n_k)
    # large v: scores of thousands; large H: a context, and so GRU pre-activations, of hundreds
    args = (s_prev, y_prev, H * case.scale, {**params, "v": params["v"] * case.scale})
    return (args if mask is None else (*args, mask)), {}


SPECS = {
    "additive_attention": Spec(additive_clause_inputs, lambda args, kwargs: additive_tol(*args[:5]),
                               ("batching", "single_token", "float64", "large_magnitudes", "broadcast_batch",
                                "fully_masked_query", "mask_broadcast")),
    "grid_attention": Spec(grid_clause_inputs, lambda args, kwargs: grid_tol(*args),
                           ("batching", "single_token", "float64", "large_magnitudes", "broadcast_batch")),
    "attention_decoder_step": Spec(step_clause_inputs, lambda args, kwargs: decoder_tol(*args[:4]),
                                   ("batching", "single_token", "float64", "large_magnitudes", "broadcast_batch",
                                    "fully_masked_query", "mask_broadcast")),
}
globals().update(clause_checks("rnn_attention", SPECS))
