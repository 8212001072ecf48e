"""Thirty-first blind batch of held-out implementations (prefix blind30_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md (its bpe, sampling, positions, pretraining and imagegpt paragraphs, read for
exactly which draws and tie rules it fixes: generate's torch.multinomial(probs, 1, generator=generator) is fixed,
mlm_corrupt's and nsp_pairs' draw order is free and only their distribution is graded; ties to lower ids in top-k,
top-p and the greedy one-hot, to the first-seen pair in train_bpe, to the lowest palette id in quantize_pixels), the
stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model
answers (solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_29.py) were only skimmed for
their entry names and header decisions, and each idea here was checked against their names so as not to repeat an
entry. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor the batch written
at the same time (held_out_blind_31.py).

Emphasis: the exercises with randomness, ties and strings (bpe, sampling, pretraining, imagegpt, positions). Wrong
entries: how a generator is used (the Gumbel-max trick instead of the fixed multinomial draw, the NSP coin from the
global RNG, the generator parameter renamed rng, mask_prob renamed mlm_probability), windows and contexts (the
logits cropped instead of the model's input, Hugging Face's top_k=50 default), tie rules (torch.topk's order among
equal probabilities), probability thresholds (top-p summed in id order, top-p read as min-p, a kthvalue top-k that
keeps k + 1), special tokens and label conventions ("</w>" appended after the merges, [MASK] never drawn as the random
replacement, a tensor of special ids tested for truth, a hard-coded start token 512, examples as lists), Unicode and
whitespace (NFC and NFKC normalisation, lower-casing, regex word-character runs, ASCII-only whitespace, re.split's
empty words), the lesson's str.replace trap, num_merges read as a vocabulary size, shapes (a batch row left on the next-token
distribution, flat palette ids), edges (an empty word, an image without pixels), dtypes (a default-dtype greedy
one-hot) and T5's float32 logarithm rewritten (log2, a difference of logs). Right entries do the same in ways the
contract leaves free: replacement=True or float64 probabilities for the one multinomial sample (the same stream in
the installed torch), torch.default_generator named explicitly, a batched next-token function, min of negated counts,
space-joined pair keys, merges replayed to a fixpoint or with the loops swapped, a decile or float64 split of BERT's
80/10/10, a flattened mlm_corrupt, and palette lookups by gather, stacked rows and a (P, C) pixel matrix.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind30/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests; every right entry passes them, and each wrong
entry's comment says whether it does (22 of the 34 wrong entries pass them). Each wrong entry's recorded input was
run on the model answer and on the entry and both results printed; each differs as its comment says (the random
ones by a seeded statistic far outside sampling noise, a determinism check or a keyword call). Deterministic entries,
right and wrong, were compared with the model answer on grids: bpe on about 50 corpora (ties, Unicode combining
marks, ligatures, NBSP, punctuation, empty and whitespace-only texts) x several merge counts, encode on learned and
hand-made merge lists, merge_pair on empty and one-symbol words; next_token_probs on about 50 logit vectors (exact
ties, exact top-p boundaries such as [.5, .25, .25] with p = .75, -inf logits, V = 1) in float32 and float64 x
temperatures (0 included) x top_k (1 .. beyond V) x top_p, and under torch.set_default_dtype(torch.float64); generate
with seeded generators on bigram models in float32 and float64 (V of 2, 5 and 60; eos, context_size, temperature 0,
top_k, top_p, max_new_tokens 0), comparing the tokens, the generator's state after the call and a second call, and
once unseeded with every argument by keyword; quantize/dequantize/pixel_sequence on float32 and float64 inputs,
integer ids of five dtypes, one and two batch axes, non-contiguous views, exact palette ties, empty images and the
contract's ValueErrors; relative_position_bucket on offsets -300..300 for 9 bucket counts x 4 max_distances x both
directions, 0-d, int32 and non-contiguous inputs. mlm_corrupt and nsp_pairs entries were run through seeded
statistics (selection rate, 80/10/10 shares, specials never chosen, labels and their dtype for int64 and int32 ids,
ids unchanged, determinism for a seed, keyword calls; NSP label balance and the distribution of the random sentence
over documents and sentences over 3000 seeds) beside the model answer's. Arguments were checked unchanged, and the
two right dequantize entries' palette gradients compared with the model's (float32 and float64).

Judgement calls: the two right generate entries (replacement=True; the draw from probs.double()) rest on the
installed torch drawing one multinomial sample identically in both cases; that was checked on every generate case and
on 300 random distributions, but it is a property of torch's implementation, not of the contract's wording.
blind30_generate_gumbel_max_draw samples the right distribution and is wrong only because the contract fixes the
draw. blind30_bucket_log2_ratio and blind30_bucket_log_difference differ from the model only at a few boundary
distances of unusual configurations (5 and 19 of about 2700 tried; none with the default 32 buckets and
max_distance 128); they break the contract's float32 natural-log rule. blind30_merge_pair_zip_skip_flag_empty_list
and blind30_dequantize_range_check_on_empty_ids differ only on an empty input; blind30_mlm_special_ids_truth_tested
only when special_ids is a tensor of two or more ids; blind30_mlm_random_never_mask_id only in a 0.1/vocab_size share
of the random replacements (shown with vocab_size 2). A train_bpe entry keying its pair counts by the joined string
(a + b) was dropped: no corpus tried (60000 random ones) made two different pairs collide, so it was not
demonstrably wrong. Fewer entries than asked (about 55 / 35): the time box and the earlier batches' wide coverage of
these functions; no right entry is one I was unsure of.

Counts: 34 wrong, 20 right.
Wrong per function: {'bpe_encode': 7, 'dequantize_pixels': 1, 'generate': 3, 'merge_pair': 2, 'mlm_corrupt': 3, 'next_token_probs': 6, 'nsp_pairs': 4, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 2, 'train_bpe': 4}.
Right per function: {'bpe_encode': 2, 'dequantize_pixels': 2, 'generate': 3, 'merge_pair': 2, 'mlm_corrupt': 3, 'next_token_probs': 3, 'pixel_sequence': 1, 'quantize_pixels': 1, 'train_bpe': 3}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.

After it came, one wrong entry was counted right (its reason at the top of RIGHT_BLIND_30):
blind30_dequantize_range_check_on_empty_ids (an image without pixels is an edge the contract leaves open).
"""
WRONG_BLIND_30 = {
    # ------------------------------------------------------------------ bpe
    # Walks zip(symbols, symbols[1:]) with a skip flag and appends symbols[-1] unless the last pair merged: right on
    # every non-empty word, but an empty list of symbols raises. merge_pair([], ("a", "a")): model [], entry IndexError.
    # Passes the visible tests.
    "blind30_merge_pair_zip_skip_flag_empty_list": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            out = []
            skip = False
            for a, b in zip(symbols, symbols[1:]):
                if skip:                      # b of the previous merge: already consumed
                    skip = False
                    continue
                if (a, b) == pair:
                    out.append(a + b)
                    skip = True
                else:
                    out.append(a)
            if not skip:
                out.append(symbols[-1])       # the last symbol was not part of a merge
            return out
'''),
    # The lesson's classic trap: words kept as space-joined strings and merged with str.replace(f"{a} {b}", a + b),
    # which also matches inside a longer symbol ("a </w>" inside "aa </w>"), so a merge crosses symbol boundaries.
    # train_bpe("aaa aa a", 4): model [('a', 'a'), ('a', '</w>'), ('aa', 'a</w>'), ('aa', '</w>')], entry only the first
    # three (the word "aa" already became the single symbol "aa</w>"). Passes the visible tests.
    "blind30_train_bpe_space_joined_str_replace": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            vocab = Counter(" ".join(w) for w in words)       # "l o w </w>" -> frequency
            merges = []
            for _ in range(num_merges):
                pairs = Counter()
                for word, f in vocab.items():
                    s = word.split(" ")
                    for a, b in zip(s, s[1:]):
                        pairs[a, b] += f
                if not pairs:
                    break
                a, b = max(pairs, key=pairs.get)
                merges.append((a, b))
                vocab = Counter({word.replace(f"{a} {b}", a + b): f for word, f in vocab.items()})
            return merges
'''),
    # Words taken as re.findall(r"\w+") instead of corpus.split(): punctuation disappears (and a combining
    # mark splits a word). train_bpe("hi! hi! hi", 2): model [('h', 'i'), ('hi', '!')], entry [('h', 'i'), ('hi', '</w>')].
    # Passes the visible tests.
    "blind30_train_bpe_word_regex_drops_punctuation": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            import re
            # (the stub's input checks)
            words = [list(w) + ["</w>"] for w in re.findall(r"\\w+", corpus)]   # words, no punctuation
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
                seg = {w: merge_pair(s, best) for w, s in seg.items()}
            return merges
'''),
    # NFKC-normalises the corpus before splitting (characters are to be kept as given): the ligature U+FB01 becomes
    # "f", "i". train_bpe("\ufb01ne \ufb01ne fine", 1): model [('n', 'e')], entry [('f', 'i')]. Passes the visible tests.
    "blind30_train_bpe_nfkc_normalised": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            import unicodedata
            # (the stub's input checks)
            corpus = unicodedata.normalize("NFKC", corpus)     # fold ligatures, full-width forms, ...
            words = split_words(corpus, "corpus")
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
                seg = {w: merge_pair(s, best) for w, s in seg.items()}
            return merges
'''),
    # Breaks out of the merge list at the first merge whose pair is absent from the word instead of skipping it.
    # bpe_encode("ab", [("x", "y"), ("a", "b")]): model ['ab', '</w>'], entry ['a', 'b', '</w>']. Fails the visible tests.
    "blind30_bpe_encode_stops_at_first_absent_merge": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            for symbols in words:
                for pair in merges:
                    if pair not in zip(symbols, symbols[1:]):
                        break                 # nothing more to merge in this word
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Replays the merges on the bare characters and appends "</w>" afterwards, so no merge with "</w>" in it ever
    # applies. bpe_encode("ab", [("b", "</w>")]): model ['a', 'b</w>'], entry ['a', 'b', '</w>']. Fails the visible tests.
    "blind30_bpe_encode_marker_appended_after_merges": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            for word in text.split():
                symbols = list(word)
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols + ["</w>"])
            return tokens
'''),
    # Splits with re.split(r"\s+", text): leading or trailing whitespace gives an empty word, encoded as a lone
    # "</w>". bpe_encode(" ab", []): model ['a', 'b', '</w>'], entry ['</w>', 'a', 'b', '</w>']; an empty text gives
    # ['</w>'] instead of []. Fails the visible tests.
    "blind30_bpe_encode_re_split_leading_empty_word": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            import re
            # (the stub's input checks)
            tokens = []
            for word in re.split(r"\\s+", text):
                symbols = list(word) + ["</w>"]
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Returns one list of tokens per word instead of the flat list of tokens. bpe_encode("ab c", []): model
    # ['a', 'b', '</w>', 'c', '</w>'], entry [['a', 'b', '</w>'], ['c', '</w>']]. Fails the visible tests.
    "blind30_bpe_encode_nested_word_lists": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            encoded = []
            for symbols in words:
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                encoded.append(symbols)       # one list of tokens per word
            return encoded
'''),
    # NFC-normalises the text first (no Unicode normalisation is the rule): a decomposed e + U+0301 becomes one
    # character. bpe_encode("e\u0301", []): model ['e', '\u0301', '</w>'], entry ['\xe9', '</w>']. Passes the visible tests.
    "blind30_bpe_encode_nfc_normalised": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            import unicodedata
            # (the stub's input checks)
            tokens = []
            for symbols in split_words(unicodedata.normalize("NFC", text)):
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Lower-cases the text before encoding (an uncased tokenizer's habit). bpe_encode("Ab", []): model
    # ['A', 'b', '</w>'], entry ['a', 'b', '</w>']. Passes the visible tests.
    "blind30_bpe_encode_lowercased": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            for symbols in split_words(text.lower()):
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # ------------------------------------------------------------------ sampling
    # Top-p's cumulative sum taken in token-id order instead of over the tokens sorted by probability. logits
    # [0, 1, 2], top_p=0.5: model [0, 0, 1], entry [0.0900, 0.2447, 0.6652] (all three kept). Passes the visible tests.
    "blind30_next_token_probs_top_p_cumsum_in_id_order": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[logits.argmax()] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                cumulative = probs.cumsum(dim=-1)          # running mass, token by token
                keep = (cumulative - probs) < top_p        # everything up to the crossing token
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Reads top_p as a min-p threshold (keep p_i >= top_p * max p) instead of a cumulative mass. logits log([.5, .3,
    # .2]), top_p=0.7: model [0.625, 0.375, 0], entry [1, 0, 0]. Fails the visible tests.
    "blind30_next_token_probs_top_p_read_as_min_p": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[logits.argmax()] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                # keep the tokens whose probability is at least top_p times the top one's
                probs = torch.where(probs >= top_p * probs.max(), probs, 0.0)
            return probs / probs.sum()
'''),
    # Sorts for top-p with torch.topk(probs, V), whose order among equal probabilities is not by id (the installed
    # CPU topk puts ids 2, 3 before 0, 1 on four equal values): the tie rule (lower ids first) is broken. logits zeros(4),
    # top_p=0.5: model [0.5, 0.5, 0, 0], entry [0, 0, 0.5, 0.5]. Passes the visible tests.
    "blind30_next_token_probs_top_p_order_from_full_topk": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[logits.argmax()] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                sorted_probs, order = torch.topk(probs, probs.shape[-1])   # descending
                cumulative = sorted_probs.cumsum(dim=-1)
                kept = order[(cumulative - sorted_probs) < top_p]
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[kept] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # The greedy one-hot is built with torch.zeros(V) (the default dtype) instead of from the logits: float64 logits
    # at temperature 0 give a float32 result. logits float64 [0, 1], temperature=0: model float64 [0, 1], entry float32
    # [0, 1]. Passes the visible tests.
    "blind30_next_token_probs_greedy_one_hot_default_dtype": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros(logits.shape[-1])
                probs[int(logits.argmax())] = 1.0
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
                n = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:n]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # The threshold torch.kthvalue(probs, V - k) is the (k+1)-th largest probability, kept with >=: k + 1 tokens
    # survive. logits log([.1, .4, .2, .3]), top_k=2: model [0, 4/7, 0, 3/7], entry [0, 0.4444, 0.2222, 0.3333]. Fails
    # the visible tests.
    "blind30_next_token_probs_top_k_kthvalue_off_by_one": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[logits.argmax()] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            V = probs.shape[-1]
            if top_k is not None and top_k < V:
                # the k-th largest is the (V - k)-th smallest
                threshold = torch.kthvalue(probs, V - top_k).values
                probs = torch.where(probs >= threshold, probs, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                cumulative = torch.cumsum(probs[order], dim=0)
                n = min(int((cumulative < top_p).sum()) + 1, V)
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:n]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Draws with the Gumbel-max trick on torch.rand(V, generator=generator): a correct sample in distribution, but
    # the contract fixes the draw as torch.multinomial(probs, 1, generator=generator), so a seeded call gives other tokens.
    # Bigram model (table randn(5, 5) seeded 1, logits = table[:, ids]), prompt [0], 8 new tokens, generator seeded 0:
    # model [0, 2, 2, 2, 2, 2, 3, 4, 1], entry [0, 2, 2, 3, 4, 3, 4, 1, 3]. Passes the visible tests.
    "blind30_generate_gumbel_max_draw": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                # Gumbel-max: argmax(log p + G) is a draw from p, with G = -log(-log U)
                u = torch.rand(probs.shape, generator=generator, dtype=probs.dtype)
                next_id = torch.argmax(torch.log(probs) - torch.log(-torch.log(u))).reshape(1)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Feeds the whole sequence to the model and crops the logits' columns to context_size instead of cropping the
    # model's input: the last column is unchanged, so context_size has no effect. A model whose next token is its input
    # length (one-hot x 50), prompt [0, 0, 0], 3 new tokens, context_size=2, seed 0: model [0, 0, 0, 2, 2, 2], entry
    # [0, 0, 0, 3, 4, 5]. Fails the visible tests.
    "blind30_generate_crops_logits_not_inputs": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                logits = model(ids)
                if context_size is not None:
                    logits = logits[:, -context_size:]        # only the last context_size positions
                probs = next_token_probs(logits[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # ------------------------------------------------------------------ pretraining
    # Hugging Face's parameter name mlm_probability instead of the stub's mask_prob (positional calls behave as the
    # model): a keyword call with mask_prob= raises. mlm_corrupt(arange(5), 5, [0], 1, mask_prob=0.5): model returns,
    # entry TypeError. Passes the visible tests.
    "blind30_mlm_corrupt_parameter_named_mlm_probability": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mlm_probability=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mlm_probability)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # The 10 % random replacement skips mask_id (drawn from the vocabulary without it), where the contract's uniform
    # draw over [0, vocab_size) may give [MASK]. 100000 random ids in {0, 1}, vocab_size 2, no special ids, mask_id 1,
    # mask_prob 1, seed 0: share of positions ending as mask_id model 0.8986 (0.8 + 0.1 x 1/2 + the kept 1s), entry
    # 0.8464; share changed to another id 0.0255 vs 0.0519 (standard error about 0.001). Passes the visible tests.
    "blind30_mlm_random_never_mask_id": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            # a random replacement should look like a real token, so never [MASK] itself:
            # draw from the vocabulary without mask_id
            r = torch.randint(0, vocab_size - 1, ids.shape, generator=generator, dtype=ids.dtype)
            random_ids = r + (r >= mask_id).to(ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # `if special_ids:` tests the argument's truth value: a LongTensor of two or more special ids (which the contract
    # allows) raises; a list works. ids [[0, 5, 6, 7, 1]], vocab 10, special_ids tensor([0, 1]), mask_id 2, seed 0: model
    # (corrupted [[0, 5, 6, 2, 1]], labels [[-100, -100, 6, 7, -100]]), entry RuntimeError (ambiguous truth value).
    # Passes the visible tests.
    "blind30_mlm_special_ids_truth_tested": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            if special_ids:
                eligible = ~torch.isin(ids, torch.tensor(list(special_ids), dtype=ids.dtype))
            else:
                eligible = torch.ones_like(ids, dtype=torch.bool)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = ids.clone()
            corrupted[chosen & (action < 0.8)] = mask_id
            swap = chosen & (action >= 0.8) & (action < 0.9)
            corrupted[swap] = random_ids[swap]
            labels = torch.full_like(ids, -100, dtype=torch.long)
            labels[chosen] = ids[chosen].long()
            return corrupted, labels
'''),
    # The is-next coin comes from the global RNG (torch.rand(()) without generator=), the other draws from the
    # generator: the same seed no longer gives the same pairs. Documents of 4, 2, 8 and 1 sentences, a generator seeded 7,
    # two calls: model equal, entry different. Passes the visible tests.
    "blind30_nsp_coin_from_global_rng": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand(()).item() < 0.5:                       # heads: the true successor
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # The generator parameter is named rng: the keyword call generator=... raises.
    # nsp_pairs(documents=[['a', 'b'], ['c', 'd']], generator=Generator()): model returns, entry TypeError. Passes the
    # visible tests.
    "blind30_nsp_pairs_generator_named_rng": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, rng=None):
            # (the stub's input checks)
            pairs = []
            for index, document in enumerate(documents):
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=rng).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=rng).item()
                        other = documents[pick + (pick >= index)]
                        pairs.append((a, other[torch.randint(len(other), (), generator=rng).item()], 1))
            return pairs
'''),
    # The random sentence's index is drawn over len(document) (A's own document) instead of len(other), wrapped with %:
    # sentences of a longer other document beyond A's length are never drawn. Documents of 4, 2, 8 and 1 sentences, seeds
    # 0..2999, label-1 B of sentence 'a1' from the 8-sentence document: model c1..c8 each 53-77 times, entry only c1..c4
    # (121-144 each). Passes the visible tests.
    "blind30_nsp_sentence_index_bounded_by_own_document": ("pretraining", "nsp_pairs", '''
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
                        j = torch.randint(len(document), (), generator=generator).item()
                        pairs.append((a, other[j % len(other)], 1))
            return pairs
'''),
    # ------------------------------------------------------------------ imagegpt
    # Returns the flattened ids (..., H*W), as ImageGPT's image processor does for input_ids, instead of (..., H, W).
    # images [[[0, 1]], [[0, 1]]] (C 2, H 1, W 2), palette [[0, 1], [0, 1]]: model [[0, 1]] of shape (1, 2), entry [0, 1]
    # of shape (2,). Fails the visible tests.
    "blind30_quantize_pixels_hf_flat_ids": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            x = images.to(dtype).flatten(-2).transpose(-1, -2)          # (..., H*W, C), as ImageGPT's processor
            d = (x[..., :, :, None] - palette.to(dtype)).square().sum(dim=-2)   # (..., H*W, K)
            return d.argmin(dim=-1)                                      # input_ids (..., H*W)
'''),
    # ------------------------------------------------------------------ positions
    # log2(d / exact) / log2(max_distance / exact): the same ratio in exact arithmetic, but the contract fixes T5's
    # float32 natural logarithm so that boundary distances land where T5's do, and float32 log2 rounds the other way at
    # a few boundaries. Causal, 54 buckets, max_distance 1000, offset -300: model 45, entry 44 (5 of about 2700
    # configurations tried differ, all at one boundary distance). Passes the visible tests.
    "blind30_bucket_log2_ratio": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                n = num_buckets // 2
                base = torch.where(offset > 0, n, 0)
                d = offset.abs()
            else:
                n = num_buckets
                base = torch.zeros_like(offset)
                d = (-offset).clamp(min=0)
            exact = n // 2
            # log base 2: log2(d / exact) / log2(max_distance / exact) is the same ratio
            ratio = torch.log2(d.float() / exact) / math.log2(max_distance / exact)
            far = (exact + (ratio * (n - exact)).long()).clamp(max=n - 1)
            return base + torch.where(d < exact, d, far)
'''),
    # Reads num_merges as a target vocabulary size (characters and </w> included, like Hugging Face's vocab_size) and
    # merges until the vocabulary is that large. The worked corpus (low x5, lower x2, newer x6) with num_merges 2: model
    # [('w', 'e'), ('we', 'r')], entry [] (its 8 base symbols already exceed 2). Fails the visible tests.
    "blind30_train_bpe_num_merges_read_as_vocab_size": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            freq = Counter(tuple(w) for w in words)
            seg = {w: list(w) for w in freq}
            vocabulary = {symbol for w in freq for symbol in w}     # the characters and </w>
            merges = []
            while len(vocabulary) < num_merges:                      # grow the vocabulary to the requested size
                counts = Counter()
                for w, f in freq.items():
                    for pair in zip(seg[w], seg[w][1:]):
                        counts[pair] += f
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                vocabulary.add(best[0] + best[1])
                seg = {w: merge_pair(s, best) for w, s in seg.items()}
            return merges
'''),
    # Words as runs of non-ASCII-whitespace (re.findall(r"[^ \t\n\r\f\v]+")), while str.split() also splits on
    # Unicode spaces such as U+00A0. bpe_encode("a\u00a0b", []): model ['a', '</w>', 'b', '</w>'], entry
    # ['a', '\xa0', 'b', '</w>']. Passes the visible tests.
    "blind30_bpe_encode_ascii_whitespace_only": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            import re
            # (the stub's input checks)
            tokens = []
            for word in re.findall(r"[^ \\t\\n\\r\\f\\v]+", text):
                symbols = list(word) + ["</w>"]
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Works on a (B, V) batch internally and never removes the batch axis it added: (V,) logits come back (1, V).
    # logits [0, ln 3]: model [0.25, 0.75], entry [[0.25, 0.75]]. Fails the visible tests.
    "blind30_next_token_probs_batch_row_not_squeezed": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            logits = logits.reshape(-1, logits.shape[-1])              # (B, V): one row per sequence
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs.scatter_(-1, logits.argmax(dim=-1, keepdim=True), 1.0)
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.sort(probs, dim=-1, descending=True, stable=True).indices
            if top_k is not None:
                rank = torch.empty_like(order).scatter_(-1, order, torch.arange(probs.shape[-1]).expand_as(order))
                probs = torch.where(rank < top_k, probs, 0.0)
                probs = probs / probs.sum(dim=-1, keepdim=True)
                order = torch.sort(probs, dim=-1, descending=True, stable=True).indices
            if top_p is not None:
                sorted_probs = probs.gather(-1, order)
                before = sorted_probs.cumsum(dim=-1) - sorted_probs
                keep_sorted = before < top_p
                keep_sorted[..., 0] = True
                keep = torch.zeros_like(keep_sorted).scatter_(-1, order, keep_sorted)
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum(dim=-1, keepdim=True)
'''),
    # Signature default top_k=50 (Hugging Face's generate default) instead of None: without an explicit top_k only
    # the 50 most likely tokens can be drawn. A uniform model over 100 tokens, prompt [0], 200 new tokens, generator
    # seeded 0: the model answer draws 104 ids >= 50, the entry none. Passes the visible tests.
    "blind30_generate_hf_default_top_k_50": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=50, top_p=None, eos_id=None,
                     generator=None, context_size=None):
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
    # log(d / exact) written as log d - log exact (in float32): rounding drops some boundary distances into the
    # bucket below. Causal, 19 buckets, max_distance 16, offset -12: model 14, entry 13; causal, 36 buckets, max_distance
    # 32, offset -24: 27 vs 26 (19 of about 2700 configurations differ). Passes the visible tests.
    "blind30_bucket_log_difference": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = relative_position.long()
            if bidirectional:
                n = num_buckets // 2
                base = torch.where(offset > 0, n, 0)
                d = offset.abs()
            else:
                n = num_buckets
                base = torch.zeros_like(offset)
                d = (-offset).clamp(min=0)
            exact = n // 2
            # log(d / exact) written as log d - log exact
            scaled = (torch.log(d.float()) - math.log(exact)) / (math.log(max_distance) - math.log(exact))
            far = (exact + (scaled * (n - exact)).long()).clamp(max=n - 1)
            return base + torch.where(d < exact, d, far)
'''),
    # Returns the merged word as a tuple (like the word keys of the counts) instead of a list.
    # merge_pair(["a", "a", "a"], ("a", "a")): model ['aa', 'a'], entry ('aa', 'a'). Fails the visible tests.
    "blind30_merge_pair_returns_tuple": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            merged = ()
            i = 0
            while i < len(symbols):
                if tuple(symbols[i:i + 2]) == tuple(pair):
                    merged += (symbols[i] + symbols[i + 1],)
                    i += 2
                else:
                    merged += (symbols[i],)
                    i += 1
            return merged                     # a word as a tuple, like the keys of the word counts
'''),
    # Hard-codes ImageGPT's start token 512 and ignores sos_id. ids [[1, 2], [3, 4]], sos_id 9: model inputs
    # [9, 1, 2, 3], entry [512, 1, 2, 3]. Fails the visible tests.
    "blind30_pixel_sequence_sos_hard_coded_512": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.long().flatten(-2)
            start = torch.full_like(targets[..., :1], 512)       # ImageGPT's start token: the 513th id
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # Each example is a list [A, B, label] instead of the tuple (A, B, label): the same draws, another type.
    # documents [['a', 'b'], ['c', 'd']], seed 0: model [('a', 'b', 0), ('c', 'a', 1)], entry [['a', 'b', 0], ['c', 'a',
    # 1]]. Passes the visible tests.
    "blind30_nsp_examples_as_lists": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            examples = []
            for index, document in enumerate(documents):
                for position in range(len(document) - 1):
                    a = document[position]
                    if torch.rand((), generator=generator).item() < 0.5:
                        examples.append([a, document[position + 1], 0])
                    else:
                        pick = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other = documents[pick + (pick >= index)]
                        examples.append([a, other[torch.randint(len(other), (), generator=generator).item()], 1])
            return examples
'''),
}

RIGHT_BLIND_30 = {
    # Written as a wrong one; counted right: the contract leaves an image without pixels open for dequantize_pixels
    # (the grader accepts an exception at every size of 0 the contract does not define), so raising there is
    # accepted.
    # The range check calls ids.min() / ids.max() unguarded: an image without pixels (valid for dequantize_pixels;
    # only pixel_sequence rejects one) raises. ids zeros (0, 2) long, palette (3, 4): model an empty (3, 0, 2) tensor,
    # entry RuntimeError. Passes the visible tests.
    "blind30_dequantize_range_check_on_empty_ids": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            if ids.dim() < 2 or palette.dim() != 2:
                raise ValueError("ids must be (..., H, W) and palette (C, K)")
            if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
                raise ValueError(f"ids must be an integer tensor, got {ids.dtype}")
            if int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]:
                raise ValueError(f"ids must lie in [0, {palette.shape[1]})")
            return palette[:, ids.long()].movedim(0, -3)
'''),
    # The zip-and-skip-flag walk with the empty-word guard its wrong twin lacks: a merge consumes both halves and the
    # last symbol is appended unless the final pair merged.
    "blind30_merge_pair_zip_skip_flag_guarded": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            if not symbols:
                return []
            out = []
            skip = False
            for a, b in zip(symbols, symbols[1:]):
                if skip:                      # b of the previous merge: already consumed
                    skip = False
                    continue
                if (a, b) == pair:
                    out.append(a + b)
                    skip = True
                else:
                    out.append(a)
            if not skip:
                out.append(symbols[-1])
            return out
'''),
    # min over the negated counts: min, like max, returns the first of equal keys in insertion order, so ties go to the
    # first-seen pair; pairs counted in a plain dict filled in the model's order.
    "blind30_train_bpe_min_of_negated_counts": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            freq = Counter(tuple(w) for w in words)
            seg = {w: list(w) for w in freq}
            merges = []
            while len(merges) < num_merges:
                counts = {}
                for w, f in freq.items():
                    s = seg[w]
                    for i in range(len(s) - 1):
                        counts[s[i], s[i + 1]] = counts.get((s[i], s[i + 1]), 0) + f
                if not counts:
                    break
                best = min(counts, key=lambda pair: -counts[pair])   # min keeps the first of equal keys
                merges.append(best)
                seg = {w: merge_pair(s, best) for w, s in seg.items()}
            return merges
'''),
    # Pairs counted under the key "a b" and split back: symbols never hold whitespace (words come from str.split()), so
    # the key is unambiguous, and the Counter's insertion order (the tie rule) is the model's.
    "blind30_train_bpe_space_joined_pair_keys": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            freq = Counter(tuple(w) for w in words)
            seg = {w: list(w) for w in freq}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for w, f in freq.items():
                    s = seg[w]
                    for a, b in zip(s, s[1:]):
                        counts[f"{a} {b}"] += f        # symbols never hold whitespace: the key is unambiguous
                if not counts:
                    break
                left, right = max(counts, key=counts.get).split(" ")
                merges.append((left, right))
                seg = {w: merge_pair(s, (left, right)) for w, s in seg.items()}
            return merges
'''),
    # Applies each merge until the word stops changing: a second pass of a merge finds nothing (the joined symbol is
    # longer than either half, so it never re-forms the pair), so this is the model's one left-to-right pass.
    "blind30_bpe_encode_each_merge_to_fixpoint": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            tokens = []
            for symbols in words:
                for pair in merges:
                    while True:                          # apply the merge until the word stops changing
                        merged = merge_pair(symbols, pair)
                        if merged == symbols:
                            break
                        symbols = merged
                tokens += symbols
            return tokens
'''),
    # Loops swapped: each merge over every word, then the next merge; a word's tokens depend only on the merges
    # replayed on it in order.
    "blind30_bpe_encode_merges_outer_words_inner": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            # (the stub's input checks)
            for pair in merges:                          # each merge over every word, then the next merge
                words = [merge_pair(symbols, pair) for symbols in words]
            return [token for symbols in words for token in symbols]
'''),
    # Written for (..., V) logits with scatter on the last axis (ranks for top-k, a sorted-space keep mask for top-p);
    # on the contract's (V,) it is the model answer, and on a (4, 3, 9) batch it equals the model row by row.
    "blind30_next_token_probs_batched_last_axis": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            V = logits.shape[-1]
            if temperature == 0:
                return torch.zeros_like(logits).scatter(-1, logits.argmax(dim=-1, keepdim=True), 1.0)
            probs = torch.softmax(logits / temperature, dim=-1)
            positions = torch.arange(V, device=logits.device).expand(logits.shape)
            if top_k is not None:
                order = torch.sort(probs, dim=-1, descending=True, stable=True).indices
                rank = torch.empty_like(order).scatter(-1, order, positions)      # rank of each id
                probs = torch.where(rank < top_k, probs, 0.0)
                probs = probs / probs.sum(dim=-1, keepdim=True)
            if top_p is not None:
                order = torch.sort(probs, dim=-1, descending=True, stable=True).indices
                cumulative = probs.gather(-1, order).cumsum(dim=-1)
                count = ((cumulative < top_p).sum(dim=-1, keepdim=True) + 1).clamp(max=V)
                keep = torch.empty_like(order, dtype=torch.bool).scatter(-1, order, positions < count)
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum(dim=-1, keepdim=True)
'''),
    # A stable ascending argsort of -p orders by probability descending, ties to the lower id; the top-p crossing is
    # found by searchsorted (left) on the cumulative sums: the count of sums below top_p, the crossing token then kept.
    "blind30_next_token_probs_stable_sort_of_negated": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1
                return probs
            probs = torch.softmax(logits / temperature, dim=0)
            if top_k is not None:
                order = torch.argsort(-probs, stable=True)      # ascending on -p: largest first, ties by id
                mask = torch.ones_like(probs, dtype=torch.bool)
                mask[order[:top_k]] = False
                probs = probs.masked_fill(mask, 0)
                probs = probs / probs.sum()
            if top_p is not None:
                order = torch.argsort(-probs, stable=True)
                cumulative = probs[order].cumsum(0)
                crossing = int(torch.searchsorted(cumulative, cumulative.new_tensor(top_p)))
                mask = torch.ones_like(probs, dtype=torch.bool)
                mask[order[: crossing + 1]] = False
                probs = probs.masked_fill(mask, 0)
            return probs / probs.sum()
'''),
    # Greedy as top-1 on the raw logits through a stable descending sort (the first maximum, the lowest id), returned
    # in the logits' dtype; top-k and top-p keep their values by index_copy into zeros.
    "blind30_next_token_probs_greedy_as_top_one": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                # greedy is top-1 on the raw logits: the first of the sorted ids
                best = torch.sort(logits, descending=True, stable=True).indices[0]
                return (torch.arange(logits.shape[0]) == best).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                kept = torch.sort(probs, descending=True, stable=True).indices[:top_k]
                probs = torch.zeros_like(probs).index_copy(0, kept, probs[kept])
                probs = probs / probs.sum()
            if top_p is not None:
                values, kept = torch.sort(probs, descending=True, stable=True)
                n = min(int((values.cumsum(0) < top_p).sum()) + 1, len(probs))
                probs = torch.zeros_like(probs).index_copy(0, kept[:n], values[:n])
            return probs / probs.sum()
'''),
    # torch.multinomial(probs, 1, replacement=True, generator=generator): one sample with or without replacement is
    # the same draw, and the installed torch consumes the generator identically (same tokens and same generator state
    # after the call, on the whole grid of generate calls and on 300 random distributions x 30 draws).
    "blind30_generate_multinomial_with_replacement": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                # one sample: with or without replacement is the same draw
                next_id = torch.multinomial(probs, 1, replacement=True, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and next_id.item() == eos_id:
                    break
            return ids
'''),
    # The draw made from probs.double(): torch.multinomial's sample for one outcome is the same from float32 and
    # float64 probabilities in the installed torch (same tokens and generator state, checked as above).
    "blind30_generate_draws_from_float64_probs": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            out = prompt.clone()
            for _ in range(max_new_tokens):
                window = out if context_size is None else out[-context_size:]
                probs = next_token_probs(model(window)[:, -1], temperature, top_k, top_p)
                token = torch.multinomial(probs.double(), 1, generator=generator)   # draw in double precision
                out = torch.cat((out, token.to(out.dtype)))
                if eos_id is not None and token.item() == eos_id:
                    break
            return out
'''),
    # generator=None replaced by torch.default_generator (the generator torch.multinomial uses anyway), a while loop,
    # the crop written as ids[max(0, n - context_size):], the method form probs.multinomial and the eos test on ids[-1].
    "blind30_generate_default_generator_explicit": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            rng = generator if generator is not None else torch.default_generator
            ids = prompt
            step = 0
            while step < max_new_tokens:
                start = 0 if context_size is None else max(0, ids.shape[0] - context_size)
                probs = next_token_probs(model(ids[start:])[:, -1], temperature, top_k, top_p)
                next_id = probs.multinomial(1, generator=rng)
                ids = torch.cat([ids, next_id])
                step += 1
                if eos_id is not None and int(ids[-1]) == eos_id:
                    break
            return ids
'''),
    # The 80/10/10 split as a uniform integer in 0..9 (0-7 mask, 8 random id, 9 keep): the same distribution, and the
    # order of the draws is free.
    "blind30_mlm_decile_actions": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            decile = torch.randint(0, 10, ids.shape, generator=generator)     # 0-7 mask, 8 random, 9 keep
            replacement = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = ids.clone()
            corrupted[chosen & (decile < 8)] = mask_id
            swap = chosen & (decile == 8)
            corrupted[swap] = replacement[swap]
            labels = ids.long().masked_fill(~chosen, -100)
            return corrupted, labels
'''),
    # Specials removed by a loop of inequalities, float64 uniforms, the bands reordered (v >= 0.2 mask, v < 0.1
    # random id, else keep): the same probabilities.
    "blind30_mlm_float64_uniforms_specials_by_loop": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            eligible = torch.ones_like(ids, dtype=torch.bool)
            for s in torch.as_tensor(special_ids).reshape(-1).tolist():
                eligible &= ids != s
            u = torch.rand(ids.shape, generator=generator, dtype=torch.float64)
            v = torch.rand(ids.shape, generator=generator, dtype=torch.float64)
            chosen = eligible & (u < mask_prob)
            random_ids = torch.randint(vocab_size, ids.shape, generator=generator).to(ids.dtype)
            corrupted = torch.where(chosen & (v >= 0.2), torch.full_like(ids, mask_id), ids)    # 80 %
            corrupted = torch.where(chosen & (v < 0.1), random_ids, corrupted)                  # 10 %
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Works on ids.reshape(-1) and reshapes both results back: the draws are independent per position, so the layout
    # does not matter.
    "blind30_mlm_flat_reshape_round_trip": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            flat = ids.reshape(-1)
            special = torch.as_tensor(special_ids, dtype=flat.dtype).reshape(-1)
            n = flat.numel()
            chosen = (torch.rand(n, generator=generator) < mask_prob) & ~torch.isin(flat, special)
            action = torch.rand(n, generator=generator)
            random_ids = torch.randint(vocab_size, (n,), generator=generator, dtype=flat.dtype)
            out = flat.clone()
            out = torch.where(chosen & (action < 0.8), mask_id, out)
            out = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, out)
            labels = torch.where(chosen, flat.long(), -100)
            return out.reshape(ids.shape), labels.reshape(ids.shape)
'''),
    # Pixels as a (P, C) matrix and colours as (K, C): squared differences summed over C, the argmin (first = lowest
    # id), reshaped to (..., H, W); computed in the promoted dtype.
    "blind30_quantize_pixels_flat_pixel_matrix": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            *batch, C, H, W = images.shape
            pixels = images.to(dtype).movedim(-3, -1).reshape(-1, C)          # (P, C)
            colours = palette.to(dtype).T                                     # (K, C)
            d = ((pixels[:, None, :] - colours[None, :, :]) ** 2).sum(dim=-1)  # (P, K)
            return d.argmin(dim=1).reshape(*batch, H, W)
'''),
    # Each palette row (one channel over the K colours) indexed by the ids, the C results stacked at axis -3;
    # indexing is differentiable in the palette (gradients checked against the model's).
    "blind30_dequantize_channel_rows_indexed_and_stacked": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            index = ids.to(torch.long)
            return torch.stack([row[index] for row in palette.unbind(0)], dim=-3)   # (..., C, H, W)
'''),
    # inputs by index_select of the previous position (clamped at 0), then the start token written at position 0 with
    # torch.where; targets flatten(-2) as int64.
    "blind30_pixel_sequence_gather_previous_index": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).to(torch.int64)
            N = targets.shape[-1]
            previous = (torch.arange(N, device=ids.device) - 1).clamp(min=0)     # 0, 0, 1, ..., N - 2
            inputs = targets.index_select(-1, previous)
            first = torch.arange(N, device=ids.device) == 0
            inputs = torch.where(first, torch.full_like(inputs, sos_id), inputs)
            return inputs, targets
'''),
    # itertools.pairwise for the adjacent pairs, a list of (segmentation, frequency) in order of first appearance, and
    # max over counts.items() (the first maximum).
    "blind30_train_bpe_pairwise_items_max": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            from itertools import pairwise
            # (the stub's input checks)
            freq = Counter(map(tuple, words))
            seg = [(list(w), f) for w, f in freq.items()]      # distinct words in order of first appearance
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for symbols, f in seg:
                    for pair in pairwise(symbols):
                        counts[pair] += f
                if not counts:
                    break
                best, _ = max(counts.items(), key=lambda item: item[1])   # first of the tied maxima
                merges.append(best)
                seg = [(merge_pair(symbols, best), f) for symbols, f in seg]
            return merges
'''),
    # list.index finds each next candidate left half; a match consumes both halves, otherwise the scan moves one past
    # it: the same non-overlapping left-to-right merge.
    "blind30_merge_pair_list_index_scan": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            left, right = pair
            out = []
            start = 0
            while True:
                try:
                    i = symbols.index(left, start)                 # next candidate left half
                except ValueError:
                    return out + list(symbols[start:])
                if i + 1 < len(symbols) and symbols[i + 1] == right:
                    out += list(symbols[start:i]) + [left + right]
                    start = i + 2
                else:
                    out += list(symbols[start:i + 1])
                    start = i + 1
'''),
    # torch.gather along the colour axis with the flattened ids expanded over the C channels, reshaped to
    # (C, ..., H, W) and moved to (..., C, H, W); differentiable in the palette (gradients checked).
    "blind30_dequantize_gather_expanded_palette": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            C = palette.shape[0]
            flat = ids.reshape(1, -1).long().expand(C, -1)                 # (C, P)
            colours = torch.gather(palette, 1, flat)                         # (C, P)
            return colours.reshape(C, *ids.shape).movedim(0, -3)
'''),
}
