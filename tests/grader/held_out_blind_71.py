"""Seventy-second blind batch of held-out implementations (prefix blind71_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, course/registry.py, the stubs (exercises/*.py: signatures
and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_69.py) were only skimmed for their entry names and the
header's layout (held_out_blind_57.py). Nothing else under grader/ or tests/ was opened, grepped or run, nor
docs/grading.md or benchmarks/, nor the batch written at the same time (held_out_blind_70.py).

Emphasis: bookkeeping of positions, lengths and indices carried from one step or block to the next. Wrong entries lose
or shift a count: generate's context window cropped from the wrong end or one token short, eos looked for in the whole
sequence or tested before appending, a do-while that adds a token at max_new_tokens = 0, the total length taken for the
new-token count, the slid window returned as the sequence; beam search with every eos candidate kept aside, steps
counted with the prompt, back-pointers read one step off, finished beams re-scored, the column fixed at the prompt's
end, candidates listed token-major; sequence_log_prob without the shift; pixel sequences shifted the wrong way, read
column by column, the start token overwriting a pixel, a batch folded into one sequence; sinusoidal positions from 1,
exponents from the row index, halves instead of interleaving; rotary keys continuing after the queries, a missing
positions_k copied from positions_q, explicit positions ignored, the frequency index not doubled, the rotation reversed;
T5 buckets with the offset's sign flipped, future keys keeping their distance in causal mode, offset 0 in the upper
half, a rounded half, the cap at the last bucket rather than the half's; window partition and reverse with the window
grid or the tokens in a window transposed, a dilated split, non-square sides swapped; shifted-window masks for the
inverse roll, tested against the wrong side, with a strict wrap boundary, or from a transposed label grid; BPE counting
distinct pairs per word, merging by unanchored string replacement, scanning from the right, advancing one symbol after
a merge, merging first occurrences only, merging across words; bpe_decode collapsing spaces; NSP drawing A's own
document, an off-by-one skip, the sentence index from the wrong document, a wrapping successor; MLM specials by
position, random ids short of the last; a decoder step with the GRU input, the read-out state or the returned weights
out of step; [CLS] as the last column; an inclusive padding length; a one-sided strided mask; an uncapped local cost.
Right entries keep the same books differently: preallocated buffers with a write index, countdowns over a Python list,
flat float64 score tensors with a stable sort, back-pointers walked back with heapq.nlargest, a shifted gather, roll and
overwrite, row loops and reshape-interleaving, complex multiplication, rotate_half and partner-index rotations, a
distance lookup table, double unfold, per-window loops, flat index tables and their argsort, a backwards fill, rolled
coordinate differences, the paper's region slices, in-place merges with del, first-seen ranks, a word cache, words
handled in reverse, lists of other documents, cyclic offsets, one uniform split by thresholds, draws per chosen index,
GRU weights split by index, an index_copy into a preallocated output, and residue-class closed forms.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind71/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch`, `import torch.nn.functional as F` and the entry's source
appended to its module, the stub's input checks substituted) and run against its exercise's visible tests: every right
entry passes them, and each wrong entry's comment says whether it does (15 of the 61 wrong entries pass them).
Each wrong entry's recorded input was run on the model answer and on the entry and both results printed; each differs
as its comment says (the beam-search inputs were found by a search over small seeded causal models, some with logits
rounded to integers for ties). Right entries were compared with the model answer under both default dtypes, 150 random
cases each per dtype: generate with three calls on one seeded generator per case (temperature 0 / 0.7 / 1 / 1.5, top_k,
top_p, eos None / 0 / V-1, context_size None / 1 / 2 / 3 / 10, max_new_tokens 0..6, float32 and float64 models), same
ids and the same generator state afterwards, prompt unchanged; beam_search on random models (ties from rounded logits),
widths 1..5, 0..4 steps, eos None / 0 / 1 / V-1, exactly equal; sequence_log_prob values and gradients (one-token and
non-contiguous ids); pixel_sequence over uint8 / int16 / int32 / int64, 0..2 batch axes, transposed views, sos up to
512, equal results and dtypes, input unchanged, the ValueErrors; sinusoidal_positions for N up to 2000 and D = 1..17
within 2e-5 (1e-4 at N = 2000); rotary_embedding values (1e-5 / 1e-12) and gradients for D = 2..16, batch axes,
explicit positions up to 3000, three bases, the odd-D ValueError; relative_position_bucket exactly over 0-d, empty and
3-d offsets and a sweep of offsets -1000..1000 for num_buckets 4..40 (odd ones too), max_distance 8..500, both modes;
window_partition / window_reverse exactly (values and gradients) over batch axes, non-square grids, windows 1..3,
non-contiguous inputs, the ValueErrors; shifted_window_mask exactly for every M = 1..4, grid of 1..3 x 1..3 windows and
shift, and the ValueErrors; train_bpe / bpe_encode exactly on random corpora (tabs, newlines, repeated spaces,
decomposed accents, punctuation) with learned and arbitrary merge lists including "</w>" pairs and the contract's
[("a", "bc"), ("b", "c")], merges left unchanged, the "</w>" ValueError; nsp_pairs equal for the same seed (the
index-list entry, which draws in the model's order) or by its invariants and the distribution of the other document
(the cyclic-offset entry: every other document equally likely, labels 1/2), the one-document ValueError; mlm_corrupt by
its invariants and frequencies (specials as list, tuple, tensor or empty never chosen, chosen rate within 0.02 of
mask_prob, 80 % mask, uniform random ids over [0, V), labels exactly the originals where chosen, ids unchanged, int32
ids, mask_prob 0, N = 0, one generator giving new draws); attention_decoder_step values and gradients of every input
and parameter with broadcasting batch axes and masks (none, partial, all hidden); patch_embedding values and gradients;
sparse_attention_cost exactly (and as an int) for n = 0..29, 10**6 and 10**12 + 7 and every size 0..31 and 10**6, and
its ValueErrors.

Judgement calls: blind71_shifted_mask_label_grid_transposed and blind71_shifted_mask_columns_tested_against_height are
right on square grids and wrong only on non-square ones (kept: the contract allows H != W).
blind71_sinusoidal_positions_sines_then_cosines_halves equals the contract for D = 2, and
blind71_rotary_frequency_from_pair_index_not_doubled for D = 2 (one frequency); they differ from D = 3 and D = 4 on.
blind71_mlm_corrupt_random_ids_exclude_last and the two NSP document-draw entries are wrong in distribution only (any
single seed's output is a possible output of the contract's distribution); they show over a few hundred seeds.
blind71_beam_search_candidates_listed_token_major differs only on tied candidates of different beams. Dropped: a
sparse_attention_cost entry taking the strided m as n // s, which turned out right (the extra offset m·s = n holds
n - m·s = 0 pairs); a summed-offsets loop as a right sparse_attention_cost (not a closed form: too slow at
n = 10**12); NSP entries that need empty documents (what a drawn empty document does is not stated).
Fewer right entries than asked (about 35): the time box.

Counts: 61 wrong, 33 right.
Wrong per function: {'attention_decoder_step': 3, 'beam_search': 6, 'bpe_decode': 1, 'bpe_encode': 3, 'generate': 7, 'mlm_corrupt': 2, 'nsp_pairs': 4, 'padding_mask': 1, 'patch_embedding': 1, 'pixel_sequence': 4, 'relative_position_bucket': 5, 'rotary_embedding': 5, 'sequence_log_prob': 1, 'shifted_window_mask': 4, 'sinusoidal_positions': 3, 'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 3, 'window_partition': 3, 'window_reverse': 3}.
Right per function: {'attention_decoder_step': 1, 'beam_search': 2, 'bpe_encode': 2, 'generate': 2, 'mlm_corrupt': 2, 'nsp_pairs': 2, 'patch_embedding': 1, 'pixel_sequence': 3, 'relative_position_bucket': 2, 'rotary_embedding': 3, 'sequence_log_prob': 1, 'shifted_window_mask': 2, 'sinusoidal_positions': 2, 'sparse_attention_cost': 1, 'train_bpe': 2, 'window_partition': 3, 'window_reverse': 2}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_71 = {
    # The context is cropped from the left end (the first context_size ids) instead of the right: once the sequence
    # is longer than context_size the model never sees the newest tokens.
    # Shows on greedy (temperature 0) on a 5-token causal test model, prompt [1, 2, 3, 4], 3 new tokens, context_size=2:
    # model [1, 2, 3, 4, 1, 1, 3], entry [1, 2, 3, 4, 3, 3, 3]. Passes the visible tests.
    "blind71_generate_context_cropped_from_the_start": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[:context_size]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # The window start is computed as len - context_size + 1: once the sequence is longer than context_size the
    # model sees one token fewer than context_size (none at all with context_size = 1).
    # Shows on greedy (temperature 0) on a 5-token causal test model, prompt [1, 2, 3, 4], 3 new, context_size=3: model
    # [1, 2, 3, 4, 0, 1, 1], entry [1, 2, 3, 4, 1, 1, 3]; with context_size=1 the entry calls the model on no ids and
    # raises IndexError. Fails the visible tests.
    "blind71_generate_window_start_one_past": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                if context_size is None or len(ids) <= context_size:
                    context = ids
                else:
                    context = ids[len(ids) - context_size + 1:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # eos is looked for anywhere in the sequence, prompt included: a prompt that holds eos_id stops generation after
    # the first new token.
    # Shows on greedy (temperature 0) on a 5-token causal test model, prompt [4, 1], eos_id=4, 4 new: model [4, 1, 1, 1,
    # 3, 3], entry [4, 1, 1]. Passes the visible tests.
    "blind71_generate_eos_searched_in_whole_sequence": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and bool((ids == eos_id).any()):
                    break
            return ids
'''),
    # A do-while loop: the count is tested after the first token is added, so max_new_tokens = 0 still adds one.
    # Shows on greedy (temperature 0) on a 5-token causal test model, prompt [1, 2], max_new_tokens=0: model [1, 2],
    # entry [1, 2, 3]. Passes the visible tests.
    "blind71_generate_do_while_adds_one_at_zero": ("sampling", "generate", '''
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
    # The stopping test counts the whole sequence, not the new tokens: it stops at a total length of
    # max_new_tokens, so a prompt of N0 tokens gets only max_new_tokens - N0 new ones (none if N0 >= max_new_tokens).
    # Shows on greedy (temperature 0) on a 5-token causal test model, prompt [1, 2, 3], 2 new: model [1, 2, 3, 0, 2],
    # entry [1, 2, 3]. Fails the visible tests.
    "blind71_generate_total_length_capped_at_max_new": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            while len(ids) < max_new_tokens:
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # The sliding window is kept as the running sequence: ids = ids[-context_size:] each step, so the returned
    # sequence loses everything that slid out of the window (the prompt's start among it).
    # Shows on greedy (temperature 0) on a 5-token causal test model, prompt [1, 2, 3, 4], 2 new, context_size=2: model
    # [1, 2, 3, 4, 1, 1], entry [4, 1, 1]. Fails the visible tests.
    "blind71_generate_returns_the_slid_window": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                if context_size is not None:
                    ids = ids[-context_size:]
                probs = next_token_probs(model(ids)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # eos is tested before the token is appended and ends the loop without it: the output stops short of eos.
    # Shows on greedy (temperature 0) on a 5-token causal test model, prompt [1], eos_id=3 (the first greedy token), 3
    # new: model [1, 3], entry [1]. Fails the visible tests.
    "blind71_generate_breaks_before_appending_eos": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                if eos_id is not None and int(next_id) == eos_id:
                    break
                ids = torch.cat([ids, next_id.to(ids.dtype)])
            return ids
'''),
    # Column n scores the token after n, but this sum reads column n for ids[n] (no shift): every term is scored
    # by a column that has already seen the token.
    # Shows on a 5-token causal test model, ids [1, 2, 3]: model -3.1515, entry -2.7882. Fails the visible tests.
    "blind71_sequence_log_prob_column_not_shifted": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            n = len(ids)
            return log_probs[ids[1:], torch.arange(1, n)].sum()
'''),
    # Every eos candidate is put aside in a finished list, even those that never make the top beam_width; the answer
    # is the best of that list and the live beams, so an eos path the beam never kept can win.
    # Shows on width 1, 2 steps, eos 0, prompt [1, 2], a 3-token model where eos is the runner-up at step 1 and every
    # step-2 token of the kept beam scores below it: model [1, 2, 1, 0], entry [1, 2, 0]. Fails the visible tests.
    "blind71_beam_search_every_eos_candidate_kept_aside": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt)]
            finished = []
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids in beams:
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, lp in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        if token == eos_id:
                            finished.append((score + lp, extended))
                        else:
                            candidates.append((score + lp, extended))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if not beams:
                    break
            pool = finished + beams
            pool.sort(key=lambda c: -c[0])
            return pool[0][1]
'''),
    # The step count compares the total length (prompt included) with max_new_tokens: a prompt of N0 tokens leaves
    # only max_new_tokens - N0 steps.
    # Shows on prompt [1, 0], width 3, max_new_tokens=1, a 2-token model: model [1, 0, 1], entry [1, 0] (no step taken).
    # Fails the visible tests.
    "blind71_beam_search_steps_counted_with_prompt": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            while len(beams[0][1]) < max_new_tokens:
                candidates = []
                for score, ids, done in beams:
                    if done:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, lp in enumerate(log_probs.tolist()):
                        candidates.append((score + lp, torch.cat([ids, ids.new_tensor([token])]), token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(done for _, _, done in beams):
                    break
            return beams[0][1]
'''),
    # Back-pointers are stored per step, but the walk back reads the parent from the table one step too early
    # (parents[t - 1] for the token of step t): with beams that swap places the tokens are stitched to the wrong
    # history.
    # Shows on prompt [0], width 2, 4 steps, eos 1, a 2-token model where the best beam at the end descends from beam 1
    # of an earlier step: model [0, 1], entry [0, 0, 0, 0]. Fails the visible tests.
    "blind71_beam_search_backpointer_table_off_by_one": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            tokens_at, parents_at = [], []
            for _ in range(max_new_tokens):
                candidates = []
                for b, (score, ids, done) in enumerate(beams):
                    if done:
                        candidates.append((score, ids, True, b, None))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, lp in enumerate(log_probs.tolist()):
                        candidates.append((score + lp, torch.cat([ids, ids.new_tensor([token])]), token == eos_id, b,
                                           token))
                candidates.sort(key=lambda c: -c[0])
                kept = candidates[:beam_width]
                tokens_at.append([c[4] for c in kept])
                parents_at.append([c[3] for c in kept])
                beams = [(c[0], c[1], c[2]) for c in kept]
                if all(done for _, _, done in beams):
                    break
            # rebuild the best sequence from the back-pointers
            steps = len(tokens_at)
            out, k = [], 0
            for t in range(steps - 1, -1, -1):
                token = tokens_at[t][k]
                if token is not None:
                    out.append(token)
                k = parents_at[t - 1][k] if t > 0 else 0
            return torch.cat([prompt, prompt.new_tensor(out[::-1])])
'''),
    # A finished beam is re-scored every step with the log-probability of eos again (it is fed back to the model
    # instead of keeping its fixed score), so a short finished beam loses to longer ones.
    # Shows on prompt [0], width 2, 4 steps, eos 1, a 2-token model where eos ends the best beam at step 1: model [0,
    # 1], entry [0, 0, 0, 0, 0]. Passes the visible tests.
    "blind71_beam_search_finished_beam_pays_eos_each_step": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, done in beams:
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    if done:
                        candidates.append((score + log_probs[eos_id].item(), ids, True))
                        continue
                    for token, lp in enumerate(log_probs.tolist()):
                        candidates.append((score + lp, torch.cat([ids, ids.new_tensor([token])]), token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(done for _, _, done in beams):
                    break
            return beams[0][1]
'''),
    # The model's column is picked at the prompt's length - 1 every step (the column after the prompt) instead of
    # the last one: from the second step on every beam is scored with the first step's distribution.
    # Shows on prompt [1, 3], width 1, 3 steps, no eos, a 4-token causal model: model [1, 3, 0, 3, 0], entry [1, 3, 0,
    # 0, 0]. Fails the visible tests.
    "blind71_beam_search_reads_column_at_prompt_end": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            start = len(prompt) - 1
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, done in beams:
                    if done:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, start].double(), dim=0)
                    for token, lp in enumerate(log_probs.tolist()):
                        candidates.append((score + lp, torch.cat([ids, ids.new_tensor([token])]), token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(done for _, _, done in beams):
                    break
            return beams[0][1]
'''),
    # Candidates are listed token-major (for each token, every beam): among equal scores the lower token wins
    # before the earlier beam, the reverse of the tie rule.
    # Shows on prompt [3, 2], width 2, 3 steps, eos 3, a 4-token model with logits rounded to integers (tied candidates
    # across beams): model [3, 2, 0, 3], entry [3, 2, 0, 1, 0]. Passes the visible tests.
    "blind71_beam_search_candidates_listed_token_major": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                rows = []
                for score, ids, done in beams:
                    rows.append(None if done else torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist())
                candidates = [(score, ids, True) for (score, ids, done) in beams if done]
                vocab = max((len(r) for r in rows if r is not None), default=0)
                for token in range(vocab):
                    for (score, ids, done), row in zip(beams, rows):
                        if row is not None:
                            candidates.append((score + row[token], torch.cat([ids, ids.new_tensor([token])]),
                                               token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(done for _, _, done in beams):
                    break
            return beams[0][1]
'''),
    # The inputs are the targets shifted left (targets[1:] then the start token at the end): column n has already
    # seen the pixel it must predict.
    # Shows on ids [[1, 2, 3], [4, 5, 6]], sos 9: model inputs [9, 1, 2, 3, 4, 5], entry [2, 3, 4, 5, 6, 9]. Fails the
    # visible tests.
    "blind71_pixel_sequence_start_token_appended_at_end": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            end = torch.full_like(targets[..., :1], sos_id)
            return torch.cat([targets[..., 1:], end], dim=-1), targets
'''),
    # Raster order taken column by column (transpose before flattening): token (h, w) lands at w*H + h.
    # Shows on ids [[1, 2, 3], [4, 5, 6]], sos 9: model targets [1, 2, 3, 4, 5, 6], entry [1, 4, 2, 5, 3, 6]. Fails the
    # visible tests.
    "blind71_pixel_sequence_flattened_column_by_column": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().transpose(-1, -2).reshape(*ids.shape[:-2], -1)
            start = torch.full_like(targets[..., :1], sos_id)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # The start token replaces the first pixel instead of pushing the sequence right: inputs = [sos, t1, ..., t_{N-1}]
    # (targets[0] dropped, targets[-1] kept).
    # Shows on ids [[1, 2, 3], [4, 5, 6]], sos 9: model inputs [9, 1, 2, 3, 4, 5], entry [9, 2, 3, 4, 5, 6]. Fails the
    # visible tests.
    "blind71_pixel_sequence_start_token_overwrites_first_pixel": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            inputs = targets.clone()
            inputs[..., 0] = sos_id
            return inputs, targets
'''),
    # Every leading axis is flattened with the pixels (reshape(-1)): a batch of images becomes one long sequence
    # with a single start token.
    # Shows on ids [[[1, 2]], [[3, 4]]] (two 1x2 images), sos 9: model inputs [[9, 1], [9, 3]], entry [9, 1, 2, 3].
    # Fails the visible tests.
    "blind71_pixel_sequence_batch_folded_into_one_sequence": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().reshape(-1)
            inputs = torch.cat([targets.new_tensor([sos_id]), targets[:-1]])
            return inputs, targets
'''),
    # Positions counted from 1 (n = 1 .. N) instead of 0: the table is shifted one column.
    # Shows on sinusoidal_positions(2, 2): model [[0, 0.8415], [1, 0.5403]], entry [[0.8415, 0.9093], [0.5403,
    # -0.4161]]. Fails the visible tests.
    "blind71_sinusoidal_positions_counted_from_one": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            n = torch.arange(1, num_positions + 1, dtype=torch.get_default_dtype())
            i2 = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            angles = n[None, :] / 10000 ** (i2[:, None] / dim)
            table = torch.zeros(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # The exponent uses the row index r itself (r/D), so the cosine row 2i+1 gets frequency 10000^-(2i+1)/D instead
    # of sharing its sine row's 10000^-2i/D.
    # Shows on sinusoidal_positions(2, 2): model row 1 [1, 0.5403], entry [1, 0.99995]. Fails the visible tests.
    "blind71_sinusoidal_positions_exponent_from_row_index": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            rows = torch.arange(dim, dtype=torch.get_default_dtype())
            n = torch.arange(num_positions, dtype=torch.get_default_dtype())
            angles = n[None, :] / 10000 ** (rows[:, None] / dim)
            return torch.where((torch.arange(dim) % 2 == 0)[:, None], torch.sin(angles), torch.cos(angles))
'''),
    # Sines stacked in the first half of the rows and cosines in the second (concatenated, not interleaved); with
    # D = 2 this is the same table, from D = 3 on the rows are out of place.
    # Shows on sinusoidal_positions(2, 3): model rows sin, cos, sin, entry rows sin, sin, cos. Fails the visible tests.
    "blind71_sinusoidal_positions_sines_then_cosines_halves": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            n = torch.arange(num_positions, dtype=torch.get_default_dtype())
            i2 = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            angles = n[None, :] / 10000 ** (i2[:, None] / dim)
            return torch.cat([torch.sin(angles), torch.cos(angles[: dim // 2])], dim=0)
'''),
    # K's default positions continue after Q's (N_q .. N_q + N_k - 1), as if K were the continuation of Q's
    # sequence; the contract's default is 0 .. N_k - 1 for each.
    # Shows on random float64 Q (4, 3), K (4, 2), default positions: K' differs (rotated by 3, 4 instead of 0, 1). Fails
    # the visible tests.
    "blind71_rotary_key_positions_continue_after_queries": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            if positions_q is None:
                positions_q = torch.arange(Q.shape[-1])
            if positions_k is None:
                positions_k = torch.arange(Q.shape[-1], Q.shape[-1] + K.shape[-1])
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # A missing positions_k falls back to positions_q ("the same positions for both"), not to 0 .. N_k - 1.
    # Shows on random float64 Q, K (4, 3), positions_q=[5, 6, 7], positions_k=None: K' differs (rotated by 5, 6, 7
    # instead of 0, 1, 2). Fails the visible tests.
    "blind71_rotary_missing_key_positions_copy_query_positions": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            if positions_k is None:
                positions_k = positions_q
            return rotate_columns(Q, positions_q, base), rotate_columns(K, positions_k, base)
'''),
    # Positions given explicitly are ignored: both sides always use arange(N).
    # Shows on random float64 Q (4, 3), positions_q=[5, 6, 7]: Q' differs. Fails the visible tests.
    "blind71_rotary_explicit_positions_replaced_by_arange": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def turn(X):
                d, n = X.shape[-2], X.shape[-1]
                theta = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
                ang = theta[:, None] * torch.arange(n, dtype=torch.float64)[None, :]
                c, s = ang.cos().to(X.dtype), ang.sin().to(X.dtype)
                a, b = X[..., : d // 2, :], X[..., d // 2:, :]
                return torch.cat([a * c - b * s, b * c + a * s], dim=-2)
            return turn(Q), turn(K)
'''),
    # The frequency index counts pairs, i, but divides by D as if it were 2i: θ_i = base^(-i/D). Same for D = 2
    # (only i = 0), wrong from D = 4.
    # Shows on random float64 Q (4, 3), K (4, 2) (D = 4), default positions: Q' differs in rows 1 and 3. Fails the
    # visible tests.
    "blind71_rotary_frequency_from_pair_index_not_doubled": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def turn(X, p):
                d, n = X.shape[-2], X.shape[-1]
                p = torch.arange(n) if p is None else p
                theta = base ** (-torch.arange(d // 2, dtype=torch.float64) / d)
                ang = theta[:, None] * p.to(torch.float64)[None, :]
                c, s = ang.cos().to(X.dtype), ang.sin().to(X.dtype)
                a, b = X[..., : d // 2, :], X[..., d // 2:, :]
                return torch.cat([a * c - b * s, b * c + a * s], dim=-2)
            return turn(Q, positions_q), turn(K, positions_k)
'''),
    # Rotates by -p θ (x'_i = x_i cos + x_{i+D/2} sin): scores still depend on p_q - p_k only, but through the
    # opposite sign, and Q', K' differ wherever a position is not 0.
    # Shows on random float64 Q (4, 3), default positions: Q' differs in columns 1 and 2. Fails the visible tests.
    "blind71_rotary_turns_the_other_way": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def turn(X, p):
                d, n = X.shape[-2], X.shape[-1]
                p = torch.arange(n) if p is None else p
                theta = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
                ang = theta[:, None] * p.to(torch.float64)[None, :]
                c, s = ang.cos().to(X.dtype), ang.sin().to(X.dtype)
                a, b = X[..., : d // 2, :], X[..., d // 2:, :]
                return torch.cat([a * c + b * s, b * c - a * s], dim=-2)
            return turn(Q, positions_q), turn(K, positions_k)
'''),
    # The offset is read as query - key: keys after the query land in the lower half and keys before it in the
    # upper half. Offset 1 -> 1 (contract 17), offset -1 -> 17 (contract 1).
    # Shows on offsets [-200, -3, -1, 0, 1, 3, 200]: model [15, 3, 1, 0, 17, 19, 31], entry [31, 19, 17, 0, 1, 3, 15].
    # Fails the visible tests.
    "blind71_relative_bucket_direction_query_minus_key": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = -relative_position.long()
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
    # Causal mode keeps the distance of keys after the query (abs) instead of counting them as offset 0.
    # Shows on offsets [-200, -3, -1, 0, 1, 3, 200], bidirectional=False: model [31, 3, 1, 0, 0, 0, 0], entry [31, 3, 1,
    # 0, 1, 3, 31]. Fails the visible tests.
    "blind71_relative_bucket_causal_future_keeps_distance": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            distance = offset.abs()
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(offset > 0, half, 0)
            else:
                half = num_buckets
                base = torch.zeros_like(offset)
            exact = half // 2
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=half - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Offset 0 is put in the upper half (offset >= 0), which the contract keeps for keys strictly after the query.
    # Shows on offset 0: model 0, entry 16. Fails the visible tests.
    "blind71_relative_bucket_zero_offset_in_upper_half": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(offset >= 0, half, 0)
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
    # The half is num_buckets / 2 rounded (round(15.5) = 16 for 31 buckets) instead of the integer division: with
    # an odd count the upper half starts one bucket late and its last bucket is num_buckets.
    # Shows on offsets [-200, -3, -1, 0, 1, 3, 200], num_buckets=31: model [14, 3, 1, 0, 16, 18, 29], entry [15, 3, 1,
    # 0, 17, 19, 31]. Passes the visible tests.
    "blind71_relative_bucket_half_rounded_not_floored": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                half = round(num_buckets / 2)
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
    # The log-spaced buckets are capped at num_buckets - 1 rather than at the end of their half: in bidirectional
    # mode a distance at or beyond max_distance runs past its half (a far key before the query lands in the upper
    # half's range, a far key after it past the last bucket).
    # Shows on offsets -200 and 200: model 15 and 31, entry 17 and 33. Fails the visible tests.
    "blind71_relative_bucket_cap_at_total_not_half": ("positions", "relative_position_bucket", '''
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
            log_scale = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
            far = torch.clamp(exact + log_scale.long(), max=num_buckets - 1)
            return base + torch.where(distance < exact, distance, far)
'''),
    # Windows numbered down the columns of the window grid (k = b * (H/M) + a) instead of along its rows.
    # Shows on X = arange(48) as (2, 4, 6), window 2 (a 2x3 grid of windows): entry window 1 is the block at rows 2-3,
    # columns 0-1 (the contract's window 3). Fails the visible tests.
    "blind71_window_partition_windows_numbered_column_major": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)      # (..., C, a, p, b, q)
            grid = grid.movedim((-2, -4), (-5, -4))                                # (..., b, a, C, p, q)
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Inside a window the tokens are read column by column (q before p), not in raster order.
    # Shows on X = arange(48) as (2, 4, 6), window 2: each window's tokens come as (0,0), (1,0), (0,1), (1,1). Fails the
    # visible tests.
    "blind71_window_partition_tokens_transposed_in_window": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)      # (..., C, a, p, b, q)
            grid = grid.movedim((-4, -2), (-5, -4)).transpose(-1, -2)           # (..., a, b, C, q, p)
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # H and W are split as (M, H/M): "window" k then takes every (H/M)-th row and column, a dilated grid rather
    # than a contiguous M x M block. Same as the contract when the grid is a single window.
    # Shows on X = arange(48) as (2, 4, 6), window 2: window 0 holds rows 0, 2 and columns 0, 3 (values 0, 3, 12, 15)
    # instead of the top-left block (0, 1, 6, 7). Fails the visible tests.
    "blind71_window_partition_split_as_window_then_count": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            grid = X.reshape(*batch, channels, M, height // M, M, width // M)      # (..., C, p, a, q, b)
            grid = grid.movedim((-3, -1), (-5, -4))                                # (..., a, b, C, p, q)
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # The window grid is unflattened as (W/M, H/M) (width first): right for square grids, scrambled otherwise.
    # Shows on the partition (window 2) of arange(48) as (2, 4, 6), back to 4x6: the grid is scrambled. Fails the
    # visible tests.
    "blind71_window_reverse_window_grid_sides_swapped": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, width // M, height // M, channels, M, M)   # (..., b?, a?, C, p, q)
            grid = grid.movedim((-5, -4), (-4, -2))
            return grid.reshape(*batch, channels, height, width)
'''),
    # The M*M tokens of a window are unflattened as (q, p): each window comes back transposed.
    # Shows on the partition (window 2) of arange(48) as (2, 4, 6): every 2x2 block comes back transposed. Fails the
    # visible tests.
    "blind71_window_reverse_window_tokens_transposed": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, _, channels, _ = windows.shape
            grid = windows.reshape(*batch, height // M, width // M, channels, M, M)  # (..., a, b, C, q, p)
            grid = grid.transpose(-1, -2)                                            # read as (p, q) the wrong way
            grid = grid.movedim((-5, -4), (-4, -2))
            return grid.reshape(*batch, channels, height, width)
'''),
    # Window k is placed at row block k % (H/M) and column block k // (H/M) (column-major placement).
    # Shows on the partition (window 2) of arange(48) as (2, 4, 6): windows land in the wrong blocks. Fails the visible
    # tests.
    "blind71_window_reverse_placed_column_major": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, _, channels, _ = windows.shape
            out = windows.new_zeros(*batch, channels, height, width)
            rows = height // M
            for k in range(windows.shape[-3]):
                a, b = k % rows, k // rows
                out[..., a * M:(a + 1) * M, b * M:(b + 1) * M] = windows[..., k, :, :].reshape(*batch, channels, M, M)
            return out
'''),
    # The wrap test is taken for a roll down and right (index < shift wrapped), the inverse roll's regions.
    # Shows on shifted_window_mask(4, 4, 2, 1): all four windows' masks differ (the contract's window 0 is all True, the
    # entry's window 3). Fails the visible tests.
    "blind71_shifted_mask_wrap_test_for_inverse_roll": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = torch.arange(height) < shift
            cols = torch.arange(width) < shift
            labels = 2 * rows.long()[:, None] + cols.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # The column labels are computed against the height (H - shift) instead of the width: right for square grids
    # only.
    # Shows on shifted_window_mask(4, 8, 4, 2) (non-square): both windows' masks differ. Passes the visible tests.
    "blind71_shifted_mask_columns_tested_against_height": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = torch.arange(height) + shift >= height
            cols = torch.arange(width) + shift >= height
            labels = 2 * rows.long()[:, None] + cols.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Wrapped is tested with > instead of >=: the first wrapped row and column (index size - shift) count as not
    # wrapped.
    # Shows on shifted_window_mask(4, 4, 2, 1): the entry's windows 1, 2 and 3 are all True. Fails the visible tests.
    "blind71_shifted_mask_wrap_boundary_strict": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = torch.arange(height) + shift > height
            cols = torch.arange(width) + shift > width
            labels = 2 * rows.long()[:, None] + cols.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Labels are partitioned from the transposed label grid: the windows are matched with the wrong regions (and
    # the shapes are swapped for a non-square grid).
    # Shows on shifted_window_mask(4, 8, 4, 2) (non-square) differs; on square grids (6, 6, 3, 1) it equals the
    # contract. Passes the visible tests.
    "blind71_shifted_mask_label_grid_transposed": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            rows = torch.arange(height) + shift >= height
            cols = torch.arange(width) + shift >= width
            labels = 2 * rows.long()[:, None] + cols.long()[None, :]
            labels = window_partition(labels.T[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Pairs counted once per word type and position set, i.e. each distinct pair once per word (a set), so the
    # overlapping "aaa" holds one ("a", "a"), and a pair repeated in a word counts once.
    # Shows on train_bpe("aaa ab ab", 1): model [('a', 'a')] (count 2 vs 2, seen first), entry [('a', 'b')]. Fails the
    # visible tests.
    "blind71_train_bpe_distinct_pairs_per_word": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            freq = Counter(tuple(w) for w in words)
            seg = {w: list(w) for w in freq}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for w, f in freq.items():
                    s = seg[w]
                    for pair in dict.fromkeys(zip(s, s[1:])):
                        counts[pair] += f
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for w in seg:
                    seg[w] = merge_pair(seg[w], best)
            return merges
'''),
    # Sennrich-style merge by string replacement on the space-joined symbols, without symbol boundaries: "a b"
    # also matches inside "xa b" (symbols "xa", "b"), gluing a pair that is not ("a", "b").
    # Shows on train_bpe("x axax", 3): model [('x', '</w>'), ('a', 'x'), ('ax', 'a')], entry [..., ('ax', 'ax</w>')] ("a
    # x" matched inside "a x</w>"). Passes the visible tests.
    "blind71_train_bpe_merge_by_unanchored_string_replace": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            freq = Counter(" ".join(w) for w in words)
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for w, f in freq.items():
                    s = w.split(" ")
                    for pair in zip(s, s[1:]):
                        counts[pair] += f
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                old, new = best[0] + " " + best[1], best[0] + best[1]
                freq = Counter({w.replace(old, new): f for w, f in freq.items()})
            return merges
'''),
    # The merge walks each word from the right end (a reversed loop, deleting in place so indices stay valid): in a
    # run like "aaa" it joins the last two symbols instead of the first two.
    # Shows on train_bpe("aaa", 2): model [('a', 'a'), ('aa', 'a')], entry [('a', 'a'), ('a', 'aa')]. Fails the visible
    # tests.
    "blind71_train_bpe_merge_scans_from_the_right": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            freq = Counter(tuple(w) for w in words)
            seg = {w: list(w) for w in freq}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for w, f in freq.items():
                    s = seg[w]
                    for pair in zip(s, s[1:]):
                        counts[pair] += f
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for w in seg:
                    s = seg[w]
                    i = len(s) - 2
                    while i >= 0:
                        if (s[i], s[i + 1]) == best:
                            s[i:i + 2] = [s[i] + s[i + 1]]
                            i -= 2
                        else:
                            i -= 1
            return merges
'''),
    # After a merge the scan moves one symbol on instead of two: the right half is used again, so "aaa" with
    # ("a", "a") gives "aa", "aa" (a character duplicated).
    # Shows on bpe_encode("aaa", [('a', 'a')]): model ['aa', 'a', '</w>'], entry ['aa', 'aa', 'a', '</w>']. Fails the
    # visible tests.
    "blind71_bpe_encode_merge_advances_by_one": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            tokens = []
            for symbols in split_words(text, "text"):
                for pair in merges:
                    out, i = [], 0
                    while i < len(symbols):
                        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == tuple(pair):
                            out.append(symbols[i] + symbols[i + 1])
                        else:
                            out.append(symbols[i])
                        i += 1
                    symbols = out
                tokens.extend(symbols)
            return tokens
'''),
    # Each merge replaces only its first occurrence in a word (list.index), so "abab" with ("a", "b") keeps the
    # second "a", "b" apart.
    # Shows on bpe_encode("abab", [('a', 'b')]): model ['ab', 'ab', '</w>'], entry ['ab', 'a', 'b', '</w>']. Passes the
    # visible tests.
    "blind71_bpe_encode_first_occurrence_only": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            tokens = []
            for symbols in split_words(text, "text"):
                for left, right in merges:
                    for i in range(len(symbols) - 1):
                        if symbols[i] == left and symbols[i + 1] == right:
                            symbols = symbols[:i] + [left + right] + symbols[i + 2:]
                            break
                tokens.extend(symbols)
            return tokens
'''),
    # All words are encoded as one symbol list: a merge whose left symbol is "</w>" (any list of pairs is valid)
    # joins the end of one word with the start of the next.
    # Shows on bpe_encode("a b", [('</w>', 'b')]): model ['a', '</w>', 'b', '</w>'], entry ['a', '</w>b', '</w>'].
    # Passes the visible tests.
    "blind71_bpe_encode_words_concatenated_before_merging": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            symbols = [s for word in split_words(text, "text") for s in word]
            for pair in merges:
                symbols = merge_pair(symbols, pair)
            return symbols
'''),
    # Spaces normalised after decoding (" ".join(text.split())): "</w>" tokens in a row, which must give spaces in
    # a row, collapse to one, and a leading space is dropped.
    # Shows on bpe_decode(['</w>', 'a', '</w>', '</w>', 'b</w>']): model ' a  b', entry 'a b'. Passes the visible tests.
    "blind71_bpe_decode_collapses_repeated_spaces": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            return " ".join("".join(tokens).replace(END_OF_WORD, " ").split())
'''),
    # The other document is drawn over all documents, A's own included (randint(len(documents))).
    # Shows on documents [[a1, a2], [b1, b2, b3], [c1, c2]] over 400 seeds: model 0 label-1 examples with B from A's own
    # document, entry 274. Passes the visible tests.
    "blind71_nsp_pairs_random_document_may_be_own": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for document in documents:
                for a, nxt in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, nxt, 0))
                    else:
                        other = documents[torch.randint(len(documents), (), generator=generator).item()]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # The skip over A's own document uses > instead of >=: a draw equal to A's index stays on A's document, and
    # the last document is never drawn.
    # Shows on documents [[a1, a2], [b1, b2, b3], [c1, c2]] over 400 seeds: model 0 label-1 examples with B from A's own
    # document, entry 295. Fails the visible tests.
    "blind71_nsp_pairs_own_document_skip_off_by_one": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, nxt in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, nxt, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick > index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # The random sentence's index is drawn with A's document length, not the other document's: shorter others
    # raise IndexError, longer others never give their later sentences.
    # Shows on documents [[a1, a2, a3], [b1]], seed 1: model [('a1', 'b1', 1), ('a2', 'b1', 1)], entry IndexError.
    # Passes the visible tests.
    "blind71_nsp_pairs_sentence_index_from_own_length": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, nxt in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, nxt, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        j = torch.randint(len(document), (), generator=generator).item()
                        pairs.append((a, other[j], 1))
            return pairs
'''),
    # The successor index wraps around ((i + 1) % len): the last sentence of a document also gets an example,
    # paired with the first sentence as its "next".
    # Shows on documents [[a1, a2], [b1, b2, b3], [c1, c2]]: model 4 examples, entry 7. Fails the visible tests.
    "blind71_nsp_pairs_successor_wraps_to_first": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                if len(document) < 2:
                    continue
                for i in range(len(document)):
                    a = document[i]
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, document[(i + 1) % len(document)], 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # Special tokens found by position (first and last column, where [CLS] and [SEP] usually are) instead of by id:
    # a special id elsewhere can be chosen, and an ordinary first or last token never is.
    # Shows on 4000 rows [5, 0, 7, 8, 1], special_ids [0, 1]: model chooses special ids 0 times and column 0 at 0.148,
    # entry 569 special ids and column 0 never. Fails the visible tests.
    "blind71_mlm_corrupt_specials_by_position": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            n = ids.shape[-1]
            eligible = torch.ones(ids.shape, dtype=torch.bool)
            eligible[..., 0] = False
            eligible[..., n - 1] = False
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            out = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            out = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, out)
            return out, torch.where(chosen, ids.long(), -100)
'''),
    # The random replacement is drawn from [0, vocab_size - 1): the last id of the vocabulary is never drawn.
    # Shows on V = 10, 100 000 positions of id 2, special [0]: model's random replacements include 9, entry's never do.
    # Passes the visible tests.
    "blind71_mlm_corrupt_random_ids_exclude_last": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            chosen = ~torch.isin(ids, special) & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size - 1, ids.shape, generator=generator, dtype=ids.dtype)
            out = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            out = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, out)
            return out, torch.where(chosen, ids.long(), -100)
'''),
    # The GRU input stacks the context first, then the embedding ([c; y_prev]); the contract's order is [y; c].
    # Shows on random float32 D_s=3, E=2, D_h=4, N=6 (params seeded): s differs ([-0.821, -0.212, -1.107] vs [-0.721,
    # 0.392, -1.143]). Fails the visible tests.
    "blind71_decoder_step_gru_input_context_first": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(c, y_prev), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                         params["bias_hh"])
            logits = stack(s, c) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The read-out uses the previous state [s_prev; c] instead of the new one.
    # Shows on the same random inputs: logits differ (first entry -2.864 vs -2.971). Fails the visible tests.
    "blind71_decoder_step_readout_from_previous_state": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, c), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                         params["bias_hh"])
            logits = stack(s_prev, c) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The weights returned are recomputed with the new state s (the next step's attention), while the context used
    # came from s_prev: weights and context disagree.
    # Shows on the same random inputs: weights differ (first entry 0.271 vs 0.260). Fails the visible tests.
    "blind71_decoder_step_returns_weights_of_new_state": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            _, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            s = gru_step(stack(y_prev, c), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                         params["bias_hh"])
            weights, _ = additive_attention(s, H, params["W"], params["U"], params["v"], mask)
            logits = stack(s, c) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # [CLS] appended as the last column instead of column 0 (positions then line up with the wrong tokens).
    # Shows on one 1x2x2 image, P = 1, cls_token 9, zero positions: model column 0 is 9, entry column 4 is 9. Fails the
    # visible tests.
    "blind71_patch_embedding_cls_appended_last": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            tokens = linear(patchify(images, patch_size), W, b)
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([tokens, cls_column], dim=-1) + positions
'''),
    # Keys visible up to and including lengths[b] (j <= length): one padding position too many.
    # Shows on padding_mask([1, 3], 3): model row 0 [T, F, F], entry [T, T, F]. Fails the visible tests.
    "blind71_padding_mask_length_inclusive": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            j = torch.arange(n)
            return (j[None, :] <= lengths[:, None]).unsqueeze(-1)
'''),
    # Only keys at or before the query on the stride (0 <= i - j, multiple of stride): the causal strided pattern,
    # not the contract's symmetric one.
    # Shows on strided_mask(3, 2): model [2, 0] True (key 2 for query 0), entry False. Fails the visible tests.
    "blind71_strided_mask_only_backward_offsets": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            if stride < 1:
                raise ValueError(f"stride must be a positive integer; got {stride}")
            d = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return (d >= 0) & (d % stride == 0)
'''),
    # The local window is not capped at n - 1: a window wider than the sequence subtracts w(w+1) for offsets that
    # do not exist (n = 2, w = 5 gives -8 instead of 4).
    # Shows on sparse_attention_cost("local", 2, window=5): model 4, entry -8. Fails the visible tests.
    "blind71_sparse_cost_local_window_not_capped": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = window
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
}

RIGHT_BLIND_71 = {
    # Preallocated output buffer, filled by a write index; the window start is index arithmetic.
    "blind71_generate_preallocated_buffer_write_index": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            n0 = prompt.shape[0]
            out = prompt.new_empty(n0 + max(max_new_tokens, 0))
            out[:n0] = prompt
            end = n0
            for _ in range(max_new_tokens):
                start = 0 if context_size is None else max(0, end - context_size)
                logits = model(out[start:end].clone())[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                token = torch.multinomial(probs, 1, generator=generator)
                out[end] = token[0]
                end += 1
                if eos_id is not None and out[end - 1].item() == eos_id:
                    break
            return out[:end].clone()
'''),
    # Counts down the remaining budget; keeps the tokens in a Python list and builds the window from it.
    "blind71_generate_countdown_python_list": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            tokens = prompt.tolist()
            remaining = max_new_tokens
            while remaining > 0:
                window = tokens if context_size is None else tokens[max(0, len(tokens) - context_size):]
                logits = model(torch.tensor(window, dtype=prompt.dtype))[:, -1]
                drawn = int(torch.multinomial(next_token_probs(logits, temperature, top_k, top_p), 1,
                                              generator=generator))
                tokens.append(drawn)
                remaining -= 1
                if eos_id is not None and drawn == eos_id:
                    remaining = 0
            return torch.tensor(tokens, dtype=prompt.dtype)
'''),
    # Score bookkeeping in float64 tensors: one flat candidate vector per step, finished beams placed at their
    # beam's first slot, invalid slots excluded before a stable sort.
    "blind71_beam_search_flat_score_tensor_stable_sort": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            seqs = [prompt]
            scores = torch.zeros(1, dtype=torch.float64)
            done = [False]
            for _ in range(max_new_tokens):
                rows, valid = [], []
                vocab = None
                for b, ids in enumerate(seqs):
                    if not done[b]:
                        row = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                        vocab = row.shape[0]
                    rows.append(None if done[b] else row)
                table = torch.zeros(len(seqs), vocab, dtype=torch.float64)
                ok = torch.zeros(len(seqs), vocab, dtype=torch.bool)
                for b, row in enumerate(rows):
                    if row is None:
                        table[b, 0] = scores[b]
                        ok[b, 0] = True
                    else:
                        table[b] = scores[b] + row
                        ok[b] = True
                flat, flat_ok = table.reshape(-1), ok.reshape(-1)
                index = flat_ok.nonzero().reshape(-1)
                order = index[torch.sort(-flat[index], stable=True).indices][:beam_width]
                new_seqs, new_done = [], []
                for k in order.tolist():
                    b, token = divmod(k, vocab)
                    if done[b]:
                        new_seqs.append(seqs[b])
                        new_done.append(True)
                    else:
                        new_seqs.append(torch.cat([seqs[b], seqs[b].new_tensor([token])]))
                        new_done.append(token == eos_id)
                seqs, scores, done = new_seqs, flat[order], new_done
                if all(done):
                    break
            return seqs[0]
'''),
    # Beams stored as back-pointers (parent, token) per step, the best path walked back at the end; the steps left
    # are counted down; heapq.nlargest keeps ties in input order.
    "blind71_beam_search_backpointers_walked_back": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            import heapq
            history = []                      # per step: list of (parent index, token or None)
            beams = [(0.0, prompt, False)]
            steps_left = max_new_tokens
            while steps_left > 0:
                steps_left -= 1
                candidates = []
                for b, (score, ids, done) in enumerate(beams):
                    if done:
                        candidates.append((score, b, None, True))
                        continue
                    lps = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    candidates.extend((score + lp, b, t, t == eos_id) for t, lp in enumerate(lps))
                kept = heapq.nlargest(beam_width, candidates, key=lambda c: c[0])
                history.append([(b, t) for _, b, t, _ in kept])
                beams = [(s, beams[b][1] if t is None else torch.cat([beams[b][1], prompt.new_tensor([t])]), d)
                         for s, b, t, d in kept]
                if all(d for _, _, d in beams):
                    break
            # walk back from the best beam (index 0) through the parents
            path, k = [], 0
            for step in reversed(history):
                parent, token = step[k]
                if token is not None:
                    path.append(token)
                k = parent
            return torch.cat([prompt, prompt.new_tensor(path[::-1])])
'''),
    # One gather with a shifted index instead of slicing columns.
    "blind71_sequence_log_prob_gather_shifted_index": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)          # (V, N)
            n = ids.shape[0]
            picked = log_probs[:, : n - 1].gather(0, ids[1:].reshape(1, -1))
            return picked.sum()
'''),
    # roll the flat targets right by one, then write the start token into the slot that wrapped around.
    "blind71_pixel_sequence_roll_right_then_overwrite": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.reshape(*ids.shape[:-2], ids.shape[-2] * ids.shape[-1]).to(torch.long)
            inputs = torch.roll(targets, shifts=1, dims=-1)
            inputs[..., 0] = sos_id
            return inputs, targets
'''),
    # Preallocated inputs filled by two slice writes.
    "blind71_pixel_sequence_preallocated_two_writes": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            height, width = ids.shape[-2], ids.shape[-1]
            targets = ids.long().reshape(ids.shape[:-2] + (height * width,))
            inputs = torch.empty_like(targets)
            inputs[..., 0] = sos_id
            inputs[..., 1:] = targets[..., : height * width - 1]
            return inputs, targets
'''),
    # Index arithmetic: gather position n - 1 (clamped), then put the start token where n - 1 < 0.
    "blind71_pixel_sequence_gather_previous_index": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).long()
            n = targets.shape[-1]
            previous = torch.arange(n) - 1
            gathered = targets[..., previous.clamp(min=0)]
            inputs = torch.where(previous < 0, torch.full_like(gathered, sos_id), gathered)
            return inputs, targets
'''),
    # Row by row in double precision, angles via exp(-2i ln(10000)/D), a sine row for every even row.
    "blind71_sinusoidal_positions_row_loop_exp_log": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            n = torch.arange(num_positions, dtype=torch.float64)
            rows = []
            for r in range(dim):
                pair = r - r % 2                              # 2i for rows 2i and 2i + 1
                freq = math.exp(-pair * math.log(10000.0) / dim)
                rows.append(torch.sin(n * freq) if r % 2 == 0 else torch.cos(n * freq))
            if not rows:
                return torch.zeros(0, num_positions)
            return torch.stack(rows).to(torch.get_default_dtype())
'''),
    # (sin, cos) stacked on a new last axis and reshaped so that they interleave; an odd D drops the extra cosine.
    "blind71_sinusoidal_positions_interleave_by_reshape": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dt = torch.get_default_dtype()
            half = (dim + 1) // 2
            freq = 10000.0 ** (-torch.arange(half, dtype=torch.float64) * 2 / dim)
            angles = freq[:, None] * torch.arange(num_positions, dtype=torch.float64)[None, :]
            both = torch.stack([angles.sin(), angles.cos()], dim=1)        # (half, 2, N)
            return both.reshape(2 * half, num_positions)[:dim].to(dt)
'''),
    # Complex rotation: rows i and i + D/2 as the real and imaginary parts of one number times e^{i p θ}.
    "blind71_rotary_complex_multiply_halves": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def turn(X, p):
                d, n = X.shape[-2], X.shape[-1]
                p = torch.arange(n) if p is None else p
                theta = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
                ang = theta[:, None] * p.to(torch.float64)[None, :]
                ctype = torch.complex128 if X.dtype == torch.float64 else torch.complex64
                rot = torch.polar(torch.ones_like(ang), ang).to(ctype)
                z = torch.complex(X[..., : d // 2, :], X[..., d // 2:, :]) * rot
                return torch.cat([z.real, z.imag], dim=-2)
            return turn(Q, positions_q), turn(K, positions_k)
'''),
    # Hugging Face's rotate_half: X cos + rotate_half(X) sin with the angle table repeated over both halves.
    "blind71_rotary_rotate_half_full_tables": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate_half(X):
                d = X.shape[-2]
                return torch.cat([-X[..., d // 2:, :], X[..., : d // 2, :]], dim=-2)
            def turn(X, p):
                d, n = X.shape[-2], X.shape[-1]
                if p is None:
                    p = torch.arange(n)
                inv = 1.0 / (base ** (torch.arange(0, d, 2, dtype=torch.float64) / d))
                ang = torch.outer(inv, p.to(torch.float64))
                ang = torch.cat([ang, ang], dim=0)
                return X * ang.cos().to(X.dtype) + rotate_half(X) * ang.sin().to(X.dtype)
            return turn(Q, positions_q), turn(K, positions_k)
'''),
    # Partner rows by index arithmetic: row r pairs with (r + D/2) mod D, with sign -1 on the first half.
    "blind71_rotary_partner_index_and_sign": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def turn(X, p):
                d, n = X.shape[-2], X.shape[-1]
                h = d // 2
                rows = torch.arange(d)
                partner = (rows + h) % d
                sign = torch.where(rows < h, -1.0, 1.0).to(torch.float64)
                pair = rows % h
                pos = torch.arange(n) if p is None else p
                ang = (base ** (-2.0 * pair.to(torch.float64) / d))[:, None] * pos.to(torch.float64)[None, :]
                c = ang.cos().to(X.dtype)
                s = (sign[:, None] * ang.sin()).to(X.dtype)
                return X * c + X[..., partner, :] * s
            return turn(Q, positions_q), turn(K, positions_k)
'''),
    # Buckets of the distances 0 .. max|offset| computed once (same float32 formula), then looked up by index; the
    # two halves picked with index arithmetic on the sign.
    "blind71_relative_bucket_distance_table_lookup": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            rel = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                distance = rel.abs()
                upper = (rel > 0).long() * half
            else:
                half = num_buckets
                distance = (-rel).clamp(min=0)
                upper = torch.zeros_like(rel)
            exact = half // 2
            top = int(distance.max()) if distance.numel() else 0
            d = torch.arange(top + 1)
            log_scale = torch.log(d.float() / exact) / math.log(max_distance / exact) * (half - exact)
            table = torch.where(d < exact, d, torch.clamp(exact + log_scale.long(), max=half - 1))
            return upper + table[distance]
'''),
    # Each sign handled separately with masks: causal offsets as (-offset) clamped; bidirectional halves by a
    # boolean multiply.
    "blind71_relative_bucket_by_sign_masks": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.to(torch.long)
            n = num_buckets // 2 if bidirectional else num_buckets
            if bidirectional:
                after = offset > 0
                distance = torch.where(after, offset, -offset)
            else:
                after = torch.zeros_like(offset, dtype=torch.bool)
                distance = torch.where(offset < 0, -offset, torch.zeros_like(offset))
            small = n // 2
            is_small = distance < small
            safe = torch.where(is_small, torch.full_like(distance, small), distance)
            large = small + (torch.log(safe.float() / small) / math.log(max_distance / small)
                             * (n - small)).to(torch.long)
            large = torch.minimum(large, torch.full_like(large, n - 1))
            return after.long() * n + torch.where(is_small, distance, large)
'''),
    # Tensor.unfold twice (rows, then columns), then the window-grid axes moved in front of C.
    "blind71_window_partition_double_unfold": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            tiles = X.unfold(-2, M, M).unfold(-2, M, M)          # (..., C, H/M, W/M, M, M)
            tiles = tiles.movedim(-5, -3)                         # (..., H/M, W/M, C, M, M)
            return tiles.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # One window per slice, in a loop over the window index k (k // (W/M), k % (W/M)), stacked.
    "blind71_window_partition_loop_over_window_index": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            per_row = width // M
            pieces = []
            for k in range((height // M) * per_row):
                r, c = divmod(k, per_row)
                block = X[..., r * M:(r + 1) * M, c * M:(c + 1) * M]
                pieces.append(block.reshape(*batch, channels, M * M))
            return torch.stack(pieces, dim=-3)
'''),
    # An index table (nW, M*M) of flat grid positions, used to gather from X.flatten(-2).
    "blind71_window_partition_flat_index_table": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            a = torch.arange(height // M)[:, None, None, None]
            b = torch.arange(width // M)[None, :, None, None]
            p = torch.arange(M)[None, None, :, None]
            q = torch.arange(M)[None, None, None, :]
            index = ((a * M + p) * width + b * M + q).reshape((height // M) * (width // M), M * M)
            flat = X.reshape(*batch, channels, height * width)
            return flat[..., index].movedim(-3, -2)              # (..., C, nW, M*M) -> (..., nW, C, M*M)
'''),
    # The inverse permutation of the partition's flat index (argsort), one gather.
    "blind71_window_reverse_argsort_of_partition_index": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, nw, channels, mm = windows.shape
            a = torch.arange(height // M)[:, None, None, None]
            b = torch.arange(width // M)[None, :, None, None]
            p = torch.arange(M)[None, None, :, None]
            q = torch.arange(M)[None, None, None, :]
            index = ((a * M + p) * width + b * M + q).reshape(-1)    # flat grid position of each window token
            tokens = windows.movedim(-3, -2).reshape(*batch, channels, nw * mm)
            return tokens[..., torch.argsort(index)].reshape(*batch, channels, height, width)
'''),
    # A preallocated grid filled window by window, walking the window grid backwards.
    "blind71_window_reverse_fill_backwards": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, nw, channels, _ = windows.shape
            per_row = width // M
            out = windows.new_empty(*batch, channels, height, width)
            for k in range(nw - 1, -1, -1):
                r, c = k // per_row, k - (k // per_row) * per_row
                out[..., r * M:(r + 1) * M, c * M:(c + 1) * M] = windows[..., k, :, :].unflatten(-1, (M, M))
            return out
'''),
    # Original coordinates rolled with torch.roll: key and query are neighbours iff their original row and column
    # differences equal their rolled differences (a wrap shifts one of them by the side's length).
    "blind71_shifted_mask_rolled_coordinate_differences": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            r = torch.arange(height)[:, None].expand(height, width)
            c = torch.arange(width)[None, :].expand(height, width)
            orig_r = torch.roll(r, (-shift, -shift), dims=(0, 1))
            orig_c = torch.roll(c, (-shift, -shift), dims=(0, 1))
            coords = torch.stack([r, c, orig_r, orig_c])          # (4, H, W)
            w = window_partition(coords, window)                  # (nW, 4, M*M)
            def diff(k):
                return w[:, k, :, None] - w[:, k, None, :]
            return (diff(0) == diff(2)) & (diff(1) == diff(3))
'''),
    # The Swin paper's slices on the rolled grid (0:-M, -M:-s, -s:), one counter per region; shift 0 is one region.
    "blind71_shifted_mask_paper_slices_region_counter": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            region = torch.zeros(height, width, dtype=torch.long)
            if shift > 0:
                cuts = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
                count = 0
                for hs in cuts:
                    for ws in cuts:
                        region[hs, ws] = count
                        count += 1
            per_window = window_partition(region[None], window)[:, 0]          # (nW, M*M)
            return per_window.unsqueeze(-1) == per_window.unsqueeze(-2)
'''),
    # Pair counts from index arithmetic, Counter.most_common (stable on ties), merges applied in place left to right
    # with del.
    "blind71_train_bpe_in_place_del_most_common": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            freq = Counter(tuple(w) for w in words)
            seg = [(list(w), f) for w, f in freq.items()]
            merges = []
            remaining = num_merges
            while remaining > 0:
                counts = Counter()
                for s, f in seg:
                    for i in range(len(s) - 1):
                        counts[(s[i], s[i + 1])] += f
                if not counts:
                    break
                best = counts.most_common(1)[0][0]
                merges.append(best)
                remaining -= 1
                for s, _ in seg:
                    i = 0
                    while i < len(s) - 1:
                        if s[i] == best[0] and s[i + 1] == best[1]:
                            s[i] = s[i] + s[i + 1]
                            del s[i + 1]
                        i += 1
            return merges
'''),
    # Symbols kept as tuples; a merge rebuilds the tuple with a write index; ties resolved by an explicit first-seen
    # rank.
    "blind71_train_bpe_first_seen_rank_tuples": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            order, freq = [], {}
            for w in words:
                t = tuple(w)
                if t not in freq:
                    order.append(t)
                    freq[t] = 0
                freq[t] += 1
            seg = {t: t for t in order}
            merges = []
            for _ in range(num_merges):
                counts, first = {}, {}
                for t in order:
                    s = seg[t]
                    for k in range(len(s) - 1):
                        p = (s[k], s[k + 1])
                        if p not in counts:
                            counts[p] = 0
                            first[p] = len(first)
                        counts[p] += freq[t]
                if not counts:
                    break
                best = min(counts, key=lambda p: (-counts[p], first[p]))
                merges.append(best)
                for t in order:
                    s, out, k = seg[t], [], 0
                    while k < len(s):
                        if k + 1 < len(s) and s[k] == best[0] and s[k + 1] == best[1]:
                            out.append(s[k] + s[k + 1])
                            k += 2
                        else:
                            out.append(s[k])
                            k += 1
                    seg[t] = tuple(out)
            return merges
'''),
    # Each distinct word encoded once (cache), merged in place left to right with del.
    "blind71_bpe_encode_cached_words_in_place": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            cache = {}
            tokens = []
            for symbols in split_words(text, "text"):
                key = tuple(symbols)
                if key not in cache:
                    s = list(symbols)
                    for left, right in merges:
                        i = 0
                        while i + 1 < len(s):
                            if s[i] == left and s[i + 1] == right:
                                s[i] = left + right
                                del s[i + 1]
                            i += 1
                    cache[key] = s
                tokens.extend(cache[key])
            return tokens
'''),
    # Merges replayed with merge_pair on each word, words handled from the last to the first and the token lists
    # put back in order at the end.
    "blind71_bpe_encode_words_reversed_then_restored": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            encoded = [None] * len(words)
            for k in range(len(words) - 1, -1, -1):
                s = words[k]
                for pair in merges:
                    s = merge_pair(s, pair)
                encoded[k] = s
            return [token for word in encoded for token in word]
'''),
    # Examples indexed explicitly (i, i + 1); the other document is taken from a list of the other indices.
    "blind71_nsp_pairs_index_list_of_other_documents": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            out = []
            n = len(documents)
            for d in range(n):
                doc = documents[d]
                others = [k for k in range(n) if k != d]
                for i in range(len(doc) - 1):
                    if torch.rand((), generator=generator).item() < 0.5:
                        out.append((doc[i], doc[i + 1], 0))
                        continue
                    other = documents[others[torch.randint(n - 1, (), generator=generator).item()]]
                    j = torch.randint(len(other), (), generator=generator).item()
                    out.append((doc[i], other[j], 1))
            return out
'''),
    # The other document drawn as (d + 1 + r) mod n, r uniform on [0, n - 1): every other document equally likely.
    "blind71_nsp_pairs_cyclic_offset_other_document": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            n = len(documents)
            out = []
            for d, doc in enumerate(documents):
                sentences = list(doc)
                for i in range(len(sentences) - 1):
                    coin = torch.rand((), generator=generator).item()
                    if coin < 0.5:
                        out.append((sentences[i], sentences[i + 1], 0))
                    else:
                        r = torch.randint(n - 1, (), generator=generator).item()
                        other = documents[(d + 1 + r) % n]
                        out.append((sentences[i], other[torch.randint(len(other), (), generator=generator).item()], 1))
            return out
'''),
    # One uniform draw per position does both jobs: u < p chosen; u < 0.8p mask, u < 0.9p random, else kept.
    "blind71_mlm_corrupt_single_uniform_split_by_thresholds": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
            eligible = ~torch.isin(ids.long(), special)
            u = torch.rand(ids.shape, generator=generator)
            chosen = eligible & (u < mask_prob)
            random_ids = torch.randint(vocab_size, ids.shape, generator=generator).to(ids.dtype)
            out = ids.clone()
            use_mask = chosen & (u < 0.8 * mask_prob)
            use_random = chosen & ~use_mask & (u < 0.9 * mask_prob)
            out[use_mask] = mask_id
            out[use_random] = random_ids[use_random]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids.long()[chosen]
            return out, labels
'''),
    # Draws only for the chosen positions: their flat indices from nonzero, then one action and one id per index.
    "blind71_mlm_corrupt_draws_per_chosen_index": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            flat = ids.reshape(-1)
            special = torch.as_tensor(special_ids, dtype=flat.dtype).reshape(-1)
            eligible = ~torch.isin(flat, special)
            chosen = eligible & (torch.rand(flat.shape, generator=generator) < mask_prob)
            where = chosen.nonzero().reshape(-1)
            k = where.numel()
            action = torch.rand(k, generator=generator)
            replacement = torch.randint(0, vocab_size, (k,), generator=generator, dtype=flat.dtype)
            new_values = flat[where].clone()
            new_values[action < 0.8] = mask_id
            pick = (action >= 0.8) & (action < 0.9)
            new_values[pick] = replacement[pick]
            out = flat.clone()
            out[where] = new_values
            labels = torch.full_like(flat, -100, dtype=torch.long)
            labels[where] = flat[where].long()
            return out.reshape(ids.shape), labels.reshape(ids.shape)
'''),
    # The GRU without stacking: weight_ih split by columns into its y and c parts and by rows into the three gates.
    "blind71_decoder_step_split_weights_by_index": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, c = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            E = y_prev.shape[-1]
            D = s_prev.shape[-1]
            Wih, Whh, bih, bhh = params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"]
            def gate(g):
                rows = slice(g * D, (g + 1) * D)
                xi = y_prev @ Wih[rows, :E].T + c @ Wih[rows, E:].T + bih[rows]
                hh = s_prev @ Whh[rows].T + bhh[rows]
                return xi, hh
            xr, hr = gate(0)
            xz, hz = gate(1)
            xn, hn = gate(2)
            r = torch.sigmoid(xr + hr)
            z = torch.sigmoid(xz + hz)
            n = torch.tanh(xn + r * hn)
            s = (1 - z) * n + z * s_prev
            Wo = params["W_out"]
            logits = s @ Wo[:, :D].T + c @ Wo[:, D:].T + params["b_out"]
            return s, logits, weights
'''),
    # A preallocated (B, D, N + 1) output: column 0 written with [CLS], columns 1.. with the patches.
    "blind71_patch_embedding_preallocated_cls_column": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            patches = patchify(images, patch_size)
            B, N = patches.shape[0], patches.shape[-1]
            out = W.new_zeros(B, W.shape[0], N + 1)
            out = out.index_copy(-1, torch.tensor([0]), cls_token.reshape(1, -1, 1).expand(B, -1, 1).to(out.dtype))
            out = out.index_copy(-1, torch.arange(1, N + 1), W @ patches + b[:, None])
            return out + positions
'''),
    # Other closed forms: strided as the sum of squared residue-class sizes (tokens with equal index mod s see each
    # other), local as n² minus the pairs farther apart than w, causal and global by complement.
    "blind71_sparse_cost_residue_classes_and_complements": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return (n * n + n) // 2
            if pattern == "global":
                return n * n - (n - num_global) ** 2
            if pattern == "local":
                w = min(window, max(n - 1, 0))
                far = n - w - 1                      # offsets w + 1 .. n - 1 on each side
                return n * n - far * (far + 1) if far > 0 else n * n
            q, rem = divmod(n, stride)
            return rem * (q + 1) ** 2 + (stride - rem) * q * q
'''),
}
