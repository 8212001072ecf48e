"""Hundred-and-fifth blind batch of held-out implementations (prefix blind104_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, course/registry.py, the stubs (exercises/*.py:
signatures and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py).
The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_102.py) were only skimmed for their entry names, emphases
and header style (a name list was grepped for each planned mechanism, and entries whose mechanism was already there
were dropped). Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor benchmarks/,
nor the batches written at the same time (held_out_blind_103.py, held_out_blind_105.py). One accident to report: an
`ls` of tests/grader/ (to find the batch files) also listed the names in that directory (cheats/ among them); nothing
in it was opened.

Emphasis: extreme but allowed values of every scalar argument. Each wrong entry is right in the ordinary range and
breaks only near an end of the range the contract allows for one int, float or bool argument: a tiny top_p (Hugging
Face's ascending top-p warper without min_tokens_to_keep: 1 - p rounds to 1 and every token is dropped), a small
temperature (tempered logits clamped to +-80 instead of max-shifted, so the top logits tie), a huge max_new_tokens
that eos ends at once (an output buffer preallocated for N0 + max_new_tokens), a context_size larger than the
sequence (the last column read as column context_size - 1), a long generation (one recursive call per token: the
recursion limit), max_new_tokens = 0 in beam search (a max(1, .) guard), a beam wider than the vocabulary (the width
capped at V), a huge local window (an isin over the 2w + 1 allowed offsets), sparse costs for n = 10^10 (int64
tensors that wrap) and windows beyond n (the count capped at n^2 instead of the window at n - 1), a wide sinusoidal
table (10000^(2i) overflowing float32 before its D-th root), rotary positions above 2^24 (rounded by .float()) and far
positions (a cos/sin table built up to the largest position), a vocabulary above 2^24 (random ids by torch.multinomial
over ones), mask_prob 0 or 1 (an open-interval check), a start id above 2^53 (F.pad's fill value goes through a
double), scale = 0 in channel attention (the scale inverted into a temperature), num_merges = 0 (a budget tested for
equality after merging) and a huge one (merge slots preallocated), thousands of merges in bpe_encode (a recursion over
the merge list), and eps = 0 (a positive-eps check). Right entries handle the whole range in their own style: top-k
by ranks and top-p by searchsorted (any k >= V, p = 1 and tiny p), a counted while loop with an explicit non-negative
context start, beams ranked by (-score, position) and kept up to any width, triu/tril bands with any diagonal, an
expanded position row for padding, binomial complements for the sparse costs (exact Python ints), a stride reduced
to n, float64 sinusoidal rates interleaved by stacking, rotary as a complex product with float64 angles (any base,
any position), T5 buckets per unique offset, MLM random ids drawn only where needed (any vocabulary, mask_prob 0 and
1), start ids written into an int64 tensor, channel attention by einsum with the scale used as given (0, huge),
merge budgets counted down, merges applied outer-loop, var_mean/rsqrt layer norm with eps as given, a per-head chunk
loop (H = 1 and H = D), windows by two unfolds (window 1 and window = grid), wrap flags by floor division (every
shift 0 .. M - 1) and patches by F.unfold (P = 1 and P = H).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind104/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (16 of the 21 wrong entries pass them). Each wrong entry's recorded input was run on the
model answer and on the entry and both results printed; each differs as its comment says (the allocation failures at
sizes of terabytes, never at sizes that would be allocated). Right entries were compared with the model answer under
both default dtypes with float32 and float64 inputs (values to 1e-4 / 1e-10, dtypes and shapes exactly, ValueErrors
matched, gradients of every floating-point input to 1e-3 / 1e-9): next_token_probs on 1200 random logits (rounded for
ties, scales 0.1 to 100, temperature 0 to 100, top_k 1 .. V + 3 and 10**6, top_p 1e-9 to 1 and the int 1); layer_norm
with eps 1e-5, 0.0, 0, 1 and 1000 and inputs at 1e-3 and 1000 times scale; rotary_embedding with bases 1.5 to 10**6,
int bases, positions up to 10**6 and 2**24 + 1, odd D (same ValueError); channel_attention with every divisor G (G = C
included), scale None, 0, 0.0, 1, 0.3 and 1e4; multi_head_attention with H = 1, H = D, masks; window_partition and
patchify with window / patch 1, equal to the grid and invalid; local_mask, strided_mask and padding_mask for n 0..9,
windows and strides 0 .. 10**12, lengths 0 .. n; sparse_attention_cost over every pattern with n up to 10**15 + 7,
windows and strides beyond n, missing sizes and unknown names; sinusoidal_positions for N 0..40, D 1..17;
relative_position_bucket for offsets up to +-10**12, both modes, 4 to 64 buckets, max_distance 20 to 10**9;
pixel_sequence with uint8 / int16 / int32 / int64 ids, sos 0, 512, 2**53 + 1, 2**63 - 1 and -1; shifted_window_mask
for shifts 0 .. M (M = same ValueError); train_bpe and bpe_encode on seven corpora (ties, overlaps, Unicode, empty)
with budgets 0 .. 10**6 and GPT-2's counter-example merges; generate (same ids and the same generator state after the
call) and beam_search on 300 random models each, with temperature 0, top_k up to V + 1, top_p, eos 0 / V - 1 / None,
context sizes 1 to 10, 0 to 6 new tokens and beam widths 1 to 50; mlm_corrupt by its invariants and frequencies on
400 000 positions (chosen 28.65 % for both at mask_prob 0.3 with specials, 80.5 % of them masked, 11.8 % unchanged),
mask_prob 0, 0.0, 1 and 1.0, a vocabulary of 2**40, int32 and expanded ids, empty ids, and a generator that advances.

Judgement calls: the allocation-size entries (generate's buffer, the local-mask offsets, the rotary table, the merge
slots) are wrong only at sizes the contract allows but a test must choose on purpose (10**12 and more, where the model
answer stays cheap); I took "very large ... within what stays cheap to compute" to mean the model answer's cost, not the
entry's. blind104_generate_reads_column_context_size_minus_one is wrong whenever the context is not yet full, so a
context_size above the prompt length already shows it. blind104_rotary_positions_rounded_through_float32 needs
positions above 2**24 (long contexts); the contract takes any integer positions.
blind104_sparse_cost_local_count_capped_at_dense is also wrong at n = 0 with a window >= 1 (a negative count).
blind104_pixel_sequence_start_padded_through_a_double
needs a start id above 2**53, allowed as any int >= 0. Right entries: blind104_right_sparse_cost_binomial_complements
returns 0 for n = 0 where the model answer computes -g^2 for a num_global g > 0 (g > n is outside the contract).
Fewer wrong entries than the task's aim (21 of about 35): the earlier batches already hold most mechanisms for these
arguments (eps and scale read as "or default", floors on temperature, caps on windows and shifts, fixed-size tables,
int32 and float16 arithmetic, guards of batch 47), and the time box.

Counts: 21 wrong, 20 right.
Wrong per function: {'beam_search': 2, 'bpe_encode': 1, 'channel_attention': 1, 'generate': 3, 'layer_norm': 1,
'local_mask': 1, 'mlm_corrupt': 2, 'next_token_probs': 2, 'pixel_sequence': 1, 'rotary_embedding': 2,
'sinusoidal_positions': 1, 'sparse_attention_cost': 2, 'train_bpe': 2}.
Right per function: {'beam_search': 1, 'bpe_encode': 1, 'channel_attention': 1, 'generate': 1, 'layer_norm': 1,
'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1, 'padding_mask': 1, 'patchify': 1,
'pixel_sequence': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'shifted_window_mask': 1,
'sinusoidal_positions': 1, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_104 = {
    # Hugging Face's TopPLogitsWarper without its min_tokens_to_keep: sort ascending, drop the tail whose mass is
    # <= 1 - p. For a tiny p, 1 - p rounds to 1 and every token is dropped. next_token_probs(torch.tensor([2., 1., 0.]),
    # top_p=1e-9): model [1, 0, 0], entry [nan, nan, nan]. Passes the visible tests.
    "blind104_next_token_probs_hf_ascending_top_p_without_min_keep": ("sampling", "next_token_probs", '''
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
                # ascending order with ties reversed, so that the lower id of a tie is removed last
                order = torch.sort(probs, descending=True, stable=True).indices.flip(0)
                cumulative = torch.cumsum(probs[order], dim=0)
                remove_sorted = cumulative <= 1 - top_p
                remove = torch.zeros_like(remove_sorted)
                remove[order] = remove_sorted
                probs = torch.where(remove, 0.0, probs)
            return probs / probs.sum()
'''),
    # The tempered logits are clamped to [-80, 80] so that exp cannot overflow float32 (instead of subtracting the
    # maximum). At a small temperature the top logits all hit 80 and tie. next_token_probs(torch.tensor([2., 1., 0.]),
    # temperature=0.01): model [1, 3.8e-44, 0], entry [0.5, 0.5, 9.0e-36]. Passes the visible tests.
    "blind104_next_token_probs_tempered_logits_clamped_at_80": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            scaled = (logits / temperature).clamp(-80.0, 80.0)  # exp(88.7) is inf in float32
            weights = torch.exp(scaled)
            probs = weights / weights.sum()
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
    # The output is preallocated for the longest possible result, N0 + max_new_tokens, although eos may end the
    # loop at once. A model always emitting eos 0, prompt [1, 2], max_new_tokens=10**13, eos_id=0: model
    # [1, 2, 0], entry RuntimeError (cannot allocate 80 TB). Passes the visible tests.
    "blind104_generate_buffer_sized_by_max_new_tokens": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            start = len(prompt)
            buffer = torch.empty(start + max_new_tokens, dtype=prompt.dtype)
            buffer[:start] = prompt
            length = start
            for _ in range(max_new_tokens):
                ids = buffer[:length]
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                buffer[length] = next_id[0]
                length += 1
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return buffer[:length].clone()
'''),
    # With a context_size the last column is read as column context_size - 1, which exists only once the context is
    # full; a context_size larger than the sequence reads past the end. generate(model, prompt [1, 2],
    # max_new_tokens=2, temperature=0, context_size=8) with a V=5 model: model [1, 2, 4, 4], entry IndexError.
    # Fails the visible tests.
    "blind104_generate_reads_column_context_size_minus_one": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                if context_size is None:
                    logits = model(ids)[:, -1]
                else:
                    logits = model(ids[-context_size:])[:, context_size - 1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # One recursive call per new token: Python's recursion limit (1000 frames) ends long generations.
    # generate(model, prompt [0], max_new_tokens=3000, temperature=0) with a V=3 model of constant logits: model
    # 3001 ids, entry RecursionError. Passes the visible tests.
    "blind104_generate_recursive_call_per_new_token": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            if max_new_tokens <= 0:
                return prompt
            context = prompt if context_size is None else prompt[-context_size:]
            logits = model(context)[:, -1]
            probs = next_token_probs(logits, temperature, top_k, top_p)
            next_id = torch.multinomial(probs, 1, generator=generator)
            ids = torch.cat([prompt, next_id.to(prompt.dtype)])
            if eos_id is not None and int(next_id) == eos_id:
                return ids
            return generate(model, ids, max_new_tokens - 1, temperature, top_k, top_p, eos_id, generator,
                            context_size)
'''),
    # "Always take at least one step": max(1, max_new_tokens) steps, so max_new_tokens=0 still extends the prompt.
    # beam_search(model, prompt [0], beam_width=2, max_new_tokens=0) with a V=3 model of constant logits: model [0],
    # entry [0, 0].
    # Passes the visible tests.
    "blind104_beam_search_at_least_one_step": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max(1, max_new_tokens)):
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
    # The beam is capped at the vocabulary size ("a beam cannot be wider than V"), but after one step there are
    # beam_width * V candidates. V=2, beam_width=3, 3 steps, a model whose best sequence passes through the third
    # prefix after step 2 (p(.|0) = .6/.4, p(.|00) = .5/.5, p(.|01) = .9/.1, p(.|001) = .999/.001, else .5/.5):
    # model [0, 0, 1, 0], entry [0, 1, 0, 0].
    # Passes the visible tests.
    "blind104_beam_search_width_capped_at_vocabulary": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                width = beam_width
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    width = min(beam_width, len(log_probs))  # no wider than the vocabulary
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # The band is the set of allowed offsets -w .. w, tested with isin: the offsets tensor has 2w + 1 entries, so a
    # huge window (allowed: everything is visible) cannot be built. local_mask(4, 10**12): model all True (4, 4),
    # entry RuntimeError (cannot allocate 16 TB). Passes the visible tests.
    "blind104_local_mask_isin_of_all_allowed_offsets": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            offsets = torch.arange(-window, window + 1)
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return torch.isin(queries - keys, offsets)
'''),
    # The closed forms are evaluated on int64 tensors, which wrap silently above 2**63. sparse_attention_cost(
    # "dense", 10**10): model 10**20, entry 7766279631452241920. Passes the visible tests.
    "blind104_sparse_cost_closed_forms_in_int64_tensors": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            N = torch.tensor(n, dtype=torch.int64)
            if pattern == "dense":
                return int(N * N)
            if pattern == "causal":
                return int(N * (N + 1) // 2)
            if pattern == "local":
                w = torch.tensor(min(window, n - 1) if n else 0, dtype=torch.int64)
                return int(N * (2 * w + 1) - w * (w + 1))
            if pattern == "strided":
                m = (N - 1) // stride if n else torch.tensor(0, dtype=torch.int64)
                return int(N * (2 * m + 1) - stride * m * (m + 1))
            g = torch.tensor(num_global, dtype=torch.int64)
            return int(g * (2 * N - g))
'''),
    # The local count caps its RESULT at the dense n^2 instead of capping the window at n - 1: beyond w = n the
    # uncapped formula falls again. sparse_attention_cost("local", 5, window=6): model 25, entry 23.
    # Fails the visible tests.
    "blind104_sparse_cost_local_count_capped_at_dense": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                return min(n * (2 * window + 1) - window * (window + 1), n * n)  # never more than dense
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # The frequency 10000^(2i/D) is computed as the D-th root of 10000^(2i): the power overflows float32 (inf) from
    # 2i = 10 on, and those rows become sin 0 / cos 1. sinusoidal_positions(101, 12)[10, 100]: model
    # sin(100 / 10000^(10/12)) = 0.0464, entry 0. Passes the visible tests.
    "blind104_sinusoidal_power_taken_before_the_root": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            frequencies = (10000.0 ** pair_index) ** (1.0 / dim)   # the D-th root of 10000^(2i)
            angles = positions[None, :] / frequencies[:, None]
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # Positions go through .float() before the float64 angles: integers above 2**24 are rounded.
    # rotary_embedding(Q = [[1.], [0.]] float64, K the same, positions_q=torch.tensor([2**24 + 1])): model Q'[0] =
    # 0.9944 (angle 16777217), entry 0.6263 (angle 16777216: the position rounded). Passes the visible tests.
    "blind104_rotary_positions_rounded_through_float32": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = theta[:, None] * positions.float()[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # A cos/sin table is built for every position up to the largest one given, then indexed: a far position makes
    # the table unaffordable. rotary_embedding(Q, K (2, 2) float32, positions_q=torch.tensor([0, 10**12])): model
    # rotates by 10**12 rad, entry RuntimeError (cannot allocate the table). Passes the visible tests.
    "blind104_rotary_table_up_to_the_largest_position": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            dim = Q.shape[-2]
            pq = torch.arange(Q.shape[-1]) if positions_q is None else positions_q
            pk = torch.arange(K.shape[-1]) if positions_k is None else positions_k
            largest = max([int(p.max()) for p in (pq, pk) if p.numel()] + [0]) + 1
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = theta[:, None] * torch.arange(largest, dtype=torch.float64)[None, :]   # (D/2, P)
            cos_table, sin_table = angles.cos(), angles.sin()
            def rotate(X, positions):
                cos = cos_table[:, positions].to(X.dtype)
                sin = sin_table[:, positions].to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, pq), rotate(K, pk)
'''),
    # The uniform random ids are drawn with torch.multinomial over a vector of ones, which refuses more than 2**24
    # categories. mlm_corrupt(torch.tensor([5, 6, 7]), vocab_size=2**24 + 1, special_ids=[], mask_id=4): model
    # returns, entry RuntimeError. Passes the visible tests.
    "blind104_mlm_random_ids_by_multinomial_over_vocabulary": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            uniform = torch.ones(vocab_size)
            draws = torch.multinomial(uniform, max(ids.numel(), 1), replacement=True, generator=generator)
            random_ids = draws[: ids.numel()].reshape(ids.shape).to(ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # A range check that mask_prob lies strictly inside (0, 1): 0 (nothing masked, an evaluation pass) and 1 are
    # allowed. mlm_corrupt(torch.tensor([5, 6, 7]), 10, [], 4, mask_prob=0.0): model ([5, 6, 7], [-100] * 3), entry
    # ValueError. Fails the visible tests.
    "blind104_mlm_mask_prob_checked_as_open_interval": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            if not 0.0 < mask_prob < 1.0:
                raise ValueError(f"mask_prob must lie in (0, 1); got {mask_prob}")
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # The start token is put in front with F.pad(..., value=sos_id), whose fill value goes through a double: a start
    # id above 2**53 is rounded. pixel_sequence(torch.tensor([[1, 2]]), 2**53 + 1): model inputs [9007199254740993, 1],
    # entry [9007199254740992, 1]. Passes the visible tests.
    "blind104_pixel_sequence_start_padded_through_a_double": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().reshape(*ids.shape[:-2], -1)
            inputs = F.pad(targets[..., :-1], (1, 0), value=sos_id)
            return inputs, targets
'''),
    # The scale is turned into a temperature, 1 / scale, and the scores divided by it (as attention divides by
    # sqrt(D_k)); scale = 0 (uniform weights) divides by zero. channel_attention(X (4, 3), params, 2, scale=0.0):
    # model the uniform-weight result, entry ZeroDivisionError. Fails the visible tests.
    "blind104_channel_attention_scale_inverted_to_a_temperature": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            temperature = 1 / scale
            Q = split_heads(linear(X, params["Wq"], params["bq"]), num_groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), num_groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), num_groups)
            scores = K @ Q.transpose(-2, -1) / temperature
            weights = softmax_cols(scores)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The merge budget is tested for equality after each merge, so num_merges = 0 is never reached and training runs
    # until no pair is left. train_bpe("ab", 0): model [], entry [("a", "b"), ("ab", "</w>")]. Passes the visible tests.
    "blind104_train_bpe_budget_tested_for_equality_after_merging": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            while True:
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
                if len(merges) == num_merges:
                    break
            return merges
'''),
    # One slot per requested merge is preallocated ([None] * num_merges) and the unused ones dropped at the end; a
    # generous budget that training never reaches cannot be allocated. train_bpe("ab", 10**12): model
    # [("a", "b"), ("ab", "</w>")], entry MemoryError. Passes the visible tests.
    "blind104_train_bpe_merge_slots_preallocated": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            slots = [None] * num_merges
            for step in range(num_merges):
                pair_counts = Counter()
                for word, frequency in word_counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pair_counts[pair] += frequency
                if not pair_counts:
                    break
                best = max(pair_counts, key=pair_counts.get)
                slots[step] = best
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return [merge for merge in slots if merge is not None]
'''),
    # The merges are applied by a recursion over the list (head, then the rest): a real merge table (thousands of
    # merges) exceeds Python's recursion limit. bpe_encode("ab", [("x", "y")] * 1500 + [("a", "b")]): model
    # ["ab", "</w>"], entry RecursionError. Passes the visible tests.
    "blind104_bpe_encode_merges_applied_recursively": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            def apply(symbols, remaining):
                if not remaining:
                    return symbols
                return apply(merge_pair(symbols, remaining[0]), remaining[1:])
            tokens = []
            for symbols in words:
                tokens.extend(apply(symbols, list(merges)))
            return tokens
'''),
    # eps must be positive "to avoid dividing by zero": eps = 0.0 is allowed and means no smoothing.
    # layer_norm(X (3, 2), ones, zeros, eps=0.0): model (X - mean) / std, entry ValueError. Fails the visible tests.
    "blind104_layer_norm_rejects_zero_eps": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            if eps <= 0:
                raise ValueError(f"eps must be positive (it keeps the division away from zero); got {eps}")
            mean = X.mean(dim=-2, keepdim=True)
            variance = X.var(dim=-2, keepdim=True, correction=0)
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
'''),
}

RIGHT_BLIND_104 = {
    # Right: top-k by ranks (the inverse of a stable sort) compared with k, so any k >= V keeps every token; top-p
    # by searchsorted on the cumulative sum (the first index reaching p, plus one), capped at V for p = 1.
    # Passes the visible tests.
    "blind104_right_next_token_probs_ranks_and_searchsorted": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return F.one_hot(torch.argmax(logits), logits.shape[-1]).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                ranks = torch.empty_like(order)
                ranks[order] = torch.arange(len(order))
                probs = torch.where(ranks < top_k, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                target = torch.tensor([top_p], dtype=cumulative.dtype)
                count = min(int(torch.searchsorted(cumulative, target)[0]) + 1, len(order))
                ranks = torch.empty_like(order)
                ranks[order] = torch.arange(len(order))
                probs = torch.where(ranks < count, probs, 0.0)
            return probs / probs.sum()
'''),
    # Right: a while loop over a count of new tokens, the context cut with an explicit non-negative start, so a
    # context_size larger than the sequence takes everything; max_new_tokens = 0 returns the prompt.
    # Passes the visible tests.
    "blind104_right_generate_counted_while_loop": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            produced = 0
            while produced < max_new_tokens:
                start = 0 if context_size is None else max(0, len(ids) - context_size)
                column = model(ids[start:])[:, -1]
                probs = next_token_probs(column, temperature, top_k, top_p)
                token = torch.multinomial(probs, 1, generator=generator).to(ids.dtype)
                ids = torch.cat([ids, token])
                produced += 1
                if eos_id is not None and int(token[0]) == eos_id:
                    break
            return ids
'''),
    # Right: beams as a list, candidates ranked by (-score, position) with sorted(), kept up to beam_width however
    # wide (wider than the candidate list keeps all of them); zero steps return the prompt. Passes the visible tests.
    "blind104_right_beam_search_ranked_by_score_then_position": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            steps = 0
            while steps < max_new_tokens and not all(done for _, _, done in beams):
                steps += 1
                pool = []
                for score, ids, done in beams:
                    if done:
                        pool.append((score, ids, True))
                        continue
                    row = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, value in enumerate(row):
                        pool.append((score + value, torch.cat([ids, ids.new_tensor([token])]), token == eos_id))
                ranking = sorted(range(len(pool)), key=lambda k: (-pool[k][0], k))
                beams = [pool[k] for k in ranking[:beam_width]]
            return beams[0][1]
'''),
    # Right: a band of ones cut with triu/tril, whose diagonals may be any int (a window of 10**12 is dense).
    # Passes the visible tests.
    "blind104_right_local_mask_triu_tril_any_window": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            return torch.ones(n, n, dtype=torch.bool).triu(-window).tril(window)
'''),
    # Right: padding by comparing an expanded row of positions with the lengths as a column; lengths 0 and n work.
    # Passes the visible tests.
    "blind104_right_padding_mask_expanded_positions": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            positions = torch.arange(n, device=lengths.device).expand(lengths.shape[0], n)
            return positions.lt(lengths.unsqueeze(-1)).unsqueeze(-1)
'''),
    # Right: exact Python-int counts written with binomials: pairs farther apart than w are 2 * C(n - w, 2), the
    # strided count by its multiples; no cap can overflow, n = 10**12 or more is exact. Passes the visible tests.
    "blind104_right_sparse_cost_binomial_complements": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if n <= 0:
                return 0
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return math.comb(n + 1, 2)
            if pattern == "local":
                w = min(window, n - 1)
                return n * n - 2 * math.comb(n - w, 2)
            if pattern == "strided":
                m = (n - 1) // stride
                return n * (2 * m + 1) - stride * m * (m + 1)
            return n * n - (n - num_global) ** 2
'''),
    # Right: strided mask by the remainder with the stride reduced to at most n (a stride >= n leaves the
    # diagonal only, as every nonzero offset is shorter than n). Passes the visible tests.
    "blind104_right_strided_mask_stride_reduced_to_n": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            step = min(stride, max(n, 1))
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return torch.remainder(offsets, step) == 0
'''),
    # Right: frequencies exp(-ln(10000) * 2i / D) in float64, sines and cosines interleaved by stacking and cut to D
    # rows (an odd D keeps its last sine), cast to the default dtype. Passes the visible tests.
    "blind104_right_sinusoidal_interleaved_stack_float64": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            pairs = (dim + 1) // 2
            rates = torch.exp(-math.log(10000.0) * torch.arange(pairs, dtype=torch.float64) * 2 / max(dim, 1))
            angles = rates[:, None] * torch.arange(num_positions, dtype=torch.float64)[None, :]
            table = torch.stack([angles.sin(), angles.cos()], dim=1).reshape(2 * pairs, num_positions)
            return table[:dim].to(torch.get_default_dtype())
'''),
    # Right: rotary as a complex product, the pair (x_i, x_{i+D/2}) as x_i + i x_{i+D/2} times e^{i p theta_i}, the
    # angles in float64 for any base and any integer position. Passes the visible tests.
    "blind104_right_rotary_complex_product": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def turn(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                inverse = torch.pow(float(base), -torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = torch.outer(inverse, positions.to(torch.float64))
                real_dtype = X.dtype
                rotor = torch.complex(angles.cos().to(real_dtype), angles.sin().to(real_dtype))
                pairs = torch.complex(X[..., : dim // 2, :], X[..., dim // 2 :, :]) * rotor
                return torch.cat([pairs.real, pairs.imag], dim=-2)
            return turn(Q, positions_q), turn(K, positions_k)
'''),
    # Right: T5's buckets computed once per distinct offset (torch.unique) and scattered back through the inverse
    # index; far offsets and any bucket count go through the same formula. Passes the visible tests.
    "blind104_right_relative_bucket_per_unique_offset": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            values, inverse = torch.unique(relative_position.long(), return_inverse=True)
            if bidirectional:
                half = num_buckets // 2
                upper = (values > 0).long() * half
                distance = values.abs()
            else:
                half = num_buckets
                upper = torch.zeros_like(values)
                distance = (-values).clamp(min=0)
            exact = half // 2
            spread = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = (exact + spread.long()).clamp(max=half - 1)
            buckets = upper + torch.where(distance < exact, distance, far)
            return buckets[inverse].reshape(relative_position.shape)
'''),
    # Right: MLM with the random ids drawn only for the positions that take one (a randint of that count), so any
    # vocabulary size works; mask_prob 0 and 1 need no special case. Passes the visible tests.
    "blind104_right_mlm_random_ids_only_where_needed": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(list(special_ids) if not torch.is_tensor(special_ids) else special_ids,
                                      dtype=torch.long).reshape(-1)
            chosen = ~torch.isin(ids.long(), special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            to_mask = chosen & (action < 0.8)
            to_random = chosen & (action >= 0.8) & (action < 0.9)
            corrupted = ids.clone()
            corrupted[to_mask] = mask_id
            count = int(to_random.sum())
            corrupted[to_random] = torch.randint(0, vocab_size, (count,), generator=generator).to(ids.dtype)
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids[chosen].long()
            return corrupted, labels
'''),
    # Right: inputs written into an empty int64 tensor: column 0 the start id (exact for any int64 sos_id), the rest
    # the targets shifted by one. Passes the visible tests.
    "blind104_right_pixel_sequence_written_into_long_tensor": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).to(torch.long)
            inputs = torch.empty_like(targets)
            inputs[..., 0] = sos_id
            inputs[..., 1:] = targets[..., :-1]
            return inputs, targets
'''),
    # Right: channel attention by einsum over the group axis; the scale multiplies the scores as given (0 gives
    # uniform weights, a huge one a near one-hot through the stable softmax_cols). Passes the visible tests.
    "blind104_right_channel_attention_einsum_groups": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            factor = 1 / math.sqrt(tokens) if scale is None else scale
            width = channels // num_groups
            def grouped(W, b):
                Y = W @ X + b[:, None]
                return Y.unflatten(-2, (num_groups, width))
            Q = grouped(params["Wq"], params["bq"])
            K = grouped(params["Wk"], params["bk"])
            V = grouped(params["Wv"], params["bv"])
            scores = torch.einsum("...gjn,...gin->...gji", K, Q) * factor
            weights = softmax_cols(scores)
            mixed = torch.einsum("...gji,...gjn->...gin", weights, V).flatten(-3, -2)
            return params["Wo"] @ mixed + params["bo"][:, None]
'''),
    # Right: the merge budget counted down in a while loop (0 learns nothing, a huge budget stops when no pair is
    # left). Passes the visible tests.
    "blind104_right_train_bpe_budget_counted_down": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            frequency = Counter(tuple(word) for word in words)
            current = {word: list(word) for word in frequency}
            learned = []
            budget = num_merges
            while budget > 0:
                counts = Counter()
                for word, times in frequency.items():
                    symbols = current[word]
                    for i in range(len(symbols) - 1):
                        counts[(symbols[i], symbols[i + 1])] += times
                if not counts:
                    break
                best = max(counts, key=counts.get)
                learned.append(best)
                current = {word: merge_pair(symbols, best) for word, symbols in current.items()}
                budget -= 1
            return learned
'''),
    # Right: every merge applied to all words before the next one (merges outer, words inner), iteratively, so
    # tables of any length work. Passes the visible tests.
    "blind104_right_bpe_encode_merges_outer_loop": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            segmented = [list(symbols) for symbols in words]
            for pair in merges:
                segmented = [merge_pair(symbols, tuple(pair)) for symbols in segmented]
            return [token for symbols in segmented for token in symbols]
'''),
    # Right: layer norm with var_mean and rsqrt, eps used exactly as given (0 allowed, large allowed).
    # Passes the visible tests.
    "blind104_right_layer_norm_var_mean_rsqrt": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # (the stub's input checks)
            variance, mean = torch.var_mean(X, dim=-2, keepdim=True, correction=0)
            return (X - mean) * torch.rsqrt(variance + eps) * gamma[:, None] + beta[:, None]
'''),
    # Right: one head at a time with torch.chunk over the rows; H = D (heads of one row) and H = 1 alike.
    # Passes the visible tests.
    "blind104_right_mha_head_loop_over_chunks": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = linear(Xq, params["Wq"], params["bq"])
            K = linear(Xkv, params["Wk"], params["bk"])
            V = linear(Xkv, params["Wv"], params["bv"])
            outputs = []
            for q, k, v in zip(Q.chunk(num_heads, dim=-2), K.chunk(num_heads, dim=-2), V.chunk(num_heads, dim=-2)):
                out, _ = scaled_dot_product_attention(q, k, v, mask)
                outputs.append(out)
            return linear(torch.cat(outputs, dim=-2), params["Wo"], params["bo"])
'''),
    # Right: windows by two unfolds (window 1 and a window equal to the grid alike), then the window-grid axes moved
    # in front of C. Passes the visible tests.
    "blind104_right_window_partition_double_unfold": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            tiles = X.unfold(-2, M, M).unfold(-2, M, M)            # (..., C, H/M, W/M, M, M)
            tiles = tiles.movedim(-5, -3)                          # (..., H/M, W/M, C, M, M)
            return tiles.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Right: the wrap flags as (index + shift) // size, 0 or 1 for every allowed shift (0 .. M-1), labels compared
    # inside each window. Passes the visible tests.
    "blind104_right_shifted_mask_floor_division_flags": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = (torch.arange(height) + shift) // height
            cols = (torch.arange(width) + shift) // width
            labels = (rows[:, None] * 2 + cols[None, :])[None]      # (1, H, W)
            M = window
            labels = labels.reshape(1, height // M, M, width // M, M).permute(1, 3, 0, 2, 4)
            labels = labels.reshape((height // M) * (width // M), M * M)
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Right: patches by F.unfold with kernel = stride = P (channel-major columns, patches in row-major order), for
    # P = 1 and P = H = W alike. Passes the visible tests.
    "blind104_right_patchify_functional_unfold": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            return F.unfold(images, kernel_size=patch_size, stride=patch_size)
'''),
}
