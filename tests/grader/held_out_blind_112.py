"""Hundred-and-thirteenth blind batch of held-out implementations (prefix blind112_), written without reading grader/ or
tests/ beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, README.md, course/registry.py, the
stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model
answers (solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read; `pytest exercises --help` was run once to see how --target is given. The earlier blind batches
(held_out_blind.py ... held_out_blind_109.py) were only skimmed for their entry names, emphases and header style (their
names were grepped for mechanisms before writing an entry). Nothing else under grader/ or tests/ was opened, grepped or
run, nor docs/grading.md, nor benchmarks/, nor the batches written at the same time (held_out_blind_110.py,
held_out_blind_111.py, held_out_blind_113.py). `ls tests/grader/ | grep held_out_blind` was run once to list the batch
files (it lists a folder under tests/, filtered to those names), and `git status` was run once in the checkout and
listed two modified files under grader/ and tests/ that are not mine; they were not opened.

Emphasis: the contract's free choices. For each graded function I listed what the contract leaves open and what it
pins down, and every entry's comment quotes the sentence it relies on. Right entries make a different allowed choice
than the model answer: the outcome on inputs left open (a ValueError for causal_mask(0), strided_mask(0, s),
sinusoidal_positions(0, D), embed of no ids, layer_norm with D = 1, an empty corpus or negative num_merges in
train_bpe; clamped out-of-range lengths in padding_mask; an exception for a negative local window), the wording of a
named ValueError (bpe_encode, multi_head_attention, sparse_attention_cost), the algorithm among correct ones (a sum
clamped at 1 in softmax_cols, a -inf bias in apply_mask, queries scaled before the product, a loop over heads, einsum
heads in cross_attention, F.layer_norm in the encoder layer and in patch merging, F.unfold patches, a strided conv2d
patch embedding, torch.gru_cell in the decoder step, De Morgan global masks, the contract's own closed forms for the
cost, region labels for the shifted-window mask, scaled_dot_product_attention on transposed channel groups, a double
Tensor.unfold for windows, project-then-pool, F.embedding lookups for embed and dequantize_pixels, identity rows for
one_hot), intermediate dtypes within the stated accuracy (a float32 position table stored in the default dtype, a
shifted one-pass variance, expanded-form palette distances), views where the layout is free (one_hot's transposed
rows, vision results), a subgradient at ReLU's kink, the order of random draws (mlm_corrupt, nsp_pairs), the greedy
arg-max without a draw in generate, the sampling functions' exemption from gradients (next_token_probs detached), and
tie rules reached another way (top-k by threshold, beam candidates by an explicit key). Wrong entries make a choice
where the contract pins it, believing it free: named ValueErrors replaced by another exception (one_hot left to
scatter's RuntimeError) or by a lenient fallback (bpe_encode dropping "</w>", sparse_attention_cost defaulting a
missing size, strided_mask clamping a stride below 1, window_partition shrinking a window larger than the grid,
pixel_sequence accepting whole-number floats, patch_merging cropping an odd grid, average_pool_head pooling no tokens
to zero, quantize_pixels casting integer images), defined inputs taken for undefined ones (a query that sees no key,
a decoder state that sees no position, layer_norm's D = 1 "left open" read as "return X"), the output's container,
order or dtype (nsp_pairs as a tuple, train_bpe's merges sorted as a set, next_token_probs in float64), a float32
(complex64) path for float64 inputs in rotary_embedding, randomness partly from the global RNG (nsp_pairs' partner
sentence, mlm_corrupt's 80/10/10 action), and the params dict policed (transformer_layer rejecting keys it does not
read; multi_head_attention taking tied Wq/Wk for self-attention).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind112/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and `import
torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the marker) and
run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment says whether it
does (11 of the 20 wrong entries pass them). Each wrong entry's recorded input was run on the model answer and on the
entry and both results printed; each differs as its comment says. Right entries were compared with the model answer
under both default dtypes, on float32 and float64 inputs, random shapes with 0-2 batch axes and edge sizes: values (1e-4
/ 1e-9 relative), dtypes and shapes exactly, exceptions matched (ValueError for ValueError; where the entry's choice is
to raise on an input left open, only that ValueError was accepted), and gradients of every floating-point input,
parameters included, to 1e-3 relative to the gradient's size (float32) or 1e-7 (float64): train_bpe and bpe_encode on
random corpora (several whitespaces, "</w>", negative and zero merges, merge lists that build earlier pairs); one_hot
with every float dtype and out-of-range ids; sinusoidal_positions for N 0..39 and D 0..17 to 2e-5; softmax_cols at 1,
1000 and 1e4 scale with columns partly and wholly -inf; masks (n 0..8, every window and stride -1..9, broadcast masks of
every allowed shape, lengths 0..n); attention, multi-head (tied Wk = Wq, the same tensor twice, D not divisible by H),
the encoder layer in both norm orders, cross-attention with padding and shared masks, hidden queries included;
layer_norm with eps 0, 0.1 and 1e-5 and 1000x scale (the first one-pass draft, without the shift, had float32 gradient
errors up to 2.7 against a float64 reference on D = 2 columns offset by 3, where the model answer's were 3e-3; the
shifted version's were 3e-3, and it was kept); next_token_probs on 400 logits (rounded for ties, scales 0.1 to 100,
temperature 0, top_k 1..V+3, top_p 1e-9 to 1); generate on 300 seeded runs (same ids, and the same generator state
afterwards except at temperature 0, where the entry does not draw); beam_search on 600 random models (rounded logits for
ties, widths 1..4, eos None/0/1/V-1) and width 0; sequence_log_prob values and table gradients; additive attention and
the decoder step with broadcast states and masks hiding all positions; quantize_pixels on 600 images (mixed dtypes,
pixels equal to palette colours, rounded exact ties: no id differed) and its four ValueErrors; dequantize_pixels with
int64/int32/int16/uint8 ids, bool, float and out-of-range ids; pixel_sequence with transposed ids and the three
ValueErrors; shifted_window_mask for every window 1..4, grid and shift -1..M; patch_merging with eps 0;
channel_attention with the default and given scales; sparse_attention_cost exactly over every pattern, n up to 2**53 +
1, missing sizes and unknown names; mlm_corrupt by its invariants on 200 calls (int32 and flipped ids, list / tuple /
tensor / empty specials, mask_prob 0, 0.5 and 1, reproducible with one seed, ids unchanged) and its frequencies on 400
000 positions (chosen 0.150, mask 0.802, kept 0.102, other 0.096; model 0.149 / 0.803 / 0.101 / 0.096); nsp_pairs by its
invariants on up to 300 random document lists and the partner frequencies over 20 000 calls (a0: next 0.498, b0 0.248,
c0 0.127, c1 0.127; model 0.499 / 0.253 / 0.124 / 0.124).

Judgement calls: the contract says the grader "never penalises other input checks", so the wrong entries that treat
a defined input as undefined raise RuntimeError or KeyError, not ValueError (a ValueError there might be read as an
extra input check); they are wrong because the contract gives those inputs a result (zero weights, a β row, a layer
output). blind112_rotary_complex64_path_for_float64_inputs differs from the model answer by about 2e-8 on float64
inputs, far above float64 accuracy but within float32's. blind112_mha_tied_query_key_weights_taken_as_self_attention is
wrong only when tied weights meet two different inputs (cross-attention with tied weights); with N_q != N_k it raises.
Right entries that raise a ValueError do so only on inputs the contract leaves open or does not cover
(blind112_right_local_mask_band_rejects_negative_window on a negative window; the others on the sizes the contract
names as "left open"). blind112_right_generate_greedy_takes_arg_max_without_drawing leaves the generator untouched at
temperature 0, which the contract's "taking the arg-max without drawing is as right" allows.
blind112_right_next_token_probs_logits_detached_outside_training returns probabilities without a graph, relying on the
sampling functions' exemption from differentiability. Fewer wrong entries than the brief's 25 (20): nearly every
pinned clause already has several earlier entries, and I dropped candidates whose mechanism an earlier batch already
holds for the same function (generate's float64 draw, top-k by torch.topk, the position table under inference_mode,
the NSP label convention, Swin's additive mask, a cls token appended last). More right entries than the brief's 30
(38).

Counts: 20 wrong, 38 right.
Wrong per function: {'additive_attention': 1, 'average_pool_head': 1, 'bpe_encode': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 2, 'one_hot': 1, 'patch_merging': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 1, 'window_partition': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 1, 'cross_attention': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'global_token_mask': 1, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 2, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 1, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_112 = {
    # Treats a query whose mask column is all False as undefined and raises; the contract pins it: "A query whose mask
    # column is all False sees no key: its weights and its output are zero." Q = K = ones(1, 2), V = [[1, 2]], mask [[T,
    # F], [T, F]]: model output [[1.5, 0.0]], entry RuntimeError. Passes the visible tests.
    "blind112_sdpa_query_seeing_no_key_rejected_as_undefined": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
                if not torch.isfinite(scores).any(dim=-2).all():
                    raise RuntimeError("a query sees no key: its attention is undefined")
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Raises for a decoder state whose mask hides every position, taking it for an undefined input; pinned: "a state
    # that sees none gets all-zero weights and context". s = [1], H = [[1, 3]], W = U = [[1]], v = [1], mask [F, F]:
    # model (weights [0, 0], context [0]), entry RuntimeError. Fails the visible tests.
    "blind112_additive_attention_state_seeing_no_position_rejected": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            if mask is not None and not bool(mask.any(dim=-1).all()):
                raise RuntimeError("a decoder state sees no encoder position: nothing to attend to")
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = torch.softmax(scores, dim=-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # Drops the stub's range check because scatter_ refuses a bad index anyway, believing the exception type is free;
    # pinned: "`ValueError` for ids outside `[0, V)`". one_hot(tensor([0, 3]), 3): model ValueError, entry RuntimeError
    # ("index 3 is out of bounds"). Fails the visible tests.
    "blind112_one_hot_range_check_left_to_scatter_runtime_error": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # the range check is left to scatter_, which refuses an index outside [0, V) by itself
            *batch, n = token_ids.shape
            out = torch.zeros(*batch, vocab_size, n, dtype=dtype or torch.get_default_dtype())
            return out.scatter_(-2, token_ids.unsqueeze(-2), 1.0)
'''),
    # Reads "One feature (D = 1) is left open" as "anything goes" and returns X; the sentence goes on "a result must be
    # β, but raising there is accepted". layer_norm([[2, 5]], gamma=[3], beta=[0.5]): model [[0.5, 0.5]], entry [[2,
    # 5]]. Passes the visible tests.
    "blind112_layer_norm_single_feature_passes_input_through": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            if X.shape[-2] == 1:
                return X  # one feature: "left open", so nothing to normalise
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # A strict params check raising KeyError for keys it does not know, as if the dict's contents were free to police;
    # pinned: "A params dict may also hold more entries than the function reads (a layer passes its whole dict on): read
    # what you need." D = 2, H = 1, X = eye(2), the layer's params plus "embedding": model [[1, -1], [-1, 1]], entry
    # KeyError. Passes the visible tests.
    "blind112_transformer_layer_rejects_params_it_does_not_read": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            expected = {"Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo", "bo", "W1", "b1", "W2", "b2",
                        "gamma1", "beta1", "gamma2", "beta2"}
            unexpected = sorted(set(params) - expected)
            if unexpected:
                raise KeyError(f"unexpected parameters {unexpected}")
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            else:
                X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
                X = layer_norm(X + think(X), params["gamma2"], params["beta2"])
            return X
'''),
    # Takes tied weights (params["Wk"] is params["Wq"]) as a sign of self-attention and reuses Q as K; pinned: "Identity
    # says nothing about the call". Wq = Wk = Wv = Wo = I, zero biases, H = 1, Xq = I, Xkv = [[0, 4], [4, 0]]: model
    # [[3.7768, 0.2232], [0.2232, 3.7768]], entry [[1.3210, 2.6790], [2.6790, 1.3210]]. Passes the visible tests.
    "blind112_mha_tied_query_key_weights_taken_as_self_attention": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            if params["Wk"] is params["Wq"] and params["bk"] is params["bq"]:
                K = Q  # tied weights: the keys are the queries, no second projection
            else:
                K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            Q, K, V = (split_heads(Y, num_heads) for Y in (Q, K, V))
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Uses the allowed complex-number form ("Complex-number implementations ... are fine") but always in complex64, as
    # if the intermediate dtype were free; pinned: "A float64 input is also computed in float64". float64 Q = K = [[1],
    # [0]], positions [1000]: model Q' [0.5623790762907029, 0.8268795405320025], entry [0.5623790621757507,
    # 0.8268795609474182]. Fails the visible tests.
    "blind112_rotary_complex64_path_for_float64_inputs": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float32) / dim)
                angles = theta[:, None] * positions.to(torch.float32)[None, :]
                turn = torch.polar(torch.ones_like(angles), angles)              # complex64
                pairs = torch.complex(X[..., : dim // 2, :].float(), X[..., dim // 2 :, :].float())
                turned = pairs * turn
                return torch.cat([turned.real, turned.imag], dim=-2).to(X.dtype)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Coins and partner documents come from the generator, the partner's sentence from the global RNG ("only the draw
    # order is free"); pinned: "A generator passed ... is one random stream ... each call draws from it". Documents
    # [[a0, a1], [b0, b1, b2], [c0..c3]], generator seeded 7, after torch.manual_seed(1) and (2): model the same 6 pairs
    # twice, entry two different lists (a0's partner b1, then b0). Passes the visible tests.
    "blind112_nsp_pairs_partner_sentence_from_global_rng": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), ()).item()], 1))
            return pairs
'''),
    # Draws the 80/10/10 action from the global RNG, reading "the order of the draws is free" as "any source"; pinned:
    # "All randomness comes from `generator`". ids 2..41, V = 50, specials [0, 1], mask_id 1, mask_prob 0.5, generator
    # seeded 3, after torch.manual_seed(1) and (2): model 0 positions differ, entry 6. Fails the visible tests.
    "blind112_mlm_corrupt_action_draw_from_global_rng": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape)   # only the split among chosen positions: any source will do
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Returns the examples as a tuple, taking the container as free; pinned: "-> list[tuple[A, B, label]] (a list of
    # tuples, as written)" and "a list where it says a list (a tuple is not one)". nsp_pairs([[a, b], [c]], seeded
    # generator): model a list, entry a tuple. Passes the visible tests.
    "blind112_nsp_pairs_returns_tuple_of_examples": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return tuple(pairs)  # an immutable sequence of examples
'''),
    # Computes in float64 for a precise cumulative sum (an intermediate dtype is free) and returns that float64; pinned:
    # "Functions keep the dtype of their floating-point inputs". next_token_probs(tensor([0., 1.])): model float32,
    # entry float64. Passes the visible tests.
    "blind112_next_token_probs_returned_in_float64_for_a_precise_cumsum": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits.double() / temperature, dim=-1)  # float64: an exact enough cumsum
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Removes a literal "</w>" from the text instead of refusing it, as if handling it were free; pinned: "`ValueError`
    # if the text contains `"</w>"`". bpe_encode("a</w>b", []): model ValueError, entry ["a", "b", "</w>"]. Fails the
    # visible tests.
    "blind112_bpe_encode_marker_in_text_dropped_silently": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            text = text.replace(END_OF_WORD, "")  # a stray marker is noise: drop it instead of failing
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Collects merges in a set and returns them sorted, as if they were a vocabulary; pinned: "Returns the merges in the
    # order learned". train_bpe("zy zy zy ab ab", 3): model [(z, y), (zy, </w>), (a, b)], entry [(a, b), (z, y), (zy,
    # </w>)]. Fails the visible tests.
    "blind112_train_bpe_merges_returned_as_sorted_set": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = set()
            for _ in range(num_merges):
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += frequency
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                merges.add(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return sorted(merges)  # the vocabulary of merges, in a reproducible order
'''),
    # Gives a missing size a default (window 0, stride 1, no global tokens) instead of refusing it; pinned:
    # "`ValueError` for an unknown pattern or a missing size". sparse_attention_cost("local", 5): model ValueError,
    # entry 5. Fails the visible tests.
    "blind112_sparse_attention_cost_missing_size_given_a_default": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            if pattern not in PATTERNS:
                raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
            window = 0 if window is None else window            # no window: the diagonal only
            stride = 1 if stride is None else stride            # no stride: dense
            num_global = 0 if num_global is None else num_global
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # Clamps a stride below 1 to 1 (the dense mask), as for an input left open; pinned: "`ValueError` if `stride < 1`".
    # strided_mask(3, 0): model ValueError, entry a 3x3 all-True mask. Fails the visible tests.
    "blind112_strided_mask_stride_below_one_clamped_to_one": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            stride = max(int(stride), 1)  # a stride below 1 means no striding: the dense mask
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (queries - keys) % stride == 0
'''),
    # Shrinks a window larger than the grid to the grid, as Swin's code does; pinned: "`ValueError` if M < 1 or M does
    # not divide H or W". window_partition(zeros(1, 2, 2), 4): model ValueError, entry a (1, 1, 4) tensor. Passes the
    # visible tests.
    "blind112_window_partition_window_larger_than_grid_clamped": ("swin", "window_partition", '''
        def window_partition(X, window):
            if X.dim() < 3:
                raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
            *batch, channels, height, width = X.shape
            if isinstance(window, int) and window > min(height, width):
                window = min(height, width)  # as Swin does: a window larger than the grid covers the grid
            _check_grid(height, width, window)
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            grid = grid.movedim((-4, -2), (-5, -4))
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Accepts floating-point ids that hold whole numbers, taking the id dtype as free; pinned: "`ValueError` for non-
    # integer ids (floats, complex numbers, and bool)". pixel_sequence(tensor([[1., 2.]]), 0): model ValueError, entry
    # ([0, 1], [1, 2]). Passes the visible tests.
    "blind112_pixel_sequence_whole_float_ids_accepted": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            if ids.dim() < 2 or ids.is_complex() or ids.dtype == torch.bool:
                raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype} of shape {tuple(ids.shape)}")
            if ids.is_floating_point():
                if not bool((ids == ids.round()).all()):
                    raise ValueError("ids must hold whole numbers")
                ids = ids.long()  # whole-number floats are ids too
            if ids.shape[-1] * ids.shape[-2] == 0:
                raise ValueError(f"ids: the image has no pixels (shape {tuple(ids.shape)})")
            if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
                raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")
            targets = ids.long().reshape(*ids.shape[:-2], -1)
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # Crops an odd last row or column, as if an odd grid were undefined; pinned: "`ValueError` if H or W is odd".
    # patch_merging(zeros(1, 3, 2), ones(4), zeros(4), ones(2, 4)): model ValueError, entry a (2, 1, 1) tensor. Fails
    # the visible tests.
    "blind112_patch_merging_odd_grid_cropped": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            if X.dim() < 3:
                raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
            channels, height, width = X.shape[-3:]
            X = X[..., : height // 2 * 2, : width // 2 * 2]  # an odd last row or column has no partner: drop it
            height, width = X.shape[-2:]
            if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
                raise ValueError("gamma, beta or W do not fit C")
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Pools no tokens to a zero vector, so the bias decides; pinned: "`ValueError` if N = 0 or the shapes disagree".
    # average_pool_head(zeros(2, 0), ones(1, 2), b=[0.5]): model ValueError, entry [0.5]. Passes the visible tests.
    "blind112_average_pool_head_no_tokens_pooled_as_zero": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
                raise ValueError(f"X must be (..., D, N) and W (K, D); got shapes {tuple(X.shape)} and {tuple(W.shape)}")
            if b is not None and tuple(b.shape) != (W.shape[0],):
                raise ValueError(f"b must be (K,) with K={W.shape[0]}, got shape {tuple(b.shape)}")
            if X.shape[-1] == 0:
                pooled = X.new_zeros(X.shape[:-1])  # no tokens: an all-zero summary, the bias decides
            else:
                pooled = X.mean(dim=-1)
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # Casts integer images to the palette's dtype instead of refusing them; pinned: "`ValueError` if ... either input is
    # not floating point". quantize_pixels(zeros(1, 1, 1, uint8), [[0., 1.]]): model ValueError, entry [[0]]. Passes the
    # visible tests.
    "blind112_quantize_pixels_integer_images_cast_instead_of_rejected": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            if images.dim() < 3 or palette.dim() != 2:
                raise ValueError(f"images must be (..., C, H, W) and palette (C, K); got {tuple(images.shape)}")
            if not images.is_floating_point():
                images = images.to(palette.dtype)  # integer pixels are colours too
            if not palette.is_floating_point():
                raise ValueError(f"the palette must be floating point, got {palette.dtype}")
            if images.shape[-3] != palette.shape[0]:
                raise ValueError("channel counts differ")
            if palette.shape[1] == 0:
                raise ValueError("palette: expected at least one colour, got shape (C, 0)")
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
            return distances.argmin(dim=-1)
'''),
}
RIGHT_BLIND_112 = {
    # Plain dicts in first-seen order instead of Counter, and a ValueError for an empty corpus or a negative num_merges:
    # "What an empty corpus or a negative `num_merges` does is not graded (the reference raises `ValueError`; returning
    # `[]` is fine too)". Passes the visible tests.
    "blind112_right_train_bpe_refuses_empty_corpus_and_negative_merges": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            if not words:
                raise ValueError("the corpus has no words to learn merges from")
            if num_merges < 0:
                raise ValueError(f"num_merges must be >= 0, got {num_merges}")
            frequency = {}
            for word in words:
                frequency[tuple(word)] = frequency.get(tuple(word), 0) + 1
            current = {word: list(word) for word in frequency}
            merges = []
            while len(merges) < num_merges:
                counts = {}
                for word, times in frequency.items():
                    symbols = current[word]
                    for i in range(len(symbols) - 1):
                        pair = (symbols[i], symbols[i + 1])
                        counts[pair] = counts.get(pair, 0) + times
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                current = {word: merge_pair(symbols, best) for word, symbols in current.items()}
            return merges
'''),
    # Writes its own "</w>" check with its own message (only the named ValueError is pinned, not its text) and encodes
    # each distinct word once per call. Passes the visible tests.
    "blind112_right_bpe_encode_own_marker_message_and_word_memo": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            if "</w>" in text:
                raise ValueError("bpe_encode: the text holds '</w>', which is reserved for the end of a word")
            done = {}
            tokens = []
            for word in text.split():
                if word not in done:
                    symbols = list(word) + ["</w>"]
                    for pair in merges:
                        symbols = merge_pair(symbols, pair)
                    done[word] = symbols
                tokens.extend(done[word])
            return tokens
'''),
    # Indexes the rows of an identity and returns the transposed (non-contiguous) view: "An input may be ... a non-
    # contiguous view" and nothing pins the result's layout. Passes the visible tests.
    "blind112_right_one_hot_rows_of_identity_transposed": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            identity = torch.eye(vocab_size, dtype=dtype or torch.get_default_dtype())
            return identity[token_ids].transpose(-1, -2)  # (..., N, V) -> (..., V, N), a strided view
'''),
    # F.embedding on the transposed table, and a ValueError for no ids: "`embed` of no ids ... is left open: the empty
    # result of the right shape and an exception are both accepted". Passes the visible tests.
    "blind112_right_embed_functional_embedding_refuses_no_ids": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            if token_ids.numel() == 0:
                raise ValueError("embed: no token ids to look up")
            return F.embedding(token_ids, omega_e.transpose(0, 1)).transpose(-1, -2)
'''),
    # Builds the table in float32 with one frequency per row (2i for rows 2i and 2i+1) and casts to the default dtype:
    # "a table computed in float32 and stored in the default dtype is fine"; raises for zero positions ("left open").
    # Passes the visible tests.
    "blind112_right_sinusoidal_float32_table_refuses_no_positions": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            if num_positions < 1:
                raise ValueError(f"sinusoidal_positions: need at least one position, got {num_positions}")
            n = torch.arange(num_positions, dtype=torch.float32)
            rows = torch.arange(dim)
            frequency = torch.pow(torch.tensor(10000.0), -(rows - rows % 2).float() / dim)   # row 2i and 2i+1 share
            angles = frequency[:, None] * n[None, :]
            table = torch.where((rows % 2 == 0)[:, None], torch.sin(angles), torch.cos(angles))
            return table.to(torch.get_default_dtype())
'''),
    # Another guard for all -inf columns: the column sum is clamped at 1, since a column with a finite maximum already
    # sums to at least exp(0) = 1 ("a column that is entirely `-inf` comes out all zeros"). Passes the visible tests.
    "blind112_right_softmax_cols_sum_clamped_at_one": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            top = scores.amax(dim=-2, keepdim=True)
            top = torch.where(torch.isfinite(top), top, torch.zeros_like(top))
            exps = torch.exp(scores - top)
            # a column with a finite maximum sums to at least exp(0) = 1; only an all -inf column sums to 0
            return exps / exps.sum(dim=-2, keepdim=True).clamp(min=1.0)
'''),
    # triu of an all-True matrix, and a ValueError for n = 0: "`causal_mask(0)` ... is left open: the empty result of
    # the right shape and an exception are both accepted". Passes the visible tests.
    "blind112_right_causal_mask_upper_triangle_refuses_zero_size": ("masking", "causal_mask", '''
        def causal_mask(n):
            if n < 1:
                raise ValueError(f"causal_mask: n must be at least 1, got {n}")
            return torch.ones(n, n, dtype=torch.bool).triu()
'''),
    # Clamps lengths into [0, n]: "Lengths outside `[0, n]` are outside the contract (the reference raises `ValueError`;
    # the grader never passes one)". Passes the visible tests.
    "blind112_right_padding_mask_clamps_lengths_outside_range": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            lengths = lengths.clamp(min=0, max=n)  # outside [0, n] is outside the contract: clamp it
            positions = torch.arange(n, device=lengths.device)
            return (positions < lengths.unsqueeze(-1)).unsqueeze(-1)
'''),
    # A band from triu/tril, and a ValueError for a negative window, an input the contract does not cover ("never
    # penalises other input checks"). Passes the visible tests.
    "blind112_right_local_mask_band_rejects_negative_window": ("masking", "local_mask", '''
        def local_mask(n, window):
            if window < 0:
                raise ValueError(f"local_mask: window must be >= 0, got {window}")
            full = torch.ones(n, n, dtype=torch.bool)
            return full.triu(-window) & full.tril(window)
'''),
    # Adds a 0 / -inf bias instead of masked_fill: "hiding with `masked_fill` and adding `-inf` are both accepted".
    # Passes the visible tests.
    "blind112_right_apply_mask_adds_minus_inf_bias": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            bias = torch.where(mask, 0.0, float("-inf")).to(scores.dtype)
            return scores + bias
'''),
    # Scales Q by 1/sqrt(D_k) before the product rather than the scores after it, an order of operations left free
    # within float accuracy. Passes the visible tests.
    "blind112_right_sdpa_queries_scaled_before_product": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = torch.matmul(K.transpose(-2, -1), Q / math.sqrt(Q.shape[-2]))
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.matmul(V, weights), weights
'''),
    # A Python loop over heads on row slices, and its own D % H check with its own message (the ValueError is pinned,
    # its text is not). Passes the visible tests.
    "blind112_right_mha_head_loop_own_divisibility_message": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            width = Xq.shape[-2]
            if width % num_heads:
                raise ValueError(f"{num_heads} heads cannot share {width} rows evenly")
            size = width // num_heads
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            outputs = []
            for h in range(num_heads):
                rows = slice(h * size, (h + 1) * size)
                out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                outputs.append(out)
            return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    # One-pass variance E[x^2] - E[x]^2 on features shifted by their first row ("a one-pass variance ... is accepted"),
    # and a ValueError for D = 1 ("raising there is accepted"). Passes the visible tests.
    "blind112_right_layer_norm_one_pass_variance_refuses_single_feature": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            if X.shape[-2] == 1:
                raise ValueError("layer_norm: one feature has no spread to normalise")
            shifted = X - X[..., :1, :]          # shifting by one feature keeps E[x^2] - E[x]^2 from cancelling
            mean = shifted.mean(dim=-2, keepdim=True)
            variance = ((shifted * shifted).mean(dim=-2, keepdim=True) - mean * mean).clamp(min=0)
            return gamma[:, None] * ((shifted - mean) * torch.rsqrt(variance + eps)) + beta[:, None]
'''),
    # ReLU as where(h >= 0, h, 0), whose slope at 0 is 1, not torch.relu's 0: "Where a function has a kink (ReLU at 0),
    # any subgradient is accepted there". Passes the visible tests.
    "blind112_right_feed_forward_relu_slope_one_at_zero": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            hidden = linear(X, W1, b1)
            hidden = torch.where(hidden >= 0, hidden, torch.zeros_like(hidden))  # slope 1 at 0: a subgradient
            return linear(hidden, W2, b2)
'''),
    # Both norms through F.layer_norm on the transposed tokens (eps 1e-5, biased variance), another of the correct
    # algorithms. Passes the visible tests.
    "blind112_right_transformer_layer_functional_layer_norm_on_token_rows": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def norm(Y, which):
                rows = Y.transpose(-1, -2)
                rows = F.layer_norm(rows, (Y.shape[-2],), params["gamma" + which], params["beta" + which], 1e-5)
                return rows.transpose(-1, -2)
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(norm(X, "1"))
                return X + think(norm(X, "2"))
            X = norm(X + attend(X), "1")
            return norm(X + think(X), "2")
'''),
    # Writes the heads out with einsum instead of calling multi_head_attention; the mask gains its head axis at -3 as
    # the contract says. Passes the visible tests.
    "blind112_right_cross_attention_heads_by_einsum": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            from .attention import linear
            from .softmax import softmax_cols
            width = X_dec.shape[-2]
            if width % num_heads:
                raise ValueError(f"D={width} is not divisible by num_heads={num_heads}")
            size = width // num_heads
            Q = linear(X_dec, params["Wq"], params["bq"]).unflatten(-2, (num_heads, size))
            K = linear(X_enc, params["Wk"], params["bk"]).unflatten(-2, (num_heads, size))
            V = linear(X_enc, params["Wv"], params["bv"]).unflatten(-2, (num_heads, size))
            scores = torch.einsum("...dk,...dq->...kq", K, Q) / math.sqrt(size)
            if enc_mask is not None:
                scores = scores.masked_fill(~enc_mask.unsqueeze(-3), float("-inf"))
            weights = softmax_cols(scores)
            heads = torch.einsum("...dk,...kq->...dq", V, weights)
            return linear(heads.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    # Top-k by the k-th largest value, then the tied tokens at that value lowest ids first: the contract's tie rule
    # ("ties to lower ids") reached without a stable sort. Passes the visible tests.
    "blind112_right_next_token_probs_top_k_threshold_then_first_ties": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None and top_k < probs.numel():
                threshold = torch.topk(probs, top_k).values[-1]      # the k-th largest value (values are unambiguous)
                above = probs > threshold
                tied = probs == threshold
                room = top_k - int(above.sum())                    # how many tied tokens still fit, lowest ids first
                keep = above | (tied & (torch.cumsum(tied.long(), dim=0) <= room))
                probs = torch.where(keep, probs, torch.zeros_like(probs))
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, torch.zeros_like(probs))
            return probs / probs.sum()
'''),
    # Detaches the logits and builds the result with index_copy: "The sampling functions (`next_token_probs`,
    # `generate`, `beam_search`) are the exception: they run outside training." Passes the visible tests.
    "blind112_right_next_token_probs_logits_detached_outside_training": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            logits = logits.detach()  # a sampling function: it runs outside training
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[int(torch.argmax(logits))] = 1
                return probs
            probs = torch.softmax(logits / temperature, dim=0)
            if top_k is not None:
                ranked = torch.sort(probs, descending=True, stable=True).indices
                probs = torch.zeros_like(probs).index_copy(0, ranked[:top_k], probs[ranked[:top_k]])
                probs = probs / probs.sum()
            if top_p is not None:
                ranked = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[ranked], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                probs = torch.zeros_like(probs).index_copy(0, ranked[:num_kept], probs[ranked[:num_kept]])
            return probs / probs.sum()
'''),
    # At temperature 0 takes the arg-max without a draw: "at temperature 0 the one-hot has one outcome: taking the arg-
    # max without drawing is as right". Passes the visible tests.
    "blind112_right_generate_greedy_takes_arg_max_without_drawing": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                if temperature == 0:
                    next_id = torch.argmax(logits).reshape(1)  # one outcome: no draw needed
                else:
                    probs = next_token_probs(logits, temperature, top_k, top_p)
                    next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # gather minus logsumexp on the first N - 1 columns, one model call, instead of log_softmax and fancy indexing.
    # Passes the visible tests.
    "blind112_right_sequence_log_prob_gather_minus_logsumexp": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            logits = model(ids)[:, :-1]                                   # column n - 1 scores ids[n]
            picked = logits.gather(0, ids[1:].unsqueeze(0)).squeeze(0)
            return (picked - torch.logsumexp(logits, dim=0)).sum()
'''),
    # Sorts candidates by an explicit (score, beam, token) key instead of relying on a stable sort of -score: "ties to
    # the earlier beam, then the lower token id". Passes the visible tests.
    "blind112_right_beam_search_sorted_by_explicit_key": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for b, (score, ids, finished) in enumerate(beams):
                    if finished:
                        candidates.append((-score, b, -1, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, lp in enumerate(log_probs):
                        grown = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((-(score + lp), b, token, grown, token == eos_id))
                candidates.sort(key=lambda c: (c[0], c[1], c[2]))       # best score, earlier beam, lower id
                beams = [(-c[0], c[3], c[4]) for c in candidates[:beam_width]]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # F.unfold with stride P, which gives the (channel, row, column) column order and row-major patches the contract
    # asks for. Passes the visible tests.
    "blind112_right_patchify_unfold": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            return F.unfold(images, kernel_size=patch_size, stride=patch_size)
'''),
    # A strided conv2d with W reshaped to (D, C, P, P), the equivalence the contract names for patchify's column order.
    # Passes the visible tests.
    "blind112_right_patch_embedding_strided_convolution": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            batch, channels, height, width = images.shape
            if height % patch_size or width % patch_size:
                raise ValueError(f"H={height} and W={width} must be multiples of the patch size {patch_size}")
            kernel = W.reshape(W.shape[0], channels, patch_size, patch_size)
            tokens = F.conv2d(images, kernel, b, stride=patch_size).flatten(-2)       # (B, D, N), row-major patches
            cls = cls_token.reshape(1, -1, 1).expand(batch, -1, 1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # torch.softmax over the positions, then NaN (a state that sees none) turned into 0, with einsum scores and context:
    # "a state that sees none gets all-zero weights and context". Passes the visible tests.
    "blind112_right_additive_attention_softmax_then_nan_to_zero": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            energy = torch.einsum("a,...an->...n", v, torch.tanh(U @ H + (s @ W.T)[..., :, None]))
            if mask is not None:
                energy = energy.masked_fill(~mask, float("-inf"))
            weights = torch.softmax(energy, dim=-1)
            weights = torch.where(torch.isnan(weights), torch.zeros_like(weights), weights)  # a state that sees none
            context = torch.einsum("...dn,...n->...d", H, weights)
            return weights, context
'''),
    # The GRU step through torch.gru_cell on the flattened broadcast batch: "Calling an `nn.GRUCell` holding those
    # weights is an accepted alternative to writing the cell out". Passes the visible tests.
    "blind112_right_attention_decoder_step_fused_gru_cell": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            batch = torch.broadcast_shapes(x.shape[:-1], s_prev.shape[:-1])
            size = s_prev.shape[-1]
            x_rows = x.expand(*batch, x.shape[-1]).reshape(-1, x.shape[-1])
            h_rows = s_prev.expand(*batch, size).reshape(-1, size)
            s = torch.gru_cell(x_rows, h_rows, params["weight_ih"], params["weight_hh"],
                               params["bias_ih"], params["bias_hh"]).reshape(*batch, size)
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # |i - j| % stride instead of (i - j) % stride, and a ValueError for n = 0 ("`strided_mask(0, s)` ... left open").
    # Passes the visible tests.
    "blind112_right_strided_mask_distance_refuses_zero_size": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            if n < 1:
                raise ValueError(f"strided_mask: n must be at least 1, got {n}")
            positions = torch.arange(n)
            distance = (positions[None, :] - positions[:, None]).abs()
            return distance % stride == 0
'''),
    # De Morgan: hidden only where both tokens are ordinary, NOT(ordinary_j AND ordinary_i). Passes the visible tests.
    "blind112_right_global_token_mask_de_morgan": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            ordinary = ~is_global
            return ~(ordinary.unsqueeze(-1) & ordinary.unsqueeze(-2))  # hidden only between two ordinary tokens
'''),
    # Uses the contract's own closed forms (n(2w+1) - w(w+1), n(2m+1) - s·m(m+1), g(2n - g)) in ints, with its own
    # messages for the named ValueErrors. Passes the visible tests.
    "blind112_right_sparse_attention_cost_contract_forms_own_messages": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            needs = {"dense": None, "causal": None, "local": "window", "strided": "stride", "global": "num_global"}
            if pattern not in needs:
                raise ValueError(f"no such pattern: {pattern!r}")
            sizes = {"window": window, "stride": stride, "num_global": num_global}
            if needs[pattern] is not None and sizes[needs[pattern]] is None:
                raise ValueError(f"{pattern!r} costs depend on {needs[pattern]}, which is missing")
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, max(n - 1, 0))
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = max(n - 1, 0) // stride
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # Another draw order (random ids, then the action, then the choice) and in-place writes on a clone: "the order of
    # the draws is free, so only the distribution is graded". Passes the visible tests.
    "blind112_right_mlm_corrupt_random_ids_drawn_first": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator).to(ids.dtype)
            action = torch.rand(ids.shape, generator=generator)
            chosen = torch.rand(ids.shape, generator=generator) < mask_prob
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1).to(ids.dtype)
            chosen = chosen & ~torch.isin(ids, special)
            corrupted = ids.clone()
            corrupted[chosen & (action < 0.8)] = mask_id
            swap = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[swap] = random_ids[swap]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids[chosen].long()
            return corrupted, labels
'''),
    # Draws every coin first in one tensor, then the partners in order: "Every coin and every draw is independent of the
    # others" and the order of draws is not pinned. Passes the visible tests.
    "blind112_right_nsp_pairs_all_coins_drawn_first": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            slots = [(index, a, b) for index, document in enumerate(documents) for a, b in zip(document, document[1:])]
            if not slots:
                return []
            heads = (torch.rand(len(slots), generator=generator) < 0.5).tolist()
            pairs = []
            for (index, a, successor), is_next in zip(slots, heads):
                if is_next:
                    pairs.append((a, successor, 0))
                    continue
                pick = int(torch.randint(0, len(documents) - 1, (1,), generator=generator))
                other = documents[pick if pick < index else pick + 1]
                pairs.append((a, other[int(torch.randint(0, len(other), (1,), generator=generator))], 1))
            return pairs
'''),
    # Distances in the expanded form |x|^2 + |p|^2 - 2 x·p: "Where two colours' distances differ by less than the
    # rounding of the expanded form ... either id is accepted". Passes the visible tests.
    "blind112_right_quantize_pixels_expanded_distances": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)                        # (..., H, W, C)
            colours = palette.to(dtype)                                       # (C, K)
            distances = (pixels * pixels).sum(-1, keepdim=True) + (colours * colours).sum(0) - 2 * pixels @ colours
            return distances.argmin(dim=-1)
'''),
    # F.embedding into the transposed palette, then the channel axis moved; the result may be a non-contiguous view
    # ("only their values, shapes and dtypes are graded"). Passes the visible tests.
    "blind112_right_dequantize_pixels_embedding_lookup": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            return F.embedding(ids.long(), palette.transpose(0, 1)).movedim(-1, -3)
'''),
    # targets rolled right by one into a new tensor whose first column is overwritten with sos_id. Passes the visible
    # tests.
    "blind112_right_pixel_sequence_roll_then_start_token": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).long()
            inputs = targets.roll(1, dims=-1)          # a new tensor: writing its first column is safe
            inputs[..., 0] = sos_id
            return inputs, targets
'''),
    # Projects every token with W, then averages: the same by linearity, another order of operations. Passes the visible
    # tests.
    "blind112_right_average_pool_head_project_then_pool": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = (W @ X).mean(dim=-1)  # W is linear: projecting every token, then averaging, is the same
            return logits if b is None else logits + b
'''),
    # Labels each rolled row and column 0 / 1 / 2 by region, the contract's "Equivalently, label each rolled row 0
    # (index < H − M), 1 (< H − shift) or 2" instead of wrap flags. Passes the visible tests.
    "blind112_right_shifted_window_mask_three_region_labels": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            def regions(size):
                index = torch.arange(size)
                return (index >= size - window).long() + (index >= size - shift).long()   # 0, 1 or 2
            labels = 3 * regions(height)[:, None] + regions(width)[None, :]
            labels = window_partition(labels[None], window)[:, 0]           # (nW, M*M)
            return labels.unsqueeze(-1) == labels.unsqueeze(-2)
'''),
    # Moves the 4C features last and uses F.layer_norm (biased variance, eps inside the square root) and a right-hand
    # product with Wᵀ. Passes the visible tests.
    "blind112_right_patch_merging_functional_layer_norm_channels_last": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = [X[..., r::2, c::2] for c, r in ((0, 0), (0, 1), (1, 0), (1, 1))]   # TL, BL, TR, BR
            merged = torch.cat(blocks, dim=-3).movedim(-3, -1)                     # (..., H/2, W/2, 4C)
            merged = F.layer_norm(merged, (merged.shape[-1],), gamma, beta, eps)
            return (merged @ W.transpose(0, 1)).movedim(-1, -3)
'''),
    # For the default scale, calls scaled_dot_product_attention on the transposed groups: "Equivalent to `attention`'s
    # `scaled_dot_product_attention(Q_gᵀ, K_gᵀ, V_gᵀ)`, transposed back"; a given scale keeps the explicit form. Passes
    # the visible tests.
    "blind112_right_channel_attention_attention_on_transposed_groups": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from .attention import scaled_dot_product_attention
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            if scale is None:
                # channels as tokens, the N token values as features: attention scales by 1/sqrt(N) itself
                out, _ = scaled_dot_product_attention(Q.transpose(-2, -1), K.transpose(-2, -1), V.transpose(-2, -1))
                attended = out.transpose(-2, -1)
            else:
                weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
                attended = weights.transpose(-2, -1) @ V
            return linear(merge_heads(attended), params["Wo"], params["bo"])
'''),
    # Two Tensor.unfold calls cut the M x M tiles, then one reshape; "Returned tensors may be non-contiguous views".
    # Passes the visible tests.
    "blind112_right_window_partition_double_unfold": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            tiles = X.unfold(-2, window, window).unfold(-2, window, window)    # (..., C, H/M, W/M, M, M)
            tiles = tiles.movedim(-5, -3)                                      # (..., H/M, W/M, C, M, M)
            return tiles.reshape(*batch, (height // window) * (width // window), channels, window * window)
'''),
}
