"""Ninety-fourth blind batch of held-out implementations (prefix blind93_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, README.md, course/registry.py, the
stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model
answers (solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_90.py) were only used for
their entry names, "Emphasis" paragraphs and header style (a script printed each header's Emphasis paragraph, and all
earlier names were collected into a list that was grepped by keyword). Nothing else under grader/ or tests/ was opened,
grepped or run, nor docs/grading.md, nor benchmarks/, nor the batches written at the same time (held_out_blind_91.py,
held_out_blind_92.py). One slip to report: listing tests/grader/ to find the batch files (`ls tests/grader/ | grep
held_out`) also showed the name of one other file there, test_probes_held_out_learner_code.py; it was not opened.

Emphasis: hand-written replacements for torch built-ins. Wrong entries: a helper that is right on ordinary inputs and
wrong at an edge the built-in handles: an exp of 2**n times a Taylor polynomial (float32-accurate, not float64); a
column maximum by a pairwise tournament (odd key counts of 5 or more); an arg-max loop with `>=` (greedy ties go to
the last id); a bubble sort swapping on `<=` (top-k ties reversed); a top-p running sum in a while loop (runs off the
end when float32 probabilities add up to just under 1 and top_p = 1); a cumulative sum as a product with a triangular
ones matrix in the default dtype (float64 logits); an insertion sort of beam candidates that puts equal scores later
ones first; the generate context window as the last window of unfold (sequence shorter than context_size); K^T by
swapaxes(1, 2) and projections by baddbmm over X.shape[0] (exactly one batch axis assumed); layer-norm statistics
divided by X.shape[0] (batch axes) and a square root by six Newton steps (large or tiny variances); ReLU through
torch.heaviside (no derivative: the backward pass fails); a transformer layer's own head split for one sequence; W s
by torch.mv (batched states); [y; c] by torch.hstack (two batch axes); rotate_half as a flip of the rows (right only
for D = 2); the arg-min as the largest index among the minima (palette ties); W @ mean by torch.mm (no batch axis);
windows stacked on dim 1 (no batch axis); the channel-attention transpose by permute(0, 2, 1) (batched X). Right
entries: hand-written helpers that are right everywhere: running column max and sum loops; an own first arg-max and a
stable Python sort for top-k/top-p; heapq.nlargest with a key for beams (documented equal to a stable sorted); float64
uniform draws from the generator for MLM's Bernoulli choices and random ids; an own uniform index for NSP; a dict
Counter with a strict-`>` arg-max for BPE; an own join and trailing-space loop for decoding; masked_fill as scores +
log(mask); matrix products as broadcast products summed over the inner axis (attention, channel attention, the pooling
head); the decoder's causal mask as ~tril(-1); [CLS] by F.pad; T5 buckets with sign, abs, min and where written as
integer arithmetic; rotate_half by torch.roll with a sign vector; a truncating remainder for the strided mask; "or" as
a sum of integer flags; the cost closed forms with an own min and floor division; the arg-min as the first maximum of
an is-minimum flag; the pixel shift by F.pad with the start id.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind93/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (5 of the 21 wrong entries pass them). Each wrong entry's recorded input was run on the model
answer and on the entry and both results printed; each differs as its comment says. Right entries were compared with
the model answer by a script: for tensor functions 60 random cases (25 for decoder_layer), each under both default
dtypes with float32 and float64 inputs: shapes with 0-2 batch axes and sizes 1-6, scales 0.1 to 1000, transposed
(non-contiguous) inputs, masks of every broadcastable shape (none, full, all-False, padding (B, N_k, 1)), -inf and
1e4 scores, the same object passed twice, odd D and non-divisible sizes for the ValueErrors; values to 1e-5 / 1e-11
relative, dtypes, shapes and the raised ValueError exactly, and the gradients of every floating-point input (weights
included) to 1e-4 / 1e-9, none NaN where the model answer's is finite. next_token_probs on 3000 logit vectors (rounded
for ties, -inf entries, temperature 0, top_k 0..V+2, top_p from 1e-9 to 1.5) compared exactly; beam_search on 500
random table models (widths 0..4, 0..3 steps, eos None/0/1/V-1) exactly; train_bpe and bpe_decode on 1500 random
corpora / token lists (Unicode, "</w>" in the corpus, negative merge counts) exactly; relative_position_bucket with
random bucket counts 4..40 and max_distance 8..200 in both modes; sparse_attention_cost up to n = 2**60 + 3 and with
missing sizes and an unknown name; mlm_corrupt by its invariants on 150 random calls (transposed ids, list / tuple /
tensor / empty specials, mask_prob 0 and 1, ids left unchanged) and its frequencies on 400 000 positions (30.0 %
chosen, 79.8 % of them [MASK], each random id 2.0 %), reproducible for one seed and advancing the generator;
nsp_pairs against the model answer's statuses and pair order on 300 document lists (tuples, the one-document
ValueError), with its labels (50.0 / 50.0 %) and the other document (uniform over the other three) counted on 60 000
pairs. The comparison script was itself checked on wrong entries (it flags the tournament maximum and the heaviside
ReLU).

Judgement calls: blind93_softmax_own_exp_polynomial_float32_accurate_only is equal to the model answer in float32 and
off by about 1e-9 relative in float64; the contract holds float64 results to float64 accuracy, so I counted that as
wrong. blind93_feed_forward_relu_by_heaviside_step has the right forward values (in one dtype) and no backward pass at
all; the contract asks feed_forward to be differentiable. blind93_next_token_probs_top_p_while_loop_runs_off_the_end
only fails where the float32 probabilities sum to less than 1 in double precision and top_p reaches that sum (top_p =
1 is allowed). blind93_right_beam_search_heapq_nlargest_by_score relies on heapq.nlargest's documented equivalence
to sorted(..., key=key, reverse=True)[:n], which keeps equal scores in input order; it matched the model answer on
every tie tried. Dropped: about 40 first-draft entries whose mechanism an earlier batch already holds for the same
function (a logsumexp NaN on an all -inf column, a maximum clamped at 0, greedy one-hots from Python lists, negative
crop starts, whole-percent Bernoulli draws, random ids that skip the last id, ASCII-only splitters, .view and
as_strided on non-contiguous inputs, torch.outer masks, rolled identities, float divisions in the cost, float64 T5
logs, default-dtype buffers, region labels summed, one-hot scatters, Welford layer norms, greedy without a draw, ...),
and a train_bpe Counter keyed by the concatenated pair, whose collision ("a", "bc") vs ("ab", "c") no corpus I tried
produced. So the batch is smaller than the brief's 45 / 25.

Counts: 21 wrong, 20 right.
Wrong per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'channel_attention': 1, 'feed_forward': 1, 'generate': 1, 'layer_norm': 2, 'next_token_probs': 4, 'quantize_pixels': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'softmax_cols': 2, 'transformer_layer': 1, 'window_partition': 1}.
Right per function: {'apply_mask': 1, 'average_pool_head': 1, 'beam_search': 1, 'bpe_decode': 1, 'channel_attention': 1, 'decoder_layer': 1, 'global_token_mask': 1, 'mlm_corrupt': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'patch_embedding': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_93 = {
    # Its own exp: 2**n times a degree-9 Taylor polynomial for 2**f, accurate to about 1e-8 (well inside float32's
    # rounding, far outside float64's). softmax_cols(float64 [[0], [0.007]])[0, 0]: model 0.4982500071457983,
    # entry 0.4982500062903980 (float32: equal). Passes the visible tests.
    "blind93_softmax_own_exp_polynomial_float32_accurate_only": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            def exp_(x):
                # exp(x) = 2**n * 2**f with n an integer and f in [0, 1); 2**f from its Taylor series
                y = (x * 1.4426950408889634).clamp(min=-1100.0)
                n = torch.floor(y)
                t = (y - n) * 0.6931471805599453
                term = torch.ones_like(t)
                total = torch.ones_like(t)
                for k in range(1, 10):
                    term = term * t / k
                    total = total + term
                return torch.ldexp(total, n)
            m = scores.amax(dim=-2, keepdim=True)
            m = m.masked_fill(m == float("-inf"), 0.0)
            e = exp_(scores - m)
            s = e.sum(dim=-2, keepdim=True)
            return e / s.masked_fill(s == 0, 1.0)
'''),
    # A hand-written arg-max loop with `>=` keeps the LAST maximum: greedy ties go to the highest id.
    # next_token_probs([1, 3, 3], temperature=0): model [0, 1, 0], entry [0, 0, 1]. Fails the visible tests.
    "blind93_next_token_probs_own_argmax_keeps_last_tie": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            def arg_max(x):
                best = 0
                for i in range(1, x.shape[0]):
                    if x[i] >= x[best]:
                        best = i
                return best
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[arg_max(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                kept = min(int((cumulative < top_p).sum()) + 1, probs.shape[0])
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # A hand-written bubble sort that swaps on `<=` moves equal probabilities past each other, so ties come out
    # higher id first (an even number of passes can swap a pair back). next_token_probs([1, 1], top_k=1): model [1, 0],
    # entry [0, 1]. Fails the visible tests.
    "blind93_next_token_probs_bubble_sort_swaps_ties": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            def descending(p):
                values = p.tolist()
                idx = list(range(len(values)))
                for a in range(len(idx)):
                    for b in range(len(idx) - 1 - a):
                        if values[idx[b]] <= values[idx[b + 1]]:
                            idx[b], idx[b + 1] = idx[b + 1], idx[b]
                return torch.tensor(idx, dtype=torch.long)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[descending(probs)[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = descending(probs)
                cumulative = torch.cumsum(probs[order], dim=0)
                kept = min(int((cumulative < top_p).sum()) + 1, probs.shape[0])
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Top-p with a hand-written running sum in a while loop: when the float32 probabilities add up to a little less
    # than 1, top_p=1 walks past the last token. next_token_probs([1.6, 1.9, -0.5, 2.0], top_p=1.0) (float32):
    # model [0.252, 0.341, 0.031, 0.376], entry IndexError. Passes the visible tests.
    "blind93_next_token_probs_top_p_while_loop_runs_off_the_end": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                kept, running = 0, 0.0
                while running < top_p:
                    running += float(probs[order[kept]])
                    kept += 1
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # A hand-written insertion sort of the candidates that inserts each one before the first candidate that is not
    # strictly better: among equal scores the LATER candidate wins. Uniform logits over 3 tokens, prompt [0],
    # beam_width 1, 1 step: model [0, 0], entry [0, 2]. Fails the visible tests.
    "blind93_beam_search_insertion_sort_reverses_ties": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            def sort_by_score(candidates):
                ordered = []
                for candidate in candidates:
                    pos = 0
                    while pos < len(ordered) and ordered[pos][0] > candidate[0]:
                        pos += 1
                    ordered.insert(pos, candidate)
                return ordered
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                beams = sort_by_score(candidates)[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Hand-written mean and variance divided by X.shape[0], which is D only for an unbatched X.
    # layer_norm(X (2, 3, 1) with columns [1, 2, 3] and [0, 0, 6], ones, zeros)[0]: model [-1.225, 0, 1.225],
    # entry [-1.265, -0.632, 0]. Passes the visible tests.
    "blind93_layer_norm_divides_by_shape_0": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            d = X.shape[0]
            mean = X.sum(dim=-2, keepdim=True) / d
            var = ((X - mean) ** 2).sum(dim=-2, keepdim=True) / d
            return gamma[:, None] * (X - mean) / torch.sqrt(var + eps) + beta[:, None]
'''),
    # A hand-written square root: six Newton steps from 1, exact enough for variances near 1 and far off for large
    # or tiny ones. layer_norm([[1000], [-1000]], ones, zeros): model [[1], [-1]], entry [[0.0639], [-0.0639]]. Fails the visible tests.
    "blind93_layer_norm_newton_sqrt_fixed_steps": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            def sqrt_(a):
                r = torch.ones_like(a)
                for _ in range(6):
                    r = 0.5 * (r + a / r)
                return r
            mean = X.mean(dim=-2, keepdim=True)
            var = ((X - mean) ** 2).mean(dim=-2, keepdim=True)
            return gamma[:, None] * (X - mean) / sqrt_(var + eps) + beta[:, None]
'''),
    # Its own attention inside the layer splits heads with reshape(H, D/H, N), a split_heads for one sequence:
    # batched X fails. X (2, 4, 3), 2 heads: model (2, 4, 3), entry RuntimeError. Fails the visible tests.
    "blind93_transformer_layer_own_head_split_one_sequence": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            from .softmax import softmax_cols
            from .masking import apply_mask
            def attend(Y):
                dim, n = Y.shape[-2], Y.shape[-1]
                if dim % num_heads:
                    raise ValueError("D must be divisible by num_heads")
                hd = dim // num_heads
                def heads(W, b):
                    return linear(Y, W, b).reshape(num_heads, hd, n)
                Q, K, V = heads(params["Wq"], params["bq"]), heads(params["Wk"], params["bk"]), heads(params["Wv"], params["bv"])
                scores = K.transpose(-2, -1) @ Q / math.sqrt(hd)
                if mask is not None:
                    scores = apply_mask(scores, mask.unsqueeze(-3))
                out = V @ softmax_cols(scores)
                return linear(out.reshape(dim, n), params["Wo"], params["bo"])
            def think(Y):
                return linear(torch.relu(linear(Y, params["W1"], params["b1"])), params["W2"], params["b2"])
            def norm(Y, k):
                mean = Y.mean(dim=-2, keepdim=True)
                var = Y.var(dim=-2, keepdim=True, correction=0)
                return params["gamma" + k][:, None] * (Y - mean) / torch.sqrt(var + 1e-5) + params["beta" + k][:, None]
            if norm_first:
                X = X + attend(norm(X, "1"))
                return X + think(norm(X, "2"))
            X = norm(X + attend(X), "1")
            return norm(X + think(X), "2")
'''),
    # W s computed with torch.mv, a matrix-vector product for one state only: a batch of states fails.
    # s (2, D_s) over H (D_h, N): model weights (2, N), entry RuntimeError. Fails the visible tests.
    "blind93_additive_attention_mv_for_one_state": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = torch.mv(W, s).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # The arg-min written as "the largest id among the minima" (arange(K) * is_min, then amax): ties go to the
    # highest id. quantize_pixels(zeros(1, 1, 1), [[-1, 1]]): model 0, entry 1. Fails the visible tests.
    "blind93_quantize_pixels_argmin_as_max_index_of_minima": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            d = ((images.movedim(-3, -1)[..., :, None] - palette) ** 2).sum(dim=-2)   # (..., H, W, K)
            is_min = d == d.amin(dim=-1, keepdim=True)
            return (torch.arange(d.shape[-1]) * is_min).amax(dim=-1)
'''),
    # The batched W @ mean as torch.mm(pooled, W.t()), which needs exactly one batch axis: an unbatched X fails.
    # average_pool_head(X (3, 2), W (4, 3)): model (4,), entry RuntimeError. Fails the visible tests.
    "blind93_average_pool_head_mm_needs_one_batch_axis": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=-1) / X.shape[-1]
            logits = torch.mm(pooled, W.t())
            return logits if b is None else logits + b
'''),
    # Windows cut in a loop and stacked with torch.stack(dim=1), the window axis placed after exactly one batch
    # axis: an unbatched grid gets it after C. window_partition(zeros(1, 2, 2), 1): model shape (4, 1, 1), entry
    # (1, 4, 1). Fails the visible tests.
    "blind93_window_partition_stack_on_dim_1": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            tiles = []
            for a in range(height // M):
                for b in range(width // M):
                    tile = X[..., a * M:(a + 1) * M, b * M:(b + 1) * M]
                    tiles.append(tile.reshape(*tile.shape[:-2], M * M))
            return torch.stack(tiles, dim=1)
'''),
    # The column maximum as a hand-written tournament: rows 0::2 against rows 1::2, halving until one is left. An odd
    # number of keys pairs a longer half with a shorter one: broadcasting rescues 3 keys, but 5 or more fail.
    # softmax_cols(zeros(5, 1)): model 0.2 each, entry RuntimeError. Passes the visible tests.
    "blind93_softmax_tournament_column_max_odd_keys": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            def column_max(s):
                while s.shape[-2] > 1:
                    s = torch.maximum(s[..., 0::2, :], s[..., 1::2, :])
                return s
            m = column_max(scores)
            m = m.masked_fill(m == float("-inf"), 0.0)
            e = torch.exp(scores - m)
            total = e.sum(dim=-2, keepdim=True)
            return e / total.masked_fill(total == 0, 1.0)
'''),
    # Top-p's cumulative sum written as a product with an upper-triangular matrix of ones made in the default dtype:
    # float64 logits under a float32 default (or the reverse) meet a matmul of two dtypes.
    # next_token_probs(float64 [1, 2, 3], top_p=0.9) under a float32 default: model [0, 0.269, 0.731], entry
    # RuntimeError. Fails the visible tests.
    "blind93_next_token_probs_cumsum_as_triangular_matmul": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            def cumulative_sum(x):
                n = x.shape[0]
                return x @ torch.triu(torch.ones(n, n))          # column i sums x[0..i]
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = cumulative_sum(probs[order])
                kept = min(int((cumulative < top_p).sum()) + 1, probs.shape[0])
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # K^T written as K.swapaxes(1, 2), the transpose of a (B, D_k, N_k) batch: an unbatched K has no axis 2, and two
    # batch axes swap the wrong pair. Unbatched Q, K, V (2, 3): model output (2, 3), entry IndexError. Fails the visible tests.
    "blind93_sdpa_transpose_by_swapaxes_1_2": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.matmul(K.swapaxes(1, 2), Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.matmul(V, weights), weights
'''),
    # The projections as torch.baddbmm(bias, W, X) with W and the bias expanded over B = X.shape[0]: a batched
    # matmul for exactly one batch axis. Unbatched X (2, 3): model output (2, 3), entry RuntimeError. Fails the visible tests.
    "blind93_self_attention_baddbmm_over_first_axis": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            def project(W, b):
                batch = X.shape[0]
                return torch.baddbmm(b[None, :, None].expand(batch, -1, X.shape[-1]), W.expand(batch, -1, -1), X)
            return scaled_dot_product_attention(project(Wq, bq), project(Wk, bk), project(Wv, bv), mask)
'''),
    # ReLU as h * heaviside(h, 0): the values are right, but torch.heaviside has no derivative, so no gradient
    # reaches W1, b1 or X (and the 0 made in the default dtype fails for the other float dtype). Backward of
    # feed_forward(...).sum(): model gradients, entry RuntimeError. Fails the visible tests.
    "blind93_feed_forward_relu_by_heaviside_step": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            hidden = linear(X, W1, b1)
            hidden = hidden * torch.heaviside(hidden, torch.tensor(0.0))
            return linear(hidden, W2, b2)
'''),
    # rotate_half written as a flip of the rows (right for D = 2, where reversing two rows swaps the halves); for
    # D >= 4 it pairs row i with row D - 1 - i. rotary_embedding(Q = [[1, 1], [2, 2], [3, 3], [4, 4]], K = ones(4, 2))[0][:, 1]:
    # model [-1.984, 1.960, 2.462, 4.020], entry [-2.826, 1.970, 3.304, 4.010]. Fails the visible tests.
    "blind93_rotary_rotate_half_as_flip": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, n = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(n)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = (theta[:, None] * positions.to(torch.float64)[None, :]).repeat(2, 1)
                sign = torch.cat([-torch.ones(dim // 2, 1), torch.ones(dim // 2, 1)]).to(torch.float64)
                return X * angles.cos().to(X.dtype) + X.flip(-2) * (sign * angles.sin()).to(X.dtype)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Q_g^T written as Q.permute(0, 2, 1), the transpose of the (G, C/G, N) groups of one image: a batch has one
    # axis more. channel_attention(X (2, 4, 3), params, 2): model (2, 4, 3), entry RuntimeError. Fails the visible tests.
    "blind93_channel_attention_transpose_by_permute_0_2_1": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.permute(0, 2, 1) * scale)
            return linear(merge_heads(weights.permute(0, 2, 1) @ V), params["Wo"], params["bo"])
'''),
    # The context window as the last window of ids.unfold(0, context_size, 1): while the sequence is still shorter
    # than context_size there is no such window. generate(model, prompt [1, 2], 1, temperature=0,
    # context_size=4) with a 5-token one-hot model: model 3 ids, entry RuntimeError. Fails the visible tests.
    "blind93_generate_context_by_unfold_last_window": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids.unfold(0, context_size, 1)[-1]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # [y_prev; c] and [s; c] stacked with torch.hstack, which joins along axis 1: the last axis for one or no batch
    # axis, the wrong one for two. States (2, 3, D_s), y_prev (2, 3, E), H (2, 3, D_h, N): model s (2, 3, D_s),
    # entry RuntimeError. Passes the visible tests.
    "blind93_attention_decoder_step_hstack_for_concatenation": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(torch.hstack([y_prev, context]), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = torch.hstack([s, context]) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
}

RIGHT_BLIND_93 = {
    # A running column maximum from -inf and a running column sum, both as explicit loops over the keys.
    # Passes the visible tests.
    "blind93_right_softmax_running_max_and_sum_loops": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            def column_max(s):
                best = torch.full_like(s[..., :1, :], float("-inf"))
                for j in range(s.shape[-2]):
                    best = torch.maximum(best, s[..., j:j + 1, :])
                return best.masked_fill(best == float("-inf"), 0.0)
            def column_sum(e):
                total = torch.zeros_like(e[..., :1, :])
                for j in range(e.shape[-2]):
                    total = total + e[..., j:j + 1, :]
                return total
            e = torch.exp(scores - column_max(scores))
            total = column_sum(e)
            return e / total.masked_fill(total == 0, 1.0)
'''),
    # A hand-written first arg-max (strict `>`) and a stable descending order from Python's sorted (stable, so
    # lower ids first among ties); torch.cumsum for top-p as the model answer. Passes the visible tests.
    "blind93_right_next_token_probs_own_argmax_and_python_sort": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            def first_argmax(x):
                values = x.tolist()
                best = 0
                for i, value in enumerate(values):
                    if value > values[best]:
                        best = i
                return best
            def descending_order(p):
                values = p.tolist()
                return torch.tensor(sorted(range(len(values)), key=lambda i: -values[i]), dtype=torch.long)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[first_argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[descending_order(probs)[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = descending_order(probs)
                cumulative = torch.cumsum(probs[order], dim=0)
                kept = min(int((cumulative < top_p).sum()) + 1, probs.shape[0])
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # The top beam_width candidates by heapq.nlargest with a key: documented equivalent to
    # sorted(..., key, reverse=True)[:n], which is stable, so ties keep beam order, then token order.
    # Passes the visible tests.
    "blind93_right_beam_search_heapq_nlargest_by_score": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            import heapq
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                beams = heapq.nlargest(beam_width, candidates, key=lambda candidate: candidate[0])
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Hand-written draws from float64 uniforms of the generator: Bernoulli by comparison, a random id as
    # floor(u * V) (u < 1, so at most V - 1), specials excluded by a loop of comparisons, in-place writes on a clone.
    # Passes the visible tests.
    "blind93_right_mlm_corrupt_float64_uniform_draws": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            def uniform(shape):
                return torch.rand(shape, generator=generator, dtype=torch.float64)
            if torch.is_tensor(special_ids):
                specials = [int(s) for s in special_ids.reshape(-1).tolist()]
            else:
                specials = [int(s) for s in special_ids]
            eligible = torch.ones(ids.shape, dtype=torch.bool)
            for special in specials:
                eligible = eligible & (ids != special)
            chosen = eligible & (uniform(ids.shape) < mask_prob)
            action = uniform(ids.shape)
            replacement = torch.floor(uniform(ids.shape) * vocab_size).long().clamp(max=vocab_size - 1).to(ids.dtype)
            corrupted = ids.clone()
            corrupted[chosen & (action < 0.8)] = mask_id
            random_branch = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[random_branch] = replacement[random_branch]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids.long()[chosen]
            return corrupted, labels
'''),
    # Hand-written coin and uniform index from float64 uniforms of the generator, the other document chosen from a
    # list that leaves A's own out. Passes the visible tests.
    "blind93_right_nsp_pairs_own_uniform_index": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            def uniform():
                return float(torch.rand((), generator=generator, dtype=torch.float64))
            def below(n):
                return min(int(uniform() * n), n - 1)
            pairs = []
            for index, document in enumerate(documents):
                document = list(document)
                for position in range(len(document) - 1):
                    if uniform() < 0.5:
                        pairs.append((document[position], document[position + 1], 0))
                    else:
                        others = [k for k in range(len(documents)) if k != index]
                        other = list(documents[others[below(len(others))]])
                        pairs.append((document[position], other[below(len(other))], 1))
            return pairs
'''),
    # A Counter written as a plain dict (insertion-ordered) and an arg-max loop with a strict `>` (first maximum).
    # Passes the visible tests.
    "blind93_right_train_bpe_dict_counter_and_own_max": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            freq = {}
            for word in words:
                key = tuple(word)
                freq[key] = freq.get(key, 0) + 1
            seg = {w: list(w) for w in freq}
            merges = []
            for _ in range(num_merges):
                counts = {}
                for w, f in freq.items():
                    s = seg[w]
                    for i in range(len(s) - 1):
                        pair = (s[i], s[i + 1])
                        counts[pair] = counts.get(pair, 0) + f
                if not counts:
                    break
                best, best_count = None, -1
                for pair, count in counts.items():
                    if count > best_count:
                        best, best_count = pair, count
                merges.append(best)
                for w in seg:
                    seg[w] = merge_pair(seg[w], best)
            return merges
'''),
    # A hand-written join and a trailing-space loop in place of rstrip. Passes the visible tests.
    "blind93_right_bpe_decode_own_join_and_rstrip": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            # (the stub's input checks)
            pieces = []
            for token in tokens:
                pieces.append(token.replace("</w>", " "))
            text = "".join(pieces)
            end = len(text)
            while end > 0 and text[end - 1] == " ":
                end -= 1
            return text[:end]
'''),
    # masked_fill by hand as scores + log(mask): log 1 = 0 keeps a score, log 0 = -inf hides it.
    # Passes the visible tests.
    "blind93_right_apply_mask_add_log_of_mask": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores + torch.log(mask.to(scores.dtype))
'''),
    # Both matrix products written without matmul or einsum: a broadcast product summed over the inner axis.
    # Passes the visible tests.
    "blind93_right_sdpa_broadcast_product_matmuls": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            def batched_matmul(A, B):
                return (A.unsqueeze(-1) * B.unsqueeze(-3)).sum(dim=-2)
            scores = batched_matmul(K.transpose(-2, -1), Q) / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return batched_matmul(V, weights), weights
'''),
    # The decoder's causal mask as the negation of a strictly lower triangle (key after query).
    # Passes the visible tests.
    "blind93_right_decoder_layer_causal_from_negated_tril": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            n = X_dec.shape[-1]
            later_key = torch.ones(n, n, dtype=torch.bool, device=X_dec.device).tril(-1)
            X = X_dec
            attended = multi_head_attention(X, X, params["self_attn"], num_heads, ~later_key)
            X = layer_norm(X + attended, params["gamma1"], params["beta1"])
            read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
            X = layer_norm(X + read, params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # [CLS] inserted with F.pad: a zero column in front of the tokens plus cls_token padded to N + 1 columns.
    # Passes the visible tests.
    "blind93_right_patch_embedding_cls_by_padding": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            tokens = linear(patchify(images, patch_size), W, b)                  # (B, D, N)
            cls_column = F.pad(cls_token[:, None], (0, tokens.shape[-1]))        # (D, N + 1)
            return F.pad(tokens, (1, 0)) + cls_column + positions
'''),
    # The bucket arithmetic with hand-written sign, abs, min and where (integer products with 0/1 flags); the
    # float32 logarithm as the contract asks. Passes the visible tests.
    "blind93_right_relative_bucket_arithmetic_where": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                upper = (offset > 0).long()
                base = upper * half
                distance = offset * (2 * upper - 1)
            else:
                half = num_buckets
                base = offset * 0
                distance = -offset * (offset < 0).long()
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = exact + log_scale.long()
            far = far - (far - (half - 1)) * (far > half - 1).long()
            near = (distance < exact).long()
            return base + near * distance + (1 - near) * far
'''),
    # rotate_half by torch.roll of the rows by D/2 and a sign vector, cos and sin in float64 then the input's dtype.
    # Passes the visible tests.
    "blind93_right_rotary_roll_rotate_half": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, n = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(n)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = (theta[:, None] * positions.to(torch.float64)[None, :]).repeat(2, 1)    # (D, N)
                sign = torch.cat([-torch.ones(dim // 2, 1, dtype=torch.float64),
                                  torch.ones(dim // 2, 1, dtype=torch.float64)])
                swapped = torch.roll(X, dim // 2, dims=-2)                         # [x_bottom; x_top]
                return X * angles.cos().to(X.dtype) + swapped * (sign * angles.sin()).to(X.dtype)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # i - j a multiple of the stride, tested with a hand-written truncating remainder. Passes the visible tests.
    "blind93_right_strided_mask_truncating_remainder": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            d = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return d - stride * torch.div(d, stride, rounding_mode="trunc") == 0
'''),
    # "or" by hand: the integer flags added, visible where the sum is positive. Passes the visible tests.
    "blind93_right_global_token_mask_flag_sum": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            g = is_global.to(torch.int64)
            return (g.unsqueeze(-1) + g.unsqueeze(-2)) > 0
'''),
    # The closed forms with a hand-written min and floor division, ints throughout. Passes the visible tests.
    "blind93_right_sparse_cost_own_min_and_floor_div": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return (n * n + n) // 2
            if pattern == "local":
                w = window if window < n else max(n - 1, 0)
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n > 0 else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # The arg-min as the first maximum of a uint8 "is a minimum" flag (argmax keeps the first).
    # Passes the visible tests.
    "blind93_right_quantize_pixels_first_minimum_flag": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1).unsqueeze(-1)           # (..., H, W, C, 1)
            d = ((pixels - palette.to(dtype)) ** 2).sum(dim=-2)              # (..., H, W, K)
            return (d == d.amin(dim=-1, keepdim=True)).to(torch.uint8).argmax(dim=-1)
'''),
    # The shift right as F.pad: the targets without their last id, padded on the left with the start id.
    # Passes the visible tests.
    "blind93_right_pixel_sequence_pad_left_with_start": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().reshape(*ids.shape[:-2], -1)
            return F.pad(targets[..., :-1], (1, 0), value=sos_id), targets
'''),
    # The mean as sum / N and W @ mean as a broadcast product summed over D. Passes the visible tests.
    "blind93_right_average_pool_head_broadcast_matvec": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=-1) / X.shape[-1]
            logits = (W * pooled.unsqueeze(-2)).sum(dim=-1)
            return logits if b is None else logits + b
'''),
    # Both products of channel attention as broadcast products summed over the shared axis (no matmul, no einsum).
    # Passes the visible tests.
    "blind93_right_channel_attention_broadcast_products": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)     # (..., G, c, N)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = (K.unsqueeze(-2) * Q.unsqueeze(-3)).sum(dim=-1) * scale        # (..., G, c keys, c queries)
            weights = softmax_cols(scores)
            attended = (weights.unsqueeze(-1) * V.unsqueeze(-2)).sum(dim=-3)         # (..., G, c queries, N)
            return linear(merge_heads(attended), params["Wo"], params["bo"])
'''),
}
