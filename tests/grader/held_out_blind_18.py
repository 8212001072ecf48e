"""Nineteenth blind batch of held-out implementations (prefix blind18_), written without reading grader/ or tests/ beyond
the batch files the brief allows.

How it was written: from docs/contract.md, read sentence by sentence (the general rules at the top and the "Images and
grids of tokens" section included), the model answers (solutions/), the stubs' input checks and the visible tests
(exercises/tests/, run only as `pytest exercises/tests/test_<module>.py --target <package>`), after reading the
docstrings, entry names and "counted right" / "counted wrong" comments of the earlier blind batches
(tests/grader/held_out_blind.py, held_out_blind_2.py ... held_out_blind_17.py) -- mechanically extracted and
searched by function and keyword, not every source read in full -- so as to repeat none of their names or ideas and to
respect their recorded decisions (a mask never has batch axes of its own; only the ValueErrors the contract names
count; extra ValueErrors for inputs outside the contract are fine; an empty batch is not graded; generator=None is
open; quantize may return any id within rounding; the one-pass layer-norm variance is right; bpe_decode takes any
sequence of vocabulary tokens). Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md,
nor held_out_blind_19.py (written at the same time). (A listing of tests/ and tests/grader/ was printed once when
looking for the batch files, and a line count of tests/grader/*.py; no other file there was read.)

Emphasis: the contract, sentence by sentence. Every sentence or clause that states a behaviour was listed and the
earlier batches' wrong entries were searched for one that breaks exactly it, per function for the general rules.
Sentences found with no wrong entry, or only one, and written here (one clause broken, nothing else):
  - "A float64 input is also computed in float64": no float32-inside entry existed for feed_forward, grid_attention,
    attention_decoder_step, embed (dtype-only ones), dequantize_pixels, transformer_layer's norms, patch_merging's
    blocks (one autocast entry).
  - "Functions leave their arguments unchanged": mlm_corrupt's special_ids list (only ids was covered).
  - "An input may be ... a non-contiguous view: use reshape, not view": dequantize_pixels, feed_forward, apply_mask,
    embed (none covered view on the ids or inputs there).
  - "differentiable in each of them ... no torch.no_grad() on the way": rotary_embedding (none), channel_attention
    (none), grid_attention (one).
  - The named ValueErrors with none or one entry: train_bpe's and bpe_encode's '</w>' check (one each),
    quantize_pixels' 'either input is not floating point' (the palette side: none) and 'fewer than three dimensions'
    (none raising the wrong type), pixel_sequence's and dequantize_pixels' 'non-integer ids' for floats (none),
    pixel_sequence's 'image without pixels' (one), window_partition's 'M < 1' (one), shifted_window_mask's 'M divides
    both sides' (none), average_pool_head's 'N = 0' (one).
  - Signatures and argument order: sinusoidal_positions(num_positions, dim) (none), average_pool_head's `b = None`
    default (none).
  - Sampling: generate's 'drawing nothing more' after eos (none), sequence_log_prob's 'one model call' (one),
    beam_search's LongTensor result (none).
  - attention_decoder_step's step 3, 'logits = W_out [s; c] + b_out' with step 1's context (none recomputing it).
  - transformer_layer's leading batch axes (no entry breaking them).
  - sparse_attention_cost's 'in closed form' (no entry counting a built mask).
Sentences left without a new wrong entry because earlier batches already hold two or more violations of each are not
listed; train_bpe's 'Returns the merges in the order learned' had none, but the one entry drafted for it (merges kept
in a dict keyed by the merged symbol) agreed with the model answer on 20,000+ random corpora and was dropped.
Right entries satisfy sentences that admit several implementations in unusual ways: the Images section's
'returned tensors may be non-contiguous views' (an expanded all-True mask), 'reshape, not view, unless the layout is
known' (view on an own contiguous copy), the extra ValueErrors the general rules allow (train_bpe, generate), the
course's own functions composed in new ways (causal_mask from padding_mask, patch_merging from window_partition,
additive attention through scaled_dot_product_attention, cross-attention as masked attention over a concatenation,
rotary as one rotation of the concatenated columns, multi-head attention through a head-selector einsum without
splitting), and other torch routes (sparse COO one-hot, take_along_dim, group_norm per column, conv1d projections,
nn.GRU through functional_call, nested vmap, Euclidean norm, phase-shifted sines, softmax as an L1 normalisation).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind18/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source appended to its module; build.py) and run against its exercise's visible
tests; every right entry passes them, and each wrong entry's comment says whether it does (24 of the 33 do).
Each wrong entry's recorded input was run on the model answer and on the entry and the difference printed (demo.py):
a value beyond float64 accuracy, a dtype, an exception instead of the named ValueError or a missing one, a mutated
argument, a gradient that never arrives, the generator advanced further, a second model call. Each right entry was
compared with the model answer by battery.py, the whole battery run twice in one process: float64 (1e-10 of the
result's scale) and float32 (2e-5); no, one and two batch axes (broadcasting state and encoder batches for
rnn_attention); N = 1, N_q != N_k, D_k != D_v; masks none, random with a fully masked query, padding-style (..., N_k, 1),
shared; transposed or channels-last (non-contiguous) inputs; gradients under a random upstream gradient with respect
to every float64 input and parameter (params dicts included); the contract's ValueErrors (same exception type when
one side raises ValueError); arguments unchanged (values, shapes, strides); output dtypes and shapes. generate was
compared on 60 seeded generations, train_bpe on 303 corpora, softmax_cols with -inf, all -inf columns and +-1e4. The battery was run on a sample of the wrong entries
and flags those its cases reach (float32 inside, no_grad, the default-dtype buffer, the dropped divisibility check,
the recomputed context, the dropped rank check).

Judgement calls: blind18_sinusoidal_positions_dim_first_signature is right for keyword calls and wrong for the
positional calls the contract's signature implies. blind18_beam_search_empty_continuation_tensor_float differs only
for max_new_tokens = 0. blind18_generate_keeps_drawing_after_eos returns the model answer's ids and differs only in
the generator's state after the call, which 'drawing nothing more' fixes. blind18_sequence_log_prob_second_call_to_
check_vocabulary differs only in the number of model calls. The float32-inside entries differ by 2e-8 .. 1.5e-7
relative on float64 calls, beyond float64 accuracy, which the contract demands. No entry written as wrong is counted
right.

Counts: 33 wrong, 20 right (fewer than the ~55/35 asked: quality over count within the time box).
Wrong per function: {'apply_mask': 1, 'attention_decoder_step': 2, 'average_pool_head': 2, 'beam_search': 1, 'bpe_encode': 1, 'channel_attention': 1, 'dequantize_pixels': 3, 'embed': 2, 'feed_forward': 2, 'generate': 1, 'grid_attention': 2, 'mlm_corrupt': 1, 'patch_merging': 1, 'pixel_sequence': 2, 'quantize_pixels': 2, 'rotary_embedding': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'sparse_attention_cost': 1, 'train_bpe': 1, 'transformer_layer': 2, 'window_partition': 1}.
Right per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'causal_mask': 1, 'cross_attention': 1, 'embed': 1, 'feed_forward': 1, 'generate': 1, 'layer_norm': 1, 'multi_head_attention': 1, 'one_hot': 1, 'padding_mask': 1, 'patch_merging': 1, 'patchify': 1, 'quantize_pixels': 1, 'rotary_embedding': 1, 'self_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'train_bpe': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""

WRONG_BLIND_18 = {
# Clause: a float64 input is also computed in float64. The hidden layer W1 X + b1 and its ReLU are computed in
# float32 (a mixed-precision habit) and cast back before W2, so the dtype is kept but float64 accuracy is lost.
# Recorded: X (2, 4, 3), W1 (8, 4), b1 (8,), W2 (4, 8), b2 (4,) float64 (randn): both float64, relative error
# 5.6e-8. Passes the visible tests.
    "blind18_feed_forward_hidden_layer_in_float32": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    # the wide hidden layer (F rows) kept in float32 to halve its memory, as mixed-precision code does
    hidden = torch.relu(linear(X.float(), W1.float(), b1.float()))
    return linear(hidden.to(X.dtype), W2, b2)
'''),

# Clause: a float64 input is also computed in float64. Everything is cast to float32 ("the backbone's dtype") for
# the additive attention and the results cast back. Recorded: s (5,), features (6, 2, 3), W (4, 5), U (4, 6), v (4,)
# float64: both float64, weights off by 5.2e-8 relative, context by 1.4e-7. Fails the visible tests.
    "blind18_grid_attention_features_cast_to_float32": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError(f"features must be (..., C, H, W); got shape {tuple(features.shape)}")
    height, width = features.shape[-2:]
    dtype = features.dtype
    # a CNN's feature map comes out of the backbone in float32: bring the attention to the backbone's dtype
    weights, context = additive_attention(s.float(), features.flatten(-2).float(), W.float(), U.float(), v.float())
    return weights.unflatten(-1, (height, width)).to(dtype), context.to(dtype)
'''),

# Clause: a float64 input is also computed in float64. The GRU step goes through an nn.GRUCell built on the meta
# device in the default dtype, and the tensors are cast to the module's dtype (float32) to 'match' it, then back.
# Recorded: batch (2,), D_s 3, E 2, D_h 4, N 5, D_a 3, V 6, all float64: s off by 9.5e-8 relative, logits by 5.7e-8
# (dtypes float64). Fails the visible tests.
    "blind18_decoder_step_meta_grucell_default_dtype": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}; it needs {list(DECODER_PARAMS)}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    batch = torch.broadcast_shapes(x.shape[:-1], s_prev.shape[:-1])
    inputs = x.expand(*batch, x.shape[-1]).reshape(-1, x.shape[-1])
    state = s_prev.expand(*batch, s_prev.shape[-1]).reshape(-1, s_prev.shape[-1])
    cell = torch.nn.GRUCell(inputs.shape[-1], state.shape[-1], device="meta")   # nn.GRUCell wants (B, I)
    dtype = cell.weight_ih.dtype                                               # match the module's dtype
    tensors = {name: params[name].to(dtype) for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")}
    s = torch.func.functional_call(cell, tensors, (inputs.to(dtype), state.to(dtype))).to(s_prev.dtype)
    s = s.reshape(*batch, s_prev.shape[-1])
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),

# Clause: a float64 input is also computed in float64 (embed keeps omega_e's dtype). The lookup goes through
# F.embedding on omega_e.T.float() (nn.Embedding's float32 weight) and is cast back. Recorded: omega_e (4, 6)
# float64, ids [[0, 5, 2], [1, 1, 3]]: float64 result, relative error 2.6e-8. Passes the visible tests.
    "blind18_embed_table_through_float32_embedding": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    table = omega_e.T.float()                                   # nn.Embedding's weight: (V, D) float32
    rows = torch.nn.functional.embedding(token_ids, table)      # (..., N, D)
    return rows.movedim(-1, -2).to(omega_e.dtype)
'''),

# Clause: a float64 input is also computed in float64 (dequantize returns the palette's dtype). The palette is cast
# to float32 ('images are float32') before the lookup and the result cast back. Recorded: palette (3, 5) float64
# randn, ids [[0, 4], [2, 1]]: float64 result, relative error 2.6e-8. Passes the visible tests.
    "blind18_dequantize_palette_cast_to_float32": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids must lie in [0, K)")
    colours = palette.float()[:, ids.long()]                    # images are float32 pixels
    return colours.movedim(0, -3).to(palette.dtype)
'''),

# Clause: a float64 input is also computed in float64. fairseq's Fp32LayerNorm (normalise in float32, return the
# input's dtype) used for both norms: harmless in float16 training, a downcast in a float64 call. Recorded: X (2, 4,
# 3), H = 2, random float64 params (D 4, F 8), post-LN: relative error 6.2e-8, dtype float64. Fails the visible
# tests.
    "blind18_transformer_layer_fairseq_fp32_layer_norm": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def fp32_layer_norm(Y, gamma, beta):
        # fairseq's Fp32LayerNorm: normalise in float32, hand back the input's dtype
        return layer_norm(Y.float(), gamma.float(), beta.float()).type_as(Y)

    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        X = X + attend(fp32_layer_norm(X, params["gamma1"], params["beta1"]))
        X = X + think(fp32_layer_norm(X, params["gamma2"], params["beta2"]))
    else:
        X = fp32_layer_norm(X + attend(X), params["gamma1"], params["beta1"])
        X = fp32_layer_norm(X + think(X), params["gamma2"], params["beta2"])
    return X
'''),

# Clause: functions leave their arguments unchanged. special_ids given as a Python list is sorted in place
# (list.sort) to use torch.searchsorted for the membership test; the draws and the result are the model answer's.
# Recorded: ids [[5, 7, 1, 9, 3, 8]], vocab 10, special_ids = [5, 1, 3], mask_id 4, seed 0: outputs identical to the
# model answer, but the caller's list becomes [1, 3, 5] (model leaves [5, 1, 3]). Passes the visible tests.
    "blind18_mlm_sorts_callers_special_ids_for_searchsorted": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    if isinstance(special_ids, list):
        special_ids.sort()                                      # searchsorted needs the specials in order
        special = torch.tensor(special_ids, dtype=ids.dtype)
    else:
        special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1).sort().values
    if len(special):
        slot = torch.searchsorted(special, ids.contiguous()).clamp(max=len(special) - 1)
        eligible = special[slot] != ids
    else:
        eligible = torch.ones_like(ids, dtype=torch.bool)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),

# Clause: an input may be a non-contiguous view; use reshape, not view. The ids are flattened with ids.view(-1).
# Recorded: ids = tensor([[0, 4, 1], [2, 1, 3]]).T (a transposed (3, 2) view), palette (3, 5) float64: model (3, 3,
# 2) images, entry RuntimeError (view size is not compatible with input tensor's size and stride). Passes the
# visible tests.
    "blind18_dequantize_ids_flattened_with_view": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids must lie in [0, K)")
    flat = ids.view(-1).long()                                   # every pixel id in one row
    colours = palette[:, flat]                                   # (C, number of pixels)
    return colours.view(palette.shape[0], *ids.shape).movedim(0, -3)
'''),

# Clause: an input may be a non-contiguous view; use reshape, not view. The batch axes are folded with X.view(-1, D,
# N). Right whenever the batch axes can be merged; a view whose batch axes are permuted cannot. Recorded: X =
# randn(3, 2, 4, 5).transpose(0, 1) (shape (2, 3, 4, 5)), W1 (8, 4), W2 (4, 8): model (2, 3, 4, 5), entry
# RuntimeError from view. Passes the visible tests.
    "blind18_feed_forward_batch_folded_with_view": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    *batch, dim, n = X.shape
    folded = X.view(-1, dim, n)                                  # one batch axis for the matmuls
    hidden = torch.relu(W1 @ folded + b1[:, None])
    out = W2 @ hidden + b2[:, None]
    return out.view(*batch, out.shape[-2], n)
'''),

# Clause: an input may be a non-contiguous view; use reshape, not view. apply_mask flattens the scores with
# scores.view(-1) for one flat torch.where. Scores from K^T Q are contiguous, so attention built on it works; a
# transposed scores tensor does not. Recorded: scores = randn(3, 4).T (4, 3), a random (4, 3) bool mask: model a (4,
# 3) result, entry RuntimeError from view. Passes the visible tests.
    "blind18_apply_mask_flattened_with_view": ("masking", "apply_mask", '''
def apply_mask(scores, mask):
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a bool tensor (True = visible); got {mask.dtype}")
    visible = mask.expand(scores.shape).reshape(-1)
    flat = scores.view(-1)                                       # one flat where, then back to the scores' shape
    return torch.where(visible, flat, float("-inf")).view(scores.shape)
'''),

# Clause: an input may be a non-contiguous view; use reshape, not view. embed indexes with token_ids.view(-1).
# Recorded: omega_e (4, 6), token_ids = tensor([[0, 5, 2], [1, 1, 3]]).T (a transposed (3, 2) view): model (3, 4,
# 2), entry RuntimeError from view. Passes the visible tests.
    "blind18_embed_ids_flattened_with_view": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    columns = omega_e[:, token_ids.view(-1)]                     # (D, all ids)
    return columns.view(omega_e.shape[0], *token_ids.shape).movedim(0, -2)
'''),

# Clause: beam_search returns a LongTensor (the best sequence, prompt included). The continuations are Python lists
# and the result is torch.cat([prompt, torch.tensor(best)]): torch.tensor([]) is float32, and cat promotes, so with
# max_new_tokens = 0 the result is a float tensor. Recorded: bigram model (V 4, seed 0), prompt [0, 2], width 2,
# max_new_tokens 0: model [0, 2] int64, entry [0.0, 2.0] float32 (with 3 steps both agree, int64). Passes the
# visible tests.
    "blind18_beam_search_empty_continuation_tensor_float": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, [], False)]                                   # the continuations as Python lists
    for _ in range(max_new_tokens):
        candidates = []
        for score, tokens, finished in beams:
            if finished:
                candidates.append((score, tokens, finished))
                continue
            ids = torch.cat([prompt, torch.tensor(tokens, dtype=prompt.dtype)])
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                candidates.append((score + log_prob, tokens + [token], token == eos_id))
        candidates.sort(key=lambda candidate: -candidate[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return torch.cat([prompt, torch.tensor(beams[0][1])])
'''),

# Clause: generate stops after emitting eos_id, drawing nothing more. A batch-style loop: once eos is emitted the
# sequence stops growing, but the loop keeps calling the model and drawing from the generator until max_new_tokens.
# The returned ids are the model answer's; the generator is advanced further. Recorded: bigram model (V 5, seed 1),
# prompt [0], max_new_tokens 8, eos_id 2, generator seeded 0: both return [0, 2]; the generator's next torch.rand
# draw is 0.3489 after the model answer, 0.0340 after the entry. Passes the visible tests.
    "blind18_generate_keeps_drawing_after_eos": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
             generator=None, context_size=None):
    ids = prompt
    finished = False
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        logits = model(context)[:, -1]
        probs = next_token_probs(logits, temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        if finished:
            continue                     # batch-style loop: a finished sequence keeps stepping, unchanged
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            finished = True
    return ids
'''),

# Clause: a float64 input is also computed in float64. The four blocks are copied into torch.empty(...) in the
# default dtype (float32) before the layer norm; gamma, beta and W are float64, so the result comes back float64 but
# with float32-rounded inputs. Recorded: X (2, 3, 4, 4), gamma/beta (12,), W (6, 12) float64: both float64, relative
# error 2.5e-8. Passes the visible tests.
    "blind18_patch_merging_blocks_copied_into_default_dtype_buffer": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("gamma, beta or W has the wrong shape")
    merged = torch.empty(*X.shape[:-3], 4 * channels, height // 2, width // 2)
    for k, (r, c) in enumerate(((0, 0), (1, 0), (0, 1), (1, 1))):
        merged[..., k * channels:(k + 1) * channels, :, :] = X[..., r::2, c::2]
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),

# Clause: bpe_encode raises ValueError if the text contains '</w>'. The check is text.find('</w>') > 0, which misses
# the marker at index 0 (find returns 0 there, -1 when absent). Recorded: bpe_encode('</w>ab', [('a', 'b')]): model
# ValueError, entry ['<', '/', 'w', '>', 'ab', '</w>']. Passes the visible tests.
    "blind18_bpe_encode_marker_found_past_index_zero": ("bpe", "bpe_encode", '''
def bpe_encode(text, merges):
    if text.find(END_OF_WORD) > 0:
        raise ValueError(f"text must not contain the end-of-word symbol {END_OF_WORD!r}")
    words = [list(word) + [END_OF_WORD] for word in text.split()]
    tokens = []
    for symbols in words:
        for pair in merges:
            symbols = merge_pair(symbols, pair)
        tokens.extend(symbols)
    return tokens
'''),

# Clause: train_bpe raises ValueError if the corpus contains '</w>'. The check looks for '</w>' among each word's
# characters (list(word)), where a four-character string can never be. Recorded: train_bpe('low lo</w>w', 3): model
# ValueError, entry [('l', 'o'), ('w', '</w>'), ('lo', 'w</w>')]. Fails the visible tests.
    "blind18_train_bpe_marker_looked_up_among_characters": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    words = []
    for word in corpus.split():
        symbols = list(word)
        if END_OF_WORD in symbols:
            raise ValueError(f"corpus must not contain the end-of-word symbol {END_OF_WORD!r}")
        words.append(symbols + [END_OF_WORD])
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
    return merges
'''),

# Clause: quantize_pixels raises ValueError if either input is not floating point. Only the images are checked; an
# integer palette is promoted and used. Recorded: images rand(3, 2, 2) float32, palette randint(0, 2, (3, 4)) int64:
# model ValueError, entry ids [[0, 3], [3, 3]]. Passes the visible tests.
    "blind18_quantize_integer_palette_accepted": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point():
        raise ValueError(f"images must be floating point, got {images.dtype}")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
    distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
    return distances.argmin(dim=-1)
'''),

# Clause: quantize_pixels raises ValueError if the images have fewer than three dimensions. The images' rank check
# is dropped (the palette's is kept), so a 2-D tensor fails on images.shape[-3] with an IndexError. Recorded: images
# rand(3, 4), palette rand(3, 5): model ValueError, entry IndexError. Passes the visible tests.
    "blind18_quantize_dimension_check_dropped": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if palette.dim() != 2:
        raise ValueError(f"palette must be (C, K); got shape {tuple(palette.shape)}")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError(f"images and palette must be floating point, got {images.dtype} and {palette.dtype}")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
    distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
    return distances.argmin(dim=-1)
'''),

# Clause: pixel_sequence raises ValueError for non-integer ids. The integer check keeps out bool and complex only,
# and .long() turns float ids into ids. Recorded: ids tensor([[1., 2.], [3., 4.]]), sos_id 9: model ValueError,
# entry ([9, 1, 2, 3], [1, 2, 3, 4]). Passes the visible tests.
    "blind18_pixel_sequence_float_ids_cast_to_long": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be a tensor of ids (..., H, W), got {ids.dtype} of shape {tuple(ids.shape)}")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("ids: the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")
    targets = ids.long().reshape(*ids.shape[:-2], -1)           # .long() also turns float ids into ids
    start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long)
    return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),

# Clause: dequantize_pixels raises ValueError for non-integer ids. Only bool ids are refused; float ids are cast
# with .long(). Recorded: ids tensor([[1., 2.]]), palette rand(3, 4): model ValueError, entry a (3, 1, 2) image.
# Passes the visible tests.
    "blind18_dequantize_float_ids_cast_to_long": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.dtype == torch.bool:
        raise ValueError("ids must be palette ids, not a boolean mask")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError("ids must lie in [0, K)")
    return palette[:, ids.long()].movedim(0, -3)
'''),

# Clause: window_partition raises ValueError if M < 1. The check is `window == 0 or H % window or W % window`: a
# negative window divides every side (4 % -2 == 0) and reaches reshape. Recorded: X rand(2, 4, 4), window -2: model
# ValueError, entry RuntimeError (invalid shape dimension -2). Passes the visible tests.
    "blind18_window_partition_rejects_zero_window_only": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    *batch, channels, height, width = X.shape
    if window == 0 or height % window or width % window:
        raise ValueError(f"window={window} must divide the grid's height and width")
    M = window
    grid = X.reshape(*batch, channels, height // M, M, width // M, M)
    grid = grid.movedim((-4, -2), (-5, -4))
    return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),

# Clause: average_pool_head(X, W, b: (K,) or None = None): the bias is optional. The signature has no default, so
# the contract's call without b fails (the body does handle None). Recorded: X (2, 4, 3), W (5, 4) float64, no b:
# model (2, 5) logits, entry TypeError (missing argument 'b'). Fails the visible tests.
    "blind18_average_pool_head_bias_argument_required": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    logits = X.mean(dim=-1) @ W.T
    return logits if b is None else logits + b
'''),

# Clause: argument order follows the lecture: sinusoidal_positions(num_positions, dim) returns (dim, num_positions).
# The parameters are declared (dim, num_positions) and the body is otherwise the model answer's, so a positional
# call builds the table of the swapped sizes (keyword calls would be right). Recorded: sinusoidal_positions(5, 4):
# model (4, 5), entry (5, 4) (a D = 5 table of 4 positions). Fails the visible tests.
    "blind18_sinusoidal_positions_dim_first_signature": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(dim, num_positions):
    positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
    pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
    angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
    table = torch.empty(dim, num_positions)
    table[0::2] = torch.sin(angles)
    table[1::2] = torch.cos(angles[: dim // 2])
    return table
'''),

# Clause: sequence_log_prob makes one model call. A first call on ids[:1] reads V to validate the ids, then the real
# call; the value is the model answer's. Recorded: bigram model (V 4, seed 0), ids [0, 1, 3, 2]: both -5.7104, model
# 1 call, entry 2 calls. Fails the visible tests.
    "blind18_sequence_log_prob_second_call_to_check_vocabulary": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    vocab_size = model(ids[:1]).shape[0]             # the model's V, to check the ids first
    if int(ids.max()) >= vocab_size:
        raise ValueError(f"ids must lie in [0, {vocab_size})")
    log_probs = torch.log_softmax(model(ids), dim=0)
    positions = torch.arange(len(ids) - 1)
    return log_probs[ids[1:], positions].sum()
'''),

# Clause: leading batch dimensions are allowed (X (..., D, N)). The norms go through F.layer_norm on Y.transpose(1,
# 2), right for exactly one batch axis. Recorded (H = 2, D 4, F 8, float64): X (4, 3): model (4, 3), entry
# IndexError; X (2, 2, 4, 3): model (2, 2, 4, 3), entry RuntimeError (normalised over the wrong axis). Fails the
# visible tests.
    "blind18_transformer_layer_norm_transposes_axes_one_two": ("transformer_layer", "transformer_layer", '''
def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
    def norm(Y, gamma, beta):
        rows = Y.transpose(1, 2)                     # (B, N, D): F.layer_norm normalises the last axis
        out = torch.nn.functional.layer_norm(rows, rows.shape[-1:], gamma, beta, 1e-5)
        return out.transpose(1, 2)

    def attend(Y):
        return multi_head_attention(Y, Y, params, num_heads, mask)

    def think(Y):
        return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

    if norm_first:
        X = X + attend(norm(X, params["gamma1"], params["beta1"]))
        X = X + think(norm(X, params["gamma2"], params["beta2"]))
    else:
        X = norm(X + attend(X), params["gamma1"], params["beta1"])
        X = norm(X + think(X), params["gamma2"], params["beta2"])
    return X
'''),

# Clause: step 3, logits = W_out [s; c] + b_out with c the context of step 1 (scored with the previous state). The
# read-out recomputes the context with the new state (a Luong-style read-out) and uses it instead; s and the
# returned weights are the model answer's. Recorded: unbatched D_s 3, E 2, D_h 4, N 5, D_a 3, V 6 float64 randn: s
# and weights equal, logits [-0.2824, 2.4508, -0.9970, ...] vs [-0.2847, 2.4538, -0.9963, ...]. Fails the visible
# tests.
    "blind18_decoder_step_readout_context_recomputed_with_new_state": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}; it needs {list(DECODER_PARAMS)}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                 params["bias_hh"])
    # read out with what the NEW state attends to (the freshest context)
    _, read_context = additive_attention(s, H, params["W"], params["U"], params["v"], mask)
    logits = stack(s, read_context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),

# Clause: differentiable in every floating-point input and weight (no torch.no_grad() on the way). The state's term
# W s is computed under torch.no_grad() ('the same for every cell, a constant'). Values are the model answer's.
# Recorded: s (5,), features (6, 2, 3), W (4, 5), U (4, 6), v (4,) float64 requiring grad, loss = context .
# arange(6): model grad s norm 0.2787, grad W 0.3477; entry None for both. Passes the visible tests.
    "blind18_grid_attention_state_projection_under_no_grad": ("rnn_attention", "grid_attention", '''
def grid_attention(s, features, W, U, v):
    if features.dim() < 3:
        raise ValueError(f"features must be (..., C, H, W); got shape {tuple(features.shape)}")
    height, width = features.shape[-2:]
    with torch.no_grad():
        query = (s @ W.T).unsqueeze(-1)            # the state's term, the same for every cell: a constant here
    cells = features.flatten(-2)                    # (..., C, H*W)
    hidden = torch.tanh(U @ cells + query)
    scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
    weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
    context = (cells @ weights.unsqueeze(-1)).squeeze(-1)
    return weights.unflatten(-1, (height, width)), context
'''),

# Clause: differentiable in every weight of a params dict. After the checks, every parameter is rewrapped with
# torch.tensor(value) 'to be safe', a detached copy: values unchanged, no gradient reaches Wq..bo. Recorded: X (4,
# 3) float64, G 2, params requiring grad: output[0, 0] -7.361728 on both; model output requires grad, entry output
# does not. Passes the visible tests.
    "blind18_channel_attention_params_rewrapped_with_torch_tensor": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError(f"X must be (..., C, N), got shape {tuple(X.shape)}")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    params = {name: torch.tensor(value) for name, value in params.items()}   # plain tensors, to be safe
    if scale is None:
        scale = 1 / math.sqrt(tokens)
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),

# Clause: differentiable in each floating-point input. The rotation runs under torch.no_grad() ('a fixed, unlearned
# transform'), so Q' and K' carry no graph back to Q and K. Values are the model answer's. Recorded: Q (4, 3), K (4,
# 5) float64 requiring grad: model outputs require grad, entry outputs do not. Passes the visible tests.
    "blind18_rotary_rotation_under_no_grad": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D; got shape {tuple(X.shape)}")
    with torch.no_grad():                           # a fixed, unlearned transform: nothing to train here
        return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),

# Clause: shifted_window_mask raises ValueError unless M divides both sides. Only the shift range is checked; the
# windows come from Tensor.unfold, which silently drops a remainder row or column. Recorded: shifted_window_mask(5,
# 4, 2, 1): model ValueError, entry a (4, 4, 4) mask. Passes the visible tests.
    "blind18_shifted_mask_unfold_windows_without_divisibility_check": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    wrapped_rows = torch.arange(height) + shift >= height
    wrapped_columns = torch.arange(width) + shift >= width
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    windows = labels.unfold(0, window, window).unfold(1, window, window)     # (H/M, W/M, M, M)
    windows = windows.reshape(-1, window * window)
    return windows[:, :, None] == windows[:, None, :]
'''),

# Clause: average_pool_head raises ValueError if N = 0. The mean is written X.sum(-1) / max(N, 1), a division-by-
# zero guard that turns an empty sequence into zero features and logits equal to b. Recorded: X (2, 4, 0), W (3, 4),
# b (3,) float64: model ValueError, entry (2, 3) logits. Passes the visible tests.
    "blind18_average_pool_head_empty_guarded_by_max_one": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    pooled = X.sum(dim=-1) / max(X.shape[-1], 1)    # no division by zero for an empty sequence
    logits = torch.einsum("kd,...d->...k", W, pooled)
    return logits if b is None else logits + b
'''),

# Clause: pixel_sequence raises ValueError for an image without pixels. The check is left out: inputs are the start
# token alone, targets empty. Recorded: ids zeros (2, 0, 3) long, sos_id 9: model ValueError, entry inputs (2, 1)
# and targets (2, 0). Passes the visible tests.
    "blind18_pixel_sequence_empty_image_unchecked": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype}")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")
    targets = ids.long().flatten(-2)
    start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long)
    return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),

# Clause: sparse_attention_cost counts the True entries 'in closed form'. It builds the pattern's (n, n) mask with
# the course's own mask functions and sums it: exact for small n, but the contract's n is any size, and an n x n
# mask cannot be built for long sequences (the point of the function). Recorded: patterns dense/causal/local (w
# 2)/strided (s 3)/global (g 2) for n = 2..29 agree; sparse_attention_cost('local', 10**7, window=4): model
# 89999980, entry RuntimeError (can't allocate memory); likewise 'dense' at 10**7 (model 10**14). Passes the visible
# tests.
    "blind18_sparse_cost_counts_the_built_mask": ("sparse_attention", "sparse_attention_cost", '''
def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
    from .masking import causal_mask, local_mask
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {PATTERNS}; got {pattern!r}")
    size = {"local": window, "strided": stride, "global": num_global}.get(pattern, 0)
    if size is None:
        raise ValueError(f"the {pattern!r} pattern needs its size")
    # count the True entries of the pattern's own mask: exact by construction
    if pattern == "dense":
        mask = torch.ones(n, n, dtype=torch.bool)
    elif pattern == "causal":
        mask = causal_mask(n)
    elif pattern == "local":
        mask = local_mask(n, window)
    elif pattern == "strided":
        mask = strided_mask(n, stride)
    else:
        mask = global_token_mask(torch.arange(n) < num_global)
    return int(mask.sum())
'''),

}

RIGHT_BLIND_18 = {
# Contract: what an empty corpus or a negative num_merges does is not graded (the reference raises ValueError), and
# extra ValueErrors for inputs outside the contract are never penalised. This one raises for both, and learns with
# plain dicts, a while loop over the merge count and next() over the first maximal count. Checked: 303 random
# corpora over 'abcé|' (num_merges 0..20), the worked example, '</w>' in the corpus, 'aaaa aaa', twice: identical
# merges and ValueErrors. Passes the visible tests.
    "blind18_right_train_bpe_rejects_empty_corpus_and_negative_merges": ("bpe", "train_bpe", '''
def train_bpe(corpus, num_merges):
    if isinstance(num_merges, bool) or not isinstance(num_merges, int) or num_merges < 0:
        raise ValueError(f"num_merges must be a non-negative integer, got {num_merges!r}")
    words = split_words(corpus, "corpus")
    if not words:
        raise ValueError("corpus has no words to learn merges from")
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in word_counts}
    merges = []
    while len(merges) < num_merges:
        pair_counts = {}
        for word, frequency in word_counts.items():
            symbols = segmentation[word]
            for i in range(len(symbols) - 1):
                pair = (symbols[i], symbols[i + 1])
                pair_counts[pair] = pair_counts.get(pair, 0) + frequency
        if not pair_counts:
            break
        top = max(pair_counts.values())
        best = next(pair for pair, count in pair_counts.items() if count == top)
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
'''),

# One-hot columns as a sparse COO tensor (row = id, column = flat position) made dense, reshaped and the vocabulary
# axis moved before N. Checked: no/one/two batch axes, dtype None/float64/float32, transposed and int32 ids, empty
# ids, ids out of range (ValueError), twice: identical values, shapes and dtypes. Passes the visible tests.
    "blind18_right_one_hot_sparse_coo_to_dense": ("embeddings", "one_hot", '''
def one_hot(token_ids, vocab_size, dtype=None):
    check_token_ids(token_ids, vocab_size)
    dtype = dtype or torch.get_default_dtype()
    flat = token_ids.reshape(-1).long()
    count = flat.numel()
    indices = torch.stack([flat, torch.arange(count)])                  # (vocabulary row, token column)
    table = torch.sparse_coo_tensor(indices, torch.ones(count, dtype=dtype), (vocab_size, count)).to_dense()
    return table.reshape(vocab_size, *token_ids.shape).movedim(0, -2)
'''),

# torch.take_along_dim on omega_e's columns with the flattened ids expanded to every row, reshaped and D moved next
# to N. Checked: float32/float64, no/one/two batch axes, a transposed table and transposed ids, out-of-range ids
# (ValueError), N = 1, gradients w.r.t. omega_e (float64), twice: no difference. Passes the visible tests.
    "blind18_right_embed_take_along_dim": ("embeddings", "embed", '''
def embed(omega_e, token_ids):
    check_token_ids(token_ids, omega_e.shape[-1])
    dim = omega_e.shape[0]
    index = token_ids.reshape(1, -1).long().expand(dim, -1)            # the same column index for every row
    columns = torch.take_along_dim(omega_e, index, dim=1)               # (D, all ids)
    return columns.reshape(dim, *token_ids.shape).movedim(0, -2)
'''),

# Every row a sine: the odd rows get a phase of pi/2 (cos x = sin(x + pi/2)), computed in float64 and cast to the
# default dtype (as blind9_right_sinusoidal_float64_then_default_dtype). Checked: (N, D) = (5, 4), (7, 5), (1, 1),
# (0, 3), (3, 0), (50, 16), (9, 7), (100, 33), twice: within 2e-5 of the result's scale in the default float32, same
# shapes and dtype. Passes the visible tests.
    "blind18_right_sinusoidal_phase_shifted_sines": ("embeddings", "sinusoidal_positions", '''
def sinusoidal_positions(num_positions, dim):
    import math
    n = torch.arange(num_positions, dtype=torch.float64)
    rows = torch.arange(dim)
    exponent = (rows - rows % 2).to(torch.float64) / dim                # 2i/D for rows 2i and 2i + 1
    phase = (rows % 2).to(torch.float64) * (math.pi / 2)                # cos x = sin(x + pi/2)
    table = torch.sin(n[None, :] / 10000 ** exponent[:, None] + phase[:, None])
    return table.to(torch.get_default_dtype())
'''),

# Rows of ones of each length padded with torch.nn.utils.rnn.pad_sequence, a row of n zeros appended to fix the
# width (dropped after), cast to bool, query axis added. Checked: random lengths for (B, n) = (3, 5), (1, 1), (4,
# 0), (2, 7), lengths 0 and n, a strided lengths view, B = 0, twice: identical. Passes the visible tests.
    "blind18_right_padding_mask_pad_sequence_of_ones": ("masking", "padding_mask", '''
def padding_mask(lengths, n):
    rows = [torch.ones(int(length), dtype=torch.uint8) for length in lengths.reshape(-1)]
    rows.append(torch.zeros(n, dtype=torch.uint8))                      # pads every row out to n keys
    padded = torch.nn.utils.rnn.pad_sequence(rows, batch_first=True)[:-1, :n]
    return padded.bool()[:, :, None]
'''),

# Q, K, V as 1x1 convolutions (F.conv1d with the weights as (out, in, 1) kernels) over the folded batch, then the
# course's scaled_dot_product_attention. Checked: float32/float64, no/one/two batch axes, a transposed X, masks none
# / random with a fully masked query / padding-style / (N, 1), D_k != D_v, N = 1, gradients w.r.t. X and every
# weight and bias (float64), inputs unchanged, twice: no difference. Passes the visible tests.
    "blind18_right_self_attention_pointwise_conv1d_projections": ("attention", "self_attention", '''
def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
    *batch, dim, n = X.shape
    folded = X.reshape(-1, dim, n)                                      # (B, D, N): conv1d's (batch, channels, length)

    def project(W, b):                                                  # a 1x1 convolution over the token axis
        Y = torch.nn.functional.conv1d(folded, W[:, :, None], b)
        return Y.reshape(*batch, W.shape[0], n)

    return scaled_dot_product_attention(project(Wq, bq), project(Wk, bk), project(Wv, bv), mask)
'''),

# Layer norm as F.group_norm with one group on samples that are the single columns (X moved to (tokens, D, 1)):
# biased variance over the D features, eps inside the square root, gamma/beta per feature. (Unlike
# blind4_layer_norm_group_norm_one_group, which pools all tokens.) Checked: float32/float64, no/one/two batch axes,
# transposed inputs, N = 1, D = 1, eps 1e-3, large-mean columns, gradients w.r.t. X, gamma, beta, twice: no
# difference. Passes the visible tests.
    "blind18_right_layer_norm_group_norm_per_token_samples": ("transformer_layer", "layer_norm", '''
def layer_norm(X, gamma, beta, eps=1e-5):
    *batch, dim, n = X.shape
    samples = X.movedim(-1, -2).reshape(-1, dim, 1)                     # every column a sample of D channels
    normed = torch.nn.functional.group_norm(samples, 1, gamma, beta, eps)   # one group: over its D values
    return normed.reshape(*batch, n, dim).movedim(-1, -2)
'''),

# Cross-attention as multi_head_attention over the concatenated sequence [X_enc, X_dec] with a mask letting each
# decoder query see only the encoder keys enc_mask allows (decoder keys hidden), the decoder columns kept. Hidden
# keys get weight exactly 0, so the values are those of attention over the encoder only; a query with every encoder
# key hidden is fully masked and gets bo. Checked: float32/float64, no/one/two batch axes, transposed X_dec, masks
# none / (..., Ne, Nd) / padding (..., Ne, 1) / a dead query / shared (Ne, 1), N_d = N_e = 1, H = D, gradients
# w.r.t. X_dec, X_enc and all eight params (float64), twice: no difference. Passes the visible tests.
    "blind18_right_cross_attention_masked_self_attention_over_concatenation": ("cross_attention", "cross_attention", '''
def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
    n_enc, n_dec = X_enc.shape[-1], X_dec.shape[-1]
    both = torch.cat([X_enc, X_dec], dim=-1)                            # one sequence: encoder, then decoder
    if enc_mask is None:
        enc_mask = torch.ones(n_enc, n_dec, dtype=torch.bool)
    lead = enc_mask.shape[:-2]
    visible = enc_mask.expand(*lead, n_enc, n_dec)
    # decoder queries see the encoder keys enc_mask allows and no decoder key
    for_decoder = torch.cat([visible, visible.new_zeros(*lead, n_dec, n_dec)], dim=-2)
    for_encoder = visible.new_ones(*lead, n_enc + n_dec, n_enc)         # columns thrown away below
    full = torch.cat([for_encoder, for_decoder], dim=-1)               # (..., Ne + Nd keys, Ne + Nd queries)
    return multi_head_attention(both, both, params, num_heads, full)[..., n_enc:]
'''),

# The additive scores e_i, then the course's scaled_dot_product_attention with keys e (one feature per position), a
# single query equal to 1 (D_k = 1, no scaling) and values H; the (..., N) mask becomes (..., N, 1). A state that
# sees no position gets zero weights and context through attention's own rule. Checked: float32/float64, state and
# encoder batches (), (2,), (2, 1) vs (3,), () vs (2,), (2,) vs (), masks none / random / with a dead state,
# transposed H, gradients w.r.t. s, H, W, U, v (float64), twice: no difference. Passes the visible tests.
    "blind18_right_additive_attention_course_sdpa_with_unit_query": ("rnn_attention", "additive_attention", '''
def additive_attention(s, H, W, U, v, mask=None):
    from .attention import scaled_dot_product_attention
    if H.dim() < 2:
        raise ValueError(f"H must be (..., D_h, N); got shape {tuple(H.shape)}")
    if W.shape[-1] != s.shape[-1] or U.shape[-1] != H.shape[-2] or not W.shape[0] == U.shape[0] == v.shape[0]:
        raise ValueError("W, U, v do not fit s and H")
    e = (v[:, None] * torch.tanh(U @ H + (s @ W.T)[..., :, None])).sum(dim=-2)   # (..., N)
    # attention with one key feature per position (its score e_i) and a single query equal to 1
    keys = e[..., None, :]                                              # (..., 1, N)
    query = torch.ones(*e.shape[:-1], 1, 1, dtype=e.dtype)              # (..., 1, 1)
    context, weights = scaled_dot_product_attention(query, keys, H, None if mask is None else mask[..., :, None])
    return weights[..., 0], context[..., 0]
'''),

# The GRU step as torch.nn.GRU (one layer, a sequence of length 1) built on the meta device and called through
# torch.func.functional_call with the given weights renamed weight_ih_l0 etc. (the same equations as GRUCell),
# batches broadcast and folded. Checked: float32/float64, batches ((), (), ()), ((2,), (2,), (2,)), ((2, 3), (3,),
# ()), ((), (2,), (2,)), ((2,), (), ()), masks none/random, gradients w.r.t. every input and param (float64), twice:
# no difference. Passes the visible tests.
    "blind18_right_decoder_step_nn_gru_one_step_sequence": ("rnn_attention", "attention_decoder_step", '''
def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
    missing = [name for name in DECODER_PARAMS if name not in params]
    if missing:
        raise ValueError(f"params is missing {missing}; it needs {list(DECODER_PARAMS)}")
    weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
    x = stack(y_prev, context)
    batch = torch.broadcast_shapes(x.shape[:-1], s_prev.shape[:-1])
    size_in, size_state = x.shape[-1], s_prev.shape[-1]
    sequence = x.expand(*batch, size_in).reshape(1, -1, size_in)       # (length 1, batch, E + D_h)
    state = s_prev.expand(*batch, size_state).reshape(1, -1, size_state)
    gru = torch.nn.GRU(size_in, size_state, device="meta")
    tensors = {"weight_ih_l0": params["weight_ih"], "weight_hh_l0": params["weight_hh"],
               "bias_ih_l0": params["bias_ih"], "bias_hh_l0": params["bias_hh"]}
    _, last = torch.func.functional_call(gru, tensors, (sequence, state))
    s = last[0].reshape(*batch, size_state)
    logits = stack(s, context) @ params["W_out"].T + params["b_out"]
    return s, logits, weights
'''),

# view where the layout is known: the images are made contiguous first, then view / permute / contiguous / view (the
# contract's 'reshape, not view, unless the layout is known'). Checked: float32/float64, channels-last (non-
# contiguous) images, (B, C, H, W, P) = (2, 3, 4, 6, 2), (1, 1, 4, 4, 4), (0, 2, 2, 2, 1), (2, 2, 6, 3, 3) and a
# non-multiple (ValueError), gradients, twice: no difference. Passes the visible tests.
    "blind18_right_patchify_contiguous_then_view": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H={height} and W={width} must be multiples of patch_size={patch_size}")
    P = patch_size
    own = images.contiguous()                                           # a layout we know: view is safe now
    grid = own.view(batch, channels, height // P, P, width // P, P).permute(0, 2, 4, 1, 3, 5).contiguous()
    num_patches = (height // P) * (width // P)
    return grid.view(batch, num_patches, channels * P * P).transpose(1, 2)
'''),

# At shift 0 the all-True mask is returned as a stride-0 expanded view of one True (the Images section: returned
# tensors may be non-contiguous views; only values, shapes and dtypes are graded); other shifts as the model answer.
# Checked: grids (4, 4, 2), (4, 6, 2), (6, 4, 3), (2, 2, 2), (3, 3, 1), (8, 4, 4), (6, 6, 3) with every shift -1 ..
# M (ValueErrors included), a non-dividing window, window 0, twice: identical values, shapes, dtype. Passes the
# visible tests.
    "blind18_right_shifted_mask_expanded_true_when_unshifted": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    num_windows = (height // window) * (width // window)
    if shift == 0:                                                      # nothing wrapped: every pair visible
        return torch.ones((), dtype=torch.bool).expand(num_windows, window * window, window * window)
    wrapped_rows = torch.arange(height) + shift >= height
    wrapped_columns = torch.arange(width) + shift >= width
    labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),

# Q and K rotated by one rotate_columns call on their concatenated columns with the concatenated positions (their
# batch axes are shared), in the promoted dtype, then split and cast back. Checked: float32/float64, no/one/two
# batch axes, transposed Q, positions default / given / negative int32 only for Q with base 500, N = 1, odd D
# (ValueError), gradients w.r.t. Q and K (float64), twice: no difference. Passes the visible tests.
    "blind18_right_rotary_one_rotation_over_concatenated_columns": ("positions", "rotary_embedding", '''
def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
    for name, X in (("Q", Q), ("K", K)):
        if X.dim() < 2 or X.shape[-2] % 2:
            raise ValueError(f"{name} must be (..., D, N) with an even D; got shape {tuple(X.shape)}")
    n_q, n_k = Q.shape[-1], K.shape[-1]
    p_q = torch.arange(n_q) if positions_q is None else positions_q.long()
    p_k = torch.arange(n_k) if positions_k is None else positions_k.long()
    dtype = torch.promote_types(Q.dtype, K.dtype)
    both = torch.cat([Q.to(dtype), K.to(dtype)], dim=-1)                # queries and keys as one row of columns
    turned = rotate_columns(both, torch.cat([p_q, p_k]), base)
    return turned[..., :n_q].to(Q.dtype), turned[..., n_q:].to(K.dtype)
'''),

# causal_mask(n) built from the course's padding_mask: query i sees a prefix of i + 1 keys, so column i is padding
# row i + 1; the (n, n) table transposed and made contiguous. Checked: n = 0 .. 7, twice: identical (bool, (n, n)).
# Passes the visible tests.
    "blind18_right_causal_mask_from_padding_mask_of_prefix_lengths": ("masking", "causal_mask", '''
def causal_mask(n):
    # query i sees a prefix of i + 1 keys: column i of the causal mask is the padding row of length i + 1
    return padding_mask(torch.arange(1, n + 1), n)[:, :, 0].T.contiguous()
'''),

# The 2x2 blocks as window_partition(X, 2) (tokens TL, TR, BL, BR in raster order), reordered to TL, BL, TR, BR,
# stacked block by block into 4C features, the course's layer_norm, then W @. Checked: float32/float64, no/one/two
# batch axes, channels-last inputs, (C, H, W) = (2, 4, 4), (3, 2, 6), (1, 6, 2), an odd side and a wrong gamma
# (ValueErrors), gradients w.r.t. X, gamma, beta, W, twice: no difference. Passes the visible tests.
    "blind18_right_patch_merging_via_window_partition_of_two": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError(f"X must be a grid (..., C, H, W), got shape {tuple(X.shape)}")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("gamma, beta or W has the wrong shape")
    windows = window_partition(X, 2)                   # (..., nW, C, 4): tokens TL, TR, BL, BR (raster)
    blocks = windows[..., [0, 2, 1, 3]]                # TL, BL, TR, BR
    features = blocks.transpose(-1, -2).flatten(-2).transpose(-1, -2)   # (..., 4C, nW), block by block
    tokens = layer_norm(features, gamma, beta, eps)
    return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),

# The FFN written for one token column and mapped over the columns and the folded batch with nested torch.func.vmap.
# Checked: float32/float64, no/one/two batch axes, transposed X, N = 1, gradients w.r.t. X and every weight
# (float64), twice: no difference. Passes the visible tests.
    "blind18_right_feed_forward_nested_vmap_over_columns": ("transformer_layer", "feed_forward", '''
def feed_forward(X, W1, b1, W2, b2):
    def one_token(x):                                   # x (D,): the same network for every column
        return W2 @ torch.relu(W1 @ x + b1) + b2

    *batch, dim, n = X.shape
    folded = X.reshape(-1, dim, n)
    out = torch.func.vmap(torch.func.vmap(one_token, in_dims=1, out_dims=1))(folded)
    return out.reshape(*batch, W2.shape[0], n)
'''),

# Extra input checks the contract allows (ValueError for max_new_tokens < 0 and for a context_size below 1),
# otherwise the model answer's loop. Checked: 60 seeded generations on random bigram-like models (temperatures 1,
# 0.7, 0; top-k 2; top-p 0.8; eos none/0/3; context_size none/1/2; max_new_tokens 0..5), twice: identical ids and
# dtypes. Passes the visible tests.
    "blind18_right_generate_validates_counts": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
             generator=None, context_size=None):
    if max_new_tokens < 0:
        raise ValueError(f"max_new_tokens must be >= 0, got {max_new_tokens}")
    if context_size is not None and context_size < 1:
        raise ValueError(f"context_size must be a positive number of tokens, got {context_size}")
    ids = prompt
    for _ in range(max_new_tokens):
        logits = model(ids if context_size is None else ids[-context_size:])[:, -1]
        next_id = torch.multinomial(next_token_probs(logits, temperature, top_k, top_p), 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),

# The nearest colour by the Euclidean norm (torch.linalg.vector_norm) instead of its square: the square root is
# monotonic, so the arg-min is the same (within rounding; exact ties stay ties and go to the lowest id). Checked:
# float32/float64, no/one/two batch axes, exact ties among duplicated colours of an integer palette, integer-valued
# float images and palettes, the ValueErrors (channels, empty palette, integer images, 2-D images), twice: identical
# ids. Passes the visible tests.
    "blind18_right_quantize_argmin_of_euclidean_norm": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    if images.shape[-3] != palette.shape[0]:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1)[..., :, None]            # (..., H, W, C, 1)
    distance = torch.linalg.vector_norm(pixels - palette.to(dtype), dim=-2)   # Euclidean, not squared
    return distance.argmin(dim=-1)
'''),

# Max-shifted exps (an all -inf column shifted by 0) divided by their column's L1 norm with F.normalize(p=1,
# dim=-2): the sum of non-negative exps, at least 1 for a live column; normalize's eps floor turns an all-zero (all
# -inf) column into zeros, not NaN. Checked: float32/float64, no/one/two batch axes, transposed scores, -inf rows
# and columns, all -inf columns, +-1e4 scores in float32, [[1e4, -1e4], [1e4 - 1, 0]], M = 1, gradients at finite
# inputs (float64), twice: no difference. Passes the visible tests.
    "blind18_right_softmax_cols_l1_normalize_of_shifted_exps": ("softmax", "softmax_cols", '''
def softmax_cols(scores):
    top = scores.amax(dim=-2, keepdim=True)
    top = torch.where(torch.isneginf(top), torch.zeros_like(top), top)   # an all -inf column: shift by 0
    exps = torch.exp(scores - top)
    # divide each column by its L1 norm (the sum of its non-negative exps); normalize's eps floor keeps a
    # column of zeros at zero instead of 0/0
    return torch.nn.functional.normalize(exps, p=1.0, dim=-2)
'''),

# Heads without splitting: a 0/1 selector (H, D) marks each head's rows (PyTorch's layout), the scores of head h are
# one einsum K^T diag(selector_h) Q scaled by 1/sqrt(D/H), the course's apply_mask and softmax_cols, and every
# output row d is read with its own head's weights before Wo and bo. Checked: float32/float64, no/one/two batch
# axes, H = 1, 2, 3, 6 with D = 6, N_q != N_k, masks none / random with a fully masked query / padding-style (...,
# N_k, 1), transposed Xq, N = 1, gradients w.r.t. Xq, Xkv and all eight params (float64), twice: no difference.
# Passes the visible tests.
    "blind18_right_mha_head_selector_einsum": ("multihead", "multi_head_attention", '''
def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
    import math
    from .masking import apply_mask
    from .softmax import softmax_cols
    dim = Xq.shape[-2]
    if dim % num_heads != 0:
        raise ValueError(f"the model width D={dim} must be divisible by num_heads={num_heads}")
    Q = linear(Xq, params["Wq"], params["bq"])
    K = linear(Xkv, params["Wk"], params["bk"])
    V = linear(Xkv, params["Wv"], params["bv"])
    # selector (H, D): row h is 1 on the rows head h owns; scores of head h = K^T diag(row h) Q
    selector = (torch.arange(dim) // (dim // num_heads) == torch.arange(num_heads)[:, None]).to(Q.dtype)
    scores = torch.einsum("...dk,hd,...dq->...hkq", K, selector, Q) / math.sqrt(dim // num_heads)
    if mask is not None:
        scores = apply_mask(scores, mask.unsqueeze(-3))
    weights = softmax_cols(scores)                                   # (..., H, N_k, N_q)
    heads = torch.einsum("...dk,hd,...hkq->...dq", V, selector, weights)   # row d read with its own head's weights
    return linear(heads, params["Wo"], params["bo"])
'''),

}
