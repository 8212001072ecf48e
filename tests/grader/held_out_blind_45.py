"""Forty-sixth blind batch of held-out implementations (prefix blind45_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, the stubs (exercises/*.py: signatures and input-check lines, substituted
through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests were only run
(`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_43.py) were only skimmed for their entry names and header decisions, to repeat
none of their entries. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the
batch written at the same time (held_out_blind_44.py).

Emphasis: loops over a sequence and the state they carry. Wrong: a slip in what the loop carries from one step to
the next: generate with logits fetched before the drawn token is appended (one step stale), a context list trimmed
before the append (context_size + 1 tokens), a context cropped only in bulk, logits cached by the last token, a
run to max_new_tokens cut at eos afterwards (extra calls and draws); beam search with rows of ids reordered in place,
log-probabilities cached by (length, last token), eos forbidden at the first step, a finished count that accumulates
across steps; sequence_log_prob with rolled columns (the first token scored by the last column), windows of 17
tokens, a loop one step short; a decoder step whose U H projection or GRUCell is cached across calls; train_bpe with
neighbour counts read from the old segmentation (drift on adjacent occurrences), zero counts kept (no stop), a
merge applied to the first word only; bpe_encode stopping at two symbols; one NSP coin per document (a draw too
few); quantize_pixels with the chunk count rounded down or a running minimum never updated; a local mask whose
slice start goes negative; a local cost counted per query with an off-by-one; block-by-block attention over keys
whose running sum is not rescaled, or whose running max starts at 0. Right: loops that carry state correctly in
styles of their own (primed logits refreshed after the append, a per-call memo keyed by the whole context, a deque
window, an eos check at the top of the next step, parallel beam lists with no early exit, a block-summed or
flag-skipped log-probability, one decoder state at a time, exact incremental BPE counts over the affected words, an
early exit at one symbol, NSP and MLM drawing position by position, pixel chunks, a clamped query loop, an online
normaliser over key blocks).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind45/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests; every right entry passes them, and each
wrong entry's comment says whether it does (14 of the 25 wrong entries pass them). Each wrong entry's recorded
input was run on the model answer and on the entry and both results printed; each differs as its comment says.
Right entries were compared with the model answer: generate on 1297 settings (V 3-7, prompts of 1-3 ids,
temperature 1, 0.7 and 0, top_k, top_p, eos_id None/0/2, context_size None/1/2/4, 0/1/6 new tokens, a prompt ending
in eos) with a prefix-hashed random model, under a seeded generator (the same ids and the same generator state
afterwards) and under torch.manual_seed; beam_search on 1153 settings (hashed models of V 2-4 at three scales, a
uniform model and a table with exact ties, float64 logits, beam_width 1, 2, 3 and V + 2, 0-5 steps, eos None/0/V - 1,
a prompt ending in eos; the prompt unchanged, the ValueError); sequence_log_prob on float32 and float64 models holding
leaf tables (N 1-1000, 1x and 1000x scale, values and gradients); attention_decoder_step under both default dtypes
on float32 and float64 inputs, unbatched, batched, broadcast (s (2, 1, D_s) over H (3, D_h, N)), masks with a state
that sees nothing, 1000x scale, gradients of every input and parameter with a random cotangent, arguments unchanged,
keyword calls, the missing-parameter ValueError; train_bpe on the worked example and 307 corpora for 0-60 merges (and
the "</w>" ValueError), bpe_encode on 120 corpora x 5 texts x 5 merge lists; nsp_pairs and mlm_corrupt by their
distributions (4000 calls; 10 000 positions, mask_prob 0 and 1, specials as a list and a tensor, a seeded generator,
ids unchanged, the ValueError); quantize_pixels exactly on float32/float64, batched, transposed, 1x1, empty images,
duplicate colours, mixed dtypes and the ValueErrors; local_mask exactly for n 0-8, window -3-11;
scaled_dot_product_attention under both default dtypes on float32 and float64 inputs, batched (0, 1, 2 axes),
N_k 1-9, key-broadcast (1, N_q), padding (B, N_k, 1), causal and random masks with queries that see nothing, 1x and
1000x scale, non-contiguous Q, the same tensor twice, gradients, keyword calls and the ValueErrors.

Judgement calls: blind45_generate_cut_at_eos_after_the_loop returns exactly the model answer's ids; it is wrong only
because it keeps calling the model and drawing after eos (the contract: "stops after emitting eos_id, drawing nothing
more"), which shows in the generator's state after the call and the number of model calls.
blind45_nsp_one_coin_per_document has the right distribution for each example taken alone; only the joint
distribution within a document is wrong.
blind45_sdpa_key_blocks_running_max_from_zero differs only where every score of a query is below about -104 in float32
(the contract's large scale). blind45_decoder_step_encoder_projection_cached_across_calls is right on any single call
with a fresh H; it goes wrong on a later call (new parameters, or an H changed in place or allocated at a freed id).
The decoder-step right entry differs from the model answer by up to 2.3x the 2e-5 float32 gradient tolerance at
1000x scale; against a float64 reference its error is smaller than the model answer's (1.05e-4 against 1.51e-4), so
it is kept. blind45_right_generate_memo_keyed_by_whole_context assumes, as the contract does, that a model is a
function of its ids. Fewer entries than asked (about 55 / 35): the time box, and the earlier batches' coverage of
these loops (window partitions, strided masks and cost offset loops, chunked palettes, insertion-order BPE ties).

Counts: 25 wrong, 15 right.
Wrong per function: {'attention_decoder_step': 2, 'beam_search': 4, 'bpe_encode': 1, 'generate': 5, 'local_mask': 1,
'nsp_pairs': 1, 'quantize_pixels': 2, 'scaled_dot_product_attention': 2, 'sequence_log_prob': 3,
'sparse_attention_cost': 1, 'train_bpe': 3}.
Right per function: {'attention_decoder_step': 1, 'beam_search': 1, 'bpe_encode': 1, 'generate': 4, 'local_mask': 1,
'mlm_corrupt': 1, 'nsp_pairs': 1, 'quantize_pixels': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 2,
'train_bpe': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_45 = {
    # Stale logits: the scores for the next step are fetched before the drawn token is appended, so every step after
    # the first samples from the previous step's distribution (the loop carries logits one step behind the ids).
    # Bigram model logits = T[:, ids] with T = [[0, 0, 5], [5, 0, 0], [0, 5, 0]] (after 0 comes 1, after 1 comes 2,
    # after 2 comes 0), prompt [0], 3 tokens, temperature 0: model [0, 1, 2, 0], entry [0, 1, 1, 2]. Fails the visible
    # tests.
    "blind45_generate_logits_refreshed_before_append": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            window = ids if context_size is None else ids[-context_size:]
            logits = model(window)[:, -1]                     # scores for the first new token
            for _ in range(max_new_tokens):
                token = torch.multinomial(next_token_probs(logits, temperature, top_k, top_p), 1, generator=generator)
                # get the scores for the next step ready
                window = ids if context_size is None else ids[-context_size:]
                logits = model(window)[:, -1]
                ids = torch.cat([ids, token.to(ids.dtype)])
                if eos_id is not None and token.item() == eos_id:
                    break
            return ids
'''),
    # The context window is a list carried across steps and trimmed with `len > context_size` before the append, so
    # after the first few steps the model sees context_size + 1 tokens. Model whose column n is 5 * one_hot((ids[0] +
    # ... + ids[n]) % 5) (V = 5), prompt [1], 4 tokens, temperature 0, context_size 2: model [1, 1, 2, 3, 0], entry
    # [1, 1, 2, 4, 2]. Fails the visible tests.
    "blind45_generate_window_trimmed_before_append": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            out = prompt.tolist()
            window = list(out) if context_size is None else out[-context_size:]
            for _ in range(max_new_tokens):
                logits = model(torch.tensor(window, dtype=prompt.dtype))[:, -1]
                token = int(torch.multinomial(next_token_probs(logits, temperature, top_k, top_p), 1, generator=generator))
                if context_size is not None and len(window) > context_size:
                    window.pop(0)                             # make room for the new token
                window.append(token)
                out.append(token)
                if eos_id is not None and token == eos_id:
                    break
            return torch.tensor(out, dtype=prompt.dtype)
'''),
    # Always runs max_new_tokens steps and cuts the result after the first eos: the ids returned are the model
    # answer's, but it keeps calling the model and drawing after eos, where the contract says it stops, drawing
    # nothing more. Logits [0, 0] at every step, eos_id 1, prompt [0], 6 tokens, generator seeded 0: both return [0,
    # 1], but the model called the model once and the entry six times, and the generator's next torch.rand is 0.3074
    # after the model answer and 0.4194 after the entry. Passes the visible tests.
    "blind45_generate_cut_at_eos_after_the_loop": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                ids = torch.cat([ids, torch.multinomial(probs, 1, generator=generator).to(ids.dtype)])
            if eos_id is not None:                            # keep everything up to the first eos
                hits = (ids[len(prompt):] == eos_id).nonzero()
                if len(hits):
                    ids = ids[: len(prompt) + int(hits[0]) + 1]
            return ids
'''),
    # Caches the last column by the last token alone, as if the model were a bigram table: a stale value as soon as
    # the model looks further back. The cumulative-sum model of blind45_generate_window_trimmed_before_append, prompt
    # [1], 4 tokens, temperature 0, no context_size: model [1, 1, 2, 4, 3], entry [1, 1, 1, 1, 1]. Passes the visible
    # tests.
    "blind45_generate_logits_cached_by_last_token": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            cache = {}                                        # last token -> scores for the token after it
            ids = prompt
            for _ in range(max_new_tokens):
                last = int(ids[-1])
                if last not in cache:
                    context = ids if context_size is None else ids[-context_size:]
                    cache[last] = model(context)[:, -1]
                token = torch.multinomial(next_token_probs(cache[last], temperature, top_k, top_p), 1,
                                          generator=generator)
                ids = torch.cat([ids, token.to(ids.dtype)])
                if eos_id is not None and token.item() == eos_id:
                    break
            return ids
'''),
    # Carries a context tensor that is cropped back to context_size only once it reaches 2 * context_size (to crop
    # less often), so the model sees between context_size and 2 * context_size - 1 tokens. The cumulative-sum model,
    # prompt [1], 5 tokens, temperature 0, context_size 2: model [1, 1, 2, 3, 0, 3], entry [1, 1, 2, 4, 1, 2]. Fails
    # the visible tests.
    "blind45_generate_context_cropped_in_bulk": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            context = ids if context_size is None else ids[-context_size:]
            for _ in range(max_new_tokens):
                token = torch.multinomial(next_token_probs(model(context)[:, -1], temperature, top_k, top_p), 1,
                                          generator=generator).to(ids.dtype)
                ids = torch.cat([ids, token])
                context = torch.cat([context, token])
                if context_size is not None and len(context) >= 2 * context_size:
                    context = context[-context_size:]         # crop once in a while, not every step
                if eos_id is not None and token.item() == eos_id:
                    break
            return ids
'''),
    # Keeps the beams as rows of one id buffer and reorders them in place (rows[r] = rows[parent], r in order): when a
    # row's parent is a row already overwritten in this step, the beam gets the wrong prefix (the in-place permutation
    # slip); scores and lengths, kept in fresh lists, stay right. Model column n = T[:, (ids[0] + ... + ids[n]) % 3],
    # T = [[1, 1, 0], [1, 0, 3], [0, 3, 1]], prompt [0], beam_width 2, 3 steps, no eos: model [0, 1, 2, 0], entry [0,
    # 1, 0, 2]. Passes the visible tests.
    "blind45_beam_search_rows_reordered_in_place": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            n0 = len(prompt)
            rows = prompt.new_zeros((beam_width, n0 + max_new_tokens))   # one row of ids per beam
            rows[0, :n0] = prompt
            lengths, scores, done = [n0], [0.0], [False]
            for _ in range(max_new_tokens):
                candidates = []                                  # (score, parent row, token or None)
                for b in range(len(scores)):
                    if done[b]:
                        candidates.append((scores[b], b, None))
                        continue
                    log_probs = torch.log_softmax(model(rows[b, :lengths[b]])[:, -1].double(), dim=0)
                    candidates.extend((scores[b] + lp, b, t) for t, lp in enumerate(log_probs.tolist()))
                candidates.sort(key=lambda c: -c[0])
                candidates = candidates[:beam_width]
                new_lengths, scores, new_done = [], [], []
                for r, (score, parent, token) in enumerate(candidates):
                    rows[r] = rows[parent]                       # move the parent's ids into place
                    if token is None:
                        new_lengths.append(lengths[parent])
                        new_done.append(True)
                    else:
                        rows[r, lengths[parent]] = token
                        new_lengths.append(lengths[parent] + 1)
                        new_done.append(token == eos_id)
                    scores.append(score)
                lengths, done = new_lengths, new_done
                if all(done):
                    break
            return rows[0, :lengths[0]].clone()
'''),
    # Caches each beam's next-token log-probabilities by (length, last token), so two beams that end alike at the same
    # length share the first one's scores, stale for a model that looks further back. The cumulative-sum model of
    # blind45_beam_search_rows_reordered_in_place with T = [[1, 1, 0], [3, 0, 0], [3, 2, 1]], prompt [0], beam_width
    # 2, 3 steps: model [0, 2, 2, 2], entry [0, 1, 2, 1]. Passes the visible tests.
    "blind45_beam_search_scores_cached_by_length_and_last_token": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            cache = {}
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    key = (len(ids), int(ids[-1]))               # beams often share their last position
                    if key not in cache:
                        cache[key] = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, lp in enumerate(cache[key]):
                        candidates.append((score + lp, torch.cat([ids, ids.new_tensor([token])]), token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # Forbids eos at the first step (a minimum length of one new token, as generation libraries offer): eos at the
    # first step is a legal, finished beam in the contract. The cumulative-sum model with T = [[0, 3, 1], [0, 3, 3],
    # [3, 3, 1]], prompt [0], beam_width 2, 2 steps, eos_id 2: model [0, 2], entry [0, 0, 2]. Passes the visible
    # tests.
    "blind45_beam_search_no_eos_at_first_step": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for step in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    if step == 0 and eos_id is not None:
                        log_probs[eos_id] = float("-inf")       # an empty continuation is not an answer
                    for token, lp in enumerate(log_probs.tolist()):
                        candidates.append((score + lp, torch.cat([ids, ids.new_tensor([token])]), token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if all(f for _, _, f in beams):
                    break
            return beams[0][1]
'''),
    # Counts finished beams with a running total over the steps, so a finished beam carried over is counted again at
    # every step and the search stops while the best beam is still unfinished (an incremental count that drifts). The
    # cumulative-sum model with T = [[0, 3, 1], [0, 3, 3], [3, 3, 1]], prompt [0], beam_width 2, 3 steps, eos_id 0:
    # model [0, 2, 1, 2], entry [0, 2, 1]. Passes the visible tests.
    "blind45_beam_search_finished_count_accumulates": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            num_finished = 0
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, lp in enumerate(log_probs.tolist()):
                        candidates.append((score + lp, torch.cat([ids, ids.new_tensor([token])]), token == eos_id))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                num_finished += sum(1 for _, _, f in beams if f)   # hypotheses done so far
                if num_finished >= beam_width:
                    break
            return beams[0][1]
'''),
    # Rolls the columns by one so that column n scores ids[n], then sums over every n: the roll wraps the last column
    # round to position 0, adding a term for the first token. Bigram model logits = T[:, ids], T = [[0, 1], [1, 0]],
    # ids [0, 1, 1]: model -1.6265, entry -1.9398. Fails the visible tests.
    "blind45_sequence_log_prob_rolled_columns": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0).roll(1, dims=1)   # column n now scores ids[n]
            return log_probs[ids, torch.arange(len(ids))].sum()
'''),
    # Scores a long sequence in windows of 17 tokens, one model call each: a window's first token loses the context
    # before it (and the contract's one call becomes several). Identical up to 17 tokens. Model with V = 2 whose
    # column n holds 2 in row k where (ids[0] + ... + ids[n]) % 3 == k (k = 0, 1) and 0 elsewhere, ids = [0, 1] * 10:
    # model -19.8089, entry -21.2427. Passes the visible tests.
    "blind45_sequence_log_prob_scored_in_windows": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            window = 16                                       # keep each model call short on long sequences
            terms = []
            for start in range(0, max(len(ids) - 1, 1), window):
                piece = ids[start:start + window + 1]
                log_probs = torch.log_softmax(model(piece), dim=0)
                terms.append(log_probs[piece[1:], torch.arange(len(piece) - 1)].sum())
            return torch.stack(terms).sum()
'''),
    # The loop over positions stops one step early (range(1, N - 1)): the last token is never scored. Bigram model of
    # blind45_sequence_log_prob_rolled_columns, ids [0, 1, 1]: model -1.6265, entry -0.3133. Fails the visible tests.
    "blind45_sequence_log_prob_loop_stops_before_last": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            total = log_probs.new_zeros(())
            for n in range(1, len(ids) - 1):
                total = total + log_probs[ids[n], n - 1]
            return total
'''),
    # Caches U @ H across calls in a default-argument dict keyed by id(H) (the encoder side "does not change during a
    # decode"): a later call with new parameters, an H changed in place, or a new H that reuses a freed id gets the
    # stale projection (and its old graph). Unbatched D_s 3, E 2, D_h 4, D_a 5, V 6, N 5, H and inputs from seed 1;
    # the first call with parameters from seed 1, then the same H with parameters from seed 2: model s [-1.3449,
    # 0.0378, 0.8025], entry s [-1.3540, 0.8421, -0.3619] (weights [0.0075, 0.2620, 0.6175, 0.0855, 0.0275] against
    # [0.0056, 0.1667, 0.0459, 0.0670, 0.7147]). Passes the visible tests.
    "blind45_decoder_step_encoder_projection_cached_across_calls": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None, _projected={}):
            # (the stub's input checks)
            if id(H) not in _projected:                       # U H is the same at every step of a decode
                _projected[id(H)] = params["U"] @ H
            keys = _projected[id(H)]
            hidden = torch.tanh(keys + (s_prev @ params["W"].T).unsqueeze(-1))
            scores = (params["v"].unsqueeze(-1) * hidden).sum(dim=-2)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            s = gru_step(stack(y_prev, context), s_prev, params["weight_ih"], params["weight_hh"], params["bias_ih"],
                         params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Builds an nn.GRUCell on the first call, copies that call's weights into it under no_grad and reuses it for every
    # later call with the same sizes: later calls use stale GRU weights, and no gradient ever reaches
    # params["weight_ih"], ... The second call of blind45_decoder_step_encoder_projection_cached_across_calls: model s
    # [-1.3449, 0.0378, 0.8025], entry s [-1.1517, 0.5473, -0.9173]; on a first call the gradient of s.sum() for
    # weight_ih is None (model: a tensor of absolute sum 5.21). Passes the visible tests.
    "blind45_decoder_step_grucell_built_on_first_call": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None, _cells={}):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            key = (x.shape[-1], s_prev.shape[-1], s_prev.dtype)
            if key not in _cells:                             # build the cell once, reuse it every step
                cell = torch.nn.GRUCell(x.shape[-1], s_prev.shape[-1], dtype=s_prev.dtype)
                with torch.no_grad():
                    for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh"):
                        getattr(cell, name).copy_(params[name])
                _cells[key] = cell
            cell = _cells[key]
            batch = x.shape[:-1]
            s = cell(x.reshape(-1, x.shape[-1]), s_prev.expand(*batch, s_prev.shape[-1]).reshape(-1, s_prev.shape[-1]))
            s = s.reshape(*batch, s_prev.shape[-1])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Updates the pair counts incrementally around each occurrence of the merged pair, reading the neighbours from the
    # old segmentation: when two occurrences are adjacent ("abab", "aaaa") the pair between them is taken out twice
    # and a phantom pair (b, ab) is added instead of (ab, ab), so the counts drift. The tie rule itself is applied to
    # the current segmentation. "abab", 2 merges: model [(a, b), (ab, ab)], entry [(a, b), (ab, </w>)]; "aaaa": model
    # [(a, a), (aa, aa)], entry [(a, a), (aa, </w>)]. Passes the visible tests.
    "blind45_train_bpe_neighbour_counts_from_old_segmentation": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            freq = Counter(tuple(w) for w in words)
            seg = {w: list(w) for w in freq}
            counts = Counter()
            for w, f in freq.items():
                for pair in zip(w, w[1:]):
                    counts[pair] += f
            merges = []
            for _ in range(num_merges):
                counts = Counter({p: c for p, c in counts.items() if c > 0})
                if not counts:
                    break
                top = max(counts.values())
                first = {}
                for w in seg:
                    for k, pair in enumerate(zip(seg[w], seg[w][1:])):
                        first.setdefault(pair, (len(first), k))
                best = min((p for p, c in counts.items() if c == top),
                           key=lambda p: first.get(p, (float("inf"), 0)))
                merges.append(best)
                joined = best[0] + best[1]
                for w, f in freq.items():
                    old = seg[w]
                    # update only the pairs around each occurrence, read from the old segmentation
                    i = 0
                    while i < len(old) - 1:
                        if (old[i], old[i + 1]) == best:
                            counts[best] -= f
                            if i > 0:
                                counts[(old[i - 1], old[i])] -= f
                                counts[(old[i - 1], joined)] += f
                            if i + 2 < len(old):
                                counts[(old[i + 1], old[i + 2])] -= f
                                counts[(joined, old[i + 2])] += f
                            i += 2
                        else:
                            i += 1
                    seg[w] = merge_pair(old, best)
            return merges
'''),
    # Keeps the pair counts up to date per affected word (exactly), but never drops pairs whose count falls to 0, so
    # "no pair left" is never seen and it goes on learning zero-count merges. "ab", 3 merges: model [(a, b), (ab,
    # </w>)], entry [(a, b), (ab, </w>), (a, b)]. Fails the visible tests.
    "blind45_train_bpe_zero_counts_kept": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            freq = Counter(tuple(w) for w in words)
            seg = {w: list(w) for w in freq}
            totals = Counter()
            for w, f in freq.items():
                for pair in zip(w, w[1:]):
                    totals[pair] += f
            merges = []
            for _ in range(num_merges):
                if not totals:
                    break
                first = {}
                for w in seg:
                    for pair in zip(seg[w], seg[w][1:]):
                        first.setdefault(pair, len(first))
                best = max(totals, key=lambda p: (totals[p], -first.get(p, float("inf"))))
                merges.append(best)
                for w, f in freq.items():
                    if best in zip(seg[w], seg[w][1:]):
                        for pair in zip(seg[w], seg[w][1:]):       # take the word's old pairs out ...
                            totals[pair] -= f
                        seg[w] = merge_pair(seg[w], best)
                        for pair in zip(seg[w], seg[w][1:]):       # ... and its new pairs in
                            totals[pair] += f
            return merges
'''),
    # Breaks out of the word loop after merging the pair in the first word that holds it (an early exit that changes
    # the result): the other words keep the old segmentation. "ab abc", 3 merges: model [(a, b), (ab, </w>), (ab, c)],
    # entry [(a, b), (ab, </w>), (a, b)]. Fails the visible tests.
    "blind45_train_bpe_merge_applied_to_first_word_only": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            freq = Counter(tuple(w) for w in words)
            seg = {w: list(w) for w in freq}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for w, f in freq.items():
                    for pair in zip(seg[w], seg[w][1:]):
                        counts[pair] += f
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for w in seg:
                    if best in zip(seg[w], seg[w][1:]):
                        seg[w] = merge_pair(seg[w], best)
                        break                                     # found it: this merge is done
            return merges
'''),
    # Stops merging a word once it has two symbols, taking them for a character and its end mark: a merge into "</w>"
    # can still apply. "a" with merges [(a, </w>)]: model ["a</w>"], entry ["a", "</w>"]. Fails the visible tests.
    "blind45_bpe_encode_stops_at_two_symbols": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            for symbols in words:
                for pair in merges:
                    if len(symbols) <= 2:                         # a character and its end mark: nothing left
                        break
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Draws the is-next coin once per document instead of once per example (a draw too few): each example's label is
    # still 0 with probability 1/2, but all examples of a document share it. Documents [[a1, a2, a3, a4], [b1, b2],
    # [c1], [d1, d2, d3]], 4000 seeded calls: the three examples of the first document all have the same label in 100
    # % of the calls with the entry, 24.7 % with the model answer (1/4 expected). Passes the visible tests.
    "blind45_nsp_one_coin_per_document": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                is_next = torch.rand((), generator=generator).item() < 0.5
                for a, successor in zip(document, document[1:]):
                    if is_next:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # Processes the pixels a thousand and twenty-four at a time but counts the chunks as P // 1024 (at least one), so
    # the pixels after the last full chunk keep id 0. A 3 x 1 x 1030 image of black pixels whose last pixel is white,
    # palette [black, white] (columns [0, 0, 0] and [1, 1, 1]): model id 1 for the last pixel, entry 0. Passes the
    # visible tests.
    "blind45_quantize_chunk_count_rounded_down": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1).reshape(-1, palette.shape[0])   # (P, C)
            colours = palette.to(dtype)
            ids = torch.zeros(pixels.shape[0], dtype=torch.long)
            chunk = 1024
            for c in range(max(1, pixels.shape[0] // chunk)):   # a thousand pixels at a time
                block = pixels[c * chunk:(c + 1) * chunk]
                ids[c * chunk:c * chunk + len(block)] = (block[:, :, None] - colours).square().sum(1).argmin(1)
            return ids.reshape(*images.shape[:-3], *images.shape[-2:])
'''),
    # Runs over the palette 64 colours at a time keeping the best id, but never updates the running minimum distance,
    # so every chunk is compared with the first chunk's distances (a stale carried value). One channel, 192 colours:
    # ids 0-63 are 10, 64-127 are 1, 128-191 are 5; a 1 x 1 x 1 pixel 0: model [[64]], entry [[128]]. Passes the
    # visible tests.
    "blind45_quantize_running_minimum_not_updated": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]       # (..., H, W, C, 1)
            best_d = best_i = None
            for start in range(0, palette.shape[1], 64):                  # 64 colours at a time
                d = (pixels - palette[:, start:start + 64].to(dtype)).square().sum(dim=-2)
                m, i = d.min(dim=-1)
                if best_d is None:
                    best_d, best_i = m, i + start
                else:
                    best_i = torch.where(m < best_d, i + start, best_i)
            return best_i
'''),
    # Fills each query's column with the slice [i - window, i + window] without clamping the start at 0: for i <
    # window the negative start counts from the end and the slice comes out empty or short. n 3, window 1: model [[1,
    # 1, 0], [1, 1, 1], [0, 1, 1]], entry [[0, 1, 0], [0, 1, 1], [0, 1, 1]]. Fails the visible tests.
    "blind45_local_mask_window_slice_start_negative": ("masking", "local_mask", '''
        def local_mask(n, window):
            mask = torch.zeros(n, n, dtype=torch.bool)
            for i in range(n):                                # query i sees keys i - window .. i + window
                mask[i - window:i + window + 1, i] = True
            return mask
'''),
    # Counts the local pattern query by query with the last key clamped at n instead of n - 1 (an off-by-one in each
    # query's window). "local", n 3, window 1: model 7, entry 8. Fails the visible tests.
    "blind45_sparse_cost_local_rows_clamped_at_n": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return sum(i + 1 for i in range(n))
            if pattern == "local":                            # keys max(i - w, 0) .. min(i + w, n) for query i
                return sum(min(i + window, n) - max(i - window, 0) + 1 for i in range(n))
            if pattern == "strided":
                return sum(len(range(i % stride, n, stride)) for i in range(n))
            return num_global * (2 * n - num_global)
'''),
    # Block-by-block attention over the keys (blocks of 4) with a running column max and running sum of exponentials,
    # but the running sum is not rescaled when a later block raises the max (a stale carried value). Q = [[1]], K =
    # [[0, 0, 0, 0, 1]], V = [[0, 0, 0, 0, 1]]: model output [[0.4046]], entry [[0.2000]]. Fails the visible tests.
    "blind45_sdpa_key_blocks_sum_not_rescaled": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scale, n_k, block = 1.0 / math.sqrt(Q.shape[-2]), K.shape[-1], 4

            def scores(lo):
                s = K[..., lo:lo + block].transpose(-2, -1) @ Q * scale
                if mask is not None:
                    s = apply_mask(s, mask if mask.shape[-2] == 1 else mask[..., lo:lo + block, :])
                return s

            run_max = run_sum = None
            for lo in range(0, n_k, block):                   # one block of keys at a time
                s = scores(lo)
                new_max = s.amax(dim=-2, keepdim=True)
                if run_max is not None:
                    new_max = torch.maximum(run_max, new_max)
                shift = new_max.masked_fill(new_max == float("-inf"), 0.0)
                part = torch.exp(s - shift).sum(dim=-2, keepdim=True)
                run_sum = part if run_sum is None else run_sum + part
                run_max = new_max
            shift = run_max.masked_fill(run_max == float("-inf"), 0.0)
            total = run_sum.masked_fill(run_sum == 0, 1.0)
            weights = torch.cat([torch.exp(scores(lo) - shift) / total for lo in range(0, n_k, block)], dim=-2)
            return V @ weights, weights
'''),
    # Block-by-block attention whose running column max starts at 0 instead of -inf: right in exact arithmetic, but
    # when every score of a column is below about -104 (float32) all the exponentials underflow and the column comes
    # out zero. Q = [[-200]], K = [[1, 1.5]], V = [[1, 2]] (scores -200 and -300, inputs of the contract's large
    # scale): model output [[1.0]], entry [[0.0]]. Passes the visible tests.
    "blind45_sdpa_key_blocks_running_max_from_zero": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scale, n_k, block = 1.0 / math.sqrt(Q.shape[-2]), K.shape[-1], 4

            def scores(lo):
                s = K[..., lo:lo + block].transpose(-2, -1) @ Q * scale
                if mask is not None:
                    s = apply_mask(s, mask if mask.shape[-2] == 1 else mask[..., lo:lo + block, :])
                return s

            run_max = run_sum = 0.0                           # running column max and sum, like any accumulator
            for lo in range(0, n_k, block):
                s = scores(lo)
                new_max = torch.maximum(s.amax(dim=-2, keepdim=True), torch.as_tensor(run_max, dtype=s.dtype))
                run_sum = run_sum * torch.exp(run_max - new_max) + torch.exp(s - new_max).sum(dim=-2, keepdim=True)
                run_max = new_max
            total = run_sum.masked_fill(run_sum == 0, 1.0)
            weights = torch.cat([torch.exp(scores(lo) - run_max) / total for lo in range(0, n_k, block)], dim=-2)
            return V @ weights, weights
'''),
}

RIGHT_BLIND_45 = {
    # Right: fetches the first step's logits before the loop and the next step's after appending the drawn token (and
    # only if another token will be drawn); the same draws from the same distributions as the model answer.
    "blind45_right_generate_primed_logits_refreshed_after_append": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            def last_column(seq):
                return model(seq if context_size is None else seq[-context_size:])[:, -1]

            ids = prompt
            logits = last_column(ids) if max_new_tokens > 0 else None
            for step in range(max_new_tokens):
                token = torch.multinomial(next_token_probs(logits, temperature, top_k, top_p), 1, generator=generator)
                ids = torch.cat([ids, token.to(ids.dtype)])
                if eos_id is not None and token.item() == eos_id:
                    break
                if step + 1 < max_new_tokens:                 # only when another token will be drawn
                    logits = last_column(ids)
            return ids
'''),
    # Right: a memo local to the call, keyed by the whole (cropped) context, so a hit only returns the model's own
    # answer for exactly those ids (a model is a function of its ids); nothing is carried between calls.
    "blind45_right_generate_memo_keyed_by_whole_context": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            memo = {}                                         # this call only: context ids -> last column
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                key = tuple(context.tolist())
                if key not in memo:
                    memo[key] = model(context)[:, -1]
                token = torch.multinomial(next_token_probs(memo[key], temperature, top_k, top_p), 1,
                                          generator=generator)
                ids = torch.cat([ids, token.to(ids.dtype)])
                if eos_id is not None and token.item() == eos_id:
                    break
            return ids
'''),
    # Right: a deque with maxlen=context_size (None keeps everything) holds exactly the last context_size ids; a while
    # loop with a counter and a finished flag stops after max_new_tokens or right after eos; same draws.
    "blind45_right_generate_deque_window_while_loop": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            from collections import deque
            out = prompt.tolist()
            window = deque(out, maxlen=context_size)          # maxlen=None keeps every token
            produced, finished = 0, False
            while produced < max_new_tokens and not finished:
                logits = model(torch.tensor(list(window), dtype=prompt.dtype))[:, -1]
                token = int(torch.multinomial(next_token_probs(logits, temperature, top_k, top_p), 1,
                                              generator=generator))
                out.append(token)
                window.append(token)
                produced += 1
                finished = eos_id is not None and token == eos_id
            return torch.tensor(out, dtype=prompt.dtype)
'''),
    # Right: checks at the top of each later step whether the previous step emitted eos (never the prompt's last
    # token, thanks to step > 0), which stops before any further call or draw: the same ids and generator state.
    "blind45_right_generate_eos_checked_at_top_of_next_step": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for step in range(max_new_tokens):
                if step > 0 and eos_id is not None and int(ids[-1]) == eos_id:
                    break                                     # the previous step emitted eos
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                ids = torch.cat([ids, torch.multinomial(probs, 1, generator=generator).to(ids.dtype)])
            return ids
'''),
    # Right: beams as parallel Python lists, candidates ranked by (-score, position in beam-then-token order); no
    # early exit: once every kept beam is finished they are carried over unchanged, so running on changes nothing.
    "blind45_right_beam_search_parallel_lists_every_step": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            seqs, scores, done = [prompt.tolist()], [0.0], [False]
            for _ in range(max_new_tokens):                   # no early exit: finished beams just carry over
                pool = []                                     # (score, rank, seq, done), rank = beam, token order
                for b, (seq, score, fin) in enumerate(zip(seqs, scores, done)):
                    if fin:
                        pool.append((score, len(pool), seq, True))
                        continue
                    logits = model(torch.tensor(seq, dtype=prompt.dtype))[:, -1]
                    for token, lp in enumerate(torch.log_softmax(logits.double(), dim=0).tolist()):
                        pool.append((score + lp, len(pool), seq + [token], token == eos_id))
                pool.sort(key=lambda c: (-c[0], c[1]))
                kept = pool[:beam_width]
                scores = [c[0] for c in kept]
                seqs = [c[2] for c in kept]
                done = [c[3] for c in kept]
            return torch.tensor(seqs[0], dtype=prompt.dtype)
'''),
    # Right: one model call; the picked log-probabilities are summed eight columns at a time into a running total that
    # starts from a zero taken from the graph (N = 1 returns a differentiable 0).
    "blind45_right_sequence_log_prob_one_call_summed_in_blocks": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)   # one call; then sum its columns 8 at a time
            targets = ids[1:]
            total = log_probs[0, :0].sum()                    # a zero that is part of the graph
            for start in range(0, len(targets), 8):
                cols = torch.arange(start, min(start + 8, len(targets)))
                total = total + log_probs[targets[cols], cols].sum()
            return total
'''),
    # Right: one model call; walks the ids with a flag so that the first token is skipped and token n is picked from
    # column n - 1; stacks and sums the terms (N = 1: a zero from the graph).
    "blind45_right_sequence_log_prob_previous_token_flag": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            picked, seen_first = [], False
            for n, token in enumerate(ids.tolist()):
                if seen_first:                                # the first token has no column scoring it
                    picked.append(log_probs[token, n - 1])
                seen_first = True
            return torch.stack(picked).sum() if picked else log_probs[0, :0].sum()   # N = 1: a zero in the graph
'''),
    # Right: broadcasts the batch axes of s_prev, y_prev, H and mask, then runs one decoder state at a time through
    # additive_attention and gru_step, stacking the results; the weights are returned with the batch of s_prev, H and
    # mask only, as the model answer's (they do not depend on y_prev).
    "blind45_right_decoder_step_one_state_at_a_time": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            shapes = [s_prev.shape[:-1], y_prev.shape[:-1], H.shape[:-2]]
            if mask is not None:
                shapes.append(mask.shape[:-1])
            batch = torch.broadcast_shapes(*shapes)
            n = H.shape[-1]
            S = s_prev.expand(*batch, s_prev.shape[-1]).reshape(-1, s_prev.shape[-1])
            Y = y_prev.expand(*batch, y_prev.shape[-1]).reshape(-1, y_prev.shape[-1])
            Hs = H.expand(*batch, *H.shape[-2:]).reshape(-1, *H.shape[-2:])
            M = None if mask is None else mask.expand(*batch, n).reshape(-1, n)
            states, logits, weights = [], [], []
            for b in range(S.shape[0]):                       # each decoder state on its own
                w, c = additive_attention(S[b], Hs[b], params["W"], params["U"], params["v"],
                                          None if M is None else M[b])
                s = gru_step(torch.cat([Y[b], c]), S[b], params["weight_ih"], params["weight_hh"],
                             params["bias_ih"], params["bias_hh"])
                states.append(s)
                logits.append(params["W_out"] @ torch.cat([s, c]) + params["b_out"])
                weights.append(w)
            # the weights do not depend on y_prev: give them the batch of s_prev, H and mask only
            weight_batch = torch.broadcast_shapes(*(shapes[:1] + shapes[2:]))
            A = torch.stack(weights).reshape(*batch, n)[(0,) * (len(batch) - len(weight_batch))]
            for axis, size in enumerate(weight_batch):
                if size == 1:
                    A = A.narrow(axis, 0, 1)
            return torch.stack(states).reshape(*batch, -1), torch.stack(logits).reshape(*batch, -1), A
'''),
    # Right: keeps the weighted pair counts incrementally, exactly: each word that holds the merged pair has its old
    # pairs subtracted and its new pairs added; zero counts are dropped, so training stops when no pair is left; the
    # tie winner is the first pair with the top count in a scan of the current segmentation, the contract's rule.
    "blind45_right_train_bpe_affected_words_recounted": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            freq = Counter(tuple(w) for w in words)
            seg = {w: list(w) for w in freq}
            totals = Counter()
            for w, f in freq.items():
                for pair in zip(w, w[1:]):
                    totals[pair] += f
            merges = []
            for _ in range(num_merges):
                if not totals:
                    break
                top = max(totals.values())
                best = next(pair for w in seg for pair in zip(seg[w], seg[w][1:]) if totals[pair] == top)
                merges.append(best)
                for w, f in freq.items():
                    if best not in zip(seg[w], seg[w][1:]):
                        continue
                    totals.subtract({p: f * c for p, c in Counter(zip(seg[w], seg[w][1:])).items()})
                    seg[w] = merge_pair(seg[w], best)
                    totals.update({p: f * c for p, c in Counter(zip(seg[w], seg[w][1:])).items()})
                totals = Counter({p: c for p, c in totals.items() if c > 0})
            return merges
'''),
    # Right: stops applying merges to a word once it is a single symbol: no pair is left in it, so the remaining
    # merges could not change it.
    "blind45_right_bpe_encode_word_done_at_one_symbol": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            for symbols in words:
                for pair in merges:
                    if len(symbols) == 1:                         # one symbol: no pair left to merge
                        break
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Right: draws the coin, the other document and a float64 uniform for the sentence at every example, using only
    # what the coin calls for; the draws are independent, so each example has the contract's distribution (only the
    # distribution is graded).
    "blind45_right_nsp_coin_document_and_position_drawn_every_time": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for position in range(len(document) - 1):
                    coin = torch.rand((), generator=generator).item()
                    pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                    where = torch.rand((), dtype=torch.float64, generator=generator).item()
                    if coin < 0.5:
                        pairs.append((document[position], document[position + 1], 0))
                    else:
                        other = documents[pick + (pick >= index)]
                        pairs.append((document[position], other[int(where * len(other))], 1))
            return pairs
'''),
    # Right: walks the positions one at a time: special ids skipped, one uniform chooses with mask_prob, one more
    # splits 80/10/10, and a uniform id in [0, vocab_size) for the random branch; the draw order is free.
    "blind45_right_mlm_one_position_at_a_time": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = set(torch.as_tensor(special_ids).reshape(-1).tolist())
            flat = ids.reshape(-1)
            corrupted = flat.clone()
            labels = torch.full(flat.shape, -100, dtype=torch.long)
            for k, token in enumerate(flat.tolist()):
                if token in special or torch.rand((), generator=generator).item() >= mask_prob:
                    continue
                labels[k] = token
                u = torch.rand((), generator=generator).item()
                if u < 0.8:
                    corrupted[k] = mask_id
                elif u < 0.9:
                    corrupted[k] = torch.randint(vocab_size, (), generator=generator).item()
            return corrupted.reshape(ids.shape), labels.reshape(ids.shape)
'''),
    # Right: nearest colour for a thousand pixels at a time, the last chunk shorter; the same expanded differences
    # squared and summed as the model answer, argmin ties to the lowest id.
    "blind45_right_quantize_pixels_in_chunks": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1).reshape(-1, palette.shape[0])   # (P, C)
            colours = palette.to(dtype)
            ids = torch.empty(pixels.shape[0], dtype=torch.long)
            for start in range(0, pixels.shape[0], 1000):           # a thousand pixels at a time
                block = pixels[start:start + 1000]
                ids[start:start + len(block)] = (block[:, :, None] - colours).square().sum(1).argmin(1)
            return ids.reshape(*images.shape[:-3], *images.shape[-2:])
'''),
    # Right: fills each query's column between max(0, i - window) and i + window, both ends clamped, so no slice wraps
    # round (negative windows give no keys, as |i - j| <= window does).
    "blind45_right_local_mask_query_loop_clamped": ("masking", "local_mask", '''
        def local_mask(n, window):
            mask = torch.zeros(n, n, dtype=torch.bool)
            for i in range(n):
                lo, hi = max(0, i - window), max(0, i + window + 1)
                mask[lo:hi, i] = True                         # keys i - window .. i + window, inside the sequence
            return mask
'''),
    # Right: scores one block of 4 keys at a time; a running column max and a running sum of exponentials rescaled by
    # exp(old max - new max) when the max grows (0 for a column still all -inf); a second pass turns each block into
    # weights. Columns that see no key give zero weights and output.
    "blind45_right_sdpa_key_blocks_online_normaliser": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scale, n_k, block = 1.0 / math.sqrt(Q.shape[-2]), K.shape[-1], 4

            def scores(lo):
                s = K[..., lo:lo + block].transpose(-2, -1) @ Q * scale
                if mask is not None:
                    s = apply_mask(s, mask if mask.shape[-2] == 1 else mask[..., lo:lo + block, :])
                return s

            run_max = run_sum = None
            for lo in range(0, n_k, block):                   # pass 1: running max and rescaled running sum
                s = scores(lo)
                new_max = s.amax(dim=-2, keepdim=True)
                if run_max is not None:
                    new_max = torch.maximum(run_max, new_max)
                shift = new_max.masked_fill(new_max == float("-inf"), 0.0)
                part = torch.exp(s - shift).sum(dim=-2, keepdim=True)
                run_sum = part if run_sum is None else run_sum * torch.exp(run_max - shift) + part
                run_max = new_max
            shift = run_max.masked_fill(run_max == float("-inf"), 0.0)
            total = run_sum.masked_fill(run_sum == 0, 1.0)
            weights = torch.cat([torch.exp(scores(lo) - shift) / total for lo in range(0, n_k, block)], dim=-2)
            return V @ weights, weights
'''),
}
