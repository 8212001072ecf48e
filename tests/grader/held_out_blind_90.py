"""Ninety-first blind batch of held-out implementations (prefix blind90_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, course/registry.py, README.md, the stubs (exercises/*.py: signatures and
input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_87.py) were only skimmed for their entry names, emphases and
header style. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor benchmarks/, nor
the batches written at the same time (held_out_blind_88.py, held_out_blind_89.py).

Emphasis: half-finished functions. A learner submits before finishing: the main path works and one option or branch is
still a placeholder. Wrong entries: `raise NotImplementedError(...)` for one option (top-p, eos in beam search, the
causal bucket mode, pre-LN, grouped channel attention, the "global" cost pattern, an odd D, batched ids / states /
grids / images / masks / is_global flags, int32 ids), `return None` in a branch (greedy sampling, a one-token
sequence), `pass` in a branch (top-k, the mask of scaled dot-product attention, the bias-free pooling head, train_bpe's
early stop), a TODO that leaves a parameter accepted and ignored (positions_k, top_p in generate, the Swin shift, the
10 % random-token branch of MLM, eos in generate, the causal mask of the decoder layer, the all -inf softmax column,
the all-hidden additive-attention state, float32 hard-coded for the default dtype), new code left inside `if False:`
(generate's context crop, the decoder step's mask), a print("not supported") followed by a fallback (cross-attention's
enc_mask), a branch pasted from another and not adapted (top-p copying top-k's prefix, the causal bucket branch keeping
abs(), pre-LN's second norm reusing gamma1/beta1), and one named input check still missing (D % H, K's odd D, the
width in patchify, stride < 1, window < 1, nW in window_reverse, "</w>" in the corpus, the one-document NSP case, a
negative sos_id). Right entries: finished functions with harmless leftovers: TODO comments, unused nested helpers and
placeholder variables, debugging prints inside `if False:`, `pass` branches that fall through to the general code, a
one-head "fast path" doing the general computation, explicit shift = 0 and D = 1 paths that give what the contract
says, and NotImplementedError branches no allowed input reaches (a second beam-width check after the stub's, an else
after if/elif on a truth value, integer one-hot dtypes, float enc_masks, a pattern name the stub's checks rejected).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind90/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (12 of the 51 wrong entries pass them). Each wrong entry's recorded input was run on the model
answer and on the entry and both results printed; each differs as its comment says (mlm_corrupt's by frequencies on
200 000 positions: 9.3 % of the chosen positions become another non-mask id under the model answer, 0 % under the
entry). Right entries were compared with the model answer under both default dtypes (float32 and float64 inputs, random
shapes with 0-2 batch axes, edge sizes), values to 1e-4 / 1e-10 and dtypes exactly, ValueErrors matched, and gradients
of every floating-point input (parameters included) to 1e-3 / 1e-9 where the function is differentiable:
next_token_probs on 1200 random logits (rounded for ties, scales 0.1 to 100, temperature 0, top_k 1..V+3, top_p 1e-9
to 1); generate with seeded generators (same ids and the same generator state afterwards) and under
torch.manual_seed, every option combination including context_size and eos; beam_search on 600 random models (rounded
logits for ties, widths 0..3, 0..3 steps, eos None/0/1/V-1); relative_position_bucket on 800 offset tensors (both
modes, odd and even bucket counts, several max_distance); rotary_embedding with and without positions, odd D, other
bases; scaled_dot_product_attention, multi_head_attention, transformer_layer (both norm orders), cross_attention and
decoder_layer with no mask, full, causal, padding and shared masks, self-attention with the same object twice, D not
divisible by H; layer_norm with D = 1, large offsets and eps 0.1; additive_attention with batched and broadcast H and
masks hiding none, some or all positions; average_pool_head with and without b; one_hot with every float dtype and
out-of-range ids; sinusoidal_positions for N 0..40 and D 0..17 (odd D); softmax_cols with 1e4 scores and columns
partly or wholly -inf; sparse_attention_cost exactly over every pattern, n up to 10**12 + 7, missing sizes and unknown
names; shifted_window_mask for every window, grid and shift (including shift = window: same ValueError);
quantize_pixels with mixed dtypes and pixels equal to palette colours; patchify, window_reverse and channel_attention
(every divisor G, given and default scale) with gradients; nsp_pairs equal to the model answer for the same seed on 800
document lists (empty documents, tuples, the one-document ValueError), sentences returned as the same objects;
mlm_corrupt by its invariants on 200 random calls (int32 ids, non-contiguous ids, list / tuple / tensor / empty
specials, mask_prob 0 and 1) and its frequencies on 400 000 positions, reproducible with one seed and advancing the
generator.

Judgement calls: the emphasis asks that a function raising NotImplementedError on one option still have a finished
main path; every such entry computes the contract's result on every other input (checked on the recorded inputs and
by the visible tests they pass). blind90_sequence_log_prob_single_token_returns_none is wrong only on a one-token
sequence, whose empty sum the contract makes 0; I took N = 1 as allowed. blind90_rotary_odd_dim_check_only_for_queries
is wrong only when K alone has an odd D (Q and K of different D); the contract names a ValueError for an odd D without
saying whose, so I kept it. blind90_nsp_pairs_one_document_check_not_added raises RuntimeError or returns pairs
depending on the coin, never the named ValueError. The input-check entries (D % H, patchify's width, stride, window,
nW, "</w>", negative sos_id) are wrong only because the contract names those ValueErrors; what they raise instead is
a RuntimeError, ZeroDivisionError or nothing. blind90_sinusoidal_second_dtype_left_as_todo has float32 values
(allowed to float32 accuracy) but a float32 dtype where the contract asks for the default one. Right entries:
blind90_right_one_hot_integer_dtype_branch_unreachable raises for integer dtypes, which the contract does not allow
(dtype is a floating-point dtype or None); blind90_right_layer_norm_single_feature_branch returns
gamma * (X - X) + beta for D = 1 so that gamma stays on the graph (a first version returning beta + 0 * X gave gamma no
gradient at all and was rewritten). Dropped: a channel_attention entry that ignores a given `scale` (the contract
grades only the default, so it is neither clearly wrong nor clearly right), and one_hot / generate / mlm entries that
only ignore `dtype` or `generator` (not written: earlier batches already hold them under other names). Fewer right
entries than the brief's 35 (24) and fewer wrong than its 55 (51): the task's own aim (35 / 20) and the time box.

Counts: 51 wrong, 24 right.
Wrong per function: {'additive_attention': 2, 'apply_mask': 1, 'attention_decoder_step': 2, 'average_pool_head': 1, 'beam_search': 2, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'embed': 1, 'generate': 3, 'global_token_mask': 1, 'grid_attention': 1, 'mlm_corrupt': 1, 'multi_head_attention': 2, 'next_token_probs': 4, 'nsp_pairs': 1, 'one_hot': 1, 'patch_embedding': 1, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 2, 'rotary_embedding': 2, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 2, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 2, 'transformer_layer': 2, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'average_pool_head': 1, 'beam_search': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'generate': 1, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'nsp_pairs': 1, 'one_hot': 1, 'patchify': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1, 'sparse_attention_cost': 1, 'transformer_layer': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_90 = {
    # top-p is still a placeholder: the main path (temperature, greedy, top-k) is finished, but any top_p raises
    # NotImplementedError. next_token_probs(torch.tensor([2., 1., 0.]), top_p=0.5): model [1, 0, 0], entry raises.
    # Fails the visible tests.
    "blind90_next_token_probs_top_p_not_implemented_yet": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if top_p is not None:
                raise NotImplementedError("top_p")
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
            return probs / probs.sum()
'''),
    # The greedy branch is a placeholder that returns None ("TODO greedy"); every temperature > 0 is finished.
    # next_token_probs(torch.tensor([0., 3., 1.]), temperature=0): model [0, 1, 0], entry None. Fails the visible tests.
    "blind90_next_token_probs_greedy_branch_returns_none": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return None  # TODO greedy: one-hot on the arg-max
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0) / probs[keep].sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                kept = min(int((cumulative < top_p).sum()) + 1, probs.numel())
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # The top-k branch is an empty `pass` with a TODO: top_k is accepted and has no effect. top-p and greedy work.
    # next_token_probs(torch.tensor([2., 1., 0.]), top_k=1): model [1, 0, 0], entry [0.665, 0.245, 0.090].
    # Fails the visible tests.
    "blind90_next_token_probs_top_k_branch_is_pass": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                pass  # TODO top-k: keep the k largest
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                kept = min(int((cumulative < top_p).sum()) + 1, probs.numel())
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # The top-p branch was pasted from the top-k branch and not adapted: it still keeps order[:top_k], so with
    # top_k None it keeps every token (top-p has no effect), and with both it repeats top-k.
    # next_token_probs(torch.tensor([2., 1., 0.]), top_p=0.5): model [1, 0, 0], entry the full softmax.
    # Fails the visible tests.
    "blind90_next_token_probs_top_p_branch_pasted_from_top_k": ("sampling", "next_token_probs", '''
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
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Stopping at eos is a TODO comment: the loop always runs max_new_tokens steps and keeps drawing after eos.
    # A model that always puts almost all mass on token 2, generate(model, [0], 5, eos_id=2): model [0, 2], entry
    # [0, 2, 2, 2, 2, 2]. Fails the visible tests.
    "blind90_generate_eos_stop_left_as_todo": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                # TODO: stop once eos_id is emitted
            return ids
'''),
    # The context crop is written but left inside `if False:` until "tested": the model always sees every id.
    # With a model whose last column depends on the token context_size + 1 back, generate(..., context_size=1) at
    # temperature 0 differs from the model answer. Fails the visible tests.
    "blind90_generate_context_crop_inside_if_false": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids
                if False:  # context window: enable once it is tested
                    if context_size is not None:
                        context = ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # top_p is accepted and not passed on ("nucleus later"): generation with top_p samples from the full softmax.
    # A model with last-column probabilities [0.6, 0.3, 0.1], top_p=0.5, seeded generator: the model answer only
    # ever draws token 0, the entry draws 1 and 2 too. Passes the visible tests.
    "blind90_generate_top_p_accepted_not_forwarded": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k)  # TODO nucleus (top_p) later
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # The one-token case is a placeholder returning None; the contract's sum over n >= 1 is empty there, 0.
    # sequence_log_prob(model, torch.tensor([3])): model tensor(0.), entry None. Passes the visible tests.
    "blind90_sequence_log_prob_single_token_returns_none": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            if len(ids) < 2:
                return None  # TODO: nothing to score
            log_probs = torch.log_softmax(model(ids), dim=0)
            return log_probs[ids[1:], torch.arange(len(ids) - 1)].sum()
'''),
    # eos handling is not written yet: any eos_id raises NotImplementedError. beam_search(model, [0], 2, 3,
    # eos_id=1): model a sequence, entry raises. Fails the visible tests.
    "blind90_beam_search_eos_not_implemented_yet": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            if eos_id is not None:
                raise NotImplementedError("eos")
            beams = [(0.0, prompt)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids in beams:
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, lp in enumerate(log_probs.tolist()):
                        candidates.append((score + lp, torch.cat([ids, ids.new_tensor([token])])))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
            return beams[0][1]
'''),
    # Finished beams are marked but the branch that should keep them competing is a TODO `continue`: a beam that
    # emitted eos disappears, so a high-scoring short sequence is never returned. A model where eos (token 1) has
    # probability 0.9 after the prompt and every continuation is flat: model [0, 1], entry a longer sequence.
    # Fails the visible tests.
    "blind90_beam_search_finished_beams_dropped_todo": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        continue  # TODO: finished beams should still compete
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, lp in enumerate(log_probs.tolist()):
                        candidates.append((score + lp, torch.cat([ids, ids.new_tensor([token])]), token == eos_id))
                if not candidates:
                    break
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # The causal mode (bidirectional=False) is still a placeholder. relative_position_bucket(torch.tensor([-3, 0]),
    # bidirectional=False): model [3, 0], entry raises NotImplementedError. Fails the visible tests.
    "blind90_relative_bucket_causal_mode_not_implemented": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            if not bidirectional:
                raise NotImplementedError("causal buckets (bidirectional=False)")
            offset = relative_position.long()
            half = num_buckets // 2
            base = torch.where(offset > 0, half, 0)
            distance = offset.abs()
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # The causal branch was copied from the bidirectional one and only half adapted: the whole range of buckets and
    # base 0 are right, but the distance is still offset.abs() instead of max(-offset, 0), so keys after the query
    # get their distance's bucket instead of 0. relative_position_bucket(torch.tensor([5]), bidirectional=False):
    # model [0], entry [5]. Fails the visible tests.
    "blind90_relative_bucket_causal_branch_copied_abs_distance": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(offset > 0, half, 0)
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = offset.abs()  # copied from above
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # positions_k is accepted and left for later: K is always rotated by the default positions 0 .. N_k - 1.
    # rotary_embedding(Q, K, positions_q=torch.tensor([5]), positions_k=torch.tensor([2])): K' differs (model
    # rotates K by 2, entry by 0). Fails the visible tests.
    "blind90_rotary_key_positions_left_for_later": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            # TODO: positions_k (K uses the default positions for now)
            return rotate_columns(Q, positions_q, base), rotate_columns(K, None, base)
'''),
    # The learner wrote their own D check and only for Q ("same for K later"): an odd D in K alone is not a
    # ValueError. rotary_embedding(torch.randn(4, 3), torch.randn(5, 3)): model ValueError, entry RuntimeError.
    # Passes the visible tests.
    "blind90_rotary_odd_dim_check_only_for_queries": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            if Q.dim() < 2 or Q.shape[-2] % 2:
                raise ValueError(f"Q must be (..., D, N) with an even D; got shape {tuple(Q.shape)}")
            # TODO same check for K
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # The mask branch is a `pass` with a TODO: masks are accepted and ignored.
    # scaled_dot_product_attention(Q, K, V, causal_mask(3)) on random (2, 3) inputs: the weights differ (the model's
    # are zero above the diagonal). Fails the visible tests.
    "blind90_sdpa_mask_branch_is_pass": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                pass  # TODO apply the mask
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Written for one sequence (D, N); batched X is a NotImplementedError "for now". self_attention on X (2, 4, 3):
    # model output (2, 4, 3), entry raises. Passes the visible tests.
    "blind90_self_attention_batched_input_not_implemented": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            if X.dim() != 2:
                raise NotImplementedError("batched X: one sequence (D, N) for now")
            Q = Wq @ X + bq[:, None]
            K = Wk @ X + bk[:, None]
            V = Wv @ X + bv[:, None]
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # Only a shared (N_k, N_q) mask is handled; a mask with batch axes is left as NotImplementedError.
    # multi_head_attention(X, X, params, 2, padding_mask(lengths, N)) with X (2, 4, N): model a tensor, entry raises.
    # Passes the visible tests.
    "blind90_mha_batched_mask_not_implemented": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            if mask is not None and mask.dim() > 2:
                raise NotImplementedError("per-sequence masks")
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The stub's divisibility check was deleted while writing ("add back later"): D not divisible by H is a
    # RuntimeError from reshape, not the contract's ValueError. multi_head_attention(X (6, 3), ..., num_heads=4).
    # Fails the visible tests.
    "blind90_mha_divisibility_check_not_yet_added": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # TODO: input checks
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Pre-LN is a placeholder: norm_first=True raises NotImplementedError; post-LN (the default) is finished.
    # Fails the visible tests.
    "blind90_transformer_layer_pre_ln_not_implemented": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            if norm_first:
                raise NotImplementedError("pre-LN (norm_first=True)")
            attended = multi_head_attention(X, X, params, num_heads, mask)
            X = layer_norm(X + attended, params["gamma1"], params["beta1"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma2"], params["beta2"])
'''),
    # The pre-LN branch was pasted from its first line and not adapted: the FFN block also normalises with
    # gamma1/beta1. Shows with norm_first=True and gamma2/beta2 different from gamma1/beta1. Passes the visible tests.
    "blind90_transformer_layer_pre_ln_second_norm_not_adapted": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + multi_head_attention(*(2 * [layer_norm(X, params["gamma1"], params["beta1"])]), params,
                                             num_heads, mask)
                X = X + ffn(layer_norm(X, params["gamma1"], params["beta1"]))
                return X
            X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
            return layer_norm(X + ffn(X), params["gamma2"], params["beta2"])
'''),
    # The causal self-attention mask is a TODO left as None: the decoder's queries see later positions.
    # decoder_layer on random X_dec (4, 3), X_enc (4, 2): the first two columns differ from the model answer.
    # Fails the visible tests.
    "blind90_decoder_layer_causal_mask_todo_none": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            self_mask = None  # TODO causal mask
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # enc_mask prints "not supported yet" and falls back to no mask: padded encoder positions are attended to.
    # cross_attention(X_dec, X_enc, params, 2, padding_mask(torch.tensor([1]), 3)): differs from the model answer.
    # Fails the visible tests.
    "blind90_cross_attention_enc_mask_print_then_unmasked": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None:
                print("cross_attention: enc_mask not supported yet, ignoring it")
                enc_mask = None
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # The mask is a NotImplementedError: additive_attention(s, H, W, U, v, mask=torch.tensor([True, False, True]))
    # raises; the model hides position 1. Fails the visible tests.
    "blind90_additive_attention_mask_not_implemented": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            if mask is not None:
                raise NotImplementedError("mask")
            scores = torch.einsum("a,...an->...n", v, torch.tanh(U @ H + (s @ W.T)[..., None]))
            weights = torch.softmax(scores, dim=-1)
            return weights, (H * weights[..., None, :]).sum(-1)
'''),
    # torch.softmax with a TODO for the all-hidden case: a state that sees no position gets NaN weights and
    # context instead of zeros. additive_attention(s, H, W, U, v, mask=torch.zeros(3, dtype=torch.bool)).
    # Fails the visible tests.
    "blind90_additive_attention_all_hidden_case_todo_nan": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = (v[:, None] * hidden).sum(-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = torch.softmax(scores, dim=-1)  # TODO: a state that sees nothing (NaN for now)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # The step handles the mask inside `if False:` ("re-enable after debugging"): the mask is never used.
    # attention_decoder_step(..., mask=torch.tensor([True, False, False])): weights differ (model [1, 0, 0]).
    # Fails the visible tests.
    "blind90_decoder_step_mask_inside_if_false": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            step_mask = None
            if False:  # re-enable after debugging
                step_mask = mask
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], step_mask)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # A batch of decoder states is left as NotImplementedError: s_prev (2, D_s) raises; the contract allows
    # leading batch dimensions. Fails the visible tests.
    "blind90_decoder_step_batched_states_not_implemented": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            if s_prev.dim() != 1 or y_prev.dim() != 1:
                raise NotImplementedError("one state at a time for now")
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = torch.cat([y_prev, context])
            s = gru_step(x, s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
            logits = params["W_out"] @ torch.cat([s, context]) + params["b_out"]
            return s, logits, weights
'''),
    # Batched feature grids are a NotImplementedError: grid_attention(s (2, D_s), features (2, C, H, W), ...)
    # raises; the model answer returns weights (2, H, W). Fails the visible tests.
    "blind90_grid_attention_batched_grids_not_implemented": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            if features.dim() != 3:
                raise NotImplementedError("a single (C, H, W) grid for now")
            channels, height, width = features.shape
            weights, context = additive_attention(s, features.reshape(channels, height * width), W, U, v)
            return weights.reshape(*weights.shape[:-1], height, width), context
'''),
    # The no-bias branch is an empty `pass` ("ImageGPT's head has no bias, TODO"): with b=None the function reaches
    # `logits + b` and raises TypeError. average_pool_head(X (4, 3), W (2, 4)): model (2,), entry TypeError.
    # Fails the visible tests.
    "blind90_average_pool_head_no_bias_branch_is_pass": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(dim=-1)
            logits = pooled @ W.T
            if b is None:
                pass  # TODO: ImageGPT's classifier has no bias
            return logits + b
'''),
    # Groups are left for later: num_groups > 1 raises NotImplementedError (G = 1 is finished).
    # channel_attention(X (4, 3), params, num_groups=2): model (4, 3), entry raises. Fails the visible tests.
    "blind90_channel_attention_groups_not_implemented": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if num_groups != 1:
                raise NotImplementedError("grouped channel attention")
            if scale is None:
                scale = X.shape[-1] ** -0.5
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(weights.transpose(-2, -1) @ V, params["Wo"], params["bo"])
'''),
    # Batches of id sequences are a NotImplementedError: one_hot(torch.tensor([[0, 1]]), 3) raises; the model
    # returns (1, 3, 2). Fails the visible tests.
    "blind90_one_hot_batched_ids_not_implemented": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            if token_ids.dim() != 1:
                raise NotImplementedError("batched ids")
            out = torch.zeros(vocab_size, token_ids.shape[0], dtype=dtype or torch.get_default_dtype())
            out[token_ids, torch.arange(token_ids.shape[0])] = 1
            return out
'''),
    # An odd D is a NotImplementedError ("the last sine row, TODO"): sinusoidal_positions(4, 5) raises; the model
    # returns (5, 4) ending with a sine row. Fails the visible tests.
    "blind90_sinusoidal_odd_dim_not_implemented": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            if dim % 2:
                raise NotImplementedError("odd dim: the extra sine row")
            dtype = torch.get_default_dtype()
            positions = torch.arange(num_positions, dtype=dtype)
            frequencies = 10000 ** (-torch.arange(0, dim, 2, dtype=dtype) / dim)
            angles = frequencies[:, None] * positions[None, :]
            return torch.stack([angles.sin(), angles.cos()], dim=1).reshape(dim, num_positions)
'''),
    # The table is made in float32 with a TODO for the default dtype: under torch.set_default_dtype(torch.float64)
    # the result is float32, the model's float64. Passes the visible tests.
    "blind90_sinusoidal_second_dtype_left_as_todo": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # TODO: other default dtypes; float32 for now
            positions = torch.arange(num_positions, dtype=torch.float32)
            pair_index = torch.arange(0, dim, 2, dtype=torch.float32)
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table = torch.zeros(dim, num_positions, dtype=torch.float32)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # The all -inf column is a TODO: the max-subtraction gives -inf - -inf = NaN there.
    # softmax_cols(torch.tensor([[float("-inf")], [float("-inf")]])): model zeros, entry NaN. Fails the visible tests.
    "blind90_softmax_all_masked_column_left_as_todo": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # TODO: a column that is all -inf (NaN for now)
            exps = torch.exp(scores - scores.amax(dim=-2, keepdim=True))
            return exps / exps.sum(dim=-2, keepdim=True)
'''),
    # A mask of another shape than the scores is a NotImplementedError ("broadcasting later"):
    # apply_mask(torch.zeros(2, 3, 3), causal_mask(3)) raises; the model broadcasts. Fails the visible tests.
    "blind90_apply_mask_broadcasting_not_implemented": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            if mask.shape != scores.shape:
                raise NotImplementedError("masks that broadcast")
            out = scores.clone()
            out[~mask] = float("-inf")
            return out
'''),
    # The learner's own check covers H only ("W too, TODO"): W not a multiple of P is a RuntimeError from
    # reshape, not the contract's ValueError. patchify(torch.randn(1, 1, 4, 6), 4). Passes the visible tests.
    "blind90_patchify_width_check_still_missing": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            batch, channels, height, width = images.shape
            if height % patch_size:
                raise ValueError(f"H={height} is not a multiple of patch_size={patch_size}")
            # TODO: check the width as well
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # One image at a time: a batch of more than one image raises NotImplementedError ("stack the [CLS] per image
    # later"). patch_embedding on images (2, C, H, W): model (2, D, N + 1), entry raises. Fails the visible tests.
    "blind90_patch_embedding_one_image_only_for_now": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            if images.shape[0] != 1:
                raise NotImplementedError("batch of images: one [CLS] per image, later")
            tokens = linear(patchify(images, patch_size), W, b)
            return torch.cat([cls_token[None, :, None], tokens], dim=-1) + positions
'''),
    # The early stop is a TODO `pass`: once no pair is left, max() of an empty Counter raises ValueError.
    # train_bpe("ab", 5): model [("a", "b"), ("ab", "</w>")], entry ValueError. Fails the visible tests.
    "blind90_train_bpe_early_stop_is_pass": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(tuple(word) for word in words)
            current = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = current[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += frequency
                if not pair_counts:
                    pass  # TODO stop early
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                for word in current:
                    current[word] = merge_pair(current[word], best)
            return merges
'''),
    # The learner splits the corpus themselves and has not added the "</w>" check yet: a corpus containing "</w>"
    # trains instead of raising ValueError. train_bpe("a</w>b", 1): model ValueError, entry [("a", "<")].
    # Fails the visible tests.
    "blind90_train_bpe_end_of_word_check_not_added": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # TODO: reject "</w>" in the corpus
            words = [list(word) + [END_OF_WORD] for word in corpus.split()]
            word_counts = Counter(tuple(word) for word in words)
            current = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(num_merges):
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = current[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += frequency
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                merges.append(best)
                for word in current:
                    current[word] = merge_pair(current[word], best)
            return merges
'''),
    # The 10 % random-token branch is a TODO: chosen tokens become mask_id 80 % of the time and are left unchanged
    # 20 % of the time. On 200 000 positions, the fraction of chosen positions changed to a non-mask id is 0 instead
    # of about 10 % - 10 %/V. Fails the visible tests.
    "blind90_mlm_random_token_branch_left_as_todo": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            # TODO: 10 % random tokens (action in [0.8, 0.9))
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # The stub's one-document check is missing ("add the check at the end"): a single document with two
    # sentences draws randint(0, ...) and raises RuntimeError, or (on the label-0 coin) returns pairs, instead of
    # the contract's ValueError. nsp_pairs([["a", "b"]], generator=torch.Generator().manual_seed(0)).
    # Fails the visible tests.
    "blind90_nsp_pairs_one_document_check_not_added": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
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
    # Batched images are a NotImplementedError: quantize_pixels(images (2, C, H, W), palette) raises; the model
    # returns (2, H, W). Fails the visible tests.
    "blind90_quantize_batched_images_not_implemented": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            if images.dim() != 3:
                raise NotImplementedError("a batch of images")
            channels, height, width = images.shape
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).reshape(channels, -1)
            distances = ((pixels[:, :, None] - palette.to(dtype)[:, None, :]) ** 2).sum(0)
            return distances.argmin(-1).reshape(height, width)
'''),
    # Only int64 ids are finished; other integer dtypes raise NotImplementedError.
    # dequantize_pixels(torch.tensor([[0, 1]], dtype=torch.int32), palette): model an image, entry raises.
    # Passes the visible tests.
    "blind90_dequantize_only_int64_ids_for_now": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            if ids.dtype != torch.long:
                raise NotImplementedError(f"{ids.dtype} ids")
            return palette[:, ids].movedim(0, -3)
'''),
    # The sos check is only half written: it rejects non-int sos ids but not negative ones ("TODO range").
    # pixel_sequence(torch.zeros(2, 2, dtype=torch.long), -1): model ValueError, entry returns inputs with -1.
    # Passes the visible tests.
    "blind90_pixel_sequence_negative_sos_check_todo": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
                raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype}")
            if ids.shape[-1] * ids.shape[-2] == 0:
                raise ValueError("the image has no pixels")
            if isinstance(sos_id, bool) or not isinstance(sos_id, int):
                raise ValueError(f"sos_id must be an int, got {sos_id!r}")  # TODO: and >= 0
            targets = ids.flatten(-2).long()
            inputs = torch.cat([torch.full_like(targets[..., :1], sos_id), targets[..., :-1]], dim=-1)
            return inputs, targets
'''),
    # The shift is accepted and left for later: every window is all visible, the shift = 0 mask.
    # shifted_window_mask(4, 4, 2, 1): model has False entries in the last windows, entry all True.
    # Fails the visible tests.
    "blind90_shifted_window_mask_shift_left_for_later": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            num_windows = (height // window) * (width // window)
            # TODO: the shift (regions that wrapped around); no shift for now
            return torch.ones(num_windows, window * window, window * window, dtype=torch.bool)
'''),
    # The learner's own checks cover divisibility but not M < 1 ("TODO"): window=0 is a ZeroDivisionError, not
    # the contract's ValueError. window_partition(torch.zeros(1, 2, 2), 0). Passes the visible tests.
    "blind90_window_partition_positive_window_check_todo": ("swin", "window_partition", '''
        def window_partition(X, window):
            if X.dim() < 3:
                raise ValueError(f"X must be (..., C, H, W), got {tuple(X.shape)}")
            *batch, channels, height, width = X.shape
            # TODO: window >= 1
            if height % window or width % window:
                raise ValueError(f"window={window} must divide {height}x{width}")
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            grid = grid.movedim((-4, -2), (-5, -4))
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # The nW check of the stub is not written yet: a windows tensor with the wrong nW gives a RuntimeError from
    # reshape instead of the contract's ValueError. window_reverse(torch.zeros(3, 1, 4), 2, 4, 4).
    # Passes the visible tests.
    "blind90_window_reverse_window_count_check_todo": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            _check_grid(height, width, window)
            # TODO: check nW and M*M
            M = window
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
            grid = grid.movedim((-5, -4), (-4, -2))
            return grid.reshape(*batch, channels, height, width)
'''),
    # Batched grids are a NotImplementedError: patch_merging(X (2, C, H, W), ...) raises; the model returns
    # (2, 2C, H/2, W/2). Fails the visible tests.
    "blind90_patch_merging_batched_grid_not_implemented": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            if X.dim() != 3:
                raise NotImplementedError("batched grids")
            merged = torch.cat([X[:, 0::2, 0::2], X[:, 1::2, 0::2], X[:, 0::2, 1::2], X[:, 1::2, 1::2]], dim=0)
            tokens = layer_norm(merged.flatten(1), gamma, beta, eps)
            return (W @ tokens).reshape(2 * channels, height // 2, width // 2)
'''),
    # Batches of global flags are a NotImplementedError: global_token_mask(torch.tensor([[True, False]])) raises;
    # the model returns (1, 2, 2). Fails the visible tests.
    "blind90_global_token_mask_batched_not_implemented": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            if is_global.dim() != 1:
                raise NotImplementedError("batched is_global")
            return is_global[:, None] | is_global[None, :]
'''),
    # The "global" pattern is still a placeholder: sparse_attention_cost("global", 10, num_global=2) raises
    # NotImplementedError; the model gives 36. Fails the visible tests.
    "blind90_sparse_cost_global_pattern_not_implemented": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, max(n - 1, 0))
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            raise NotImplementedError(pattern)
'''),
    # The stride check is not written yet: stride=0 is a ZeroDivisionError (Python ints) or a RuntimeError instead of
    # the contract's ValueError. strided_mask(4, 0). Fails the visible tests.
    "blind90_strided_mask_stride_check_todo": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # TODO: reject stride < 1
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return offsets % stride == 0
'''),
    # A batch of token ids is left for later in embed: embed(omega, torch.tensor([[0, 1], [1, 2]])) raises
    # NotImplementedError; the model returns (2, D, 2). Fails the visible tests.
    "blind90_embed_batched_ids_left_for_later": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            if token_ids.dim() > 1:
                raise NotImplementedError("batched ids: later")
            return omega_e.index_select(1, token_ids)
'''),
}
RIGHT_BLIND_90 = {
    # Finished; a TODO comment about torch.topk and an unused helper are left over.
    "blind90_right_next_token_probs_todo_comment_and_unused_helper": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            def _keep_prefix(p, order, count):  # unused: the inline version below replaced it
                keep = torch.zeros_like(p, dtype=torch.bool)
                keep[order[:count]] = True
                return torch.where(keep, p, 0.0)

            if temperature == 0:
                onehot = torch.zeros_like(logits)
                onehot[int(torch.argmax(logits))] = 1
                return onehot
            probs = torch.softmax(logits / temperature, dim=-1)
            # TODO: try torch.topk here (but it does not promise the tie order)
            if top_k is not None and top_k < probs.numel():
                order = torch.sort(probs, descending=True, stable=True).indices
                probs = probs.index_fill(0, order[top_k:], 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                before = torch.cumsum(probs[order], dim=0) - probs[order]   # mass strictly before each token
                drop = order[(torch.cumsum(probs[order], 0) < top_p).sum() + 1:]
                probs = probs.index_fill(0, drop, 0.0)
            return probs / probs.sum()
'''),
    # Finished; a debugging print is left inside `if False:`.
    "blind90_right_generate_debug_print_in_if_false": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            step = 0
            while step < max_new_tokens:
                window = ids[-context_size:] if context_size is not None else ids
                probs = next_token_probs(model(window)[:, -1], temperature, top_k, top_p)
                if False:
                    print("step", step, probs)
                drawn = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat((ids, drawn.to(ids.dtype)))
                step += 1
                if eos_id is not None and drawn.item() == eos_id:
                    break
            return ids
'''),
    # Finished; a second width check raising NotImplementedError is left after the stub's check, which already
    # raised for every width it would catch.
    "blind90_right_beam_search_unreachable_width_branch": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            if beam_width <= 0:
                raise NotImplementedError("empty beams")
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, done in beams:
                    if done:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, lp in enumerate(log_probs):
                        candidates.append((score + lp, torch.cat([ids, ids.new_tensor([token])]),
                                           eos_id is not None and token == eos_id))
                candidates = sorted(candidates, key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(done for _, _, done in beams):
                    break
            return beams[0][1]
'''),
    # Finished; the if / elif covers both truth values, so the trailing else is unreachable.
    "blind90_right_relative_bucket_unreachable_else_branch": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                n = num_buckets // 2
                ret = (offset > 0).long() * n
                d = offset.abs()
            elif not bidirectional:
                n = num_buckets
                ret = torch.zeros_like(offset)
                d = (-offset).clamp(min=0)
            else:
                raise NotImplementedError("unreachable")
            exact = n // 2
            is_small = d < exact
            large = exact + (torch.log(d.float() / exact) / math.log(max_distance / exact) * (n - exact)).long()
            large = torch.minimum(large, torch.full_like(large, n - 1))
            return ret + torch.where(is_small, d, large)
'''),
    # Finished; a complex-number variant is left as an unused nested helper with a TODO.
    "blind90_right_rotary_unused_complex_helper": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def _rotate_complex(X, positions):  # TODO: compare speed with the real version, then delete
                raise NotImplementedError

            def rotate(X, positions):
                half = X.shape[-2] // 2
                if positions is None:
                    positions = torch.arange(X.shape[-1])
                inv = base ** (-2 * torch.arange(half, dtype=torch.float64) / X.shape[-2])
                ang = torch.outer(inv, positions.to(torch.float64))
                c, s = ang.cos().to(X.dtype), ang.sin().to(X.dtype)
                a, b = X[..., :half, :], X[..., half:, :]
                return torch.cat([a * c - b * s, b * c + a * s], dim=-2)

            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Finished; an unused debugging helper is defined inside.
    "blind90_right_sdpa_unused_debug_helper": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            def _check_columns_sum_to_one(w):  # debugging only, not called
                assert torch.allclose(w.sum(-2), torch.ones_like(w.sum(-2)))

            scores = torch.matmul(K.mT, Q) * (1.0 / math.sqrt(Q.shape[-2]))
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return torch.matmul(V, weights), weights
'''),
    # Finished; a "fast path" for one head was started and left doing the general computation, so it agrees.
    "blind90_right_mha_single_head_branch_same_path": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            m = None if mask is None else mask.unsqueeze(-3)
            if num_heads == 1:
                # TODO: skip split/merge for one head
                Q = split_heads(linear(Xq, params["Wq"], params["bq"]), 1)
                K = split_heads(linear(Xkv, params["Wk"], params["bk"]), 1)
                V = split_heads(linear(Xkv, params["Wv"], params["bv"]), 1)
            else:
                Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
                K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
                V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, m)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Finished; a dropout rate placeholder is never used.
    "blind90_right_transformer_layer_dropout_placeholder_unused": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            dropout = 0.0  # TODO: dropout for training (not in the contract)
            ln1 = lambda Y: layer_norm(Y, params["gamma1"], params["beta1"])
            ln2 = lambda Y: layer_norm(Y, params["gamma2"], params["beta2"])
            mha = lambda Y: multi_head_attention(Y, Y, params, num_heads, mask)
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if not norm_first:
                h = ln1(X + mha(X))
                return ln2(h + ffn(h))
            h = X + mha(ln1(X))
            return h + ffn(ln2(h))
'''),
    # Finished; a dedicated D = 1 branch returns beta in every column, as the contract requires there.
    "blind90_right_layer_norm_single_feature_branch": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            if X.shape[-2] == 1:
                # one feature: X - mean is X - X, zero; the result is beta
                return gamma[:, None] * (X - X) + beta[:, None]
            mu = X.mean(-2, keepdim=True)
            centred = X - mu
            var = (centred * centred).mean(-2, keepdim=True)
            return gamma[:, None] * (centred * torch.rsqrt(var + eps)) + beta[:, None]
'''),
    # Finished; a debugging print is left inside `if False:`.
    "blind90_right_additive_attention_print_in_if_false": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            e = torch.einsum("a,...an->...n", v, torch.tanh(U @ H + (s @ W.T)[..., :, None]))
            if mask is not None:
                e = e.masked_fill(~mask, float("-inf"))
                if False:
                    print("hidden positions:", (~mask).sum().item())
            weights = softmax_cols(e[..., :, None])[..., 0]
            return weights, (H @ weights[..., :, None])[..., 0]
'''),
    # Finished; the bias-free case is written as "add nothing" with a leftover TODO.
    "blind90_right_average_pool_head_bias_none_adds_nothing": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = X.mean(-1) @ W.mT
            if b is None:
                return logits  # TODO: Swin passes a bias, ImageGPT not
            return logits + b
'''),
    # Finished; an integer-dtype branch raising NotImplementedError is left in, unreachable because the contract's
    # dtype is a floating-point dtype or None.
    "blind90_right_one_hot_integer_dtype_branch_unreachable": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            if dtype is not None and not dtype.is_floating_point:
                raise NotImplementedError("integer one-hots")
            target = torch.get_default_dtype() if dtype is None else dtype
            rows = torch.arange(vocab_size, device=token_ids.device).view(vocab_size, 1)
            return (rows == token_ids[..., None, :]).to(target)
'''),
    # Finished; a per-row Python loop with a TODO to vectorise.
    "blind90_right_sinusoidal_row_loop_todo_vectorise": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # TODO: vectorise the loop
            dtype = torch.get_default_dtype()
            n = torch.arange(num_positions, dtype=dtype)
            rows = []
            for r in range(dim):
                two_i = r - (r % 2)
                angle = n / 10000 ** (two_i / dim)
                rows.append(torch.sin(angle) if r % 2 == 0 else torch.cos(angle))
            if not rows:
                return torch.zeros(0, num_positions, dtype=dtype)
            return torch.stack(rows)
'''),
    # Finished; the first naive attempt is left as an unused nested function.
    "blind90_right_softmax_unused_naive_attempt": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            def _naive(s):  # first attempt, overflows: kept for the notes
                return s.exp() / s.exp().sum(-2, keepdim=True)

            peak = torch.where(torch.isneginf(scores).all(dim=-2, keepdim=True),
                               torch.zeros_like(scores[..., :1, :]), scores.amax(dim=-2, keepdim=True))
            e = (scores - peak).exp()
            total = e.sum(dim=-2, keepdim=True)
            return torch.where(total > 0, e / torch.where(total > 0, total, torch.ones_like(total)), e)
'''),
    # Finished; a branch for additive (float) masks raises NotImplementedError, unreachable as the contract's masks
    # are boolean.
    "blind90_right_cross_attention_float_mask_branch_unreachable": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None and enc_mask.dtype != torch.bool:
                raise NotImplementedError("additive float masks")
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Finished; a TODO about a memory key-padding mask is left as a comment and a None that is never used.
    "blind90_right_decoder_layer_memory_mask_todo_unused": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            memory_key_padding = None  # TODO (PyTorch has a separate one; the contract folds it into enc_mask)
            n = X_dec.shape[-1]
            causal = torch.ones(n, n, dtype=torch.bool).triu()
            x = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            x = layer_norm(x + multi_head_attention(x, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            return layer_norm(x + feed_forward(x, params["W1"], params["b1"], params["W2"], params["b2"]),
                              params["gamma3"], params["beta3"])
'''),
    # Finished; a `generator is None` branch with only a TODO (torch's global generator is then used, as the model
    # answer does).
    "blind90_right_mlm_generator_none_branch_pass": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            if generator is None:
                pass  # TODO: a default seed? the global RNG is used for now
            specials = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
            eligible = ~torch.isin(ids.long(), specials)
            u = torch.rand(ids.shape, generator=generator)
            chosen = eligible & (u < mask_prob)
            kind = torch.rand(ids.shape, generator=generator)
            rnd = torch.randint(vocab_size, ids.shape, generator=generator).to(ids.dtype)
            out = ids.clone()
            out[chosen & (kind < 0.8)] = mask_id
            sel = chosen & (kind >= 0.8) & (kind < 0.9)
            out[sel] = rnd[sel]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids.long()[chosen]
            return out, labels
'''),
    # Finished; an early return for no documents is left in (the loop would give [] too).
    "blind90_right_nsp_pairs_empty_early_return": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            if len(documents) == 0:
                return []  # TODO: is this needed?
            out = []
            for d, doc in enumerate(documents):
                for k in range(len(doc) - 1):
                    if torch.rand((), generator=generator).item() < 0.5:
                        out.append((doc[k], doc[k + 1], 0))
                        continue
                    j = torch.randint(len(documents) - 1, (), generator=generator).item()
                    if j >= d:
                        j += 1
                    other = documents[j]
                    out.append((doc[k], other[torch.randint(len(other), (), generator=generator).item()], 1))
            return out
'''),
    # Finished; a trailing NotImplementedError after the five patterns is unreachable (the stub's checks rejected
    # every other name).
    "blind90_right_sparse_cost_unreachable_trailing_raise": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1) if n > 0 else 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n > 0 else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            if pattern == "global":
                return num_global * (2 * n - num_global)
            raise NotImplementedError(pattern)
'''),
    # Finished; shift = 0 takes an explicit all-True path (which the contract states).
    "blind90_right_shifted_window_mask_zero_shift_fast_path": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            nw = (height // window) * (width // window)
            if shift == 0:
                return torch.ones(nw, window * window, window * window, dtype=torch.bool)
            row_region = (torch.arange(height) >= height - shift).long()
            col_region = (torch.arange(width) >= width - shift).long()
            region = row_region[:, None] * 2 + col_region[None, :]
            reg = region.reshape(height // window, window, width // window, window).permute(0, 2, 1, 3)
            reg = reg.reshape(nw, window * window)
            return reg[:, :, None] == reg[:, None, :]
'''),
    # Finished; a chunk-size placeholder for a later memory optimisation is never used.
    "blind90_right_quantize_unused_chunk_placeholder": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            chunk = None  # TODO: process pixels in chunks for big images
            dtype = torch.promote_types(images.dtype, palette.dtype)
            px = images.to(dtype).movedim(-3, -1)                  # (..., H, W, C)
            pal = palette.to(dtype).T                              # (K, C)
            d = ((px[..., None, :] - pal) ** 2).sum(-1)           # (..., H, W, K)
            return torch.argmin(d, dim=-1)
'''),
    # Finished; an unfold-based variant is left inside `if False:`.
    "blind90_right_patchify_unfold_variant_in_if_false": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            if False:  # TODO: compare with F.unfold
                return F.unfold(images, kernel_size=patch_size, stride=patch_size)
            P = patch_size
            x = images.reshape(batch, channels, height // P, P, width // P, P)
            x = x.permute(0, 1, 3, 5, 2, 4)            # (B, C, P, P, H/P, W/P)
            return x.reshape(batch, channels * P * P, (height // P) * (width // P))
'''),
    # Finished; a fast path for a window of one token is left as `pass`.
    "blind90_right_window_reverse_fast_path_pass": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            if window == 1:
                pass  # TODO fast path: windows are the tokens themselves
            rows, cols = height // window, width // window
            *lead, _, c, _ = windows.shape
            x = windows.reshape(*lead, rows, cols, c, window, window)
            x = x.permute(*range(len(lead)), len(lead) + 2, len(lead), len(lead) + 3, len(lead) + 1, len(lead) + 4)
            return x.reshape(*lead, c, height, width)
'''),
    # Finished; a depthwise special case (one channel per group) is left as a TODO `pass`.
    "blind90_right_channel_attention_depthwise_case_pass": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if num_groups == channels:
                pass  # TODO: one channel per group: the weights are all 1
            s = 1 / math.sqrt(tokens) if scale is None else scale
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            w = softmax_cols(K @ Q.mT * s)
            return linear(merge_heads(w.mT @ V), params["Wo"], params["bo"])
'''),
}
