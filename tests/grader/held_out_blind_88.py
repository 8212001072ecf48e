"""Eighty-ninth blind batch of held-out implementations (prefix blind88_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, README.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_87.py) were only skimmed: their
entry names were pulled out with a regular expression and read per function, and every name here was checked against
them (nine right entries whose names matched an earlier entry exactly were dropped or replaced); held_out_blind_57.py
and held_out_blind_87.py for the header and layout. Nothing else under grader/ or tests/ was opened, grepped or run, nor
docs/grading.md, nor benchmarks/, nor the batches written at the same time (held_out_blind_89.py, held_out_blind_90.py).

Emphasis: unusual but correct implementations, mostly right entries, spread over 39 graded functions. Right entries:
log-space softmaxes (a guarded logsumexp then one renormalisation; PyTorch's softmax along dim -2 with its all -inf
columns turned from NaN into 0), torch.func.vmap over query columns and over tokens, masks by block recursion on halves,
by Python lists reshaped, by a tiled identity with the stride capped at n, by an int64 einsum of the ordinary flags and
De Morgan, the add-log(mask) trick in the scores' dtype, closed forms by complement and residue classes, one-hot columns
as the torch.diff of a step function, embedding by torch.take on row-major offsets, a float64 sinusoid table kept at
module level and grown on demand (handed out as a copy in the default dtype), sinusoids from torch.polar, a fused QKV
projection, per-head loops on row slices, heads by unflatten and einsum, a centring matrix in the input's dtype, the
encoder and decoder sub-layers as loops over (sub-layer, norm) pairs, cross-attention in float64 cast back, T5 buckets
evaluated once per distinct distance (torch.unique), RoPE as complex multiplication, quantisation by a running minimum
with strict <, F.embedding of the transposed palette, a gathered previous pixel, window reverse from rows of windows, the
original Swin slice labelling in numpy, patch merging by one reshape with the column offset outermost, channel attention
through attention's own function on transposed groups, ATen's gru_cell on a flattened batch, scores on the grid by
einsum, patches by slicing, the ViT projection as a strided convolution, MLM draws in other orders (one four-way
multinomial per eligible position; one uniform rescaled by p for the 80/10/10 split), NSP with a randint coin and the
other document by rejection, top-k / top-p by ranks from a double argsort, generation on a Python list of ints, beam
search on one float64 candidate tensor with a stable descending sort, and BPE training with incremental pair counts and
the tie rule applied explicitly, encoding with a per-call memo. Wrong entries: the same unusual tools going subtly wrong
(a float32 logsumexp or float32 phasors on float64 inputs, log of a bool mask in the default dtype, a module cache keyed
without the dtype, a centring matrix in the default dtype, a per-head loop keeping the head-axis unsqueeze, <= in a
running minimum, F.embedding on uint8 ids, F.pad's float fill value, as_strided with contiguous strides on a view,
int(n / s) beyond 2^53, a nested list that is flat when empty, a set of 0-d tensors, one uniform reused unscaled,
"other document" by content and by pooled sentences, an unstable descending sort, and a Counter whose insertion order
goes stale under incremental updates).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind88/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source in place of the function, `import math`, `import torch` and `import
torch.nn.functional as F` added after the module's `from __future__` line, and the stub's input checks substituted)
and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment says
whether it does (11 of the 18 wrong entries pass them). Each wrong entry's recorded input was run on the model answer
and on the entry and both printed; each differs as its comment says. Right entries were compared with the model answer:
the tensor functions on 200 to 400 random calls each, a quarter of them under a float64 default dtype: float32 and
float64 inputs, no, one and two batch axes, transposed and expanded views, masks (N_k, N_q), batched, (N_k, 1),
(1, N_q), padding (B, N_k, 1), causal and with queries that see no key, N_q != N_k, N = 1, empty grids and id lists,
every integer dtype of ids for the imagegpt functions, strides up to 2**40, offsets up to 4e8, sizes up to 2**60 for the
costs: equal shapes and dtypes, values to 2e-5 (float32) and 1e-11 (float64) and exactly for integer and bool results
(float64 outputs agree with the model to 2e-15 relative; the sinusoid tables to 3e-7, float32 accuracy), gradients of a
random projection with respect to every floating-point input and parameter to 1e-4 (no NaN at a finite entry),
arguments unchanged, and the call repeated under torch.no_grad() with grad mode still off afterwards; the softmaxes
also at scale 1e4 in float32 against a float64 softmax (the same 5e-8 error as the model). generate equal to the model
for the same seed over 300 random causal models (three calls on one generator, the generator's state afterwards equal,
and under torch.manual_seed); beam_search equal on 400 random models (all-equal and rounded logits for ties, V up to
300, eos None/0/V-1); the BPE functions exactly equal on 1500 random corpora and merge lists each (tabs, newlines,
no-break spaces, decomposed characters, "</" pieces, the [("a", "bc"), ("b", "c")] case, the worked example, the
ValueError); mlm_corrupt by its invariants and against the model's frequencies (chosen fraction within 0.02 of
mask_prob, [MASK] and kept fractions within 0.03, random ids uniform including the original, specials as list, tuple,
tensor and empty, mask_prob 0 and 1, empty ids, new draws from one generator); nsp_pairs by the counts of every
(example, B, label) over 3000 seeds against the model's, sentences returned as the same objects.

Judgement calls: the right MLM and NSP entries draw in other orders than the model (only the distribution is graded,
as the contract says for mlm_corrupt and the brief for both), so their results differ from the model's for a seed.
blind88_right_apply_mask_add_log_of_mask_in_scores_dtype sends gradient 1 (not 0) to hidden scores, whose outputs are
-inf; the contract accepts both. The log-space softmax and additive-attention entries give NaN gradients only at -inf
inputs, which the contract does not compare. blind88_right_channel_attention_through_sdpa_on_transposes folds a given
scale into the queries (scale * sqrt(N), then attention divides by sqrt(N)); the graded default is exact.
blind88_right_shifted_window_mask_numpy_slice_regions and blind88_right_decoder_step_aten_gru_cell_flat_batch call other
functions of their module's package (window_partition) or ATen ops (torch.gru_cell) that nn.GRUCell itself uses.
Wrong entries that only show on inputs the visible tests do not try: blind88_sparse_cost_residue_classes_float_quotient
(n beyond 2^53; the contract says exact for every n), blind88_pixel_sequence_f_pad_float_fill_value (sos_id beyond 2^53),
blind88_causal_mask_nested_list_comprehension_flat_when_empty (n = 0, where only the (0, 0) result or an exception is
accepted), blind88_sinusoidal_table_cache_keyed_by_dim_only (needs one call under each default dtype in one process),
blind88_beam_search_candidate_tensor_unstable_sort (ties among a few hundred candidates; CPU's unstable sort keeps short
rows in order). Dropped: a T5-bucket table built with numpy's float64 log as a wrong entry (on 32/64/128 buckets and
the usual max distances no boundary distance lands differently from float32, so no input could be shown), and nine
right entries whose names an earlier batch already holds (an einsum sdpa with pre-scaled queries, var_mean and rsqrt,
project-then-average pooling, a slice loop for window_partition, gather minus logsumexp, split-and-join decoding, a
scatter one-hot, index_select embedding and a rolled pixel sequence; the last three were replaced by the diff, take and
gather entries).

Counts: 18 wrong, 43 right.
Wrong per function: {'softmax_cols': 1, 'apply_mask': 1, 'causal_mask': 1, 'sparse_attention_cost': 1, 'sinusoidal_positions': 1, 'layer_norm': 1, 'multi_head_attention': 1, 'rotary_embedding': 1, 'quantize_pixels': 1, 'dequantize_pixels': 1, 'pixel_sequence': 1, 'window_partition': 1, 'mlm_corrupt': 2, 'nsp_pairs': 2, 'beam_search': 1, 'train_bpe': 1}.
Right per function: {'softmax_cols': 3, 'causal_mask': 1, 'padding_mask': 1, 'apply_mask': 1, 'strided_mask': 1, 'global_token_mask': 1, 'sparse_attention_cost': 1, 'one_hot': 1, 'embed': 1, 'sinusoidal_positions': 2, 'self_attention': 1, 'multi_head_attention': 2, 'layer_norm': 1, 'feed_forward': 1, 'transformer_layer': 1, 'cross_attention': 1, 'decoder_layer': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'quantize_pixels': 1, 'dequantize_pixels': 1, 'pixel_sequence': 1, 'window_reverse': 1, 'shifted_window_mask': 1, 'patch_merging': 1, 'channel_attention': 1, 'additive_attention': 1, 'attention_decoder_step': 1, 'grid_attention': 1, 'patchify': 1, 'patch_embedding': 1, 'mlm_corrupt': 2, 'nsp_pairs': 1, 'next_token_probs': 1, 'generate': 1, 'beam_search': 1, 'train_bpe': 1, 'bpe_encode': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""

WRONG_BLIND_88 = {
    # ------------------------------------------------------------------ softmax.softmax_cols
    # Log-space softmax whose logsumexp is taken in float32 "for speed" and cast back: float32 results are right, but a
    # float64 input loses float64 accuracy (the shift carries float32's rounding, about 1e-8 relative).
    # softmax_cols(float64 randn(5, 3)): error against the exact softmax 1e-16 for the model, 5e-8 for the entry. Fails
    # the visible tests.
    "blind88_softmax_cols_logsumexp_taken_in_float32": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            lse = torch.logsumexp(scores.float(), dim=-2, keepdim=True).to(scores.dtype)
            lse = torch.where(torch.isneginf(lse), torch.zeros_like(lse), lse)
            return torch.exp(scores - lse)
'''),
    # ------------------------------------------------------------------ masking
    # Adds torch.log of the bool mask directly: log of a bool tensor comes out in torch's default dtype, so float32
    # scores become float64 under a float64 default (values are right). apply_mask(float32 zeros(2, 2), mask) under
    # torch.set_default_dtype(torch.float64): model float32, entry float64. Passes the visible tests.
    "blind88_apply_mask_add_log_of_bool_mask_default_dtype": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores + torch.log(mask)
'''),
    # A nested list comprehension turned into a tensor: for n = 0 the empty list gives shape (0,), neither the empty
    # (0, 0) mask nor an exception (the two results the contract accepts there). causal_mask(0): model shape (0, 0),
    # entry shape (0,). Passes the visible tests.
    "blind88_causal_mask_nested_list_comprehension_flat_when_empty": ("masking", "causal_mask", '''
        def causal_mask(n):
            return torch.tensor([[j <= i for i in range(n)] for j in range(n)], dtype=torch.bool)
'''),
    # ------------------------------------------------------------------ sparse_attention.sparse_attention_cost
    # Residue classes with q = int(n / stride): the float division rounds once n passes 2^53, so q (and the count) is
    # off (and the remainder no longer fixes it up). sparse_attention_cost("strided", 10**16 + 3, stride=2): model
    # 50000000000000030000000000000005, entry 50000000000000030000000000000003. Passes the visible tests.
    "blind88_sparse_cost_residue_classes_float_quotient": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                outside = max(n - window - 1, 0)
                return n * n - outside * (outside + 1)
            if pattern == "strided":
                q = int(n / stride)
                r = n - q * stride
                return r * (q + 1) ** 2 + (stride - r) * q ** 2
            return num_global * (2 * n - num_global)
'''),
    # ------------------------------------------------------------------ embeddings.sinusoidal_positions
    # A module-level table grown on demand, keyed by dim only and kept in the dtype of the call that built it: after a
    # call under a float32 default, a call under a float64 default gets float32 back. sinusoidal_positions(4, 6), then
    # the same under torch.set_default_dtype(torch.float64): model float64, entry float32. Passes the visible tests
    # (each test run starts from a fresh table).
    "blind88_sinusoidal_table_cache_keyed_by_dim_only": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            tables = globals().setdefault("_POSITION_TABLES", {})
            table = tables.get(dim)
            if table is None or table.shape[1] < num_positions:
                n = torch.arange(max(num_positions, 1), dtype=torch.float64)
                rate = 10000.0 ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = rate[:, None] * n[None, :]
                table = torch.empty(dim, n.shape[0], dtype=torch.float64)
                table[0::2] = angles.sin()
                table[1::2] = angles[: dim // 2].cos()
                tables[dim] = table = table.to(torch.get_default_dtype())
            return table[:, :num_positions].clone()
'''),
    # ------------------------------------------------------------------ transformer_layer.layer_norm
    # The centring matrix I - 11^T/D built with torch.eye in the default dtype: an input in the other float dtype
    # meets a matmul of mixed dtypes. layer_norm(float64 X, ...) under a float32 default: model float64 result, entry
    # RuntimeError (expected m1 and m2 to have the same dtype). Fails the visible tests.
    "blind88_layer_norm_centering_matrix_in_default_dtype": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            D = X.shape[-2]
            centre = torch.eye(D) - 1.0 / D
            centred = centre @ X
            var = centred.square().mean(dim=-2, keepdim=True)
            return gamma[:, None] * centred / (var + eps).sqrt() + beta[:, None]
'''),
    # ------------------------------------------------------------------ multihead.multi_head_attention
    # A per-head loop on row slices that kept the batched version's mask.unsqueeze(-3): the slices have no head axis,
    # so the mask's extra axis broadcasts into the output. multi_head_attention(X (4, 3), X, params, 2, causal_mask(3)):
    # model shape (4, 3), entry (1, 4, 3). Fails the visible tests.
    "blind88_mha_head_loop_keeps_head_axis_on_mask": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            if mask is not None:
                mask = mask.unsqueeze(-3)                     # one mask for all heads
            size = dim // num_heads
            outputs = []
            for h in range(num_heads):
                rows = slice(h * size, (h + 1) * size)
                out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                outputs.append(out)
            return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ positions.rotary_embedding
    # Complex rotation whose unit phasors come from float32 angles (torch.polar on float32): right for float32 inputs,
    # but a float64 input is rotated with float32 cosines and sines. rotary_embedding(float64 Q (4, 6), K): model vs
    # entry differ by about 5e-8 (float64 accuracy is about 1e-16). Fails the visible tests.
    "blind88_rotary_complex_phasor_from_float32_angles": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def turn(X, positions):
                half = X.shape[-2] // 2
                if positions is None:
                    positions = torch.arange(X.shape[-1])
                theta = base ** (-torch.arange(0, 2 * half, 2, dtype=torch.float32) / (2 * half))
                angle = theta[:, None] * positions.to(torch.float32)[None, :]
                phasor = torch.polar(torch.ones_like(angle), angle)
                z = torch.complex(X[..., :half, :], X[..., half:, :]) * phasor
                return torch.cat([z.real, z.imag], dim=-2).to(X.dtype)
            return turn(Q, positions_q), turn(K, positions_k)
'''),
    # ------------------------------------------------------------------ imagegpt
    # Running minimum over the palette with <=: a later colour at an equal distance replaces the earlier one, so exact
    # ties (a palette holding the same colour twice, or a pixel halfway between two) go to the highest id.
    # quantize_pixels(zeros(1, 1, 1), palette [[0., 0.]]): model [[0]], entry [[1]]. Fails the visible tests.
    "blind88_quantize_running_min_less_or_equal": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            x = images.to(dtype)
            best = best_id = None
            for k in range(palette.shape[1]):
                d = (x - palette[:, k].to(dtype)[:, None, None]).square().sum(dim=-3)
                if best is None:
                    best, best_id = d, torch.zeros(d.shape, dtype=torch.long)
                else:
                    closer = d <= best
                    best = torch.where(closer, d, best)
                    best_id = torch.where(closer, k, best_id)
            return best_id
'''),
    # F.embedding on the transposed palette without casting the ids: embedding takes only int64/int32 indices, so the
    # common uint8 images of ids (and int16, int8) raise. dequantize_pixels(uint8 zeros(2, 2), palette (3, 4)): model
    # (3, 2, 2), entry RuntimeError. Passes the visible tests.
    "blind88_dequantize_embedding_ids_not_cast_to_long": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            return F.embedding(ids, palette.T).movedim(-1, -3)
'''),
    # F.pad with value=sos_id: pad's fill value is a float, so a start id above 2^53 is rounded.
    # pixel_sequence(zeros(1, 2), 2**53 + 1): model inputs[0] 9007199254740993, entry 9007199254740992. Passes the visible
    # tests.
    "blind88_pixel_sequence_f_pad_float_fill_value": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).long()
            return F.pad(targets[..., :-1], (1, 0), value=sos_id), targets
'''),
    # ------------------------------------------------------------------ swin.window_partition
    # as_strided with the strides a contiguous (..., C, H, W) tensor would have, applied to the input as given: a
    # transposed or sliced input is read at the wrong places. window_partition(arange(16.).reshape(1, 4, 4).mT, 2):
    # model window 0 [0, 4, 1, 5], entry [0, 1, 4, 5]. Passes the visible tests.
    "blind88_window_partition_as_strided_assumes_contiguous": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            lead = 1
            for size in batch:
                lead *= size
            a, b = height // M, width // M
            s_w, s_h, s_c = 1, width, height * width
            s_b = channels * s_c
            view = X.as_strided((lead, a, b, channels, M, M), (s_b, M * s_h, M * s_w, s_c, s_h, s_w),
                                X.storage_offset())
            return view.reshape(*batch, a * b, channels, M * M)
'''),
    # ------------------------------------------------------------------ pretraining
    # The special ids collected with set(special_ids): given as a LongTensor, the set holds 0-d tensors, which hash by
    # identity, so no int is ever "in" it and special positions get chosen. mlm_corrupt(ids of [CLS]=0 only,
    # special_ids=tensor([0]), mask_prob=1.0): model labels all -100, entry labels all 0. Passes the visible tests.
    "blind88_mlm_corrupt_special_ids_python_set_of_tensors": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = set(special_ids)
            flat = ids.reshape(-1).tolist()
            eligible = torch.tensor([token not in special for token in flat], dtype=torch.bool).reshape(ids.shape)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # One uniform per position reused for the 80/10/10 split without rescaling: a chosen position has u < p = 0.15,
    # always below 0.8, so every chosen token becomes [MASK] (no random or kept tokens). mlm_corrupt(ids (2000,),
    # mask_prob=0.15): model 19.4 % of the chosen positions not [MASK], entry 0 %. Fails the visible tests.
    "blind88_mlm_corrupt_one_uniform_split_unscaled": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            u = torch.rand(ids.shape, generator=generator)
            chosen = ~torch.isin(ids, special) & (u < mask_prob)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (u < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (u >= 0.8) & (u < 0.9), random_ids, corrupted)
            return corrupted, torch.where(chosen, ids.long(), -100)
'''),
    # "Other document" tested by content (d != document): a document equal to A's own (a repeated document) is never
    # drawn, so the others are over-drawn. nsp_pairs([["a", "b"], ["a", "b"], ["c"]]) over 2000 seeds: B = "c" in 0.51 of
    # the first document's label-1 examples for the model, in all of them for the entry. Passes the visible tests.
    "blind88_nsp_pairs_other_document_by_content": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for document in documents:
                others = [d for d in documents if d != document]
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        other = others[torch.randint(len(others), (), generator=generator).item()]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # The random B drawn uniformly from all sentences of the other documents pooled, not a uniform document and then
    # a uniform sentence of it: long documents are over-drawn. nsp_pairs([["a", "b"], ["c"], ["d", "e", "f"]]) over 2000
    # seeds: B = "c" in 0.49 of the first document's label-1 examples for the model, 0.24 for the entry. Passes the
    # visible tests.
    "blind88_nsp_pairs_random_sentence_from_pooled_others": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                pool = [s for k, d in enumerate(documents) if k != index for s in d]
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pairs.append((a, pool[torch.randint(len(pool), (), generator=generator).item()], 1))
            return pairs
'''),
    # ------------------------------------------------------------------ sampling.beam_search
    # The candidate-tensor beam search with torch.sort(descending=True) without stable=True: on CPU, equal scores in
    # a long row come back in another order, so ties no longer go to the earlier beam and lower token id.
    # beam_search(model with all-equal logits over V = 300, prompt [0], 2, 1): model [0, 0], entry [0, 196].
    # Passes the visible tests.
    "blind88_beam_search_candidate_tensor_unstable_sort": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(torch.zeros((), dtype=torch.float64), prompt, False)]
            for _ in range(max_new_tokens):
                scores, origin = [], []
                for b, (score, ids, done) in enumerate(beams):
                    if done:
                        scores.append(score.reshape(1))
                        origin.append((b, None))
                    else:
                        lp = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                        scores.append(score + lp)
                        origin.extend((b, t) for t in range(lp.shape[0]))
                flat = torch.cat(scores)
                keep = torch.sort(flat, descending=True).indices[:beam_width]
                new = []
                for i in keep.tolist():
                    b, t = origin[i]
                    score, ids, done = beams[b]
                    if t is None:
                        new.append((score, ids, True))
                    else:
                        new.append((flat[i], torch.cat([ids, ids.new_tensor([t])]), t == eos_id))
                beams = new
                if all(done for _, _, done in beams):
                    break
            return beams[0][1]
'''),
    # ------------------------------------------------------------------ bpe.train_bpe
    # Incremental pair counts in one Counter kept across merges, with max() over it for the tie rule: a pair created
    # by a merge is inserted at the end of the Counter, behind pairs first seen later in the corpus, so ties no longer
    # go to the first occurrence in the current segmentation. The worked example, train_bpe("low "*5 + "lower "*2 +
    # "newer "*6, 3): model [("w", "e"), ("we", "r"), ("wer", "</w>")], entry [("w", "e"), ("r", "</w>"), ("we",
    # "r</w>")] (the new pair ("we", "r") sits behind ("r", "</w>")). Fails the visible tests.
    "blind88_train_bpe_incremental_counter_stale_insertion_order": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            from collections import Counter
            freq = Counter(tuple(w) for w in words)
            seg = {w: list(w) for w in freq}
            counts = Counter()
            for w, f in freq.items():
                for pair in zip(seg[w], seg[w][1:]):
                    counts[pair] += f
            merges = []
            while len(merges) < num_merges:
                counts = +counts                              # drop pairs whose count fell to 0
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for w, f in freq.items():
                    if best[0] not in seg[w]:
                        continue
                    for pair in zip(seg[w], seg[w][1:]):
                        counts[pair] -= f
                    seg[w] = merge_pair(seg[w], best)
                    for pair in zip(seg[w], seg[w][1:]):
                        counts[pair] += f
            return merges
'''),
}

RIGHT_BLIND_88 = {
    # ------------------------------------------------------------------ softmax.softmax_cols
    # Log-space: exp(s - logsumexp(s)) down each column, the logsumexp of an all -inf column replaced by 0 with
    # torch.where (exp(-inf - 0) = 0), then one renormalising division to remove the rounding of the logsumexp.
    "blind88_right_softmax_cols_logsumexp_guarded_then_renormalised": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            lse = torch.logsumexp(scores, dim=-2, keepdim=True)                 # (..., 1, N)
            lse = torch.where(torch.isneginf(lse), torch.zeros_like(lse), lse)  # an all -inf column: shift by 0
            weights = torch.exp(scores - lse)
            total = weights.sum(dim=-2, keepdim=True)
            return weights / torch.where(total > 0, total, torch.ones_like(total))
'''),
    # torch.func.vmap of a one-column softmax over the query axis (the last one); the column's own batch axes ride along.
    "blind88_right_softmax_cols_vmap_over_query_columns": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            def one_column(col):                                   # col (..., M): the keys of one query
                top = col.amax(dim=-1, keepdim=True)
                top = torch.where(torch.isinf(top) & (top < 0), torch.zeros_like(top), top)
                e = (col - top).exp()
                s = e.sum(dim=-1, keepdim=True)
                return e / torch.where(s == 0, torch.ones_like(s), s)
            if scores.shape[-1] == 0:
                return scores.clone()
            return torch.func.vmap(one_column, in_dims=-1, out_dims=-1)(scores)
'''),
    # PyTorch's softmax along dim -2 (the column), whose all -inf columns come out NaN, then nan_to_num(nan=0.0); a
    # NaN can only come from such a column, since finite and -inf entries give finite weights.
    "blind88_right_softmax_cols_builtin_dim_minus_two_nan_to_zero": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            return torch.nan_to_num(torch.softmax(scores, dim=-2), nan=0.0)
'''),
    # ------------------------------------------------------------------ masking
    # Divide and conquer: the causal mask of n is [[causal(a), True], [False, causal(n - a)]] with a = n // 2; the
    # recursion depth is log2(n).
    "blind88_right_causal_mask_block_recursion_on_halves": ("masking", "causal_mask", '''
        def causal_mask(n):
            if n <= 1:
                return torch.ones(n, n, dtype=torch.bool)
            a = n // 2
            top = torch.cat([causal_mask(a), torch.ones(a, n - a, dtype=torch.bool)], dim=1)
            bottom = torch.cat([torch.zeros(n - a, a, dtype=torch.bool), causal_mask(n - a)], dim=1)
            return torch.cat([top, bottom], dim=0)
'''),
    # Python lists: one row of flags per sequence, reshaped to (B, n, 1) (so B = 0 or n = 0 keep their shape).
    "blind88_right_padding_mask_nested_lists_reshaped": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            rows = [[j < length for j in range(n)] for length in lengths.tolist()]
            return torch.tensor(rows, dtype=torch.bool).reshape(len(rows), n, 1)
'''),
    # Adds log(mask) in the scores' dtype: log 1 = 0 keeps a visible score exactly, log 0 = -inf hides it.
    "blind88_right_apply_mask_add_log_of_mask_in_scores_dtype": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores + torch.log(mask.to(scores.dtype))
'''),
    # ------------------------------------------------------------------ sparse_attention
    # The strided pattern is the identity of size s tiled over the grid (keys and queries with equal residues mod s);
    # s is capped at n first (a stride of n or more sees only the diagonal), so a huge stride costs nothing.
    "blind88_right_strided_mask_tiled_identity_capped_stride": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            s = max(1, min(stride, n))
            reps = -(-n // s)                                   # ceil(n / s)
            return torch.eye(s, dtype=torch.bool).repeat(reps, reps)[:n, :n].clone()
'''),
    # De Morgan on integers: a pair is hidden iff both tokens are ordinary; the outer product of the ordinary flags
    # with einsum on int64, then negated.
    "blind88_right_global_token_mask_einsum_of_ordinary_flags": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            ordinary = (~is_global).long()
            both_ordinary = torch.einsum("...j,...i->...ji", ordinary, ordinary)
            return both_ordinary == 0
'''),
    # Counts by complement and residue classes: local = n^2 minus the two triangles beyond the band; strided = the
    # residue classes mod s (r classes of q + 1 tokens and s - r of q, n = q s + r), each a complete square.
    "blind88_right_sparse_cost_band_complement_and_residue_classes": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * n - n * (n - 1) // 2
            if pattern == "local":
                outside = max(n - window - 1, 0)              # offsets window+1 .. n-1 on each side
                return n * n - outside * (outside + 1)
            if pattern == "strided":
                q, r = divmod(n, stride)
                return r * (q + 1) ** 2 + (stride - r) * q ** 2
            g = num_global
            return g * (2 * n - g)
'''),
    # The difference along the vocabulary axis of the step function [v >= id] (0 below the id, 1 from it on): torch.diff
    # with a zero row prepended is 1 exactly at v = id.
    "blind88_right_one_hot_diff_of_step_function": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            vocabulary = torch.arange(vocab_size)[:, None]                      # (V, 1)
            step = (vocabulary >= token_ids.unsqueeze(-2)).to(torch.int8)       # (..., V, N)
            start = torch.zeros_like(step[..., :1, :])
            onehot = torch.diff(step, dim=-2, prepend=start)
            return onehot.to(dtype if dtype is not None else torch.get_default_dtype())
'''),
    # torch.take on flat row-major offsets d * V + id (take reads its input in logical row-major order, whatever the
    # table's strides), the offsets built as a (D, ..., N) grid.
    "blind88_right_embed_take_flat_row_major_offsets": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            D, V = omega_e.shape
            rows = torch.arange(D).reshape(D, *([1] * token_ids.dim()))
            offsets = rows * V + token_ids.long().unsqueeze(0)                   # (D, ..., N)
            return torch.take(omega_e, offsets).movedim(0, -2)
'''),
    # A float64 table per dim kept at module level and extended on demand (doubling); a call returns a fresh copy in
    # the default dtype, so a caller writing into it cannot spoil the table.
    "blind88_right_sinusoidal_float64_table_grown_on_demand": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            tables = globals().setdefault("_SINUSOID_TABLES", {})
            table = tables.get(dim)
            if table is None or table.shape[1] < num_positions:
                size = max(num_positions, 2 * (0 if table is None else table.shape[1]), 1)
                n = torch.arange(size, dtype=torch.float64)
                rate = 10000.0 ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = rate[:, None] * n[None, :]
                table = torch.empty(dim, size, dtype=torch.float64)
                table[0::2] = angles.sin()
                table[1::2] = angles[: dim // 2].cos()
                tables[dim] = table
            return table[:, :num_positions].to(torch.get_default_dtype(), copy=True)
'''),
    # Unit complex numbers from torch.polar: the real part is the cosine, the imaginary part the sine.
    "blind88_right_sinusoidal_polar_real_and_imaginary_rows": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            pos = torch.arange(num_positions, dtype=torch.float64)
            freq = torch.pow(10000.0, -torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angle = torch.outer(freq, pos)                                       # (ceil(D/2), N)
            z = torch.polar(torch.ones_like(angle), angle)
            rows = torch.stack([z.imag, z.real], dim=1).reshape(2 * freq.shape[0], num_positions)   # sin, cos, sin, cos, ...
            return rows[:dim].to(torch.get_default_dtype())
'''),
    # One fused projection: Wq, Wk, Wv stacked into a (2Dk + Dv, D) matrix, then split by rows.
    "blind88_right_self_attention_fused_qkv_projection": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            W = torch.cat([Wq, Wk, Wv], dim=0)
            b = torch.cat([bq, bk, bv], dim=0)
            Q, K, V = (W @ X + b[:, None]).split([Wq.shape[0], Wk.shape[0], Wv.shape[0]], dim=-2)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # ------------------------------------------------------------------ multihead
    # A Python loop over heads on row slices, each an ordinary attention call (the mask needs no head axis then), the
    # head outputs concatenated on the feature axis.
    "blind88_right_mha_head_loop_row_slices_cat": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            size = dim // num_heads
            outputs = []
            for h in range(num_heads):
                rows = slice(h * size, (h + 1) * size)
                out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                outputs.append(out)
            return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    # Heads by unflatten and einsum, the softmax by softmax_cols on (..., H, Nk, Nq).
    "blind88_right_mha_unflatten_heads_einsum": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .softmax import softmax_cols
            size = dim // num_heads
            q = (params["Wq"] @ Xq + params["bq"][:, None]).unflatten(-2, (num_heads, size))
            k = (params["Wk"] @ Xkv + params["bk"][:, None]).unflatten(-2, (num_heads, size))
            v = (params["Wv"] @ Xkv + params["bv"][:, None]).unflatten(-2, (num_heads, size))
            scores = torch.einsum("...hdk,...hdq->...hkq", k, q) / math.sqrt(size)
            if mask is not None:
                scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
            weights = softmax_cols(scores)
            heads = torch.einsum("...hdk,...hkq->...hdq", v, weights).flatten(-3, -2)
            return params["Wo"] @ heads + params["bo"][:, None]
'''),
    # Centring by the matrix I - 11^T/D built in X's dtype, variance as the mean square of the centred columns.
    "blind88_right_layer_norm_centering_matrix_in_input_dtype": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            D = X.shape[-2]
            centre = torch.eye(D, dtype=X.dtype, device=X.device) - 1.0 / D
            centred = centre @ X
            var = centred.square().mean(dim=-2, keepdim=True)
            return gamma[:, None] * centred / (var + eps).sqrt() + beta[:, None]
'''),
    # torch.func.vmap of a one-token MLP over the token axis.
    "blind88_right_feed_forward_vmap_over_tokens": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            def token(x):                                         # x (..., D): one column per batch item
                return torch.relu(x @ W1.T + b1) @ W2.T + b2
            if X.shape[-1] == 0:
                return linear(torch.relu(linear(X, W1, b1)), W2, b2)
            return torch.func.vmap(token, in_dims=-1, out_dims=-1)(X)
'''),
    # The two sub-layers as (function, gamma, beta) triples in a loop; pre-LN and post-LN differ in where the norm is.
    "blind88_right_transformer_layer_sublayer_triples_loop": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            sublayers = [
                (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), params["gamma1"], params["beta1"]),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
                 params["gamma2"], params["beta2"]),
            ]
            for sublayer, gamma, beta in sublayers:
                if norm_first:
                    X = X + sublayer(layer_norm(X, gamma, beta, 1e-5))
                else:
                    X = layer_norm(X + sublayer(X), gamma, beta, 1e-5)
            return X
'''),
    # ------------------------------------------------------------------ cross_attention
    # Runs the attention in float64 (inputs and every parameter cast up) and casts the result back.
    "blind88_right_cross_attention_float64_params_cast_back": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            wide = {key: value.double() for key, value in params.items()}
            out = multi_head_attention(X_dec.double(), X_enc.double(), wide, num_heads, enc_mask)
            return out.to(X_dec.dtype)
'''),
    # The causal mask from triu of a ones matrix (row = key, column = query: keep column >= row), and the three
    # residual steps as a loop over (sub-layer, norm index).
    "blind88_right_decoder_layer_triu_mask_and_step_loop": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            causal = torch.ones(n, n, dtype=torch.bool, device=X_dec.device).triu()
            steps = (
                lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, causal),
                lambda Y: multi_head_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask),
                lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
            )
            X = X_dec
            for index, step in enumerate(steps, start=1):
                X = layer_norm(X + step(X), params[f"gamma{index}"], params[f"beta{index}"])
            return X
'''),
    # ------------------------------------------------------------------ positions
    # The formula evaluated once per distinct distance (torch.unique with return_inverse), then gathered back.
    "blind88_right_relative_bucket_formula_on_unique_distances": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offsets = relative_position.long()
            if bidirectional:
                n = num_buckets // 2
                upper = (offsets > 0).long() * n
                distance = offsets.abs()
            else:
                n = num_buckets
                upper = torch.zeros_like(offsets)
                distance = (-offsets).clamp(min=0)
            values, inverse = torch.unique(distance, return_inverse=True)
            exact = n // 2
            ratio = torch.log(values.to(torch.float32) / exact) / math.log(max_distance / exact)
            far = (exact + (ratio * (n - exact)).to(torch.int64)).clamp(max=n - 1)
            buckets = torch.where(values < exact, values, far)
            return upper + buckets[inverse]
'''),
    # Rows i and i + D/2 as the real and imaginary parts of a complex number, multiplied by e^{i p theta} (the angles
    # in float64, the unit numbers cast to the input's complex dtype).
    "blind88_right_rotary_complex_halves_times_unit_phasor": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def turn(X, positions):
                half = X.shape[-2] // 2
                if positions is None:
                    positions = torch.arange(X.shape[-1])
                theta = float(base) ** (-torch.arange(half, dtype=torch.float64) * 2 / (2 * half))
                angle = theta[:, None] * positions.to(torch.float64)[None, :]
                phasor = torch.polar(torch.ones_like(angle), angle)
                phasor = phasor.to(torch.complex64 if X.dtype == torch.float32 else torch.complex128)
                z = torch.complex(X[..., :half, :], X[..., half:, :]) * phasor
                return torch.cat([z.real, z.imag], dim=-2)
            return turn(Q, positions_q), turn(K, positions_k)
'''),
    # ------------------------------------------------------------------ imagegpt
    # A running minimum over the palette's colours with strict < (an equal later distance never replaces the earlier
    # colour, so ties keep the lowest id).
    "blind88_right_quantize_running_min_strict_less": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            x = images.to(dtype)
            best = best_id = None
            for k in range(palette.shape[1]):
                colour = palette[:, k].to(dtype)[:, None, None]
                d = (x - colour).square().sum(dim=-3)
                if best is None:
                    best, best_id = d, torch.zeros(d.shape, dtype=torch.long)
                else:
                    closer = d < best
                    best = torch.where(closer, d, best)
                    best_id = torch.where(closer, k, best_id)
            return best_id
'''),
    # F.embedding on the transposed palette, then the channel axis moved in front of H, W.
    "blind88_right_dequantize_embedding_of_transposed_palette": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            return F.embedding(ids.long(), palette.T).movedim(-1, -3)
'''),
    # inputs[n] = targets[max(n - 1, 0)] by gather with a clamped index, then torch.where puts the start token in
    # column 0.
    "blind88_right_pixel_sequence_gather_previous_then_where_first": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).long()
            n = targets.shape[-1]
            previous = (torch.arange(n) - 1).clamp(min=0).expand(targets.shape)
            shifted = torch.gather(targets, -1, previous)
            first = torch.arange(n) == 0
            return torch.where(first, torch.tensor(sos_id, dtype=torch.long), shifted), targets
'''),
    # The grid rebuilt row of windows by row of windows: each window unflattened to M x M, a row of them concatenated
    # along W, the rows along H.
    "blind88_right_window_reverse_cat_rows_of_windows": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            M = window
            per_row = width // M
            if windows.shape[-3] == 0:
                return windows.reshape(*windows.shape[:-3], windows.shape[-2], height, width)
            tiles = windows.unflatten(-1, (M, M)).unbind(-4)            # each (..., C, M, M)
            rows = [torch.cat(tiles[r * per_row:(r + 1) * per_row], dim=-1) for r in range(height // M)]
            return torch.cat(rows, dim=-2)
'''),
    # The original Swin recipe: label the rolled grid region by region with the three slices (0, -M), (-M, -shift),
    # (-shift, None) along each axis, in numpy, then compare the labels inside each window.
    "blind88_right_shifted_window_mask_numpy_slice_regions": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            import numpy as np
            regions = np.zeros((height, width), dtype=np.int64)
            spans = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
            label = 0
            for rows in spans:
                for cols in spans:
                    regions[rows, cols] = label
                    label += 1
            if shift == 0:
                regions[:] = 0
            labels = torch.from_numpy(regions)
            labels = window_partition(labels[None], window)[:, 0]         # (nW, M*M)
            return labels[:, :, None] == labels[:, None, :]
'''),
    # The 2x2 blocks by one reshape: (C, H/2, 2, W/2, 2) with the column offset outermost, then the row offset, then C,
    # which is the order (2i, 2j), (2i+1, 2j), (2i, 2j+1), (2i+1, 2j+1).
    "blind88_right_patch_merging_reshape_column_offset_outermost": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            grid = X.unflatten(-1, (width // 2, 2)).unflatten(-3, (height // 2, 2))  # (..., C, a, p, b, q)
            grid = grid.movedim((-1, -3), (-5, -4))                                  # (..., q, p, C, a, b)
            merged = grid.flatten(-5, -3)                                            # (..., 4C, a, b)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # ------------------------------------------------------------------ davit
    # As the contract says: attention's scaled_dot_product_attention on the transposed groups (the tokens as the
    # feature axis give the 1/sqrt(N) scale), transposed back; a given scale is folded into the queries.
    "blind88_right_channel_attention_through_sdpa_on_transposes": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from .attention import scaled_dot_product_attention
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups).transpose(-2, -1)  # (..., G, N, C/G)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups).transpose(-2, -1)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups).transpose(-2, -1)
            if scale is not None:
                Q = Q * (scale * math.sqrt(tokens))
            out, _ = scaled_dot_product_attention(Q, K, V)                   # (..., G, N, C/G)
            return linear(merge_heads(out.transpose(-2, -1)), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ rnn_attention
    # Scores by einsum, hidden positions by torch.where, the softmax in log space with a guard for a state that sees
    # nothing, the context by einsum.
    "blind88_right_additive_attention_einsum_where_log_space": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(torch.einsum("ad,...d->...a", W, s)[..., :, None] + torch.einsum("ah,...hn->...an", U, H))
            e = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                e = torch.where(mask, e, torch.full_like(e, float("-inf")))
            lse = torch.logsumexp(e, dim=-1, keepdim=True)
            weights = torch.where(torch.isneginf(lse), torch.zeros_like(e), torch.exp(e - torch.nan_to_num(lse, neginf=0.0)))
            context = torch.einsum("...hn,...n->...h", H, weights)
            return weights, context
'''),
    # The GRU cell through torch.gru_cell (ATen's own, the op nn.GRUCell calls) on the batch flattened to two
    # dimensions, reshaped back.
    "blind88_right_decoder_step_aten_gru_cell_flat_batch": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            h = s_prev.expand(*x.shape[:-1], s_prev.shape[-1])
            batch = x.shape[:-1]
            s = torch.gru_cell(x.reshape(-1, x.shape[-1]), h.reshape(-1, h.shape[-1]), params["weight_ih"],
                               params["weight_hh"], params["bias_ih"], params["bias_hh"]).reshape(*batch, -1)
            logits = F.linear(stack(s, context), params["W_out"], params["b_out"])
            return s, logits, weights
'''),
    # Scores computed on the grid itself (einsum over the channel axis of every cell), one softmax over the flattened
    # cells, the context as a weighted sum over both grid axes.
    "blind88_right_grid_attention_einsum_on_the_grid": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            projected = torch.einsum("ac,...chw->...ahw", U, features) + (s @ W.T)[..., :, None, None]
            e = torch.einsum("a,...ahw->...hw", v, torch.tanh(projected))
            weights = torch.softmax(e.flatten(-2), dim=-1).unflatten(-1, e.shape[-2:])
            context = torch.einsum("...chw,...hw->...c", features, weights)
            return weights, context
'''),
    # ------------------------------------------------------------------ patch_embedding
    # One slice per patch in row-major order, each flattened in (channel, row, column) order, stacked as columns.
    "blind88_right_patchify_slice_per_patch_stack_columns": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            columns = [images[:, :, r:r + P, c:c + P].reshape(batch, channels * P * P)
                       for r in range(0, height, P) for c in range(0, width, P)]
            if not columns:
                return images.new_zeros(batch, channels * P * P, 0)
            return torch.stack(columns, dim=-1)
'''),
    # The projection as a strided convolution whose kernel is W reshaped to (D, C, P, P).
    "blind88_right_patch_embedding_strided_conv_kernel_from_W": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            channels = images.shape[1]
            P = patch_size
            if images.shape[2] % P or images.shape[3] % P:
                patchify(images, P)                      # raises the contract's ValueError
            kernel = W.reshape(W.shape[0], channels, P, P)
            tokens = F.conv2d(images, kernel, b, stride=P).flatten(2)             # (B, D, N)
            cls = cls_token.reshape(1, -1, 1).expand(tokens.shape[0], -1, -1)
            return torch.cat([cls, tokens], dim=-1) + positions
'''),
    # ------------------------------------------------------------------ pretraining
    # One categorical draw per eligible position over the four outcomes (unchosen, [MASK], random, kept) with
    # probabilities 1 - p, 0.8p, 0.1p, 0.1p; random ids drawn only for the positions that need one.
    "blind88_right_mlm_corrupt_four_way_multinomial": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
            flat = ids.reshape(-1)
            eligible = torch.nonzero(~torch.isin(flat.long(), special)).reshape(-1)
            outcome = torch.zeros(flat.shape, dtype=torch.long)
            if len(eligible):
                p = float(mask_prob)
                probs = torch.tensor([1 - p, 0.8 * p, 0.1 * p, 0.1 * p], dtype=torch.float64)
                draws = torch.multinomial(probs.expand(len(eligible), 4), 1, replacement=True, generator=generator)
                outcome[eligible] = draws.reshape(-1)
            corrupted = flat.clone()
            corrupted[outcome == 1] = mask_id
            swap = torch.nonzero(outcome == 2).reshape(-1)
            corrupted[swap] = torch.randint(0, vocab_size, (len(swap),), generator=generator).to(ids.dtype)
            labels = torch.where(outcome > 0, flat.long(), torch.full_like(flat, -100, dtype=torch.long))
            return corrupted.reshape(ids.shape), labels.reshape(ids.shape)
'''),
    # One uniform u per position: chosen iff u < p, and then u / p (uniform on [0, 1) given the choice) splits 80/10/10.
    "blind88_right_mlm_corrupt_one_uniform_rescaled_split": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            if isinstance(special_ids, torch.Tensor):
                special = special_ids.reshape(-1).tolist()
            else:
                special = [int(x) for x in special_ids]
            eligible = ~torch.isin(ids, torch.tensor(special, dtype=ids.dtype))
            u = torch.rand(ids.shape, generator=generator, dtype=torch.float64)
            chosen = eligible & (u < mask_prob)
            rel = torch.where(chosen, u / max(mask_prob, 1e-300), torch.ones_like(u))
            to_mask = chosen & (rel < 0.8)
            to_random = chosen & (rel >= 0.8) & (rel < 0.9)
            corrupted = ids.masked_fill(to_mask, mask_id)
            n_random = int(to_random.sum())
            corrupted[to_random] = torch.randint(vocab_size, (n_random,), generator=generator, dtype=ids.dtype)
            labels = ids.long().masked_fill(~chosen, -100)
            return corrupted, labels
'''),
    # The coin as randint(2) and the other document by rejection (redraw while it is A's own), both from the generator.
    "blind88_right_nsp_pairs_rejection_sampled_other_document": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            def draw(high):
                return int(torch.randint(high, (1,), generator=generator))
            pairs = []
            for index, document in enumerate(documents):
                sentences = list(document)
                for position in range(len(sentences) - 1):
                    if draw(2) == 0:
                        pairs.append((sentences[position], sentences[position + 1], 0))
                        continue
                    other = index
                    while other == index:
                        other = draw(len(documents))
                    chosen = documents[other]
                    pairs.append((sentences[position], chosen[draw(len(chosen))], 1))
            return pairs
'''),
    # ------------------------------------------------------------------ sampling
    # Ranks instead of masks by sorted indices: rank = position in the stable descending order (argsort of the
    # argsort); top-k keeps rank < k, top-p keeps rank < the crossing count.
    "blind88_right_next_token_probs_rank_by_double_argsort": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            def ranks(p):
                order = torch.sort(p, descending=True, stable=True).indices
                return torch.argsort(order)
            if temperature == 0:
                return (ranks(logits) == 0).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                probs = torch.where(ranks(probs) < top_k, probs, torch.zeros_like(probs))
                probs = probs / probs.sum()
            if top_p is not None:
                r = ranks(probs)
                sorted_probs = torch.empty_like(probs).scatter_(0, r, probs)
                crossing = int((torch.cumsum(sorted_probs, 0) < top_p).sum()) + 1
                probs = torch.where(r < crossing, probs, torch.zeros_like(probs))
            return probs / probs.sum()
'''),
    # Keeps the sequence as a Python list of ints and builds the context tensor each step.
    "blind88_right_generate_python_list_of_ints": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            tokens = prompt.tolist()
            for _ in range(max_new_tokens):
                window = tokens if context_size is None else tokens[-context_size:]
                logits = model(torch.tensor(window, dtype=torch.long))
                probs = next_token_probs(logits[:, -1], temperature, top_k, top_p)
                token = int(torch.multinomial(probs, 1, generator=generator))
                tokens.append(token)
                if token == eos_id:
                    break
            return torch.tensor(tokens, dtype=torch.long)
'''),
    # All candidates of a step as one float64 tensor (beam-major, token-minor; a finished beam contributes its one
    # score), ranked by a stable descending torch.sort.
    "blind88_right_beam_search_candidate_tensor_stable_sort": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(torch.zeros((), dtype=torch.float64), prompt, False)]
            for _ in range(max_new_tokens):
                scores, origin = [], []
                for b, (score, ids, done) in enumerate(beams):
                    if done:
                        scores.append(score.reshape(1))
                        origin.append((b, None))
                    else:
                        lp = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                        scores.append(score + lp)
                        origin.extend((b, t) for t in range(lp.shape[0]))
                flat = torch.cat(scores)
                keep = torch.sort(flat, descending=True, stable=True).indices[:beam_width]
                new = []
                for i in keep.tolist():
                    b, t = origin[i]
                    score, ids, done = beams[b]
                    if t is None:
                        new.append((score, ids, True))
                    else:
                        new.append((flat[i], torch.cat([ids, ids.new_tensor([t])]), t == eos_id))
                beams = new
                if all(done for _, _, done in beams):
                    break
            return beams[0][1]
'''),
    # ------------------------------------------------------------------ bpe
    # Pair counts kept up to date incrementally (only the words that held the merged pair are recounted); the tie rule
    # is applied explicitly, by scanning the words in order for the first pair with the top count.
    "blind88_right_train_bpe_incremental_counts_explicit_first_seen": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            from collections import Counter, defaultdict
            freq = Counter(tuple(w) for w in words)
            order = list(freq)
            seg = {w: list(w) for w in order}
            counts = defaultdict(int)
            where = defaultdict(set)                 # pair -> indices of the words holding it
            for i, w in enumerate(order):
                for pair in zip(seg[w], seg[w][1:]):
                    counts[pair] += freq[w]
                    where[pair].add(i)
            merges = []
            while len(merges) < num_merges:
                top = max(counts.values(), default=0)
                if top <= 0:
                    break
                tied = {p for p, c in counts.items() if c == top}
                best = None
                for w in order:
                    for pair in zip(seg[w], seg[w][1:]):
                        if pair in tied:
                            best = pair
                            break
                    if best is not None:
                        break
                merges.append(best)
                for i in sorted(where[best]):
                    w = order[i]
                    for pair in zip(seg[w], seg[w][1:]):
                        counts[pair] -= freq[w]
                    seg[w] = merge_pair(seg[w], best)
                    for pair in zip(seg[w], seg[w][1:]):
                        counts[pair] += freq[w]
                        where[pair].add(i)
                for pair in [p for p, c in counts.items() if c == 0]:
                    del counts[pair]
            return merges
'''),
    # Each distinct word encoded once (a dict memo for the call), and a merge skipped when its left symbol is not in
    # the word's current symbols.
    "blind88_right_bpe_encode_memo_per_distinct_word": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            memo = {}
            tokens = []
            for symbols in words:
                key = tuple(symbols)
                if key not in memo:
                    for left, right in merges:
                        if left in symbols:
                            symbols = merge_pair(symbols, (left, right))
                    memo[key] = list(symbols)
                tokens.extend(memo[key])
            return tokens
'''),
}
