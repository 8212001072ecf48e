"""Fortieth blind batch of held-out implementations (prefix blind39_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, the stubs (exercises/*.py: signatures and input-check
lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests
were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_37.py) were only skimmed for their entry names and header decisions (four names
that collided with earlier entries, and their ideas, were replaced). Nothing else under grader/ or tests/ was opened,
grepped or run, nor docs/grading.md, nor the batch written at the same time (held_out_blind_38.py).

Emphasis: the branches a learner's own tests rarely reach, optional arguments and modes. Each wrong entry is right on
the default path and wrong only in a less-travelled one: top_k and top_p together, temperature 0 with a filter, greedy
ties, top_k > V, max_new_tokens 0, eos_id 0, generator None (a private seeded generator), context_size with a long
prompt, beam search with and without eos_id, causal buckets, an odd num_buckets, a non-default max_distance, one of
the two rotary position arguments given, a non-default rotary base, sizes passed to sparse_attention_cost for
patterns that do not use them and window 0, special_ids empty or a LongTensor, mask_prob 0.0, randomness outside the
given generator, channel attention's explicit scale (0.0 and other values) and num_groups 1, a bias given to
average_pool_head, sos_id at the palette's edge with a uint8 image, eps 0.0 and eps given to patch_merging, norm_first
True (with and without a mask), enc_mask given, a batched mask, a query or state that sees nothing, dtype given or
defaulted, and optional arguments passed positionally to a reordered signature (next_token_probs, mlm_corrupt,
transformer_layer) or forwarded in the wrong order (generate). Right entries handle every branch in styles of their
own: early returns (greedy, max_new_tokens 0, a finished leader in beam search, one channel per group), dispatch
tables and per-half helpers, single paths with neutral defaults (k = V, an all-True mask, a zero bias, the whole
sequence as context), keyword calls everywhere.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind39/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests: every right entry passes them; each wrong
entry's comment says whether it does (25 of the 48 wrong entries pass them). Each wrong entry's recorded input
was run on the model answer and on the entry and both results printed; each differs as its comment says. Right
entries were compared with the model answer under both default dtypes (float32 and float64) on float32 and float64
inputs (to 2e-5 and 1e-10, 10x that for the layers; exactly for ids, masks, counts and buckets): unbatched, one and two
batch axes, broadcast batch axes (additive_attention), non-contiguous inputs, edge sizes (V = 1, N = 1, D = 2, n = 0,
k > V, window > n), every optional argument given and not, by keyword and positionally, at its default and at 0 where
allowed, the contract's ValueErrors (same outcome on both sides), arguments left unchanged, and gradients of every
floating-point input with a random cotangent (plus torch.autograd.gradcheck where the cotangent's layout differed).
Sampling entries: the same ids for the same seeded generator (cloned per side) and under torch.manual_seed, over
temperature 0 / 0.7 / 1, top_k, top_p, eos_id (including 0 and a prompt ending in it), context_size and
max_new_tokens 0; beam search over 288 random models, widths 1 to 7, with and without eos. mlm_corrupt and nsp_pairs
(only their distribution is graded): selection rate, the 80/10/10 split, specials never chosen (list, tuple, empty,
LongTensor), labels, determinism for a seeded generator, and the frequencies of every (A, B, label) over 6000 draws,
all agreeing with the model answer.

Judgement calls: blind39_generate_private_generator_when_none and blind39_mlm_random_ids_from_global_rng give the
right distribution on every single call; they are wrong because the contract says where the randomness comes from
(torch's global generator when generator is None; only `generator` for mlm_corrupt), which a seeded comparison sees.
blind39_beam_drops_finished_beams returns a sequence with a better score than the model answer's on the recorded
input; it is wrong because the contract makes a finished beam compete for one of the beam_width places.
blind39_mlm_special_lookup_table_from_max crashes with a RuntimeError (not a ValueError) on special_ids=[], so it
cannot pass as an extra input check. blind39_cost_dispatch_on_given_size and blind39_cost_first_given_size_wins are
right whenever only the pattern's own size is passed. blind39_beam_stops_when_leader_finished is kept as right after
the argument in its comment (log-softmax output is never positive in floating point, since the sum it takes the log
of includes exp(0) = 1) and 289 comparisons. blind39_ntp_neutral_k_single_path deliberately does not use p = 1 as a
neutral top-p (that can drop tail tokens whose cumulative sum rounds to 1). Fewer entries than asked (about 55 / 35):
the time box.

Counts: 48 wrong, 22 right.
Wrong per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 2, 'channel_attention': 3, 'cross_attention': 1, 'decoder_layer': 1, 'generate': 5, 'layer_norm': 1, 'mlm_corrupt': 5, 'multi_head_attention': 1, 'next_token_probs': 6, 'one_hot': 2, 'patch_merging': 1, 'pixel_sequence': 1, 'relative_position_bucket': 4, 'rotary_embedding': 3, 'scaled_dot_product_attention': 1, 'self_attention': 1, 'sparse_attention_cost': 3, 'transformer_layer': 4}.
Right per function: {'additive_attention': 1, 'average_pool_head': 1, 'beam_search': 1, 'channel_attention': 2, 'decoder_layer': 1, 'generate': 2, 'layer_norm': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 2, 'nsp_pairs': 1, 'one_hot': 1, 'patch_merging': 1, 'pixel_sequence': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'self_attention': 1, 'sparse_attention_cost': 1, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_39 = {
    # Applies top-p to the raw softmax, not to the renormalised top-k result, then intersects the two filters: only
    # wrong when top_k and top_p are given together. logits = log([0.4, 0.3, 0.2, 0.1]) (float64), top_k=2, top_p=0.5:
    # model [1, 0, 0, 0], entry [0.5714, 0.4286, 0, 0]. Fails the visible tests.
    "blind39_ntp_topk_and_topp_both_from_raw_softmax": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            keep = torch.ones_like(probs, dtype=torch.bool)
            if top_k is not None:
                by_k = torch.zeros_like(keep)
                by_k[order[:top_k]] = True
                keep &= by_k
            if top_p is not None:
                # both filters read the same sorted softmax, then intersect
                cumulative = torch.cumsum(probs[order], dim=0)
                count = min(int((cumulative < top_p).sum()) + 1, len(probs))
                by_p = torch.zeros_like(keep)
                by_p[order[:count]] = True
                keep &= by_p
            probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Turns temperature 0 into 1e-6 instead of an arg-max one-hot: tied maxima share the mass instead of going to the
    # lowest id. logits [1, 3, 3], temperature=0: model [0, 1, 0], entry [0, 0.5, 0.5]. Fails the visible tests.
    "blind39_ntp_greedy_as_tiny_temperature": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            temperature = max(temperature, 1e-6)      # T = 0 is the limit of a very cold softmax
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
                count = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:count]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Signature has top_p before top_k: keyword calls are right, positional calls (and the model answer's own generate,
    # which calls next_token_probs(logits, temperature, top_k, top_p)) swap them. next_token_probs(log([.4,.3,.2,.1]), 1.0, 2):
    # model [0.5714, 0.4286, 0, 0], entry ValueError (top_p = 2). Fails the visible tests.
    "blind39_ntp_signature_top_p_before_top_k": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_p=None, top_k=None):
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
                cumulative = torch.cumsum(probs[order], dim=0)
                count = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:count]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # The greedy branch is taken only when neither top_k nor top_p is given; temperature 0 with a filter multiplies the
    # logits by inf and the softmax is NaN. logits [1, 3, 2], temperature=0, top_k=2: model [0, 1, 0], entry [nan, nan, nan].
    # Passes the visible tests.
    "blind39_ntp_greedy_only_without_filters": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0 and top_k is None and top_p is None:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature if temperature else logits * float("inf"), dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            if top_k is not None:
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                count = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:count]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # The top-k branch builds its softmax from the raw logits, forgetting the temperature (the no-filter branch divides).
    # logits [0, 1, 2] (float64), temperature=2, top_k=2: model [0, 0.3775, 0.6225], entry [0, 0.2689, 0.7311].
    # Passes the visible tests.
    "blind39_ntp_topk_branch_forgets_temperature": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            if top_k is not None:
                kept = torch.full_like(logits, float("-inf"))
                order = torch.sort(logits, descending=True, stable=True).indices[:top_k]
                kept[order] = logits[order]
                probs = torch.softmax(kept, dim=-1)
            else:
                probs = torch.softmax(logits / temperature, dim=-1)
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                count = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:count]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Reads the rank of the k-th sorted token, order[top_k - 1]: an IndexError when top_k > V, which the contract says
    # keeps every token. log([.4,.3,.2,.1]), top_k=6: model [0.4, 0.3, 0.2, 0.1], entry IndexError. Passes the visible tests.
    "blind39_ntp_topk_threshold_indexes_kth_value": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            if top_k is not None:
                rank = torch.empty_like(order)
                rank[order] = torch.arange(len(order))
                probs = torch.where(rank <= rank[order[top_k - 1]], probs, 0.0)   # the k-th token's rank
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                count = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:count]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # A do-while loop: the budget is checked after drawing, so max_new_tokens=0 still emits one token. A 5-token
    # model, prompt [1, 2, 3], max_new_tokens=0: model [1, 2, 3], entry [1, 2, 3, 3]. Passes the visible tests.
    "blind39_generate_draws_before_checking_budget": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            while True:
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
                if len(ids) - len(prompt) >= max_new_tokens:
                    break
            return ids
'''),
    # `if eos_id and ...`: eos_id=0 (an id at the vocabulary's edge) never stops generation. A model whose arg-max is
    # always 0, prompt [1, 2, 3], max_new_tokens=6, eos_id=0, temperature=0: model [1, 2, 3, 0], entry [1, 2, 3, 0, 0, 0, 0, 0, 0].
    # Passes the visible tests.
    "blind39_generate_eos_zero_is_falsy": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids[-context_size:] if context_size else ids
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id and int(next_id) == eos_id:
                    break
            return ids
'''),
    # With generator=None it draws from a private generator seeded 0 instead of torch's global generator: every call
    # gives the same sample and torch.manual_seed has no effect. Flat 10-token model, prompt [1, 2, 3], 4 tokens after
    # torch.manual_seed(1): model [1, 2, 3, 0, 4, 5, 5], entry [1, 2, 3, 6, 1, 2, 3]. Passes the visible tests.
    "blind39_generate_private_generator_when_none": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            if generator is None:
                generator = torch.Generator().manual_seed(0)    # reproducible by default
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
    # Slides the context window by only one token per step: a prompt longer than context_size + 1 is never cropped to
    # context_size. A model whose greedy token is len(ids) % 5, prompt [0, 1, 2, 3, 4], 2 tokens, context_size=2,
    # temperature 0: model [0, 1, 2, 3, 4, 2, 2], entry [0, 1, 2, 3, 4, 4, 4]. Passes the visible tests.
    "blind39_generate_context_drops_one_token": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            context = prompt
            for _ in range(max_new_tokens):
                if context_size is not None and len(context) > context_size:
                    context = context[1:]                  # slide the window by one token
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator).to(ids.dtype)
                ids = torch.cat([ids, next_id])
                context = torch.cat([context, next_id])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Calls next_token_probs(logits, temperature, top_p, top_k) positionally, swapping the two filters. prompt [1, 2, 3],
    # 3 tokens, top_p=0.9: model a sequence, entry ValueError (top_k = 0.9). Fails the visible tests.
    "blind39_generate_passes_top_p_as_top_k": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_p, top_k)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # A beam that emits eos is set aside and its place handed to the next candidate, then the best of all finished and
    # live beams is returned; in the contract a finished beam keeps competing for a place and can be pushed out.
    # Model with log-probs by length (1: [.14, .8, .06], 2: [1e-6, .5, .5], 3: uniform), prompt [1], width 2, 3 steps,
    # eos_id=0: model [1, 1, 1, 0], entry [1, 0]. Passes the visible tests.
    "blind39_beam_drops_finished_beams": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt)]
            done = []
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids in beams:
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, lp in enumerate(log_probs.tolist()):
                        candidates.append((score + lp, torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])))
                candidates.sort(key=lambda c: -c[0])
                beams = []
                for score, ids in candidates[:beam_width]:
                    if eos_id is not None and int(ids[-1]) == eos_id:
                        done.append((score, ids))            # finished: set aside, its place goes to the next
                    else:
                        beams.append((score, ids))
                if not beams:
                    break
            pool = done + beams
            best = max(range(len(pool)), key=lambda i: (pool[i][0], -i))
            return pool[best][1]
'''),
    # With eos_id=None token 0 is treated as eos. Model with probs [.6, .3, .1] after the prompt and [.2, .7, .1] after,
    # prompt [1], width 1, 2 steps, no eos: model [1, 0, 1], entry [1, 0]. Passes the visible tests.
    "blind39_beam_no_eos_treats_zero_as_eos": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            eos = 0 if eos_id is None else eos_id        # token 0 is the end-of-text token by default
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, lp in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + lp, extended, token == eos))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # bidirectional=False uses |offset| instead of clamping positive offsets to 0. Offsets [-20, -3, 0, 1, 3],
    # bidirectional=False: model [17, 3, 0, 0, 0], entry [17, 3, 0, 1, 3]. Fails the visible tests.
    "blind39_bucket_causal_uses_absolute_distance": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(offset > 0, half, 0)
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
            distance = offset.abs()
            exact = half // 2
            scaled = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + scaled.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # bidirectional=False still splits num_buckets in two (half = 16 instead of 32). Offsets [-20, -3, 0, 1, 3],
    # bidirectional=False: model [17, 3, 0, 0, 0], entry [10, 3, 0, 0, 0]. Fails the visible tests.
    "blind39_bucket_causal_still_halves": ("positions", "relative_position_bucket", '''
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
            scaled = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + scaled.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # The upper half starts at num_buckets - num_buckets // 2: right for an even count, one too high for an odd one.
    # Offsets [-20, -3, 0, 1, 3], num_buckets=31: model [9, 3, 0, 16, 18], entry [9, 3, 0, 17, 19]. Passes the visible tests.
    "blind39_bucket_upper_half_rounds_up": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(offset > 0, num_buckets - half, 0)   # the upper half is the rest
                distance = offset.abs()
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
                distance = torch.clamp(-offset, min=0)
            exact = half // 2
            scaled = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + scaled.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # max_distance is ignored (T5's 128 hard-coded). Offsets [-50, 50], max_distance=64: model [15, 31], entry [13, 29].
    # Fails the visible tests.
    "blind39_bucket_max_distance_hardcoded": ("positions", "relative_position_bucket", '''
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
            exact = half // 2
            scaled = torch.log(distance.float() / exact) / math.log(128 / exact) * (half - exact)   # T5's 128
            far = torch.clamp(exact + scaled.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # When only positions_q is given, K is rotated with positions_q too instead of its default 0 .. N_k - 1.
    # Q = arange(8).reshape(2, 4) (float64), K = Q.flip(-1) + 1, positions_q=[5, 6, 7, 8]: K' column 0 model [4, 8],
    # entry [8.806, -1.566]. Fails the visible tests.
    "blind39_rotary_k_positions_default_to_q_positions": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            if positions_q is None:
                positions_q = torch.arange(Q.shape[-1])
            if positions_k is None:
                positions_k = positions_q       # self-attention: the same positions on both sides
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # When only positions_k is given, Q takes the last N_q key positions (a KV-cache habit) instead of its default
    # 0 .. N_q - 1. Q = [[0], [4]] (D=2, N_q=1), K (2, 4), positions_k=[0, 1, 2, 3]: model Q' = [[0], [4]], entry
    # [[-0.5645], [-3.9600]]. Passes the visible tests.
    "blind39_rotary_q_positions_taken_from_k_tail": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            if positions_q is None and positions_k is not None:
                positions_q = positions_k[-Q.shape[-1]:]   # the queries are the newest keys (a KV cache)
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # base is ignored (10000 hard-coded). Q = arange(8).reshape(4, 2) (float64), K = Q.flip(-1) + 1, base=100:
    # Q'[1, 1] model 2.2862, entry 2.9299. Fails the visible tests.
    "blind39_rotary_base_argument_ignored": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            return rotate_columns(Q, positions_q, 10000.0), rotate_columns(K, positions_k, 10000.0)
'''),
    # Dispatches on which size keyword is given rather than on the pattern, so a window passed with "dense" counts a
    # local pattern. sparse_attention_cost("dense", 5, window=1): model 25, entry 13. Passes the visible tests.
    "blind39_cost_dispatch_on_given_size": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if window is not None:                     # a window makes it a local pattern
                w = min(window, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)
            if stride is not None:
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            if num_global is not None:
                return num_global * (2 * n - num_global)
            return n * n if pattern == "dense" else n * (n + 1) // 2
'''),
    # Takes the first size keyword given, whatever the pattern: "strided" with a window also given uses the window as
    # the stride. sparse_attention_cost("strided", 10, window=2, stride=3): model 34, entry 50. Passes the visible tests.
    "blind39_cost_first_given_size_wins": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            size = next((s for s in (window, stride, num_global) if s is not None), None)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(size, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // size if n else 0
                return n * (2 * m + 1) - size * m * (m + 1)
            return size * (2 * n - size)
'''),
    # `window or n - 1`: window=0 (the diagonal only) counts as no window. sparse_attention_cost("local", 5, window=0):
    # model 5, entry 25. Passes the visible tests.
    "blind39_cost_window_zero_means_unbounded": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window or n - 1, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # Builds a lookup table of size max(special_ids) + 1: empty special_ids crash. ids [3, 4, 5], vocab 10,
    # special_ids=[], mask_id 2, mask_prob=1.0, seeded generator: model ([2, 2, 2], [3, 4, 5]), entry RuntimeError (max of
    # an empty tensor). Passes the visible tests.
    "blind39_mlm_special_lookup_table_from_max": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            specials = [int(s) for s in special_ids]
            is_special = torch.zeros(int(torch.tensor(specials).max()) + 1, dtype=torch.bool)   # a lookup table
            is_special[specials] = True
            eligible = ~is_special[ids.clamp(max=len(is_special) - 1)] | (ids >= len(is_special))
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Puts special_ids in a Python set and tests int membership: right for a list, but a LongTensor's elements are 0-d
    # tensors that hash by identity, so every special id becomes eligible. ids [0, 1, 7, 8, 9, 0, 7, 8, 9, 1] * 50,
    # special_ids=tensor([0, 1]), seeded: model chooses 0 of the 200 special positions, entry 28. Passes the visible tests.
    "blind39_mlm_special_set_of_tensors": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = set(special_ids)
            eligible = torch.tensor([int(t) not in special for t in ids.reshape(-1).tolist()],
                                    dtype=torch.bool).reshape(ids.shape)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Draws the random replacement ids from torch's global generator, not from `generator`: a seeded call is not
    # reproducible. 4000 ids, Generator().manual_seed(0) twice, global seeds 1 and 2: model identical outputs, entry
    # different ones. Fails the visible tests.
    "blind39_mlm_random_ids_from_global_rng": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # `mask_prob or 0.15`: mask_prob=0.0 masks 15 %. 40 ids, mask_prob=0.0, seeded: model labels all -100 (sum -4000),
    # entry 12 positions chosen (labels sum -2788). Fails the visible tests.
    "blind39_mlm_zero_mask_prob_falls_back": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            mask_prob = mask_prob or 0.15
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Signature has mask_prob before generator: a generator passed positionally becomes mask_prob.
    # mlm_corrupt(tensor([3, 4, 5]), 10, [0], 2, Generator().manual_seed(0)): model ([3, 4, 2], [-100, -100, 5]), entry
    # TypeError. Fails the visible tests.
    "blind39_mlm_signature_mask_prob_before_generator": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, mask_prob=0.15, generator=None):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # `scale or 1/sqrt(N)`: an explicit scale=0.0 (uniform weights) falls back to the default. X randn(4, 3) float64,
    # num_groups 2, scale=0.0: output [0, 0] model -4.3571, entry -7.4333. Fails the visible tests.
    "blind39_channel_zero_scale_falls_back": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            scale = scale or 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # Divides the scores by the scale (right for the default, which it computes as sqrt(N)); a given scale is used
    # upside down. X randn(4, 3) float64, num_groups 2, scale=0.5: output [0, 0] model -7.2961, entry -8.3238.
    # Fails the visible tests.
    "blind39_channel_scale_used_as_divisor": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            temperature = math.sqrt(tokens) if scale is None else scale
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) / temperature)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # A fast path for num_groups == 1 computes Q Kᵀ instead of K Qᵀ (keys and queries swapped); the grouped path is
    # right. X randn(4, 3) float64, num_groups=1: output [1, 0] model -0.4100, entry 0.4561. Passes the visible tests.
    "blind39_channel_single_group_fast_path_transposed": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = linear(X, params["Wq"], params["bq"])
            K = linear(X, params["Wk"], params["bk"])
            V = linear(X, params["Wv"], params["bv"])
            if num_groups == 1:                         # one group: plain C x C attention, no splitting
                weights = softmax_cols(Q @ K.transpose(-2, -1) * scale)
                return linear(weights.transpose(-2, -1) @ V, params["Wo"], params["bo"])
            Q, K, V = (split_heads(Y, num_groups) for Y in (Q, K, V))
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # `if b:` on a tensor bias: right for b=None, a RuntimeError for any bias with K > 1. X (2, 3), W (2, 2),
    # b=[1, 2]: model [0.3399, 2.4807], entry RuntimeError (ambiguous truth value). Fails the visible tests.
    "blind39_pool_head_bias_truthiness": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            logits = torch.einsum("kd,...d->...k", W, X.mean(dim=-1))
            if b:
                logits = logits + b
            return logits
'''),
    # Writes sos_id into a tensor of the image's dtype before converting to long: a uint8 image cannot hold an sos_id
    # at the palette's edge (512). ids uint8 [[1, 2], [3, 4]], sos_id=512: model ([512, 1, 2, 3], [1, 2, 3, 4]), entry
    # RuntimeError (overflow). Passes the visible tests.
    "blind39_pixel_sequence_start_in_image_dtype": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            flat = ids.reshape(*ids.shape[:-2], -1)
            inputs = flat.roll(1, dims=-1)
            inputs[..., 0] = sos_id                    # the start token replaces the wrapped-around last pixel
            return inputs.long(), flat.long()
'''),
    # `eps or 1e-5`: eps=0.0 (no smoothing) becomes 1e-5. X [[0], [1e-3]] float64, gamma 1, beta 0, eps=0.0:
    # model [[-1], [1]], entry [[-0.1562], [0.1562]]. Fails the visible tests.
    "blind39_layer_norm_zero_eps_falls_back": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            eps = eps or 1e-5
            mean = X.mean(dim=-2, keepdim=True)
            variance = ((X - mean) ** 2).mean(dim=-2, keepdim=True)
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
    # eps is not passed on to layer_norm (its 1e-5 default is used). X randn(1, 2, 2) * 0.01 float64, gamma 1, beta 0,
    # W eye(2, 4), eps=0.5: model [0.0231, -0.0295], entry [1.1612, -1.4860]. Passes the visible tests.
    "blind39_patch_merging_eps_not_forwarded": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            blocks = [X[..., r::2, c::2] for c in (0, 1) for r in (0, 1)]     # TL, BL, TR, BR
            merged = torch.cat(blocks, dim=-3).flatten(-2)
            return (W @ layer_norm(merged, gamma, beta)).unflatten(-1, (height // 2, width // 2))
'''),
    # Pre-LN branch overwrites X with LN(X), so the residual stream carries the normalised values. X randn(4, 3)
    # float64, 2 heads, norm_first=True: output [0, 0] model 13.8384, entry -4.2032. Fails the visible tests.
    "blind39_transformer_layer_pre_ln_residual_from_normed": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = layer_norm(X, params["gamma1"], params["beta1"])
                X = X + multi_head_attention(X, X, params, num_heads, mask)
                X = layer_norm(X, params["gamma2"], params["beta2"])
                return X + ffn(X)
            X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
            return layer_norm(X + ffn(X), params["gamma2"], params["beta2"])
'''),
    # Pre-LN branch calls attention without the mask (post-LN passes it). X randn(4, 3) float64, 2 heads, causal mask,
    # norm_first=True: output [0, 0] model 15.3230, entry 13.8384. Fails the visible tests.
    "blind39_transformer_layer_pre_ln_drops_mask": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            ln1 = lambda Y: layer_norm(Y, params["gamma1"], params["beta1"])
            ln2 = lambda Y: layer_norm(Y, params["gamma2"], params["beta2"])
            if norm_first:
                Y = ln1(X)
                X = X + multi_head_attention(Y, Y, params, num_heads)
                return X + ffn(ln2(X))
            X = ln1(X + multi_head_attention(X, X, params, num_heads, mask))
            return ln2(X + ffn(X))
'''),
    # Signature has norm_first before mask: keyword calls are right, transformer_layer(X, params, H, causal) takes the
    # mask as norm_first. X randn(4, 3) float64, 2 heads, positional causal mask: model a (4, 3) result, entry
    # RuntimeError (truth value of the mask). Passes the visible tests.
    "blind39_transformer_layer_norm_first_before_mask": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, norm_first=False, mask=None):
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            ln1 = lambda Y: layer_norm(Y, params["gamma1"], params["beta1"])
            ln2 = lambda Y: layer_norm(Y, params["gamma2"], params["beta2"])
            if norm_first:
                Y = ln1(X)
                X = X + multi_head_attention(Y, Y, params, num_heads, mask)
                return X + ffn(ln2(X))
            X = ln1(X + multi_head_attention(X, X, params, num_heads, mask))
            return ln2(X + ffn(X))
'''),
    # Pre-LN uses gamma2/beta2 in front of attention and gamma1/beta1 in front of the FFN (post-LN is right). X randn(4, 3)
    # float64, 2 heads, norm_first=True: output [0, 0] model 13.8384, entry 6.3595. Passes the visible tests.
    "blind39_transformer_layer_pre_ln_norms_swapped": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            ffn = lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                # pre-LN: the norm in front of each sub-block is the one that closed the previous one
                Y = layer_norm(X, params["gamma2"], params["beta2"])
                X = X + multi_head_attention(Y, Y, params, num_heads, mask)
                return X + ffn(layer_norm(X, params["gamma1"], params["beta1"]))
            X = layer_norm(X + multi_head_attention(X, X, params, num_heads, mask), params["gamma1"], params["beta1"])
            return layer_norm(X + ffn(X), params["gamma2"], params["beta2"])
'''),
    # Also applies enc_mask to the causal self-attention (it broadcasts when N_e == N_d): decoder tokens past an
    # encoder length are hidden from their own decoder. X_dec, X_enc randn(2, 4, 3) float64, 2 heads, enc_mask =
    # padding_mask([3, 1], 3): sequence 1, output [0, 1] model -0.8659, entry -0.8424. Fails the visible tests.
    "blind39_decoder_layer_enc_mask_on_self_attention_too": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            self_mask = causal_mask(X_dec.shape[-1])
            if enc_mask is not None:
                self_mask = self_mask & enc_mask           # padded positions are hidden everywhere
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            ffn = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + ffn, params["gamma3"], params["beta3"])
'''),
    # Adds a head axis to enc_mask before multi_head_attention, which adds its own: the mask gains a batch axis.
    # X_dec, X_enc randn(2, 4, 3), padding_mask([3, 1], 3): model shape (2, 4, 3), entry (2, 2, 4, 3); unbatched with a
    # (3, 3) mask: model (4, 3), entry (1, 4, 3). Fails the visible tests.
    "blind39_cross_attention_adds_head_axis_itself": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            if enc_mask is not None:
                enc_mask = enc_mask.unsqueeze(-3)          # one encoder mask for every head
            return multi_head_attention(X_dec, X_enc, params, num_heads, enc_mask)
'''),
    # Treats a 3-d mask as one mask per head and adds the head axis only to a 2-d mask: a batched mask (B, N_k, N_q)
    # is applied head by head when B == H. Xq = Xkv randn(2, 4, 3) float64, 2 heads, mask stack([causal, causalᵀ]):
    # output [0, 0, 0] model -2.3280, entry -3.7990. Passes the visible tests.
    "blind39_mha_three_dim_mask_read_as_per_head": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None and mask.dim() == 2:
                mask = mask.unsqueeze(-3)                    # a 3-d mask already holds one mask per head
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Fills hidden positions with -1e9 and uses torch.softmax: right for a partial mask, but a state that sees no
    # position gets uniform weights instead of zeros. s (3,), H (2, 4), mask all False: model weights [0, 0, 0, 0],
    # context [0, 0]; entry weights [0.25] * 4, context [-0.3778, -0.2203]. Fails the visible tests.
    "blind39_additive_mask_large_negative": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, -1e9)
            weights = torch.softmax(scores, dim=-1)
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
'''),
    # attention_decoder_step does not pass mask to additive_attention. s (3,), y (2,), H (2, 4), mask [T, F, F, T]:
    # weights model [0.5973, 0, 0, 0.4027], entry [0.3276, 0.2110, 0.2404, 0.2209]. Fails the visible tests.
    "blind39_decoder_step_mask_not_forwarded": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"])
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"],
                         params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # dtype is ignored: the result is always in the default dtype. one_hot([0, 2], 3, dtype=torch.float64) under a
    # float32 default: model float64, entry float32. Fails the visible tests.
    "blind39_one_hot_dtype_argument_ignored": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            hot = torch.nn.functional.one_hot(token_ids, vocab_size).movedim(-1, -2)
            return hot.to(torch.get_default_dtype())
'''),
    # dtype=None gives float32 instead of the default dtype (`dtype or torch.float32`). one_hot([0, 2], 3) under
    # torch.set_default_dtype(torch.float64): model float64, entry float32. Passes the visible tests.
    "blind39_one_hot_default_is_float32": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            hot = torch.nn.functional.one_hot(token_ids, vocab_size).movedim(-1, -2)
            return hot.to(dtype or torch.float32)
'''),
    # self_attention accepts mask but does not pass it on. X randn(2, 3) float64, causal mask: weights column 0 model
    # [1, 0, 0], entry [0.2779, 0.4434, 0.2787]. Passes the visible tests.
    "blind39_self_attention_mask_dropped": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q, K, V = linear(X, Wq, bq), linear(X, Wk, bk), linear(X, Wv, bv)
            return scaled_dot_product_attention(Q, K, V)
'''),
    # Fills hidden scores with the dtype's lowest finite value and uses torch.softmax: a query whose mask column is all
    # False gets uniform weights instead of zeros. Q = arange(6).reshape(2, 3) / 5, K = Q.flip(-1), V = [[1, 2, 3]], mask
    # column 2 all False: output model [1, 1.4647, 0], entry [1, 1.4647, 2]. Passes the visible tests.
    "blind39_sdpa_dead_query_uniform": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = scores.masked_fill(~mask, torch.finfo(scores.dtype).min)
            weights = torch.softmax(scores, dim=-2)
            return V @ weights, weights
'''),
}


RIGHT_BLIND_39 = {
    # Right: greedy one-hot built by comparison with arange (lowest id from argmax); otherwise one path with k = V as
    # the neutral top-k (clamped to V), ranks from a stable sort, top-p on the renormalised result with the crossing token
    # kept; top_p=None skips the nucleus step rather than using p = 1 (which could drop tokens whose cumulative sum rounds to 1).
    "blind39_ntp_neutral_k_single_path": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            vocab = logits.shape[-1]
            if temperature == 0:
                return (torch.arange(vocab) == torch.argmax(logits)).to(logits.dtype)
            k = vocab if top_k is None else min(top_k, vocab)       # k = V keeps every token
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, descending=True, stable=True).indices
            rank = torch.empty_like(order)
            rank[order] = torch.arange(vocab)
            probs = torch.where(rank < k, probs, 0.0)
            probs = probs / probs.sum()
            if top_p is not None:
                sorted_probs = probs[order]                           # same order: the kept ones lead
                cut = (torch.cumsum(sorted_probs, dim=0) < top_p).sum().clamp(max=vocab - 1)
                probs = torch.where(rank <= cut, probs, 0.0)
            return probs / probs.sum()
'''),
    # Right: filters in log space: tokens outside top-k (stable ranking) and outside the nucleus of the renormalised
    # distribution get -inf, one softmax at the end; `not temperature` is the greedy case (temperature is never negative
    # here: the stub's check rejects it).
    "blind39_ntp_log_space_filters": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if not temperature:
                greedy = torch.zeros_like(logits)
                greedy[int(torch.argmax(logits))] = 1
                return greedy
            scores = logits / temperature
            ranked = torch.sort(scores, descending=True, stable=True).indices   # ties: lower id first
            if top_k is not None and top_k < len(scores):
                scores = scores.index_fill(0, ranked[top_k:], float("-inf"))
            if top_p is not None:
                probs = torch.softmax(scores, dim=-1)
                ranked = torch.sort(probs, descending=True, stable=True).indices
                running = torch.cumsum(probs[ranked], dim=0)
                keep = int((running < top_p).sum()) + 1
                if keep < len(scores):
                    scores = scores.index_fill(0, ranked[keep:], float("-inf"))
            return torch.softmax(scores, dim=-1)
'''),
    # Right: early return for max_new_tokens <= 0, arg-max without drawing at temperature 0 (the contract allows it),
    # otherwise next_token_probs by keyword and torch.multinomial with the given generator (None: the global one);
    # returns as soon as eos_id is emitted (`token == None` is never true).
    "blind39_generate_early_returns_greedy_argmax": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            if max_new_tokens <= 0:
                return prompt.clone()
            tokens = prompt.tolist()
            for _ in range(max_new_tokens):
                visible = tokens if context_size is None else tokens[-context_size:]
                last = model(torch.tensor(visible, dtype=prompt.dtype))[:, -1]
                if temperature == 0:
                    token = int(torch.argmax(last))               # the one-hot has a single outcome
                else:
                    probs = next_token_probs(last, temperature=temperature, top_k=top_k, top_p=top_p)
                    token = int(torch.multinomial(probs, 1, generator=generator))
                tokens.append(token)
                if token == eos_id:
                    return torch.tensor(tokens, dtype=prompt.dtype)
            return torch.tensor(tokens, dtype=prompt.dtype)
'''),
    # Right: stops as soon as the best kept beam is finished. Log-probabilities are <= 0, so no later candidate can beat
    # its fixed score, and the stable sort puts it first on a tie (it is listed first): the returned sequence is the same as
    # running the remaining steps.
    "blind39_beam_stops_when_leader_finished": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                if beams[0][2]:
                    break            # the leader is finished: nothing can beat its score any more
                pool = []
                for score, ids, finished in beams:
                    if finished:
                        pool.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    pool.extend((score + lp, torch.cat([ids, ids.new_tensor([t])]), eos_id is not None and t == eos_id)
                                for t, lp in enumerate(log_probs))
                pool.sort(key=lambda entry: -entry[0])
                beams = pool[:beam_width]
            return beams[0][1]
'''),
    # Right: one helper for a half of n buckets (exact below n // 2, log-spaced in float32 above, capped at n - 1);
    # the causal mode uses every bucket with positive offsets clamped to 0, the bidirectional mode puts offsets > 0 in the
    # upper half starting at num_buckets // 2; max_distance and num_buckets as given.
    "blind39_bucket_helper_per_half": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()

            def within(distance, n):
                exact = n // 2
                ratio = torch.log(distance.float() / exact) / math.log(max_distance / exact)
                far = (exact + (ratio * (n - exact)).long()).clamp(max=n - 1)
                return torch.where(distance < exact, distance, far)

            if not bidirectional:
                return within((-offset).clamp(min=0), num_buckets)
            n = num_buckets // 2
            return torch.where(offset > 0, n, 0) + within(offset.abs(), n)
'''),
    # Right: rows i and i + D/2 as the real and imaginary parts of one complex number multiplied by e^{i p θ}; each
    # side's positions default to its own arange independently; the angles in float64, the product in the input's precision.
    "blind39_rotary_complex_each_side_defaulted": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def turn(X, positions):
                half = X.shape[-2] // 2
                p = torch.arange(X.shape[-1]) if positions is None else positions
                theta = base ** (-torch.arange(half, dtype=torch.float64) * 2 / (2 * half))
                angle = theta[:, None] * p.to(torch.float64)[None, :]
                cdtype = torch.complex128 if X.dtype == torch.float64 else torch.complex64
                phase = torch.polar(torch.ones_like(angle), angle).to(cdtype)
                z = torch.complex(X[..., :half, :], X[..., half:, :]) * phase
                return torch.cat([z.real, z.imag], dim=-2)
            return turn(Q, positions_q), turn(K, positions_k)
'''),
    # Right: a dispatch table of closed forms keyed by the pattern; sizes of other patterns are ignored; window capped
    # at n - 1, n = 0 gives 0; the stub's checks raise for an unknown pattern or a missing size.
    "blind39_cost_dispatch_table": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            def local(w):
                w = min(w, max(n - 1, 0))
                return n * (2 * w + 1) - w * (w + 1)

            def strided(s):
                m = max(n - 1, 0) // s
                return n * (2 * m + 1) - s * m * (m + 1)

            table = {
                "dense": lambda: n * n,
                "causal": lambda: n * (n + 1) // 2,
                "local": lambda: local(window),
                "strided": lambda: strided(stride),
                "global": lambda: num_global * (2 * n - num_global),
            }
            return table[pattern]()
'''),
    # Right: special ids listed as ints (list, tuple, empty or LongTensor alike), float64 uniforms from `generator`,
    # indexed writes into a clone; labels the original ids at the chosen positions. The distribution matches (rate, 80/10/10
    # split, specials never chosen); the draw order is free.
    "blind39_mlm_python_specials_one_draw": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            specials = torch.tensor([int(s) for s in special_ids], dtype=torch.long)
            ordinary = ~torch.isin(ids.long(), specials)
            u = torch.rand(ids.shape, generator=generator, dtype=torch.float64)
            chosen = ordinary & (u < mask_prob)
            v = torch.rand(ids.shape, generator=generator, dtype=torch.float64)
            replacement = torch.randint(vocab_size, ids.shape, generator=generator).to(ids.dtype)
            corrupted = ids.clone()
            corrupted[chosen & (v < 0.8)] = mask_id
            swap = chosen & (v >= 0.8) & (v < 0.9)
            corrupted[swap] = replacement[swap]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids.long()[chosen]
            return corrupted, labels
'''),
    # Right: a fair coin per sentence with a successor (randint(2)), `continue` on heads; on tails a uniform other
    # document from the list of other indices, then a uniform sentence of it; all draws from `generator`.
    "blind39_nsp_draws_then_continue": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            examples = []
            for d, document in enumerate(documents):
                for i in range(len(document) - 1):
                    coin = torch.randint(2, (), generator=generator).item()
                    if coin == 0:
                        examples.append((document[i], document[i + 1], 0))
                        continue
                    others = [e for e in range(len(documents)) if e != d]
                    other = documents[others[torch.randint(len(others), (), generator=generator).item()]]
                    examples.append((document[i], other[torch.randint(len(other), (), generator=generator).item()], 1))
            return examples
'''),
    # Right: with num_groups == C each group holds one channel, whose only key gets weight 1, so the output is
    # Wo V + bo (Q and K have zero true gradient there); otherwise the grouped path with scale defaulting to 1/sqrt(N).
    "blind39_channel_one_per_group_early_return": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            V = linear(X, params["Wv"], params["bv"])
            if num_groups == channels:
                # a group of one channel: its only key gets weight 1, the output is its own value
                return linear(V, params["Wo"], params["bo"])
            factor = 1 / math.sqrt(tokens) if scale is None else scale
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * factor)
            return linear(merge_heads(weights.transpose(-2, -1) @ split_heads(V, num_groups)), params["Wo"], params["bo"])
'''),
    # Right: the contract's equivalence, scaled_dot_product_attention(Q_gᵀ, K_gᵀ, V_gᵀ) transposed back; sdpa divides by
    # sqrt(N), so an explicit scale is applied by multiplying Q by scale · sqrt(N) (scale 0 gives uniform weights).
    "blind39_channel_via_sdpa_rescaled_queries": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            from .attention import scaled_dot_product_attention
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups).transpose(-2, -1)   # (..., G, N, C/G)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups).transpose(-2, -1)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups).transpose(-2, -1)
            if scale is not None:
                Q = Q * (scale * math.sqrt(tokens))          # sdpa divides by sqrt(N); make it scale instead
            out, _ = scaled_dot_product_attention(Q, K, V)
            return linear(merge_heads(out.transpose(-2, -1)), params["Wo"], params["bo"])
'''),
    # Right: one sublayer helper picks pre- or post-LN from norm_first; the mask goes by keyword to every attention call
    # in both modes; gamma1/beta1 around attention, gamma2/beta2 around the FFN.
    "blind39_transformer_layer_sublayer_helper": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def sublayer(Y, fn, gamma, beta):
                if norm_first:
                    return Y + fn(layer_norm(Y, params[gamma], params[beta]))
                return layer_norm(Y + fn(Y), params[gamma], params[beta])

            attend = lambda Z: multi_head_attention(Z, Z, params, num_heads, mask=mask)
            think = lambda Z: feed_forward(Z, params["W1"], params["b1"], params["W2"], params["b2"])
            return sublayer(sublayer(X, attend, "gamma1", "beta1"), think, "gamma2", "beta2")
'''),
    # Right: the causal mask as the complement of a strictly lower triangle (key j > query i hidden); enc_mask passed by
    # keyword to cross_attention only; layer_norm's gains by keyword.
    "blind39_decoder_layer_keyword_calls": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n = X_dec.shape[-1]
            future = torch.ones(n, n, dtype=torch.bool).tril(diagonal=-1)     # key j after query i: [j, i], j > i
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, mask=~future),
                           gamma=params["gamma1"], beta=params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask=enc_mask),
                           gamma=params["gamma2"], beta=params["beta2"])
            return layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                              gamma=params["gamma3"], beta=params["beta3"])
'''),
    # Right: centre, multiply by rsqrt(biased variance + eps), eps used exactly as given (0.0 included).
    "blind39_layer_norm_rsqrt_eps_as_given": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            centred = X - X.mean(dim=-2, keepdim=True)
            inv_std = torch.rsqrt(centred.square().mean(dim=-2, keepdim=True) + eps)
            return centred * inv_std * gamma.unsqueeze(-1) + beta.unsqueeze(-1)
'''),
    # Right: the 2x2 blocks by unflatten and permute into the order (c, r): TL, BL, TR, BR; eps passed on by keyword.
    "blind39_patch_merging_eps_by_keyword": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            rows = X.unflatten(-2, (height // 2, 2)).unflatten(-1, (width // 2, 2))   # (..., C, h, r, w, c)
            blocks = rows.permute(*range(rows.dim() - 5), -1, -3, -5, -4, -2)         # (..., c, r, C, h, w)
            merged = blocks.reshape(*X.shape[:-3], 4 * channels, height // 2, width // 2)
            normed = layer_norm(merged.flatten(-2), gamma, beta, eps=eps)
            return (W @ normed).unflatten(-1, (height // 2, width // 2))
'''),
    # Right: b = None becomes a zero bias in W's dtype and device; one path otherwise.
    "blind39_pool_head_neutral_bias": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            bias = W.new_zeros(W.shape[0]) if b is None else b
            return (W @ X.mean(dim=-1, keepdim=True)).squeeze(-1) + bias
'''),
    # Right: targets converted to long first, then a long tensor filled with sos_id and the shifted targets written
    # behind it, so any sos_id fits whatever the image's integer dtype.
    "blind39_pixel_sequence_new_full_long": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).long()
            inputs = targets.new_full(targets.shape, sos_id)
            inputs[..., 1:] = targets[..., :-1]
            return inputs, targets
'''),
    # Right: dtype resolved first (None -> the default dtype at call time), then a scatter of ones into zeros.
    "blind39_one_hot_scatter_dtype_resolved_first": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            dtype = torch.get_default_dtype() if dtype is None else dtype
            out = torch.zeros(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1], dtype=dtype)
            return out.scatter(-2, token_ids.unsqueeze(-2), 1.0)
'''),
    # Right: mask None becomes an all-True mask; hidden positions get -inf and softmax_cols gives an all-hidden state zero
    # weights (and zero context).
    "blind39_additive_mask_neutral_all_visible": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            e = torch.einsum("a,...an->...n", v, torch.tanh(U @ H + (s @ W.T)[..., None]))
            visible = torch.ones_like(e, dtype=torch.bool) if mask is None else mask
            e = e.masked_fill(~visible, float("-inf"))
            weights = softmax_cols(e[..., None])[..., 0]
            return weights, torch.einsum("...dn,...n->...d", H, weights)
'''),
    # Right: mask None becomes an all-True (N_k, N_q) mask; every mask gains its head axis at -3; the same path for both.
    "blind39_mha_neutral_mask_single_path": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            if mask is None:
                mask = torch.ones(Xkv.shape[-1], Xq.shape[-1], dtype=torch.bool)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask=mask[..., None, :, :])
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # Right: the three projections inline and the mask passed by keyword.
    "blind39_self_attention_mask_by_keyword": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            return scaled_dot_product_attention(linear(X, Wq, bq), linear(X, Wk, bk), linear(X, Wv, bv), mask=mask)
'''),
    # Right: one while loop; context_size None is the whole sequence; the eos test reads the last emitted token only after
    # a step, so a prompt ending in eos_id does not stop it; filters passed by keyword.
    "blind39_generate_neutral_context_single_path": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            steps = 0
            while steps < max_new_tokens and not (eos_id is not None and steps > 0 and int(ids[-1]) == eos_id):
                keep = len(ids) if context_size is None else context_size
                logits = model(ids[len(ids) - min(keep, len(ids)):])[:, -1]
                probs = next_token_probs(logits, temperature, top_k=top_k, top_p=top_p)
                ids = torch.cat([ids, torch.multinomial(probs, 1, generator=generator).to(ids.dtype)])
                steps += 1
            return ids
'''),
}
