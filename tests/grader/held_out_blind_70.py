"""Seventy-first blind batch of held-out implementations (prefix blind70_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, course/registry.py, the stubs (exercises/*.py: signatures
and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_68.py) were only skimmed for their entry names (5000-odd,
grepped for caches, seeds, grad mode, in-place and default-dtype names so that none is repeated) and the header of
held_out_blind_57.py. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch
written at the same time (held_out_blind_69.py).

Emphasis: side effects on global and caller state. Wrong entries return the right result (most of them) but change
something the caller owns or shares, or depend on such state: torch's default dtype set and not restored (from a
dtype argument, from the queries, "restored" to float32), grad mode switched off for good, forced on, reset to True
instead of the previous value, or not restored on an early return; anomaly detection, flush-denormal, deterministic
mode, thread count and float32 matmul precision left changed, and deterministic mode restored without its warn_only
flag; generation inside fork_rng or inference_mode; a caller's generator restored, replaced by a fresh one from its
initial seed, or reseeded from the OS; a Module left in eval mode; params dicts given new keys, rebound entries
(contiguous copies, a folded scale, a zeroed key bias, a parked GRUCell, a fused QKV), a nested dict updated; a merge
list deduplicated in place, a token list popped, a specials list appended to, a document list popped and reinserted;
tensors written in place and "restored" (a mask or flags negated and negated back, X centred and the mean added back,
weights transposed with t_() and back, an int64 alias of the offsets negated, a position table given the [CLS] token),
requires_grad_ set on the caller's weights; results held in module buffers or lru_caches that a later call or a
caller's edit overwrites; memos keyed by too little (id of a list, data_ptr of a palette, (pattern, n), a count never
cleared). Right entries use the same state safely: try/finally restoring every setting they touch (default dtype,
grad mode, deterministic mode with warn_only, matmul precision), context managers (no_grad), local clones and copies
edited in place, new dicts instead of the caller's, caches keyed by every argument and handing out clones, and the
caller's generator (or torch's default one) passed explicitly to every draw.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind70/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added, and the stub's input checks substituted) and run against its exercise's
visible tests: every right entry passes them, and each wrong entry's comment says whether it does (3 of the 54 wrong
entries fail them: the never-cleared Counter, the [CLS] folded into the caller's positions, the (pattern, n) memo).
Each wrong entry's recorded input (with the call sequence around it) was run on the model answer and on the entry and
both results printed; each differs as its comment says (for the flags: the setting read back after the call; for
in-place writes: the argument compared with a copy, or the RuntimeError an expanded or requires-grad argument gives).
Right entries were compared with the model answer under both default dtypes on random inputs (float32 and float64,
batch shapes, transposed non-contiguous inputs, masks of every broadcastable shape including expanded ones and
all-False columns or rows, 1000x scales, eps=0.0, keyword arguments), checking values, dtypes, shapes, gradients of
every floating input and parameter (to 1e-4), that no argument changed and that torch's default dtype, grad mode,
anomaly mode, deterministic flags (both), matmul precision and thread count were the same after the call; caches were
called twice with the first result edited in place in between; bpe functions on 200-300 random corpora and merge lists
(exact); masks and sparse_attention_cost exhaustively over small sizes (same ValueErrors); next_token_probs on 200
random logits with ties and every option; generate with three calls on one seeded generator (same ids and the same
generator state afterwards) and under torch.manual_seed (same ids and the same global state), also under no_grad;
beam_search on random models with rounded (tied) logits; mlm_corrupt and nsp_pairs exactly equal to the model answer
for the same seed (they draw in its order), three calls on one generator, specials as list, tuple, tensor and empty,
tuple documents and the one-document ValueError; quantize_pixels with deterministic mode off, on, and on with
warn_only.

Judgement calls: several wrong entries are wrong only through what the caller sees after the call (a global setting or
a flag on its tensors), not through the returned value; I kept them because the contract's "leave arguments unchanged"
and "one random stream" rules and the brief's emphasis treat them as wrong, and each comment names the setting read
back. The weakest of these are blind70_patchify_pins_torch_to_one_thread, blind70_window_reverse_deterministic_mode_left_on
and blind70_patch_merging_matmul_precision_left_lowered (on a CPU-only run they change speed or which later ops raise,
not values); a grader that does not compare torch's global settings before and after a call cannot catch them.
blind70_apply_mask_mask_flipped_in_place_and_back, blind70_global_token_mask_flags_negated_in_place_and_back,
blind70_layer_norm_centred_in_place_then_mean_added_back and blind70_feed_forward_weights_transposed_in_place_and_back
restore their argument when it can be written: they show on an expanded (stride-0) argument or a leaf that requires
grad (and layer_norm also on the last bits of X). blind70_nsp_pairs_pops_own_document_and_reinserts shows only on a
tuple of documents. blind70_generate_under_inference_mode_returns_inference_tensor returns the right ids, but as
inference tensors, which a later autograd use rejects. blind70_sequence_log_prob_puts_model_in_eval_mode and
blind70_beam_search_leaves_model_in_eval_mode need an nn.Module model (the contract's model is any callable).
Dropped: entries whose result merely aliases an input (apply_mask returning scores itself when nothing is hidden,
targets as a view of int64 ids): the contract writes `targets = ids.flatten(-2)` and allows views among swin's
results, so aliasing alone is not clearly wrong; a right beam_search that switches a Module to eval mode and restores
it (it would change a dropout model's logits during the search); a right rotary_embedding that computes its tables
under the queries' default dtype (float32 angles for long sequences lose accuracy); a right softmax_cols with an
anomaly-detection context (backward NaN checks at -inf scores). The right sinusoidal_positions computes in float64 even
under the float32 default, so it differs from the model answer's float32 table by up to about 1e-5 at position 200
(it is the more accurate of the two; the contract accepts both).

Counts: 54 wrong, 35 right.
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 2, 'bpe_decode': 1, 'bpe_encode': 2, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'feed_forward': 1, 'generate': 4, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 1, 'mlm_corrupt': 2, 'multi_head_attention': 2, 'next_token_probs': 2, 'nsp_pairs': 3, 'one_hot': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'quantize_pixels': 2, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 2, 'softmax_cols': 2, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 2, 'transformer_layer': 2, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'bpe_decode': 1, 'bpe_encode': 1, 'causal_mask': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'embed': 1, 'feed_forward': 1, 'generate': 2, 'global_token_mask': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 1, 'patch_embedding': 1, 'patch_merging': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_70 = {
    # ------------------------------------------------------------------ bpe
    # A module-level memo keyed by (corpus, num_merges) hands every caller the SAME list object: a caller that extends
    # its merges (appending a hand-made merge, or training further) changes what the next call returns.
    # m = train_bpe("low low lower", 2); m.append(("x", "y")); train_bpe("low low lower", 2): model 2 merges, entry 3.
    # Passes the visible tests.
    "blind70_train_bpe_memo_returns_shared_list": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            memo = globals().setdefault("_TRAIN_MEMO", {})
            key = (corpus, num_merges)
            if key in memo:
                return memo[key]
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += frequency
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            memo[key] = merges
            return merges
'''),
    # The word counts live in a module-level Counter that is updated but never cleared: every call also counts the
    # words of all earlier corpora. train_bpe("ab ab", 1) then train_bpe("cd", 1): model [("c", "d")], entry
    # [("a", "b")] on the second call. Fails the visible tests (several corpora in one run).
    "blind70_train_bpe_module_counter_never_cleared": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = globals().setdefault("_WORD_COUNTS", Counter())
            word_counts.update(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += frequency
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # Word segmentations memoised by (id(merges), word): a caller that appends a merge to the same list object (as a
    # training loop does) gets the segmentation of the old list. merges = [("a", "b")]; bpe_encode("abc", merges);
    # merges.append(("ab", "c")); bpe_encode("abc", merges): model ['abc', '</w>'], entry ['ab', 'c', '</w>'].
    # Passes the visible tests.
    "blind70_bpe_encode_memo_keyed_by_merges_identity": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            memo = globals().setdefault("_ENCODE_MEMO", {})
            tokens = []
            for symbols in words:
                key = (id(merges), tuple(symbols))
                if key not in memo:
                    for pair in merges:
                        symbols = merge_pair(symbols, pair)
                    memo[key] = symbols
                tokens.extend(memo[key])
            return tokens
'''),
    # "Clean up" the merge list in place: duplicates are dropped from the caller's list (merges[:] = ...), which both
    # edits the caller's list and changes the result when a repeated merge applies again after a later one built its
    # pair. bpe_encode("abc", [("ab", "c"), ("a", "b"), ("ab", "c")]): model ['abc', '</w>'], entry
    # ['ab', 'c', '</w>'], and the caller's list loses its third merge. Passes the visible tests.
    "blind70_bpe_encode_dedups_callers_merges_in_place": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            merges[:] = list(dict.fromkeys(merges))
            tokens = []
            for symbols in words:
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Drops trailing "</w>" tokens by popping them off the CALLER's list before joining (the text is right: trailing
    # spaces are stripped anyway). tokens = ["a</w>", "</w>"]; bpe_decode(tokens) == "a" as the model, but tokens is
    # now ["a</w>"]. Passes the visible tests.
    "blind70_bpe_decode_pops_trailing_end_tokens_from_callers_list": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            while tokens and tokens[-1] == END_OF_WORD:
                tokens.pop()
            return "".join(tokens).replace(END_OF_WORD, " ").rstrip(" ")
'''),
    # ------------------------------------------------------------------ embeddings
    # Makes the requested dtype torch's default "so that the comparison casts to it", and never restores it: after
    # one_hot(ids, 3, dtype=torch.float64) under the float32 default, the caller's default dtype is float64 and
    # one_hot(ids, 3) returns float64 (model float32). Passes the visible tests.
    "blind70_one_hot_default_dtype_set_from_argument": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            if dtype is not None:
                torch.set_default_dtype(dtype)
            vocabulary = torch.arange(vocab_size, device=token_ids.device)
            return (token_ids.unsqueeze(-2) == vocabulary[:, None]).to(torch.get_default_dtype())
'''),
    # Validates the ids only on the first call ("checked once, then trusted"), remembered in a module flag: a later
    # call with an id outside [0, V) raises nothing (a negative id even indexes from the end).
    # embed(omega (2, 3), [0]) then embed(omega, [-1]): model ValueError, entry returns column 2. Passes the visible
    # tests.
    "blind70_embed_ids_checked_on_first_call_only": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            if not globals().get("_IDS_CHECKED"):
                check_token_ids(token_ids, omega_e.shape[-1])
                globals()["_IDS_CHECKED"] = True
            return omega_e[:, token_ids].movedim(0, -2)
'''),
    # Computes the table in float64 by switching torch's default dtype, then "restores" it to float32, the value it
    # assumes the caller had: under a float64 default the caller's default becomes float32 and the table is returned
    # in float32. torch.set_default_dtype(torch.float64); sinusoidal_positions(3, 4): model float64, entry float32,
    # and torch.get_default_dtype() is float32 afterwards. Passes the visible tests.
    "blind70_sinusoidal_default_dtype_reset_to_float32": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            torch.set_default_dtype(torch.float64)
            positions = torch.arange(num_positions, dtype=torch.float64)
            pair_index = torch.arange(0, dim, 2, dtype=torch.float64)
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            torch.set_default_dtype(torch.float32)
            return table.to(torch.get_default_dtype())
'''),
    # Reads the caller's default dtype, switches to float64 for the computation and casts back, but never restores the
    # setting: the first call under float32 is right, the caller's default is float64 afterwards, and the second call
    # reads float64 and returns float64. sinusoidal_positions(3, 4) twice under float32: model float32 both times,
    # entry float32 then float64. Passes the visible tests.
    "blind70_sinusoidal_float64_default_left_switched_on": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            previous = torch.get_default_dtype()
            torch.set_default_dtype(torch.float64)
            positions = torch.arange(num_positions, dtype=torch.float64)
            pair_index = torch.arange(0, dim, 2, dtype=torch.float64)
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table.to(previous)
'''),
    # ------------------------------------------------------------------ softmax
    # Switches autograd's anomaly detection on "to find where the NaNs come from" and leaves it on: every later
    # forward pass of the caller records tracebacks and every backward raises on a NaN. After softmax_cols(x),
    # torch.is_anomaly_enabled() is True (model: False). Passes the visible tests.
    "blind70_softmax_cols_anomaly_detection_left_on": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            torch.autograd.set_detect_anomaly(True)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Turns on flush-to-zero for denormals ("tiny weights are noise and slow") for the whole process and leaves it:
    # the caller's later arithmetic flushes subnormals, e.g. torch.tensor([1e-39]) * 1 becomes 0 after a call
    # (model: 1e-39); the entry's own float32 weights below 1.2e-38 become 0 too. Passes the visible tests.
    "blind70_softmax_cols_flush_denormal_left_on": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            torch.set_flush_denormal(True)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # ------------------------------------------------------------------ masking
    # Avoids allocating ~mask by flipping the caller's mask in place and flipping it back afterwards. An expanded
    # mask (causal_mask(3).expand(2, 3, 3), one memory location for many entries) cannot be written in place:
    # RuntimeError (model: masked scores); a mask shared with another thread is wrong meanwhile. Passes the visible
    # tests.
    "blind70_apply_mask_mask_flipped_in_place_and_back": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            mask.logical_not_()
            try:
                return scores.masked_fill(mask, float("-inf"))
            finally:
                mask.logical_not_()
'''),
    # ------------------------------------------------------------------ attention
    # Sets torch's default dtype to the queries' dtype so that the scale tensor matches, and leaves it: after one
    # float64 call the caller's default dtype is float64 (its later torch.zeros / sinusoidal tables change dtype).
    # scaled_dot_product_attention(Q, K, V) with float64 Q under the float32 default: torch.get_default_dtype() is
    # float64 afterwards (model: float32). Passes the visible tests.
    "blind70_sdpa_default_dtype_set_from_queries": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            torch.set_default_dtype(Q.dtype)
            scale = torch.tensor(Q.shape[-2]).sqrt()
            scores = K.transpose(-2, -1) @ Q / scale
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # "Make sure the weights are trainable": requires_grad_(True) on the caller's weight tensors. The caller's
    # tensors now require grad, so its own in-place update (Wq -= lr * g outside no_grad) raises, and tensors it
    # derives from them carry graphs. self_attention(X, Wq, ...) with plain tensors: Wq.requires_grad is True
    # afterwards (model: False). Passes the visible tests.
    "blind70_self_attention_sets_requires_grad_on_callers_weights": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            for weight in (Wq, bq, Wk, bk, Wv, bv):
                if weight.is_floating_point() and not weight.requires_grad and weight.grad_fn is None:
                    weight.requires_grad_(True)
            Q = linear(X, Wq, bq)
            K = linear(X, Wk, bk)
            V = linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # ------------------------------------------------------------------ multihead
    # Writes contiguous copies of the weights back into the caller's dict ("so the next call is faster"): a
    # non-contiguous weight (params["Wq"] = W.T) is replaced by a copy, so the caller's later in-place update of W
    # (an optimizer step) no longer reaches the function: the second call uses the stale copy.
    # params with Wq = A.T; call; A.add_(1); call again: model uses A.T + 1, entry the old A.T. Passes the visible tests.
    "blind70_mha_contiguous_weights_written_back_to_params": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            for name in ("Wq", "Wk", "Wv", "Wo"):
                if not params[name].is_contiguous():
                    params[name] = params[name].contiguous()
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Stores the head count in the params dict (params.setdefault("num_heads", ...)) and reads it from there: the
    # caller's dict gains a key, and a second call with another num_heads keeps the first one.
    # multi_head_attention(X, X, params, 1) then (X, X, params, 2): the second result uses 1 head (model: 2). Passes the
    # visible tests.
    "blind70_mha_head_count_stored_in_params": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            heads_used = params.setdefault("num_heads", num_heads)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), heads_used)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), heads_used)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), heads_used)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ transformer_layer
    # Centres X in place and adds the mean back at the end ("no extra D x N buffer"): (x - m) + m is not x in
    # floating point, so the caller's X comes back changed in its last bits, and a leaf X that requires grad cannot be
    # written in place at all (RuntimeError). layer_norm(X) with X = 0.1 + randn(8, 5) float32 (seed 0): X differs
    # from its copy afterwards; with X.requires_grad_(): RuntimeError (model: a result). Passes the visible tests.
    "blind70_layer_norm_centred_in_place_then_mean_added_back": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2, keepdim=True)
            X.sub_(mean)
            try:
                variance = (X * X).mean(dim=-2, keepdim=True)
                normalised = X / torch.sqrt(variance + eps)
                return gamma[:, None] * normalised + beta[:, None]
            finally:
                X.add_(mean)
'''),
    # Transposes W1 and W2 in place (t_()) to use them as (in, out) matrices and transposes them back at the end: a
    # weight that requires grad, as the capstone's do, cannot be transposed in place (RuntimeError: a leaf Variable
    # that requires grad is being used in an in-place operation). feed_forward with W1.requires_grad_(): model a
    # result, entry RuntimeError. Passes the visible tests.
    "blind70_feed_forward_weights_transposed_in_place_and_back": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            W1.t_()
            W2.t_()
            try:
                hidden = torch.relu((X.transpose(-2, -1) @ W1 + b1).transpose(-2, -1))
                return (hidden.transpose(-2, -1) @ W2 + b2).transpose(-2, -1)
            finally:
                W1.t_()
                W2.t_()
'''),
    # Caches the fused [Wq; Wk; Wv] and [bq; bk; bv] in the caller's params dict on the first call: the dict gains
    # keys, and after the caller replaces params["Wq"] (a new weight, or an optimizer that rebinds) the next call still
    # uses the old fused weight. Call, then params["Wq"] = params["Wq"] * 2, call again: model changes, entry does not.
    # Passes the visible tests.
    "blind70_transformer_layer_fused_qkv_cached_in_params": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            from .attention import scaled_dot_product_attention
            from .multihead import merge_heads, split_heads

            if "_Wqkv" not in params:
                params["_Wqkv"] = torch.cat([params["Wq"], params["Wk"], params["Wv"]])
                params["_bqkv"] = torch.cat([params["bq"], params["bk"], params["bv"]])

            def attend(Y):
                Q, K, V = linear(Y, params["_Wqkv"], params["_bqkv"]).chunk(3, dim=-2)
                m = None if mask is None else mask.unsqueeze(-3)
                heads, _ = scaled_dot_product_attention(split_heads(Q, num_heads), split_heads(K, num_heads),
                                                        split_heads(V, num_heads), m)
                return linear(merge_heads(heads), params["Wo"], params["bo"])

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
    # "The capstone trains this layer": forces grad mode on with torch.set_grad_enabled(True) and never restores it.
    # A caller evaluating under torch.no_grad() finds grad mode on after the call: its later tensors build graphs (the
    # entry's own result requires grad inside no_grad). with torch.no_grad(): transformer_layer(X, params, 2);
    # torch.is_grad_enabled() -> True (model: False). Passes the visible tests.
    "blind70_transformer_layer_forces_grad_mode_on": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            torch.set_grad_enabled(True)

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
    # ------------------------------------------------------------------ cross_attention
    # "The key bias cancels in the column softmax", so it is zeroed IN THE CALLER'S DICT (params["bk"] = zeros): the
    # output is the same, but the caller's parameter is gone (a reference model, or a state_dict saved afterwards,
    # sees zeros). cross_attention(Xd, Xe, params, 2): params["bk"] is all zeros afterwards. Passes the visible tests.
    "blind70_cross_attention_zeroes_key_bias_in_callers_dict": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            params["bk"] = torch.zeros_like(params["bk"])
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Reuses the caller's self-attention dict as the place to gather everything the layer needs
    # (params["self_attn"].update(...)): the caller's nested dict gains the FFN and norm keys, and a later
    # cross-attention-free use of that dict (or saving it) sees them. Result right; params["self_attn"] has 14 keys
    # afterwards (model: 8). Passes the visible tests.
    "blind70_decoder_layer_updates_self_attn_subdict": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            layer = params["self_attn"]
            layer.update({name: params[name] for name in ("W1", "b1", "W2", "b2", "gamma1", "beta1")})
            X = X_dec
            causal = causal_mask(X.shape[-1]).to(X.device)
            X = layer_norm(X + multi_head_attention(X, X, layer, num_heads, causal), layer["gamma1"], layer["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, layer["W1"], layer["b1"], layer["W2"], layer["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # ------------------------------------------------------------------ sampling
    # "Sampling runs outside training": switches grad mode off for good with torch.set_grad_enabled(False). The
    # probabilities are right, but the caller's next training step has no graph (loss.backward() raises).
    # next_token_probs(logits); torch.is_grad_enabled() -> False (model: True). Passes the visible tests.
    "blind70_next_token_probs_grad_mode_switched_off_for_good": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            torch.set_grad_enabled(False)
            if temperature == 0:
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
    # Greedy decoding writes its one-hot into a module-level buffer per (V, dtype) and returns it: the second greedy
    # call overwrites the first call's result. p = next_token_probs([0., 5.], 0); next_token_probs([5., 0.], 0):
    # p is now [1, 0] (model keeps [0, 1]). Passes the visible tests.
    "blind70_next_token_probs_greedy_one_hot_module_buffer": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                buffers = globals().setdefault("_GREEDY", {})
                key = (logits.shape[0], logits.dtype, logits.device)
                if key not in buffers:
                    buffers[key] = torch.zeros_like(logits)
                probs = buffers[key]
                probs.zero_()
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
    # Saves grad mode, switches it off, and restores it after the loop, but the eos branch returns from inside the
    # loop and skips the restore: a generation that ends on eos leaves the caller's grad mode off.
    # generate(model, prompt, 5, temperature=0, eos_id=<the greedy token>): torch.is_grad_enabled() is False
    # afterwards (model: True). Passes the visible tests.
    "blind70_generate_grad_mode_not_restored_on_eos_return": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            was_enabled = torch.is_grad_enabled()
            torch.set_grad_enabled(False)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    return ids
            torch.set_grad_enabled(was_enabled)
            return ids
'''),
    # Draws inside torch.random.fork_rng() "so generation does not disturb the caller's random state": without a
    # generator the draws come from the global stream, which fork_rng puts back afterwards, so two unseeded calls
    # give the same sample and the global stream never advances. torch.manual_seed(0); generate(m, p, 8) twice: model
    # two different samples (for a uniform model over 50 tokens), entry the same one. Passes the visible tests.
    "blind70_generate_unseeded_draws_inside_fork_rng": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            with torch.random.fork_rng(devices=[]):
                ids = prompt
                for _ in range(max_new_tokens):
                    context = ids if context_size is None else ids[-context_size:]
                    probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                    next_id = torch.multinomial(probs, 1, generator=generator)
                    ids = torch.cat([ids, next_id.to(ids.dtype)])
                    if eos_id is not None and int(next_id) == eos_id:
                        break
            return ids
'''),
    # Saves the caller's generator state and restores it at the end ("leave the caller's generator as it was"): the
    # contract's one stream per training loop is rewound, so three calls on one generator give three equal samples.
    # g = torch.Generator().manual_seed(0); generate(m, p, 8, generator=g) twice: model different, entry equal.
    # Passes the visible tests.
    "blind70_generate_restores_callers_generator_state": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            saved = generator.get_state() if generator is not None else None
            ids = prompt
            try:
                for _ in range(max_new_tokens):
                    context = ids if context_size is None else ids[-context_size:]
                    probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                    next_id = torch.multinomial(probs, 1, generator=generator)
                    ids = torch.cat([ids, next_id.to(ids.dtype)])
                    if eos_id is not None and int(next_id) == eos_id:
                        break
            finally:
                if saved is not None:
                    generator.set_state(saved)
            return ids
'''),
    # Generates under torch.inference_mode() (faster than no_grad): the returned ids are inference tensors, which a
    # caller cannot use in a later training step: an embedding lookup with them that is backpropagated raises
    # ("Inference tensors cannot be saved for backward"). ids = generate(...); (omega[:, ids] * w).sum().backward():
    # model fine, entry RuntimeError; ids.is_inference() True. Passes the visible tests.
    "blind70_generate_under_inference_mode_returns_inference_tensor": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            with torch.inference_mode():
                ids = prompt
                for _ in range(max_new_tokens):
                    context = ids if context_size is None else ids[-context_size:]
                    probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                    next_id = torch.multinomial(probs, 1, generator=generator)
                    ids = torch.cat([ids, next_id.to(ids.dtype)])
                    if eos_id is not None and int(next_id) == eos_id:
                        break
                return ids.clone()
'''),
    # Puts a Module model in eval mode "for scoring" and leaves it there: the caller's training loop continues with
    # dropout off, and the score itself is the eval-mode one, not the model as given. A model with dropout in train
    # mode: model.training is False afterwards (model answer: True), and the log-probability is the deterministic
    # eval one. Passes the visible tests.
    "blind70_sequence_log_prob_puts_model_in_eval_mode": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            if isinstance(model, torch.nn.Module):
                model.eval()
            log_probs = torch.log_softmax(model(ids), dim=0)
            positions = torch.arange(len(ids) - 1)
            return log_probs[ids[1:], positions].sum()
'''),
    # Calls model.eval() before searching and never model.train(): a caller that runs a beam search in the middle of
    # training (a validation sample) trains on without dropout. model.training is False afterwards (model: True).
    # Passes the visible tests.
    "blind70_beam_search_leaves_model_in_eval_mode": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            if hasattr(model, "eval"):
                model.eval()
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Switches grad off for the search and "restores" it with torch.set_grad_enabled(True), not the previous value: a
    # caller under torch.no_grad() (evaluation) finds grad mode on afterwards. with torch.no_grad(): beam_search(...);
    # torch.is_grad_enabled() -> True (model: False). Passes the visible tests.
    "blind70_beam_search_grad_mode_reset_to_true": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            torch.set_grad_enabled(False)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            torch.set_grad_enabled(True)
            return beams[0][1]
'''),
    # ------------------------------------------------------------------ patch_embedding
    # Folds the [CLS] token into the caller's position table in place (positions[:, 0] += cls_token) and then adds
    # positions to [zeros, patches]: the first result is right, but the caller's positions are changed and every
    # later call adds cls_token once more. Two equal calls: model equal results, entry column 0 differs by cls_token.
    # Fails the visible tests.
    "blind70_patch_embedding_cls_folded_into_callers_positions": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            with torch.no_grad():
                positions[:, 0] += cls_token
            tokens = linear(patchify(images, patch_size), W, b)
            zeros = tokens.new_zeros(tokens.shape[0], tokens.shape[1], 1)
            return torch.cat([zeros, tokens], dim=-1) + positions
'''),
    # Pins torch to one thread ("reshapes are memory-bound, threads only add overhead") and never restores the
    # caller's thread count: every later matmul of the caller runs single-threaded.
    # torch.set_num_threads(2); patchify(x, 2); torch.get_num_threads() -> 1 (model: 2). Passes the visible tests.
    "blind70_patchify_pins_torch_to_one_thread": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            torch.set_num_threads(1)
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # ------------------------------------------------------------------ rnn_attention
    # To avoid NaN for a state that sees nothing, un-hides its positions IN THE CALLER'S MASK (mask |= dead rows:
    # `mask.bool()` is the same tensor when the mask is already bool) and zeroes its results afterwards. The weights
    # and context are right, but the caller's mask changes: mask = [[False, False]] becomes [[True, True]].
    # Passes the visible tests.
    "blind70_additive_attention_dead_rows_unmasked_in_callers_mask": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            scores = ((v.unsqueeze(-1) * torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))).sum(dim=-2))
            if mask is None:
                weights = torch.softmax(scores, dim=-1)
            else:
                visible = mask.bool()
                dead = ~visible.any(dim=-1, keepdim=True)
                visible |= dead
                weights = torch.softmax(scores.masked_fill(~visible, float("-inf")), dim=-1)
                weights = weights.masked_fill(dead, 0.0)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # Builds an nn.GRUCell once and parks it in the caller's params dict (params["_gru"]), copying the weights in on
    # the first call only: the dict gains a key, gradients never reach params["weight_ih"] etc. (the cell holds
    # copies), and after the caller changes the GRU weights the step still uses the old ones.
    # Call; params["weight_hh"] = params["weight_hh"] * 0; call again: model's s changes, entry's does not. Passes the
    # visible tests.
    "blind70_decoder_step_grucell_parked_in_params": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            if "_gru" not in params:
                hidden, inputs = params["weight_hh"].shape[1], params["weight_ih"].shape[1]
                cell = torch.nn.GRUCell(inputs, hidden, dtype=params["weight_ih"].dtype)
                with torch.no_grad():
                    cell.weight_ih.copy_(params["weight_ih"])
                    cell.weight_hh.copy_(params["weight_hh"])
                    cell.bias_ih.copy_(params["bias_ih"])
                    cell.bias_hh.copy_(params["bias_hh"])
                params["_gru"] = cell
            cell = params["_gru"]
            x = stack(y_prev, context)
            batch = torch.broadcast_tensors(x[..., 0], s_prev[..., 0])[0].shape
            x = x.expand(*batch, x.shape[-1]).reshape(-1, x.shape[-1])
            h = s_prev.expand(*batch, s_prev.shape[-1]).reshape(-1, s_prev.shape[-1])
            s = cell(x, h).reshape(*batch, s_prev.shape[-1])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Writes the grid weights into a module-level buffer per shape and returns that buffer: a second call of the same
    # shape overwrites the weights the first call returned. w1, _ = grid_attention(s1, f, ...);
    # grid_attention(s2, f, ...): w1 now holds the second call's weights (model: unchanged). Passes the visible tests.
    "blind70_grid_attention_weights_in_module_buffer": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            weights, context = additive_attention(s, features.flatten(-2), W, U, v)
            buffers = globals().setdefault("_GRID_WEIGHTS", {})
            shape = (*weights.shape[:-1], height, width)
            key = (shape, weights.dtype)
            if key not in buffers:
                buffers[key] = weights.new_empty(shape)
            out = buffers[key]
            out.copy_(weights.unflatten(-1, (height, width)))
            return out, context
'''),
    # ------------------------------------------------------------------ sparse_attention
    # functools.lru_cache around the mask builder: every call with the same (n, stride) returns one shared tensor, so a
    # caller that edits its mask in place (m &= causal) changes every later strided_mask(n, stride).
    # m = strided_mask(4, 2); m[0, 0] = False; strided_mask(4, 2)[0, 0]: model True, entry False. Passes the visible
    # tests.
    "blind70_strided_mask_lru_cache_shares_one_tensor": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            import functools
            if "_STRIDED" not in globals():
                @functools.lru_cache(maxsize=None)
                def build(n, stride):
                    keys = torch.arange(n)[:, None]
                    queries = torch.arange(n)[None, :]
                    return (queries - keys) % stride == 0
                globals()["_STRIDED"] = build
            return globals()["_STRIDED"](n, stride)
'''),
    # Negates the caller's flags in place (De Morgan: or = not(and of nots)) and negates them back at the end: an
    # expanded flag tensor (is_global[None].expand(3, N), many entries on one memory location) cannot be written in
    # place: RuntimeError (model: the mask). Passes the visible tests.
    "blind70_global_token_mask_flags_negated_in_place_and_back": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            is_global.logical_not_()
            try:
                return ~(is_global.unsqueeze(-1) & is_global.unsqueeze(-2))
            finally:
                is_global.logical_not_()
'''),
    # Memoises the count in a module dict keyed by (pattern, n), forgetting the size argument: the first window (or
    # stride, or number of global tokens) seen for an n is returned for every later one.
    # sparse_attention_cost("local", 10, window=1) then (..., window=3): model 28 then 58, entry 28 twice. Fails the
    # visible tests.
    "blind70_sparse_cost_memo_keyed_by_pattern_and_n": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            memo = globals().setdefault("_COST_MEMO", {})
            if (pattern, n) in memo:
                return memo[(pattern, n)]
            if pattern == "dense":
                cost = n * n
            elif pattern == "causal":
                cost = n * (n + 1) // 2
            elif pattern == "local":
                w = min(window, n - 1) if n else 0
                cost = n + 2 * (w * n - w * (w + 1) // 2)
            elif pattern == "strided":
                m = (n - 1) // stride if n else 0
                cost = n + 2 * (m * n - stride * m * (m + 1) // 2)
            else:
                cost = n * n - (n - num_global) ** 2
            memo[(pattern, n)] = cost
            return cost
'''),
    # ------------------------------------------------------------------ positions
    # `relative_position.long()` is the caller's own tensor when it is already int64, and the causal branch negates it
    # in place (offset.neg_()) before clamping: the buckets are right, but the caller's offsets come back negated.
    # rp = tensor([-3, 2]); relative_position_bucket(rp, bidirectional=False): rp is [3, -2] afterwards (model
    # unchanged); an int32 rp is left alone (.long() copies). Passes the visible tests.
    "blind70_bucket_causal_offsets_negated_on_long_alias": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(offset > 0, half, 0)
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = offset.neg_().clamp(min=0)
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Makes Q's dtype torch's default so the angle tables come out in it, and leaves it set: after a float64 call the
    # caller's default dtype is float64. rotary_embedding(Q64, K64): torch.get_default_dtype() is float64 afterwards
    # (model: unchanged). Passes the visible tests.
    "blind70_rotary_default_dtype_set_from_queries": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            torch.set_default_dtype(Q.dtype)
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # ------------------------------------------------------------------ pretraining
    # Draws from a NEW generator seeded with the caller's initial seed ("do not consume the caller's stream"): the
    # caller's generator never advances, so three calls on one generator corrupt the same positions.
    # g = torch.Generator().manual_seed(0); mlm_corrupt(ids, ...) twice with g: model different draws, entry equal.
    # Passes the visible tests.
    "blind70_mlm_corrupt_fresh_generator_from_initial_seed": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            local = None
            if generator is not None:
                local = torch.Generator().manual_seed(generator.initial_seed())
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=local) < mask_prob)
            action = torch.rand(ids.shape, generator=local)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=local, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), IGNORE)
            return corrupted, labels
'''),
    # "[MASK] must never be chosen either": appends mask_id to the caller's special_ids list. The caller's list grows
    # by one on every call, a tuple or tensor of specials raises AttributeError, and an ids tensor that holds mask_id
    # while mask_id is not special never has those positions chosen. specials = [0]; two calls: specials is
    # [0, 4, 4] (model [0]); special_ids=(0,): AttributeError. Passes the visible tests.
    "blind70_mlm_corrupt_appends_mask_id_to_callers_specials": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special_ids.append(mask_id)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), IGNORE)
            return corrupted, labels
'''),
    # Calls generator.seed() "to get fresh randomness": that reseeds the CALLER's generator from the OS, so a seeded
    # run is no longer reproducible. g = torch.Generator().manual_seed(0) twice, nsp_pairs(docs, g) each: model equal
    # lists, entry (almost surely) different ones. Passes the visible tests.
    "blind70_nsp_pairs_reseeds_callers_generator_from_os": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            if generator is not None:
                generator.seed()
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # Memoises "the other documents of document i" by id(documents): a caller that appends a document to the same list
    # between calls draws random sentences from the stale pools (never from the new document).
    # docs = [["a", "b"], ["c"]]; nsp_pairs(docs, g); docs.append(["z"]); many calls: model draws "z" for about
    # half of the label-1 pairs, entry never. Passes the visible tests.
    "blind70_nsp_pairs_other_documents_memo_by_list_identity": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            memo = globals().setdefault("_OTHERS", {})
            key = id(documents)
            if key not in memo:
                memo[key] = [[d for j, d in enumerate(documents) if j != i] for i in range(len(documents))]
            pools = memo[key]
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        others = pools[index]
                        other = others[torch.randint(len(others), (), generator=generator).item()]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # Takes A's own document out of the caller's list (documents.pop(index)) to draw from the rest, then puts it back:
    # the list is restored, but a tuple of documents (a sequence, as the contract allows) has no pop: AttributeError.
    # nsp_pairs((["a", "b"], ["c"]), g): model a list of one pair, entry AttributeError. Passes the visible tests.
    "blind70_nsp_pairs_pops_own_document_and_reinserts": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index in range(len(documents)):
                document = documents[index]
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        own = documents.pop(index)
                        try:
                            other = documents[torch.randint(len(documents), (), generator=generator).item()]
                        finally:
                            documents.insert(index, own)
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # ------------------------------------------------------------------ imagegpt
    # Turns deterministic algorithms on for the argmin and restores the flag with use_deterministic_algorithms(prev),
    # which also resets warn_only to False: a caller that ran with (True, warn_only=True) gets errors instead of
    # warnings afterwards. torch.use_deterministic_algorithms(True, warn_only=True); quantize_pixels(x, p):
    # torch.is_deterministic_algorithms_warn_only_enabled() -> False (model: True). Passes the visible tests.
    "blind70_quantize_deterministic_flag_restored_without_warn_only": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            previous = torch.are_deterministic_algorithms_enabled()
            torch.use_deterministic_algorithms(True)
            try:
                dtype = torch.promote_types(images.dtype, palette.dtype)
                pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
                distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
                return distances.argmin(dim=-1)
            finally:
                torch.use_deterministic_algorithms(previous)
'''),
    # Caches the palette's squared norms by palette.data_ptr(): k-means updates its palette IN PLACE (same storage),
    # so after an update the stale norms pick wrong colours. p = palette; quantize_pixels(x, p); p.add_(2);
    # quantize_pixels(x, p): model follows the new palette, entry uses the old norms. Passes the visible tests.
    "blind70_quantize_palette_norms_cached_by_data_ptr": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            cache = globals().setdefault("_PALETTE_NORMS", {})
            key = (palette.data_ptr(), tuple(palette.shape), dtype)
            if key not in cache:
                cache[key] = palette.to(dtype).square().sum(dim=0)
            pixels = images.to(dtype).movedim(-3, -1)
            distances = cache[key] - 2 * pixels @ palette.to(dtype)
            return distances.argmin(dim=-1)
'''),
    # Caches the transposed palette (K, C) by id(palette): a palette updated in place (k-means), or a new palette that
    # reuses a freed one's id, is looked up in the stale table. p = palette.clone(); dequantize_pixels(ids, p);
    # p.add_(1); dequantize_pixels(ids, p): model the new colours, entry the old ones. Passes the visible tests.
    "blind70_dequantize_palette_table_cached_by_id": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            tables = globals().setdefault("_PALETTE_TABLES", {})
            key = id(palette)
            if key not in tables:
                tables[key] = palette.T.clone()
            return tables[key][ids.long()].movedim(-1, -3)
'''),
    # When b is None, adds a zero bias cached per K in a module dict, made with torch.zeros(K) in the default dtype of
    # the FIRST call: once a call under the float64 default has cached it, every later float32 call is promoted to
    # float64. torch.set_default_dtype(torch.float64); average_pool_head(X64, W64); back to float32;
    # average_pool_head(X32, W32): model float32, entry float64. Passes the visible tests.
    "blind70_average_pool_zero_bias_cached_by_size": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            if b is None:
                zeros = globals().setdefault("_ZERO_BIAS", {})
                if W.shape[0] not in zeros:
                    zeros[W.shape[0]] = torch.zeros(W.shape[0])
                b = zeros[W.shape[0]]
            pooled = X.mean(dim=-1)
            return torch.einsum("kd,...d->...k", W, pooled) + b
'''),
    # ------------------------------------------------------------------ swin
    # functools.lru_cache on the mask builder returns one shared tensor per (height, width, window, shift): a caller
    # that edits its mask in place changes every later call's result. m = shifted_window_mask(4, 4, 2, 1);
    # m[0, 0, 1] = False; shifted_window_mask(4, 4, 2, 1)[0, 0, 1]: model True, entry False. Passes the visible tests.
    "blind70_shifted_window_mask_lru_cache_shares_one_tensor": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            import functools
            if "_SHIFTED" not in globals():
                @functools.lru_cache(maxsize=None)
                def build(height, width, window, shift):
                    wrapped_rows = torch.arange(height) + shift >= height
                    wrapped_columns = torch.arange(width) + shift >= width
                    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
                    labels = window_partition(labels[None], window)[:, 0]
                    return labels[:, :, None] == labels[:, None, :]
                globals()["_SHIFTED"] = build
            return globals()["_SHIFTED"](height, width, window, shift)
'''),
    # Turns torch's deterministic-algorithms mode on ("the reverse must be reproducible") and leaves it on: the
    # caller's later non-deterministic ops raise or warn. window_reverse(w, 2, 4, 4);
    # torch.are_deterministic_algorithms_enabled() -> True (model: False). Passes the visible tests.
    "blind70_window_reverse_deterministic_mode_left_on": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            torch.use_deterministic_algorithms(True)
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
            grid = grid.movedim((-5, -4), (-4, -2))
            return grid.reshape(*batch, channels, height, width)
'''),
    # Lowers torch's float32 matmul precision to "medium" ("the projection tolerates it") and never restores it: the
    # caller's later float32 matmuls may use bfloat16 internally. patch_merging(...);
    # torch.get_float32_matmul_precision() -> "medium" (model: "highest"). Passes the visible tests.
    "blind70_patch_merging_matmul_precision_left_lowered": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            torch.set_float32_matmul_precision("medium")
            merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # ------------------------------------------------------------------ davit
    # Folds the scale into the query weights by REBINDING the caller's dict entries (params["Wq"] = params["Wq"] *
    # scale, likewise bq): the first result is right, but the caller's params are scaled, and every later call scales
    # again. Two equal calls: model equal results, entry different ones (the second scaled by 1/N). Passes the visible
    # tests.
    "blind70_channel_attention_scale_folded_into_callers_dict": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            params["Wq"] = params["Wq"] * scale
            params["bq"] = params["bq"] * scale
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1))
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
}
RIGHT_BLIND_70 = {
    # train_bpe whose segmentations are local lists rewritten in place by slice assignment (symbols[i:i + 2] = [...]),
    # scanning each word left to right; nothing outside the call is touched.
    "blind70_right_train_bpe_local_segments_merged_in_place": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(tuple(word) for word in words)
            segments = [list(word) for word in word_counts]
            frequencies = list(word_counts.values())
            merges = []
            for _ in range(num_merges):
                pair_counts = Counter()
                for symbols, frequency in zip(segments, frequencies):
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += frequency
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                for symbols in segments:
                    i = 0
                    while i < len(symbols) - 1:
                        if symbols[i] == best[0] and symbols[i + 1] == best[1]:
                            symbols[i:i + 2] = [symbols[i] + symbols[i + 1]]
                        i += 1
            return merges
'''),
    # bpe_encode that consumes a reversed LOCAL copy of the merges with pop() (the caller's list is never touched),
    # once per word.
    "blind70_right_bpe_encode_pops_from_reversed_local_copy": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            for symbols in words:
                pending = list(merges)[::-1]
                while pending:
                    symbols = merge_pair(symbols, pending.pop())
                tokens.extend(symbols)
            return tokens
'''),
    # bpe_decode that pops trailing "</w>" tokens from its own copy of the list, then joins.
    "blind70_right_bpe_decode_pops_trailing_ends_from_copy": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            tokens = list(tokens)
            while tokens and tokens[-1] == END_OF_WORD:
                tokens.pop()
            return "".join(tokens).replace(END_OF_WORD, " ").rstrip(" ")
'''),
    # one_hot scattered into a fresh zeros tensor (its own buffer, filled in place) of the requested or default dtype.
    "blind70_right_one_hot_scatter_into_fresh_zeros": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            dtype = dtype or torch.get_default_dtype()
            out = torch.zeros(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1], dtype=dtype,
                              device=token_ids.device)
            out.scatter_(-2, token_ids.unsqueeze(-2), 1)
            return out
'''),
    # sinusoidal_positions computed under a float64 default that is set for the call only (try/finally restores the
    # caller's default), then returned in the caller's default dtype.
    "blind70_right_sinusoidal_float64_default_scoped_by_finally": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            previous = torch.get_default_dtype()
            torch.set_default_dtype(torch.float64)
            try:
                positions = torch.arange(num_positions)
                pair_index = torch.arange(0, dim, 2)
                angles = positions[None, :] / 10000.0 ** (pair_index[:, None] / dim)
                table = torch.empty(dim, num_positions)
                table[0::2] = torch.sin(angles)
                table[1::2] = torch.cos(angles[: dim // 2])
            finally:
                torch.set_default_dtype(previous)
            return table.to(previous)
'''),
    # embed through a flattened copy of the ids (reshape(-1)), index_select on the columns, and the shape restored; the
    # caller's ids and table are only read.
    "blind70_right_embed_index_select_on_flat_ids": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            flat = token_ids.reshape(-1)
            columns = omega_e.index_select(1, flat)
            return columns.reshape(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),
    # apply_mask that inverts a private copy of the mask in place (the caller's mask, even an expanded one, is only
    # read).
    "blind70_right_apply_mask_private_copy_inverted_in_place": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            hidden = mask.clone()
            hidden.logical_not_()
            return scores.masked_fill(hidden, float("-inf"))
'''),
    # causal_mask memoised with functools.lru_cache on an inner builder, handing out a clone of the cached tensor.
    "blind70_right_causal_mask_lru_cache_hands_out_clones": ("masking", "causal_mask", '''
        def causal_mask(n):
            import functools
            if "_CAUSAL_BUILD" not in globals():
                @functools.lru_cache(maxsize=64)
                def build(n):
                    keys = torch.arange(n)[:, None]
                    queries = torch.arange(n)[None, :]
                    return keys <= queries
                globals()["_CAUSAL_BUILD"] = build
            return globals()["_CAUSAL_BUILD"](n).clone()
'''),
    # scaled_dot_product_attention that sets torch's default dtype to the inputs' for the call only (restored by
    # try/finally) so that the scale tensor matches; only float32/float64 are switched to.
    "blind70_right_sdpa_default_dtype_scoped_by_finally": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            previous = torch.get_default_dtype()
            if Q.dtype in (torch.float32, torch.float64):
                torch.set_default_dtype(Q.dtype)
            try:
                scale = torch.tensor(float(Q.shape[-2])).sqrt()
                scores = K.transpose(-2, -1) @ Q / scale
                if mask is not None:
                    scores = apply_mask(scores, mask)
                weights = softmax_cols(scores)
                return V @ weights, weights
            finally:
                torch.set_default_dtype(previous)
'''),
    # self_attention with one fused projection built per call from the caller's weights (torch.cat makes new
    # tensors; the caller's weights and their flags are untouched), then split into Q, K, V.
    "blind70_right_self_attention_fused_projection_built_per_call": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            d_k = Wq.shape[0]
            fused = linear(X, torch.cat([Wq, Wk, Wv]), torch.cat([bq, bk, bv]))
            Q, K, V = fused[..., :d_k, :], fused[..., d_k:2 * d_k, :], fused[..., 2 * d_k:, :]
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # multi_head_attention that works on a shallow copy of params (dict(params)), where it may store contiguous
    # weights and its head count without the caller seeing either.
    "blind70_right_mha_shallow_copy_of_params_takes_derived_keys": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            p = dict(params)
            for name in ("Wq", "Wk", "Wv", "Wo"):
                p[name] = p[name].contiguous()
            p["num_heads"] = num_heads
            Q = split_heads(linear(Xq, p["Wq"], p["bq"]), p["num_heads"])
            K = split_heads(linear(Xkv, p["Wk"], p["bk"]), p["num_heads"])
            V = split_heads(linear(Xkv, p["Wv"], p["bv"]), p["num_heads"])
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), p["Wo"], p["bo"])
'''),
    # layer_norm that centres a clone of X in place (sub_) and divides out of place: the caller's X is only read.
    "blind70_right_layer_norm_clone_centred_in_place": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            centred = X.clone()
            centred.sub_(X.mean(dim=-2, keepdim=True))
            variance = (centred * centred).mean(dim=-2, keepdim=True)
            return gamma[:, None] * (centred / torch.sqrt(variance + eps)) + beta[:, None]
'''),
    # feed_forward with the weights used through transposed VIEWS (W1.mT), never transposed in place.
    "blind70_right_feed_forward_transposed_views_not_in_place": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            rows = X.transpose(-2, -1)
            hidden = torch.relu(rows @ W1.mT + b1)
            return (hidden @ W2.mT + b2).transpose(-2, -1)
'''),
    # transformer_layer with the fused [Wq; Wk; Wv] built in a local variable on every call (no cache, no dict writes).
    "blind70_right_transformer_layer_fused_qkv_local_per_call": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            from .attention import scaled_dot_product_attention
            from .multihead import merge_heads, split_heads

            Wqkv = torch.cat([params["Wq"], params["Wk"], params["Wv"]])
            bqkv = torch.cat([params["bq"], params["bk"], params["bv"]])
            m = None if mask is None else mask.unsqueeze(-3)

            def attend(Y):
                Q, K, V = linear(Y, Wqkv, bqkv).chunk(3, dim=-2)
                heads, _ = scaled_dot_product_attention(split_heads(Q, num_heads), split_heads(K, num_heads),
                                                        split_heads(V, num_heads), m)
                return linear(merge_heads(heads), params["Wo"], params["bo"])

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
    # cross_attention that drops the key bias in a NEW dict ({**params, "bk": zeros}): the key bias shifts every key's
    # score for a query by the same amount, so the column softmax is unchanged, and the caller's dict is untouched
    # (the key bias's true gradient is zero, which the contract lets a function leave out).
    "blind70_right_cross_attention_key_bias_dropped_in_new_dict": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            local = {**params, "bk": torch.zeros_like(params["bk"])}
            return multi_head_attention(X_dec, X_enc, local, num_heads, enc_mask)
'''),
    # decoder_layer that gathers its sub-layer's keys into a NEW dict ({**params["self_attn"], ...}).
    "blind70_right_decoder_layer_merged_new_dict": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            layer = {**params["self_attn"], **{name: params[name] for name in ("W1", "b1", "W2", "b2")}}
            X = X_dec
            causal = causal_mask(X.shape[-1]).to(X.device)
            X = layer_norm(X + multi_head_attention(X, X, layer, num_heads, causal), params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, layer["W1"], layer["b1"], layer["W2"], layer["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # next_token_probs computed under a `with torch.no_grad():` block (restored on exit, also on an exception); the
    # sampling functions need not be differentiable.
    "blind70_right_next_token_probs_no_grad_context_block": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            with torch.no_grad():
                if temperature == 0:
                    probs = torch.zeros_like(logits)
                    probs[torch.argmax(logits)] = 1.0
                    return probs
                probs = torch.softmax(logits / temperature, dim=-1)
                if top_k is not None:
                    order = torch.sort(probs, descending=True, stable=True).indices
                    probs = probs.clone()
                    probs[order[top_k:]] = 0.0
                    probs = probs / probs.sum()
                if top_p is not None:
                    order = torch.sort(probs, descending=True, stable=True).indices
                    cumulative = torch.cumsum(probs[order], dim=0)
                    num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                    probs = probs.clone()
                    probs[order[num_kept:]] = 0.0
                return probs / probs.sum()
'''),
    # generate that switches grad mode off and restores the caller's value in a finally clause, which also runs when
    # the eos branch returns from inside the loop.
    "blind70_right_generate_grad_mode_restored_in_finally": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            was_enabled = torch.is_grad_enabled()
            torch.set_grad_enabled(False)
            try:
                ids = prompt
                for _ in range(max_new_tokens):
                    context = ids if context_size is None else ids[-context_size:]
                    probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                    next_id = torch.multinomial(probs, 1, generator=generator)
                    ids = torch.cat([ids, next_id.to(ids.dtype)])
                    if eos_id is not None and int(next_id) == eos_id:
                        return ids
                return ids
            finally:
                torch.set_grad_enabled(was_enabled)
'''),
    # generate that resolves the stream once (the caller's generator, else torch's default generator, which is where
    # an unseeded torch.multinomial draws from) and passes it explicitly to every draw.
    "blind70_right_generate_stream_resolved_to_default_generator": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            stream = generator if generator is not None else torch.default_generator
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=stream)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # beam_search under a torch.no_grad() context manager (the caller's grad mode comes back on exit, whatever it was).
    "blind70_right_beam_search_no_grad_context_restores_mode": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            with torch.no_grad():
                beams = [(0.0, prompt, False)]
                for _ in range(max_new_tokens):
                    candidates = []
                    for score, ids, finished in beams:
                        if finished:
                            candidates.append((score, ids, finished))
                            continue
                        log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                        for token, log_prob in enumerate(log_probs.tolist()):
                            extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                            candidates.append((score + log_prob, extended, token == eos_id))
                    candidates.sort(key=lambda candidate: -candidate[0])
                    beams = candidates[:beam_width]
                    if all(finished for _, _, finished in beams):
                        break
                return beams[0][1]
'''),
    # patch_embedding written into a private copy of the position table (positions.expand(...).clone()), filled in
    # place: column 0 gains cls_token, the rest the projected patches; the caller's positions are only read.
    "blind70_right_patch_embedding_positions_clone_filled_in_place": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)
            dtype = torch.promote_types(tokens.dtype, positions.dtype)
            out = positions.to(dtype).expand(tokens.shape[0], -1, -1).clone()
            out[:, :, 0] += cls_token
            out[:, :, 1:] += tokens
            return out
'''),
    # additive_attention that revives a dead state's positions in a COPY of the mask (mask.clone()), then zeroes that
    # state's weights.
    "blind70_right_additive_attention_mask_copy_revives_dead_rows": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            scores = (v.unsqueeze(-1) * torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))).sum(dim=-2)
            if mask is None:
                weights = torch.softmax(scores, dim=-1)
            else:
                visible = mask.clone()
                dead = ~visible.any(dim=-1, keepdim=True)
                visible = visible | dead
                weights = torch.softmax(scores.masked_fill(~visible, float("-inf")), dim=-1)
                weights = weights.masked_fill(dead, 0.0)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # attention_decoder_step that runs the GRU cell as an nn.GRUCell through torch.func.functional_call with the
    # caller's tensors as its parameters, per call: gradients reach params, and nothing is stored anywhere.
    "blind70_right_decoder_step_functional_call_grucell": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            batch = torch.broadcast_tensors(x[..., 0], s_prev[..., 0])[0].shape
            hidden = s_prev.shape[-1]
            cell = torch.nn.GRUCell(x.shape[-1], hidden, device="meta")
            names = ("weight_ih", "weight_hh", "bias_ih", "bias_hh")
            flat_x = x.expand(*batch, x.shape[-1]).reshape(-1, x.shape[-1])
            flat_h = s_prev.expand(*batch, hidden).reshape(-1, hidden)
            s = torch.func.functional_call(cell, {name: params[name] for name in names}, (flat_x, flat_h))
            s = s.reshape(*batch, hidden)
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # strided_mask memoised per (n, stride) in a module dict that hands out clones of the stored tensor.
    "blind70_right_strided_mask_memo_hands_out_clones": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            memo = globals().setdefault("_STRIDED_MEMO", {})
            if (n, stride) not in memo:
                keys = torch.arange(n)[:, None]
                queries = torch.arange(n)[None, :]
                memo[(n, stride)] = (queries - keys) % stride == 0
            return memo[(n, stride)].clone()
'''),
    # global_token_mask by De Morgan on a private copy of the flags negated in place.
    "blind70_right_global_token_mask_copy_negated_in_place": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            ordinary = is_global.clone()
            ordinary.logical_not_()
            return ~(ordinary.unsqueeze(-1) & ordinary.unsqueeze(-2))
'''),
    # sparse_attention_cost through a functools.lru_cache'd inner function: the count is an int (immutable), and every
    # argument it depends on is part of the key; the ValueErrors are raised before the cache.
    "blind70_right_sparse_cost_lru_cache_full_key": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            import functools
            if "_COST" not in globals():
                @functools.lru_cache(maxsize=1024)
                def count(pattern, n, window, stride, num_global):
                    if pattern == "dense":
                        return n * n
                    if pattern == "causal":
                        return n * (n + 1) // 2
                    if pattern == "local":
                        w = min(window, n - 1) if n else 0
                        return n + 2 * (w * n - w * (w + 1) // 2)
                    if pattern == "strided":
                        m = (n - 1) // stride if n else 0
                        return n + 2 * (m * n - stride * m * (m + 1) // 2)
                    return n * n - (n - num_global) ** 2
                globals()["_COST"] = count
            return globals()["_COST"](pattern, n, window, stride, num_global)
'''),
    # relative_position_bucket whose causal branch negates a private int64 copy in place (to(..., copy=True)).
    "blind70_right_bucket_causal_negated_on_private_copy": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.to(torch.long, copy=True)
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(offset > 0, half, 0)
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = offset.neg_().clamp_(min=0)
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # mlm_corrupt with the special ids as a LOCAL sorted int64 tensor (torch.sort of a copy) looked up by searchsorted;
    # the caller's special_ids (list, tuple or tensor) are only read, and all draws come from the caller's generator.
    "blind70_right_mlm_corrupt_local_sorted_specials_searchsorted": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1).sort().values
            flat = ids.long()
            if special.numel():
                where = torch.searchsorted(special, flat).clamp(max=special.numel() - 1)
                eligible = special[where] != flat
            else:
                eligible = torch.ones_like(flat, dtype=torch.bool)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), IGNORE)
            return corrupted, labels
'''),
    # nsp_pairs that removes A's own document from a LOCAL copy of the list (others = list(documents); del others[i])
    # and draws from it, with the model answer's draws in its order.
    "blind70_right_nsp_pairs_own_document_deleted_from_local_copy": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        others = list(documents)
                        del others[index]
                        other = others[torch.randint(len(others), (), generator=generator).item()]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # quantize_pixels that turns deterministic mode on for the argmin and restores BOTH the flag and warn_only in a
    # finally clause.
    "blind70_right_quantize_deterministic_mode_and_warn_only_restored": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            previous = torch.are_deterministic_algorithms_enabled()
            previous_warn_only = torch.is_deterministic_algorithms_warn_only_enabled()
            torch.use_deterministic_algorithms(True)
            try:
                dtype = torch.promote_types(images.dtype, palette.dtype)
                pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
                distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
                return distances.argmin(dim=-1)
            finally:
                torch.use_deterministic_algorithms(previous, warn_only=previous_warn_only)
'''),
    # average_pool_head whose missing bias is a zero made per call from W (W.new_zeros), never cached.
    "blind70_right_average_pool_zero_bias_per_call_from_weights": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            bias = W.new_zeros(W.shape[0]) if b is None else b
            pooled = X.sum(dim=-1) / X.shape[-1]
            return pooled @ W.T + bias
'''),
    # pixel_sequence into fresh long buffers allocated per call (torch.empty) and filled by slice assignment.
    "blind70_right_pixel_sequence_fresh_buffers_slice_filled": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            n = ids.shape[-2] * ids.shape[-1]
            targets = torch.empty(*ids.shape[:-2], n, dtype=torch.long, device=ids.device)
            targets[...] = ids.reshape(*ids.shape[:-2], n)
            inputs = torch.empty_like(targets)
            inputs[..., 0] = sos_id
            inputs[..., 1:] = targets[..., :-1]
            return inputs, targets
'''),
    # shifted_window_mask memoised with the full argument tuple as key, handing out clones.
    "blind70_right_shifted_window_mask_memo_full_key_clones": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            memo = globals().setdefault("_SHIFTED_MEMO", {})
            key = (height, width, window, shift)
            if key not in memo:
                wrapped_rows = torch.arange(height) + shift >= height
                wrapped_columns = torch.arange(width) + shift >= width
                labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
                labels = window_partition(labels[None], window)[:, 0]
                memo[key] = labels[:, :, None] == labels[:, None, :]
            return memo[key].clone()
'''),
    # patch_merging that raises the float32 matmul precision to "highest" for its projection and restores the
    # caller's setting in a finally clause.
    "blind70_right_patch_merging_matmul_precision_scoped_by_finally": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            previous = torch.get_float32_matmul_precision()
            torch.set_float32_matmul_precision("highest")
            try:
                merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]],
                                   dim=-3)
                tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
                return (W @ tokens).unflatten(-1, (height // 2, width // 2))
            finally:
                torch.set_float32_matmul_precision(previous)
'''),
    # channel_attention with the scale folded into LOCAL scaled copies of the query weight and bias.
    "blind70_right_channel_attention_scale_folded_into_local_query_weights": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Wq = params["Wq"] * scale
            bq = params["bq"] * scale
            Q = split_heads(linear(X, Wq, bq), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1))
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
}
