"""Hundred-and-fourth blind batch of held-out implementations (prefix blind103_), written without reading grader/ or
tests/ beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md (its first part), course/registry.py,
the stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker; also the
three-line exercises/conftest.py, which only imports the board plugin) and the model answers (solutions/*.py). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read; two
slips to own up to: an `ls` of exercises/tests/ listed its file names, and a `grep -n target` over
exercises/tests/plugin.py (to learn how --target is given) printed nine lines of that plugin's option handling; no test
file was opened. tests/grader/ was listed only through a filter keeping held_out_blind* names. The earlier blind batches
(held_out_blind.py ... held_out_blind_102.py) were only skimmed for their entry names, emphases and header style (their
names were grepped per function and mechanism to avoid repeats). Nothing else under grader/ or tests/ was opened,
grepped or run, nor docs/grading.md, nor benchmarks/, nor the batches written at the same time (held_out_blind_104.py,
held_out_blind_105.py).

Emphasis: Python-language pitfalls. Every wrong entry is right on a learner's quick test and wrong on an allowed input
because of how Python itself behaves. Wrong entries: slices with a computed bound of 0 (bpe_decode cutting k trailing
spaces with text[:-k], top-p zeroing probs[order[-drop:]], sequence_log_prob's "last N - 1 ids" ids[-(N - 1):] for one
token); a string index off an emptied string (bpe_decode's `while text[-1] == " "`); a negative id wrapping to the
last palette colour behind an upper-bound-only check (dequantize_pixels); str.find returning 0 read as "absent"
(bpe_encode's "</w>" check); a list slice compared with a tuple pair (never equal: train_bpe merges nothing); ties
broken by comparing (count, pair) tuples (train_bpe); a cache entry bound to a name that the merges then rebind
(bpe_encode: repeated words come out unmerged); a mutable default list in a nested helper (bpe_encode); list
multiplication aliasing ([[0] * W] * H in shifted_window_mask, [[False] * n] * B in padding_mask); late-binding closures
built in loops and comprehensions (multi-head attention's per-head lambdas, self_attention's three projections,
sinusoidal_positions' rows); truthiness: `shift or window // 2` replacing an explicit 0 (shifted_window_mask), a -inf
maximum being truthy in `m or 0.0` (softmax_cols), `mask or ones` and `b if b else 0` on tensors (additive_attention,
average_pool_head), Python `or` instead of `|` (global_token_mask); chained comparisons (`-w <= d <= w` on tensors in
local_mask, `token in specials == True` in mlm_corrupt); `temperature is 0` false for 0.0 (next_token_probs); min() of
an empty generator when the float32 cumulative sum ends below top_p = 1.0 (next_token_probs) and max() over no
documents (nsp_pairs); zip() silently truncating a batch to one row (mlm_corrupt); a set's hash order for the 2 x 2
block offsets (patch_merging); a dict keyed by distance keeping the last of a tie (quantize_pixels); `is not` identity
for "other documents" when the same document object is listed twice (nsp_pairs); ** binding tighter than / in
d_k ** 1/2 (scaled_dot_product_attention). Right entries use the same features soundly: text[:len(text) - k],
next(..., default) and order[:len(order) - drop], enumerate(start=1) with column n - 1, a per-call nested helper whose
mutable default is a memo, Counter.most_common (a stable sort), sort(key=..., reverse=True) (stable too) in
beam_search, fresh rows from comprehensions and bools as ints (2 * row_wrap + column_wrap, total + (total == 0)),
default-argument binding of lambdas, a dict comprehension evaluated at once, `is None` / `is not None` tests,
torch.isneginf instead of truthiness, `mask == False`, Python's floor modulo on negative differences,
-(-n // s) - 1 as a
ceiling minus one in exact integer costs, `a and b` over Python ints, set membership with `not in`, other documents by
index, dict.setdefault keeping the first tie, ordered tuples of offsets, and d_k ** (1 / 2).

How each entry was verified: every entry was built into its own scratch package (/tmp/blind103/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment says
whether it does (11 of the 30 wrong entries pass them). Each wrong entry's recorded input was run on the model answer
and on the entry and both results printed; each differs as its comment says. Right entries were compared with the model
answer under both default dtypes (float32 and float64 inputs, random shapes with 0-2 batch axes, edge sizes), 150
random cases per default dtype and function: values to 1e-4 / 1e-10 and dtypes exactly, exceptions matched (the
contract's ValueErrors through the stub's checks: "</w>" in a text or corpus, D not divisible by H, odd grids, stride
< 1, shift >= window, unknown cost patterns and missing sizes, N = 0 in the pooling head), inputs checked unchanged, and
gradients of every floating-point input (params dicts included) to 1e-3 / 1e-8: bpe_decode on random token lists
(bare "</w>" tokens, no final marker, empty lists); bpe_encode and train_bpe on random corpora of repeated words with
random merge lists and 0-12 merges; next_token_probs on rounded (tied) and unrounded logits with temperatures 0, 0.0,
1e-3 to 2, top_k 1..V+2 and top_p 1e-9 to 1 (int 1 too); shifted_window_mask for every grid, window and shift up to M;
multi_head_attention with shared X, masks and D not divisible by H; softmax_cols at 1e4 and 1e-3 scales with partly and
wholly -inf columns and N = 0; padding_mask with lengths 0..n and no lengths; local and strided masks for n 1..9 (stride
-1..4); sparse_attention_cost for every pattern with n up to 3 * 2**60 - 1 and windows, strides and global counts of
0, 1, n and beyond; additive_attention with broadcast masks hiding all positions; quantize_pixels with rounded (tied)
palettes and mixed dtypes; sinusoidal_positions for N 0..12 and D 1..9; patch_merging with eps 0.0 and 0.1. mlm_corrupt
and nsp_pairs right entries draw in the model answer's order, so they were checked equal to it for the same seed (200
and 300 calls: batched and transposed ids, list / tuple / tensor / empty specials, mask_prob 0 and 1; empty documents,
tuples, one document object listed three times, the one-document ValueError), with the generators left in the same
state and sentences returned as the same objects. sequence_log_prob and beam_search right entries were compared on 150
random table models per default dtype (rounded logits for ties, widths 1..3, 0..2 steps, eos None / 0 / 1 / V-1),
sequence_log_prob with its gradient.

Judgement calls: the entries that fail on tensors through Python's `or` / chained comparison / bool() (local_mask,
global_token_mask, additive_attention, average_pool_head) raise a RuntimeError on every input with more than one
element and are right only on one-element inputs; they are plausible beginner code but not subtle, and fail the
visible tests. blind103_nsp_pairs_check_takes_max_of_empty_sequence raises a ValueError (from max()) for an empty list
of documents, where "one example per sentence that has a successor" gives []; I took documents = [] as allowed.
blind103_nsp_pairs_other_documents_by_identity is wrong only when one document object appears twice in the list
([doc] * 2), which the contract does not exclude. blind103_next_token_probs_top_p_min_of_empty_generator is wrong only
where the float32 cumulative sum of the kept probabilities ends below top_p (top_p = 1.0 with such logits): the
contract keeps every token there. blind103_bpe_encode_find_result_zero_taken_as_absent rewrites the stub's check on
purpose (a text starting with "</w>" must raise). blind103_dequantize_pixels_negative_id_wraps_past_upper_check
rewrites the stub's checks too. blind103_right_sequence_log_prob_enumerate_start_one first started its total from
new_zeros(()), which returns a 0 with no graph for a one-token sequence (backward raises); it now starts from an empty
sum of the log-probabilities. Dropped after checking the earlier names: train_bpe splitting "</w>" into characters
(list(word + "</w>")), a right global_token_mask by torch.logical_or, and entries whose mechanism an earlier batch has
for the same function (`or` defaults for eps, temperature, mask_prob and rotary positions; `is` on eos ids and pattern
names; eos_id 0 falsy; negative context-crop starts; round half to even in buckets and sine rows; randint's exclusive
end in nsp; bpe_decode strip variants; split(" "); uint8 start tokens; int64 overflow in sparse costs). Fewer entries
than the brief's 45 / 25 (30 / 23): the task's own aim (35 / 20) and the time box.

Counts: 30 wrong, 23 right.
Wrong per function: {'additive_attention': 1, 'average_pool_head': 1, 'bpe_decode': 2, 'bpe_encode': 3,
'dequantize_pixels': 1, 'global_token_mask': 1, 'local_mask': 1, 'mlm_corrupt': 2, 'multi_head_attention': 1,
'next_token_probs': 3, 'nsp_pairs': 2, 'padding_mask': 1, 'patch_merging': 1, 'quantize_pixels': 1,
'scaled_dot_product_attention': 1, 'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 2,
'sinusoidal_positions': 1, 'softmax_cols': 1, 'train_bpe': 2}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'average_pool_head': 1, 'beam_search': 1,
'bpe_decode': 1, 'bpe_encode': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 1,
'nsp_pairs': 1, 'padding_mask': 1, 'patch_merging': 1, 'quantize_pixels': 1, 'scaled_dot_product_attention': 1,
'self_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'softmax_cols': 1,
'sparse_attention_cost': 1, 'strided_mask': 1, 'train_bpe': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_103 = {
    # bpe_decode: counts the trailing spaces k and cuts them with text[:-k]; with k = 0 (a sample that does not end in
    # "</w>") that is text[:-0] == text[:0], the empty string. bpe_decode(["lo", "w"]): model 'low', entry ''.
    # Passes the visible tests.
    "blind103_bpe_decode_trailing_cut_by_negative_zero_slice": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            # (the stub's input checks)
            text = "".join(tokens).replace(END_OF_WORD, " ")
            k = len(text) - len(text.rstrip(" "))
            return text[:-k]
'''),
    # bpe_decode: strips the trailing spaces with `while text[-1] == " "`; a text that is all spaces (or empty) runs
    # the index off the front. bpe_decode(["</w>"]): model '', entry IndexError. Passes the visible tests.
    "blind103_bpe_decode_while_last_char_indexes_empty_string": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            # (the stub's input checks)
            text = "".join(tokens).replace(END_OF_WORD, " ")
            while text[-1] == " ":
                text = text[:-1]
            return text
'''),
    # bpe_encode: a per-call cache stores `symbols` before the merges rebind the name to new lists, so the cache keeps
    # the unmerged characters and a repeated word comes out unmerged. bpe_encode("ab ab", [("a", "b")]):
    # model ['ab', '</w>', 'ab', '</w>'], entry ['ab', '</w>', 'a', 'b', '</w>']. Passes the visible tests.
    "blind103_bpe_encode_cache_entry_bound_before_rebinding": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            cache = {}
            tokens = []
            for symbols in words:
                key = "".join(symbols)
                if key in cache:
                    tokens.extend(cache[key])
                    continue
                cache[key] = symbols
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # bpe_encode: the end-of-word check is written `text.find("</w>") > 0`; find returns 0 for a marker at the very
    # start, so that text is encoded instead of rejected. bpe_encode("</w>a", []): model ValueError, entry
    # ['<', '/', 'w', '>', 'a', '</w>']. Passes the visible tests.
    "blind103_bpe_encode_find_result_zero_taken_as_absent": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            if text.find(END_OF_WORD) > 0:
                raise ValueError("text must not contain the end-of-word symbol")
            words = [list(word) + [END_OF_WORD] for word in text.split()]
            tokens = []
            for symbols in words:
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # bpe_encode: a nested helper builds each word's symbols into a mutable default list `out=[]`, which is shared by
    # every call of the helper, so the second word starts with the first word's symbols. bpe_encode("a b", []):
    # model ['a', '</w>', 'b', '</w>'], entry ['a', '</w>', 'a', '</w>', 'b', '</w>']. Fails the visible tests.
    "blind103_bpe_encode_word_helper_mutable_default_list": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            def symbols_of(word, out=[]):
                out.extend(word)
                out.append(END_OF_WORD)
                return out

            tokens = []
            for word in text.split():
                symbols = list(symbols_of(word))
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # train_bpe: the best pair is max over (count, pair) tuples, so a tie on the count is broken by comparing the
    # pairs as strings (the largest wins) instead of by first occurrence. train_bpe("ab", 1): model [('a', 'b')],
    # entry [('b', '</w>')]. Fails the visible tests.
    "blind103_train_bpe_ties_broken_by_tuple_comparison": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
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
                count, best = max((count, pair) for pair, count in pair_counts.items())
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
'''),
    # train_bpe: its own merge step compares the list slice symbols[i:i + 2] with the tuple pair; a list never equals
    # a tuple, so nothing is ever merged and the same pair is learned again and again. train_bpe("ab", 2):
    # model [('a', 'b'), ('ab', '</w>')], entry [('a', 'b'), ('a', 'b')]. Fails the visible tests.
    "blind103_train_bpe_list_slice_compared_with_tuple_pair": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
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
                for word, symbols in segmentation.items():
                    merged, i = [], 0
                    while i < len(symbols):
                        if symbols[i:i + 2] == best:
                            merged.append(symbols[i] + symbols[i + 1])
                            i += 2
                        else:
                            merged.append(symbols[i])
                            i += 1
                    segmentation[word] = merged
            return merges
'''),
    # next_token_probs: top-p zeroes the tokens after the cut with probs[order[-drop:]] = 0; when nothing is dropped
    # (drop = 0) that slice is the whole order and every token is zeroed (NaN after renormalising).
    # next_token_probs(torch.tensor([0., 0.]), top_p=1.0): model [0.5, 0.5], entry [nan, nan]. Passes the visible tests.
    "blind103_next_token_probs_top_p_drop_slice_negative_zero": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
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
                kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                drop = len(probs) - kept
                probs = probs.clone()
                probs[order[-drop:]] = 0.0
            return probs / probs.sum()
'''),
    # next_token_probs: the top-p cut is min(i for i, c in enumerate(cumulative) if c >= top_p); when the float32
    # cumulative sum ends just below 1 and top_p = 1.0 nothing qualifies and min() of the empty generator raises.
    # next_token_probs(torch.tensor([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]), top_p=1.0): model all 7 tokens kept,
    # entry ValueError (the cumulative sum ends at 0.99999994). Passes the visible tests.
    "blind103_next_token_probs_top_p_min_of_empty_generator": ("sampling", "next_token_probs", '''
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
                cumulative = torch.cumsum(probs[order], dim=0).tolist()
                cut = min(i for i, c in enumerate(cumulative) if c >= top_p)
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:cut + 1]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # next_token_probs: greedy is tested with `temperature is 0`; the int 0 is one cached object, but 0.0 is a float,
    # so a float zero divides by 0. next_token_probs(torch.tensor([1., 3., 2.]), temperature=0.0): model [0, 1, 0],
    # entry [nan, nan, nan]. Passes the visible tests.
    "blind103_next_token_probs_greedy_tested_with_is_zero": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature is 0:
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
                kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # shifted_window_mask: `shift = shift or window // 2` (Swin's usual shift as a default) also replaces an explicit
    # shift of 0, which must give an all-True mask. shifted_window_mask(4, 4, 2, 0): model all True, entry the mask of
    # shift 1 (window 3 has False entries). Fails the visible tests.
    "blind103_shifted_window_mask_zero_shift_replaced_by_or": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            shift = shift or window // 2
            wrapped_rows = torch.arange(height) + shift >= height
            wrapped_columns = torch.arange(width) + shift >= width
            labels = 2 * wrapped_rows.long()[:, None] + wrapped_columns.long()[None, :]
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # shifted_window_mask: the label grid is [[0] * width] * height, one row list repeated, so writing a label into a
    # row writes it into every row, and every row ends up with the last (wrapped) row's labels.
    # shifted_window_mask(4, 4, 2, 1)[2, 0, 2] (bottom-left window, rows 2 and 3): model False, entry True.
    # Fails the visible tests.
    "blind103_shifted_window_mask_label_rows_share_one_list": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            grid = [[0] * width] * height
            for r in range(height):
                for c in range(width):
                    grid[r][c] = 2 * (r + shift >= height) + (c + shift >= width)
            labels = torch.tensor(grid)
            labels = window_partition(labels[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # mlm_corrupt: eligibility is `if token in specials == True`, a chained comparison meaning
    # (token in specials) and (specials == True); a set never equals True, so no position counts as special.
    # mlm_corrupt(torch.tensor([101] * 1000), 1000, [101], 103, mask_prob=1.0): model labels all -100, entry labels
    # all 101 (every special token chosen). Fails the visible tests.
    "blind103_mlm_corrupt_special_test_chained_with_equals_true": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            specials = {int(t) for t in torch.as_tensor(special_ids).reshape(-1).tolist()}
            flat = ids.reshape(-1).tolist()
            special_flags = []
            for token in flat:
                if token in specials == True:
                    special_flags.append(True)
                else:
                    special_flags.append(False)
            eligible = ~torch.tensor(special_flags, dtype=torch.bool).reshape(ids.shape)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # mlm_corrupt: one uniform per position of a sequence, zipped with the flattened ids; for a batch (B, N) zip
    # stops after N positions and the other rows are never chosen. mlm_corrupt(torch.full((4, 500), 7), 100, [0], 1,
    # mask_prob=1.0): model every label 7, entry labels 7 only in row 0 (rows 1-3 all -100). Fails the visible tests.
    "blind103_mlm_corrupt_zip_truncates_batch_to_one_row": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            specials = set(torch.as_tensor(special_ids).reshape(-1).tolist())
            n = ids.shape[-1]
            choice_draws = torch.rand(n, generator=generator).tolist()
            action_draws = torch.rand(n, generator=generator).tolist()
            random_draws = torch.randint(0, vocab_size, (n,), generator=generator).tolist()
            corrupted = ids.clone().reshape(-1)
            labels = torch.full_like(corrupted, -100, dtype=torch.long)
            flat = ids.reshape(-1).tolist()
            for i, (token, u, a, r) in enumerate(zip(flat, choice_draws, action_draws, random_draws)):
                if token in specials or u >= mask_prob:
                    continue
                labels[i] = token
                if a < 0.8:
                    corrupted[i] = mask_id
                elif a < 0.9:
                    corrupted[i] = r
            return corrupted.reshape(ids.shape), labels.reshape(ids.shape)
'''),
    # multi_head_attention: one lambda per head built in a loop reads the loop variable h when called, after the loop,
    # so every head attends with the last head's rows. Right for one head. D = 4, H = 2, torch.manual_seed(0) weights
    # (randn) and X (4, 3), self-attention: output [0, 0] model 2.624, entry 3.983. Fails the visible tests.
    "blind103_mha_head_lambdas_late_bound": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads = []
            for h in range(num_heads):
                heads.append(lambda: scaled_dot_product_attention(
                    Q[..., h, :, :], K[..., h, :, :], V[..., h, :, :], mask)[0])
            out = torch.stack([head() for head in heads], dim=-3)
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # self_attention: the three projections are lambdas made in a comprehension over (W, b) pairs; each reads W and b
    # when called, after the comprehension, so Q, K and V are all the value projection. Right when the weights are
    # tied. torch.manual_seed(0), X (3, 4), then randn weights (3, 3) and biases (3,): output [0, 0] model -1.829,
    # entry 1.788. Fails the visible tests.
    "blind103_self_attention_projection_lambdas_late_bound": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            project = [lambda: linear(X, W, b) for W, b in ((Wq, bq), (Wk, bk), (Wv, bv))]
            Q, K, V = (p() for p in project)
            return scaled_dot_product_attention(Q, K, V, mask)
'''),
    # scaled_dot_product_attention: the scale is written d_k ** 1/2, which Python reads as (d_k ** 1) / 2; equal to
    # sqrt(d_k) only for d_k = 4. Q = [[1.], [0.], [0.]] (d_k = 3), K = [[1., 0.], [0., 0.], [0., 0.]],
    # V = [[0., 1.]]: model output [[0.360]], entry [[0.458]]. Fails the visible tests.
    "blind103_sdpa_scale_power_before_division": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q / d_k ** 1/2
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # softmax_cols: each column's shift is `column.max().item() or 0.0`, meant to turn a -inf maximum into 0; but
    # -inf is truthy (only 0.0 is falsy), so a fully masked column stays -inf - -inf = NaN.
    # softmax_cols(torch.tensor([[-inf], [-inf]])): model [[0], [0]], entry [[nan], [nan]]. Fails the visible tests.
    "blind103_softmax_cols_minus_inf_max_is_truthy": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            flat = scores.reshape(-1, scores.shape[-2], scores.shape[-1])
            out = []
            for matrix in flat.unbind(0):
                columns = []
                for column in matrix.unbind(-1):
                    shift = column.max().item() if column.numel() else 0.0
                    shift = shift or 0.0
                    exps = torch.exp(column - shift)
                    total = exps.sum()
                    columns.append(exps / torch.where(total == 0, torch.ones_like(total), total))
                out.append(torch.stack(columns, dim=-1) if columns else matrix.clone())
            return torch.stack(out).reshape(scores.shape) if out else scores.clone()
'''),
    # padding_mask: the rows are [[False] * n] * B, one list repeated B times, so each row shows the visible prefix
    # of the longest length seen. padding_mask(torch.tensor([1, 3]), 3)[0, :, 0]: model [True, False, False],
    # entry [True, True, True]. Fails the visible tests.
    "blind103_padding_mask_rows_repeat_one_list": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            rows = [[False] * n] * len(lengths)
            for b, length in enumerate(lengths.tolist()):
                for j in range(length):
                    rows[b][j] = True
            return torch.tensor(rows, dtype=torch.bool).reshape(len(lengths), n, 1)
'''),
    # local_mask: the band is written like the maths, -window <= i - j <= window, on tensors; Python expands the chain
    # into `and`, which asks bool() of a whole tensor. Right for n = 1. local_mask(2, 1): model all True,
    # entry RuntimeError (Boolean value of Tensor with more than one value is ambiguous). Fails the visible tests.
    "blind103_local_mask_chained_comparison_on_tensors": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return -window <= offsets <= window
'''),
    # global_token_mask: `row or column` with Python's `or` instead of `|`: it asks bool() of a tensor, which works
    # only for a one-element tensor. global_token_mask(torch.tensor([True, False])): model [[T, T], [T, F]],
    # entry RuntimeError. Fails the visible tests.
    "blind103_global_token_mask_python_or_on_tensors": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            keys = is_global.unsqueeze(-1)
            queries = is_global.unsqueeze(-2)
            return keys or queries
'''),
    # additive_attention: `mask = mask or torch.ones(...)` to default a missing mask; a given mask of more than one
    # element asks bool() of a tensor. Right without a mask. additive_attention with N = 3 and
    # mask = torch.tensor([True, True, False]): model weights with 0 at position 2, entry RuntimeError.
    # Fails the visible tests.
    "blind103_additive_attention_mask_defaulted_with_or": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            mask = mask or torch.ones(H.shape[-1], dtype=torch.bool)
            query = (s @ W.T).unsqueeze(-1)
            hidden = torch.tanh(U @ H + query)
            scores = (v.unsqueeze(-1) * hidden).sum(dim=-2)
            scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # average_pool_head: the bias is added as `b if b else 0`; bool() of a bias with more than one class raises, and a
    # one-class bias of exactly 0 is (harmlessly) skipped. average_pool_head(X (2, 3), W (2, 2), b (2,)): model
    # logits, entry RuntimeError. Fails the visible tests.
    "blind103_average_pool_head_bias_truth_tested": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.mean(dim=-1)
            logits = pooled @ W.T
            return logits + (b if b else 0)
'''),
    # quantize_pixels: per pixel, a dict {distance: colour id} is built in id order and the nearest id read at the
    # smallest key; equal distances overwrite, so a tie goes to the HIGHEST id. Pixel 0 between colours -1 and 1:
    # quantize_pixels(torch.zeros(1, 1, 1), torch.tensor([[-1., 1.]])): model [[0]], entry [[1]].
    # Fails the visible tests.
    "blind103_quantize_pixels_dict_by_distance_keeps_last_tie": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
            flat = distances.reshape(-1, distances.shape[-1]).tolist()
            ids = []
            for row in flat:
                by_distance = {d: k for k, d in enumerate(row)}
                ids.append(by_distance[min(by_distance)])
            return torch.tensor(ids, dtype=torch.long).reshape(distances.shape[:-1])
'''),
    # sinusoidal_positions: one lambda per row built in a loop reads the loop's frequency when called, after the
    # loop, so every row uses the last frequency. Right for D <= 1. sinusoidal_positions(2, 4)[0, 1]: model
    # sin(1) = 0.841, entry sin(0.01) = 0.0100. Fails the visible tests.
    "blind103_sinusoidal_row_lambdas_late_bound": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            rows = []
            for i in range(dim):
                frequency = 1.0 / 10000 ** ((i - i % 2) / dim)
                if i % 2 == 0:
                    rows.append(lambda: torch.sin(positions * frequency))
                else:
                    rows.append(lambda: torch.cos(positions * frequency))
            if not rows:
                return torch.empty(0, num_positions)
            return torch.stack([row() for row in rows])
'''),
    # patch_merging: the four block offsets are kept in a set, whose iteration order is by hash, not the order
    # written; for these tuples of small ints CPython gives (1,0), (1,1), (0,0), (0,1). torch.manual_seed(0), then
    # randn X (1, 2, 2), gamma, beta (4,), W (2, 4): model [4.402, 1.487], entry [-1.855, -0.915].
    # Fails the visible tests.
    "blind103_patch_merging_block_offsets_in_a_set": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            offsets = {(0, 0), (1, 0), (0, 1), (1, 1)}
            blocks = [X[..., r::2, c::2] for r, c in offsets]
            merged = torch.cat(blocks, dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # nsp_pairs: the other documents are [d for d in documents if d is not document]; a document list holding the
    # same list object twice (documents = [doc] * 2) leaves no other document. nsp_pairs([["a", "b"]] * 2) with a
    # generator seeded 0: model [('a', 'b', 0), ('a', 'a', 1)], entry RuntimeError (randint over 0 other documents).
    # Passes the visible tests.
    "blind103_nsp_pairs_other_documents_by_identity": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for document in documents:
                others = [d for d in documents if d is not document]
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        other = others[torch.randint(len(others), (), generator=generator).item()]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # nsp_pairs: the one-document check is written with max(len(d) for d in documents), which raises its own
    # ValueError ("max() arg is an empty sequence") for an empty list of documents, where the contract gives [].
    # nsp_pairs([]): model [], entry ValueError. Passes the visible tests.
    "blind103_nsp_pairs_check_takes_max_of_empty_sequence": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            if max(len(document) for document in documents) > 1 and len(documents) < 2:
                raise ValueError("documents: a random second sentence must come from another document")
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
    # sequence_log_prob: the targets are "the last N - 1 ids", ids[-(len(ids) - 1):], column n scoring targets[n];
    # for a one-token sequence that is ids[-0:], the whole sequence, so column 0 scores ids[0] where the empty sum is
    # 0. A model returning zeros (V = 5), ids = [3]: model 0., entry log(1/5) = -1.609. Passes the visible tests.
    "blind103_sequence_log_prob_last_n_minus_one_ids_negative_zero_slice": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            log_probs = torch.log_softmax(model(ids), dim=0)
            targets = ids[-(len(ids) - 1):]
            total = log_probs[0, :0].sum()
            for n, token in enumerate(targets.tolist()):
                total = total + log_probs[token, n]
            return total
'''),
    # dequantize_pixels: the range check tests only the upper end (ids.max() >= K), since a Python index of -1 "works";
    # a negative id then wraps to the last palette colour instead of raising.
    # dequantize_pixels(torch.tensor([[-1]]), torch.tensor([[0., 1.]])): model ValueError, entry [[[1.]]].
    # Passes the visible tests.
    "blind103_dequantize_pixels_negative_id_wraps_past_upper_check": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            if ids.dim() < 2 or palette.dim() != 2:
                raise ValueError("ids must be (..., H, W) and palette (C, K)")
            if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
                raise ValueError("ids must be an integer tensor of palette ids")
            if ids.numel() and int(ids.max()) >= palette.shape[1]:
                raise ValueError("ids must be palette ids below K")
            colours = palette[:, ids.long()]
            return colours.movedim(0, -3)
'''),
}
RIGHT_BLIND_103 = {
    # bpe_decode: counts the trailing spaces and cuts with text[:len(text) - k], which is the whole text for k = 0
    # (where text[:-k] would be empty). Passes the visible tests.
    "blind103_right_bpe_decode_cut_by_length_minus_count": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            # (the stub's input checks)
            text = "".join(tokens).replace(END_OF_WORD, " ")
            k = len(text) - len(text.rstrip(" "))
            return text[:len(text) - k]
'''),
    # bpe_encode: a nested helper with a mutable default memo; the helper is defined anew on every call, so the memo
    # lives for one call only and is keyed by the word (the merges are fixed within the call). Passes the visible tests.
    "blind103_right_bpe_encode_per_call_helper_memo_default": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            def encode_word(word, memo={}):
                if word not in memo:
                    symbols = list(word) + [END_OF_WORD]
                    for pair in merges:
                        symbols = merge_pair(symbols, pair)
                    memo[word] = tuple(symbols)
                return list(memo[word])

            tokens = []
            for word in text.split():
                tokens += encode_word(word)
            return tokens
'''),
    # train_bpe: Counter.most_common(1), which sorts stably by count (reverse=True keeps insertion order among
    # ties), so the first-seen pair wins a tie. Passes the visible tests.
    "blind103_right_train_bpe_most_common_stable": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            frequency = Counter(" ".join(word) for word in corpus.split())
            segmentation = {spelled: spelled.split(" ") + [END_OF_WORD] for spelled in frequency}
            merges = []
            while len(merges) < num_merges:
                pair_counts = Counter()
                for spelled, count in frequency.items():
                    symbols = segmentation[spelled]
                    for i in range(len(symbols) - 1):
                        pair_counts[symbols[i], symbols[i + 1]] += count
                if not pair_counts:
                    break
                (best, _), = pair_counts.most_common(1)
                merges.append(best)
                segmentation = {spelled: merge_pair(symbols, best) for spelled, symbols in segmentation.items()}
            return merges
'''),
    # next_token_probs: top-p keeps order[:len(order) - drop] (never a [:-0] slice) and takes the crossing index with
    # next(..., default) so a float32 cumulative sum that ends below p keeps every token. Passes the visible tests.
    "blind103_right_next_token_probs_next_with_default_and_length_slice": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[int(torch.argmax(logits))] = 1
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = sorted(range(len(probs)), key=lambda i: probs[i].item(), reverse=True)
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0).tolist()
                cut = next((i for i, c in enumerate(cumulative) if not c < top_p), len(order) - 1)
                drop = len(order) - (cut + 1)
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:len(order) - drop]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # shifted_window_mask: label grid built with a list comprehension (one new list per row), each label
    # 2 * row_wrapped + column_wrapped using bools as ints; the windows are cut with Python slices.
    # Passes the visible tests.
    "blind103_right_shifted_window_mask_fresh_rows_bool_arithmetic": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            grid = [[2 * (r + shift >= height) + (c + shift >= width) for c in range(width)] for r in range(height)]
            masks = []
            for top in range(0, height, window):
                for left in range(0, width, window):
                    labels = [grid[r][c] for r in range(top, top + window) for c in range(left, left + window)]
                    masks.append([[a == b for b in labels] for a in labels])
            return torch.tensor(masks, dtype=torch.bool).reshape(-1, window * window, window * window)
'''),
    # mlm_corrupt: specials as a Python set of ints, eligibility by `not in` over the flattened ids (no chained
    # comparison), then the model answer's draws over the full shape. Passes the visible tests.
    "blind103_right_mlm_corrupt_python_set_membership": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            specials = set(torch.as_tensor(special_ids).reshape(-1).tolist())
            eligible = torch.tensor([token not in specials for token in ids.reshape(-1).tolist()],
                                    dtype=torch.bool).reshape(ids.shape)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), torch.full_like(ids, -100, dtype=torch.long))
            return corrupted, labels
'''),
    # multi_head_attention: one lambda per head, with the head index bound at definition through a default argument
    # (h=h), called after the loop. Passes the visible tests.
    "blind103_right_mha_head_lambdas_bound_by_default_argument": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads = [lambda h=h: scaled_dot_product_attention(Q[..., h, :, :], K[..., h, :, :], V[..., h, :, :],
                                                              mask)[0]
                     for h in range(num_heads)]
            out = torch.stack([head() for head in heads], dim=-3)
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # self_attention: the three projections from a dict comprehension evaluated at once (no closures).
    # Passes the visible tests.
    "blind103_right_self_attention_projections_evaluated_in_comprehension": ("attention", "self_attention", '''
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            # (the stub's input checks)
            projected = {name: linear(X, W, b) for name, W, b in (("q", Wq, bq), ("k", Wk, bk), ("v", Wv, bv))}
            return scaled_dot_product_attention(projected["q"], projected["k"], projected["v"], mask=mask)
'''),
    # scaled_dot_product_attention: the scale written d_k ** (1 / 2) with the exponent in parentheses, as a Python
    # float divisor. Passes the visible tests.
    "blind103_right_sdpa_parenthesised_half_power": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = Q.shape[-2]
            scores = K.transpose(-2, -1) @ Q / d_k ** (1 / 2)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # softmax_cols: a -inf column maximum replaced through torch.where on isneginf (not by truthiness), and the zero
    # sums fixed by adding the bool tensor (sum == 0) as 0/1. Passes the visible tests.
    "blind103_right_softmax_cols_bool_added_to_zero_sums": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # (the stub's input checks)
            column_max = scores.amax(dim=-2, keepdim=True)
            column_max = torch.where(torch.isneginf(column_max), torch.zeros_like(column_max), column_max)
            exps = torch.exp(scores - column_max)
            total = exps.sum(dim=-2, keepdim=True)
            return exps / (total + (total == 0))
'''),
    # padding_mask: one new list per row from a nested comprehension, reshaped so that no lengths or n = 0 keep the
    # (B, n, 1) shape. Passes the visible tests.
    "blind103_right_padding_mask_comprehension_rows": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            rows = [[j < length for j in range(n)] for length in lengths.tolist()]
            return torch.tensor(rows, dtype=torch.bool).reshape(len(rows), n, 1)
'''),
    # local_mask: the band as two comparisons joined with &, in Python over ints (abs and range), reshaped to (n, n).
    # Passes the visible tests.
    "blind103_right_local_mask_python_band_with_and": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            rows = [[-window <= i - j and i - j <= window for i in range(n)] for j in range(n)]
            return torch.tensor(rows, dtype=torch.bool).reshape(n, n)
'''),
    # strided_mask: Python's % on negative differences (floor modulo, a multiple of the stride gives 0 whatever the
    # sign), a nested comprehension reshaped to (n, n). Passes the visible tests.
    "blind103_right_strided_mask_python_floor_modulo": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            rows = [[(i - j) % stride == 0 for i in range(n)] for j in range(n)]
            return torch.tensor(rows, dtype=torch.bool).reshape(n, n)
'''),
    # sparse_attention_cost: Python ints only, the strided count's m as -(-n // s) - 1 (ceil(n/s) - 1, floor
    # division of a negative), the local count as a sum of two triangles. Passes the visible tests.
    "blind103_right_sparse_cost_negative_floor_division_ceiling": ("sparse_attention", "sparse_attention_cost", '''
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
                m = -(-n // stride) - 1 if n > 0 else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            g = num_global
            return g * (2 * n - g)
'''),
    # additive_attention: the missing mask tested with `is None` before use. Passes the visible tests.
    "blind103_right_additive_attention_mask_is_none_test": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T)[..., :, None])
            scores = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                scores = torch.where(mask, scores, torch.full_like(scores, float("-inf")))
            weights = softmax_cols(scores[..., :, None])[..., 0]
            return weights, (H * weights[..., None, :]).sum(dim=-1)
'''),
    # average_pool_head: builtin sum over the token columns (it starts from the int 0, harmless for a tensor sum),
    # and the bias tested with `is not None`. Passes the visible tests.
    "blind103_right_average_pool_head_builtin_sum_is_not_none": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = sum(X.unbind(dim=-1)) / X.shape[-1]
            logits = pooled @ W.transpose(0, 1)
            if b is not None:
                logits = logits + b
            return logits
'''),
    # quantize_pixels: per pixel, a dict filled with setdefault in id order, so the first (lowest) id of a tied
    # distance is kept. Passes the visible tests.
    "blind103_right_quantize_pixels_setdefault_keeps_first_tie": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype).movedim(-3, -1)[..., :, None]
            distances = (pixels - palette.to(dtype)).square().sum(dim=-2)
            ids = []
            for row in distances.reshape(-1, distances.shape[-1]).tolist():
                by_distance = {}
                for k, d in enumerate(row):
                    by_distance.setdefault(d, k)
                ids.append(by_distance[min(by_distance)])
            return torch.tensor(ids, dtype=torch.long).reshape(distances.shape[:-1])
'''),
    # sinusoidal_positions: one lambda per row, with the frequency and the function bound through default arguments.
    # Passes the visible tests.
    "blind103_right_sinusoidal_row_lambdas_default_bound": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            rows = []
            for i in range(dim):
                frequency = 1.0 / 10000 ** ((i - i % 2) / dim)
                wave = torch.sin if i % 2 == 0 else torch.cos
                rows.append(lambda f=frequency, wave=wave: wave(positions * f))
            return torch.stack([row() for row in rows]) if rows else torch.empty(0, num_positions)
'''),
    # patch_merging: the block offsets in a tuple (ordered), read in that order. Passes the visible tests.
    "blind103_right_patch_merging_offsets_in_a_tuple": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            offsets = ((0, 0), (1, 0), (0, 1), (1, 1))
            merged = torch.cat([X[..., r::2, c::2] for r, c in offsets], dim=-3)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (height // 2, width // 2))
'''),
    # nsp_pairs: other documents by index (j != index), so a document object listed twice is still another document.
    # Passes the visible tests.
    "blind103_right_nsp_pairs_other_documents_by_index": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                others = [j for j in range(len(documents)) if j != index]
                for position in range(1, len(document)):
                    a, successor = document[position - 1], document[position]
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        other = documents[others[torch.randint(len(others), (), generator=generator).item()]]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # sequence_log_prob: enumerate(..., start=1) over ids[1:], column n - 1 scoring token n; the running total starts
    # from an empty sum of the log-probabilities, so even a one-token sequence returns a 0 on the graph.
    # Passes the visible tests.
    "blind103_right_sequence_log_prob_enumerate_start_one": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            log_probs = torch.log_softmax(model(ids), dim=0)
            total = log_probs[0, :0].sum()  # 0, on the graph even for a one-token sequence
            for n, token in enumerate(ids[1:].tolist(), start=1):
                total = total + log_probs[token, n - 1]
            return total
'''),
    # beam_search: candidates listed beam by beam, token by token, and sorted with key=score, reverse=True: Python's
    # sort stays stable with reverse=True, so ties keep the earlier beam, then the lower token.
    # Passes the visible tests.
    "blind103_right_beam_search_sort_reverse_is_stable": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0).tolist()
                    for token, log_prob in enumerate(log_probs):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, eos_id is not None and token == eos_id))
                candidates.sort(key=lambda candidate: candidate[0], reverse=True)
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # apply_mask: mask == False (a comparison, not `is False` or `not mask`) picks the hidden entries.
    # Passes the visible tests.
    "blind103_right_apply_mask_compare_with_false": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores.masked_fill(mask == False, float("-inf"))  # noqa: E712
'''),
}
