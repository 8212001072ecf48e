"""Hundred-and-seventh blind batch of held-out implementations (prefix blind106_), written without reading grader/ or
tests/ beyond the batch files the brief allows.

How it was written: from docs/contract.md, course/registry.py, the stubs (exercises/*.py: signatures and input-check
lines, substituted through the stub-checks marker), the model answers (solutions/*.py) and a few functions of the
library (reference/masking.py, positions.py, sampling.py, imagegpt.py, softmax.py, attention.py), read to choose
mutation sites. The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read; one slip: to learn how --target is given I grepped exercises/tests/plugin.py for
"def|plugin|target" and saw its option and fixture lines (how the target package is imported), nothing of any check.
The earlier blind batches (held_out_blind.py ... held_out_blind_105.py) were only parsed for their entry names (and
module / function), their Emphasis paragraphs and the header style of held_out_blind_90.py. Nothing else under grader/
or tests/ was opened, grepped or run, nor docs/grading.md, nor benchmarks/, nor the batches written at the same time
(held_out_blind_107.py, held_out_blind_108.py, held_out_blind_109.py).

Emphasis: mutation testing. Every entry is one single-point mutant of the model answer (solutions/), as a mutation
tool makes them, and each comment names its operator. Wrong entries are non-equivalent mutants whose difference shows
only on some allowed inputs: max -> min in the softmax shift (overflow past a spread of ~88); abs -> square in the
local band (right for windows 0 and 1); / -> // on the scores; a variable replaced (keys projected with Wq, right for
tied weights; the window count from H twice, right on square grids; G groups read as C/G, right when G * G == C;
num_heads -> 1 in cross-attention); an axis index changed (the MHA mask's head axis at -2, right when N_k is 1;
dequantize's movedim target 1, right for one batch axis; patch merging's cat on dim 0, right for an unbatched grid);
a default changed (layer-norm eps 1e-6; T5 max_distance 127, which moves only offsets +-90, -76, -112); a return of an
intermediate (layer norm without gamma and beta, right for the usual ones / zeros); a statement deleted (pre-LN's FFN
assignment, post-LN untouched); integer constants moved by one (an arange end that breaks only odd D; merge_pair's
bound that never merges a word's last pair; the top-p cap len - 1, wrong only when top-p needs every token; the
random-id bound V - 1 in MLM; the random-sentence bound in NSP); `and` <-> `or` (generate's eos test; patchify's
named check); an index changed (beam search's beams[-1], right for width 1; the empty-palette check on axis 0; the
pooling head's check on W's class axis, right when K == D); a slice bound moved (sequence_log_prob's ids[-1:], right
for N <= 2); signs flipped (positions subtracted, right for a zero table; -W s in additive attention, right for a zero
state); a term dropped (the decoder step's b_out, right for zero); two arguments swapped (grid_attention's unflatten
sizes, right on square grids); a dtype= removed (rotary exponents in float32, wrong only for float64); a dtype
replaced (pixel_sequence's start column in the ids' dtype, wrong only for uint8 ids with sos_id > 255); `|` -> `^`
(global tokens); `not` added (the decoder's causal mask negated); a label factor 2 -> 1 (Swin regions collide, right
for shift 0). Right entries are equivalent mutants, each comment saying why: constants changed where only their
distinctness or their overwritten value matters (the dead softmax column's fill 0 -> 1, Swin's label factor 2 -> 3,
torch.empty -> torch.zeros), comparisons moved across equivalent forms (temperature == 0 -> <= 0 after the stub's
check, distance < exact -> <= exact in T5 buckets, i + 1 < len -> i < len - 1, pick >= index -> pick > index - 1,
sos_id < 0 -> <= -1), the sparse costs' caps moved by one where the extra term is zero, casts removed where type
promotion already does them (rotary positions, the quantize palette, generate's next id), axis indices moved to
their equal negative / positive form (patchify's transpose, sequence_log_prob's dim -2, the MHA mask by indexing,
padding_mask's [..., None]), operands swapped in commutative operations (eps + variance, attend(X) + X, keys -
queries in the strided test), a variable replaced by one the checks make equal (d_k from K), ~ -> logical_not, `or`
-> a conditional on None, a keyword for a positional argument, explicit default eps, reverse=True for a negated sort
key (Python's sort stays stable), flatten -> reshape, softmax_cols -> torch.softmax where no score is -inf.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind106/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (10 of the 34 wrong entries pass them). Each wrong entry's recorded input was run on the model
answer and on the entry and both results printed; each differs as its comment says (mlm_corrupt on 100 000 positions,
nsp_pairs over 2 000 seeds). Right entries were compared with the model answer under both default dtypes (float32 and
float64 inputs, random shapes with 0-2 batch axes, scales 0.1 to 1000 and 0), values to 2e-5 / 1e-10, dtypes, shapes
and integer results exactly, the same exception types (the named ValueErrors included), inputs unchanged, and
gradients of every floating-point input (parameters included) to 1e-3: softmax_cols with 1e4 scores and partly or
wholly -inf columns; apply_mask, scaled_dot_product_attention, multi_head_attention, cross_attention,
transformer_layer (both norm orders) and decoder_layer with no mask, (N_k, N_q), batched, (1, ...) and (B, N_k, 1)
masks, N_q != N_k, D not divisible by H, K of the wrong width; layer_norm with D = 1, offsets and eps 0 / 0.1;
one_hot with float16 / bfloat16 / float32 / float64 and out-of-range ids; sinusoidal_positions for N 0..12 and D
1..11; merge_pair through train_bpe (random corpora over "a", "b" and spaces, 0..8 merges) and through bpe_encode
(random merge lists with "</w>" pairs); next_token_probs on 600 rounded logits (temperature 0, 0.0, -1, top_k 0..V+2,
top_p 0 to 1.5); generate (300 random table models, seeded generators: same ids and same generator state after, every
option with context_size and eos), beam_search (400 models with rounded logits for ties, widths 0..3, eos None / 0 / 1
/ V-1), sequence_log_prob (200 models); patchify (with non-divisible sizes), grid_attention; relative_position_bucket on
400 offset tensors (both modes, 4..64 buckets including odd counts, several max_distance, every offset within
max_distance + 3); rotary_embedding (positions None, int32 / int64, other bases, odd D); strided_mask for n 0..12,
stride -1..14; sparse_attention_cost exactly over every pattern, n 0..29 and 10^12 (+7), sizes up to 10^12 + 7,
unknown names and missing sizes; quantize_pixels with mixed and integer dtypes, duplicate colours and pixels on
colours; pixel_sequence with uint8 / int32 / int64 / float ids, sos 0, 512, negative, True, 2.0; shifted_window_mask
for every H, W in 1..8, window 0..4, shift -1..4; nsp_pairs for the same seed on 400 document lists (empty documents,
tuples, the one-document ValueError) with the same generator state after; channel_attention with every divisor G,
a non-divisor, N = 0 and given scales. The harness was checked by running five wrong entries through it (each
caught).

Judgement calls: the emphasis asks for single-point mutants, so several wrong entries mutate a named input check
(patchify's `or`, quantize's empty palette, the pooling head's shape check): they are wrong because the contract
names those ValueErrors (or, for the pooling head, because a valid K != D head is refused). Many single mutants of a
short model answer coincide in effect with entries of earlier batches under other names (the earlier names show, for
example, a channel_attention bias swap, an unsqueeze at the front of a mask, a patch-merging eps not forwarded); I
kept away from every earlier name I could match to the same mutation of the same function, and chose sites the
names do not show (amin, abs -> square, //, unsqueeze(-2), the eps default, the FFN assignment, merge_pair's final
pair, the top-p cap, `or` in eos, beams[-1], ids[-1:], xor, randint bounds, movedim(0, 1), the start column's dtype,
the height-squared window count, the label factor, cat on dim 0, group size for group count, num_heads -> 1), but
with 7 300 earlier entries some mechanism overlap may remain. blind106_right_bucket_mut_exact_le differs from the
model answer only when max_distance <= num_buckets/4 (bidirectional; /2 causal) at distance == exact: there the model
answer divides by log(1) = 0 and returns garbage ids (-9.2e18) while the entry returns the exact bucket; the reference
raises ValueError for such a max_distance (T5 needs max_distance above the exact range), so I took it as outside the
allowed inputs. blind106_right_channel_attention_mut_torch_softmax is equivalent up to rounding (both are stable
column softmaxes), not bit for bit. blind106_layer_norm_mut_default_eps_one_e_minus_six changes only the default eps:
wrong because the contract fixes eps 1e-5 when none is given; its difference is large only for columns of small
variance. blind106_rotate_columns_mut_theta_dtype_removed is right for float32 inputs and off by ~3e-7 for float64
ones, which the contract holds to float64 accuracy.

Counts: 34 wrong, 27 right.
Wrong per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'generate': 1, 'global_token_mask': 1, 'grid_attention': 1, 'layer_norm': 2, 'local_mask': 1, 'merge_pair': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotate_columns': 1, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'transformer_layer': 1, 'window_partition': 1}.
Right per function: {'apply_mask': 1, 'beam_search': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'generate': 1, 'grid_attention': 1, 'layer_norm': 1, 'merge_pair': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 1, 'padding_mask': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotate_columns': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_106 = {
    # Mutation operator: max -> min (`scores.amax` -> `scores.amin`). The column's minimum is subtracted instead of
    # its maximum: the same softmax while exp() stays finite, overflow once a column spans more than ~88 (float32).
    # softmax_cols(torch.tensor([[0.], [100.]])): model [3.8e-44, 1], entry [0, nan]. Fails the visible tests.
    "blind106_softmax_cols_mut_amax_to_amin": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            column_max = scores.amin(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 0.0)
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Mutation operator: abs() -> square (`(queries - keys).abs()` -> `(queries - keys) ** 2`). d^2 <= w agrees with
    # |d| <= w for window 0 and 1 only. local_mask(4, 2)[0, 2] (offset 2): model True, entry False. Passes the visible
    # tests.
    "blind106_local_mask_mut_abs_to_square": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (queries - keys) ** 2 <= window
'''),
    # Mutation operator: true division -> floor division (`/ math.sqrt(d_k)` -> `// math.sqrt(d_k)`). Every score is
    # floored and carries no gradient. Q [[1.], [0.]], K [[1., 0.], [0., 0.]], V [[1., 2.]]: model weights [0.670,
    # 0.330], entry [0.5, 0.5]. Fails the visible tests.
    "blind106_sdpa_mut_true_div_to_floor_div": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q // math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Mutation operator: variable replaced (`linear(X, Wk, bk)` -> `linear(X, Wq, bk)`): the keys are projected with
    # the query weights. Right only for tied weights (Wk is Wq). X = I (2x2), Wq = I, Wk = 0, biases 0, Wv = I: model
    # weights all 0.5, entry weights [[0.670, 0.330], [0.330, 0.670]]. Passes the visible tests.
    "blind106_self_attention_mut_wk_replaced_by_wq": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            Q = linear(X, Wq, bq)
            K = linear(X, Wq, bk)
            V = linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Mutation operator: axis index changed (`mask.unsqueeze(-3)` -> `mask.unsqueeze(-2)`). The mask (N_k, N_q)
    # becomes (N_k, 1, N_q): it broadcasts against (..., H, N_k, N_q) only when N_k equals H (or 1), and then head h
    # gets key h's row. torch.manual_seed(0); X = torch.randn(2, 2) as Xq and Xkv, H 2, identity weights, zero biases,
    # causal mask: model column 0 [1.541, -2.179], entry [1.439, 0.000]. Fails the visible tests.
    "blind106_mha_mut_mask_unsqueeze_minus_two": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-2)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Mutation operator: default value changed (`eps: float = 1e-5` -> `1e-6`). Differs only when eps is left to its
    # default, visibly on columns of small variance. layer_norm([[0.], [0.002]], gamma 1, beta 0): model [-0.3015,
    # 0.3015], entry [-0.7071, 0.7071]. Fails the visible tests.
    "blind106_layer_norm_mut_default_eps_one_e_minus_six": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-6):
            # (the stub's input checks)
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            normalised = (X - mean) / torch.sqrt(variance + eps)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # Mutation operator: return of an intermediate (`return gamma[:, None] * normalised + beta[:, None]` -> `return
    # normalised`). Exact for the usual initialisation gamma = 1, beta = 0. layer_norm([[0.], [2.]], gamma [2, 2],
    # beta [1, 1]): model [-1, 3], entry [-1, 1]. Fails the visible tests.
    "blind106_layer_norm_mut_returns_normalised_intermediate": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            normalised = (X - mean) / torch.sqrt(variance + eps)
            return normalised
'''),
    # Mutation operator: statement deletion (the assignment of pre-LN's second line, `X = X + think(norm2(X))` -> `X +
    # think(norm2(X))`): with norm_first=True the FFN block is computed and thrown away. Post-LN (the default) is
    # untouched. torch.manual_seed(1), D 4, N 3, 2 heads, random params, norm_first=True: model column 0 [3.05, 16.43,
    # -4.08, -13.79], entry [-0.92, 15.91, -5.45, -9.20] (post-LN: identical). Fails the visible tests.
    "blind106_transformer_layer_mut_pre_ln_ffn_assignment_deleted": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            def norm1(Y):
                return layer_norm(Y, params["gamma1"], params["beta1"])

            def norm2(Y):
                return layer_norm(Y, params["gamma2"], params["beta2"])

            if norm_first:
                X = X + attend(norm1(X))
                X + think(norm2(X))
            else:
                X = norm1(X + attend(X))
                X = norm2(X + think(X))
            return X
'''),
    # Mutation operator: integer constant moved by one (`torch.arange(0, dim, 2)` -> `torch.arange(0, dim - 1, 2)`).
    # The same rows for an even D; for an odd D the last sine row has no angle of its own and the first row's angles
    # broadcast into it. sinusoidal_positions(2, 3) row 2: model [0, 0.0022], entry [0, 0.8415]. Fails the visible
    # tests.
    "blind106_sinusoidal_mut_arange_end_minus_one": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            pair_index = torch.arange(0, dim - 1, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # Mutation operator: integer constant moved by one (`i + 1 < len(symbols)` -> `i + 2 < len(symbols)`): the last
    # two symbols of a word are never merged, so no merge involving "</w>" ever applies. Graded through train_bpe and
    # bpe_encode. bpe_encode("ab", [("b", "</w>")]): model ["a", "b</w>"], entry ["a", "b", "</w>"]. Fails the visible
    # tests.
    "blind106_merge_pair_mut_bound_plus_one_skips_final_pair": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            # (the stub's input checks)
            merged = []
            i = 0
            while i < len(symbols):
                if i + 2 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:
                    merged.append(symbols[i] + symbols[i + 1])
                    i += 2
                else:
                    merged.append(symbols[i])
                    i += 1
            return merged
'''),
    # Mutation operator: integer constant moved by one (`min(..., len(probs))` -> `min(..., len(probs) - 1)`): when
    # top-p needs every token (p = 1, or a p the last token crosses) the least likely one is dropped.
    # next_token_probs(torch.tensor([1., 0.]), top_p=1.0): model [0.731, 0.269], entry [1, 0]. Passes the visible
    # tests.
    "blind106_next_token_probs_mut_top_p_cap_minus_one": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
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
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs) - 1)
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Mutation operator: `and` -> `or` (`eos_id is not None and int(next_id) == eos_id`): with an eos_id given, the
    # loop always stops after the first new token. A model always predicting token 1 (V 3), prompt [0], 3 new tokens,
    # eos_id 2, temperature 0: model [0, 1, 1, 1], entry [0, 1]. Fails the visible tests.
    "blind106_generate_mut_eos_test_and_to_or": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None or int(next_id) == eos_id:
                    break
            return ids
'''),
    # Mutation operator: index changed (`beams[0][1]` -> `beams[-1][1]`): the last kept beam is returned, the best
    # only when beam_width is 1 or one beam is left. Model with fixed next-token log-probs [log 0.6, log 0.4] (V 2),
    # prompt [0], width 2, 1 step: model [0, 0], entry [0, 1]. Fails the visible tests.
    "blind106_beam_search_mut_returns_last_beam": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
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
            return beams[-1][1]
'''),
    # Mutation operator: slice bound moved (`ids[1:]` -> `ids[-1:]`): the last id is scored in every column (it
    # broadcasts against the positions). Right for N <= 2. A model of fixed logits [0, log 3] (V 2) and ids [0, 0, 1]:
    # model log(1/4) + log(3/4) = -1.674, entry 2 log(3/4) = -0.575. Fails the visible tests.
    "blind106_sequence_log_prob_mut_slice_start_minus_one": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            log_probs = torch.log_softmax(model(ids), dim=0)
            positions = torch.arange(len(ids) - 1)
            return log_probs[ids[-1:], positions].sum()
'''),
    # Mutation operator: `or` -> `and` in the named check (`height % patch_size or width % patch_size`): only a grid
    # with neither side divisible is rejected. patchify(torch.zeros(1, 1, 4, 6), 4): model ValueError, entry
    # RuntimeError from the reshape. Fails the visible tests.
    "blind106_patchify_mut_check_or_to_and": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            batch, channels, height, width = images.shape
            if height % patch_size and width % patch_size:
                raise ValueError(
                    f"images (B, C, H, W) must have H and W divisible by patch_size={patch_size}; got H={height}, W={width}"
                )
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            num_patches = (height // P) * (width // P)
            return grid.reshape(batch, num_patches, channels * P * P).transpose(1, 2)
'''),
    # Mutation operator: sign flipped (`... + positions` -> `... - positions`). Exact for all-zero position tables (a
    # fresh zero-initialised ViT). One 1x1 image [[5.]], P 1, W [[1.]], b [0], cls [0], positions [[1., 1.]]: model
    # [[1, 6]], entry [[-1, 4]]. Fails the visible tests.
    "blind106_patch_embedding_mut_positions_sign_flipped": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            tokens = linear(patchify(images, patch_size), W, b)
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls_column, tokens], dim=-1) - positions
'''),
    # Mutation operator: sign flipped (`U @ H + query` -> `U @ H - query`): e_i = v^T tanh(U h_i - W s). Exact for a
    # zero decoder state s (a decoder's first step). s [1.], H [[1., 2.]], W [[1.]], U [[1.]], v [1.]: model weights
    # [0.492, 0.508], entry [0.318, 0.682]. Passes the visible tests.
    "blind106_additive_attention_mut_query_sign_flipped": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H - query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # Mutation operator: term dropped (`... @ W_out.T + b_out` -> `... @ W_out.T`): the read-out bias is ignored.
    # Exact for a zero b_out. Random sizes with b_out = [1, 2, 3]: model logits = entry logits + [1, 2, 3]. Fails the
    # visible tests.
    "blind106_attention_decoder_step_mut_output_bias_term_dropped": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                         params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T
            return s, logits, weights
'''),
    # Mutation operator: two arguments swapped (`unflatten(-1, (height, width))` -> `(width, height)`): the weights
    # come back (W, H). Exact for square grids. features of shape (1, 2, 3): model weights shape (2, 3), entry (3, 2).
    # Fails the visible tests.
    "blind106_grid_attention_mut_unflatten_sizes_swapped": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            weights, context = additive_attention(s, features.flatten(-2), W, U, v)
            return weights.unflatten(-1, (width, height)), context
'''),
    # Mutation operator: default value changed (`max_distance: int = 128` -> `127`). Buckets of distances below 8 (the
    # exact ones) agree; a few log-spaced boundaries move (offsets +-90 by default, -76 and -112 causal).
    # relative_position_bucket(torch.tensor([90])): model 30, entry 31. Passes the visible tests.
    "blind106_bucket_mut_default_max_distance_127": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=127):
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
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Mutation operator: dtype= removed (`torch.arange(0, dim, 2, dtype=torch.float64)` -> `torch.arange(0, dim, 2)`):
    # the exponent -i / D is then computed in the default dtype, float32, so float64 inputs are rotated by float32
    # angles. Graded through rotary_embedding. Q = K = ones (4, 1) float64, positions [1000]: model and entry differ
    # by 3.1e-7 (float64 accuracy is ~1e-16). Fails the visible tests.
    "blind106_rotate_columns_mut_theta_dtype_removed": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            # (the stub's input checks)
            dim, num = X.shape[-2], X.shape[-1]
            if positions is None:
                positions = torch.arange(num)
            theta = base ** (-torch.arange(0, dim, 2) / dim)
            angles = theta[:, None] * positions.to(torch.float64)[None, :]
            cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
            top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
            return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
'''),
    # Mutation operator: `|` -> `^` (or -> exclusive or): a pair of two global tokens, a global token's own diagonal
    # included, becomes invisible. global_token_mask(torch.tensor([True, False])): model [[T, T], [T, F]], entry [[F,
    # T], [T, F]]. Fails the visible tests.
    "blind106_global_token_mask_mut_or_to_xor": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            return is_global.unsqueeze(-1) ^ is_global.unsqueeze(-2)
'''),
    # Mutation operator: integer constant moved by one (`torch.randint(0, vocab_size, ...)` -> `torch.randint(0,
    # vocab_size - 1, ...)`): the 10 % random replacements never draw the last id V - 1. ids all 0, V 2, mask_prob 1,
    # 100 000 positions: model ~5 % of positions become 1, entry 0 %. Passes the visible tests.
    "blind106_mlm_corrupt_mut_random_id_upper_bound_minus_one": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size - 1, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), IGNORE)
            return corrupted, labels
'''),
    # Mutation operator: integer constant moved by one (`torch.randint(len(other), ...)` -> `len(other) - 1`): the
    # random sentence is never the other document's last one, and a one-sentence other document raises. documents
    # [["a", "b"], ["x", "y"]] over 2 000 seeds: model picks "y" for ~1/4 of the first pairs, entry never. Fails the
    # visible tests.
    "blind106_nsp_pairs_mut_sentence_bound_minus_one": ("pretraining", "nsp_pairs", '''
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
                        pairs.append((a, other[torch.randint(len(other) - 1, (), generator=generator).item()], 1))
            return pairs
'''),
    # Mutation operator: index changed in a named check (`palette.shape[1] == 0` -> `palette.shape[0] == 0`): an empty
    # palette (C, 0) is no longer rejected with ValueError. quantize_pixels(torch.zeros(3, 1, 1), torch.zeros(3, 0)):
    # model ValueError, entry IndexError from argmin. Passes the visible tests.
    "blind106_quantize_pixels_mut_empty_check_axis_zero": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            if images.dim() < 3 or palette.dim() != 2:
                raise ValueError(f"images must be (..., C, H, W) and palette (C, K); got shapes {tuple(images.shape)} and "
                                 f"{tuple(palette.shape)}")
            if not images.is_floating_point() or not palette.is_floating_point():
                raise ValueError(f"images and palette must be floating point, got {images.dtype} and {palette.dtype}")
            if images.shape[-3] != palette.shape[0]:
                raise ValueError(f"images have C={images.shape[-3]} channels but the palette has {palette.shape[0]} rows")
            if palette.shape[0] == 0:
                raise ValueError("palette: expected at least one colour, got shape (C, 0)")
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            differences = pixels - palette.to(dtype)
            distances = differences.square().sum(dim=-2)
            return distances.argmin(dim=-1)
'''),
    # Mutation operator: axis index changed (`movedim(0, -3)` -> `movedim(0, 1)`): right for exactly one batch axis
    # ((C, B, H, W) -> (B, C, H, W)), wrong without one or with two. dequantize_pixels(ids (1, 2), palette (3, 4)):
    # model shape (3, 1, 2), entry (1, 3, 2). Fails the visible tests.
    "blind106_dequantize_mut_movedim_target_one": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = palette[:, ids.long()]
            return colours.movedim(0, 1)
'''),
    # Mutation operator: dtype argument replaced (`dtype=torch.long` -> `dtype=ids.dtype` for the start column): uint8
    # images of ids cannot hold ImageGPT's start token 512. pixel_sequence(torch.zeros(1, 1, dtype=torch.uint8), 512):
    # model inputs [512], entry RuntimeError (overflow). Passes the visible tests.
    "blind106_pixel_sequence_mut_start_dtype_from_ids": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().reshape(*ids.shape[:-2], -1)
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=ids.dtype, device=ids.device)
            inputs = torch.cat([start, targets[..., :-1]], dim=-1)
            return inputs, targets
'''),
    # Mutation operator: index changed in a named check (`W.shape[1] != X.shape[-2]` -> `W.shape[0] != X.shape[-2]`):
    # a head with K != D is refused and a wrong one accepted. average_pool_head(X (2, 3), W (4, 2)): model logits of
    # shape (4,), entry ValueError. Passes the visible tests.
    "blind106_average_pool_head_mut_check_reads_class_axis": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            if X.dim() < 2 or W.dim() != 2 or W.shape[0] != X.shape[-2]:
                raise ValueError(f"X must be (..., D, N) and W (K, D); got shapes {tuple(X.shape)} and {tuple(W.shape)}")
            if b is not None and tuple(b.shape) != (W.shape[0],):
                raise ValueError(f"b must be (K,) with K={W.shape[0]}, got shape {tuple(b.shape)}")
            if X.shape[-1] == 0:
                raise ValueError("X has no token columns to average (N = 0)")
            pooled = X.mean(dim=-1)
            logits = torch.einsum("kd,...d->...k", W, pooled)
            return logits if b is None else logits + b
'''),
    # Mutation operator: variable replaced (`(height // M) * (width // M)` -> `(height // M) * (height // M)` in the
    # last reshape): exact on square grids. window_partition(torch.zeros(1, 2, 4), 2): model shape (2, 1, 4), entry
    # RuntimeError. Fails the visible tests.
    "blind106_window_partition_mut_window_count_height_squared": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            grid = grid.movedim((-4, -2), (-5, -4))
            return grid.reshape(*batch, (height // M) * (height // M), channels, M * M)
'''),
    # Mutation operator: integer constant changed (`2 * wrapped_rows...` -> `1 * wrapped_rows...`): "row wrapped" and
    # "column wrapped" get the same label, so those two regions of the corner window see each other. Exact for shift
    # 0. shifted_window_mask(4, 4, 2, 1)[3, 1, 2]: model False, entry True. Fails the visible tests.
    "blind106_shifted_window_mask_mut_label_factor_two_to_one": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = torch.arange(width) + shift >= width
            labels = 1 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Mutation operator: axis index changed (`torch.cat([...], dim=-3)` -> `dim=0`): the same axis for one grid (C, H,
    # W), the batch axis as soon as there is one. X of shape (2, 1, 2, 2), gamma (4,), W (2, 4): model shape (2, 2, 1,
    # 1), entry (8, 2, 1, 1). Fails the visible tests.
    "blind106_patch_merging_mut_cat_dim_zero": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            top_left = X[..., 0::2, 0::2]
            bottom_left = X[..., 1::2, 0::2]
            top_right = X[..., 0::2, 1::2]
            bottom_right = X[..., 1::2, 1::2]
            merged = torch.cat([top_left, bottom_left, top_right, bottom_right], dim=0)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # Mutation operator: variable replaced (`split_heads(..., num_groups)` -> `split_heads(..., channels //
    # num_groups)` for all three projections): G groups of C/G channels become C/G groups of G channels. Exact when G
    # * G == C or G == C. C 2, G 1, N 3, identity weights, zero biases: model mixes both channels, entry keeps each
    # channel alone (output = X). Fails the visible tests.
    "blind106_channel_attention_mut_group_count_replaced_by_group_size": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            groups = channels // num_groups
            Q = split_heads(linear(X, params["Wq"], params["bq"]), groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), groups)
            scores = K @ Q.transpose(-2, -1) * scale
            weights = softmax_cols(scores)
            attended = weights.transpose(-2, -1) @ V
            return linear(merge_heads(attended), params["Wo"], params["bo"])
'''),
    # Mutation operator: `not` added (`causal_mask(...)` -> `~causal_mask(...)`): each decoder token sees only the
    # tokens after it, and the last one sees none (its self-attention output is bo). Random D 4, N_d 3, N_e 2, 2
    # heads: model and entry differ in every column. Fails the visible tests.
    "blind106_decoder_layer_mut_causal_mask_negated": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            X = X_dec
            self_mask = ~causal_mask(X.shape[-1]).to(X.device)
            attended = multi_head_attention(X, X, params["self_attn"], num_heads, self_mask)
            X = layer_norm(X + attended, params["gamma1"], params["beta1"])
            read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
            X = layer_norm(X + read, params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            X = layer_norm(X + thought, params["gamma3"], params["beta3"])
            return X
'''),
    # Mutation operator: variable replaced by a constant (`num_heads` -> `1` in the call): one head of width D, scaled
    # by 1/sqrt(D). Exact when num_heads is 1. Random D 4, N_d 3, N_e 2, 2 heads: model and entry differ. Passes the
    # visible tests.
    "blind106_cross_attention_mut_num_heads_replaced_by_one": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            return multi_head_attention(X_dec, X_enc, params, 1, enc_mask)
'''),
}
RIGHT_BLIND_106 = {
    # Equivalent mutant, constant changed (the all -inf column's maximum is filled with 1.0 instead of 0.0): such a
    # column gives exp(-inf - 1) = 0 everywhere, its sum 0 is replaced by 1, so it still comes out all zeros; finite
    # maxima are untouched.
    "blind106_right_softmax_cols_mut_dead_column_fill_one": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = column_max.masked_fill(column_max == float("-inf"), 1.0)
            exps = torch.exp(scores - column_max)
            column_sum = exps.sum(dim=-2, keepdim=True)
            return exps / column_sum.masked_fill(column_sum == 0, 1.0)
'''),
    # Equivalent mutant, index rewritten (`[:, :, None]` -> `[..., None]`): the comparison is (B, n), so both add the
    # query axis last.
    "blind106_right_padding_mask_mut_ellipsis_index": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            keys = torch.arange(n, device=lengths.device)[None, :]
            return (keys < lengths[:, None])[..., None]
'''),
    # Equivalent mutant, operator replaced (`~mask` -> `mask.logical_not()`): the same negation of a boolean tensor,
    # which the stub's check guarantees.
    "blind106_right_apply_mask_mut_logical_not": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores.masked_fill(mask.logical_not(), float("-inf"))
'''),
    # Equivalent mutant, variable replaced (`d_k = Q.shape[-2]` -> `K.shape[-2]`): the stub's first check raises
    # unless K.shape[-2] == Q.shape[-2].
    "blind106_right_sdpa_mut_dk_from_keys": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = K.shape[-2]
            scores = K.transpose(-2, -1) @ Q / math.sqrt(d_k)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Equivalent mutant, index rewritten (`mask.unsqueeze(-3)` -> `mask[..., None, :, :]`): both insert a size-1 axis
    # third from the right, for a mask of any rank >= 2.
    "blind106_right_mha_mut_head_axis_by_indexing": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask[..., None, :, :]
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Equivalent mutant, operands swapped (`variance + eps` -> `eps + variance`): floating-point addition is
    # commutative, bit for bit.
    "blind106_right_layer_norm_mut_eps_plus_variance": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            normalised = (X - mean) / torch.sqrt(eps + variance)
            return gamma[:, None] * normalised + beta[:, None]
'''),
    # Equivalent mutant, operands swapped in both post-LN residuals (`X + attend(X)` -> `attend(X) + X`, likewise the
    # FFN): commutative addition.
    "blind106_right_transformer_layer_mut_residual_operands_swapped": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            def attend(Y):
                return multi_head_attention(Y, Y, params, num_heads, mask)

            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])

            def norm1(Y):
                return layer_norm(Y, params["gamma1"], params["beta1"])

            def norm2(Y):
                return layer_norm(Y, params["gamma2"], params["beta2"])

            if norm_first:
                X = X + attend(norm1(X))
                X = X + think(norm2(X))
            else:
                X = norm1(attend(X) + X)
                X = norm2(think(X) + X)
            return X
'''),
    # Equivalent mutant, default argument made explicit (each layer_norm call gets eps=1e-5, its own default).
    "blind106_right_decoder_layer_mut_explicit_default_eps": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            X = X_dec
            self_mask = causal_mask(X.shape[-1]).to(X.device)
            attended = multi_head_attention(X, X, params["self_attn"], num_heads, self_mask)
            X = layer_norm(X + attended, params["gamma1"], params["beta1"], 1e-5)
            read = cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask)
            X = layer_norm(X + read, params["gamma2"], params["beta2"], 1e-5)
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            X = layer_norm(X + thought, params["gamma3"], params["beta3"], 1e-5)
            return X
'''),
    # Equivalent mutant, argument passed by keyword (`enc_mask` -> `mask=enc_mask`): the same parameter of
    # multi_head_attention.
    "blind106_right_cross_attention_mut_mask_by_keyword": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            return multi_head_attention(X_dec, X_enc, params, num_heads, mask=enc_mask)
'''),
    # Equivalent mutant, `or` rewritten as a conditional (`dtype or default` -> `default if dtype is None else
    # dtype`): a torch.dtype is always truthy, so `or` only falls back for None.
    "blind106_right_one_hot_mut_or_to_conditional": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            vocabulary = torch.arange(vocab_size, device=token_ids.device)
            matches = token_ids.unsqueeze(-2) == vocabulary[:, None]
            return matches.to(torch.get_default_dtype() if dtype is None else dtype)
'''),
    # Equivalent mutant, call replaced (`torch.empty` -> `torch.zeros`): every row of the table is assigned (even rows
    # by the sines, odd rows by the cosines), so the initial values never show.
    "blind106_right_sinusoidal_mut_empty_to_zeros": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table = torch.zeros(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # Equivalent mutant, comparison rewritten (`i + 1 < len(symbols)` -> `i < len(symbols) - 1`): the same integer
    # inequality. Graded through train_bpe and bpe_encode.
    "blind106_right_merge_pair_mut_bound_moved_across": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            # (the stub's input checks)
            merged = []
            i = 0
            while i < len(symbols):
                if i < len(symbols) - 1 and (symbols[i], symbols[i + 1]) == pair:
                    merged.append(symbols[i] + symbols[i + 1])
                    i += 2
                else:
                    merged.append(symbols[i])
                    i += 1
            return merged
'''),
    # Equivalent mutant, comparison made non-strict (`temperature == 0` -> `temperature <= 0`): the stub's check has
    # already raised for every negative temperature.
    "blind106_right_next_token_probs_mut_greedy_le_zero": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature <= 0:
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
    # Equivalent mutant, call argument removed (`next_id.to(ids.dtype)` -> `next_id`): torch.multinomial returns int64
    # and prompts are int64 (the contract's LongTensor), so the cast was a no-op.
    "blind106_right_generate_mut_cast_removed": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Equivalent mutant, sort key negation replaced by reverse=True: Python's sort keeps equal keys in their original
    # order with reverse=True too (documented), so ties still go to the earlier beam, then the lower token.
    "blind106_right_beam_search_mut_reverse_sort": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
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
                candidates.sort(key=lambda candidate: candidate[0], reverse=True)
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Equivalent mutant, axis index changed (`dim=0` -> `dim=-2`): the model's logits are (V, N), two-dimensional, so
    # axis -2 is axis 0.
    "blind106_right_sequence_log_prob_mut_dim_minus_two": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            log_probs = torch.log_softmax(model(ids), dim=-2)
            positions = torch.arange(len(ids) - 1)
            return log_probs[ids[1:], positions].sum()
'''),
    # Equivalent mutant, axis indices changed (`transpose(1, 2)` -> `transpose(-1, -2)`): the tensor is 3-D (B, N,
    # C*P*P), so axes 1, 2 are axes -2, -1.
    "blind106_right_patchify_mut_negative_transpose_axes": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            num_patches = (height // P) * (width // P)
            return grid.reshape(batch, num_patches, channels * P * P).transpose(-1, -2)
'''),
    # Equivalent mutant, call replaced (`features.flatten(-2)` -> `features.reshape(*features.shape[:-2], -1)`): both
    # merge the two grid axes in row-major order; the grid has at least one cell.
    "blind106_right_grid_attention_mut_flatten_to_reshape": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            height, width = features.shape[-2:]
            weights, context = additive_attention(s, features.reshape(*features.shape[:-2], -1), W, U, v)
            return weights.unflatten(-1, (height, width)), context
'''),
    # Equivalent mutant, comparison made non-strict (`distance < exact` -> `distance <= exact`): at distance == exact
    # the log-spaced formula gives exact + floor(log(1) * ...) = exact, the same bucket (log(1.0) is exactly 0 in
    # float32).
    "blind106_right_bucket_mut_exact_le": ("positions", "relative_position_bucket", '''
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
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance <= exact, distance, far)
'''),
    # Equivalent mutant, cast removed (`positions.to(torch.float64)` -> `positions`): integer positions times the
    # float64 theta are promoted to float64 by torch's type promotion anyway. Graded through rotary_embedding.
    "blind106_right_rotate_columns_mut_position_cast_removed": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            # (the stub's input checks)
            dim, num = X.shape[-2], X.shape[-1]
            if positions is None:
                positions = torch.arange(num)
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = theta[:, None] * positions[None, :]
            cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
            top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
            return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
'''),
    # Equivalent mutant, operands swapped (`queries - keys` -> `keys - queries`): d is a multiple of the stride iff -d
    # is.
    "blind106_right_strided_mask_mut_difference_swapped": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (keys - queries) % stride == 0
'''),
    # Equivalent mutants, integer constants moved by one: the local cap `min(window, n - 1)` -> `min(window, n)` (w =
    # n and w = n - 1 both give n + 2 (w n - w (w + 1) / 2) = n^2) and the strided `m = (n - 1) // stride` -> `n //
    # stride` (they differ only when the stride divides n, and then the extra offset m s = n holds n - m s = 0 pairs).
    "blind106_right_sparse_cost_mut_caps_moved_by_one": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n) if n else 0
                return n + 2 * (w * n - w * (w + 1) // 2)
            if pattern == "strided":
                m = n // stride if n else 0
                return n + 2 * (m * n - stride * m * (m + 1) // 2)
            return n * n - (n - num_global) ** 2
'''),
    # Equivalent mutant, cast removed (`palette.to(dtype)` -> `palette`): the pixels are already in the promoted
    # dtype, and the subtraction promotes the palette to it exactly as .to() would.
    "blind106_right_quantize_pixels_mut_palette_cast_removed": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            differences = pixels - palette
            distances = differences.square().sum(dim=-2)
            return distances.argmin(dim=-1)
'''),
    # Equivalent mutant, comparison rewritten in the named check (`sos_id < 0` -> `sos_id <= -1`): the same for the
    # ints the check has just required.
    "blind106_right_pixel_sequence_mut_sos_check_le_minus_one": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
                raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype} of shape {tuple(ids.shape)}")
            if ids.shape[-1] * ids.shape[-2] == 0:
                raise ValueError(f"ids: the image has no pixels (shape {tuple(ids.shape)})")
            if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id <= -1:
                raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")
            targets = ids.long().reshape(*ids.shape[:-2], -1)
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long, device=ids.device)
            inputs = torch.cat([start, targets[..., :-1]], dim=-1)
            return inputs, targets
'''),
    # Equivalent mutant, integer constant changed (`2 * wrapped_rows` -> `3 * wrapped_rows`): the four regions get the
    # labels 0, 1, 3, 4 instead of 0, 1, 2, 3, still pairwise distinct, and only label equality is used.
    "blind106_right_shifted_window_mask_mut_label_factor_three": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = torch.arange(width) + shift >= width
            labels = 3 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Equivalent mutant, comparison rewritten (`pick >= index` -> `pick > index - 1`): the same test on ints, so the
    # same skip of A's own document and the same draws from the generator.
    "blind106_right_nsp_pairs_mut_skip_test_rewritten": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick > index - 1)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # Equivalent mutant (up to rounding), call replaced (`softmax_cols(scores)` -> `torch.softmax(scores, dim=-2)`):
    # channel scores are never masked, so no column is all -inf and both are the stable column softmax.
    "blind106_right_channel_attention_mut_torch_softmax": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = K @ Q.transpose(-2, -1) * scale
            weights = torch.softmax(scores, dim=-2)
            attended = weights.transpose(-2, -1) @ V
            return linear(merge_heads(attended), params["Wo"], params["bo"])
'''),
}
