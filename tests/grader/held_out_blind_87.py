"""Eighty-eighth blind batch of held-out implementations (prefix blind87_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, the stubs (exercises/*.py: signatures and input-check lines, substituted through the
stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests were only run (`pytest
exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches (held_out_blind.py ...
held_out_blind_84.py) were only skimmed: their entry names were pulled out with a regular expression and read per
function, to leave out the ideas they already hold (triu/tril and their diagonals, cdist, uint8/int8/bfloat16
positions, caches, in-place writes, inference mode on the masks, rows/columns and channels-last mixups, unfold,
fold, pixel_shuffle in the token-major order, GELU/SiLU/ReLU6, allow_tf32, deterministic algorithms, thread pins, ...),
and held_out_blind_57.py for the header. Nothing else under grader/ or tests/ was opened, grepped or run, nor
docs/grading.md, nor benchmarks/, nor the batches written at the same time (held_out_blind_85.py,
held_out_blind_86.py).

Emphasis: the sixteen graded functions the earlier batches tried least (bpe_decode, causal_mask, local_mask,
global_token_mask, padding_mask, window_reverse, strided_mask, embed, dequantize_pixels, window_partition, one_hot,
pixel_sequence, apply_mask, feed_forward, patchify, bpe_encode), and in them what the earlier names do not show.
Wrong entries: long inputs that break a Python idiom (a decoder recursing once per token, an encoder chaining one
lazy generator per merge: both RecursionError past about a thousand); ports from other tokenizers (GPT-2's byte-space
symbol, UTF-8 byte symbols, BERT-style punctuation splitting, a Sennrich regex without re.escape, the merge list
replayed to a fixed point, a unicode_escape round trip); global settings left changed in functions where the earlier
batches had none (the default dtype pinned to float32 in causal_mask, grad mode forced on in apply_mask, anomaly
detection and float32 matmul precision in feed_forward); results cut off from autograd (apply_mask under
inference_mode, Tensor.new_tensor in dequantize_pixels); dtype slips (float16 positions, int32 offsets with a huge
window, a float start column, a default-dtype buffer, CPU autocast's bfloat16 matmuls, identity-convolution kernels
from torch.eye in the default dtype); `.T` on three-dimensional tensors; meshgrid's "xy" indexing; the x & (s - 1)
power-of-two trick for a modulus; a causal column at L - 1 (wrong for L = 0); windows stacked in front of the batch
axes; and feed-forward variants (leaky and squared ReLU, functional dropout left in training, a residual inside the
FFN, W1ᵀ for W2). Right entries: the same tools used correctly (meshgrid "ij", the shifted causal table, torch.isin
of allowed offsets, torch.minimum against ±inf, broadcast_tensors + stack + any, grouped identity convolutions and
transposed convolutions with kernels in the input's dtype, tensor_split, pixel_shuffle / pixel_unshuffle in the
channel-major order, unique with return_inverse, bincount of flat positions, a bool times a Python float, narrow,
F.threshold, hardtanh with an infinite ceiling, fmax) and, for the BPE functions, a linked list of symbols, a
generator pass per merge materialised each time, str.partition and a lazy re.fullmatch.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind87/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source in place of the function, `import math`, `import torch` and `import
torch.nn.functional as F` added after the module's `from __future__` line, and the stub's input checks substituted)
and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment says
whether it does (20 of the 35 wrong entries pass them: all the BPE ones, the global settings, the lost gradients, the
float64 and long-sequence cases, and the inputs the visible tests do not try). Each wrong entry's recorded input was
run on the model answer and on the entry and both printed; each differs as its comment says (a different value,
shape or dtype, an exception, a result that does not require grad, or a global setting left changed). Right entries
were compared with the model answer: the BPE entries on 3000 random texts and token lists (regex metacharacters,
backslashes, non-ASCII and decomposed characters, "</" pieces, tabs, newlines and no-break spaces) with learned and
random merge lists (the contract's [("a", "bc"), ("b", "c")] case included), exact equality, the "</w>" ValueError,
merge lists left unchanged, and 5000-token decodes; the masks exactly for n = 0..13 under both default dtypes (strides
-2..15 with the same ValueErrors, windows -3..17, 2**40 and 2**62, lengths of 0 and n, strided lengths, flags with no,
one and two batch axes), and n = 3000 to 5000 once; apply_mask on 600 random calls (float32/float64 scores at scale 1
and 1000 with exact zeros, masks (N_k, N_q), batched, (N_k, 1), (1, N_q), transposed views) for values, dtypes, the
gradient at every visible entry (finite and equal) and under torch.no_grad(); the tensor functions on 250 random calls
each (about 20 % under a float64 default): float32/float64 inputs, no, one and two batch axes (a leading 1 too),
transposed, expanded and strided views, empty grids, ids of every integer dtype for the imagegpt functions, sos_id up
to 2**40, dtype None/float32/float64/float16/bfloat16 for one_hot, hidden units at exactly 0 for feed_forward: equal
shapes and dtypes, values exactly equal (feed_forward: float32 to 1e-5, float64 to 1e-12), the gradient of a random projection with respect to every floating-point input, arguments unchanged, the default dtype
unchanged, and grad mode still off after a call under torch.no_grad().

Judgement calls: blind87_right_feed_forward_fmax_with_zero gives gradient 1 where a hidden unit is exactly 0 (ReLU's
kink; the model gives 0). The contract accepts any subgradient there and the two agree everywhere else (400 random
calls without exact zeros), so it is in the right dict; a grader that compares gradients at exact kinks would see the
difference. blind87_feed_forward_cpu_autocast differs only for float32 inputs (torch's CPU autocast leaves float64
alone) and keeps the result's dtype: the error is about 1e-2 on O(10) values. blind87_local_mask_int32_offsets and
blind87_padding_mask_half_precision_positions fail only on large inputs (a window beyond 2**31, lengths above 2048),
which the contract allows. The window_partition / window_reverse / patchify right entries that go through
convolutions rely on each output being one input times 1 plus exact zeros (finite inputs), so they are exact; empty
grids take a reshape path (the convolutions and tensor_split refuse them). Dropped: a gradient-by-vjp window_reverse
(the adjoint of window_partition is its inverse) because under torch.no_grad() it would need enable_grad and return
a result with a graph; a one_hot entry comparing in float16 and a dequantize entry comparing ids in their own dtype
(the earlier batches hold both); a bpe_decode entry that replaces markers per token (differs from the model only when
a marker is split across tokens, ["</", "w>"], which the contract does not settle); negative windows for local_mask
as a wrong input (the contract's formula covers them but nothing says callers pass them). Fewer entries than asked
(35 / 23): the time box, and most of the obvious mistakes for these short functions are already in earlier batches.

Counts: 35 wrong, 23 right.
Wrong per function: {'bpe_decode': 3, 'bpe_encode': 5, 'causal_mask': 2, 'padding_mask': 2, 'local_mask': 1, 'apply_mask': 2, 'strided_mask': 1, 'global_token_mask': 1, 'window_partition': 2, 'window_reverse': 1, 'patchify': 1, 'embed': 1, 'one_hot': 1, 'dequantize_pixels': 2, 'pixel_sequence': 2, 'feed_forward': 8}.
Right per function: {'bpe_decode': 2, 'bpe_encode': 2, 'causal_mask': 1, 'padding_mask': 1, 'local_mask': 1, 'apply_mask': 1, 'strided_mask': 1, 'global_token_mask': 1, 'window_partition': 2, 'window_reverse': 2, 'patchify': 1, 'embed': 1, 'one_hot': 2, 'dequantize_pixels': 1, 'pixel_sequence': 1, 'feed_forward': 3}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""

WRONG_BLIND_87 = {
    # ------------------------------------------------------------------ bpe.bpe_decode
    # Decodes by recursion on the head token and the rest of the list: one Python frame per token, so a model's sample
    # of a thousand tokens or more raises RecursionError (and copies the list at every level). bpe_decode(["ab</w>"] *
    # 3000): model 'ab ab ... ab', entry RecursionError. Passes the visible tests (short token lists).
    "blind87_bpe_decode_recursive_head_tail": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            def glue(rest):
                if not rest:
                    return ""
                head = rest[0].replace(END_OF_WORD, " ")
                return head + glue(rest[1:])
            return glue(list(tokens)).rstrip(" ")
'''),
    # Ported from a GPT-2 byte-level decoder: also turns "\u0120" (GPT-2's printable stand-in for a space) into a space,
    # but here that character is an ordinary character kept as the tokens hold it. bpe_decode(["\u0120a</w>"]): model
    # '\u0120a', entry ' a'. Passes the visible tests.
    "blind87_bpe_decode_gpt2_byte_space_symbol_also_spaced": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(tokens).replace(END_OF_WORD, " ")
            text = text.replace("\\u0120", " ")        # GPT-2's byte-level space symbol
            return text.rstrip(" ")
'''),
    # Runs the text through .encode("utf-8").decode("unicode_escape") to "turn escaped sequences back into characters":
    # non-ASCII characters come back as mojibake and a literal backslash-n becomes a newline.
    # bpe_decode(["caf\u00e9</w>"]): model 'caf\u00e9', entry 'caf\u00c3\u00a9'; bpe_decode(["a\\n</w>"]): model 'a\\n',
    # entry 'a\n'. Passes the visible tests.
    "blind87_bpe_decode_unicode_escape_round_trip": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            text = "".join(tokens).replace(END_OF_WORD, " ").rstrip(" ")
            return text.encode("utf-8").decode("unicode_escape")   # turn escaped sequences back into characters
'''),
    # ------------------------------------------------------------------ bpe.bpe_encode
    # Sennrich's regex replay on the space-joined symbols, but the pair is put into the pattern without re.escape: a
    # symbol holding a regex metacharacter (".", "*", "(", "?", a backslash) matches other symbols or fails to compile.
    # bpe_encode("ba", [(".", "a")]): model ['b', 'a', '</w>'], entry ['.a', '</w>']. Passes the visible tests.
    "blind87_bpe_encode_regex_pair_not_escaped": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            import re
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                line = " ".join(symbols)
                for a, b in merges:
                    pattern = re.compile(r"(?<!\\S)" + a + " " + b + r"(?!\\S)")
                    line = pattern.sub(lambda match, joined=a + b: joined, line)
                tokens.extend(line.split(" "))
            return tokens
'''),
    # Splits words with re.findall(r"\w+|[^\w\s]") (BERT-style pre-tokenisation), so punctuation becomes words of its
    # own with their own "</w>"; the contract splits on whitespace only and punctuation is a character like any other.
    # bpe_encode("hi!", []): model ['h', 'i', '!', '</w>'], entry ['h', 'i', '</w>', '!', '</w>']. Passes the visible
    # tests.
    "blind87_bpe_encode_punctuation_split_off": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            import re
            split_words(text, "text")                      # the "</w>" check
            words = [list(word) + [END_OF_WORD] for word in re.findall(r"\\w+|[^\\w\\s]", text)]
            tokens = []
            for symbols in words:
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Byte-level symbols: each word starts as one symbol per UTF-8 byte (chr(byte)), so every non-ASCII character is
    # split into two to four Latin-1 symbols. bpe_encode("\u00e9", []): model ['\u00e9', '</w>'], entry ['\u00c3',
    # '\u00a9', '</w>']. Passes the visible tests (ASCII only).
    "blind87_bpe_encode_utf8_bytes_as_symbols": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            split_words(text, "text")
            tokens = []
            for word in text.split():
                symbols = [chr(byte) for byte in word.encode("utf-8")] + [END_OF_WORD]
                for pair in merges:
                    symbols = merge_pair(symbols, pair)
                tokens.extend(symbols)
            return tokens
'''),
    # Replays the whole merge list again and again until a pass changes nothing, so a merge whose pair only appears
    # after a later merge gets a second chance; the contract applies each merge once, in order. bpe_encode("abc", [("a",
    # "bc"), ("b", "c")]) (the contract's own example): model ['a', 'bc', '</w>'], entry ['abc', '</w>']. Passes the
    # visible tests.
    "blind87_bpe_encode_passes_repeated_until_stable": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for symbols in words:
                while True:
                    before = symbols
                    for pair in merges:
                        symbols = merge_pair(symbols, pair)
                    if symbols == before:
                        break
                tokens.extend(symbols)
            return tokens
'''),
    # Each merge is a lazy generator wrapped around the previous one, so reading a word runs a chain of len(merges)
    # nested generators: with about a thousand merges or more (any real vocabulary) reading raises RecursionError.
    # bpe_encode("ab", 1200 unused pairs + [("a", "b")]): model ['ab', '</w>'], entry RecursionError; with 300 merges it
    # is right. Passes the visible tests.
    "blind87_bpe_encode_lazy_generator_chain": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            empty = object()

            def one_pass(symbols, left, right):
                pending = empty
                for symbol in symbols:
                    if pending is empty:
                        pending = symbol
                    elif pending == left and symbol == right:
                        yield pending + symbol
                        pending = empty
                    else:
                        yield pending
                        pending = symbol
                if pending is not empty:
                    yield pending

            tokens = []
            for symbols in words:
                stream = iter(symbols)
                for left, right in merges:
                    stream = one_pass(stream, left, right)   # lazy: nothing runs until the word is read
                tokens.extend(stream)
            return tokens
'''),
    # ------------------------------------------------------------------ masking.causal_mask
    # torch.meshgrid with indexing="xy" returns the grids transposed (the first varies along columns), so "keys <=
    # queries" gives the lower triangle: [j, i] True iff j >= i. causal_mask(2): model [[T, T], [F, T]], entry [[T, F],
    # [T, T]]. Fails the visible tests.
    "blind87_causal_mask_meshgrid_xy_indexing": ("masking", "causal_mask", '''
        def causal_mask(n):
            positions = torch.arange(n)
            keys, queries = torch.meshgrid(positions, positions, indexing="xy")
            return keys <= queries
'''),
    # Calls torch.set_default_dtype(torch.float32) "to be safe" and never puts it back: a caller (or the grader) running
    # with a float64 default leaves the call with float32. Mask values are right. causal_mask(3) under a float64
    # default: afterwards torch.get_default_dtype() is float32 (the model leaves float64). Passes the visible tests.
    "blind87_causal_mask_pins_default_dtype_to_float32": ("masking", "causal_mask", '''
        def causal_mask(n):
            torch.set_default_dtype(torch.float32)       # positions as exact small floats
            positions = torch.arange(n, dtype=torch.float32)
            return positions[:, None] <= positions[None, :]
'''),
    # ------------------------------------------------------------------ masking.padding_mask
    # Positions and lengths compared in float16, which holds integers exactly only up to 2048: above that both round to
    # even values. padding_mask(tensor([2049]), 2050)[0, 2048, 0]: model True (2048 < 2049), entry False (2048 < 2048
    # after rounding). Passes the visible tests (short sequences).
    "blind87_padding_mask_half_precision_positions": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            positions = torch.arange(n, dtype=torch.half)
            visible = positions[None, :] < lengths[:, None].half()
            return visible[:, :, None]
'''),
    # Reads the mask of length L as column L - 1 of causal_mask(n) (j <= L - 1): a length of 0 indexes column -1, the
    # last one, which is all True. padding_mask(tensor([0, 2]), 3)[..., 0]: model [[F, F, F], [T, T, F]], entry [[T, T,
    # T], [T, T, F]]. Passes the visible tests (no empty sequence there).
    "blind87_padding_mask_causal_column_at_length_minus_one": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            table = causal_mask(n)                       # [j, i]: j <= i
            return table[:, lengths - 1].T[:, :, None]   # j < L  <=>  j <= L - 1
'''),
    # ------------------------------------------------------------------ masking.local_mask
    # Offsets in int32: a window beyond int32's range (a caller passing a huge window for "unbounded") is converted to
    # int32 by the comparison and wraps. local_mask(3, 2**32 + 1): model all True, entry the band of width 1 ([0, 2] and
    # [2, 0] False). Passes the visible tests.
    "blind87_local_mask_int32_offsets": ("masking", "local_mask", '''
        def local_mask(n, window):
            positions = torch.arange(n, dtype=torch.int32)
            return (positions[None, :] - positions[:, None]).abs() <= window
'''),
    # ------------------------------------------------------------------ masking.apply_mask
    # Calls torch.set_grad_enabled(True) "so the scores stay differentiable" and leaves it: called under
    # torch.no_grad(), grad mode is on afterwards. Values and gradients are right. apply_mask(zeros(2, 2), ones(2, 2,
    # bool)) inside torch.no_grad(): torch.is_grad_enabled() is True afterwards (the model leaves it False). Passes the
    # visible tests.
    "blind87_apply_mask_grad_mode_forced_on": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            torch.set_grad_enabled(True)                 # make sure the scores stay differentiable
            return scores.masked_fill(~mask, float("-inf"))
'''),
    # Fills under torch.inference_mode(): the result is an inference tensor with no grad_fn, so nothing backpropagates
    # to the scores. apply_mask(randn(2, 2, requires_grad=True), mask): model result requires grad, entry result
    # .is_inference() True and requires_grad False. Passes the visible tests.
    "blind87_apply_mask_filled_under_inference_mode": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            with torch.inference_mode():
                return torch.where(mask, scores, float("-inf"))
'''),
    # ------------------------------------------------------------------ sparse_attention.strided_mask
    # Tests "multiple of stride" with the bit trick x & (s - 1) == 0, which is x % s == 0 only for powers of two.
    # strided_mask(4, 3): model [0, 3] True and [0, 1] False, entry [0, 3] False and [0, 1] True. Fails the visible
    # tests.
    "blind87_strided_mask_bitwise_and_with_stride_minus_one": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            positions = torch.arange(n)
            offsets = positions[None, :] - positions[:, None]
            return offsets & (stride - 1) == 0           # x % s == x & (s - 1)
'''),
    # ------------------------------------------------------------------ sparse_attention.global_token_mask
    # Symmetrises with .T, which on a tensor of more than two dimensions reverses all of them: right for unbatched flags
    # (N,), but batched flags (B, N) give keys (B, N, N) | (N, N, B), an error or a wrong shape. global_token_mask of
    # flags (2, 3): model shape (2, 3, 3), entry RuntimeError (sizes 3 and 2). Fails the visible tests.
    "blind87_global_token_mask_expanded_or_dot_T": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            n = is_global.shape[-1]
            keys = is_global.unsqueeze(-1).expand(*is_global.shape, n)     # [j, i] = is_global[j]
            return keys | keys.T
'''),
    # ------------------------------------------------------------------ swin.window_partition
    # Collects the windows in a list and torch.stack()s them on axis 0, which is in front of the batch axes: right
    # without batch axes, (nW, ..., C, M*M) instead of (..., nW, C, M*M) with them. window_partition of X (2, 1, 2, 2),
    # M = 1: model shape (2, 4, 1, 1), entry (4, 2, 1, 1). Fails the visible tests.
    "blind87_window_partition_windows_stacked_on_axis_zero": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            windows = []
            for top in range(0, height, M):
                for left in range(0, width, M):
                    windows.append(X[..., top:top + M, left:left + M].flatten(-2))   # (..., C, M*M)
            return torch.stack(windows)
'''),
    # Picks the window tokens with a grouped identity convolution whose kernel comes from torch.eye in the default
    # dtype: a float64 grid meets a float32 kernel and conv2d raises. window_partition(zeros(1, 2, 2, float64), 1):
    # model float64 windows, entry RuntimeError (expected scalar type Double but found Float). Fails the visible tests.
    "blind87_window_partition_identity_conv_default_dtype": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            kernel = torch.eye(M * M).reshape(M * M, 1, M, M).repeat(channels, 1, 1, 1)
            flat = X.reshape(-1, channels, height, width)
            picked = F.conv2d(flat, kernel, stride=M, groups=channels)    # (B, C*M*M, H/M, W/M)
            return picked.reshape(*batch, channels, M * M, -1).movedim(-1, -3)
'''),
    # ------------------------------------------------------------------ swin.window_reverse
    # Places the window tokens with a grouped identity transposed convolution whose kernel comes from torch.eye in the
    # default dtype: float64 windows meet a float32 kernel and conv_transpose2d raises. window_reverse(zeros(4, 1, 1,
    # float64), 1, 2, 2): model a float64 grid, entry RuntimeError (expected scalar type Double but found Float). Passes
    # the visible tests (float32 only).
    "blind87_window_reverse_identity_conv_transpose_default_dtype": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, count, channels, tokens = windows.shape
            rows, columns = height // M, width // M
            kernel = torch.eye(tokens).reshape(tokens, 1, M, M).repeat(channels, 1, 1, 1)
            x = windows.reshape(-1, rows, columns, channels, tokens).permute(0, 3, 4, 1, 2)
            x = x.reshape(-1, channels * tokens, rows, columns)
            grid = F.conv_transpose2d(x, kernel, stride=M, groups=channels)
            return grid.reshape(*batch, channels, height, width)
'''),
    # ------------------------------------------------------------------ patch_embedding.patchify
    # Builds the patches as rows (B, N, C*P*P) and returns rows.T, which reverses all three axes: (C*P*P, N, B) instead
    # of (B, C*P*P, N). patchify(zeros(2, 1, 2, 2), 1): model shape (2, 1, 4), entry (1, 4, 2). Fails the visible tests.
    "blind87_patchify_rows_transposed_with_dot_T": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            grid = images.unfold(2, P, P).unfold(3, P, P)                 # (B, C, H/P, W/P, P, P)
            rows = grid.permute(0, 2, 3, 1, 4, 5).reshape(batch, -1, channels * P * P)   # (B, N, C*P*P)
            return rows.T
'''),
    # ------------------------------------------------------------------ embeddings.embed
    # Writes the looked-up columns into torch.empty(...) made without a dtype: a float64 table gives a float32 result
    # (rounded). embed(tensor([[1/3]], float64), tensor([0])): model float64 0.3333333333333333, entry float32
    # 0.3333333432674408. Fails the visible tests.
    "blind87_embed_written_into_default_dtype_buffer": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            *lead, count = token_ids.shape
            out = torch.empty(*lead, omega_e.shape[0], count)
            out[...] = omega_e[:, token_ids].movedim(0, -2)
            return out
'''),
    # ------------------------------------------------------------------ embeddings.one_hot
    # Counts (id, column) pairs with torch.bincount but forgets the batch offset: every sequence's one-hots are summed
    # into one (V, N) table, which is then expanded over the batch. Right without batch axes. one_hot(tensor([[0, 1],
    # [1, 1]]), 2): model [[[1, 0], [0, 1]], [[0, 0], [1, 1]]], entry [[[1, 0], [1, 2]]] for both rows. Fails the
    # visible tests.
    "blind87_one_hot_bincount_without_row_offset": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            *lead, count = token_ids.shape
            position = token_ids * count + torch.arange(count)            # flat index of (id, column) in a (V, N) table
            counts = torch.bincount(position.reshape(-1), minlength=vocab_size * count)
            table = counts.reshape(vocab_size, count).to(dtype or torch.get_default_dtype())
            return table.expand(*lead, vocab_size, count)
'''),
    # ------------------------------------------------------------------ imagegpt.dequantize_pixels
    # Maps the palette from Hugging Face's [-1, 1] to [0, 1] "for display" before the lookup; the contract returns the
    # palette's colours as they are. dequantize_pixels(tensor([[0, 1]]), tensor([[-1., 1.]])): model [[[-1, 1]]], entry
    # [[[0, 1]]]. Fails the visible tests.
    "blind87_dequantize_pixels_palette_mapped_to_unit_range": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = (palette + 1) / 2                  # Hugging Face's palette is in [-1, 1]; images in [0, 1]
            return colours[:, ids.long()].movedim(0, -3)
'''),
    # Returns palette.new_tensor(colours), which copies the data and detaches it (torch warns): no gradient reaches the
    # palette. dequantize_pixels(tensor([[0, 1]]), palette requiring grad): model result requires grad, entry
    # requires_grad False. Passes the visible tests.
    "blind87_dequantize_pixels_copied_with_new_tensor": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = palette[:, ids.long()].movedim(0, -3)
            return palette.new_tensor(colours)           # a fresh contiguous tensor in the palette's dtype
'''),
    # ------------------------------------------------------------------ imagegpt.pixel_sequence
    # Returns (targets, inputs), the pair in the wrong order. pixel_sequence(tensor([[3, 4]]), 9): model ([9, 3], [3,
    # 4]), entry ([3, 4], [9, 3]). Fails the visible tests.
    "blind87_pixel_sequence_returns_targets_then_inputs": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).long()
            start = torch.full_like(targets[..., :1], sos_id)
            inputs = torch.cat([start, targets[..., :-1]], dim=-1)
            return targets, inputs
'''),
    # Builds the start column as torch.ones(...) * sos_id, a float tensor; torch.cat promotes, so inputs come back
    # float32 (float64 under a float64 default) instead of int64. Values are right. pixel_sequence(tensor([[3, 4]]), 9):
    # model inputs int64, entry inputs float32. Passes the visible tests.
    "blind87_pixel_sequence_start_column_from_float_ones": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).long()
            start = torch.ones(*targets.shape[:-1], 1) * sos_id
            inputs = torch.cat([start, targets[..., :-1]], dim=-1)
            return inputs, targets
'''),
    # ------------------------------------------------------------------ transformer_layer.feed_forward
    # F.leaky_relu (slope 0.01 below zero) where the contract has ReLU. X = [[1]], W1 = [[-1], [2]], b1 = 0, W2 = [[1,
    # 1]], b2 = 0: model [[2.0]], entry [[1.99]]. Fails the visible tests.
    "blind87_feed_forward_leaky_relu": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = F.leaky_relu(linear(X, W1, b1))
            return linear(hidden, W2, b2)
'''),
    # F.dropout(p=0.1) on the hidden layer: the functional form defaults to training=True, so every call zeroes random
    # units and scales the rest by 1/0.9. feed_forward(ones(4, 6), eye(4), 0, eye(4), 0): model all ones, entry zeros
    # and 1.111s. Fails the visible tests.
    "blind87_feed_forward_functional_dropout_left_in_training": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = F.dropout(torch.relu(linear(X, W1, b1)), p=0.1)
            return linear(hidden, W2, b2)
'''),
    # Adds the residual X + FFN(X) inside the feed-forward network (the layer adds it, not FFN). X = [[1]], W1 = [[-1],
    # [2]], b1 = 0, W2 = [[1, 1]], b2 = 0: model [[2.0]], entry [[3.0]]. Fails the visible tests.
    "blind87_feed_forward_adds_residual": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.relu(linear(X, W1, b1))
            return X + linear(hidden, W2, b2)
'''),
    # Calls torch.autograd.set_detect_anomaly(True) to catch NaN gradients and leaves it on for the whole process.
    # Values are right. After any call torch.is_anomaly_enabled() is True (False before and with the model). Passes the
    # visible tests.
    "blind87_feed_forward_anomaly_detection_left_on": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            torch.autograd.set_detect_anomaly(True)      # catch NaN gradients early
            hidden = torch.relu(linear(X, W1, b1))
            return linear(hidden, W2, b2)
'''),
    # Runs the two matmuls under torch.autocast on the input's device: on CPU they are computed in bfloat16, so float32
    # results lose about three digits (float64 inputs are left alone). Random X (8, 5), W1 (16, 8), W2 (8, 16) in
    # float32: largest difference from the model about 0.07. Passes the visible tests.
    "blind87_feed_forward_cpu_autocast": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            with torch.autocast(device_type=X.device.type):
                hidden = torch.relu(W1 @ X + b1[:, None])
                return W2 @ hidden + b2[:, None]
'''),
    # Primer's squared ReLU, relu(h)**2, for the contract's ReLU. X = [[1]], W1 = [[-1], [2]], b1 = 0, W2 = [[1, 1]], b2
    # = 0: model [[2.0]], entry [[4.0]]. Fails the visible tests.
    "blind87_feed_forward_squared_relu": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.relu(linear(X, W1, b1)).square()   # Primer's squared ReLU
            return linear(hidden, W2, b2)
'''),
    # Calls torch.set_float32_matmul_precision("medium") and leaves it: a global setting of every later float32 matmul
    # in the process. After a call torch.get_float32_matmul_precision() is 'medium' (the model leaves 'highest'). Passes
    # the visible tests.
    "blind87_feed_forward_sets_matmul_precision": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            torch.set_float32_matmul_precision("medium")
            hidden = torch.relu(linear(X, W1, b1))
            return linear(hidden, W2, b2)
'''),
    # Uses W1.T for the second layer (it has W2's shape (D, F)) and ignores W2. X = [[1]], W1 = [[-1], [2]], b1 = 0, W2
    # = [[0, 1]], b2 = 0: model [[2.0]], entry [[4.0]]. Fails the visible tests.
    "blind87_feed_forward_second_layer_tied_to_first": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.relu(linear(X, W1, b1))
            return linear(hidden, W1.T, b2)              # W2 has W1's transposed shape (D, F)
'''),
}

RIGHT_BLIND_87 = {
    # ------------------------------------------------------------------ bpe.bpe_decode
    # re.fullmatch with a lazy body and a greedy run of spaces: the body is the text without its trailing spaces.
    "blind87_right_bpe_decode_fullmatch_lazy_body": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            import re
            text = "".join(tokens).replace(END_OF_WORD, " ")
            return re.fullmatch(r"(.*?) *", text, re.DOTALL).group(1)
'''),
    # Cuts the joined text at each "</w>" with str.partition and joins the pieces with spaces: the same as replacing
    # each marker.
    "blind87_right_bpe_decode_partition_loop": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            rest = "".join(tokens)
            pieces = []
            while END_OF_WORD in rest:
                head, _, rest = rest.partition(END_OF_WORD)
                pieces.append(head)
            pieces.append(rest)
            return " ".join(pieces).rstrip(" ")
'''),
    # ------------------------------------------------------------------ bpe.bpe_encode
    # The symbols of a word as a singly linked list (an array of next indices); a merge joins a node with its successor
    # and resumes after the pair.
    "blind87_right_bpe_encode_linked_list_nodes": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            tokens = []
            for word in words:
                symbols = list(word)
                following = list(range(1, len(symbols))) + [-1]    # index of the next live symbol, -1 at the end
                for left, right in merges:
                    node = 0
                    while node != -1:
                        nxt = following[node]
                        if nxt != -1 and symbols[node] == left and symbols[nxt] == right:
                            symbols[node] = left + right
                            following[node] = following[nxt]
                            node = following[node]               # merges never overlap: resume after the pair
                        else:
                            node = nxt
                node = 0
                while node != -1:
                    tokens.append(symbols[node])
                    node = following[node]
            return tokens
'''),
    # One generator pass per merge holding one pending symbol, materialised with list() after each merge (no nested
    # generator chain).
    "blind87_right_bpe_encode_generator_pass_per_merge": ("bpe", "bpe_encode", '''
        def bpe_encode(text, merges):
            words = split_words(text, "text")
            empty = object()

            def one_pass(symbols, left, right):
                pending = empty
                for symbol in symbols:
                    if pending is empty:
                        pending = symbol
                    elif pending == left and symbol == right:
                        yield pending + symbol
                        pending = empty
                    else:
                        yield pending
                        pending = symbol
                if pending is not empty:
                    yield pending

            tokens = []
            for symbols in words:
                for left, right in merges:
                    symbols = list(one_pass(symbols, left, right))
                tokens += symbols
            return tokens
'''),
    # ------------------------------------------------------------------ masking.causal_mask
    # torch.meshgrid with indexing="ij": keys vary down the rows, queries along the columns.
    "blind87_right_causal_mask_meshgrid_ij_indexing": ("masking", "causal_mask", '''
        def causal_mask(n):
            positions = torch.arange(n)
            keys, queries = torch.meshgrid(positions, positions, indexing="ij")
            return keys <= queries
'''),
    # ------------------------------------------------------------------ masking.padding_mask
    # Rows 1..n of causal_mask(n + 1) at column L: [j + 1 <= L] = [j < L], right for L = 0 too.
    "blind87_right_padding_mask_shifted_causal_rows_at_length": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            table = causal_mask(n + 1)                   # [j, i]: j <= i, for j, i in 0 .. n
            return table[1:, lengths].T[:, :, None]      # j < L  <=>  j + 1 <= L
'''),
    # ------------------------------------------------------------------ masking.local_mask
    # torch.isin of the offsets in the allowed range -w..w, the window capped at n (and an empty range for a negative
    # window).
    "blind87_right_local_mask_isin_clamped_offsets": ("masking", "local_mask", '''
        def local_mask(n, window):
            positions = torch.arange(n)
            offsets = positions[None, :] - positions[:, None]
            reach = min(window, n)                       # offsets never exceed n - 1
            allowed = torch.arange(-reach, reach + 1) if reach >= 0 else torch.arange(0)
            return torch.isin(offsets, allowed)
'''),
    # ------------------------------------------------------------------ masking.apply_mask
    # torch.minimum of the scores with +inf where visible and -inf where hidden, made in the scores' dtype; the gradient
    # is 1 at every visible entry.
    "blind87_right_apply_mask_minimum_with_plus_minus_inf": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            inf = scores.new_full((), math.inf)
            ceiling = torch.where(mask, inf, -inf)       # +inf keeps a score, -inf hides it
            return torch.minimum(scores, ceiling)
'''),
    # ------------------------------------------------------------------ sparse_attention.strided_mask
    # torch.isin of the offsets in the multiples of the stride that fit in -(n-1)..n-1.
    "blind87_right_strided_mask_offsets_isin_multiples": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            positions = torch.arange(n)
            offsets = positions[None, :] - positions[:, None]
            reach = (max(n - 1, 0) // stride) * stride
            multiples = torch.arange(-reach, reach + 1, stride)
            return torch.isin(offsets, multiples)
'''),
    # ------------------------------------------------------------------ sparse_attention.global_token_mask
    # Broadcasts the flags as keys and as queries, stacks the two and takes any() over the new axis.
    "blind87_right_global_token_mask_stack_any": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            as_keys, as_queries = torch.broadcast_tensors(is_global[..., :, None], is_global[..., None, :])
            return torch.stack((as_keys, as_queries)).any(dim=0)
'''),
    # ------------------------------------------------------------------ swin.window_partition
    # A grouped stride-M convolution with one-hot kernels picks token t of each window into channel c*M*M + t (exact:
    # every other product is a zero); empty grids by reshape.
    "blind87_right_window_partition_grouped_identity_conv": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            count = (height // M) * (width // M)
            if X.numel() == 0:
                return X.reshape(*batch, count, channels, M * M)
            kernel = torch.eye(M * M, dtype=X.dtype, device=X.device).reshape(M * M, 1, M, M)
            kernel = kernel.repeat(channels, 1, 1, 1)                     # (C*M*M, 1, M, M): token t of channel c
            flat = X.reshape(math.prod(batch), channels, height, width)
            picked = F.conv2d(flat, kernel, stride=M, groups=channels)    # (B, C*M*M, H/M, W/M)
            return picked.reshape(*batch, channels, M * M, count).movedim(-1, -3)
'''),
    # torch.tensor_split into H/M strips, each into W/M blocks, blocks flattened and stacked at -3 in raster order.
    "blind87_right_window_partition_tensor_split_grid": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            if X.numel() == 0:
                return X.reshape(*batch, (height // M) * (width // M), channels, M * M)
            strips = torch.tensor_split(X, height // M, dim=-2)
            blocks = [block.flatten(-2) for strip in strips for block in torch.tensor_split(strip, width // M, dim=-1)]
            return torch.stack(blocks, dim=-3)
'''),
    # ------------------------------------------------------------------ swin.window_reverse
    # Windows regrouped to (..., C*M*M, H/M, W/M) channel-major, then F.pixel_shuffle(M), whose channel c*M*M + p*M + q
    # lands at (p, q) of each block.
    "blind87_right_window_reverse_pixel_shuffle_channel_major": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, count, channels, tokens = windows.shape
            rows, columns = height // M, width // M
            if windows.numel() == 0:
                return windows.reshape(*batch, channels, height, width)
            grid = windows.reshape(*batch, rows, columns, channels, tokens)
            grid = grid.movedim((-2, -1), (-4, -3))                        # (..., C, M*M, rows, columns)
            grid = grid.reshape(*batch, channels * tokens, rows, columns)
            return F.pixel_shuffle(grid, M)
'''),
    # A grouped stride-M transposed convolution with one-hot kernels in the windows' dtype places token t of each window
    # at its (p, q).
    "blind87_right_window_reverse_identity_conv_transpose": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, count, channels, tokens = windows.shape
            rows, columns = height // M, width // M
            if windows.numel() == 0:
                return windows.reshape(*batch, channels, height, width)
            kernel = torch.eye(tokens, dtype=windows.dtype, device=windows.device).reshape(tokens, 1, M, M)
            kernel = kernel.repeat(channels, 1, 1, 1)
            x = windows.reshape(math.prod(batch), rows, columns, channels, tokens).permute(0, 3, 4, 1, 2)
            x = x.reshape(-1, channels * tokens, rows, columns)
            grid = F.conv_transpose2d(x, kernel, stride=M, groups=channels)
            return grid.reshape(*batch, channels, height, width)
'''),
    # ------------------------------------------------------------------ patch_embedding.patchify
    # F.pixel_unshuffle(images, P) orders the channels c*P*P + i*P + j, which is the contract's (channel, row, column)
    # order; flatten(2) gives the patches row-major.
    "blind87_right_patchify_pixel_unshuffle_flattened": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            return F.pixel_unshuffle(images, patch_size).flatten(2)       # channel index c*P*P + i*P + j
'''),
    # ------------------------------------------------------------------ embeddings.embed
    # Looks up each distinct id once (Tensor.unique) and spreads the columns back with the inverse index; the gradient
    # accumulates through both indexings.
    "blind87_right_embed_unique_inverse_columns": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            used, inverse = token_ids.unique(return_inverse=True)
            return omega_e[:, used][:, inverse].movedim(0, -2)
'''),
    # ------------------------------------------------------------------ embeddings.one_hot
    # The bool comparison times the Python float 1.0 (which takes the default dtype), or .to(dtype) when a dtype is
    # given.
    "blind87_right_one_hot_bool_times_python_one": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            matches = token_ids[..., None, :] == torch.arange(vocab_size)[:, None]
            if dtype is None:
                return matches * 1.0                     # a bool tensor times a Python float: the default dtype
            return matches.to(dtype)
'''),
    # torch.bincount of each (sequence, id, column) flat position with minlength the table's size, reshaped to (..., V,
    # N).
    "blind87_right_one_hot_bincount_flat_positions": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            *lead, count = token_ids.shape
            rows = math.prod(lead)
            flat = token_ids.reshape(rows, count)
            position = (torch.arange(rows)[:, None] * vocab_size + flat) * count + torch.arange(count)
            counts = torch.bincount(position.reshape(-1), minlength=rows * vocab_size * count)
            return counts.reshape(*lead, vocab_size, count).to(dtype or torch.get_default_dtype())
'''),
    # ------------------------------------------------------------------ imagegpt.dequantize_pixels
    # Looks up each distinct id once (torch.unique) and spreads the colours back with the inverse index.
    "blind87_right_dequantize_pixels_unique_inverse": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            used, inverse = torch.unique(ids.long(), return_inverse=True)
            colours = palette[:, used]                   # (C, number of distinct ids)
            return colours[:, inverse].movedim(0, -3)
'''),
    # ------------------------------------------------------------------ imagegpt.pixel_sequence
    # targets.narrow(-1, 0, N - 1) behind a start column made with new_full from the int64 targets.
    "blind87_right_pixel_sequence_narrow_then_cat": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.flatten(-2).to(torch.long)
            count = targets.shape[-1]
            start = targets.new_full((*targets.shape[:-1], 1), sos_id)
            return torch.cat((start, targets.narrow(-1, 0, count - 1)), dim=-1), targets
'''),
    # ------------------------------------------------------------------ transformer_layer.feed_forward
    # F.threshold(h, 0, 0), which is ReLU.
    "blind87_right_feed_forward_threshold_at_zero": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = F.threshold(linear(X, W1, b1), 0.0, 0.0)
            return linear(hidden, W2, b2)
'''),
    # F.hardtanh with min_val 0 and max_val inf, which is ReLU.
    "blind87_right_feed_forward_hardtanh_unbounded_above": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            hidden = F.hardtanh(W1 @ X + b1[:, None], min_val=0.0, max_val=math.inf)
            return W2 @ hidden + b2[:, None]
'''),
    # torch.fmax with a zero-dimensional zero in the hidden layer's dtype; at exactly 0 its gradient is 1, a subgradient
    # of ReLU there.
    "blind87_right_feed_forward_fmax_with_zero": ("transformer_layer", "feed_forward", '''
        def feed_forward(X, W1, b1, W2, b2):
            pre = torch.matmul(W1, X) + b1.unsqueeze(-1)
            hidden = torch.fmax(pre, pre.new_zeros(()))
            return torch.matmul(W2, hidden) + b2.unsqueeze(-1)
'''),
}
