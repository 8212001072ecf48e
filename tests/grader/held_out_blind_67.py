"""Sixty-eighth blind batch of held-out implementations (prefix blind67_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model answers
(solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_64.py) were only skimmed for
their entry names and header decisions (entries whose idea already appears under a close name, such as interleaved
heads or groups, RoFormer's adjacent pairs, a hard-coded max_distance or shared MLM draws, were left out). Nothing else
under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batches written at the same time
(held_out_blind_65.py, held_out_blind_66.py).

Emphasis: code generalised from one worked example. A learner gets the small case working (one head, one sequence,
a square N = D or N_q = N_k input, one channel, a 2x2 or square grid, a one-word corpus, a beam of width 1,
temperature 1, the default 32 buckets, a single special id, two documents) and then generalises it wrongly. Wrong
entries: axes named by position (axis 0 or 1 that is the feature or token axis only without a batch axis: softmax,
layer_norm, feed_forward's transpose(0, 1), average_pool_head, window_reverse, GRU gates and inputs, unsqueeze(0) for
the head axis, [None, :] rows in one_hot, global_token_mask, pixel_sequence's start token, quantize_pixels'
reshape(C, -1), grid_attention's reshape), sizes taken from a dimension that had the same size in the example (the
scale from N_k or from C, a causal mask sized by D, head and group rows stepped by the head or group count, window
counts from the height, weights unflattened (W, H), default rotary positions from N_q, an encoder mask expanded to
N_d x N_d, a stacked projection chunked in thirds), constants right only for the example (exact = 8 buckets, half the
buckets in causal mode, g(2n - 1) global pairs, a region boundary at size - 2*shift, one special id, document 1 - index,
a single head left in the layer's call, a top-k branch without temperature, a one-character strip), and loops whose
state outlives one item (a head list made before the batch loop, one running beam total, only the best beam extended,
a logits column fixed at the prompt's end, a context cropped once, a merge cursor set once, words counted once).
Right entries are general code that still looks grown from the special case: explicit loops over batch items, heads,
head blocks of Wo, feature rows, hidden-unit blocks, sub-layers, attention units, grid rows, row pairs, offsets,
query columns, vocabulary rows, windows, window rows, block offsets, groups and sequences, done right.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind67/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and `import torch.nn.functional as F` added, the entry's source
replacing the function and the stub's input checks substituted) and run against its exercise's visible tests: every
right entry passes them, and each wrong entry's comment says whether it does (15 of the 53 wrong entries pass
them). Each wrong entry's recorded input was run on the model answer and on the entry and both results printed; each
differs as its comment says. Right entries were compared with the model answer on 60 random cases in each of float32
and float64 (120 per entry): random batch shapes ((), (1,), (2,), (2, 3), (3, 1)), sizes 1-5 (0 tokens for layer_norm),
non-contiguous inputs, masks of every broadcastable form (full, (N_k, N_q), singleton batch axes, (.., N_k, 1)) with
queries that see no key, the same tensor passed as Xq and Xkv, D not divisible by H (same ValueError), state and
encoder batch shapes that broadcast (additive_attention, attention_decoder_step), 1000x and 1e-3 scales, eps = 0,
rounded inputs for ties (quantize_pixels, beam_search, next_token_probs), uint8/int16/int32 ids; outputs to 1e-12
(float64) / 3e-5 (float32) with equal shapes and dtypes, inputs left unchanged, and gradients of a random projection
of the outputs with respect to every float input and parameter to 1e-4 on every fifth case. Sampling functions: three
calls on one seeded generator give the same ids and leave the same generator state (generate, nsp_pairs, exactly);
beam_search on 120 random bigram models (rounded logits for ties), widths 1-5, 0-5 steps, eos None/0/1/V-1.
sparse_attention_cost exactly (as an int) for every pattern, n up to 10**12 + 7, missing sizes and unknown patterns.
relative_position_bucket exactly for offsets -300..300, both modes, 8/9/16/31/32/33/64 buckets, max_distance 20..1000.
mlm_corrupt (row by row: its draws differ from the model answer's on batches, equal on one sequence) by its
invariants and frequencies on (4000,), (40, 300) and (5, 8, 200) ids (int64, int32, non-contiguous; special ids as a
list, a tensor and empty): shapes and dtypes, ids unchanged, specials never chosen, labels exactly at the chosen
positions, corrupted unchanged elsewhere, chosen fraction, 80 % mask and 10 % + 10 %/V unchanged within 0.015 of the
model's, new draws on a second call. sinusoidal_positions and one_hot also under torch.set_default_dtype(float64).

Judgement calls: blind67_strided_cost_offsets_counted_by_n_over_stride was written as wrong (m = n // s) and turned out
right: when s divides n the extra offset n holds n - n = 0 pairs, so the closed form does not change; it is kept as the
right entry blind67_right_strided_cost_largest_offset_from_n_over_stride. Several wrong entries raise on the allowed
input instead of returning a wrong value (a batch where the example had none); I kept them, as the contract allows
that input. blind67_patch_merging_block_features_channel_major and blind67_sdpa_batch_loop_indexes_mask_by_item pass the
visible tests (and others, see each comment). blind67_nsp_sentence_index_from_own_document_length is wrong both by
IndexError (a shorter other document) and by distribution (a longer one). blind67_mlm_corrupt_first_special_id_only is
right with one special id. Dropped: an mlm entry whose rows share one draw (the idea is in an earlier batch), an
sdpa scale from N_q (earlier batch), a beam search decoding a flat (beam, token) index by the width (I could not keep
its tie order equal to the contract's without making it a different entry), and a softmax_cols right entry's M = 0
case, which the model answer itself refuses (the entry returns an empty result; no such input is in the contract).
Fewer right entries for bpe (decode only) and none for train_bpe, bpe_encode, causal_mask, local_mask, apply_mask or
embed: the time box.

Counts: 53 wrong, 40 right.
Wrong per function: {'additive_attention': 2, 'apply_mask': 1, 'attention_decoder_step': 2, 'average_pool_head': 1, 'beam_search': 2, 'bpe_decode': 1, 'bpe_encode': 1, 'channel_attention': 2, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'generate': 2, 'global_token_mask': 1, 'grid_attention': 2, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 4, 'next_token_probs': 1, 'nsp_pairs': 2, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 2, 'rotary_embedding': 1, 'scaled_dot_product_attention': 2, 'self_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'bpe_decode': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'feed_forward': 1, 'generate': 1, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 2, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 2, 'strided_mask': 1, 'transformer_layer': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_67 = {
    # The scale is read from the key count, K.shape[-1], where the worked example had N_k = D_k. Q (2, 3), K and V (2,
    # 4): outputs differ by up to 0.066. Fails the visible tests.
    "blind67_sdpa_scale_read_from_key_count": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(K.shape[-1])
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # A batch is handled item by item, and a mask with as many axes as Q is indexed by the item: a mask with a singleton
    # batch axis (1, N_k, N_q) over a batch of two has no item 1 (IndexError). Q, K, V (2, 2, 3) with a causal mask (1,
    # 3, 3): model an output (2, 2, 3), entry IndexError. Passes the visible tests.
    "blind67_sdpa_batch_loop_indexes_mask_by_item": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            def one(q, k, v, m):
                scores = k.transpose(-2, -1) @ q / math.sqrt(q.shape[-2])
                if m is not None:
                    scores = apply_mask(scores, m)
                w = softmax_cols(scores)
                return v @ w, w
            if Q.dim() == 2:
                return one(Q, K, V, mask)
            outputs, weights = [], []
            for b in range(Q.shape[0]):                     # one sequence at a time, as in the example
                m = None if mask is None else (mask[b] if mask.dim() == Q.dim() else mask)
                out, w = one(Q[b], K[b], V[b], m)
                outputs.append(out)
                weights.append(w)
            return torch.stack(outputs), torch.stack(weights)
'''),
    # Q, K and V from one stacked projection split into three equal parts along the rows: right only when D_v = D_k (the
    # example's square weights). X (3, 4), D_k = 2, D_v = 3: model an output (3, 4), entry (1, 4). Passes the visible
    # tests.
    "blind67_self_attention_stacked_projection_split_in_thirds": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            W = torch.cat([Wq, Wk, Wv], dim=0)
            b = torch.cat([bq, bk, bv], dim=0)
            Y = W @ X + b[:, None]
            Q, K, V = Y.chunk(3, dim=-2)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Head h takes rows h*H .. (h+1)*H (the head count where the head size belongs): right only when D/H = H, as in the
    # example D = 4, H = 2. D = 6, H = 2: model an output (6, 3), entry a ValueError from linear (4 rows reach Wo).
    # Fails the visible tests.
    "blind67_mha_head_rows_stepped_by_head_count": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            heads = []
            for h in range(num_heads):
                rows = slice(h * num_heads, (h + 1) * num_heads)
                out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                heads.append(out)
            return linear(torch.cat(heads, dim=-2), params["Wo"], params["bo"])
'''),
    # Each head's scores are divided by sqrt(D), the width of the one-head example, not sqrt(D/H). D = 4, H = 2, N = 3:
    # outputs differ by up to 0.14. Fails the visible tests.
    "blind67_mha_head_loop_scaled_by_model_width": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            size = dim // num_heads
            heads = []
            for h in range(num_heads):
                rows = slice(h * size, (h + 1) * size)
                scores = K[..., rows, :].transpose(-2, -1) @ Q[..., rows, :] / math.sqrt(dim)
                if mask is not None:
                    scores = apply_mask(scores, mask)
                heads.append(V[..., rows, :] @ softmax_cols(scores))
            return linear(torch.cat(heads, dim=-2), params["Wo"], params["bo"])
'''),
    # The mask gains its head axis in front (unsqueeze(0)), which is position -3 only without a batch axis: a batch mask
    # (B, N_k, N_q) then lines its batch axis up with the heads. X (2, 4, 3), H = 2, mask (2, 3, 3) (item 0 causal, item
    # 1 all True): outputs differ by up to 0.42. Passes the visible tests.
    "blind67_mha_mask_head_axis_prepended": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(0)            # (1, N_k, N_q): one mask for every head
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The batch is looped over, but the list of head outputs is made once before the loop: every item after the first is
    # given the first item's heads. Right for one sequence or a batch of one. X (2, 4, 3), H = 2: item 0 agrees, item 1
    # differs by up to 1.66. Fails the visible tests.
    "blind67_mha_batch_loop_head_list_made_once": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            *batch, _, n_q = Xq.shape
            n_k = Xkv.shape[-1]
            xq = Xq.reshape(-1, dim, n_q)
            xkv = Xkv.reshape(-1, dim, n_k)
            masks = None
            if mask is not None:
                masks = torch.broadcast_to(mask, (*batch, n_k, n_q)).reshape(-1, n_k, n_q)
            heads = []
            outputs = []
            for b in range(xq.shape[0]):
                Q = split_heads(linear(xq[b], params["Wq"], params["bq"]), num_heads)
                K = split_heads(linear(xkv[b], params["Wk"], params["bk"]), num_heads)
                V = split_heads(linear(xkv[b], params["Wv"], params["bv"]), num_heads)
                m = None if masks is None else masks[b]
                for h in range(num_heads):
                    out, _ = scaled_dot_product_attention(Q[h], K[h], V[h], m)
                    heads.append(out)
                merged = torch.cat(heads[:num_heads], dim=-2)
                outputs.append(linear(merged, params["Wo"], params["bo"]))
            return torch.stack(outputs).reshape(*batch, dim, n_q)
'''),
    # Mean and variance over axis 0, which is the feature axis of one (D, N) sequence but the batch axis of (B, D, N). X
    # (2, 3, 4): results differ by up to 4.6. Passes the visible tests.
    "blind67_layer_norm_statistics_over_axis_zero": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=0, keepdim=True)
            variance = ((X - mean) ** 2).mean(dim=0, keepdim=True)
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # Ported from PyTorch's rows with transpose(0, 1), which is the matrix transpose only for one (D, N) sequence: on
    # (B, D, N) it swaps the batch and feature axes (an error unless N = D, and then wrong values). X (2, 3, 3) (N = D =
    # 3): results differ by up to 16. Fails the visible tests.
    "blind67_feed_forward_rows_by_transposing_first_two_axes": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            rows = X.transpose(0, 1)                       # tokens as rows, PyTorch style
            hidden = torch.relu(rows @ W1.T + b1)
            return (hidden @ W2.T + b2).transpose(0, 1)
'''),
    # The attention call still passes the worked example's single head. D = 4, H = 2, N = 3: results differ by up to
    # 0.38. Passes the visible tests.
    "blind67_transformer_layer_single_head_left_in_call": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def attend(Y):
                return multi_head_attention(Y, Y, params, 1, mask)
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
    # The encoder mask is expanded to (..., N_d, N_d), the shape it had in the example where N_e = N_d: with N_e != N_d
    # and a mask the expand fails. X_dec (2, 4, 3), X_enc (2, 4, 5), padding mask (2, 5, 1): model (2, 4, 3), entry
    # RuntimeError from expand. Fails the visible tests.
    "blind67_cross_attention_mask_expanded_to_decoder_square": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            if enc_mask is not None:
                enc_mask = enc_mask.expand(*enc_mask.shape[:-2], n, n)
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The causal mask is sized by X.shape[-2], the width D, which equalled N_d in the square example. X_dec (4, 3),
    # X_enc (4, 5), H = 2: model (4, 3), entry RuntimeError (a (4, 4) mask over (3, 3) scores). Fails the visible tests.
    "blind67_decoder_layer_causal_mask_sized_by_width": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec
            self_mask = causal_mask(X.shape[-2])
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # Grown from greedy search: only the best beam is extended (its top beam_width children), so a second beam whose
    # child would win is never expanded. Right for beam_width 1. a bigram model over V = 5 (0 -> 1 with p .5 or 2 with p
    # .4; 1 -> uniform; 2 -> 3 with p ~1), prompt [0], width 2, 2 steps: model [0, 2, 3], entry [0, 1, 0]. Fails the
    # visible tests.
    "blind67_beam_search_only_best_beam_extended": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                score, ids, finished = beams[0]
                if finished:
                    break
                log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                candidates = [(score + lp, torch.cat([ids, torch.tensor([t], dtype=ids.dtype)]), t == eos_id)
                              for t, lp in enumerate(log_probs.tolist())]
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
            return beams[0][1]
'''),
    # One running total is kept for the search (the greedy example's single score): every beam's children are scored
    # from the best beam's total instead of their own. Right for beam_width 1. a bigram model over V = 5 (0 -> 1 with p
    # .9 or 2 with p .05; 1 -> uniform; 2 -> 3 with p ~1), prompt [0], width 2, 2 steps: model [0, 1, 0], entry [0, 2,
    # 3]. Passes the visible tests.
    "blind67_beam_search_one_running_total_for_all_beams": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            total = 0.0
            beams = [(prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for ids, finished in beams:
                    if finished:
                        candidates.append((total, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, lp in enumerate(log_probs.tolist()):
                        candidates.append((total + lp, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                           token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                candidates = candidates[:beam_width]
                total = candidates[0][0]
                beams = [(ids, finished) for _, ids, finished in candidates]
                if all(finished for _, finished in beams):
                    break
            return beams[0][0]
'''),
    # The logits column is fixed before the loop at the prompt's last position: right for the first new token only
    # (max_new_tokens = 1); later steps read the column of an earlier position. a bigram table model over V = 6, prompt
    # [0, 1], 6 new tokens, generator seeded 1: model [0, 1, 3, 5, 5, 5, 1, 5], entry [0, 1, 3, 3, 3, 1, 1, 5]. Fails
    # the visible tests.
    "blind67_generate_column_fixed_at_prompt_end": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            last = len(prompt) - 1 if context_size is None else min(len(prompt), context_size) - 1
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, last]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # The top-k branch, added after the temperature-1 example worked, takes the softmax of the raw logits: the
    # temperature is lost whenever top_k is given. logits [2, 1, 0, -1], temperature 2, top_k 2: model [0.622, 0.378, 0,
    # 0], entry [0.731, 0.269, 0, 0]. Passes the visible tests.
    "blind67_next_token_probs_top_k_branch_drops_temperature": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            if top_k is None:
                probs = torch.softmax(logits / temperature, dim=-1)
            else:
                order = torch.sort(logits, descending=True, stable=True).indices
                keep = torch.zeros_like(logits, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.softmax(logits.masked_fill(~keep, float("-inf")), dim=-1)
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # A patch is flattened pixel by pixel, each pixel's channels together ((row, column, channel) order), where the
    # contract's order is (channel, row, column): the same for one channel only. images arange(8) as (1, 2, 2, 2), P =
    # 2: model column [0, 1, 2, ...], entry [0, 4, 1, 5, ...]. Fails the visible tests.
    "blind67_patchify_pixels_outer_channels_inner": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 3, 5, 1)          # (B, grid_row, grid_col, pixel_row, pixel_col, C)
            return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # The [CLS] column is made for one image, (1, D, 1): concatenating it to a batch of two or more images fails. images
    # (2, 1, 4, 4), P = 2, D = 3: model (2, 3, 5), entry RuntimeError from cat. Fails the visible tests.
    "blind67_patch_embedding_cls_column_for_one_image": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)
            return torch.cat([cls_token[None, :, None], tokens], dim=-1) + positions
'''),
    # The scores of all positions are put in one column for softmax_cols, which is right for one decoder state: a batch
    # of states gets one softmax over all B*N scores. s (2, 3), H (2, 4, 5): model weights sum to 1 per state, entry's
    # sum to 1 over both states (differ by up to 0.51). Fails the visible tests.
    "blind67_additive_attention_scores_in_one_column": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.reshape(-1, 1)).reshape(scores.shape)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # W s is computed as W @ s, a matrix-vector product for one state; for a batch of states s (B, D_s) it fails unless
    # B = D_s, and then it multiplies by s's columns. s (3, 3) (B = D_s = 3), H (3, 4, 5), D_a = 2: model weights (3,
    # 5), entry RuntimeError. Fails the visible tests.
    "blind67_additive_attention_state_projected_by_matmul": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (W @ s).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # The GRU input and the read-out input are stacked with torch.cat(dim=0), right for one unbatched step only. s_prev
    # (2, 3), y_prev (2, 2), H (2, 4, 5): model s (2, 3), entry RuntimeError from cat. Fails the visible tests.
    "blind67_decoder_step_inputs_stacked_on_axis_zero": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = torch.cat([y_prev, context], dim=0)
            s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
            logits = params["W_out"] @ torch.cat([s, context], dim=0) + params["b_out"]
            return s, logits, weights
'''),
    # The GRU gates are chunked along axis 0, the gate axis of one (3 D_s,) vector but the batch axis of (B, 3 D_s).
    # s_prev (3, 3), y_prev (3, 2), H (3, 4, 5): model s (3, 3), entry RuntimeError. Fails the visible tests.
    "blind67_decoder_step_gates_chunked_on_axis_zero": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            h = s_prev.expand(*x.shape[:-1], s_prev.shape[-1])
            r_x, z_x, n_x = (x @ params["weight_ih"].T + params["bias_ih"]).chunk(3, dim=0)
            r_h, z_h, n_h = (h @ params["weight_hh"].T + params["bias_hh"]).chunk(3, dim=0)
            r = torch.sigmoid(r_x + r_h)
            z = torch.sigmoid(z_x + z_h)
            n = torch.tanh(n_x + r * n_h)
            s = (1 - z) * n + z * h
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The weights are unflattened as (W, H), which is (H, W) on the square example grid. features (4, 2, 3): model
    # weights (2, 3), entry (3, 2). Fails the visible tests.
    "blind67_grid_attention_weights_unflattened_width_by_height": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            weights, context = additive_attention(s, features.flatten(-2), W, U, v)
            return weights.unflatten(-1, (width, height)), context
'''),
    # The identity blocks are tiled n // stride times, which covers the grid only when the stride divides n (the example
    # n = 8, s = 2); otherwise the mask is too small. n = 5, stride = 2: model (5, 5), entry (4, 4). Fails the visible
    # tests.
    "blind67_strided_mask_identity_tiled_n_over_stride_times": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            reps = n // stride
            return torch.eye(stride, dtype=torch.bool).repeat(reps, reps)
'''),
    # The mask is built for one sequence, is_global[:, None] | is_global[None, :]: on a batch (B, N) that pairs the
    # batch axis with the tokens and gives (B, B, N). is_global [[T, F, F], [F, F, T]]: model (2, 3, 3), entry (2, 2,
    # 3). Fails the visible tests.
    "blind67_global_token_mask_indexed_for_one_sequence": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            return is_global[:, None] | is_global[None, :]
'''),
    # The global count grew from one global token, 2n - 1 pairs, to g (2n - 1): the g^2 pairs between global tokens are
    # counted once per token instead of once. Right for g = 0 or 1. ('global', 10, num_global=3): model 51, entry 57.
    # Passes the visible tests.
    "blind67_global_cost_from_one_global_token_times_g": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
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
            return num_global * (2 * n - 1)
'''),
    # The exact range is 8 buckets, the value for the default 32 bidirectional buckets, instead of (half) // 2. offsets
    # [-5, 3, 20] with num_buckets=8: model [2, 6, 7], entry [5, 7, 7]. Fails the visible tests.
    "blind67_bucket_exact_range_fixed_at_eight": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(offset > 0, half, 0)
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = torch.clamp(-offset, min=0)
            exact = 8
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # The default positions are made once from the query count and used for K as well: right when N_k = N_q, a shape
    # error (or K's positions wrong) otherwise. Q (4, 2), K (4, 3), default positions: model K' (4, 3), entry
    # RuntimeError. Passes the visible tests.
    "blind67_rotary_default_positions_from_query_count": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            default = torch.arange(Q.shape[-1])
            pq = default if positions_q is None else positions_q
            pk = default if positions_k is None else positions_k
            return rotate_columns(Q, pq, base), rotate_columns(K, pk, base)
'''),
    # The random document is 1 - index, the other one of the two-document example: with three or more documents it is
    # document -1 or -2, or A's own document. documents [[a1, a2], [b1], [c1, c2]], generators seeded 0..5: the entry
    # pairs c1 with c2 or c1 as label-1 examples (its own document), the model never does. Fails the visible tests.
    "blind67_nsp_other_document_as_one_minus_index": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        other = documents[1 - index]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # The random sentence is drawn by its index in A's own document (the example's documents had equal lengths): a
    # longer other document has sentences never drawn, a shorter one raises IndexError. documents [[a1, a2, a3, a4],
    # [b1]], generator seeded 0: model a list of 3 pairs, entry IndexError. Passes the visible tests.
    "blind67_nsp_sentence_index_from_own_document_length": ("pretraining", "nsp_pairs", '''
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
                        pairs.append((a, other[torch.randint(len(document), (), generator=generator).item()], 1))
            return pairs
'''),
    # Pixels are gathered as images.reshape(C, -1), the pixel columns of one image; on a batch (B, C, H, W) that mixes
    # images into the channels. images (2, 3, 2, 2), palette (3, 4): model ids [3, 3, 3, 3, 1, 2, 2, 3], entry [1, 2, 2,
    # 0, 0, 2, 2, 2]. Fails the visible tests.
    "blind67_quantize_pixels_columns_by_channel_reshape": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            channels, height, width = images.shape[-3:]
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).reshape(channels, -1)                 # (C, pixels)
            distances = (pixels[:, :, None] - palette.to(dtype)[:, None, :]).square().sum(dim=0)
            return distances.argmin(dim=-1).reshape(*images.shape[:-3], height, width)
'''),
    # palette[:, ids] is (C, H, W) for one image; for a batch of ids it is (C, B, H, W), left with C in front. ids (2,
    # 1, 3), palette (3, 4): model (2, 3, 1, 3), entry (3, 2, 1, 3). Passes the visible tests.
    "blind67_dequantize_channel_axis_left_in_front": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            return palette[:, ids.long()]
'''),
    # The start token is a single column (1,) in front of targets[..., :-1]: right for one image, a shape error on a
    # batch of images. ids arange(8) as (2, 2, 2), sos_id 9: model inputs [[9, 0, 1, 2], [9, 4, 5, 6]], entry
    # RuntimeError from cat. Fails the visible tests.
    "blind67_pixel_sequence_start_token_for_one_image": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            start = torch.tensor([sos_id], dtype=torch.long)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # The tokens are averaged over axis 1, which is N for one (D, N) sequence and D for a batch (B, D, N). X (2, 3, 4),
    # W (5, 3): model (2, 5), entry RuntimeError (it averages the 3 features). Fails the visible tests.
    "blind67_average_pool_mean_over_axis_one": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(dim=1)
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # The number of windows along the width is taken from the height (square example grids). X (1, 2, 4), M = 2: model
    # windows (2, 1, 4), entry RuntimeError from reshape. Fails the visible tests.
    "blind67_window_partition_windows_per_row_from_height": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            rows, cols = height // M, height // M
            grid = X.reshape(*batch, channels, rows, M, cols, M)
            grid = grid.movedim((-4, -2), (-5, -4))
            return grid.reshape(*batch, rows * cols, channels, M * M)
'''),
    # The channel count is read from windows.shape[1], C for unbatched (nW, C, M*M) windows but nW for a batch. windows
    # (2, 4, 3, 4), M = 2, a 4x4 grid: model (2, 3, 4, 4), entry RuntimeError from reshape. Passes the visible tests.
    "blind67_window_reverse_channels_from_axis_one": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            channels = windows.shape[1]
            batch = windows.shape[:-3]
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
            grid = grid.movedim((-5, -4), (-4, -2))
            return grid.reshape(*batch, channels, height, width)
'''),
    # The first region boundary is placed at size - 2*shift, which is size - M for the usual shift = M/2 of the example:
    # other shifts label rows and columns wrongly. a 4x4 grid, window 4, shift 1: row 0 of window 0 (key 0 against
    # queries 0..3) is [T, T, T, F] in the model, [T, T, F, F] in the entry. Passes the visible tests.
    "blind67_shifted_mask_first_boundary_twice_the_shift": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            def labels(size):
                index = torch.arange(size)
                return (index >= size - 2 * shift).long() + (index >= size - shift).long()
            grid = 3 * labels(height)[:, None] + labels(width)[None, :]
            windows = window_partition(grid[None], window)[:, 0]
            return windows[:, :, None] == windows[:, None, :]
'''),
    # The 2x2 block is flattened channel by channel, each channel's four pixels together (index 4c + k), where the
    # contract stacks four C-blocks (index kC + c): the same for one channel only. X (2, 2, 2) (C = 2): results differ
    # by up to 4.1. Passes the visible tests.
    "blind67_patch_merging_block_features_channel_major": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            *batch, C, H, Wd = X.shape
            blocks = X.reshape(*batch, C, H // 2, 2, Wd // 2, 2)       # (..., C, i, dy, j, dx)
            blocks = blocks.movedim((-5, -1, -3, -4, -2), (-5, -4, -3, -2, -1))   # (..., C, dx, dy, i, j)
            merged = blocks.reshape(*batch, 4 * C, H // 2, Wd // 2)   # (..., C*dx*dy, i, j)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (H // 2, Wd // 2))
'''),
    # The default scale is 1/sqrt(C), the channel count, which equalled N in the square example. X (4, 3) (C = 4, N =
    # 3), G = 2: results differ by up to 0.020. Fails the visible tests.
    "blind67_channel_attention_default_scale_from_channels": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(channels)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Groups are taken in a loop over g, but with rows g*G .. (g+1)*G (the group count for the group size): right only
    # when C/G = G. X (6, 3), G = 2: model (6, 3), entry a ValueError from linear (4 rows reach Wo). Fails the visible
    # tests.
    "blind67_channel_attention_group_rows_stepped_by_group_count": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            outs = []
            for g in range(num_groups):
                rows = slice(g * num_groups, (g + 1) * num_groups)
                w = softmax_cols(K[..., rows, :] @ Q[..., rows, :].transpose(-2, -1) * scale)
                outs.append(w.transpose(-2, -1) @ V[..., rows, :])
            return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
    # The ids are made a row with token_ids[None, :] (one sequence); a batch (B, N) becomes (1, B, N) and meets the (V,
    # 1) vocabulary column on the batch axis. ids [[0, 1], [2, 0]], V = 3: model (2, 3, 2), entry RuntimeError. Fails
    # the visible tests.
    "blind67_one_hot_ids_lifted_to_a_row": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            vocabulary = torch.arange(vocab_size)[:, None]
            return (token_ids[None, :] == vocabulary).to(dtype or torch.get_default_dtype())
'''),
    # omega_e[:, ids] is (D, N) for one sequence and (D, B, N) for a batch: the D axis is never moved. omega_e (2, 3),
    # ids (3, 4): model (3, 2, 4), entry (2, 3, 4). Fails the visible tests.
    "blind67_embed_indexed_columns_axis_not_moved": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            return omega_e[:, token_ids]
'''),
    # Row pairs are counted as dim // 2, right for the example's even D: an odd D has one more sine row, and the
    # assignment to table[0::2] fails. sinusoidal_positions(3, 5): model a (5, 3) table, entry RuntimeError. Fails the
    # visible tests.
    "blind67_sinusoidal_pair_count_from_even_width": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            i = torch.arange(dim // 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (2 * i[:, None] / dim)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles)
            return table
'''),
    # The column maxima and sums are taken over axis 0, which is axis -2 only for a 2-D score matrix. scores (2, 3, 2):
    # results differ by up to 0.51. Fails the visible tests.
    "blind67_softmax_columns_reduced_over_axis_zero": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            top = scores.amax(dim=0, keepdim=True)
            top = top.masked_fill(top == float("-inf"), 0.0)
            exps = torch.exp(scores - top)
            total = exps.sum(dim=0, keepdim=True)
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # Keys are compared with the lengths as (n, B) and reshaped to (B, n, 1): a reshape that is the transpose only for
    # one sequence (B = 1). lengths [1, 3], n = 3: model [[T, F, F], [T, T, T]], entry [[T, T, F], [T, F, T]]. Fails the
    # visible tests.
    "blind67_padding_mask_key_major_grid_reshaped": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            visible = torch.arange(n)[:, None] < lengths[None, :]       # (n, B)
            return visible.reshape(-1, n, 1)
'''),
    # Words are counted once each, the one-word corpus of the example: a repeated word's pairs are not weighted by its
    # frequency. corpus 'cd ab ab', 1 merge: model [('a', 'b')], entry [('c', 'd')]. Fails the visible tests.
    "blind67_train_bpe_distinct_words_weighted_once": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            segmentation = {}
            for word in words:
                segmentation.setdefault(tuple(word), list(word))
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for symbols in segmentation.values():
                    for pair in zip(symbols, symbols[1:]):
                        counts[pair] += 1
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # The merge cursor is set once, before the loop over words (written for a one-word text): the first word uses every
    # merge and the later words none. 'ab ab' with [('a', 'b')]: model ['ab', '</w>', 'ab', '</w>'], entry ['ab',
    # '</w>', 'a', 'b', '</w>']. Fails the visible tests.
    "blind67_bpe_encode_merge_cursor_set_once": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            m = 0
            for symbols in words:
                while m < len(merges):
                    symbols = merge_pair(symbols, tuple(merges[m]))
                    m += 1
                tokens.extend(symbols)
            return tokens
'''),
    # The trailing space is removed by cutting one character, right when the text ends with exactly one "</w>": a sample
    # ending in two "</w>" keeps a space, one ending mid-word loses a character. ['a</w>', '</w>']: model 'a', entry 'a
    # '. Passes the visible tests.
    "blind67_bpe_decode_last_character_cut": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(tokens).replace("</w>", " ")
            return text[:-1]
'''),
    # Hidden entries written with boolean indexing, scores[~mask] = -inf, which needs a mask of the scores' own shape
    # (the example's): a mask that only broadcasts, (N_k, N_q) over (B, N_k, N_q), raises IndexError. scores (2, 3, 3),
    # causal mask (3, 3): model scores with -inf above, entry IndexError. Fails the visible tests.
    "blind67_apply_mask_boolean_index_needs_scores_shape": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            out = scores.clone()
            out[~mask] = float("-inf")
            return out
'''),
    # The context is cropped once, before the loop (one new token in the example): later steps feed the cropped prompt
    # plus everything generated, longer than context_size. a model whose logits favour token min(len(context), 3) (V =
    # 4), prompt [0, 1, 2], context_size 2, 3 new tokens, generator seeded 0: model [0, 1, 2, 2, 2, 2], entry [0, 1, 2,
    # 2, 3, 3]. Fails the visible tests.
    "blind67_generate_context_cropped_once_before_loop": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            context = prompt if context_size is None else prompt[-context_size:]
            new = []
            for _ in range(max_new_tokens):
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator).to(prompt.dtype)
                new.append(next_id)
                context = torch.cat([context, next_id])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return torch.cat([prompt, *new])
'''),
    # Half of the buckets per side in both modes, as in the bidirectional example: the causal mode uses only num_buckets
    # // 2 of its buckets and caps distances there. offsets [-10, -3], bidirectional=False, 32 buckets: model [10, 3],
    # entry [8, 3]. Fails the visible tests.
    "blind67_bucket_causal_mode_keeps_half_the_buckets": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            half = num_buckets // 2
            if bidirectional:
                base = torch.where(offset > 0, half, 0)
                distance = offset.abs()
            else:
                base = torch.zeros_like(offset)
                distance = torch.clamp(-offset, min=0)
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Only the first special id is kept out of the choice (the example had a single [CLS]): positions holding any other
    # special id can be chosen. ids 2000 x [101, 5, 102, 7], special_ids [101, 102], mask_prob 0.5, generator seeded 0:
    # the model chooses no 102, the entry 1028 of them. Fails the visible tests.
    "blind67_mlm_corrupt_first_special_id_only": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ids != special[0] if len(special) else torch.ones_like(ids, dtype=torch.bool)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # The cells are flattened with features.reshape(C, -1), the cells of one feature map: a batch of maps is folded into
    # one long row of cells. s (2, 3), features (2, 4, 2, 3): model weights (2, 2, 3), entry RuntimeError from reshape.
    # Fails the visible tests.
    "blind67_grid_attention_cells_reshaped_for_one_map": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            C, height, width = features.shape[-3:]
            weights, context = additive_attention(s, features.reshape(C, -1), W, U, v)
            return weights.reshape(*features.shape[:-3], height, width), context
'''),

}
RIGHT_BLIND_67 = {
    # One sequence at a time over the flattened batch, the mask broadcast to the scores' full shape first.
    "blind67_right_sdpa_loop_over_flattened_batch_items": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            *batch, d_k, n_q = Q.shape
            n_k, d_v = K.shape[-1], V.shape[-2]
            q = Q.reshape(-1, d_k, n_q)
            k = K.reshape(-1, d_k, n_k)
            v = V.reshape(-1, d_v, n_k)
            m = None if mask is None else torch.broadcast_to(mask, (*batch, n_k, n_q)).reshape(-1, n_k, n_q)
            outputs, weights = [], []
            for b in range(q.shape[0]):
                scores = k[b].transpose(0, 1) @ q[b] / math.sqrt(d_k)
                if m is not None:
                    scores = apply_mask(scores, m[b])
                w = softmax_cols(scores)
                outputs.append(v[b] @ w)
                weights.append(w)
            if not outputs:
                return Q.new_zeros(*batch, d_v, n_q), Q.new_zeros(*batch, n_k, n_q)
            return (torch.stack(outputs).reshape(*batch, d_v, n_q),
                    torch.stack(weights).reshape(*batch, n_k, n_q))
'''),
    # Each projection written as a loop over its output rows (one row of W per feature), then attention.
    "blind67_right_self_attention_projections_row_by_row": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            def project(W, b):
                rows = [(W[r][:, None] * X).sum(dim=-2) + b[r] for r in range(W.shape[0])]
                if not rows:
                    return (W @ X) + b[:, None]
                return torch.stack(rows, dim=-2)
            return scaled_dot_product_attention(project(Wq, bq), project(Wk, bk), project(Wv, bv), mask)
'''),
    # An explicit loop over heads with row slices of size D/H, heads stacked in order, then Wo.
    "blind67_right_mha_loop_over_head_row_slices": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            size = dim // num_heads
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            heads = []
            for h in range(num_heads):
                rows = slice(h * size, (h + 1) * size)
                out, _ = scaled_dot_product_attention(Q[..., rows, :], K[..., rows, :], V[..., rows, :], mask)
                heads.append(out)
            return linear(torch.cat(heads, dim=-2), params["Wo"], params["bo"])
'''),
    # Each head's projections use its own row blocks of the weights, and Wo is applied as a sum over its column
    # blocks, one per head (the one-head example summed over H heads).
    "blind67_right_mha_sum_of_per_head_output_blocks": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            size = dim // num_heads
            total = None
            for h in range(num_heads):
                r = slice(h * size, (h + 1) * size)
                q = linear(Xq, params["Wq"][r], params["bq"][r])
                k = linear(Xkv, params["Wk"][r], params["bk"][r])
                v = linear(Xkv, params["Wv"][r], params["bv"][r])
                out, _ = scaled_dot_product_attention(q, k, v, mask)
                part = params["Wo"][:, r] @ out
                total = part if total is None else total + part
            return total + params["bo"][:, None]
'''),
    # Mean and variance accumulated by a loop over the D feature rows (the example's rows written out).
    "blind67_right_layer_norm_feature_row_loop": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            D = X.shape[-2]
            total = X[..., 0, :]
            for d in range(1, D):
                total = total + X[..., d, :]
            mean = (total / D)[..., None, :]
            centred = X - mean
            squares = centred[..., 0, :] ** 2
            for d in range(1, D):
                squares = squares + centred[..., d, :] ** 2
            variance = (squares / D)[..., None, :]
            return gamma[:, None] * centred / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # The hidden layer in blocks of at most four units, each block's contribution added up.
    "blind67_right_feed_forward_hidden_units_in_blocks": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            out = None
            for start in range(0, W1.shape[0], 4):
                block = slice(start, start + 4)
                hidden = torch.relu(W1[block] @ X + b1[block][:, None])
                part = W2[:, block] @ hidden
                out = part if out is None else out + part
            if out is None:
                out = W2 @ torch.relu(W1 @ X + b1[:, None])
            return out + b2[:, None]
'''),
    # The two sub-layers as a list of (function, norm parameters), applied in one loop.
    "blind67_right_transformer_layer_sublayer_list": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            sublayers = [
                (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), "gamma1", "beta1"),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "gamma2", "beta2"),
            ]
            for f, g, b in sublayers:
                if norm_first:
                    X = X + f(layer_norm(X, params[g], params[b]))
                else:
                    X = layer_norm(X + f(X), params[g], params[b])
            return X
'''),
    # Cross-attention with its own loop over heads; the encoder mask is shared by every head.
    "blind67_right_cross_attention_head_loop_encoder_keys": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .softmax import softmax_cols
            D = X_dec.shape[-2]
            if D % num_heads:
                raise ValueError(f"D={D} is not divisible by num_heads={num_heads}")
            size = D // num_heads
            Q = params["Wq"] @ X_dec + params["bq"][:, None]
            K = params["Wk"] @ X_enc + params["bk"][:, None]
            V = params["Wv"] @ X_enc + params["bv"][:, None]
            heads = []
            for h in range(num_heads):
                r = slice(h * size, (h + 1) * size)
                scores = K[..., r, :].transpose(-2, -1) @ Q[..., r, :] / math.sqrt(size)
                if enc_mask is not None:
                    scores = scores.masked_fill(~enc_mask, float("-inf"))
                heads.append(V[..., r, :] @ softmax_cols(scores))
            return params["Wo"] @ torch.cat(heads, dim=-2) + params["bo"][:, None]
'''),
    # The causal mask from key and query positions of the decoder's own length; the three blocks in a loop.
    "blind67_right_decoder_layer_blocks_in_a_loop": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            positions = torch.arange(n, device=X_dec.device)
            self_mask = positions[:, None] <= positions[None, :]
            blocks = [
                lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, self_mask),
                lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask),
                lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
            ]
            X = X_dec
            for i, block in enumerate(blocks, start=1):
                X = layer_norm(X + block(X), params[f"gamma{i}"], params[f"beta{i}"])
            return X
'''),
    # Beam search that stops as soon as the best beam is finished: log-probabilities are <= 0, so no other beam
    # can overtake it later, and ties keep it first.
    "blind67_right_beam_search_stops_when_best_beam_finished": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                if beams[0][2]:
                    break
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token in range(len(log_probs)):
                        candidates.append((score + log_probs[token],
                                           torch.cat([ids, torch.tensor([token], dtype=ids.dtype)]),
                                           token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
            return beams[0][1]
'''),
    # The context window's start index written out, max(0, len - context_size), as the example did by hand.
    "blind67_right_generate_explicit_window_start": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            steps = 0
            while steps < max_new_tokens:
                start = 0 if context_size is None else max(0, len(ids) - context_size)
                logits = model(ids[start:])
                probs = next_token_probs(logits[:, logits.shape[1] - 1], temperature, top_k, top_p)
                token = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, token.to(ids.dtype)])
                steps += 1
                if eos_id is not None and token.item() == eos_id:
                    break
            return ids
'''),
    # Top-k grown from top-1: k rounds of argmax (lowest id first among ties), each winner hidden before the next.
    "blind67_right_next_token_probs_top_k_by_repeated_argmax": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                keep = torch.zeros_like(probs, dtype=torch.bool)
                remaining = probs.clone()
                for _ in range(min(top_k, len(probs))):
                    best = int(torch.argmax(remaining))
                    keep[best] = True
                    remaining[best] = -1.0
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
    # The log-probability summed by a loop over positions 1 .. N-1, starting from position 0's zero.
    "blind67_right_sequence_log_prob_position_loop": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            total = log_probs[0, 0] * 0
            for n in range(1, len(ids)):
                total = total + log_probs[ids[n], n - 1]
            return total
'''),
    # Patches cut by a loop over patch rows and columns, each flattened (channel, row, column).
    "blind67_right_patchify_patch_row_column_loops": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            columns = []
            for r in range(height // P):
                for c in range(width // P):
                    patch = images[:, :, r * P:(r + 1) * P, c * P:(c + 1) * P]
                    columns.append(patch.reshape(batch, channels * P * P))
            if not columns:
                return images.new_zeros(batch, channels * P * P, 0)
            return torch.stack(columns, dim=-1)
'''),
    # Each image embedded on its own (the one-image example in a loop), then stacked.
    "blind67_right_patch_embedding_image_by_image": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)
            out = [torch.cat([cls_token[:, None], tokens[i]], dim=-1) + positions for i in range(images.shape[0])]
            if not out:
                return torch.cat([cls_token[:, None].expand(0, -1, 1), tokens], dim=-1) + positions
            return torch.stack(out)
'''),
    # The score e = sum_a v_a tanh(W_a s + U_a h) accumulated over the attention units a.
    "blind67_right_additive_attention_loop_over_attention_units": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            scores = None
            for a in range(W.shape[0]):
                unit = torch.tanh((s * W[a]).sum(dim=-1)[..., None] + (U[a][:, None] * H).sum(dim=-2))
                term = v[a] * unit
                scores = term if scores is None else scores + term
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores[..., None])[..., 0]
            context = (H * weights[..., None, :]).sum(dim=-1)
            return weights, context
'''),
    # The GRU written gate by gate with row slices of the stacked weights; batch axes broadcast by expand.
    "blind67_right_decoder_step_gate_row_slices": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            D = s_prev.shape[-1]
            batch = torch.broadcast_shapes(s_prev.shape[:-1], y_prev.shape[:-1], context.shape[:-1])
            h = s_prev.expand(*batch, D)
            x = torch.cat([y_prev.expand(*batch, y_prev.shape[-1]), context.expand(*batch, context.shape[-1])], -1)
            Wi, Wh, bi, bh = params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"]
            def gate(g):
                r = slice(g * D, (g + 1) * D)
                return x @ Wi[r].T + bi[r], h @ Wh[r].T + bh[r]
            (rx, rh), (zx, zh), (nx, nh) = gate(0), gate(1), gate(2)
            reset = torch.sigmoid(rx + rh)
            update = torch.sigmoid(zx + zh)
            s = (1 - update) * torch.tanh(nx + reset * nh) + update * h
            read = torch.cat([s, context.expand(*batch, context.shape[-1])], dim=-1)
            return s, read @ params["W_out"].T + params["b_out"], weights
'''),
    # Scores computed grid row by grid row, then one softmax over all H*W cells.
    "blind67_right_grid_attention_rows_scored_then_one_softmax": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            C, height, width = features.shape[-3:]
            query = (s @ W.T)[..., :, None]
            rows = []
            for r in range(height):
                hidden = torch.tanh(U @ features[..., :, r, :] + query)
                rows.append((v[:, None] * hidden).sum(dim=-2))
            scores = torch.stack(rows, dim=-2)
            flat = softmax_cols(scores.flatten(-2)[..., None])[..., 0]
            weights = flat.unflatten(-1, (height, width))
            context = (features * weights[..., None, :, :]).sum(dim=(-2, -1))
            return weights, context
'''),
    # The strided pattern as a loop over the visible offsets 0, s, 2s, ... below n, each a pair of diagonals.
    "blind67_right_strided_mask_diagonals_loop": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for k in range(0, n, stride):
                band = torch.ones(n - k, dtype=torch.bool)
                mask = mask | torch.diag(band, k) | torch.diag(band, -k)
            return mask
'''),
    # One query column at a time: column i is is_global | is_global[i].
    "blind67_right_global_token_mask_query_columns": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            n = is_global.shape[-1]
            columns = [is_global | is_global[..., i:i + 1] for i in range(n)]
            if not columns:
                return is_global[..., :, None] & is_global[..., None, :]
            return torch.stack(columns, dim=-1)
'''),
    # Counts by pieces: the diagonal, then each side of it, from the special cases worked by hand.
    "blind67_right_sparse_cost_diagonal_plus_two_sides": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n + (n * (n - 1)) // 2
            if pattern == "local":
                w = max(0, min(window, n - 1))
                return n + 2 * (w * n - (w * (w + 1)) // 2)
            if pattern == "strided":
                m = (n - 1) // stride if n > 0 else 0
                return n + 2 * (m * n - stride * ((m * (m + 1)) // 2))
            g = num_global
            return g * g + 2 * g * (n - g)
'''),
    # T5's buckets with the half and the exact range named from the arguments, the two directions handled apart.
    "blind67_right_bucket_directions_handled_apart": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            rel = relative_position.long()
            n = num_buckets // 2 if bidirectional else num_buckets
            exact = n // 2
            def within(distance):
                ratio = torch.log(distance.float() / exact) / math.log(max_distance / exact)
                large = exact + (ratio * (n - exact)).to(torch.long)
                large = torch.minimum(large, torch.full_like(large, n - 1))
                return torch.where(distance < exact, distance, large)
            if bidirectional:
                after = within(rel.clamp(min=0)) + n
                before = within((-rel).clamp(min=0))
                return torch.where(rel > 0, after, before)
            return within((-rel).clamp(min=0))
'''),
    # Rotary embedding by a loop over the D/2 row pairs (i, i + D/2), angles in float64.
    "blind67_right_rotary_loop_over_row_pairs": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                D, N = X.shape[-2], X.shape[-1]
                p = torch.arange(N) if positions is None else positions
                p = p.to(torch.float64)
                half = D // 2
                top, bottom = [], []
                for i in range(half):
                    angle = p * base ** (-2 * i / D)
                    c, s = angle.cos().to(X.dtype), angle.sin().to(X.dtype)
                    x, y = X[..., i, :], X[..., i + half, :]
                    top.append(x * c - y * s)
                    bottom.append(y * c + x * s)
                return torch.stack(top + bottom, dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # One sequence (row) at a time over the flattened batch, each with its own draws.
    "blind67_right_mlm_corrupt_row_by_row": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            if ids.numel() == 0:
                return ids.clone(), torch.full(ids.shape, -100, dtype=torch.long)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            rows = ids.reshape(-1, ids.shape[-1])
            corrupted_rows, label_rows = [], []
            for row in rows:
                chosen = ~torch.isin(row, special) & (torch.rand(row.shape, generator=generator) < mask_prob)
                u = torch.rand(row.shape, generator=generator)
                noise = torch.randint(0, vocab_size, row.shape, generator=generator, dtype=row.dtype)
                out = row.clone()
                out[chosen & (u < 0.8)] = mask_id
                swap = chosen & (u >= 0.8) & (u < 0.9)
                out[swap] = noise[swap]
                corrupted_rows.append(out)
                label_rows.append(torch.where(chosen, row.long(), torch.full_like(row, -100, dtype=torch.long)))
            return (torch.stack(corrupted_rows).reshape(ids.shape),
                    torch.stack(label_rows).reshape(ids.shape))
'''),
    # The other documents listed explicitly for each document (the two-document example generalised right).
    "blind67_right_nsp_explicit_list_of_other_documents": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                others = [documents[k] for k in range(len(documents)) if k != index]
                for n in range(len(document) - 1):
                    a = document[n]
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, document[n + 1], 0))
                    else:
                        other = others[int(torch.randint(len(others), (), generator=generator))]
                        pairs.append((a, other[int(torch.randint(len(other), (), generator=generator))], 1))
            return pairs
'''),
    # One image at a time over the flattened batch, distances (K, H*W) from explicit differences.
    "blind67_right_quantize_image_by_image": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            C, height, width = images.shape[-3:]
            dtype = torch.promote_types(images.dtype, palette.dtype)
            flat = images.to(dtype).reshape(-1, C, height * width)
            colours = palette.to(dtype)
            out = []
            for image in flat:
                distances = (image[:, None, :] - colours[:, :, None]).square().sum(dim=0)   # (K, H*W)
                out.append(distances.argmin(dim=0))
            if not out:
                return torch.zeros(*images.shape[:-3], height, width, dtype=torch.long)
            return torch.stack(out).reshape(*images.shape[:-3], height, width)
'''),
    # One channel plane at a time: channel c of the image is row c of the palette indexed by the ids.
    "blind67_right_dequantize_channel_planes": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            index = ids.long()
            planes = [palette[c][index] for c in range(palette.shape[0])]
            if not planes:
                return palette.new_zeros(*ids.shape[:-2], 0, *ids.shape[-2:])
            return torch.stack(planes, dim=-3)
'''),
    # The raster sequence built row by row, the start token then all targets but the last.
    "blind67_right_pixel_sequence_rows_concatenated": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            rows = [ids[..., r, :].long() for r in range(ids.shape[-2])]
            targets = torch.cat(rows, dim=-1)
            start = torch.full_like(targets[..., :1], sos_id)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # The token columns summed by a loop and divided by N, then W applied as a weighted sum of its columns.
    "blind67_right_average_pool_token_loop": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            N = X.shape[-1]
            total = X[..., 0]
            for n in range(1, N):
                total = total + X[..., n]
            pooled = total / N
            logits = (pooled[..., None, :] * W).sum(dim=-1)
            return logits if b is None else logits + b
'''),
    # Windows cut by a loop over window rows and columns, in raster order.
    "blind67_right_window_partition_window_loops": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            out = []
            for a in range(height // M):
                for b in range(width // M):
                    block = X[..., :, a * M:(a + 1) * M, b * M:(b + 1) * M]
                    out.append(block.reshape(*batch, channels, M * M))
            return torch.stack(out, dim=-3)
'''),
    # The grid rebuilt by concatenating each row of windows along the width, then the rows along the height.
    "blind67_right_window_reverse_rows_of_windows": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            per_row = width // M
            rows = []
            for a in range(height // M):
                blocks = [windows[..., a * per_row + b, :, :].unflatten(-1, (M, M)) for b in range(per_row)]
                rows.append(torch.cat(blocks, dim=-1))
            return torch.cat(rows, dim=-2)
'''),
    # A loop over windows; in each, every token's (row wrapped, column wrapped) flags compared.
    "blind67_right_shifted_mask_window_loop_wrap_flags": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            M = window
            masks = []
            for a in range(height // M):
                for b in range(width // M):
                    rows = torch.arange(a * M, (a + 1) * M)
                    cols = torch.arange(b * M, (b + 1) * M)
                    row_wrap = (rows + shift >= height).repeat_interleave(M)
                    col_wrap = (cols + shift >= width).repeat(M)
                    same = (row_wrap[:, None] == row_wrap[None, :]) & (col_wrap[:, None] == col_wrap[None, :])
                    masks.append(same)
            return torch.stack(masks)
'''),
    # The four block positions in a loop over (row offset, column offset) in the contract's order.
    "blind67_right_patch_merging_offset_loop": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            parts = [X[..., dy::2, dx::2] for dx in (0, 1) for dy in (0, 1)]
            merged = torch.cat(parts, dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # A loop over groups with row slices of size C/G.
    "blind67_right_channel_attention_group_loop": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = tokens ** -0.5
            size = channels // num_groups
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            outs = []
            for g in range(num_groups):
                r = slice(g * size, (g + 1) * size)
                weights = softmax_cols(K[..., r, :] @ Q[..., r, :].transpose(-2, -1) * scale)
                outs.append(weights.transpose(-2, -1) @ V[..., r, :])
            return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
    # The column maxima found by a running maximum over the rows.
    "blind67_right_softmax_running_row_maximum": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            top = torch.full_like(scores[..., :1, :], float("-inf"))
            for r in range(scores.shape[-2]):
                top = torch.maximum(top, scores[..., r:r + 1, :])
            top = torch.where(top == float("-inf"), torch.zeros_like(top), top)
            exps = torch.exp(scores - top)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / torch.where(total == 0, torch.ones_like(total), total)
'''),
    # One row per vocabulary entry, stacked on the new axis -2.
    "blind67_right_one_hot_row_per_token_id": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            dtype = dtype or torch.get_default_dtype()
            rows = [(token_ids == v).to(dtype) for v in range(vocab_size)]
            if not rows:
                return torch.zeros(*token_ids.shape[:-1], 0, token_ids.shape[-1], dtype=dtype)
            return torch.stack(rows, dim=-2)
'''),
    # The table filled one row at a time, sine rows even and cosine rows odd.
    "blind67_right_sinusoidal_row_by_row": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            n = torch.arange(num_positions, dtype=torch.float64)
            rows = []
            for d in range(dim):
                angle = n / 10000 ** ((d - d % 2) / dim)
                rows.append(torch.sin(angle) if d % 2 == 0 else torch.cos(angle))
            if not rows:
                return torch.zeros(0, num_positions)
            return torch.stack(rows).to(torch.get_default_dtype())
'''),
    # One sequence at a time: key j visible iff j < lengths[b].
    "blind67_right_padding_mask_sequence_loop": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            keys = torch.arange(n)
            rows = [keys < int(length) for length in lengths]
            if not rows:
                return torch.zeros(0, n, 1, dtype=torch.bool)
            return torch.stack(rows)[:, :, None]
'''),
    # The trailing spaces stripped by a loop from the end.
    "blind67_right_bpe_decode_strip_loop": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(tokens).replace("</w>", " ")
            end = len(text)
            while end > 0 and text[end - 1] == " ":
                end -= 1
            return text[:end]
'''),
    # m = n // s offsets counted for the strided pattern: when s divides n this counts offset n, which holds
    # n - n = 0 pairs, so the total is unchanged (right for every n, found while testing a wrong entry).
    "blind67_right_strided_cost_largest_offset_from_n_over_stride": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = n // stride
                return n * (2 * m + 1) - stride * m * (m + 1)
            return n * n - (n - num_global) ** 2
'''),
}
