"""Twenty-first blind batch of held-out implementations (prefix blind20_), written without reading grader/ or tests/ beyond
the batch files the brief allows.

How it was written: from docs/contract.md and docs/convention.md, the model answers (solutions/), the stubs' signatures,
the learner-visible tests (run only as `pytest exercises/tests/test_<module>.py --target <package>`; the openings of
test_sampling.py and test_pretraining.py were read), after extracting the entry names of the earlier blind batches
(tests/grader/held_out_blind.py, held_out_blind_2.py ... held_out_blind_19.py) for the seventeen functions of this
batch and reading their docstrings and "counted right" / "counted WRONG after it came" comments, so as to repeat none
of their names or ideas and to respect their recorded decisions (generator=None is open; the order of mlm_corrupt's
draws is free and only its distribution is graded, likewise nsp_pairs'; skipping the draw is right only at temperature
0; beam scores may be kept in float32; quantize may return any id within rounding of the nearest; an empty batch is not
graded; only the named ValueErrors count, extra ones only for inputs outside the contract; a parameter whose true
gradient is zero may get none). Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md,
nor the other batch being written at the same time, nor tests/grader/cheats/. (A directory listing of tests/grader/
was printed once at the start, when looking for the earlier batch files; no file in it other than those batches was
read.)

Emphasis: (1) the sampling and random functions, with mistakes that show only statistically (choices, actions or
random ids shared along a sequence or a call, a choice probability rescaled for specials, at least one choice forced
per row, an NSP partner document drawn once per document or from the coin's own uniform), at boundaries the contract
fixes (a k of V, top-p and top-k together, renormalisation, the dtype of the probabilities), in the generator's stream
(a draw skipped whenever one token survives at temperature > 0, a generator re-seeded each step), with eos (compared
with torch.equal of mismatched shapes) and context_size (an attention-sink crop, a window that starts late), with the
80/10/10 rule and special ids (mask_id made special); (2) the vision functions at grids a careful reader would not
try first: H != W with a window or patch as tall as the grid (one-window and one-patch shortcuts that test one side),
a single window along one axis (a shifted mask that compares original distances), grids of 256 or more rows (byte
coordinates), many leading axes (einsum with one batch axis, patch merging folding the batch, a scale counting the
batch), singleton axes (a bare squeeze), an odd side that passes a token-count check, an odd token count refused,
ids of every allowed integer dtype (uint8 ids compared with K = 512 in their own dtype, index_select on int16/int8/uint8,
is_signed rejecting uint8, iinfo raising TypeError for floats), palettes with exact ties (duplicates resolved to the
last copy) and a (K, C) palette transposed silently. Right entries are different in style: ranks from a comparison
matrix, filters as -inf logits, a deque context, a Python generator of steps, a flat score table and a recursive beam
search, masked_select and a logsumexp loop, geometric gaps between MLM choices, bucketize bands, flat sentence tables,
shortcuts that check every side, index gathers from the contract's window formula, inverse permutations, offsets kept
by the roll, conv1d pooling, baddbmm, index_select even/odd blocks, tensor_split groups and a G = C shortcut.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind20/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source appended to its module; build.py) and run against its exercise's visible
tests; every right entry passes them, and each wrong entry's comment says whether it does. Each wrong entry's recorded
input was run on the model answer and on the entry and the difference printed (demos.py, demos2.py): a value, a shape,
a dtype, a missing or extra ValueError, another exception type, a different seeded stream or generator state, or a
frequency over many seeded draws. Right entries were compared with the model answer, each battery run twice in one
process: next_token_probs on 6,721 cases (V 1..8, float32/float64, tied logits, exact dyadic probabilities so that
top-p boundaries fall exactly on cumulative sums, logits of scale 300, temperatures 0..2, k from 1 to V + 3, p from
0.1 to 1.0) to 1e-12 (float64) and 2e-6 (float32), and the contract's ValueErrors; generate on 13,824 seeded runs
(Markov and non-Markov models, prompts of 1, 2 and 4 tokens, 0..12 new tokens, temperature 0/0.7/1, top-k, top-p, eos
0/2/None, context_size None/0/1/3) draw for draw, comparing the ids, every context the model saw and the generator's
state afterwards; beam_search on 5,760 searches over 120 random non-Markov models with rounded (tied) probabilities,
widths 1..5, 0..5 steps, eos None/0/V-1; sequence_log_prob in float32/float64 with gradients; mlm_corrupt by
frequencies (choice rate among eligible and special positions, masked and unchanged fractions, pair choices for
independence, the histogram of random ids over 200,000 draws with |z| < 5), exact properties (labels, unchanged
positions, dtypes int64/int32, mask_prob 0 and 1, seeded reproducibility, special_ids as list, tensor or empty list,
arguments unchanged); nsp_pairs by structure (A and B returned as the very objects given, tuples and tensors as
sentences) and the frequencies of every (A, B, label) over 30,000 examples against the model answer (|z| < 5), the
ValueError. The vision rights on batteries (bat_vis.py): float32/float64 (1e-10 of the result's scale for float64,
2e-5 for float32), none, one and two leading axes, H != W, one window/patch, M = 1, grids of 260 rows, int64/int32/
int16/int8/uint8 ids, bool and int64 grids for window_partition, palettes with duplicate columns and equidistant
colours, a 300 x 300 image, non-contiguous inputs, gradients under a random upstream gradient with respect to every
float64 input and parameter, the contract's ValueErrors (same type when one side raises ValueError), arguments
unchanged, output shapes and dtypes.

Judgement calls: blind20_generate_skips_draw_when_one_token_survives differs from the model answer's ids only when a
later step draws from a shifted stream (with top_k=1 throughout only the generator's final state differs); the
contract allows skipping the draw only at temperature 0. blind20_generate_reseeds_generator_every_step still draws
with torch.multinomial and the caller's generator, but not from the stream the contract names. Two drafted entries
were dropped: beam scores from log(softmax) in the logits' dtype (underflow to -inf only ever reorders candidates that
can no longer win, so the returned sequence never differs) and a prompt that ends in eos counted as a finished beam
(the contract's 'a beam ending in eos is finished' does not clearly exclude it). shifted_window_mask_close_in_original_
coordinates differs only when a single window spans an axis; window_partition_unfold_through_float32 only on float64
or large int64 grids; shifted_window_mask_byte_coordinates only on grids with 256 or more rows or columns. No entry
written as wrong is counted right.

Counts: 49 wrong, 32 right.
Wrong per function: {'average_pool_head': 2, 'beam_search': 2, 'channel_attention': 2, 'dequantize_pixels': 4, 'generate': 6, 'mlm_corrupt': 6, 'next_token_probs': 4, 'nsp_pairs': 4, 'patch_embedding': 1, 'patch_merging': 3, 'patchify': 1, 'pixel_sequence': 2, 'quantize_pixels': 3, 'sequence_log_prob': 2, 'shifted_window_mask': 3, 'window_partition': 3, 'window_reverse': 1}.
Right per function: {'average_pool_head': 2, 'beam_search': 2, 'channel_attention': 2, 'dequantize_pixels': 2, 'generate': 2, 'mlm_corrupt': 2, 'next_token_probs': 2, 'nsp_pairs': 2, 'patch_embedding': 1, 'patch_merging': 2, 'patchify': 1, 'pixel_sequence': 2, 'quantize_pixels': 2, 'sequence_log_prob': 2, 'shifted_window_mask': 2, 'window_partition': 2, 'window_reverse': 2}. (Fewer than the ~60/40 asked: the time box ran out.)

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""


WRONG_BLIND_20 = {
    # ------------------------------------------------------------------ sampling.next_token_probs
    # top-p is an elif after top-k, so with both given only top-k runs (clause: the steps apply in order, top-p on the
    # renormalised top-k). Recorded: logits log[0.5, 0.25, 0.15, 0.1] float64, top_k=3, top_p=0.6: model [0.6667,
    # 0.3333, 0, 0], entry [0.5556, 0.2778, 0.1667, 0]. Fails the visible tests.
    "blind20_next_token_probs_top_p_skipped_when_top_k_given": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:                       # one filter or the other
        order = torch.sort(probs, descending=True, stable=True).indices
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:top_k]] = True
        probs = torch.where(keep, probs, 0.0)
    elif top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)
    return probs / probs.sum()
'''),
    # k clamped to V - 1 instead of V, so a k of V or more drops the least likely token (clause: a k of V or more keeps
    # every token). Recorded: logits log[0.5, 0.3, 0.2] float64, top_k=3: model [0.5, 0.3, 0.2], entry [0.625, 0.375,
    # 0]. Passes the visible tests.
    "blind20_next_token_probs_top_k_clamped_below_vocabulary": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        top_k = min(top_k, len(probs) - 1)      # "clamp k to the vocabulary" so that the filter filters something
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
    # top-k zeroes the tail but the result is renormalised only inside the top-p branch (clause 4: renormalise).
    # Recorded: logits log[0.5, 0.3, 0.2] float64, top_k=2: model [0.625, 0.375, 0], entry [0.5, 0.3, 0] (sums to 0.8).
    # Fails the visible tests.
    "blind20_next_token_probs_renormalised_only_inside_top_p": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        probs = probs.clone()
        probs[order[top_k:]] = 0.0
    if top_p is not None:
        probs = probs / probs.sum()             # renormalise the top-k survivors, then the nucleus
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        keep = torch.zeros_like(probs, dtype=torch.bool)
        keep[order[:num_kept]] = True
        probs = torch.where(keep, probs, 0.0)
        probs = probs / probs.sum()
    return probs
'''),
    # softmax taken with dtype=float64 and never cast back, so float32 logits give float64 probabilities (general rule:
    # functions keep the dtype of their floating-point inputs). Recorded: logits [1, 2, 0.5] float32: model float32,
    # entry float64; values agree. Passes the visible tests.
    "blind20_next_token_probs_softmax_accumulated_in_float64": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[torch.argmax(logits)] = 1.0
        return probs
    probs = torch.softmax(logits / temperature, dim=-1, dtype=torch.float64)   # accurate cumulative sums
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
    # ------------------------------------------------------------------ sampling.generate
    # skips torch.multinomial whenever the filtered distribution has one outcome (top_k=1, a small top_p, a peaked
    # model) at temperature > 0; the contract allows skipping the draw only at temperature 0, so later draws come from a
    # shifted stream. Recorded: bigram model where token 0 is followed by 1 with p 0.97 and the rest uniform, prompt
    # [0], 8 tokens, top_p=0.5, seed 0: model [0,1,0,1,0,1,0,1,1], entry [0,1,1,0,1,1,0,1,1]; with top_k=1 the ids agree
    # but the generator is left in another state. Passes the visible tests.
    "blind20_generate_skips_draw_when_one_token_survives": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        logits = model(context)[:, -1]
        probs = next_token_probs(logits, temperature, top_k, top_p)
        if int((probs > 0).sum()) == 1:           # one possible outcome: no need to draw
            next_id = torch.argmax(probs).reshape(1)
        else:
            next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # re-seeds the caller's generator with initial_seed() + step before every draw, so the draws are not the contract's
    # torch.multinomial stream from the given generator (and the generator ends in another state). Recorded: uniform
    # bigram over 5 tokens, prompt [0], 8 tokens, seed 0: model [0,2,1,1,2,2,4,3,4], entry [0,2,0,1,0,2,1,3,1]. Passes
    # the visible tests.
    "blind20_generate_reseeds_generator_every_step": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    seed = generator.initial_seed() if generator is not None else None
    ids = prompt
    for step in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        logits = model(context)[:, -1]
        probs = next_token_probs(logits, temperature, top_k, top_p)
        if generator is not None:
            generator.manual_seed(seed + step)     # a reproducible stream per step
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # eos test as torch.equal(next_id, torch.tensor(eos_id)): shapes (1,) and () never compare equal, so generation
    # never stops at eos (clause: stops after emitting eos_id). Recorded: cycle bigram 0->1->2->3->0, prompt [0], 8
    # tokens, temperature 0, eos_id=2: model [0,1,2], entry [0,1,2,3,0,1,2,3,0]. Fails the visible tests.
    "blind20_generate_eos_compared_with_torch_equal": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    eos = None if eos_id is None else torch.tensor(eos_id)
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        logits = model(context)[:, -1]
        probs = next_token_probs(logits, temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos is not None and torch.equal(next_id, eos):
            break
    return ids
'''),
    # when cropping, keeps the first token (an attention sink) plus the last context_size - 1 tokens instead of the last
    # context_size tokens (clause: the model sees the last context_size tokens). Recorded: a non-Markov model (logits
    # from the prefix sum and position), prompt [1,2,3,4], 4 tokens, temperature 0, context_size=2: model
    # [1,2,3,4,4,4,4,4], entry [1,2,3,4,0,3,3,3]. Passes the visible tests.
    "blind20_generate_crop_keeps_first_token_as_sink": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for _ in range(max_new_tokens):
        if context_size is None or len(ids) <= context_size:
            context = ids
        else:                                     # keep the first token (an attention sink) and the most recent ones
            context = torch.cat([ids[:1], ids[len(ids) - context_size + 1:]])
        logits = model(context)[:, -1]
        probs = next_token_probs(logits, temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # temperature = temperature or 1.0 turns temperature 0 (greedy) into plain sampling (clause: temperature 0 means
    # greedy). Recorded: bigram where token 0 is most likely (0.3 vs 0.2 each), prompt [1], 8 tokens, temperature=0,
    # seed 0: model [1,0,0,0,0,0,0,0,0], entry [1,2,1,1,2,2,4,3,4]. Fails the visible tests.
    "blind20_generate_temperature_or_default": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    temperature = temperature or 1.0              # None or unset: plain sampling
    ids = prompt
    for _ in range(max_new_tokens):
        context = ids if context_size is None else ids[-context_size:]
        logits = model(context)[:, -1]
        probs = next_token_probs(logits, temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # the window starts sliding only after context_size new tokens, so the prompt is never cropped on the first steps
    # (clause: each step calls the model on the last context_size tokens). Recorded: non-Markov model, prompt [1,2,3,4],
    # 3 tokens, temperature 0, context_size=2: model [1,2,3,4,4,4,4], entry [1,2,3,4,0,2,1]. Passes the visible tests.
    "blind20_generate_context_size_counts_new_tokens_only": ("sampling", "generate", '''
def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    ids = prompt
    for step in range(max_new_tokens):
        # the window slides once generation has produced context_size tokens
        if context_size is None or step < context_size:
            context = ids
        else:
            context = ids[-context_size:]
        logits = model(context)[:, -1]
        probs = next_token_probs(logits, temperature, top_k, top_p)
        next_id = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, next_id.to(ids.dtype)])
        if eos_id is not None and int(next_id) == eos_id:
            break
    return ids
'''),
    # ------------------------------------------------------------------ sampling.beam_search
    # calls the model on ids[-1:] (a bigram assumption) instead of the whole beam (the model is any callable on the
    # whole sequence). Recorded: a non-Markov prefix model over 4 tokens, prompt [1,2,3], width 2, 3 steps: model
    # [1,2,3,1,3,1], entry [1,2,3,1,0,1]. Passes the visible tests.
    "blind20_beam_search_model_sees_last_token_only": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = [(0.0, prompt, False)]
    for _ in range(max_new_tokens):
        candidates = []
        for score, ids, finished in beams:
            if finished:
                candidates.append((score, ids, finished))
                continue
            log_probs = torch.log_softmax(model(ids[-1:])[:, -1].double(), dim=0)   # the next token's scores
            for token, log_prob in enumerate(log_probs.tolist()):
                extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                candidates.append((score + log_prob, extended, token == eos_id))
        candidates.sort(key=lambda candidate: -candidate[0])
        beams = candidates[:beam_width]
        if all(finished for _, _, finished in beams):
            break
    return beams[0][1]
'''),
    # candidates kept in a dict keyed by their score, so equal-score candidates overwrite one another (the later
    # beam/higher token wins) and tied beams collapse into one (clause: ties to the earlier beam, then the lower token
    # id). Recorded: uniform bigram over 3 tokens, prompt [0], width 2, 2 steps: model [0,0,0], entry [0,2,2]. Fails the
    # visible tests.
    "blind20_beam_search_candidates_keyed_by_score": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    beams = {0.0: (prompt, False)}
    for _ in range(max_new_tokens):
        candidates = {}
        for score, (ids, finished) in beams.items():
            if finished:
                candidates[score] = (ids, finished)
                continue
            log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
            for token, log_prob in enumerate(log_probs.tolist()):
                extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                candidates[score + log_prob] = (extended, token == eos_id)
        best = sorted(candidates, reverse=True)[:beam_width]
        beams = {score: candidates[score] for score in best}
        if all(finished for _, finished in beams.values()):
            break
    return beams[max(beams)][0]
'''),
    # ------------------------------------------------------------------ sampling.sequence_log_prob
    # returns cross_entropy(reduction='sum'), the negative log-likelihood, instead of the log-probability. Recorded:
    # bigram [[0.5,0.2],[0.5,0.8]], ids [0,1,1]: model -0.9163, entry +0.9163. Fails the visible tests.
    "blind20_sequence_log_prob_returns_negative_log_likelihood": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    logits = model(ids)                                   # (V, N)
    return torch.nn.functional.cross_entropy(logits[:, :-1].T, ids[1:], reduction="sum")
'''),
    # uses logits - max (the stable-softmax shift) as if it were the log-softmax, forgetting the log-sum-exp. Recorded:
    # bigram [[0.5,0.2],[0.5,0.8]], ids [0,1,1]: model -0.9163, entry 0.0. Fails the visible tests.
    "blind20_sequence_log_prob_max_shift_taken_as_log_softmax": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    logits = model(ids)                                   # (V, N)
    log_probs = logits - logits.max(dim=0, keepdim=True).values   # the stable log-softmax shift
    positions = torch.arange(len(ids) - 1)
    return log_probs[ids[1:], positions].sum()
'''),
    # ------------------------------------------------------------------ pretraining.mlm_corrupt
    # one uniform per sequence decides the choice for all its positions, so each position's marginal is mask_prob but
    # positions are not chosen independently (clause: chosen independently). Recorded: 20,000 x 10 ordinary ids, seed 0:
    # P(chosen) model 0.1497, entry 0.1488; P(positions 0 and 1 both chosen) model 0.0214 (independent: 0.0225), entry
    # 0.1488. Passes the visible tests.
    "blind20_mlm_choice_drawn_once_per_sequence": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    row_draw = torch.rand((*ids.shape[:-1], 1), generator=generator)      # one draw per sequence
    chosen = eligible & (row_draw < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),
    # one uniform decides mask / random / keep for the whole call, so every chosen token of a call gets the same
    # treatment (marginal 80/10/10, but not per token). Recorded: 200 x 100 ordinary ids, seed 0: masked among chosen
    # model 0.807, entry 1.000. Fails the visible tests.
    "blind20_mlm_action_drawn_once_per_call": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand((), generator=generator)                          # 80/10/10 decided for the batch
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    if action < 0.8:
        corrupted = torch.where(chosen, torch.full_like(ids, mask_id), ids)
    elif action < 0.9:
        corrupted = torch.where(chosen, random_ids, ids)
    else:
        corrupted = ids.clone()
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),
    # the 10 % random replacement uses a single random id drawn once per call, so all random replacements of a call are
    # the same token (each is uniform, but they are not independent draws). Recorded: 200 x 100 ids, seed 0: 281 random
    # replacements with 49 distinct ids (model) vs 280 with 1 distinct id (entry). Passes the visible tests.
    "blind20_mlm_one_random_token_for_the_call": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_id = torch.randint(0, vocab_size, (), generator=generator, dtype=ids.dtype)   # one replacement token
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_id, corrupted)
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),
    # scales the choice probability by N / (number of eligible positions) so that mask_prob of ALL tokens are chosen
    # (clause: every non-special position is chosen with probability mask_prob). Recorded: 20,000 x 10 ids with 5
    # special positions per row: P(chosen | eligible) model 0.150, entry 0.299. Passes the visible tests.
    "blind20_mlm_probability_rescaled_for_special_positions": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    # mask_prob of all the tokens: the eligible ones make up for the specials that cannot be chosen
    share = eligible.float().mean().clamp(min=1e-12)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < min(1.0, mask_prob / float(share)))
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),
    # forces at least one chosen position per sequence (as some pipelines do) when none was drawn (clause: each position
    # chosen independently with probability mask_prob). Recorded: 20,000 x 3 ordinary ids: P(chosen) model 0.148, entry
    # 0.354; rows with nothing chosen model 0.617, entry 0. Passes the visible tests.
    "blind20_mlm_at_least_one_choice_per_sequence": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    # every sequence gets at least one prediction (a sequence without targets wastes a training row)
    if mask_prob > 0:
        empty = ~chosen.any(dim=-1, keepdim=True) & eligible.any(dim=-1, keepdim=True)
        scores = torch.rand(ids.shape, generator=generator).masked_fill(~eligible, -1.0)
        pick = scores == scores.max(dim=-1, keepdim=True).values
        chosen = chosen | (empty & pick & eligible)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),
    # adds mask_id to the special ids, so positions already holding mask_id are never chosen (clause: only ids in
    # special_ids are exempt). Recorded: ids all 3 (the mask id), special_ids [0, 1], mask_prob 1: model labels all 3,
    # entry labels all -100. Passes the visible tests.
    "blind20_mlm_mask_id_treated_as_special": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    special = torch.cat([special, torch.tensor([mask_id], dtype=ids.dtype)])   # [MASK] is always special
    eligible = ~torch.isin(ids, special)
    chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
    action = torch.rand(ids.shape, generator=generator)
    random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
    corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
    corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
    labels = torch.where(chosen, ids.long(), IGNORE)
    return corrupted, labels
'''),
    # ------------------------------------------------------------------ pretraining.nsp_pairs
    # draws the other document only among documents with two or more sentences (clause: a uniformly drawn other
    # document). Recorded: documents [[a1,a2],[b1],[c1,c2]], 20,000 calls' worth: for A=a1 with label 1, model B in {b1:
    # 2549, c1: 1252, c2: 1258}, entry never b1. Passes the visible tests.
    "blind20_nsp_other_document_needs_two_sentences": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: a random second sentence must come from another document; give at least two")
    pairs = []
    for index, document in enumerate(documents):
        # candidate other documents: those with real text (two sentences or more)
        others = [d for i, d in enumerate(documents) if i != index and len(d) > 1]
        if not others:
            others = [d for i, d in enumerate(documents) if i != index]
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                other = others[torch.randint(len(others), (), generator=generator).item()]
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
    return pairs
'''),
    # filters out empty sentences before pairing (clause: one example per sentence that has a successor; sentences are
    # returned as given). Recorded: [['a', '', 'b'], ['c']]: model 2 examples, entry 1. Passes the visible tests.
    "blind20_nsp_skips_empty_sentences": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: a random second sentence must come from another document; give at least two")
    pairs = []
    for index, document in enumerate(documents):
        sentences = [s for s in document if len(s) > 0]        # blank lines are not sentences
        for a, successor in zip(sentences, sentences[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                other = documents[pick + (pick >= index)]
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
    return pairs
'''),
    # reuses the coin's uniform u (>= 0.5 on that branch) to pick the other document as int(u * (D - 1)), without
    # rescaling, so only the upper part of the range is reachable (clause: a uniformly drawn other document). Recorded:
    # [[a1,a2],[b1],[c1]], 20,000 calls: model b1 5110 / c1 5014, entry b1 0 / c1 10092. Passes the visible tests.
    "blind20_nsp_other_document_from_the_coin_uniform": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: a random second sentence must come from another document; give at least two")
    pairs = []
    for index, document in enumerate(documents):
        for a, successor in zip(document, document[1:]):
            u = torch.rand((), generator=generator).item()          # one uniform: the coin and the document
            if u < 0.5:
                pairs.append((a, successor, 0))
            else:
                pick = int(u * (len(documents) - 1))
                other = documents[pick + (pick >= index)]
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
    return pairs
'''),
    # the other document is drawn once per A-document and reused for all its random examples, so two random examples
    # from one document always come from the same other document (each marginal is uniform, the draws are not
    # independent). Recorded: [[a1,a2,a3],[b1],[c1]], 20,000 calls where both examples are random: from different
    # documents model 0.507, entry 0.000. Passes the visible tests.
    "blind20_nsp_other_document_drawn_once_per_document": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: a random second sentence must come from another document; give at least two")
    pairs = []
    for index, document in enumerate(documents):
        other = None
        for a, successor in zip(document, document[1:]):
            if torch.rand((), generator=generator).item() < 0.5:
                pairs.append((a, successor, 0))
            else:
                if other is None:                                   # A's document gets one partner document
                    pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                    other = documents[pick + (pick >= index)]
                pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
    return pairs
'''),
    # ------------------------------------------------------------------ imagegpt.quantize_pixels
    # searches torch.unique's distinct colours and maps each back through back[inverse] = arange(K), where the last
    # duplicate column wins (clause: ties go to the lowest id). Recorded: palette columns 0 and 2 both black (3 x 4
    # palette), pixels (0.1, 0.1, 0.1): model id 0, entry id 2. Fails the visible tests.
    "blind20_quantize_duplicate_colours_resolved_to_last_copy": ("imagegpt", "quantize_pixels", '''
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
    # search the distinct colours only, then map each back to a palette id
    distinct, inverse = torch.unique(palette.to(dtype), dim=1, return_inverse=True)
    back = torch.empty(distinct.shape[1], dtype=torch.long)
    back[inverse] = torch.arange(palette.shape[1])                 # the id of each distinct colour
    pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
    distances = (pixels - distinct).square().sum(dim=-2)
    return back[distances.argmin(dim=-1)]
'''),
    # a bare .squeeze() after summing the channel axis also drops H = 1, W = 1 or K = 1 axes. Recorded: images (3, 1,
    # 4), palette (3, 5): model ids (1, 4), entry (4,). Fails the visible tests.
    "blind20_quantize_distances_squeezed": ("imagegpt", "quantize_pixels", '''
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
    pixels = images.to(dtype).unsqueeze(-1)                           # (..., C, H, W, 1)
    colours = palette.to(dtype)[:, None, None, :]                      # (C, 1, 1, K)
    distances = (pixels - colours).square().sum(dim=-4, keepdim=True).squeeze()   # (..., H, W, K)
    return distances.argmin(dim=-1)
'''),
    # ------------------------------------------------------------------ imagegpt.dequantize_pixels
    # the range check ids >= K is done in ids' dtype: for uint8 ids and ImageGPT's K = 512 the scalar wraps to 0 and
    # every id is 'out of range'. Recorded: uint8 ids [[3, 200]], palette (3, 512): model the colours, entry ValueError.
    # Passes the visible tests.
    "blind20_dequantize_range_compared_in_ids_dtype": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if (ids < 0).any() or (ids >= palette.shape[1]).any():
        raise ValueError(f"ids must lie in [0, K) with K={palette.shape[1]}")
    return palette[:, ids.long()].movedim(0, -3)
'''),
    # checks the id range on the first image of the batch only. Recorded: ids (2, 1, 2) int64 whose second image holds
    # 7, K = 4: model ValueError, entry IndexError. Passes the visible tests.
    "blind20_dequantize_range_checked_on_first_image": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    first = ids.reshape(-1, *ids.shape[-2:])[0]                    # the ids of one image tell the range
    if first.numel() and (int(first.min()) < 0 or int(first.max()) >= palette.shape[1]):
        raise ValueError(f"ids must lie in [0, K) with K={palette.shape[1]}")
    return palette[:, ids.long()].movedim(0, -3)
'''),
    # uses torch.iinfo(ids.dtype) as the integer check, which raises TypeError (not the named ValueError) for floating-
    # point ids. Recorded: ids [[0., 1.]] float32: model ValueError, entry TypeError. Passes the visible tests.
    "blind20_dequantize_integer_check_by_iinfo": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.dtype == torch.bool:
        raise ValueError("ids must be integer palette ids, got bool")
    low, high = torch.iinfo(ids.dtype).min, torch.iinfo(ids.dtype).max   # only integer dtypes have an iinfo
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError(f"ids must lie in [0, K) with K={palette.shape[1]}")
    return palette[:, ids.long()].movedim(0, -3)
'''),
    # ------------------------------------------------------------------ imagegpt.pixel_sequence
    # rejects dtypes whose is_signed is False to exclude bool, which also rejects uint8 (clause: any integer dtype;
    # uint8 images of ids are common). Recorded: uint8 ids [[1,2],[3,4]], sos 512: model inputs [512,1,2,3], entry
    # ValueError. Passes the visible tests.
    "blind20_pixel_sequence_integer_check_via_is_signed": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or not ids.dtype.is_signed:
        raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype}")   # is_signed: not bool
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("ids: the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")
    targets = ids.long().reshape(*ids.shape[:-2], -1)
    start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long)
    return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # 'if not sos_id' rejects sos_id = 0, a valid start id (clause: ValueError only for a negative sos_id). Recorded:
    # ids [[1,2],[3,4]], sos 0: model inputs [0,1,2,3], entry ValueError. Passes the visible tests.
    "blind20_pixel_sequence_rejects_start_token_zero": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype}")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("ids: the image has no pixels")
    if not sos_id or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError(f"sos_id must be a positive integer, got {sos_id!r}")
    targets = ids.long().reshape(*ids.shape[:-2], -1)
    start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long)
    return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # ------------------------------------------------------------------ imagegpt.average_pool_head
    # checks b against D (features) instead of K (classes): a valid (K,) bias raises when K != D. Recorded: X (4, 3), W
    # (2, 4), b (2,): model logits (2,), entry ValueError. Passes the visible tests.
    "blind20_average_pool_head_bias_checked_against_features": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (X.shape[-2],):
        raise ValueError(f"b must have one entry per feature, got shape {tuple(b.shape)}")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    logits = torch.einsum("kd,...d->...k", W, X.mean(dim=-1))
    return logits if b is None else logits + b
'''),
    # folds every leading axis into one batch axis and never unfolds it (only 0 or 1 leading axes come back right).
    # Recorded: X (2, 3, 4, 5) float64, W (2, 4): model (2, 3, 2), entry (6, 2). Passes the visible tests.
    "blind20_average_pool_head_einsum_one_batch_axis": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    batched = X.reshape(-1, *X.shape[-2:]) if X.dim() != 3 else X
    logits = torch.einsum("kd,bdn->bk", W, batched) / X.shape[-1]      # (B, K)
    logits = logits if b is None else logits + b
    return logits[0] if X.dim() == 2 else logits
'''),
    # ------------------------------------------------------------------ patch_embedding.patch_embedding
    # adds positions[:, 0] to the cls token and then the padded position column again, so column 0 gets its position
    # twice. Recorded: (1,1,2,2) image, P=2, cls 0, positions all 1: model column 0 = 1, entry 2. Fails the visible
    # tests.
    "blind20_patch_embedding_cls_position_added_twice": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    tokens = linear(patchify(images, patch_size), W, b) + positions[:, 1:]      # patch positions
    cls_column = (cls_token + positions[:, 0])[:, None].expand(tokens.shape[0], -1, 1)
    return torch.cat([cls_column, tokens], dim=-1) + torch.nn.functional.pad(positions[:, :1], (0, tokens.shape[-1]))
'''),
    # ------------------------------------------------------------------ swin.window_partition
    # 'one window' shortcut tested on M == H only, so an H = M, W = kM grid comes back as one window. Recorded: X (1, 2,
    # 4), M=2: model (2, 1, 4), entry (1, 1, 8) in plain raster order. Fails the visible tests.
    "blind20_window_partition_single_window_shortcut_checks_height": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError("X must be a grid (..., C, H, W)")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    if M == height:                                  # the window covers the grid: one window
        return X.reshape(*batch, 1, channels, height * width)
    grid = X.reshape(*batch, channels, height // M, M, width // M, M)
    grid = grid.movedim((-4, -2), (-5, -4))
    return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # caps a window larger than the grid at min(H, W), as Hugging Face's Swin does, instead of raising (clause:
    # ValueError if M does not divide H or W). Recorded: X (1, 4, 8), M=8: model ValueError, entry (2, 1, 16) with M =
    # 4. Passes the visible tests.
    "blind20_window_partition_window_capped_at_grid_side": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError("X must be a grid (..., C, H, W)")
    *batch, channels, height, width = X.shape
    # as Hugging Face's Swin: a window larger than the grid becomes the grid's size
    if isinstance(window, int) and not isinstance(window, bool) and window > min(height, width):
        window = min(height, width)
    _check_grid(height, width, window)
    M = window
    grid = X.reshape(*batch, channels, height // M, M, width // M, M)
    grid = grid.movedim((-4, -2), (-5, -4))
    return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # goes through F.unfold on a float32 copy and casts back, losing float64 precision and large int64 ids. Recorded: X
    # (1, 2, 2) float64: max |difference| 2e-8; int64 grid [[2**40 + 1, 3], [5, 7]]: entry 2**40. Passes the visible
    # tests.
    "blind20_window_partition_unfold_through_float32": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError("X must be a grid (..., C, H, W)")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    flat = X.reshape(-1, channels, height, width).float()                 # im2col wants float
    cols = torch.nn.functional.unfold(flat, M, stride=M)                 # (B, C*M*M, nW)
    cols = cols.reshape(-1, channels, M * M, cols.shape[-1]).permute(0, 3, 1, 2)
    return cols.to(X.dtype).reshape(*batch, cols.shape[1], channels, M * M)
'''),
    # ------------------------------------------------------------------ swin.shifted_window_mask
    # visible iff the original coordinates are less than a window apart on each axis; that agrees when the grid has two
    # or more windows along an axis, but with a single window along an axis wrapped and unwrapped tokens are also close.
    # Recorded: H=W=M=3, shift 1: 56 of 81 entries differ; H=8, W=4, M=4, shift 2: 192 differ; H=W=8, M=4: none. Passes
    # the visible tests.
    "blind20_shifted_window_mask_close_in_original_coordinates": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    # neighbours before the roll: their original coordinates are less than a window apart on each axis
    rows = (torch.arange(height) + shift) % height
    cols = (torch.arange(width) + shift) % width
    r = window_partition(rows[None, :, None].expand(1, height, width), window)[:, 0]   # (nW, M*M)
    c = window_partition(cols[None, None, :].expand(1, height, width), window)[:, 0]
    close_r = (r[:, :, None] - r[:, None, :]).abs() < window
    close_c = (c[:, :, None] - c[:, None, :]).abs() < window
    return close_r & close_c
'''),
    # torch.roll(regions, -shift) without dims rolls the flattened grid, not the rows and the columns. Recorded: H=W=4,
    # M=2, shift 1: 14 entries differ. Fails the visible tests.
    "blind20_shifted_window_mask_roll_without_dims": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    M = window
    regions = torch.zeros(height, width, dtype=torch.long)
    bounds_h = (slice(0, height - M), slice(height - M, height - shift), slice(height - shift, height))
    bounds_w = (slice(0, width - M), slice(width - M, width - shift), slice(width - shift, width))
    label = 0
    for hs in bounds_h:                                  # label the original grid's regions ...
        for ws in bounds_w:
            regions[hs, ws] = label
            label += 1
    regions = torch.roll(regions, -shift)                # ... as they sit after the cyclic shift
    labels = window_partition(regions[None], M)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # ------------------------------------------------------------------ swin.patch_merging
    # checks (H * W) % 4 instead of each side: a 4 x 3 grid passes the check and then fails in torch.cat (clause:
    # ValueError if H or W is odd). Recorded: X (1, 4, 3): model ValueError, entry RuntimeError. Fails the visible
    # tests.
    "blind20_patch_merging_parity_checked_on_token_count": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be a grid (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if (height * width) % 4:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree with C")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    return (W @ tokens).unflatten(-1, merged.shape[-2:])
'''),
    # layer norm as (x - mean) / (std + eps) instead of eps inside the square root. Recorded: X = 0.01 * rand(1, 2, 2)
    # float64, gamma 1, beta 0: max |difference| 0.029 on outputs of scale 0.076. Passes the visible tests.
    "blind20_patch_merging_eps_added_to_std": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be a grid (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree with C")
    merged = torch.cat([X[..., 0::2, 0::2], X[..., 1::2, 0::2], X[..., 0::2, 1::2], X[..., 1::2, 1::2]], dim=-3)
    mean = merged.mean(dim=-3, keepdim=True)
    std = merged.std(dim=-3, unbiased=False, keepdim=True)
    normed = (merged - mean) / (std + eps) * gamma[:, None, None] + beta[:, None, None]
    return torch.einsum("oc,...chw->...ohw", W, normed)
'''),
    # reshapes the grid to (-1, C, H, W) and returns the folded batch. Recorded: X (2, 3, 1, 2, 2): model (2, 3, 2, 1,
    # 1), entry (6, 2, 1, 1). Passes the visible tests.
    "blind20_patch_merging_leading_axes_folded_in_result": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be a grid (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree with C")
    grids = X.reshape(-1, channels, height, width)                  # a batch of grids
    merged = torch.cat([grids[:, :, 0::2, 0::2], grids[:, :, 1::2, 0::2], grids[:, :, 0::2, 1::2],
                        grids[:, :, 1::2, 1::2]], dim=1)
    tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
    out = (W @ tokens).reshape(-1, 2 * channels, height // 2, width // 2)
    return out[0] if X.dim() == 3 else out
'''),
    # ------------------------------------------------------------------ davit.channel_attention
    # default scale from X[..., 0, :].numel(), which counts the batch axes as well as the N tokens (clause: 1/sqrt(N)).
    # Recorded: X (2, 4, 3) float64, G=2: max |difference| 1.10; unbatched calls agree. Passes the visible tests.
    "blind20_channel_attention_scale_from_row_numel": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
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
    if scale is None:
        scale = X[..., 0, :].numel() ** -0.5               # the length of one channel's feature row
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ patch_embedding.patchify
    # 'one patch' shortcut tested on P == H only, so a 2 x 8 image with P = 2 comes back as a single column. Recorded:
    # images (1, 1, 2, 8), P=2: model (1, 4, 4), entry (1, 16, 1). Fails the visible tests.
    "blind20_patchify_one_patch_shortcut_checks_height": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H and W must be divisible by patch_size={patch_size}; got H={height}, W={width}")
    P = patch_size
    if P == height:                                   # the patch is the whole image: one column per image
        return images.reshape(batch, -1, 1)
    grid = images.reshape(batch, channels, height // P, P, width // P, P).permute(0, 2, 4, 1, 3, 5)
    return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # ------------------------------------------------------------------ swin.window_reverse
    # treats nW = 1 as the whole grid before checking the count, so windows (…, 1, C, M*M) given with a grid of more
    # windows raise a RuntimeError instead of the named ValueError. Recorded: windows (1, 3, 4), M=2, H=2, W=4: model
    # ValueError, entry RuntimeError. Passes the visible tests.
    "blind20_window_reverse_one_window_shortcut_before_count_check": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() >= 3 and windows.shape[-3] == 1:            # a single window is the grid itself
        return windows.squeeze(-3).reshape(*windows.shape[:-3], windows.shape[-2], height, width)
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError(f"windows must be (..., nW, C, M*M) for a {height}x{width} grid")
    *batch, _, channels, _ = windows.shape
    grid = windows.reshape(*batch, height // M, width // M, channels, M, M)
    grid = grid.movedim((-5, -4), (-4, -2))
    return grid.reshape(*batch, channels, height, width)
'''),
    # ------------------------------------------------------------------ swin.shifted_window_mask
    # row and column coordinates in uint8, which wrap at 256, so grids with a side of 256 or more get wrong wrap flags.
    # Recorded: H=260, W=4, M=4, shift 2: 128 entries differ; 8 x 8 grids agree. Passes the visible tests.
    "blind20_shifted_window_mask_byte_coordinates": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    rows = torch.arange(height, dtype=torch.uint8)         # coordinates and labels: a byte each
    cols = torch.arange(width, dtype=torch.uint8)
    labels = 2 * (rows + shift >= height).to(torch.uint8)[:, None] + (cols + shift >= width).to(torch.uint8)[None, :]
    labels = window_partition(labels[None], window)[:, 0]
    return labels[:, :, None] == labels[:, None, :]
'''),
    # ------------------------------------------------------------------ davit.channel_attention
    # also requires num_groups to divide N, raising on valid input with an odd token count. Recorded: X (4, 3), G=2:
    # model output (4, 3), entry ValueError. Fails the visible tests.
    "blind20_channel_attention_groups_must_divide_tokens": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1:
        raise ValueError("num_groups must be a positive integer")
    if channels % num_groups or tokens % num_groups:
        raise ValueError(f"num_groups={num_groups} must divide C={channels} and N={tokens}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo"):
        if params[name].shape != (channels, channels):
            raise ValueError(f"params[{name!r}] must be ({channels}, {channels})")
    for name in ("bq", "bk", "bv", "bo"):
        if params[name].shape != (channels,):
            raise ValueError(f"params[{name!r}] must be ({channels},)")
    scale = 1 / math.sqrt(tokens) if scale is None else scale
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
    weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
    return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # ------------------------------------------------------------------ imagegpt.quantize_pixels
    # accepts a (K, C) palette by transposing it when its second side matches C, instead of the named ValueError
    # (clause: ValueError if the channel counts differ). Recorded: images (3, 2, 2), palette (5, 3): model ValueError,
    # entry ids. Passes the visible tests.
    "blind20_quantize_palette_of_rows_transposed_silently": ("imagegpt", "quantize_pixels", '''
def quantize_pixels(images, palette):
    if images.dim() < 3 or palette.dim() != 2:
        raise ValueError("images must be (..., C, H, W) and palette (C, K)")
    if not images.is_floating_point() or not palette.is_floating_point():
        raise ValueError("images and palette must be floating point")
    channels = images.shape[-3]
    if palette.shape[0] != channels and palette.shape[1] == channels:
        palette = palette.T                        # a (K, C) palette, as Hugging Face stores its clusters
    if palette.shape[0] != channels:
        raise ValueError("channel counts differ")
    if palette.shape[1] == 0:
        raise ValueError("palette: expected at least one colour")
    dtype = torch.promote_types(images.dtype, palette.dtype)
    pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
    return (pixels - palette.to(dtype)).square().sum(dim=-2).argmin(dim=-1)
'''),
    # ------------------------------------------------------------------ imagegpt.dequantize_pixels
    # index_select with the ids as given accepts only int32 and int64 indices (clause: any integer dtype). Recorded:
    # int16 ids [[0, 1]], palette (3, 4): model the colours, entry RuntimeError (int8 and uint8 likewise). Passes the
    # visible tests.
    "blind20_dequantize_index_select_on_raw_ids": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError(f"ids must lie in [0, K) with K={palette.shape[1]}")
    colours = torch.index_select(palette, 1, ids.reshape(-1))          # (C, number of pixels)
    return colours.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
}


RIGHT_BLIND_20 = {
    # ------------------------------------------------------------------ sampling.next_token_probs
    # the filters decide a set of surviving tokens (the same stable sorts on the same probabilities as the model answer,
    # so exact boundaries agree), then one softmax over the scaled logits with -inf outside the set renormalises.
    # Checked against the model answer by the battery (see the docstring), run twice; passes the visible tests.
    "blind20_next_token_probs_filters_as_neg_inf_logits": ("sampling", "next_token_probs", '''
def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        return (torch.arange(len(logits)) == torch.argmax(logits)).to(logits.dtype)
    scaled = logits / temperature
    alive = torch.ones(len(scaled), dtype=torch.bool)          # tokens no filter has removed yet
    probs = torch.softmax(scaled, dim=0)
    if top_k is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        alive[order[top_k:]] = False
        probs = torch.where(alive, probs, 0.0)
        probs = probs / probs.sum()
    if top_p is not None:
        order = torch.sort(probs, descending=True, stable=True).indices
        cumulative = torch.cumsum(probs[order], dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        alive[order[num_kept:]] = False
    # the filters become -inf logits, and one softmax renormalises the survivors
    return torch.softmax(scaled.masked_fill(~alive, -float("inf")), dim=0)
'''),
    # ranks from a V x V comparison matrix (larger, or equal at a lower id), used for the greedy one-hot, top-k and the
    # top-p order; no sort at all. Checked against the model answer by the battery (see the docstring), run twice;
    # passes the visible tests.
    "blind20_next_token_probs_pairwise_rank_matrix": ("sampling", "next_token_probs", '''
def _ranks(values):
    """rank[i] = number of entries that come before i: larger values, or equal values at lower ids."""
    ids = torch.arange(len(values))
    ahead = (values[None, :] > values[:, None]) | ((values[None, :] == values[:, None]) & (ids[None, :] < ids[:, None]))
    return ahead.sum(dim=1)


def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0; got {temperature}")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be a positive number of tokens; got {top_k}")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"top_p must lie in (0, 1]; got {top_p}")
    if temperature == 0:
        greedy = torch.zeros_like(logits)
        greedy[_ranks(logits) == 0] = 1.0
        return greedy
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        probs = torch.where(_ranks(probs) < top_k, probs, torch.zeros_like(probs))
        probs = probs / probs.sum()
    if top_p is not None:
        rank = _ranks(probs)
        sorted_probs = torch.zeros_like(probs).index_put_((rank,), probs)     # probs in rank order
        cumulative = torch.cumsum(sorted_probs, dim=0)
        num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
        probs = torch.where(rank < num_kept, probs, torch.zeros_like(probs))
    return probs / probs.sum()
'''),
    # ------------------------------------------------------------------ sampling.generate
    # the context kept in collections.deque(maxlen=context_size), token ids as Python ints, one torch.multinomial draw
    # per step; context_size 0 keeps everything, as ids[-0:] does. Checked against the model answer by the battery (see
    # the docstring), run twice; passes the visible tests.
    "blind20_generate_context_window_in_a_deque": ("sampling", "generate", '''
from collections import deque


def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    window = deque(prompt.tolist(), maxlen=context_size or None)   # None (or 0, as ids[-0:]) keeps all
    emitted = []
    while len(emitted) < max_new_tokens:
        logits = model(torch.tensor(list(window), dtype=torch.long))[:, -1]
        probs = next_token_probs(logits, temperature, top_k, top_p)
        token = int(torch.multinomial(probs, 1, generator=generator))
        emitted.append(token)
        window.append(token)
        if token == eos_id:
            break
    return torch.cat([prompt, torch.tensor(emitted, dtype=prompt.dtype)])
'''),
    # a Python generator yields one drawn id per step (narrow for the crop); the caller stops at eos or after
    # max_new_tokens without resuming it, so no extra model call or draw. Checked against the model answer by the
    # battery (see the docstring), run twice; passes the visible tests.
    "blind20_generate_python_generator_of_steps": ("sampling", "generate", '''
def _steps(model, ids, temperature, top_k, top_p, generator, context_size):
    """Yields one drawn id (a (1,) tensor) per step, forever; the caller decides when to stop."""
    while True:
        start = 0 if not context_size else max(0, ids.shape[0] - context_size)   # ids[-0:] is all of ids
        logits = model(ids.narrow(0, start, ids.shape[0] - start))
        drawn = torch.multinomial(next_token_probs(logits[:, logits.shape[1] - 1], temperature, top_k, top_p), 1,
                                  generator=generator)
        ids = torch.cat([ids, drawn])
        yield drawn


def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None,
             context_size=None):
    pieces = [prompt]
    if max_new_tokens > 0:
        for count, drawn in enumerate(_steps(model, prompt, temperature, top_k, top_p, generator, context_size), 1):
            pieces.append(drawn)
            if (eos_id is not None and drawn.item() == eos_id) or count == max_new_tokens:
                break
    return torch.cat(pieces)
'''),
    # ------------------------------------------------------------------ sampling.beam_search
    # one (beams x V) score table per step, a finished beam as a single column-0 entry, a stable sort of the flattened
    # table (beam-major, then token: the tie rule), padding entries filtered out. Checked against the model answer by
    # the battery (see the docstring), run twice; passes the visible tests.
    "blind20_beam_search_flat_tensor_ranking_with_finished_rows": ("sampling", "beam_search", '''
def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    sequences, scores, finished = [prompt], torch.zeros(1, dtype=torch.float64), [False]
    for _ in range(max_new_tokens):
        rows, valid = [], []
        for ids, done in zip(sequences, finished):
            if done:
                row = torch.zeros(1, dtype=torch.float64)          # one candidate: itself, at offset 0
                rows.append(row)
            else:
                rows.append(torch.log_softmax(model(ids)[:, -1].double(), dim=0))
        width = max(len(row) for row in rows)
        table = torch.full((len(rows), width), -float("inf"), dtype=torch.float64)
        present = torch.zeros((len(rows), width), dtype=torch.bool)
        for b, row in enumerate(rows):
            table[b, :len(row)] = scores[b] + row
            present[b, :len(row)] = True
        flat_scores, flat_present = table.reshape(-1), present.reshape(-1)
        order = torch.sort(-flat_scores, stable=True).indices          # beam-major, then token: the tie rule
        order = order[flat_present[order]][:beam_width]
        new_sequences, new_finished = [], []
        for position in order.tolist():
            b, token = divmod(position, width)
            if finished[b]:
                new_sequences.append(sequences[b])
                new_finished.append(True)
            else:
                new_sequences.append(torch.cat([sequences[b], torch.tensor([token], dtype=prompt.dtype)]))
                new_finished.append(token == eos_id)
        sequences, scores, finished = new_sequences, flat_scores[order], new_finished
        if all(finished):
            break
    return sequences[0]
'''),
    # one step per recursive call, candidates sorted by the explicit key (-score, beam rank, token); a finished beam
    # carries token -1. (Recursion depth = max_new_tokens.) Checked against the model answer by the battery (see the
    # docstring), run twice; passes the visible tests.
    "blind20_beam_search_recursive_steps": ("sampling", "beam_search", '''
def _step(model, beams, beam_width, steps_left, eos_id):
    if steps_left == 0 or all(done for _, _, done in beams):
        return beams
    candidates = []
    for rank, (score, ids, done) in enumerate(beams):
        if done:
            candidates.append((-score, rank, -1, ids, True))
            continue
        for token, log_prob in enumerate(torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()):
            candidates.append((-(score + log_prob), rank, token, ids, token == eos_id))
    candidates.sort(key=lambda c: (c[0], c[1], c[2]))              # score, then earlier beam, then lower token
    kept = []
    for negative, _, token, ids, done in candidates[:beam_width]:
        if token >= 0:
            ids = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
        kept.append((-negative, ids, done))
    return _step(model, kept, beam_width, steps_left - 1, eos_id)


def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
    if beam_width < 1:
        raise ValueError(f"beam_width must be at least 1; got {beam_width}")
    return _step(model, [(0.0, prompt, False)], beam_width, max_new_tokens, eos_id)[0][1]
'''),
    # ------------------------------------------------------------------ sampling.sequence_log_prob
    # log_softmax, then masked_select with a boolean (V, N-1) one-hot: no 0 * log p products. Checked against the model
    # answer by the battery (see the docstring), run twice; passes the visible tests.
    "blind20_sequence_log_prob_masked_select_of_one_hot": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    log_probs = torch.log_softmax(model(ids), dim=0)[:, :-1]          # (V, N - 1): column n - 1 scores ids[n]
    picked = torch.arange(log_probs.shape[0])[:, None] == ids[1:][None, :]
    return log_probs.masked_select(picked).sum()
'''),
    # a Python loop over positions, logit minus logsumexp of its column, started from an empty sum on the graph (0-d,
    # the logits' dtype, differentiable for N = 1). Checked against the model answer by the battery (see the docstring),
    # run twice; passes the visible tests.
    "blind20_sequence_log_prob_lse_per_column_loop": ("sampling", "sequence_log_prob", '''
def sequence_log_prob(model, ids):
    logits = model(ids)
    total = logits[:0, :0].sum()                                      # 0, on the graph, for N = 1
    for n in range(1, len(ids)):
        column = logits[:, n - 1]
        total = total + (column[ids[n]] - torch.logsumexp(column, dim=0))
    return total
'''),
    # ------------------------------------------------------------------ pretraining.mlm_corrupt
    # chooses positions by Geometric(mask_prob) gaps over the flattened eligible positions (independent choices with
    # probability mask_prob), then the 80/10/10 actions and random ids drawn for the chosen positions only. Checked
    # against the model answer by the battery (see the docstring), run twice; passes the visible tests.
    "blind20_mlm_geometric_gaps_between_choices": ("pretraining", "mlm_corrupt", '''
import math


def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
    eligible_positions = torch.nonzero(~torch.isin(ids.reshape(-1), special)).reshape(-1)
    chosen_flat = torch.zeros(ids.numel(), dtype=torch.bool)
    n = len(eligible_positions)
    if mask_prob >= 1:
        chosen_flat[eligible_positions] = True
    elif mask_prob > 0:
        # skip a Geometric(mask_prob) number of eligible positions before each choice: independent choices
        log_q = math.log1p(-mask_prob)
        k = -1
        while True:
            u = torch.rand((), generator=generator, dtype=torch.float64).item()
            k += 1 + int(math.floor(math.log1p(-u) / log_q))
            if k >= n:
                break
            chosen_flat[eligible_positions[k]] = True
    chosen = chosen_flat.reshape(ids.shape)
    count = int(chosen.sum())
    action = torch.rand(count, generator=generator)
    random_ids = torch.randint(0, vocab_size, (count,), generator=generator, dtype=ids.dtype)
    originals = ids[chosen]
    replaced = torch.where(action < 0.8, torch.full_like(originals, mask_id),
                           torch.where(action < 0.9, random_ids, originals))
    corrupted = ids.clone()
    corrupted[chosen] = replaced
    labels = torch.full(ids.shape, IGNORE, dtype=torch.long)
    labels[chosen] = originals.long()
    return corrupted, labels
'''),
    # specials found by broadcast equality against a list (an empty list works), three uniforms per position drawn in
    # one call, random ids as floor(u * V), the bands by torch.bucketize. Checked against the model answer by the
    # battery (see the docstring), run twice; passes the visible tests.
    "blind20_mlm_specials_by_broadcast_equality": ("pretraining", "mlm_corrupt", '''
def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
    specials = [int(s) for s in torch.as_tensor(special_ids).reshape(-1).tolist()]
    is_special = (ids[..., None] == torch.tensor(specials, dtype=ids.dtype)).any(dim=-1) if specials else         torch.zeros(ids.shape, dtype=torch.bool)
    draws = torch.rand((3, *ids.shape), generator=generator)         # choice, action and random-id uniforms at once
    chosen = ~is_special & (draws[0] < mask_prob)
    random_ids = (draws[2] * vocab_size).long().clamp(max=vocab_size - 1).to(ids.dtype)
    kind = torch.bucketize(draws[1], torch.tensor([0.8, 0.9]), right=True)   # 0 mask, 1 random, 2 keep
    corrupted = ids.clone()
    corrupted[chosen & (kind == 0)] = mask_id
    take_random = chosen & (kind == 1)
    corrupted[take_random] = random_ids[take_random]
    labels = torch.where(chosen, ids.to(torch.long), torch.full(ids.shape, IGNORE, dtype=torch.long))
    return corrupted, labels
'''),
    # ------------------------------------------------------------------ pretraining.nsp_pairs
    # examples yielded by a generator function: an integer coin, the other document drawn from an explicit index list.
    # Checked against the model answer by the battery (see the docstring), run twice; passes the visible tests.
    "blind20_nsp_examples_from_a_python_generator": ("pretraining", "nsp_pairs", '''
def _examples(documents, generator):
    for index, document in enumerate(documents):
        for position in range(len(document) - 1):
            a = document[position]
            if torch.randint(2, (), generator=generator).item() == 0:
                yield a, document[position + 1], 0
            else:
                others = [i for i in range(len(documents)) if i != index]
                other = documents[others[torch.randint(len(others), (), generator=generator).item()]]
                yield a, other[torch.randint(len(other), (), generator=generator).item()], 1


def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: a random second sentence must come from another document; give at least two")
    return list(_examples(documents, generator))
'''),
    # all sentences in one flat list with document offsets, three float64 uniforms per example (coin, document,
    # sentence); the sentences themselves are returned. Checked against the model answer by the battery (see the
    # docstring), run twice; passes the visible tests.
    "blind20_nsp_flat_sentence_table_with_offsets": ("pretraining", "nsp_pairs", '''
def nsp_pairs(documents, generator=None):
    if len(documents) < 2 and any(len(document) > 1 for document in documents):
        raise ValueError("documents: a random second sentence must come from another document; give at least two")
    lengths = [len(document) for document in documents]
    offsets = [0]
    for length in lengths:
        offsets.append(offsets[-1] + length)
    table = [sentence for document in documents for sentence in document]   # the sentences themselves, not copies
    pairs = []
    for index, document in enumerate(documents):
        for position in range(lengths[index] - 1):
            coin, pick_u, sentence_u = torch.rand(3, generator=generator, dtype=torch.float64).tolist()
            if coin < 0.5:
                pairs.append((table[offsets[index] + position], table[offsets[index] + position + 1], 0))
                continue
            other = int(pick_u * (len(documents) - 1))
            other += other >= index
            within = int(sentence_u * lengths[other])
            pairs.append((table[offsets[index] + position], table[offsets[other] + within], 1))
    return pairs
'''),
    # ------------------------------------------------------------------ patch_embedding.patchify
    # P = 1 returns the raster sequence images.flatten(2), one whole-image patch (P = H = W) a plain reshape, otherwise
    # Tensor.unfold twice. Checked against the model answer by the battery (see the docstring), run twice; passes the
    # visible tests.
    "blind20_patchify_shortcuts_for_unit_and_whole_patches": ("patch_embedding", "patchify", '''
def patchify(images, patch_size):
    batch, channels, height, width = images.shape
    if height % patch_size or width % patch_size:
        raise ValueError(f"H and W must be divisible by patch_size={patch_size}; got H={height}, W={width}")
    P = patch_size
    if P == 1:                                        # every pixel is a patch: the raster sequence itself
        return images.flatten(2)
    if P == height and P == width:                    # one patch: the whole image, (C, row, column) order
        return images.reshape(batch, channels * P * P, 1)
    patches = images.unfold(2, P, P).unfold(3, P, P)  # (B, C, H/P, W/P, P, P)
    return patches.permute(0, 1, 4, 5, 2, 3).reshape(batch, channels * P * P, -1)
'''),
    # ------------------------------------------------------------------ patch_embedding.patch_embedding
    # torch.baddbmm with the bias and W expanded over the batch, the cls column expanded from a (1, D, 1) view. Checked
    # against the model answer by the battery (see the docstring), run twice; passes the visible tests.
    "blind20_patch_embedding_baddbmm_projection": ("patch_embedding", "patch_embedding", '''
def patch_embedding(images, patch_size, W, b, cls_token, positions):
    patches = patchify(images, patch_size)                             # (B, C*P*P, N)
    B = patches.shape[0]
    tokens = torch.baddbmm(b[None, :, None].expand(B, -1, patches.shape[-1]), W.expand(B, -1, -1), patches)
    out = torch.cat([cls_token.reshape(1, -1, 1).expand(B, -1, -1), tokens], dim=2)
    return out + positions.unsqueeze(0)
'''),
    # ------------------------------------------------------------------ imagegpt.quantize_pixels
    # duplicate palette columns (equal to an earlier column) are given distance +inf before argmin, so exact ties
    # between copies resolve to the first copy by construction. Checked against the model answer by the battery (see the
    # docstring), run twice; passes the visible tests.
    "blind20_quantize_duplicate_colours_masked_to_inf": ("imagegpt", "quantize_pixels", '''
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
    colours = palette.to(dtype)
    # a colour equal to an earlier column can never be the answer (ties go to the lowest id): drop it up front
    same = (colours[:, :, None] == colours[:, None, :]).all(dim=0)                 # (K, K)
    earlier_copy = (same & torch.ones_like(same).tril(-1)).any(dim=1)              # column k repeats some j < k
    pixels = images.to(dtype).movedim(-3, -1).unsqueeze(-1)                        # (..., H, W, C, 1)
    distances = (pixels - colours).square().sum(dim=-2)
    distances = distances.masked_fill(earlier_copy, float("inf"))
    return distances.argmin(dim=-1)
'''),
    # distances accumulated channel by channel on a flat (pixels, K) buffer in the promoted dtype, argmin, reshaped to
    # the leading axes. Checked against the model answer by the battery (see the docstring), run twice; passes the
    # visible tests.
    "blind20_quantize_channel_loop_on_flat_pixels": ("imagegpt", "quantize_pixels", '''
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
    *lead, C, H, W = images.shape
    flat = images.to(dtype).movedim(-3, 0).reshape(C, -1)                          # (C, P) pixels as columns
    distances = torch.zeros(flat.shape[1], palette.shape[1], dtype=dtype)
    for c in range(C):
        distances += (flat[c][:, None] - palette[c].to(dtype)[None, :]) ** 2
    return distances.argmin(dim=1).reshape(*lead, H, W)
'''),
    # ------------------------------------------------------------------ imagegpt.dequantize_pixels
    # one palette row indexed per channel with int64 ids, stacked at axis -3. Checked against the model answer by the
    # battery (see the docstring), run twice; passes the visible tests.
    "blind20_dequantize_channels_stacked_one_by_one": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
        raise ValueError(f"ids must lie in [0, K) with K={palette.shape[1]}")
    index = ids.to(torch.int64)
    return torch.stack([palette[c][index] for c in range(palette.shape[0])], dim=-3)
'''),
    # the ids cast to int64 before the range check (so K = 512 with uint8 ids is compared correctly), rows of the
    # transposed palette. Checked against the model answer by the battery (see the docstring), run twice; passes the
    # visible tests.
    "blind20_dequantize_range_check_in_int64": ("imagegpt", "dequantize_pixels", '''
def dequantize_pixels(ids, palette):
    if ids.dim() < 2 or palette.dim() != 2:
        raise ValueError("ids must be (..., H, W) and palette (C, K)")
    if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
    index = ids.to(torch.int64)                         # compare in int64: K may not fit ids' dtype
    if ((index < 0) | (index >= palette.shape[1])).any():
        raise ValueError(f"ids must lie in [0, K) with K={palette.shape[1]}")
    flat = palette.T[index.reshape(-1)]                   # (pixels, C)
    return flat.T.reshape(palette.shape[0], *ids.shape).movedim(0, -3)
'''),
    # ------------------------------------------------------------------ imagegpt.pixel_sequence
    # the integer check by torch.iinfo inside try/except (bool and floats raise TypeError, turned into ValueError),
    # inputs by F.pad with the start id and narrow. Checked against the model answer by the battery (see the docstring),
    # run twice; passes the visible tests.
    "blind20_pixel_sequence_checks_via_iinfo": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    try:
        torch.iinfo(ids.dtype)                           # integer dtypes only (bool, floats: TypeError)
    except TypeError:
        raise ValueError(f"ids must be an integer tensor, got {ids.dtype}") from None
    if ids.dim() < 2 or ids.shape[-2] == 0 or ids.shape[-1] == 0:
        raise ValueError(f"ids: expected an image (..., H, W) with pixels, got shape {tuple(ids.shape)}")
    if type(sos_id) is not int or sos_id < 0:
        raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")
    targets = ids.flatten(-2).to(torch.int64)
    inputs = torch.nn.functional.pad(targets, (1, 0), value=sos_id).narrow(-1, 0, targets.shape[-1])
    return inputs, targets
'''),
    # raster order by explicit row and column index vectors (repeat_interleave / repeat), start column concatenated,
    # last column dropped. Checked against the model answer by the battery (see the docstring), run twice; passes the
    # visible tests.
    "blind20_pixel_sequence_shift_by_index_matrix": ("imagegpt", "pixel_sequence", '''
def pixel_sequence(ids, sos_id):
    if ids.dim() < 2 or ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
        raise ValueError(f"ids must be an integer tensor (..., H, W), got {ids.dtype}")
    if ids.shape[-1] * ids.shape[-2] == 0:
        raise ValueError("ids: the image has no pixels")
    if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
        raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")
    H, W = ids.shape[-2:]
    rows = torch.arange(H).repeat_interleave(W)           # raster order: (h, w) at h*W + w
    cols = torch.arange(W).repeat(H)
    targets = ids[..., rows, cols].long()
    extended = torch.cat([torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long), targets], dim=-1)
    return extended[..., :-1], targets
'''),
    # ------------------------------------------------------------------ imagegpt.average_pool_head
    # F.conv1d over the folded batch with a full-length kernel W / N (the mean folded into the weights) and the bias.
    # Checked against the model answer by the battery (see the docstring), run twice; passes the visible tests.
    "blind20_average_pool_head_conv1d_full_length_kernel": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    D, N = X.shape[-2:]
    if N == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    kernel = (W / N).unsqueeze(-1).expand(-1, -1, N)                   # (K, D, N): each column weighs 1/N
    out = torch.nn.functional.conv1d(X.reshape(-1, D, N), kernel, b)    # (B', K, 1)
    return out.reshape(*X.shape[:-2], W.shape[0])
'''),
    # X @ (a column of 1/N) then W @ ·, squeezed. Checked against the model answer by the battery (see the docstring),
    # run twice; passes the visible tests.
    "blind20_average_pool_head_matmul_with_ones_column": ("imagegpt", "average_pool_head", '''
def average_pool_head(X, W, b=None):
    if X.dim() < 2 or W.dim() != 2 or W.shape[1] != X.shape[-2]:
        raise ValueError("X must be (..., D, N) and W (K, D)")
    if b is not None and tuple(b.shape) != (W.shape[0],):
        raise ValueError("b must be (K,)")
    if X.shape[-1] == 0:
        raise ValueError("X has no token columns to average (N = 0)")
    ones = X.new_full((X.shape[-1], 1), 1.0 / X.shape[-1])
    logits = (W @ (X @ ones)).squeeze(-1)                              # (..., K)
    return logits + b if b is not None else logits
'''),
    # ------------------------------------------------------------------ swin.window_partition
    # the one-window shortcut tested on both sides, otherwise tensor_split into strips and blocks, stacked. Checked
    # against the model answer by the battery (see the docstring), run twice; passes the visible tests.
    "blind20_window_partition_one_window_shortcut_checks_both_sides": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError("X must be a grid (..., C, H, W)")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    if M == height and M == width:                      # the window is the grid
        return X.flatten(-2).unsqueeze(-3)
    strips = X.tensor_split(height // M, dim=-2)         # window rows, top to bottom
    windows = [block.flatten(-2) for strip in strips for block in strip.tensor_split(width // M, dim=-1)]
    return torch.stack(windows, dim=-3)
'''),
    # flat token indices from the contract's window formula, index_select on the flattened grid, unflatten and
    # transpose. Checked against the model answer by the battery (see the docstring), run twice; passes the visible
    # tests.
    "blind20_window_partition_index_gather": ("swin", "window_partition", '''
def window_partition(X, window):
    if X.dim() < 3:
        raise ValueError("X must be a grid (..., C, H, W)")
    *batch, channels, height, width = X.shape
    _check_grid(height, width, window)
    M = window
    k = torch.arange((height // M) * (width // M))
    t = torch.arange(M * M)
    rows = (k // (width // M))[:, None] * M + (t // M)[None, :]          # (nW, M*M), the contract's formula
    cols = (k % (width // M))[:, None] * M + (t % M)[None, :]
    flat = (rows * width + cols).reshape(-1)
    picked = X.flatten(-2).index_select(-1, flat)                        # (..., C, nW*M*M)
    return picked.unflatten(-1, (k.numel(), M * M)).transpose(-3, -2)
'''),
    # ------------------------------------------------------------------ swin.window_reverse
    # window_partition of an index grid gives each window token's flat position; its inverse permutation gathers the
    # tokens back. Checked against the model answer by the battery (see the docstring), run twice; passes the visible
    # tests.
    "blind20_window_reverse_scatter_by_partitioned_positions": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError(f"windows must be (..., nW, C, M*M) for a {height}x{width} grid")
    positions = window_partition(torch.arange(height * width).reshape(1, height, width), M)[:, 0]  # (nW, M*M)
    tokens = windows.transpose(-3, -2).flatten(-2)                   # (..., C, nW*M*M)
    inverse = torch.empty_like(positions.reshape(-1))
    inverse[positions.reshape(-1)] = torch.arange(height * width)
    return tokens.index_select(-1, inverse).unflatten(-1, (height, width))
'''),
    # windows unbound, concatenated along W into row strips, the strips along H. Checked against the model answer by the
    # battery (see the docstring), run twice; passes the visible tests.
    "blind20_window_reverse_row_strips_of_windows": ("swin", "window_reverse", '''
def window_reverse(windows, window, height, width):
    _check_grid(height, width, window)
    M = window
    if windows.dim() < 3 or windows.shape[-3] != (height // M) * (width // M) or windows.shape[-1] != M * M:
        raise ValueError(f"windows must be (..., nW, C, M*M) for a {height}x{width} grid")
    per_row = width // M
    blocks = windows.unflatten(-1, (M, M)).unbind(-4)                  # nW tensors (..., C, M, M)
    strips = [torch.cat(blocks[r * per_row:(r + 1) * per_row], dim=-1) for r in range(height // M)]
    return torch.cat(strips, dim=-2)
'''),
    # ------------------------------------------------------------------ swin.shifted_window_mask
    # two tokens were neighbours iff the roll kept their offset on both axes: original and rolled coordinates
    # partitioned into windows and their pairwise offsets compared. Checked against the model answer by the battery (see
    # the docstring), run twice; passes the visible tests.
    "blind20_shifted_window_mask_same_offset_before_and_after": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    # two tokens were neighbours before the roll iff the roll kept their offset on both axes
    rows = torch.arange(height)[:, None].expand(height, width)
    cols = torch.arange(width)[None, :].expand(height, width)
    grid = torch.stack([rows, cols, (rows + shift) % height, (cols + shift) % width])   # (4, H, W)
    w = window_partition(grid, window)                                  # (nW, 4, M*M)
    offset = w[:, :, None, :] - w[:, :, :, None]                        # (nW, 4, keys, queries)
    return (offset[:, 0] == offset[:, 2]) & (offset[:, 1] == offset[:, 3])
'''),
    # the three-region labels (row label * 3 + column label) computed in Python loops, then compared within each window.
    # Checked against the model answer by the battery (see the docstring), run twice; passes the visible tests.
    "blind20_shifted_window_mask_python_regions": ("swin", "shifted_window_mask", '''
def shifted_window_mask(height, width, window, shift):
    _check_grid(height, width, window)
    if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
        raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
    M = window
    def region(index, size):
        return 0 if index < size - M else (1 if index < size - shift else 2)
    labels = torch.tensor([[3 * region(h, height) + region(w, width) for w in range(width)]
                           for h in range(height)])
    flat = window_partition(labels[None], M)[:, 0]
    return torch.eq(flat.unsqueeze(-1), flat.unsqueeze(-2))
'''),
    # ------------------------------------------------------------------ swin.patch_merging
    # the four blocks by index_select with even/odd index vectors, F.layer_norm on the channels-last merged tensor, @
    # W.T. Checked against the model answer by the battery (see the docstring), run twice; passes the visible tests.
    "blind20_patch_merging_index_select_even_odd": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be a grid (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree with C")
    even_r, odd_r = torch.arange(0, height, 2), torch.arange(1, height, 2)
    even_c, odd_c = torch.arange(0, width, 2), torch.arange(1, width, 2)
    parts = [X.index_select(-2, r).index_select(-1, c) for c, r in
             ((even_c, even_r), (even_c, odd_r), (odd_c, even_r), (odd_c, odd_r))]
    merged = torch.cat(parts, dim=-3).movedim(-3, -1)                   # (..., H/2, W/2, 4C)
    normed = torch.nn.functional.layer_norm(merged, (4 * channels,), gamma, beta, eps)
    return (normed @ W.T).movedim(-1, -3)
'''),
    # the 2x2 blocks by unflatten and one permute (column offset, row offset, channel), two-pass mean and biased
    # variance with rsqrt, tensordot with W. Checked against the model answer by the battery (see the docstring), run
    # twice; passes the visible tests.
    "blind20_patch_merging_welford_free_two_pass": ("swin", "patch_merging", '''
def patch_merging(X, gamma, beta, W, eps=1e-5):
    if X.dim() < 3:
        raise ValueError("X must be a grid (..., C, H, W)")
    channels, height, width = X.shape[-3:]
    if height % 2 or width % 2:
        raise ValueError(f"patch merging needs an even grid, got {height}x{width}")
    if gamma.shape != (4 * channels,) or beta.shape != (4 * channels,) or W.shape != (2 * channels, 4 * channels):
        raise ValueError("parameter shapes disagree with C")
    blocks = X.unflatten(-2, (height // 2, 2)).unflatten(-1, (width // 2, 2))    # (..., C, h, r, w, c)
    blocks = blocks.permute(*range(X.dim() - 3), -1, -3, -5, -4, -2)            # (..., c, r, C, h, w)
    merged = blocks.reshape(*X.shape[:-3], 4 * channels, height // 2, width // 2)
    centred = merged - merged.mean(dim=-3, keepdim=True)
    variance = (centred * centred).mean(dim=-3, keepdim=True)
    normed = centred * torch.rsqrt(variance + eps) * gamma[:, None, None] + beta[:, None, None]
    return torch.tensordot(W, normed, dims=([1], [-3])).movedim(0, -3)
'''),
    # ------------------------------------------------------------------ davit.channel_attention
    # when every group is one channel (G = C) each query has one key of weight 1, so the output is Wo V + bo without
    # scores (Wq, Wk, bq, bk then get no gradient; their true gradient is zero); otherwise torch.softmax over the key
    # axis. Checked against the model answer by the battery (see the docstring), run twice; passes the visible tests.
    "blind20_channel_attention_single_channel_groups_shortcut": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
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
    V = linear(X, params["Wv"], params["bv"])
    if channels == num_groups:
        # one channel per group: each query sees a single key, whose weight is 1 -- the output is V itself
        return linear(V, params["Wo"], params["bo"])
    scale = tokens ** -0.5 if scale is None else scale
    Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
    K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
    weights = torch.softmax(K @ Q.transpose(-2, -1) * scale, dim=-2)
    return linear(merge_heads(weights.transpose(-2, -1) @ split_heads(V, num_groups)), params["Wo"], params["bo"])
'''),
    # groups by tensor_split, scores and outputs by einsum per group, concatenated. Checked against the model answer by
    # the battery (see the docstring), run twice; passes the visible tests.
    "blind20_channel_attention_tensor_split_groups": ("davit", "channel_attention", '''
def channel_attention(X, params, num_groups, scale=None):
    if X.dim() < 2:
        raise ValueError("X must be (..., C, N)")
    channels, tokens = X.shape[-2:]
    if isinstance(num_groups, bool) or not isinstance(num_groups, int) or num_groups < 1 or channels % num_groups:
        raise ValueError(f"num_groups must be a positive divisor of C={channels}, got {num_groups!r}")
    if tokens == 0:
        raise ValueError("X has no tokens (N = 0)")
    for name in ("Wq", "Wk", "Wv", "Wo", "bq", "bk", "bv", "bo"):
        want = (channels, channels) if name[0] == "W" else (channels,)
        if tuple(params[name].shape) != want:
            raise ValueError(f"params[{name!r}] must be {want}")
    if scale is None:
        scale = 1.0 / math.sqrt(tokens)
    Q, K, V = (linear(X, params["W" + s], params["b" + s]) for s in "qkv")
    outs = []
    for q, k, v in zip(Q.tensor_split(num_groups, dim=-2), K.tensor_split(num_groups, dim=-2),
                       V.tensor_split(num_groups, dim=-2)):
        scores = torch.einsum("...jn,...in->...ji", k, q) * scale       # (keys j, queries i)
        outs.append(torch.einsum("...ji,...jn->...in", softmax_cols(scores), v))
    return linear(torch.cat(outs, dim=-2), params["Wo"], params["bo"])
'''),
}
