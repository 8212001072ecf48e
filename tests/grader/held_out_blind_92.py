"""Ninety-third blind batch of held-out implementations (prefix blind92_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, course/registry.py, the stubs
(exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker; exercises/conftest.py
for nothing but the --target option) and the model answers (solutions/*.py). The learner-visible tests were only run
(`pytest exercises/tests/test_<module>.py --target <package>`, and `--help` for the option), never opened. The earlier
blind batches (held_out_blind.py ... held_out_blind_90.py) were only skimmed for their header style and Emphasis
paragraphs, and their entry names were collected (a grep of the quoted "blind..." keys) to check that no name and,
as far as names tell, no mechanism for the same function repeats. To find those files I listed tests/grader/ once,
piped through `grep held_out_blind`, so only the batch files' names were shown. Nothing else under grader/ or tests/
was opened, grepped or run, nor docs/grading.md, nor benchmarks/, nor the batches written at the same time
(held_out_blind_91.py, held_out_blind_93.py), with one slip: a final name check ran `grep -oE '"blind92_..."'` over
held_out_blind_90.py, held_out_blind_91.py and (absent) held_out_blind_93.py by mistake; it printed nothing, and
nothing else of those files was read.

Emphasis: symmetries and independence the contract implies. Wrong entries break one that random tests rarely probe
and are right where it is not tested (one sequence, one head, one group, distinct values, masks whose visible keys are
a prefix, short sequences): key order and ties (a tied column maximum counted once in the softmax normaliser,
duplicate encoder tokens deduplicated before attention, equal query or token columns computed once so that their
gradient goes to the first copy (multi-head attention, feed-forward), palette colours searched in torch.unique's
sorted order, a mask read back as lengths or cut at the first hidden key, a shift by the first key's, first
position's or top-left cell's score instead of an upper bound); batch items, beams, heads and groups that leak into
each other (padding lengths sorted and never restored, a batched mask ANDed over the batch, a decoder's batch packed
into one causal stream, side-by-side images split in order, MLM specials located in the first row, one random
replacement per token id, one log_softmax over all live beams, heads' or groups' key rows stacked under one softmax,
one normaliser for every column of sequence_log_prob); queries that see each other (a mask collapsed to the keys some
query sees); translation (a local window slid inwards at the edges, a T5 log range stretched to the farthest offset
present, Llama's dynamic NTK base per tensor length, one shifted-window mask for every window); hidden or padding
content that leaks (values centred so that a blind query gets their mean, hidden states zeroed instead of their
scores, zero columns taken for padding in a transformer layer and in average pooling, layer-norm statistics over the
whole merged grid). Right entries exploit a symmetry correctly: keys sorted and the weights scattered back
(softmax_cols, scaled dot-product attention), columns sorted and scattered back (feed_forward), a column shift by the
rounded-up maximum, keys centred over the tokens (their mean moves each query's scores by one constant), the output
projection as a sum over heads, reversed tokens flipped back (transformer layer, channel attention) and reversed grid
cells, hidden encoder tokens and hidden states zeroed, batch items one by one (decoder layer, window partition, pixel
sequences, global-token masks), padding rows built sorted and restored, rotation composed from an origin, each bucket
half as the causal bucketing of the distance, distinct palette colours kept in id order, the batch stacked into one
tall image, and per-column shifts by the target's logit.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind92/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (18 of the 30 wrong entries pass them). Each wrong entry's recorded input was run on the model
answer and on the entry and both results printed; each differs as its comment says (the two MLM entries by
frequencies: 20 000 rows with both positions randomised, 10 000 rows with specials; the beam-search input was found
by a search over 200 random table models). Right entries were compared with the model answer on 150 random inputs per
default dtype (float32 and float64 defaults, float32 and float64 inputs, 0-2 batch axes, edge sizes such as one key,
N = 0 where allowed, D not divisible by H, odd D, empty offset tensors), values to 1e-4 / 1e-9, dtypes and shapes
exactly, the same exception type where the model answer raises, and gradients of every floating-point input and
parameter (against a random cotangent) to 1e-3 / 1e-8: masks none, causal, local, padding, random, broadcast
((N_k, 1), (1, N_d)) and blind queries; shared Xq/Xkv objects; scores up to 1e4 and -inf entries; 1000x inputs;
duplicate columns; 400 random offset tensors for the buckets (bidirectional and causal, odd and even bucket counts,
several max_distance); 300 palettes with duplicate colours and pixels on ties; rotary positions from -50 to 5000 and
other bases; every shifted-window grid, window and shift, including the ValueError for shift = window; pixel ids in
uint8, int32 and int64.

Judgement calls: the emphasis's most natural mechanisms were already in earlier batches under the same function (a
softmax normalised over the flattened batch, a mask reduced to the first item or to key padding, heads read from a
per-head mask, rotary positions re-based or right-aligned, NSP exclusion by equality, pooled NSP sentences, MLM draws
shared across rows or taken from the batch, beam candidates keyed by score, one-hot / dequantize / window-partition
folds, whole-text BPE encoding, grid softmax over the whole batch, channel-attention scales from the batch's token
count), so they were dropped; hence 30 wrong entries rather than 45. blind92_mha_duplicate_query_columns_computed_once
and blind92_feed_forward_duplicate_tokens_computed_once have right values everywhere and are wrong only in the gradient
of duplicated columns, which the contract requires (differentiable in every input). blind92_grid_attention_shift_by_
top_left_cell_score is wrong only at large magnitudes (v at a thousand times the usual scale), which the contract
allows. blind92_rotary_dynamic_ntk_base_from_each_tensors_length is wrong only beyond 2048 columns.
blind92_mlm_random_replacement_table_indexed_by_token_id breaks only the independence of the random tokens, which the
contract states ("each random token is drawn independently of the others"); its marginal frequencies are right.
blind92_transformer_layer_zero_columns_taken_as_padding and blind92_average_pool_head_zero_columns_taken_as_padding
differ only on an all-zero token column (exact zeros are allowed). A right entry for layer_norm (moments of each column
minus its first feature) was dropped: its float32 gradients for D = 2, where the gradient is nearly zero and badly
conditioned, differed from the model answer's by more than 1e-3 (neither was closer to float64 by a margin that
settles it). Right entries on degenerate inputs the model answer also leaves undefined (softmax_cols with no keys,
which the model answer rejects with an IndexError; a sequence_log_prob column that is all -inf) were not compared.

Counts: 30 wrong, 22 right.
Wrong per function: {'additive_attention': 2, 'average_pool_head': 1, 'beam_search': 1, 'channel_attention': 1,
'cross_attention': 2, 'decoder_layer': 1, 'feed_forward': 1, 'grid_attention': 1, 'local_mask': 1, 'mlm_corrupt': 2,
'multi_head_attention': 2, 'padding_mask': 1, 'patch_merging': 1, 'patchify': 1, 'quantize_pixels': 1,
'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 3, 'self_attention': 1,
'sequence_log_prob': 1, 'shifted_window_mask': 1, 'softmax_cols': 1, 'transformer_layer': 2}.
Right per function: {'additive_attention': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1,
'feed_forward': 1, 'global_token_mask': 1, 'grid_attention': 1, 'multi_head_attention': 1, 'padding_mask': 1,
'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1,
'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1,
'softmax_cols': 2, 'transformer_layer': 1, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_92 = {
    # The maximum is counted as exactly 1 in the normaliser and only the entries below it are summed, so a column
    # whose maximum is tied counts it once (a key dropped from the sum). softmax_cols([[0.], [0.]]): model [0.5, 0.5],
    # entry [1.0, 1.0]. Fails the visible tests.
    "blind92_softmax_cols_tied_maxima_counted_once_in_normaliser": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            # the maximum contributes exactly exp(0) = 1: add it as 1 and sum only the smaller terms (log1p style)
            is_max = scores == column_max
            rest = torch.where(is_max, torch.zeros_like(exps), exps).sum(dim=-2, keepdim=True)
            total = rest + is_max.any(dim=-2, keepdim=True).to(exps.dtype)
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # The lengths are sorted longest first (pack_padded_sequence's order) and the rows are never put back, so row b
    # is another sequence's mask. padding_mask(tensor([1, 3]), 3)[..., 0]: model [[1, 0, 0], [1, 1, 1]], entry
    # [[1, 1, 1], [1, 0, 0]]. Fails the visible tests.
    "blind92_padding_mask_lengths_sorted_longest_first_never_restored": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            # longest sequence first, as pack_padded_sequence expects
            lengths = torch.sort(lengths, descending=True).values
            keys = torch.arange(n, device=lengths.device)[None, :]
            return (keys < lengths[:, None])[:, :, None]
'''),
    # Each query gets a full window of 2w + 1 keys, slid inwards at the edges, so the band is not translation-
    # consistent near the ends. local_mask(4, 1)[:, 0]: model [1, 1, 0, 0], entry [1, 1, 1, 0]. Fails the visible tests.
    "blind92_local_mask_window_slid_inside_sequence_at_edges": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            # every query gets a full window of 2w + 1 keys: near an edge the window slides inwards
            size = 2 * window + 1
            keys = torch.arange(n)[:, None]
            start = (torch.arange(n)[None, :] - window).clamp(min=0)
            start = torch.minimum(start, torch.full_like(start, max(n - size, 0)))
            return (keys >= start) & (keys < start + size)
'''),
    # The values are centred and their mean added back (exact only where a query's weights sum to 1): a query that
    # sees no key gets the mean of all values. Q = K = ones(1, 2), V = [[1., 3.]], mask [[T, F], [F, F]]: output model
    # [[1.0, 0.0]], entry [[1.0, 2.0]]. Passes the visible tests.
    "blind92_sdpa_values_centred_blind_query_gets_their_mean": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            # the weights sum to 1, so centring the values and adding their mean back is exact (and better scaled)
            centre = V.mean(dim=-1, keepdim=True)
            return (V - centre) @ weights + centre, weights
'''),
    # Scores are shifted by the first key's score (a per-column constant), which is -inf when that key is hidden: the
    # query's column becomes NaN and is zeroed. Q = K = zeros(1, 3), V = [[1., 2., 3.]], mask local_mask(3, 1): output
    # model [[1.5, 2.0, 2.5]], entry [[1.5, 2.0, 0.0]]. Passes the visible tests.
    "blind92_sdpa_scores_shifted_by_first_key_score": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            # any constant per query column cancels in the softmax: use the first key's score
            exps = torch.exp(scores - scores[..., :1, :])
            weights = torch.nan_to_num(exps / exps.sum(dim=-2, keepdim=True), nan=0.0)  # blind queries -> 0
            return V @ weights, weights
'''),
    # Assumes each query's visible keys are a prefix (true of padding and causal masks) and keeps only the keys before
    # its first hidden one. Q = K = zeros(1, 3), V = [[1., 2., 3.]], mask local_mask(3, 1): output model
    # [[1.5, 2.0, 2.5]], entry [[1.5, 2.0, 0.0]]. Passes the visible tests.
    "blind92_sdpa_keys_after_first_hidden_key_dropped": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                # a query's visible keys run from key 0 up to its first hidden key (padding, causal)
                prefix = torch.cumprod(mask.to(torch.uint8), dim=-2).bool()
                scores = apply_mask(scores, prefix)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # A batched mask is merged into one (N, N) mask by AND over the batch, so one sequence's padding hides keys in
    # every sequence. X = [[[1., 3.]], [[1., 3.]]], Wq = Wk = 0, Wv = 1, biases 0, mask padding_mask([1, 2], 2):
    # output model [[[1, 1]], [[2, 2]]], entry [[[1, 1]], [[1, 1]]]. Passes the visible tests.
    "blind92_self_attention_batched_mask_anded_over_batch": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            if mask is not None and mask.dim() > 2:
                # one (N, N) mask for the whole batch: a key stays visible where every sequence shows it
                mask = mask.reshape(-1, *mask.shape[-2:]).all(dim=0)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # The heads' scores are reshaped into one (H*N_k, N_q) matrix for a single softmax_cols call, so the heads share
    # one normaliser (right for one head). Xq = Xkv = [[1, 2], [0.5, -1]], 2 heads, seeded float64 params: output model
    # [[4.2733, 4.5217], [-1.2109, -1.2788]], entry [[3.8723, 4.9045], [-1.717, -2.1824]]. Fails the visible tests.
    "blind92_mha_heads_folded_into_key_rows_for_one_softmax": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols

            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(dim // num_heads)   # (..., H, N_k, N_q)
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            *lead, heads, n_k, n_q = scores.shape
            # one softmax_cols call on a plain matrix: the heads' key rows stacked on top of each other
            weights = softmax_cols(scores.reshape(*lead, heads * n_k, n_q)).reshape(*lead, heads, n_k, n_q)
            return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # Equal query columns are attended once and the result copied back: the values are right, but the gradient of
    # all copies goes to the first one. Xq = [[1, 1], [0.5, 0.5]], Xkv = [[1, 2], [0.5, -1]], 1 head, sum of the
    # output: grad of Xq model [[-0.0241, -0.0241], [-0.1241, -0.1241]], entry [[-0.0482, 0], [-0.2481, 0]]. Passes the
    # visible tests.
    "blind92_mha_duplicate_query_columns_computed_once": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            inverse = None
            if mask is None and Xq.dim() == 2 and Xq.shape[-1] > 1:
                # queries are independent and equal query columns give equal outputs: attend once per distinct one
                _, inverse = torch.unique(Xq.detach(), dim=-1, return_inverse=True)
                n = Xq.shape[-1]
                first = torch.full((int(inverse.max()) + 1,), n, dtype=torch.long)
                first = first.scatter_reduce(0, inverse, torch.arange(n), reduce="amin")
                Xq = Xq[:, first]
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            out = linear(merge_heads(heads), params["Wo"], params["bo"])
            return out if inverse is None else out[:, inverse]
'''),
    # All-zero token columns are taken for padding and hidden as keys (Keras' mask_zero), though a zero token is a
    # real input. D = 4, one head, X with a zero middle column, no mask: output column 0 model
    # [0.2606, 1.2938, -1.5018, -0.0527], entry [0.4798, 0.5587, -1.7272, 0.6887]. Passes the visible tests.
    "blind92_transformer_layer_zero_columns_taken_as_padding": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            # all-zero token columns are padding (Keras' mask_zero): no query attends to them
            real_keys = (X != 0).any(dim=-2).unsqueeze(-1)            # (..., N, 1)
            mask = real_keys if mask is None else mask & real_keys

            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # The mask is collapsed to a key-padding mask (a key visible to some query is visible to all), so under a causal
    # mask every query sees the future. D = 4, one head, mask causal_mask(3): output column 0 model
    # [0.4819, 0.5551, -1.7272, 0.6902], entry [0.2606, 1.2938, -1.5018, -0.0527]. Fails the visible tests.
    "blind92_transformer_layer_mask_collapsed_to_keys_some_query_sees": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            if mask is not None:
                # as a key-padding mask: a key is real if some query may look at it
                mask = mask.any(dim=-1, keepdim=True)

            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                return X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
            return layer_norm(X + think(X), params["gamma2"], params["beta2"])
'''),
    # The batch is packed into one causal stream for the self-attention, so sequence 2 attends to sequence 1 (right
    # for one sequence). D = 4, one head, X_dec (2, 4, 2), seeded params: output item 1, column 0 model
    # [-1.5648, 0.6427, 1.0581, -0.1359], entry [-1.4838, 0.5794, 1.178, -0.2736]. Passes the visible tests.
    "blind92_decoder_layer_causal_self_attention_over_flattened_batch": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            *batch, dim, n = X_dec.shape
            # pack the batch into one long causal stream for the self-attention, then unpack it
            stream = X_dec.transpose(-2, -1).reshape(-1, dim).T                  # (D, B*N), sequence after sequence
            attended = multi_head_attention(stream, stream, params["self_attn"], num_heads,
                                            causal_mask(stream.shape[-1]).to(X_dec.device))
            attended = attended.T.reshape(*batch, n, dim).transpose(-2, -1)
            X = layer_norm(X_dec + attended, params["gamma1"], params["beta1"])
            read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
            X = layer_norm(X + read, params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma3"], params["beta3"])
'''),
    # Equal token columns are run through the MLP once and copied back: the values are right, but the gradient of all
    # copies goes to the first. X = [[1, 1], [2, 2]], identity weights, zero biases, sum of the output: grad of X model
    # [[1, 1], [1, 1]], entry [[2, 0], [2, 0]]. Passes the visible tests.
    "blind92_feed_forward_duplicate_tokens_computed_once": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            if X.dim() == 2 and X.shape[-1] > 1:
                # position-wise: equal columns give equal outputs, so run each distinct column once
                _, inverse = torch.unique(X.detach(), dim=-1, return_inverse=True)
                n = X.shape[-1]
                first = torch.full((int(inverse.max()) + 1,), n, dtype=torch.long)
                first = first.scatter_reduce(0, inverse, torch.arange(n), reduce="amin")
                distinct = linear(torch.relu(linear(X[:, first], W1, b1)), W2, b2)
                return distinct[:, inverse]
            return linear(torch.relu(linear(X, W1, b1)), W2, b2)
'''),
    # A channels-first layer norm: statistics over the 4C features and all merged positions together, so the tokens
    # mix (right for a 2 x 2 grid). X = [[[1, 2, 3, 4], [0, 1, 0, 5]]] (C=1, 2x4), gamma 1, beta 0, W = eye(2, 4):
    # output [:, 0, 0] model [0.0, -1.4142], entry [-0.5773, -1.1547]. Passes the visible tests.
    "blind92_patch_merging_layer_norm_over_whole_grid": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                               dim=-3)                                               # (..., 4C, H/2, W/2)
            # channels-first layer norm, as in ConvNeXt ports: statistics over features and positions together
            mean = merged.mean(dim=(-3, -2, -1), keepdim=True)
            var = merged.var(dim=(-3, -2, -1), keepdim=True, correction=0)
            normed = (merged - mean) / torch.sqrt(var + eps) * gamma[:, None, None] + beta[:, None, None]
            return torch.einsum("oc,...chw->...ohw", W, normed)
'''),
    # The live beams' next-token logits are normalised by one log_softmax over all beams together, so a beam's
    # scores depend on the other beams (right for one beam). model(ids) = T[:, ids] with T = [[0, 2, 2], [-2, 3, -2],
    # [-1, 2, 0]], prompt [0], width 2, 2 steps: model [0, 0, 0], entry [0, 2, 0]. Passes the visible tests.
    "blind92_beam_search_log_softmax_over_all_live_beams_jointly": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                live = [ids for _, ids, finished in beams if not finished]
                # the live beams' next-token logits in one (B, V) tensor, normalised in one go
                logits = torch.stack([model(ids)[:, -1] for ids in live]).double()
                log_probs = torch.log_softmax(logits.flatten(), dim=0).reshape(logits.shape)
                candidates = []
                row = 0
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    for token, log_prob in enumerate(log_probs[row].tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                    row += 1
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # One log_softmax over the whole (V, N) logits matrix, so the columns share a normaliser. Logits
    # [[0, 2], [1, 0]], ids [0, 1]: model -0.3133, entry -1.4938. Fails the visible tests.
    "blind92_sequence_log_prob_one_normaliser_for_all_columns": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            logits = model(ids)                                              # (V, N)
            log_probs = torch.log_softmax(logits.flatten(), dim=0).reshape(logits.shape)
            return log_probs[ids[1:], torch.arange(len(ids) - 1)].sum()
'''),
    # The images are put side by side and cut once, and the wide image's patches are split into B equal runs, which
    # mixes the images' patch rows (right for B = 1 or one patch row). images arange(16).reshape(2, 1, 4, 2), P = 2:
    # patchify(...)[0, :, 1] model [4, 5, 6, 7], entry [8, 9, 10, 11]. Passes the visible tests.
    "blind92_patchify_images_side_by_side_then_split_in_order": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            # one wide image (the batch side by side), cut once; its patches then split into B equal runs
            wide = images.permute(1, 2, 0, 3).reshape(channels, height, batch * width)
            grid = wide.reshape(channels, height // P, P, batch * width // P, P).permute(1, 3, 0, 2, 4)
            columns = grid.reshape(-1, channels * P * P)                  # raster order over the wide image
            return columns.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # Hides positions by zeroing their encoder states instead of their scores, so hidden positions keep a weight.
    # s = [0.5], H = [[1, 2, 3]], W = U = [[1]], v = [1], mask [T, T, F]: weights model [0.4796, 0.5204, 0.0], entry
    # [0.3667, 0.3978, 0.2355]. Fails the visible tests.
    "blind92_additive_attention_hidden_states_zeroed_scores_left_visible": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            if mask is not None:
                # hidden positions must not contribute: zero their encoder states
                H = H * mask.unsqueeze(-2).to(H.dtype)
            query = (s @ W.T).unsqueeze(-1)
            scores = (v.unsqueeze(-1) * torch.tanh(U @ H + query)).sum(dim=-2)
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # Scores are shifted by the first position's score, which is -inf when that position is hidden: the state's
    # weights become NaN and are zeroed. s = [0.5], H = [[1, 2, 3]], W = U = [[1]], v = [1], mask [F, T, T]: weights
    # model [0.0, 0.4971, 0.5029], entry [0.0, 0.0, 0.0]. Passes the visible tests.
    "blind92_additive_attention_shift_by_first_position_score": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            scores = (v.unsqueeze(-1) * torch.tanh(U @ H + query)).sum(dim=-2)      # (..., N)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            # any constant per state cancels: shift by the first position's score
            exps = torch.exp(scores - scores[..., :1])
            weights = torch.nan_to_num(exps / exps.sum(dim=-1, keepdim=True), nan=0.0)  # a blind state -> zeros
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # The grid's scores are shifted by the top-left cell's score instead of the maximum: exp overflows when another
    # cell scores far higher (large weights). s = [0], features [[[-1, 1]]], W = U = [[1]], v = [1000]: weights model
    # [[0.0, 1.0]], entry [[0.0, nan]]. Passes the visible tests.
    "blind92_grid_attention_shift_by_top_left_cell_score": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            cells = features.flatten(-2)                                              # (..., C, H*W)
            scores = (v.unsqueeze(-1) * torch.tanh(U @ cells + (s @ W.T).unsqueeze(-1))).sum(dim=-2)
            # one softmax over the grid; the top-left cell's score serves as the shift
            exps = torch.exp(scores - scores[..., :1])
            weights = exps / exps.sum(dim=-1, keepdim=True)
            context = (cells @ weights.unsqueeze(-1)).squeeze(-1)
            return weights.unflatten(-1, (height, width)), context
'''),
    # A masked mean: all-zero token columns are taken for padding and left out of the count, though every column is
    # averaged. X = [[2., 0.]], W = [[1.]]: model [1.0], entry [2.0]. Fails the visible tests.
    "blind92_average_pool_head_zero_columns_taken_as_padding": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            # a masked mean: all-zero token columns are padding and are not counted
            real = (X != 0).any(dim=-2, keepdim=True).to(X.dtype)                     # (..., 1, N)
            pooled = (X * real).sum(dim=-1) / real.sum(dim=-1).clamp(min=1)           # (..., D)
            logits = torch.einsum("kd,...d->...k", W, pooled)
            return logits if b is None else logits + b
'''),
    # The log range is stretched to the farthest distance in the tensor when that exceeds max_distance, so one
    # offset's bucket depends on the other offsets (right when all |offsets| <= max_distance). Offsets [100, 200]:
    # model [31, 31], entry [30, 31]. Fails the visible tests.
    "blind92_relative_bucket_log_range_stretched_to_farthest_offset": ("positions", "relative_position_bucket", '''
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
                distance = torch.clamp(-offset, min=0)
            exact = half // 2
            # offsets past max_distance would all pile into the last bucket: stretch the log range to the farthest
            far_end = max(max_distance, int(distance.max())) if distance.numel() else max_distance
            log_scale = torch.log(distance.float() / exact) / math.log(far_end / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Dynamic NTK scaling from Llama: a tensor longer than 2048 columns gets a larger base, computed separately for Q
    # and K, so scores stop depending on p_q - p_k alone. Q (4, 2049) at default positions, K (4, 1) at position 2048,
    # score K'[:, 0] . Q'[:, 2048] (offset 0): model 5.1415, entry 5.137. Passes the visible tests.
    "blind92_rotary_dynamic_ntk_base_from_each_tensors_length": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                b = base
                if num > 2048:
                    # dynamic NTK scaling (Llama): a longer sequence gets a larger base
                    b = base * (num / 2048) ** (dim / (dim - 2))
                return rotate_columns(X, positions, b)

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Random replacements come from one random table indexed by token id, so equal tokens chosen for a random token
    # get the same one (not independent draws). ids full((20000, 2), 5), vocab 1000, mask_prob 1: among rows with both
    # positions randomised, equal replacements model 0.5 %, entry 100 %. Passes the visible tests.
    "blind92_mlm_random_replacement_table_indexed_by_token_id": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            # vectorised random tokens: one random replacement per vocabulary entry, looked up by id
            table = torch.randint(0, vocab_size, (vocab_size,), generator=generator, dtype=ids.dtype)
            random_ids = table[ids.long().clamp(0, vocab_size - 1)]
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # The groups' scores are reshaped into one (G*C/G, C/G) matrix for one softmax_cols call, so the groups share one
    # normaliser (right for G = 1). X = [[1, 2, 0], [3, -1, 1]], identity weights, zero biases, 2 groups: output
    # column 0 model [1.0, 3.0], entry [0.0304, 2.9089]. Fails the visible tests.
    "blind92_channel_attention_groups_folded_into_key_rows": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)     # (..., G, C/G, N)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = K @ Q.transpose(-2, -1) * scale                                # (..., G, C/G, C/G)
            *lead, groups, n_k, n_q = scores.shape
            # softmax_cols wants a matrix: stack the groups' key rows
            weights = softmax_cols(scores.reshape(*lead, groups * n_k, n_q)).reshape(*lead, groups, n_k, n_q)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Every window gets the corner window's mask (where all four regions meet), though interior windows see
    # everything. shifted_window_mask(4, 4, 2, 1)[0].all(): model True, entry False. Fails the visible tests.
    "blind92_shifted_window_mask_corner_window_mask_for_every_window": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = torch.arange(width) + shift >= width
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]                    # (nW, M*M)
            # the pattern is the same in every window: take it from the corner window, where all regions meet
            corner = labels[-1]
            return (corner[:, None] == corner[None, :]).expand(labels.shape[0], -1, -1)
'''),
    # Repeated encoder tokens are deduplicated before attention, so a repeated key counts once in the softmax.
    # X_dec = [[1], [0.5]], X_enc = [[1, 1, 2], [0, 0, 1]], 1 head, seeded params: output model [4.1239, -1.2221], entry
    # [4.3269, -1.375]. Passes the visible tests.
    "blind92_cross_attention_duplicate_encoder_tokens_attended_once": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            if enc_mask is None and X_enc.dim() == 2 and X_enc.shape[-1] > 1:
                # repeated encoder tokens give repeated keys and values: keep each distinct token once, in order
                _, inverse = torch.unique(X_enc.detach(), dim=-1, return_inverse=True)
                n = X_enc.shape[-1]
                first = torch.full((int(inverse.max()) + 1,), n, dtype=torch.long)
                first = first.scatter_reduce(0, inverse, torch.arange(n), reduce="amin")
                X_enc = X_enc[:, first.sort().values]
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The enc_mask is read back as lengths (visible keys counted, then taken as a prefix), so a mask hiding a leading
    # key hides the wrong one. Same inputs, enc_mask [[F], [T], [T]]: output model [4.3269, -1.375], entry
    # [3.7283, -0.9239]. Passes the visible tests.
    "blind92_cross_attention_enc_mask_read_back_as_lengths": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            if enc_mask is not None:
                # the visible encoder tokens are each query's first few: count them, rebuild the mask from lengths
                lengths = enc_mask.sum(dim=-2, keepdim=True)                           # (..., 1, N_d)
                enc_mask = torch.arange(X_enc.shape[-1], device=X_enc.device)[:, None] < lengths
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Special tokens are located in the first row and that pattern is used for every row, so in a row with
    # [SEP] elsewhere a special id can be chosen and a word never. ids [[101, 7, 102], [101, 102, 0]] x 5000, specials
    # [101, 102, 0]: rate chosen at row 2's [SEP] model 0.0, entry 0.153. Passes the visible tests.
    "blind92_mlm_special_positions_read_from_first_row": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            # [CLS], [SEP] and padding sit at the same places in every row of a batch: locate them once
            first_row = ids.reshape(-1, ids.shape[-1])[0] if ids.numel() else ids.reshape(-1)
            eligible = ~torch.isin(first_row, special)                             # (N,), broadcast over rows
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # The palette's distinct colours are searched in torch.unique's sorted order, so between distinct colours at the
    # same distance the lexicographically smaller wins, not the lower id. A 1x1 pixel 0, palette [[1., -1.]]: model
    # [[0]], entry [[1]]. Fails the visible tests.
    "blind92_quantize_pixels_distinct_colours_searched_in_sorted_order": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            colours = palette.to(dtype)
            # equal colours are one colour: search the distinct ones, answer with each one's first id
            _, inverse = torch.unique(colours, dim=1, return_inverse=True)
            k = colours.shape[1]
            first = torch.full((int(inverse.max()) + 1,), k, dtype=torch.long)
            first = first.scatter_reduce(0, inverse, torch.arange(k), reduce="amin")   # in torch.unique's order
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            distances = (pixels - colours[:, first]).square().sum(dim=-2)
            return first[distances.argmin(dim=-1)]
'''),
}
RIGHT_BLIND_92 = {
    # Sorts each column's keys, normalises the sorted copy, scatters the weights back (key order does not matter).
    # Passes the visible tests.
    "blind92_right_softmax_cols_columns_sorted_then_scattered_back": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            # the column softmax does not care about the order of the keys: sort each column, normalise, put back
            ordered, order = torch.sort(scores, dim=-2, descending=True)
            top = ordered[..., :1, :]
            top = top.masked_fill(top == float("-inf"), 0.0)
            exps = torch.exp(ordered - top)
            total = exps.sum(dim=-2, keepdim=True)
            weights = exps / total.masked_fill(total == 0, 1.0)
            return torch.empty_like(weights).scatter(-2, order, weights)
'''),
    # Shifts each column by its maximum rounded up to an integer: any per-column constant cancels. Passes the visible
    # tests.
    "blind92_right_softmax_cols_shift_by_column_max_rounded_up": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            # any constant per column cancels; the column maximum rounded up to an integer keeps exp() <= 1
            column_max = scores.amax(dim=-2, keepdim=True)
            shift = torch.ceil(column_max).masked_fill(torch.isinf(column_max), 0.0)
            exps = torch.exp(scores - shift)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / total.masked_fill(total == 0, 1.0)
'''),
    # Builds the rows longest first, then puts them back through the sort's permutation. Passes the visible tests.
    "blind92_right_padding_mask_sorted_longest_first_then_restored": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            # build the rows longest first (as pack_padded_sequence likes them), then undo the sort
            ordered, order = torch.sort(lengths, descending=True, stable=True)
            keys = torch.arange(n, device=lengths.device)[None, :]
            rows = keys < ordered[:, None]
            restored = torch.empty_like(rows)
            restored[order] = rows
            return restored[:, :, None]
'''),
    # Visits the keys by decreasing norm (K, V columns and mask rows together) and scatters the weights back. Passes
    # the visible tests.
    "blind92_right_sdpa_keys_visited_by_decreasing_norm_then_restored": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k, n_k, n_q = Q.shape[-2], K.shape[-1], Q.shape[-1]
            batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2], V.shape[:-2])
            Q, K, V = Q.expand(*batch, *Q.shape[-2:]), K.expand(*batch, *K.shape[-2:]), V.expand(*batch, *V.shape[-2:])
            # attention ignores the order of the keys: visit them by decreasing norm, then restore the weights' rows
            order = K.detach().norm(dim=-2).argsort(dim=-1, descending=True, stable=True)     # (..., N_k)
            K_sorted = K.gather(-1, order.unsqueeze(-2).expand(K.shape))
            V_sorted = V.gather(-1, order.unsqueeze(-2).expand(V.shape))
            scores = K_sorted.transpose(-2, -1) @ Q / math.sqrt(d_k)
            rows = order.unsqueeze(-1).expand(*batch, n_k, n_q)
            if mask is not None:
                mask = torch.broadcast_to(mask, (*batch, n_k, n_q)).gather(-2, rows)
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V_sorted @ weights, torch.empty_like(weights).scatter(-2, rows, weights)
'''),
    # Centres the keys over the tokens: each query's scores move by one constant, which the softmax drops. Passes the
    # visible tests.
    "blind92_right_self_attention_keys_centred_over_tokens": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            # subtracting the mean key moves every score of a query by one constant, which the column softmax drops
            K = K - K.mean(dim=-1, keepdim=True)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # The output projection as a sum over heads of Wo's column blocks times the head outputs. Passes the visible
    # tests.
    "blind92_right_mha_output_projection_summed_over_heads": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            # Wo [head_0; head_1; ...] = sum over h of (the h-th block of Wo's columns) head_h
            blocks = params["Wo"].reshape(dim, num_heads, dim // num_heads).transpose(0, 1)   # (H, D, D/H)
            return (blocks @ heads).sum(dim=-3) + params["bo"][:, None]
'''),
    # Runs the layer on the reversed tokens (mask reversed on both axes) and reverses the result: equivariance. Passes
    # the visible tests.
    "blind92_right_transformer_layer_on_reversed_tokens_then_flipped_back": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            # the layer is equivariant to reordering the tokens (the mask's keys and queries reordered alike):
            # run it on the reversed sequence and reverse the result
            X = X.flip(-1)
            if mask is not None:
                mask = mask.flip(-1).flip(-2)

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
            return X.flip(-1)
'''),
    # Processes the columns sorted by their sum and scatters them back: the MLP is position-wise. Passes the visible
    # tests.
    "blind92_right_feed_forward_columns_sorted_then_scattered_back": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            # (the stub's input checks)
            # the same MLP on every column whatever their order: process the columns sorted by their sum, put back
            order = X.detach().sum(dim=-2).argsort(dim=-1, stable=True)               # (..., N)
            index = order.unsqueeze(-2)
            sorted_columns = X.gather(-1, index.expand(X.shape))
            out = linear(torch.relu(linear(sorted_columns, W1, b1)), W2, b2)
            return torch.empty_like(out).scatter(-1, index.expand(out.shape), out)
'''),
    # Zeroes encoder tokens that no query sees (their content cannot reach the output), then attends as usual. Passes
    # the visible tests.
    "blind92_right_cross_attention_zeroes_encoder_tokens_no_query_sees": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            if enc_mask is not None:
                # an encoder token hidden from every query never reaches the output: its content may be zeroed
                seen = enc_mask.any(dim=-1).unsqueeze(-2)                             # (..., 1, N_e)
                X_enc = X_enc * seen.to(X_enc.dtype)
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Runs the layer on each sequence of the batch separately (enc_mask broadcast to the batch) and stacks. Passes the
    # visible tests.
    "blind92_right_decoder_layer_batch_items_one_by_one": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            def one(X, memory, memory_mask):
                self_mask = causal_mask(X.shape[-1]).to(X.device)
                X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                               params["gamma1"], params["beta1"])
                X = layer_norm(X + cross_attention(X, memory, params["cross_attn"], num_heads, memory_mask),
                               params["gamma2"], params["beta2"])
                thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
                return layer_norm(X + thought, params["gamma3"], params["beta3"])

            batch = X_dec.shape[:-2]
            if not batch:
                return one(X_dec, X_enc, enc_mask)
            # sequences do not interact: run the layer on each one and stack the results
            decs = X_dec.reshape(-1, *X_dec.shape[-2:])
            encs = X_enc.expand(*batch, *X_enc.shape[-2:]).reshape(-1, *X_enc.shape[-2:])
            masks = None
            if enc_mask is not None:
                masks = torch.broadcast_to(enc_mask, (*batch, *enc_mask.shape[-2:])).reshape(-1, *enc_mask.shape[-2:])
            outs = [one(decs[i], encs[i], None if masks is None else masks[i]) for i in range(decs.shape[0])]
            return torch.stack(outs).reshape(*batch, *X_dec.shape[-2:])
'''),
    # Zeroes hidden encoder states and also hides their scores: the hidden content never matters. Passes the visible
    # tests.
    "blind92_right_additive_attention_hidden_states_zeroed_and_scores_hidden": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            if mask is not None:
                # a hidden position never contributes: zeroing its state changes nothing once its score is hidden too
                H = H * mask.unsqueeze(-2).to(H.dtype)
            query = (s @ W.T).unsqueeze(-1)
            scores = (v.unsqueeze(-1) * torch.tanh(U @ H + query)).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # One softmax over the cells in reversed raster order, weights flipped back: cell order does not matter. Passes
    # the visible tests.
    "blind92_right_grid_attention_cells_in_reversed_raster_order": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            # one softmax over all cells does not care about their order: last cell first, then flip back
            weights, context = additive_attention(s, features.flatten(-2).flip(-1), W, U, v)
            return weights.flip(-1).unflatten(-1, (height, width)), context
'''),
    # Channel attention on the reversed tokens, output flipped back: equivariant to permuting the tokens. Passes the
    # visible tests.
    "blind92_right_channel_attention_on_reversed_tokens_then_flipped_back": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            # the tokens are the channels' features: reversing them changes no score, and the output's tokens
            # come out reversed
            Xr = X.flip(-1)
            Q = split_heads(linear(Xr, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(Xr, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(Xr, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"]).flip(-1)
'''),
    # Rotates by (p - o) theta and then by o theta, with o the smallest position: the same rotation. Passes the
    # visible tests.
    "blind92_right_rotary_rotation_composed_from_an_origin": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                if positions is None:
                    positions = torch.arange(X.shape[-1])
                origin = int(positions.min()) if positions.numel() else 0
                # turning by (p - o) theta, then by o theta, is turning by p theta
                relative = rotate_columns(X, positions - origin, base)
                return rotate_columns(relative, torch.full_like(positions, origin), base)

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Each bidirectional half is the causal bucketing of the distance with half the buckets (a recursive call). Passes
    # the visible tests.
    "blind92_right_relative_bucket_bidirectional_as_causal_bucket_of_distance": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            offset = relative_position.long()
            if bidirectional:
                # each half is the causal bucketing of the distance, with half the buckets
                half = num_buckets // 2
                within = relative_position_bucket(-offset.abs(), False, half, max_distance)
                return torch.where(offset > 0, half, 0) + within
            distance = torch.clamp(-offset, min=0)
            exact = num_buckets // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (num_buckets - exact)
            far = torch.clamp(exact + log_scale.long(), max=num_buckets - 1)
            return torch.where(distance < exact, distance, far)
'''),
    # Searches only the first copy of each palette colour, kept in id order: ties still go to the lowest id. Passes
    # the visible tests.
    "blind92_right_quantize_pixels_distinct_colours_in_id_order": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            colours = palette.to(dtype)
            # a repeated colour can never win (ties go to the lowest id): search the first copy of each colour only
            _, inverse = torch.unique(colours, dim=1, return_inverse=True)
            k = colours.shape[1]
            first = torch.full((int(inverse.max()) + 1,), k, dtype=torch.long)
            keep = first.scatter_reduce(0, inverse, torch.arange(k), reduce="amin").sort().values   # in id order
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            distances = (pixels - colours[:, keep]).square().sum(dim=-2)
            return keep[distances.argmin(dim=-1)]
'''),
    # Stacks the batch into one tall image (P divides H, no patch straddles two images) and cuts it once. Passes the
    # visible tests.
    "blind92_right_patchify_batch_stacked_into_one_tall_image": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            # the images stacked on top of each other: P divides H, so no patch straddles two images, and the tall
            # image's patches come image after image
            tall = images.transpose(0, 1).reshape(channels, batch * height, width)
            grid = tall.reshape(channels, batch * height // P, P, width // P, P).permute(1, 3, 0, 2, 4)
            columns = grid.reshape(batch, (height // P) * (width // P), channels * P * P)
            return columns.transpose(1, 2)
'''),
    # Shifts each column by its target's logit, so log p(target) = -logsumexp of the shifted column. Passes the
    # visible tests.
    "blind92_right_sequence_log_prob_columns_shifted_by_target_logit": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            logits = model(ids)                                                       # (V, N)
            steps = torch.arange(len(ids) - 1)
            used = logits[:, steps]                                                   # (V, N - 1)
            target = used[ids[1:], steps]                                             # (N - 1,)
            # shift each column by its target's logit (a per-column constant): log p(target) = -logsumexp(column)
            banned = torch.isneginf(used)
            shifted = torch.where(banned, used, used - target)
            return -torch.logsumexp(shifted, dim=0).sum()
'''),
    # Flags the original rows/columns the roll carries around, rolls the flags with the grid, compares labels. Passes
    # the visible tests.
    "blind92_right_shifted_window_mask_flags_rolled_with_the_grid": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            # flag the original rows and columns the roll carries around the edge (the first `shift` of each axis),
            # then roll the flags with the grid, as the tokens move
            moved_rows = (torch.arange(height) < shift).long()
            moved_columns = (torch.arange(width) < shift).long()
            labels = 2 * moved_rows[:, None] + moved_columns[None, :]
            labels = torch.roll(labels, shifts=(-shift, -shift), dims=(0, 1))
            labels = window_partition(labels[None], window)[:, 0]                        # (nW, M*M)
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Partitions each grid of the batch separately and stacks the results. Passes the visible tests.
    "blind92_right_window_partition_batch_items_one_by_one": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window

            def one(grid):                                                   # (C, H, W) -> (nW, C, M*M)
                blocks = grid.reshape(channels, height // M, M, width // M, M).permute(1, 3, 0, 2, 4)
                return blocks.reshape((height // M) * (width // M), channels, M * M)

            if not batch:
                return one(X)
            # grids do not interact: partition each one and stack
            items = X.reshape(-1, channels, height, width)
            return torch.stack([one(items[i]) for i in range(items.shape[0])]).reshape(
                *batch, (height // M) * (width // M), channels, M * M)
'''),
    # Shifts each image's raster sequence behind its own start token, one image at a time. Passes the visible tests.
    "blind92_right_pixel_sequence_each_image_on_its_own": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            height, width = ids.shape[-2:]
            images = ids.long().reshape(-1, height * width)
            # every image gets its own start token: shift each one separately
            inputs = torch.stack([torch.cat([images.new_full((1,), sos_id), row[:-1]]) for row in images]) \\
                if images.shape[0] else images.clone()
            shape = (*ids.shape[:-2], height * width)
            return inputs.reshape(shape), images.reshape(shape)
'''),
    # Builds each sequence's mask from its own flags, one sequence at a time. Passes the visible tests.
    "blind92_right_global_token_mask_each_sequence_on_its_own": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            n = is_global.shape[-1]
            flags = is_global.reshape(-1, n)
            # sequences do not share global tokens: build each sequence's mask from its own flags
            masks = [row[:, None] | row[None, :] for row in flags]
            stacked = torch.stack(masks) if masks else torch.zeros(0, n, n, dtype=torch.bool)
            return stacked.reshape(*is_global.shape[:-1], n, n)
'''),
}
