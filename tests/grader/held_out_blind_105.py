"""Hundred-and-sixth blind batch of held-out implementations (prefix blind105_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md (its start), course/registry.py,
README.md, the stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker)
and the model answers (solutions/*.py). The learner-visible tests were only run (`pytest
exercises/tests/test_<module>.py --target <package>`, after `--help` to find the option), never read. The earlier
blind batches (held_out_blind.py ... held_out_blind_102.py) were only skimmed for their header style, their emphasis
paragraphs and their entry names (the names were grepped for each planned mechanism, and mechanisms an earlier batch
already holds for the same function were dropped: the implicit-dim softmax of additive_attention, top-p by nonzero,
the head axis at dim 1, the bias truthiness of the pooling head, groups chunked on the first axis, index_select on raw
ids, the sparse COO one-hot, math.comb costs, aliased pixel sequences). By accident of the commands used, two
directories were listed by name only: tests/grader/ (piped through `grep held_out_blind` and `head`, to find the batch
files) and exercises/tests/ (its file names, in an `ls` of exercises/ and solutions/). Nothing else under grader/ or
tests/ was opened, grepped, listed or run, nor docs/grading.md, nor benchmarks/, nor the batches written at the same
time (held_out_blind_103.py, held_out_blind_104.py), except that the final check of name uniqueness ran a regex for
entry names over every tests/grader/held_out_blind*.py file, these two included, and printed only the (empty) set of
clashes.

Emphasis: the semantics of other libraries and languages carried into torch. Wrong entries are written by a learner
who thinks in NumPy, JAX, TensorFlow/Keras, SciPy, MATLAB, R or plain Python lists: np.argsort's default (unstable)
kind for top-k and for ranking beam candidates, np.isclose's absolute tolerance as the test for temperature 0, writing
through a fancy or boolean index as if it were a view (top-k, MLM), JAX's `x -= m` rebinding written into the caller's
scores, JAX's `.at[ids].add` as `counts[ids] += f` (repeated ids not accumulated: BPE counts), JAX's broadcast_to +
`.at[].add` as expand + `+=` (patch embedding), JAX's key split every step (generate), torch.div taken for MATLAB's
idivide (sparse costs in the default float dtype), np.clip's / MATLAB's integer result assumed for torch.clamp with a
float bound (causal T5 buckets), MATLAB's length(X) as the token count (channel attention), tf.linalg.band_part
without its negative-count rule (causal mask), tf.nn.batch_normalization called in Keras' gamma, beta order (layer
norm), tf.nn.softmax's default axis assumed for F.softmax without dim (grid attention), NumPy's max(axis, keepdims)
returning values (softmax), np.concatenate's default axis 0 (rotate_half, patch merging), np.hstack (pixel sequence),
np.logical_or.outer (global tokens), SciPy's cdist that converts to float64 (quantize with mixed dtypes), R's sub()
for gsub() (BPE decoding), R's c() flattening batched states (decoder step), and Python lists (tolist() of batched
ids, `for w in windows` walking the batch axis). Right entries use those libraries or styles correctly:
np.argsort(kind="stable") on detached probabilities, np.lexsort as R's order(), a Python list of ids in generate,
tf.gather rows then diag_part, np.bincount-style counting over first-seen pair ids, JAX's stop_gradient on the softmax
shift, band_part with its negative counts, R's 1-based positions (local and padding masks), tf.nn.batch_normalization
with keyword offset and scale, NumPy float64 rotary tables cast back to the input's dtype, np.fromfunction for the
strided mask, np.tensordot for the pooling head, SciPy-style cdist with both inputs in float64, Python lists over
flattened ids for one_hot, JAX's `.at[].add` as the out-of-place index_add, and JAX-style split generators for MLM.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind105/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and `import
torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the marker)
and its exercise's visible tests were run on it: every right entry passes them, and each wrong entry's comment says
whether it does (12 of the 25 wrong entries pass them). Each wrong entry's recorded input was run on the model answer
and on the entry and both results printed; each differs as its comment says (mlm_corrupt by counting mask ids over
1000 positions at mask_prob 1; the in-place entries by printing the caller's tensor after the call). Right entries
were compared with the model answer under both default dtypes with float32 and float64 inputs, random shapes with 0-2
batch axes and edge sizes, values to 1e-5 (float32) / 1e-10 (float64), dtypes and shapes exactly, ValueErrors matched,
and gradients of every floating-point input to 1e-3 where the function is differentiable: softmax_cols on 120 score
tensors (scales 1 to 1e4, rows and whole columns of -inf); causal_mask n 0..8; local_mask n 0..7 with windows 0..8;
padding_mask with B 0..3 and n 0..6; strided_mask n 0..10, strides 0..6 (0: the same ValueError); layer_norm with D =
1, eps given, offsets of 50 and scales of 1000; rotary_embedding with D 0, 2, 4, 6 and odd D (same ValueError), int64
and int32 positions, other bases; average_pool_head with and without b and N = 0 (same ValueError); quantize_pixels on
160 calls with half-integer grids and palettes (exact ties, repeated colours, mixed dtypes); one_hot with every float
dtype, empty ids and out-of-range ids; patch_embedding with B 1..2 and P 1..2; next_token_probs exactly equal on 1500
random rounded logits (temperature 0 and 1e-3, top_k 1..V+3, top_p 1e-9..1, logits requiring grad); beam_search
exactly equal on 400 random models with rounded logits (widths 1..3, 0..3 steps, eos None / 0 / V-1); generate exactly
equal on 300 calls with seeded generators over two calls each (same generator state afterwards) and under
torch.manual_seed, with context_size, eos, top-k and top-p; sequence_log_prob on 100 models (N 1..6, gradients of the
model's table); train_bpe equal on 400 random corpora (repeated words, several kinds of whitespace, num_merges 0..10)
and on the "</w>" ValueError; mlm_corrupt by its invariants (int32 and non-contiguous ids, list / tuple / tensor /
empty specials, mask_prob 0 and 1, ids unchanged, generator advanced, one seed reproducing a call, no generator) and
by its frequencies on 200 000 positions (chosen 14.65 %, mask 80.5 %, unchanged 12.0 %, as the model answer's 14.66 %,
80.8 %, 11.9 %); patch_embedding also under no_grad (its positions left unchanged) and inference_mode, softmax_cols
under inference_mode and on an expanded input.

Judgement calls: blind105_softmax_cols_jax_minus_equals_writes_into_scores returns the right weights; it is wrong
because it writes into its argument (and raises on a leaf that requires grad), which the contract forbids.
blind105_patch_embedding_jax_broadcast_to_then_at_add_in_place likewise writes into the caller's positions for a batch
of one and raises for larger batches. blind105_quantize_pixels_scipy_cdist_habit_mixed_dtypes is right whenever both
inputs share a dtype; I kept it because the contract computes in the promoted dtype and so allows mixed float32 /
float64 inputs (its model answer promotes). blind105_bucket_causal_clamp_with_float_zero_returns_floats has the right
values and the wrong dtype (float32, or float64 under a float64 default) in causal mode only.
blind105_sparse_cost_torch_div_as_integer_division is exact for small n (50005000 for n = 10**4) and wrong once n(n +
1) passes float32's exact integers. blind105_grid_attention_softmax_without_dim_as_tf_last_axis,
blind105_pixel_sequence_np_hstack_joins_second_axis, blind105_rotary_rotate_half_np_concatenate_default_axis,
blind105_patch_merging_np_concatenate_default_axis, blind105_window_reverse_python_iteration_walks_first_axis,
blind105_global_token_mask_np_logical_or_outer, blind105_one_hot_python_lists_from_tolist and
blind105_attention_decoder_step_r_c_flattens_batched_stack are right with no batch axis (or one) and wrong with the
batch axes the contract allows. blind105_generate_jax_style_key_split_every_step draws from the caller's generator and
advances it, but not with torch.multinomial(probs, 1, generator=generator) as the contract fixes, so its tokens differ
for a seed (mlm_corrupt, graded in distribution, allows the same habit: it is a right entry). The right local_mask and
padding_mask entries use torch.arange(1, n + 1) rather than the deprecated torch.range, which warns. Fewer entries
than the task's aim (25 wrong and 17 right instead of about 35 and 20): several planned mechanisms turned out to exist
already in earlier batches for the same function and were dropped, and the time box.

Counts: 25 wrong, 17 right.
Wrong per function: {'attention_decoder_step': 1, 'beam_search': 1, 'bpe_decode': 1, 'causal_mask': 1, 'channel_attention': 1, 'generate': 1, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'next_token_probs': 3, 'one_hot': 1, 'patch_embedding': 1, 'patch_merging': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'softmax_cols': 2, 'sparse_attention_cost': 1, 'train_bpe': 1, 'window_reverse': 1}.
Right per function: {'average_pool_head': 1, 'beam_search': 1, 'causal_mask': 1, 'generate': 1, 'layer_norm': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'next_token_probs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'quantize_pixels': 1, 'rotary_embedding': 1, 'sequence_log_prob': 1, 'softmax_cols': 1, 'strided_mask': 1, 'train_bpe': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_105 = {
    # NumPy habit: the descending order as np.argsort(-p), whose default kind (quicksort, an introsort) does not keep
    # equal probabilities in id order once V > 16. next_token_probs(torch.tensor([1.]*5 + [2.]*20 + [0.]*5), top_k=4):
    # model keeps ids [5, 6, 7, 8], entry keeps [5, 6, 7, 12]. Passes the visible tests.
    "blind105_next_token_probs_top_k_np_argsort_default_kind": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            import numpy as np
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.from_numpy(np.argsort(-probs.detach().cpu().numpy()).copy())  # largest first
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
    # NumPy habit: floats compared with np.isclose, whose default atol=1e-8 makes every temperature below 1e-8 greedy.
    # next_token_probs(torch.tensor([2., 2., 0.]), temperature=1e-9): model [0.5, 0.5, 0], entry [1, 0, 0]. Passes the
    # visible tests.
    "blind105_next_token_probs_greedy_test_by_np_isclose": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            import numpy as np
            if np.isclose(temperature, 0.0):  # never compare floats with ==
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            if top_k is not None:
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
    # Believes probs[order] is a view that can be written through (it is a copy, in NumPy and torch alike), so top-k
    # never zeroes anything. next_token_probs(torch.tensor([2., 1., 0.]), top_k=1): model [1, 0, 0], entry [0.665,
    # 0.245, 0.090]. Fails the visible tests.
    "blind105_next_token_probs_top_k_written_through_fancy_index_copy": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                probs = probs.clone()
                probs[order][top_k:] = 0.0  # zero everything after the k largest
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
    # NumPy habit: candidates ranked by np.argsort(-scores), unstable (default kind) for more than 16 candidates, so a
    # tie no longer goes to the earlier beam and lower token. A model whose every column is [1]*5 + [2]*20 + [0]*5 (V =
    # 30), beam_search(model, torch.tensor([0]), 1, 1): model [0, 5], entry [0, 6]. Passes the visible tests.
    "blind105_beam_search_candidates_ranked_by_np_argsort_default_kind": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            import numpy as np
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
                scores = np.array([candidate[0] for candidate in candidates])
                order = np.argsort(-scores)  # best first
                beams = [candidates[i] for i in order[:beam_width]]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # JAX habit: `key, subkey = jax.random.split(key)` each step, so each token is drawn from a fresh generator seeded
    # from the caller's stream instead of torch.multinomial(probs, 1, generator=generator). A model of all-zero logits
    # (V = 5), prompt [0], 6 new tokens, generator seeded 0: model [0, 2, 1, 1, 2, 2, 4], entry [0, 1, 3, 2, 1, 2, 4].
    # Passes the visible tests.
    "blind105_generate_jax_style_key_split_every_step": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                # key, subkey = jax.random.split(key): a fresh subkey for every draw
                seed = int(torch.randint(0, 2 ** 62, (), generator=generator))
                subkey = torch.Generator().manual_seed(seed)
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=subkey)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # JAX's counts.at[ids].add(freq) ported as counts[ids] += freq: torch (like NumPy) does not accumulate repeated
    # indices, so a pair seen in several words is counted once. train_bpe("xab yab cc", 1): model [("a", "b")], entry
    # [("x", "a")]. Fails the visible tests.
    "blind105_train_bpe_jax_at_add_counts_as_index_plus_equals": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            from collections import Counter
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                index, pairs, occurrences, frequencies = {}, [], [], []
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        if pair not in index:
                            index[pair] = len(pairs)
                            pairs.append(pair)
                        occurrences.append(index[pair])
                        frequencies.append(frequency)
                if not pairs:
                    break
                counts = torch.zeros(len(pairs), dtype=torch.long)
                counts[torch.tensor(occurrences)] += torch.tensor(frequencies)  # counts.at[occurrences].add(...)
                best = pairs[int(torch.argmax(counts))]
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # R's sub() (first match only) where gsub() was meant, as re.sub(..., count=1): only the first "</w>" becomes a
    # space. bpe_decode(["a</w>", "b</w>"]): model "a b", entry "a b</w>". Fails the visible tests.
    "blind105_bpe_decode_r_sub_replaces_first_marker_only": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            # (the stub's input checks)
            import re
            text = re.sub("</w>", " ", "".join(tokens), count=1)  # R: sub("</w>", " ", paste(tokens, collapse = ""))
            return text.rstrip(" ")
'''),
    # JAX habit: `scores -= column_max` rebinds a new array in JAX, but in torch it writes into the caller's tensor (and
    # raises on a leaf that requires grad). softmax_cols(s) with s = [[1., 2.], [3., 4.]]: the model leaves s as it was,
    # the entry leaves [[-2., -2.], [0., 0.]] (weights right). Passes the visible tests.
    "blind105_softmax_cols_jax_minus_equals_writes_into_scores": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            scores -= column_max  # as in JAX: x -= m gives a new array
            exps = torch.exp(scores)
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # NumPy habit: scores.max(axis=-2, keepdims=True) read as the array of maxima; torch accepts the NumPy keywords but
    # returns (values, indices). softmax_cols(torch.tensor([[1., 2.], [3., 4.]])): model [[0.119, 0.119], [0.881,
    # 0.881]], entry TypeError. Fails the visible tests.
    "blind105_softmax_cols_numpy_max_keywords_return_values_and_indices": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            column_max = scores.max(axis=-2, keepdims=True)  # NumPy: x.max(axis, keepdims) is the array of maxima
            exps = torch.exp(scores - column_max)
            return exps / exps.sum(axis=-2, keepdims=True)
'''),
    # tf.linalg.band_part ported as tril(num_upper).triu(-num_lower), forgetting that a negative count means "the whole
    # triangle" in TF: band_part(ones, 0, -1) becomes tril(-1).triu(0), empty. causal_mask(3): model the upper triangle,
    # entry all False. Fails the visible tests.
    "blind105_causal_mask_tf_band_part_minus_one_read_as_diagonal_offset": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            def band_part(x, num_lower, num_upper):
                # tf.linalg.band_part: keep num_lower diagonals below and num_upper above the main one
                return x.tril(num_upper).triu(-num_lower)

            ones = torch.ones(n, n, dtype=torch.bool)
            return band_part(ones, 0, -1)  # keys are rows: the diagonal and everything above it (-1 = all of them)
'''),
    # tf.nn.batch_normalization(x, mean, variance, offset, scale, eps) called in Keras' (gamma, beta) order, so gamma is
    # added and beta multiplies. layer_norm(torch.tensor([[0.], [2.]]), torch.ones(2), torch.zeros(2)): model [-1.0,
    # 1.0], entry [1.0, 1.0]. Fails the visible tests.
    "blind105_layer_norm_tf_batch_normalization_scale_and_offset_swapped": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            def batch_normalization(x, mean, variance, offset, scale, variance_epsilon):
                # tf.nn.batch_normalization: scale * (x - mean) / sqrt(variance + epsilon) + offset
                return (x - mean) * torch.rsqrt(variance + variance_epsilon) * scale + offset

            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            return batch_normalization(X, mean, variance, gamma[:, None], beta[:, None], eps)  # Keras: gamma, beta
'''),
    # MATLAB habit: the number of tokens as length(X), the largest dimension, so the default scale is 1/sqrt(max(C, N)).
    # C = 4, N = 2, one group, after torch.manual_seed(0) the four (4, 4) weights, the four biases, then X (4, 2):
    # output column 0, model [-2.790, 0.650, -7.374, 2.896], entry [-2.363, 0.734, -6.659, 3.220]. Passes the visible
    # tests.
    "blind105_channel_attention_matlab_length_as_token_count": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(max(X.shape[-2:]))  # MATLAB: length(X), the number of tokens
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # np.clip(-n, 0.0, None) thought to keep an integer array (as MATLAB's integer classes do); torch.clamp with a float
    # bound returns floats, so causal buckets come back float. relative_position_bucket(torch.tensor([-3, 0, 2]),
    # bidirectional=False): model tensor([3, 0, 0]) int64, entry tensor([3., 0., 0.]) float32. Passes the visible tests.
    "blind105_bucket_causal_clamp_with_float_zero_returns_floats": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(offset > 0, half, 0)
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = torch.clamp(-offset, min=0.0)  # np.clip(-n, 0.0, None): stays an integer array
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # rotate_half from NumPy, np.concatenate((-x2, x1)) with its default axis 0: right for a (D, N) query, but for a
    # batched one torch.cat(dim=0) stacks batch items. rotary_embedding(Q, K) with Q, K of shape (2, 4, 3): model (2, 4,
    # 3) results, entry RuntimeError. Fails the visible tests.
    "blind105_rotary_rotate_half_np_concatenate_default_axis": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.to(torch.float64)[None, :]
                cos = torch.cat([angles.cos(), angles.cos()]).to(X.dtype)  # np.concatenate([c, c]): rows
                sin = torch.cat([angles.sin(), angles.sin()]).to(X.dtype)
                x1, x2 = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                rotated_half = torch.cat([-x2, x1])  # np.concatenate((-x2, x1)): the feature axis
                return X * cos + rotated_half * sin

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # np.logical_or.outer over the flags: right for one sequence, but ufunc.outer pairs every axis, so a batch of flags
    # (2, 3) gives a (2, 3, 2, 3) mask. global_token_mask(torch.tensor([[True, False, False], [False, False, True]])):
    # model shape (2, 3, 3), entry (2, 3, 2, 3). Fails the visible tests.
    "blind105_global_token_mask_np_logical_or_outer": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            import numpy as np
            flags = is_global.cpu().numpy()
            return torch.from_numpy(np.logical_or.outer(flags, flags))  # [j, i] = flags[j] | flags[i]
'''),
    # MATLAB habit: torch.div taken for idivide, but on integer tensors it is true division in the default float dtype.
    # sparse_attention_cost("causal", 100001): model 5000150001, entry 5000150016 (and 1001882623091408896 for n =
    # 10**12). Passes the visible tests.
    "blind105_sparse_cost_torch_div_as_integer_division": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return int(torch.div(torch.tensor(n) * (n + 1), 2))  # idivide(n * (n + 1), 2)
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n + 2 * (w * n - w * (w + 1) // 2)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n + 2 * (m * n - stride * m * (m + 1) // 2)
            return n * n - (n - num_global) ** 2
'''),
    # np.hstack for "side by side": it joins axis 1 (axis 0 of 1-D inputs), the last axis only with at most one batch
    # axis. pixel_sequence(torch.zeros(2, 2, 2, 2, dtype=torch.long), 7): model inputs of shape (2, 2, 4), entry
    # RuntimeError. Passes the visible tests.
    "blind105_pixel_sequence_np_hstack_joins_second_axis": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().reshape(*ids.shape[:-2], -1)
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long, device=ids.device)
            inputs = torch.hstack([start, targets[..., :-1]])  # np.hstack: put them side by side
            return inputs, targets
'''),
    # scipy.spatial.distance.cdist habit (it converts both inputs to float64): torch.cdist needs one dtype and refuses
    # the mixed float32 / float64 inputs the contract allows. quantize_pixels(torch.rand(3, 2, 2), torch.rand(3, 4,
    # dtype=torch.float64)): model ids, entry RuntimeError. Passes the visible tests.
    "blind105_quantize_pixels_scipy_cdist_habit_mixed_dtypes": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            channels = palette.shape[0]
            pixels = images.movedim(-3, -1).reshape(-1, channels)  # one row per pixel, as scipy's cdist wants
            distances = torch.cdist(pixels, palette.T)  # scipy.spatial.distance.cdist(pixels, palette.T)
            ids = distances.argmin(dim=-1)
            return ids.reshape(*images.shape[:-3], *images.shape[-2:])
'''),
    # Plain Python lists from token_ids.tolist(): with batched ids the items are lists, `v == [..]` is False, and the
    # table is (V, B) of zeros. one_hot(torch.tensor([[0, 1], [1, 0]]), 2): model (2, 2, 2) with four ones, entry (2, 2)
    # all zeros. Fails the visible tests.
    "blind105_one_hot_python_lists_from_tolist": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            ids = token_ids.tolist()
            table = [[1.0 if v == i else 0.0 for i in ids] for v in range(vocab_size)]
            return torch.tensor(table, dtype=dtype or torch.get_default_dtype())
'''),
    # tf.nn.softmax's default axis (-1) assumed for F.softmax without dim, whose implicit dim is 0 for 0-D, 1-D and 3-D
    # inputs: the scores (B1, B2, N) are normalised over B1. s (2, 3, 4), features (2, 3, 5, 2, 2) after
    # torch.manual_seed(1): model weights[0, 0] sum to 1.000, entry 1.512. Passes the visible tests.
    "blind105_grid_attention_softmax_without_dim_as_tf_last_axis": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)  # (..., C, N)
            query = (s @ W.T).unsqueeze(-1)  # (..., D_a, 1)
            hidden = torch.tanh(U @ cells + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)  # (..., N)
            weights = F.softmax(scores)  # tf.nn.softmax: the last axis unless told otherwise
            context = (cells @ weights.unsqueeze(-1)).squeeze(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # np.concatenate's default axis 0: right for one grid (C, H, W), where axis 0 is C, but a batch of grids is stacked
    # along the batch. patch_merging(torch.randn(2, 1, 2, 2), torch.ones(4), torch.zeros(4), torch.randn(2, 4)): model
    # shape (2, 2, 1, 1), entry (8, 2, 1, 1). Fails the visible tests.
    "blind105_patch_merging_np_concatenate_default_axis": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            top_left = X[..., 0::2, 0::2]
            bottom_left = X[..., 1::2, 0::2]
            top_right = X[..., 0::2, 1::2]
            bottom_right = X[..., 1::2, 1::2]
            merged = torch.cat([top_left, bottom_left, top_right, bottom_right])  # np.concatenate: the channels
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Python-list habit: `for w in windows` taken to walk the windows; it walks axis 0, the batch when there is one.
    # window_reverse(torch.randn(2, 4, 3, 4), 2, 4, 4): model shape (2, 3, 4, 4), entry RuntimeError. Passes the visible
    # tests.
    "blind105_window_reverse_python_iteration_walks_first_axis": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            columns_of_windows = width // M
            tiles = [w.reshape(w.shape[0], M, M) for w in windows]  # the list of windows, each (C, M, M)
            rows = [torch.cat(tiles[r * columns_of_windows:(r + 1) * columns_of_windows], dim=-1)
                    for r in range(height // M)]
            return torch.cat(rows, dim=-2)
'''),
    # JAX's out = jnp.broadcast_to(positions, ...).at[..., 1:].add(tokens) written with torch's expand and +=: for B = 1
    # it adds into the caller's positions, for B > 1 torch refuses the write. positions zeros (2, 5), one 2x2 image, P =
    # 1: the model leaves positions zero, the entry leaves them all 1.0. Fails the visible tests.
    "blind105_patch_embedding_jax_broadcast_to_then_at_add_in_place": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            tokens = linear(patchify(images, patch_size), W, b)  # (B, D, N)
            out = positions.expand(tokens.shape[0], -1, -1)  # jnp.broadcast_to(positions, (B, D, N + 1))
            out[..., 1:] += tokens  # out = out.at[..., 1:].add(tokens)
            out[..., 0] += cls_token  # out = out.at[..., 0].add(cls_token)
            return out
'''),
    # Believes corrupted[chosen] is a view (it is a copy), so corrupted[chosen][to_mask] = mask_id writes nothing and no
    # token is ever replaced. mlm_corrupt(torch.arange(5, 1005), 1000, [0, 1], 2, torch.Generator().manual_seed(0),
    # mask_prob=1.0): model 808 mask ids, entry 0. Fails the visible tests.
    "blind105_mlm_corrupt_written_through_boolean_index_copy": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)[chosen]  # one draw per chosen position
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)[chosen]
            corrupted = ids.clone()
            to_mask = action < 0.8
            to_random = (action >= 0.8) & (action < 0.9)
            corrupted[chosen][to_mask] = mask_id  # the chosen positions, then those among them to mask
            corrupted[chosen][to_random] = random_ids[to_random]
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # R's c(y_prev, context) ported as torch.cat of flattened vectors: right for one state, but a batch of states is
    # flattened into one long input. A batch of 2 states (D_s = 3, E = 2, D_h = 4, N = 3, V = 6): model logits (2, 6),
    # entry RuntimeError (mat1 and mat2 shapes cannot be multiplied). Fails the visible tests.
    "blind105_attention_decoder_step_r_c_flattens_batched_stack": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = torch.cat([y_prev.flatten(), context.flatten()])  # R: c(y_prev, context)
            s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
            readout = torch.cat([s.flatten(), context.flatten()])  # c(s, context)
            logits = readout @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
}

RIGHT_BLIND_105 = {
    # Right: NumPy's argsort with kind="stable" on the detached probabilities (as float64) gives the order; the values
    # stay torch's (dtype kept); greedy through np.argmax (first maximum).
    "blind105_right_next_token_probs_np_argsort_kind_stable": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            import numpy as np

            def descending(p):  # np.argsort(-p, kind="stable"): ties keep the lower id first
                values = -p.detach().cpu().double().numpy()
                return torch.from_numpy(np.argsort(values, kind="stable").copy()).to(p.device)

            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[int(np.argmax(logits.detach().cpu().double().numpy()))] = 1.0
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
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Right: R's order(-score, position) as np.lexsort((positions, -scores)), ties to the earlier candidate.
    "blind105_right_beam_search_r_order_as_np_lexsort": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            import numpy as np
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
                scores = np.array([candidate[0] for candidate in candidates], dtype=np.float64)
                # R: order(-score, position) -- np.lexsort sorts by its last key first
                order = np.lexsort((np.arange(len(candidates)), -scores))
                beams = [candidates[i] for i in order[:beam_width]]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Right: the ids as a plain Python list grown with append; the model gets a fresh LongTensor of the (cropped)
    # context, the draw is torch.multinomial with the caller's generator.
    "blind105_right_generate_python_list_of_ids": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt.tolist()  # a plain Python list, grown with append
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(torch.tensor(context, dtype=prompt.dtype, device=prompt.device))[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = int(torch.multinomial(probs, 1, generator=generator))
                ids.append(next_id)
                if eos_id is not None and next_id == eos_id:
                    break
            return torch.tensor(ids, dtype=prompt.dtype, device=prompt.device)
'''),
    # Right: tf.gather(log_probs, ids[1:]) as row indexing, then tf.linalg.diag_part: row n, column n scores ids[n + 1].
    "blind105_right_sequence_log_prob_tf_gather_rows_then_diag_part": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            log_probs = torch.log_softmax(model(ids), dim=0)  # (V, N)
            picked = log_probs[ids[1:]]  # tf.gather(log_probs, ids[1:]): row n is log p(. ) for token ids[n + 1]
            return picked.diagonal().sum()  # tf.linalg.diag_part: row n, column n
'''),
    # Right: NumPy's bincount(occurrences, weights=frequencies) (repeated ids add up) over pair ids given in order of
    # first appearance; the first maximum is the pair seen first.
    "blind105_right_train_bpe_bincount_over_first_seen_pair_ids": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            from collections import Counter
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                index, pairs, occurrences, frequencies = {}, [], [], []
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        if pair not in index:
                            index[pair] = len(pairs)  # ids in order of first appearance
                            pairs.append(pair)
                        occurrences.append(index[pair])
                        frequencies.append(frequency)
                if not pairs:
                    break
                # np.bincount(occurrences, weights=frequencies): repeated ids add up
                weights = torch.tensor(frequencies, dtype=torch.float64)
                counts = torch.bincount(torch.tensor(occurrences), weights=weights, minlength=len(pairs))
                best = pairs[int(torch.argmax(counts))]  # the first maximum: the pair seen first
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # Right: jax.nn.softmax's stop_gradient on the column maximum as .detach() (the shift does not change the function,
    # so the gradient is the same); -inf maxima replaced by 0, all-zero columns left at zero.
    "blind105_right_softmax_cols_jax_stop_gradient_shift": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            shift = scores.detach().amax(dim=-2, keepdim=True)  # jax.lax.stop_gradient(x.max(axis, keepdims=True))
            shift = torch.where(torch.isfinite(shift), shift, torch.zeros_like(shift))
            exps = torch.exp(scores - shift)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / torch.where(total == 0, torch.ones_like(total), total)
'''),
    # Right: tf.linalg.band_part ported with its negative-count rule; band_part(ones, 0, -1) is the upper triangle.
    "blind105_right_causal_mask_tf_band_part_with_negative_counts": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            def band_part(x, num_lower, num_upper):
                # tf.linalg.band_part; a negative count keeps the whole triangle
                if num_upper >= 0:
                    x = x.tril(num_upper)
                if num_lower >= 0:
                    x = x.triu(-num_lower)
                return x

            return band_part(torch.ones(n, n, dtype=torch.bool), 0, -1)  # keys are rows: the upper triangle
'''),
    # Right: R's 1-based positions seq_len(n) for keys and queries; only differences matter.
    "blind105_right_local_mask_r_one_based_seq_len": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            keys = torch.arange(1, n + 1)[:, None]  # R: seq_len(n), positions 1..n
            queries = torch.arange(1, n + 1)[None, :]
            return abs(queries - keys) <= window
'''),
    # Right: R's 1-based key positions with an inclusive test, j <= length.
    "blind105_right_padding_mask_r_one_based_positions_inclusive": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            positions = torch.arange(1, n + 1, device=lengths.device)  # R: seq_len(n)
            visible = positions[None, :] <= lengths[:, None]  # 1-based key j is real iff j <= length
            return visible[:, :, None]
'''),
    # Right: tf.nn.batch_normalization's formula with offset = beta and scale = gamma passed by keyword.
    "blind105_right_layer_norm_tf_batch_normalization_offset_then_scale": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            def batch_normalization(x, mean, variance, offset, scale, variance_epsilon):
                # tf.nn.batch_normalization: scale * (x - mean) / sqrt(variance + epsilon) + offset
                return (x - mean) * torch.rsqrt(variance + variance_epsilon) * scale + offset

            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            return batch_normalization(X, mean, variance, offset=beta[:, None], scale=gamma[:, None],
                                       variance_epsilon=eps)
'''),
    # Right: the cos / sin tables in NumPy float64 (np.outer of frequencies and positions), cast to the input's dtype
    # before use, so a float32 input stays float32 and autograd reaches Q and K.
    "blind105_right_rotary_numpy_float64_tables_cast_to_input_dtype": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            import numpy as np

            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                p = np.arange(num) if positions is None else positions.cpu().numpy()
                theta = float(base) ** (-np.arange(0, dim, 2, dtype=np.float64) / dim)
                angles = np.outer(theta, p.astype(np.float64))  # (D/2, N), float64 as NumPy computes
                cos = torch.from_numpy(np.cos(angles)).to(X.dtype)  # back to the input's dtype
                sin = torch.from_numpy(np.sin(angles)).to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Right: np.fromfunction over (key j, query i) (it passes float index arrays; the residues are exact), then
    # torch.from_numpy of the bool table.
    "blind105_right_strided_mask_np_fromfunction": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            import numpy as np
            table = np.fromfunction(lambda j, i: (i - j) % stride == 0, (n, n))  # rows: keys j, columns: queries i
            return torch.from_numpy(np.asarray(table, dtype=bool))
'''),
    # Right: np.tensordot(pooled, W, axes=(-1, 1)) as torch.tensordot.
    "blind105_right_average_pool_head_np_tensordot": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(dim=-1)  # (..., D)
            logits = torch.tensordot(pooled, W, dims=([pooled.dim() - 1], [1]))  # np.tensordot(pooled, W, (-1, 1))
            return logits if b is None else logits + b
'''),
    # Right: scipy's cdist habit kept honest: both inputs cast to float64 first, then one torch.cdist call; ids reshaped
    # back to (..., H, W).
    "blind105_right_quantize_pixels_scipy_cdist_in_float64": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            pixels = images.to(torch.float64).movedim(-3, -1)  # (..., H, W, C); scipy's cdist works in float64
            rows = pixels.reshape(pixels.shape[:-1].numel(), pixels.shape[-1])
            distances = torch.cdist(rows, palette.to(torch.float64).T)  # cdist(pixels, palette.T)
            return distances.argmin(dim=-1).reshape(pixels.shape[:-1])
'''),
    # Right: Python lists over the flattened ids, the table reshaped to (V, ..., N) and the V axis moved before N.
    "blind105_right_one_hot_python_lists_of_flat_ids": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            flat = token_ids.reshape(-1).tolist()
            table = [[1.0 if v == i else 0.0 for i in flat] for v in range(vocab_size)]
            out = torch.tensor(table, dtype=dtype or torch.get_default_dtype(), device=token_ids.device)
            return out.reshape(vocab_size, *token_ids.shape).movedim(0, -2)
'''),
    # Right: JAX's broadcast_to(...).at[...].add(...) as the out-of-place Tensor.index_add (a new tensor; the expanded
    # positions are only read).
    "blind105_right_patch_embedding_jax_at_add_as_out_of_place_index_add": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            tokens = linear(patchify(images, patch_size), W, b)  # (B, D, N)
            batch, dim, num = tokens.shape
            out = positions.expand(batch, dim, num + 1)  # jnp.broadcast_to
            # out.at[..., 1:].add(tokens) and out.at[..., 0].add(cls): index_add without the underscore copies
            out = out.index_add(-1, torch.arange(1, num + 1, device=tokens.device), tokens)
            cls_column = cls_token[:, None].expand(batch, dim, 1)
            return out.index_add(-1, torch.zeros(1, dtype=torch.long, device=tokens.device), cls_column)
'''),
    # Right: jax.random.split as three generators seeded from draws of the caller's generator (so it advances and a seed
    # reproduces the call); same distribution as the model answer.
    "blind105_right_mlm_corrupt_jax_style_split_keys": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            def split(key):  # jax.random.split: a new key drawn from the caller's stream
                return torch.Generator().manual_seed(int(torch.randint(0, 2 ** 62, (), generator=key)))

            choose_key, action_key, token_key = split(generator), split(generator), split(generator)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=choose_key) < mask_prob)
            action = torch.rand(ids.shape, generator=action_key)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=token_key, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
}
