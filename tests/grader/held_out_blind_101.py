"""Hundred-and-second blind batch of held-out implementations (prefix blind101_), written without reading grader/ or
tests/ beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, docs/learners.md, README.md, course/registry.py, the
stubs (exercises/*.py: signatures and input-check lines, substituted through the stub-checks marker) and the model
answers (solutions/*.py). The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target
<package>`), never read. The earlier blind batches (held_out_blind.py ... held_out_blind_99.py) were only parsed for
their entry names per function, and the header of held_out_blind_90.py read for the style. Nothing else under grader/
or tests/ was opened, grepped, listed or run (`ls tests/grader/` was run once, to find the batch file names), nor
docs/grading.md, nor benchmarks/, nor the batches written at the same time (held_out_blind_100.py,
held_out_blind_102.py).

Emphasis: the least-probed functions, graded ones first (bpe_decode, causal_mask, local_mask, padding_mask,
window_reverse, global_token_mask, strided_mask, embed, dequantize_pixels, one_hot, sparse_attention_cost,
window_partition, patchify, pixel_sequence, apply_mask), then the 0-point helpers graded through their callers
(split_heads, merge_heads, merge_pair, linear, rotate_columns, gru_step): two wrong entries for each, by mechanisms
the earlier batches' names for that function do not show. Wrong entries: characters changed in decoding (lower-cased
output, a markup regex eating every <...> tag); global settings left changed (grad mode switched off by causal_mask,
anomaly detection left on by apply_mask); side effects on the inputs (transpose_ on window_reverse's windows,
unsqueeze_ on window_partition's grid and on pixel_sequence's int64 ids through the `.long()` alias, resize_ on
patchify's images, requires_grad_ on embed's table, clamp_ on one_hot's ids, which fails on a broadcast tensor);
sizes at the ends of the range (a window of 10**10 overflowing a squared distance, a window >= n giving a Toeplitz
column of negative length, int16 key positions past 32767, char-cast palette ids from 128 up, a recursive merge_pair
past the recursion limit on a long word); results of the wrong type or layout (a sparse COO strided mask, patchify
returning (patches, grid size), math.pow floats in sparse_attention_cost); a named ValueError turned into TypeError
or skipped (complex ids); batch axes (an all-global shortcut and a repeat(n, 1) tiling that drop or break them,
one_hot's transpose(0, -2), merge_heads' flatten(1, 2)); broadcasting (a 1-D mask read as key flags); off-by-one
offsets (strided diagonals stepped from -(n-1), m = n // s - 1); layouts (a flipped instead of transposed row-layout
causal mask, a forward instead of inverse permutation in window_reverse, pixel_unshuffle channels read token-major,
split_heads with count and width swapped or the row convention's reshape, merge_heads interleaving heads, GPT-2's
(in, out) weight in linear); arithmetic (lengths minus positions clamped only above, bfloat16 autocast matmuls,
logspace frequencies with the endpoint, a GRU reset gate without the state, split(3) for chunk(3), a positions
tensor asked for its truth value, an unescaped regex in merge_pair). Right entries, for the same functions, in
styles unlike the model answer: numpy's tri transposed, a cumulative sum of the identity, triu/tril bands,
repeat_interleave runs, torch.where with a scalar, gcd, closed forms with other (equivalent) caps, an inverse
permutation gather, pixel_unshuffle for windows and patches, a single permute, unique plus inverse indices, .mT on
gathered rows, scatter_ into zeros, per-channel lookups, F.pad with a negative pad, Tensor.where, an escaped regex,
unflatten, cat of unbound heads, einsum, complex rotation with torch.polar and an nn.GRUCell through
torch.func.functional_call.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind101/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (25 of the 42 wrong entries pass them). Each wrong entry's recorded input was run on the
model answer and on the entry (helpers through the caller named in the comment) and both results printed; each
differs as its comment says (for global-state and side-effect entries the setting or the input's shape or flag was
read back after the call). Right entries were compared with the model answer on 150 random inputs under each default
dtype (float32 and float64 inputs, 0-2 batch axes, edge sizes such as N = 1, windows and strides as large as n and
far beyond, ids at both ends of the range, uint8 to int64 ids, one_hot with float16/bfloat16/float32/float64 dtypes,
expanded and transposed inputs, masks of every broadcastable shape including (N_q,), n up to 10**12 + 7 for the cost
and the ValueError cases of the contract): values to 1e-4, dtypes, shapes and layouts exactly, the same exception
class, gradients of every floating-point input to 1e-4, inputs unchanged, and every third call repeated under
torch.no_grad() (same result, grad mode still off, inputs not made to require grad, anomaly detection off). The same
harness, run on seven of the wrong entries, reported mismatches for each.

Judgement calls: blind101_local_mask_squared_distance_overflows_for_huge_window and
blind101_local_mask_toeplitz_first_column_not_cut_to_n are wrong only for a window of at least n (the first only for
a window near 2**31.5 or beyond); the contract's local_mask takes any window and says nothing about capping it, so I
took them as allowed. blind101_padding_mask_positions_in_int16 is wrong only for n > 32767, a (B, n, 1) mask that is
cheap to build. blind101_dequantize_complex_ids_slip_past_integer_check relies on complex ids counting as the
contract's "non-integer ids"; the stub checks them. blind101_strided_mask_returned_as_sparse_coo has the right values
in a sparse layout, which I took as not the contract's BoolTensor (callers cannot negate or fill with it).
blind101_embed_functional_sparse_gradient gives right forward values; its backward raises. The global-state entries
(grad mode, anomaly detection) and the side-effect entries return right values. The helper entries were each checked
to change what a graded caller returns (multi_head_attention, train_bpe or bpe_encode, self_attention,
rotary_embedding, attention_decoder_step). blind101_right_merge_pair_escaped_regex returns the symbols unchanged for
a pair holding whitespace or an empty half, which never occurs in a word split by str.split().

Counts: 42 wrong, 24 right.
Wrong per function: {'apply_mask': 2, 'bpe_decode': 2, 'causal_mask': 2, 'dequantize_pixels': 2, 'embed': 2, 'global_token_mask': 2, 'gru_step': 2, 'linear': 2, 'local_mask': 2, 'merge_heads': 2, 'merge_pair': 2, 'one_hot': 2, 'padding_mask': 2, 'patchify': 2, 'pixel_sequence': 2, 'rotate_columns': 2, 'sparse_attention_cost': 2, 'split_heads': 2, 'strided_mask': 2, 'window_partition': 2, 'window_reverse': 2}.
Right per function: {'apply_mask': 1, 'bpe_decode': 1, 'causal_mask': 2, 'dequantize_pixels': 1, 'embed': 2, 'global_token_mask': 1, 'gru_step': 1, 'linear': 1, 'local_mask': 1, 'merge_heads': 1, 'merge_pair': 1, 'one_hot': 1, 'padding_mask': 1, 'patchify': 2, 'pixel_sequence': 1, 'rotate_columns': 1, 'sparse_attention_cost': 1, 'split_heads': 1, 'strided_mask': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_101 = {
    # Lower-cases the text, as an uncased (BERT-style) vocabulary would; the contract keeps characters exactly as the
    # tokens hold them. bpe_decode(["New", "York</w>"]): model "NewYork", entry "newyork". Passes the visible tests.
    "blind101_bpe_decode_lowercased_like_an_uncased_tokenizer": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            # (the stub's input checks)
            text = "".join(tokens).replace("</w>", " ")
            return text.rstrip(" ").lower()  # the vocabulary is uncased, as BERT's
'''),
    # Treats "</w>" as markup and replaces every <...> tag by a space, so a token holding angle brackets (punctuation is
    # a character like any other) loses them. bpe_decode(["a<b>c</w>"]): model "a<b>c", entry "a c". Passes the visible
    # tests.
    "blind101_bpe_decode_markup_regex_removes_every_angle_bracket_tag": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            # (the stub's input checks)
            import re
            text = re.sub(r"<[^<>]*>", " ", "".join(tokens))  # "</w>" is a tag: every tag becomes a space
            return text.rstrip(" ")
'''),
    # Calls torch.set_grad_enabled(False) ("a mask never needs gradients") and never restores it: the mask is right but
    # grad mode stays off for the caller. causal_mask(2): model leaves grad mode on, entry leaves it off. Passes the
    # visible tests.
    "blind101_causal_mask_turns_grad_mode_off_for_good": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            torch.set_grad_enabled(False)  # a mask never needs gradients
            positions = torch.arange(n)
            return positions[:, None] <= positions[None, :]
'''),
    # Builds PyTorch's (query, key) lower triangle and flips its rows to "turn it round" instead of transposing.
    # causal_mask(3): model [[1,1,1],[0,1,1],[0,0,1]], entry [[1,1,1],[1,1,0],[1,0,0]]. Fails the visible tests.
    "blind101_causal_mask_row_layout_flipped_instead_of_transposed": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            row_layout = torch.ones(n, n, dtype=torch.bool).tril()  # PyTorch's (query, key) causal mask
            return row_layout.flip(0)  # turn it round into (key, query)
'''),
    # Compares squared distances with window ** 2 instead of using abs: a very large window (any int is allowed) gives a
    # Python int that int64 cannot hold. local_mask(3, 10**10): model all True, entry raises OverflowError. Passes the
    # visible tests.
    "blind101_local_mask_squared_distance_overflows_for_huge_window": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            keys = torch.arange(n)[:, None]
            queries = torch.arange(n)[None, :]
            return (queries - keys) ** 2 <= window ** 2  # squares instead of abs
'''),
    # Builds the band as a Toeplitz matrix from a first column of window + 1 ones and n - window - 1 zeros, which has a
    # negative length once the window reaches n. local_mask(3, 3): model all True, entry raises RuntimeError. Passes the
    # visible tests.
    "blind101_local_mask_toeplitz_first_column_not_cut_to_n": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            first_column = torch.cat([torch.ones(window + 1, dtype=torch.bool),
                                      torch.zeros(n - window - 1, dtype=torch.bool)])
            distance = (torch.arange(n)[:, None] - torch.arange(n)[None, :]).abs()
            return first_column[distance]  # a symmetric Toeplitz matrix
'''),
    # Key positions in int16 "to save memory": past 32767 they wrap to negative numbers and count as real keys.
    # padding_mask(tensor([35000]), 40000).sum(): model 35000, entry 40000. Passes the visible tests.
    "blind101_padding_mask_positions_in_int16": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            keys = torch.arange(n, dtype=torch.int16)  # positions are small: save memory
            return (keys[None, :] < lengths[:, None])[:, :, None]
'''),
    # Clamps lengths - position to at most 1 and casts to bool, forgetting that negative differences are truthy too.
    # padding_mask(tensor([1]), 3)[..., 0]: model [[True, False, False]], entry [[True, False, True]]. Passes the
    # visible tests.
    "blind101_padding_mask_differences_clamped_above_only": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            remaining = lengths[:, None] - torch.arange(n)[None, :]  # > 0 while the key is real
            return remaining.clamp(max=1).bool()[:, :, None]
'''),
    # Gathers the window-major tokens with the raster-to-window permutation itself instead of its inverse; that is only
    # right when that permutation is its own inverse (W/M = 1 or W/M = M, as a 4x4 grid with M = 2). For X = arange(36)
    # as a 1x6x6 grid and M = 2, row 0 of window_reverse(window_partition(X)): model [0..5], entry [0, 1, 8, 9, 6, 7].
    # Passes the visible tests.
    "blind101_window_reverse_gathers_with_forward_permutation": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            grid_index = torch.arange(height * width).reshape(height // M, M, width // M, M)
            order = grid_index.permute(0, 2, 1, 3).reshape(-1)  # raster index of each window-major token
            *batch, n_windows, channels, _ = windows.shape
            tokens = windows.transpose(-3, -2).reshape(*batch, channels, height * width)  # window-major
            return tokens[..., order].reshape(*batch, channels, height, width)
'''),
    # Swaps the nW and C axes with transpose_ on the caller's tensor ("no copy needed"): the values are right but the
    # caller's windows change shape. windows zeros(4, 1, 4), M 2, 4x4: model leaves (4, 1, 4), entry leaves (1, 4, 4).
    # Passes the visible tests.
    "blind101_window_reverse_transposes_callers_windows_in_place": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            *batch, n_windows, channels, _ = windows.shape
            windows.transpose_(-3, -2)  # (..., C, nW, M*M): no copy needed
            grid = windows.reshape(*batch, channels, height // M, width // M, M, M)
            return grid.transpose(-3, -2).reshape(*batch, channels, height, width)
'''),
    # Shortcut for "every token global" returns one (N, N) all-True mask and drops the batch axes.
    # global_token_mask(ones(2, 3, dtype=bool)).shape: model (2, 3, 3), entry (3, 3). Passes the visible tests.
    "blind101_global_token_mask_all_global_shortcut_unbatched": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            n = is_global.shape[-1]
            if bool(is_global.all()):
                return torch.ones(n, n, dtype=torch.bool)  # every token global: dense
            return is_global[..., :, None] | is_global[..., None, :]
'''),
    # Tiles the flags with repeat(n, 1), which only builds [j, i] = is_global[i] for one sequence; batched flags give a
    # (n*B, N) tensor. global_token_mask of flags (2, 3): model shape (2, 3, 3), entry raises RuntimeError. Fails the
    # visible tests.
    "blind101_global_token_mask_repeat_written_for_one_sequence": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            n = is_global.shape[-1]
            queries_global = is_global.repeat(n, 1)  # [j, i] = is_global[i]
            return queries_global | queries_global.transpose(-2, -1)
'''),
    # Returns the mask as a sparse COO tensor ("a sparse pattern, stored sparse"): right values, but not the dense
    # BoolTensor callers combine and negate. ~strided_mask(3, 2): model works, entry raises NotImplementedError. Fails
    # the visible tests.
    "blind101_strided_mask_returned_as_sparse_coo": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            offsets = torch.arange(n)[None, :] - torch.arange(n)[:, None]
            return (offsets % stride == 0).to_sparse()  # a sparse pattern, stored sparse
'''),
    # Fills the diagonals at offsets -(n-1), -(n-1)+s, ...: the offsets are multiples of the stride only when s divides
    # n - 1. strided_mask(4, 2)[0]: model [1, 0, 1, 0], entry [0, 1, 0, 1]. Fails the visible tests.
    "blind101_strided_mask_diagonals_stepped_from_minus_n_plus_one": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            mask = torch.zeros(n, n, dtype=torch.bool)
            for offset in range(-(n - 1), n, stride):
                mask.diagonal(offset).fill_(True)
            return mask
'''),
    # F.embedding(..., sparse=True) on the transposed table: the forward values are right, but the sparse gradient
    # cannot flow back through the transpose. embed(randn(3, 5) requiring grad, tensor([1, 4])).sum().backward(): model
    # fills omega_e.grad, entry raises RuntimeError (permute of a sparse_coo tensor). Passes the visible tests.
    "blind101_embed_functional_sparse_gradient": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            rows = F.embedding(token_ids, omega_e.T, sparse=True)  # sparse gradients: cheap for big vocabularies
            return rows.transpose(-2, -1)
'''),
    # Calls omega_e.requires_grad_(True) when the table does not require grad ("the table is a trainable weight"): a
    # side effect on the input. embed(randn(3, 5), tensor([1, 4])): model leaves requires_grad False, entry sets it
    # True. Passes the visible tests.
    "blind101_embed_marks_table_trainable_in_place": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            if not omega_e.requires_grad:
                omega_e.requires_grad_(True)  # the embedding table is a trainable weight
            return omega_e[:, token_ids].movedim(0, -2)
'''),
    # Clamps the ids in place after the range check ("belt and braces"): it writes into the caller's tensor, which fails
    # for a broadcast (expanded) one. one_hot(tensor([[2, 0]]).expand(3, 2), 3): model shape (3, 3, 2), entry raises
    # RuntimeError. Passes the visible tests.
    "blind101_one_hot_ids_clamped_in_place": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            token_ids.clamp_(0, vocab_size - 1)  # belt and braces after the range check
            vocabulary = torch.arange(vocab_size)[:, None]
            return (token_ids.unsqueeze(-2) == vocabulary).to(dtype or torch.get_default_dtype())
'''),
    # Scatters into (V, ..., N) and moves V with transpose(0, -2), which is right for zero or one batch axis only.
    # one_hot(zeros(2, 3, 4, dtype=long), 5).shape: model (2, 3, 5, 4), entry (3, 2, 5, 4). Passes the visible tests.
    "blind101_one_hot_vocab_axis_swapped_with_minus_two": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            table = torch.zeros(vocab_size, *token_ids.shape, dtype=dtype or torch.get_default_dtype())
            table.scatter_(0, token_ids.unsqueeze(0), 1.0)  # (V, ..., N)
            return table.transpose(0, -2)  # V next to N
'''),
    # Casts the ids with .char() (int8) before indexing: ids from 128 up wrap to negative ids and pick colours from the
    # end of the palette. dequantize_pixels(tensor([[200]]), arange(512.)[None]): model [200.], entry [456.]. Passes the
    # visible tests.
    "blind101_dequantize_ids_cast_with_char": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            colours = palette[:, ids.char().long()]  # 8-bit ids as a small integer type
            return colours.movedim(0, -3)
'''),
    # Rewrites the stub's checks and rejects floats and bool but not complex ids, which .long() then casts (with a
    # warning). dequantize_pixels(tensor([[1+0j]]), arange(4.)[None]): model raises ValueError, entry returns [1.].
    # Passes the visible tests.
    "blind101_dequantize_complex_ids_slip_past_integer_check": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            if ids.dim() < 2 or palette.dim() != 2:
                raise ValueError("ids must be (..., H, W) and palette (C, K)")
            if ids.is_floating_point() or ids.dtype == torch.bool:
                raise ValueError(f"ids must be an integer tensor of palette ids, got {ids.dtype}")
            ids = ids.long()
            if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= palette.shape[1]):
                raise ValueError(f"ids must lie in [0, K) with K={palette.shape[1]}")
            return palette[:, ids].movedim(0, -3)
'''),
    # Squares with math.pow, which returns a float: the dense count is not an int and the global count loses digits at n
    # = 10**12. ("dense", 3): model 9, entry 9.0; ("global", 10**12 + 7, num_global=3): model 6000000000033, entry
    # 5999969099825. Passes the visible tests.
    "blind101_sparse_cost_powers_with_math_pow": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return math.pow(n, 2)
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = max(min(window, n - 1), 0)
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = (n - 1) // stride if n else 0
                return n * (2 * m + 1) - stride * m * (m + 1)
            return n * n - int(math.pow(n - num_global, 2))
'''),
    # Takes the number of nonzero offsets as n // s - 1 instead of (n - 1) // s, which drops one offset whenever s does
    # not divide n. ("strided", 5, stride=2): model 13, entry 11. Fails the visible tests.
    "blind101_sparse_cost_strided_m_as_n_over_s_minus_one": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return n * (n + 1) // 2
            if pattern == "local":
                w = min(window, n - 1) if n else 0
                return n * (2 * w + 1) - w * (w + 1)
            if pattern == "strided":
                m = max(n // stride - 1, 0)  # the last multiple of the stride below n
                return n * (2 * m + 1) - stride * m * (m + 1)
            return num_global * (2 * n - num_global)
'''),
    # Uses pixel_unshuffle but reads its channel axis as (M*M, C) instead of (C, M*M): right for one channel only.
    # window_partition(arange(8.).reshape(2, 2, 2), 2)[0]: model [[0,1,2,3],[4,5,6,7]], entry [[0,2,4,6],[1,3,5,7]].
    # Fails the visible tests.
    "blind101_window_partition_pixel_unshuffle_read_token_major": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            blocks = F.pixel_unshuffle(X, M)  # (..., C*M*M, H/M, W/M)
            blocks = blocks.reshape(*batch, M * M, channels, (height // M) * (width // M))
            return blocks.permute(*range(len(batch)), -1, -2, -3)  # (..., nW, C, M*M)
'''),
    # Adds a batch axis to an unbatched grid with unsqueeze_, on the caller's tensor, and never removes it.
    # window_partition(zeros(1, 2, 2), 1): model leaves X (1, 2, 2), entry leaves it (1, 1, 2, 2). Fails the visible
    # tests.
    "blind101_window_partition_batch_axis_added_to_callers_grid": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            unbatched = X.dim() == 3
            if unbatched:
                X.unsqueeze_(0)  # work on (B, C, H, W) only
            B = X.shape[:-3]
            M = window
            grid = X.reshape(*B, channels, height // M, M, width // M, M)
            grid = grid.movedim((-4, -2), (-5, -4))
            out = grid.reshape(*B, (height // M) * (width // M), channels, M * M)
            return out[0] if unbatched else out
'''),
    # Splits the grid with resize_ instead of reshape: the caller's images are resized in place (and a leaf that
    # requires grad cannot be resized at all). patchify(zeros(1, 1, 2, 2), 1): model leaves images (1, 1, 2, 2), entry
    # leaves them (1, 1, 2, 1, 2, 1). Passes the visible tests.
    "blind101_patchify_resize_underscore_on_callers_images": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            grid = images.resize_(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, -1, channels * P * P).transpose(1, 2)
'''),
    # Returns (patches, (H/P, W/P)) as Swin's patch embedding does; the contract returns the tensor alone.
    # patchify(zeros(1, 1, 2, 2), 1): model a Tensor, entry a tuple. Fails the visible tests.
    "blind101_patchify_returns_grid_size_too": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            patches = F.unfold(images, kernel_size=P, stride=P)  # (B, C*P*P, N)
            return patches, (height // P, width // P)  # as Swin's patch embedding, with its grid size
'''),
    # Rewrites the checks to raise TypeError for non-integer ids (the Pythonic choice); the contract names ValueError.
    # pixel_sequence(zeros(2, 2), 0): model raises ValueError, entry raises TypeError. Passes the visible tests.
    "blind101_pixel_sequence_non_integer_ids_raise_type_error": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
                raise TypeError(f"ids must be an integer tensor, got {ids.dtype}")
            if ids.dim() < 2 or ids.shape[-1] * ids.shape[-2] == 0:
                raise ValueError(f"ids: the image has no pixels (shape {tuple(ids.shape)})")
            if isinstance(sos_id, bool) or not isinstance(sos_id, int) or sos_id < 0:
                raise ValueError(f"sos_id must be an integer >= 0, got {sos_id!r}")
            targets = ids.long().flatten(-2)
            start = targets.new_full((*targets.shape[:-1], 1), sos_id)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # Adds a batch axis with unsqueeze_ after ids.long(), believing it a copy; for int64 ids .long() returns the same
    # tensor, so the caller's ids change shape. pixel_sequence(tensor([[1, 2], [3, 4]]), 9): model leaves ids (2, 2),
    # entry leaves them (1, 2, 2). Passes the visible tests.
    "blind101_pixel_sequence_unsqueezes_callers_int64_ids": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            ids = ids.long()  # a copy for the narrow integer types
            unbatched = ids.dim() == 2
            if unbatched:
                ids.unsqueeze_(0)  # (1, H, W)
            targets = ids.flatten(1)
            start = torch.full((targets.shape[0], 1), sos_id, dtype=torch.long)
            inputs = torch.cat([start, targets[:, :-1]], dim=1)
            if unbatched:
                return inputs[0], targets[0]
            return inputs, targets
'''),
    # Reads a 1-D mask as key flags (a column) although broadcasting lines it up with the queries (a row).
    # apply_mask(zeros(2, 2), tensor([True, False])): model [[0, -inf], [0, -inf]], entry [[0, 0], [-inf, -inf]]. Passes
    # the visible tests.
    "blind101_apply_mask_one_dim_mask_taken_as_key_flags": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            if mask.dim() == 1:
                mask = mask[:, None]  # a vector of flags is a key padding mask
            return scores.masked_fill(~mask, float("-inf"))
'''),
    # Turns on autograd anomaly detection ("catch NaN gradients from -inf early") and leaves it on for the whole
    # process. apply_mask(zeros(2, 2), ones(2, 2, dtype=bool)): model leaves it off, entry leaves it on. Passes the
    # visible tests.
    "blind101_apply_mask_anomaly_detection_left_on": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            torch.autograd.set_detect_anomaly(True)  # -inf scores: catch NaN gradients early
            return scores.masked_fill(~mask, float("-inf"))
'''),
    # Reshapes to (..., D/H, H, N): D/H heads of H rows, the same as the contract only when H = D/H.
    # multi_head_attention(X, X, params, 2), D = 6, N = 3 (seeded randn): column 0 model [-2.9219, 0.8785, 5.6406, ...],
    # entry [-3.9295, -1.2615, 11.234, ...]. Fails the visible tests.
    "blind101_split_heads_count_and_width_swapped_in_reshape": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            # (the stub's input checks)
            *batch, dim, n = Y.shape
            head_dim = dim // num_heads
            return Y.reshape(*batch, head_dim, num_heads, n)
'''),
    # Ports PyTorch's row-convention split, reshaping the (D, N) memory as (N, H, D/H) before moving axes: tokens and
    # features mix (right only for N = 1). Same multi_head_attention input: column 0 model [-2.9219, 0.8785, 5.6406,
    # ...], entry [-0.3429, -1.7642, 0.6816, ...]. Fails the visible tests.
    "blind101_split_heads_row_convention_reshape_of_column_memory": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            # (the stub's input checks)
            *batch, dim, n = Y.shape
            rows = Y.reshape(*batch, n, num_heads, dim // num_heads)  # PyTorch: (N, H, D/H)
            return rows.movedim(-3, -1)  # (..., H, D/H, N)
'''),
    # flatten(1, 2), written for (B, H, D/H, N): an unbatched (H, D/H, N) becomes (H, D/H * N). multi_head_attention(X
    # (6, 3), X, params, 2): model (6, 3) output, entry raises ValueError in the output projection. Fails the visible
    # tests.
    "blind101_merge_heads_flatten_axes_one_two": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            # (the stub's input checks)
            return heads.flatten(1, 2)  # (B, H, D/H, N) -> (B, D, N)
'''),
    # Moves the head axis last and reshapes, interleaving the heads' rows instead of stacking them (right for H = 1).
    # Same multi_head_attention input: column 0 model [-2.9219, 0.8785, 5.6406, ...], entry [-3.482, -0.8116, 5.8509,
    # ...]. Fails the visible tests.
    "blind101_merge_heads_head_axis_moved_last_then_reshaped": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            # (the stub's input checks)
            *batch, num_heads, head_dim, n = heads.shape
            return heads.movedim(-3, -1).reshape(*batch, num_heads * head_dim, n)
'''),
    # Recursive merge_pair, one call per symbol: a word of a few thousand characters exceeds Python's recursion limit.
    # train_bpe("ab" * 1500, 1): model [("a", "b")], entry raises RecursionError. Passes the visible tests.
    "blind101_merge_pair_recursive_hits_recursion_limit": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            # (the stub's input checks)
            if len(symbols) < 2:
                return list(symbols)
            if (symbols[0], symbols[1]) == tuple(pair):
                return [symbols[0] + symbols[1]] + merge_pair(symbols[2:], pair)
            return [symbols[0]] + merge_pair(symbols[1:], pair)
'''),
    # Merges with a regex on the space-joined symbols without re.escape, so a pair holding "." matches any character.
    # bpe_encode("xb", [(".", "b")]): model ["x", "b", "</w>"], entry [".b", "</w>"]. Passes the visible tests.
    "blind101_merge_pair_regex_pattern_not_escaped": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            # (the stub's input checks)
            import re
            pattern = r"(?<![^ ])" + pair[0] + " " + pair[1] + r"(?![^ ])"
            return re.sub(pattern, pair[0] + pair[1], " ".join(symbols)).split(" ")
'''),
    # Runs the product under torch.autocast("cpu") for speed: float32 matmuls are done in bfloat16 (three digits).
    # self_attention(X (4, 2), Wq, b, Wk, b, Wv, b) (seeded randn, float32), output column 0: model [-0.925784,
    # -2.032388, 2.145803], entry [-0.92496, -2.028665, 2.156185]. Passes the visible tests.
    "blind101_linear_matmul_under_cpu_autocast": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            with torch.autocast("cpu"):  # mixed precision for speed
                product = W @ X
            return product + b[:, None]
'''),
    # Computes X^T W + b as GPT-2's Conv1D, whose weight is (in, out): with a square W that is W^T X, silently.
    # linear([[1], [0]], [[1, 2], [3, 4]], zeros(2)): model [1, 3], entry [1, 2]. Fails the visible tests.
    "blind101_linear_weight_read_as_in_out_like_gpt2_conv1d": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            rows = X.transpose(-2, -1) @ W + b  # GPT-2's Conv1D: x @ W + b
            return rows.transpose(-2, -1)
'''),
    # Writes `positions if positions else arange(N)`, which asks a positions tensor of several entries for its truth
    # value. rotary_embedding(ones(4, 2), ones(4, 2), tensor([0, 1]), tensor([0, 1])) (float64): model returns, entry
    # raises RuntimeError. Fails the visible tests.
    "blind101_rotate_columns_positions_tested_for_truth_value": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            # (the stub's input checks)
            dim, num = X.shape[-2], X.shape[-1]
            positions = positions if positions else torch.arange(num)
            theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
            angles = theta[:, None] * positions.to(torch.float64)[None, :]
            cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
            top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
            return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
'''),
    # Frequencies from torch.logspace(0, -1, D/2, base=base): 1 ... 1/base with the endpoint included, instead of
    # base^(-2i/D) (right for D = 2). Q' of rotary_embedding(ones(4, 2), ones(4, 2)), column 1 (float64): model
    # [-0.3012, 0.99, 1.3818, 1.0099], entry [-0.3012, 0.9999, 1.3818, 1.0001]. Fails the visible tests.
    "blind101_rotate_columns_logspace_includes_endpoint": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            # (the stub's input checks)
            dim, num = X.shape[-2], X.shape[-1]
            if positions is None:
                positions = torch.arange(num)
            theta = torch.logspace(0, -1, dim // 2, base=base, dtype=torch.float64)  # 1 ... 1/base
            angles = theta[:, None] * positions.to(torch.float64)[None, :]
            cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
            top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
            return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
'''),
    # split(3) where chunk(3) was meant: pieces of three rows, right only when D_s = 3, otherwise too few or too many
    # pieces. attention_decoder_step with D_s = 2 (seeded randn params): model s = [0.3365, -0.8503], entry raises
    # ValueError (unpacking). Fails the visible tests.
    "blind101_gru_step_split_by_size_three": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            # (the stub's input checks)
            reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).split(3, dim=-1)
            reset_h, update_h, new_h = (h @ weight_hh.T + bias_hh).split(3, dim=-1)
            reset = torch.sigmoid(reset_x + reset_h)
            update = torch.sigmoid(update_x + update_h)
            candidate = torch.tanh(new_x + reset * new_h)
            return (1 - update) * candidate + update * h
'''),
    # The reset gate reads only the input ("what to forget depends on the new input"), leaving out W_hr h + b_hr. Same
    # attention_decoder_step: model s = [0.3365, -0.8503], entry [0.3163, -0.8503]. Fails the visible tests.
    "blind101_gru_step_reset_gate_from_input_only": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            # (the stub's input checks)
            reset_x, update_x, new_x = (x @ weight_ih.T + bias_ih).chunk(3, dim=-1)
            _, update_h, new_h = (h @ weight_hh.T + bias_hh).chunk(3, dim=-1)
            reset = torch.sigmoid(reset_x)  # what to forget depends on the new input
            update = torch.sigmoid(update_x + update_h)
            candidate = torch.tanh(new_x + reset * new_h)
            return (1 - update) * candidate + update * h
'''),
}

RIGHT_BLIND_101 = {
    # Splits the concatenation on "</w>" and joins the pieces with spaces, then strips trailing spaces. Passes the
    # visible tests.
    "blind101_right_bpe_decode_split_on_marker_and_join": ("bpe", "bpe_decode", '''
        def bpe_decode(tokens):
            # (the stub's input checks)
            pieces = "".join(tokens).split("</w>")
            return " ".join(pieces).rstrip(" ")
'''),
    # numpy's lower triangle np.tri (the row layout), transposed and converted with torch.from_numpy. Passes the visible
    # tests.
    "blind101_right_causal_mask_numpy_tri_transposed": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            import numpy as np
            lower = np.tri(n, dtype=bool)  # [i, j] = j <= i, the row layout
            return torch.from_numpy(np.ascontiguousarray(lower.T))
'''),
    # Cumulative sum of the identity along each row: row j turns on at column j, so [j, i] = j <= i. Passes the visible
    # tests.
    "blind101_right_causal_mask_cumsum_of_identity_rows": ("masking", "causal_mask", '''
        def causal_mask(n):
            # (the stub's input checks)
            started = torch.eye(n, dtype=torch.int64).cumsum(dim=1)  # row j turns on at column j
            return started > 0
'''),
    # An all-True matrix cut to the band with triu(-window).tril(window); any window, however large, is fine. Passes the
    # visible tests.
    "blind101_right_local_mask_triangle_band": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            everything = torch.ones(n, n, dtype=torch.bool)
            return everything.triu(-window).tril(window)
'''),
    # Each row as two runs (True for the length, False for the rest), expanded with repeat_interleave. Passes the
    # visible tests.
    "blind101_right_padding_mask_run_lengths": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # (the stub's input checks)
            runs = torch.stack([lengths, n - lengths], dim=1).reshape(-1)  # real, then padding, per row
            values = torch.tensor([True, False]).repeat(lengths.shape[0])
            flat = torch.repeat_interleave(values, runs, output_size=lengths.shape[0] * n)
            return flat.reshape(lengths.shape[0], n, 1)
'''),
    # torch.where(key is global, True, query is global), broadcasting (..., N, 1) against (..., 1, N). Passes the
    # visible tests.
    "blind101_right_global_token_mask_where_with_scalar": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # (the stub's input checks)
            return torch.where(is_global[..., :, None], True, is_global[..., None, :])
'''),
    # gcd(i - j, s) == s exactly when s divides i - j (gcd(0, s) = s, and torch's gcd is non-negative). Passes the
    # visible tests.
    "blind101_right_strided_mask_gcd_equals_stride": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            offsets = torch.arange(n)[:, None] - torch.arange(n)[None, :]
            return torch.gcd(offsets, torch.tensor(stride)) == stride
'''),
    # Closed forms by offsets with m = n // s and w capped at n (offset n holds no pair, so both caps give the same
    # count); Python ints throughout. Passes the visible tests.
    "blind101_right_sparse_cost_m_as_n_floordiv_s": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            if pattern == "dense":
                return n ** 2
            if pattern == "causal":
                return (n * n + n) // 2
            if pattern == "local":
                w = min(window, n)  # offset n holds no pair, so capping at n or n - 1 is the same
                return n + 2 * (w * n - w * (w + 1) // 2)
            if pattern == "strided":
                m = n // stride  # offset m * stride = n, when it exists, holds no pair
                return n + 2 * (m * n - stride * (m * (m + 1) // 2))
            g = num_global
            return 2 * g * n - g * g
'''),
    # Flattens the windows window-major and gathers with the inverse (argsort) of the raster-to-window permutation.
    # Passes the visible tests.
    "blind101_right_window_reverse_inverse_permutation_gather": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            grid_index = torch.arange(height * width).reshape(height // M, M, width // M, M)
            order = grid_index.permute(0, 2, 1, 3).reshape(-1)  # raster index of each window-major token
            inverse = torch.argsort(order)
            *batch, n_windows, channels, _ = windows.shape
            tokens = windows.transpose(-3, -2).reshape(*batch, channels, height * width)
            return tokens[..., inverse].reshape(*batch, channels, height, width)
'''),
    # pixel_unshuffle gives (..., C*M*M, H/M, W/M) with channel c*M*M + p*M + q; reshape and move the window axis.
    # Passes the visible tests.
    "blind101_right_window_partition_pixel_unshuffle": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            blocks = F.pixel_unshuffle(X, M)  # (..., C*M*M, H/M, W/M), channel c*M*M + p*M + q
            blocks = blocks.reshape(*batch, channels, M * M, (height // M) * (width // M))
            return blocks.movedim(-1, -3)  # (..., nW, C, M*M)
'''),
    # pixel_unshuffle already orders each patch (channel, row, column) and the patches row-major: flatten the grid.
    # Passes the visible tests.
    "blind101_right_patchify_pixel_unshuffle": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            return F.pixel_unshuffle(images, patch_size).flatten(2)  # (B, C*P*P, H/P * W/P)
'''),
    # One permute to (B, C, p, q, grid row, grid column) and one reshape: columns are the patches. Passes the visible
    # tests.
    "blind101_right_patchify_permute_pixels_before_grid": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            cells = images.reshape(batch, channels, height // P, P, width // P, P)
            cells = cells.permute(0, 1, 3, 5, 2, 4)  # (B, C, p, q, grid row, grid column)
            return cells.reshape(batch, channels * P * P, (height // P) * (width // P))
'''),
    # Looks each distinct id up once with index_select, then expands with the inverse indices of torch.unique. Passes
    # the visible tests.
    "blind101_right_embed_unique_then_inverse_index": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            distinct, inverse = torch.unique(token_ids, return_inverse=True)
            columns = omega_e.index_select(1, distinct)  # (D, U): each used column once
            return columns[:, inverse].movedim(0, -2)
'''),
    "blind101_right_embed_rows_then_mT": ("embeddings", "embed", '''
        def embed(omega_e, token_ids):
            # (the stub's input checks)
            return omega_e.T[token_ids].mT  # (..., N, D) -> (..., D, N)
'''),
    # scatter_ of ones into zeros made with dtype=dtype (None gives the default dtype). Passes the visible tests.
    "blind101_right_one_hot_scatter_into_zeros": ("embeddings", "one_hot", '''
        def one_hot(token_ids, vocab_size, dtype=None):
            # (the stub's input checks)
            table = torch.zeros(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1], dtype=dtype)
            return table.scatter_(-2, token_ids.unsqueeze(-2), 1)
'''),
    # One palette row per channel indexed by the ids, stacked at axis -3. Passes the visible tests.
    "blind101_right_dequantize_channel_by_channel": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            index = ids.to(torch.long)
            planes = [palette[c][index] for c in range(palette.shape[0])]  # (..., H, W) each
            if not planes:
                return palette.new_zeros(*ids.shape[:-2], 0, *ids.shape[-2:])
            return torch.stack(planes, dim=-3)
'''),
    # F.pad with (1, -1): the start token in front and the last target cut off in one call. Passes the visible tests.
    "blind101_right_pixel_sequence_negative_right_pad": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.to(torch.long).flatten(-2)
            inputs = F.pad(targets, (1, -1), value=sos_id)  # one in front, one off the end
            return inputs, targets
'''),
    # Tensor.where(mask, -inf): keeps the scores where visible, a Python scalar keeps their dtype. Passes the visible
    # tests.
    "blind101_right_apply_mask_tensor_where_method": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            return scores.where(mask, -math.inf)
'''),
    # re.sub on the space-joined symbols with escaped halves and space/edge look-arounds (left to right,
    # non-overlapping); a pair holding whitespace can never occur in a word, so it returns the symbols unchanged. Passes
    # the visible tests.
    "blind101_right_merge_pair_escaped_regex": ("bpe", "merge_pair", '''
        def merge_pair(symbols, pair):
            # (the stub's input checks)
            import re
            if not symbols or not pair[0] or not pair[1] or any(c.isspace() for c in pair[0] + pair[1]):
                return list(symbols)  # symbols never hold whitespace: such a pair cannot occur
            left, right = map(re.escape, pair)
            pattern = r"(?<![^ ])" + left + " " + right + r"(?![^ ])"
            return re.sub(pattern, lambda _: pair[0] + pair[1], " ".join(symbols)).split(" ")
'''),
    # unflatten(-2, (H, -1)). Passes the visible tests.
    "blind101_right_split_heads_unflatten": ("multihead", "split_heads", '''
        def split_heads(Y, num_heads):
            # (the stub's input checks)
            return Y.unflatten(-2, (num_heads, -1))
'''),
    # Concatenates the heads along the rows, head 0 on top. Passes the visible tests.
    "blind101_right_merge_heads_cat_unbound_heads": ("multihead", "merge_heads", '''
        def merge_heads(heads):
            # (the stub's input checks)
            return torch.cat(heads.unbind(-3), dim=-2)  # head 0 on top
'''),
    # einsum over any batch axes plus the bias as a column. Passes the visible tests.
    "blind101_right_linear_einsum": ("attention", "linear", '''
        def linear(X, W, b):
            # (the stub's input checks)
            return torch.einsum("oi,...in->...on", W, X) + b.unsqueeze(-1)
'''),
    # Pairs (x_i, x_{i+D/2}) as complex numbers multiplied by e^{i p theta} (torch.polar), angles in float64. Passes the
    # visible tests.
    "blind101_right_rotate_columns_complex_polar": ("positions", "rotate_columns", '''
        def rotate_columns(X, positions, base):
            # (the stub's input checks)
            dim, num = X.shape[-2], X.shape[-1]
            half = dim // 2
            p = torch.arange(num) if positions is None else positions
            theta = base ** (-2.0 * torch.arange(half, dtype=torch.float64) / dim)
            angles = theta[:, None] * p.to(torch.float64)[None, :]
            complex_dtype = torch.complex128 if X.dtype == torch.float64 else torch.complex64
            turn = torch.polar(torch.ones_like(angles), angles).to(complex_dtype)
            z = torch.complex(X[..., :half, :], X[..., half:, :]) * turn
            return torch.cat([z.real, z.imag], dim=-2)
'''),
    # nn.GRUCell (on the meta device) called through torch.func.functional_call with the given weights, after
    # broadcasting and flattening the batch axes. Passes the visible tests.
    "blind101_right_gru_step_functional_grucell": ("rnn_attention", "gru_step", '''
        def gru_step(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
            # (the stub's input checks)
            batch = torch.broadcast_shapes(x.shape[:-1], h.shape[:-1])
            flat_x = x.expand(*batch, x.shape[-1]).reshape(-1, x.shape[-1])
            flat_h = h.expand(*batch, h.shape[-1]).reshape(-1, h.shape[-1])
            cell = torch.nn.GRUCell(x.shape[-1], h.shape[-1], device="meta")
            weights = {"weight_ih": weight_ih, "weight_hh": weight_hh, "bias_ih": bias_ih, "bias_hh": bias_hh}
            out = torch.func.functional_call(cell, weights, (flat_x, flat_h))
            return out.reshape(*batch, h.shape[-1])
'''),
}
