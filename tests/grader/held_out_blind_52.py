"""Fifty-third blind batch of held-out implementations (prefix blind52_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/learners.md, docs/convention.md and README.md, course/registry.py, the
stubs (exercises/*.py: signatures, docstrings and input-check lines, substituted through the stub-checks marker), the
model answers (solutions/*.py) and the library (reference/davit.py's note on timm's ChannelAttentionV2). The
learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read. The
earlier blind batches (held_out_blind.py ... held_out_blind_50.py) were only skimmed: their entry names per function,
their headers' recorded decisions (expanded quantize distances accepted, only the named ValueErrors count, mlm/nsp
graded by distribution, an empty batch not graded), and two entries read to avoid repeating their code
(blind34_channel_attention_timm_roles, blind34's Llama rotary). Nothing else under grader/ or tests/ was opened,
grepped or run, nor docs/grading.md, nor the batch written at the same time (held_out_blind_51.py).

Emphasis: public code ported to the contract, for the later exercises, with the least change (tokens as columns, the
stubs' signatures). The public code was read through the search tools where a detail mattered (google/flaxformer's
relative_position_biases.py, timm's davit ChannelAttentionV2) and otherwise ported from memory of the named files;
nothing was copied beyond a few lines of structure. Wrong: ports in which a genuine difference between the public
code's convention and the contract remains -- the grid read transposed by a channels-last transpose (Hugging Face
window_partition), the batch inferred from a window ratio (microsoft/Swin-Transformer window_reverse), Hugging Face's
maybe_pad in front of the shifted-window mask, lucidrains' create_mask with the windows per row taken from the height,
mmcv's nn.Unfold sampler order in patch merging, timm's DaViT ChannelAttentionV2 with its static head-dim scale and
with the batch folded into the tokens, timm's ChannelAttention (v1) roles, Hugging Face ImageGPT's uint8 sample
decoding, its unshifted CausalLM labels, Hugging Face Swin's final layer norm before pooling, flaxformer's eps inside
T5's logarithm, DeBERTa's ceil, GPT-J's interleaved rotary pairs, Hugging Face Llama's float32 rotary tables,
ELECTRA's 85/15 masking, ALBERT's sentence-order pairs, Google BERT's single-segment chunk (always a random next),
openai/sparse_attention's and Longformer's additive float masks, the PyTorch seq2seq tutorial's (context, weights)
order, the TensorFlow NMT tutorial's softmax on axis 1, sgrvinod's ReLU scoring, MAE's (p, q, c) patchify. Right:
faithful ports that meet the contract exactly -- timm's and Hugging Face's window_partition / window_reverse,
lucidrains' create_mask, Hugging Face's get_attn_mask on a uint8 label image, torchvision's and Hugging Face's patch
merging, timm's ChannelAttentionV2 with the dynamic scale, Hugging Face ImageGPT's squared_euclidean_distance,
clusters[ids], its shifted labels and its mean-pool classifier, x-transformers' buckets, GPT-NeoX's and Llama's
rotate_half with float64 tables, Hugging Face's newer DataCollatorForLanguageModeling (mask_replace_prob /
random_replace_prob), TextDatasetForNextSentencePrediction, openai's floormod mask, Longformer's nonzero index_put,
the Longformer band count, the seq2seq tutorial's attention and decoder step, sgrvinod's captioning attention with
tanh, MAE's patchify reordered and its split position embedding.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind52/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module and the stub's
input checks substituted) and run against its exercise's visible tests; every right entry passes them, and each wrong
entry's comment says whether it does (8 of the 24 wrong entries pass them). Each wrong entry's recorded input was
run on the model answer and on the entry and both results printed; each differs as its comment says (the
distributional entries over the stated draws). Right entries were compared with the model answer under both default
dtypes on float32 and float64 inputs (to 2e-5 and 1e-10 of the result's scale; exactly for masks, ids, ints, lists and
strings; dtypes and shapes too), batched (none, one and two batch axes, broadcast s / H / features, padding-style and
all-False masks, dead states) and not, non-contiguous inputs, keyword calls, sizes of 1 (and 0 where the model answer
takes them), inputs 30 to 1000 times the usual scale, explicit scale 0.0 and eps 0.0, integer id dtypes (uint8, int8,
int16, int32), the contract's ValueErrors (same outcome on both sides), arguments and params dicts left unchanged, and
gradients of every floating-point input with a random cotangent; quantize_pixels by the exact distance of the chosen
colour (within the expanded form's rounding of the nearest, exact ties and duplicate colours included);
relative_position_bucket on offsets -3000 ... 3000 for 1 ... 128 buckets and max_distance 8 ... 1000; strided masks
for n 0 ... 19 and strides -1 ... 22; the sparse costs for n up to 1e9; mlm_corrupt by the rates of 40 seeded draws
of 16 x 64 ids against the model answer's (chosen, [MASK], unchanged, random, random special), its rules checked on
every draw, and nsp_pairs by 3000 seeded calls (the A sentences in order, label 0 only for the successor, label 1 only
from another document, the rate of label 0 and the uniformity over other documents and their sentences).

Judgement calls: blind52_bucket_flaxformer_eps_inside_log is wrong only for a few settings (5 of the many checked;
never with the default 32 buckets / 128), where flaxformer's eps moves a boundary distance up a bucket; the contract's
float32 T5 rule makes it wrong there. blind52_channel_attention_timm_v2_batch_folded_into_tokens is right without batch
axes, blind52_shifted_mask_lucidrains_windows_per_row_from_height on square grids, and
blind52_shifted_mask_hf_padded_grid and blind52_window_reverse_swin_official_batch_from_window_ratio differ only where
the contract asks for a ValueError. blind52_right_channel_attention_timm_v2_dynamic_scale_port: in float32 at 30 times
the usual scale its gradients differ from the model answer's by up to 4e-3 of their scale, but its error against a
float64 run is the model answer's own (within a factor of 1.3), so it is kept as right.
blind52_right_nsp_hf_dataset_port_other_document raises when the random branch picks an empty other document, where no
sentence can be drawn (the model answer raises there too, on its random branch; not an input the contract describes).
blind52_right_patch_embedding_mae_split_pos_embed_port raises ValueError for images the patch size does not divide,
as the model answer does through patchify (the contract names no ValueError for patch_embedding, so either way is
accepted). Several wrong entries repeat a bug class of an earlier batch through other public code and code of their
own (GPT-J's adjacent pairs, Llama's float32 tables, timm's v1 roles, DaViT's head-dim scale, additive float masks, an
unfold feature order); none repeats an earlier entry's name or source. Fewer entries than asked (about 55 / 35): the
time box, and earlier batches' coverage of these functions; no right entry is one I was unsure of.

Counts: 24 wrong, 24 right, as written; 25 wrong and 23 right as counted (one reclassified wrong by the grader's
maintainer, with its reason above it; the per-function counts below are as written).
Wrong per function: {'additive_attention': 2, 'average_pool_head': 1, 'channel_attention': 3, 'dequantize_pixels': 1, 'global_token_mask': 1, 'grid_attention': 1, 'mlm_corrupt': 1, 'nsp_pairs': 2, 'patch_merging': 1, 'patchify': 1, 'pixel_sequence': 1, 'relative_position_bucket': 2, 'rotary_embedding': 2, 'shifted_window_mask': 2, 'strided_mask': 1, 'window_partition': 1, 'window_reverse': 1}.
Right per function: {'additive_attention': 1, 'attention_decoder_step': 1, 'average_pool_head': 1, 'channel_attention': 1, 'dequantize_pixels': 1, 'global_token_mask': 1, 'grid_attention': 1, 'mlm_corrupt': 1, 'nsp_pairs': 1, 'patch_embedding': 1, 'patch_merging': 2, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 2, 'shifted_window_mask': 2, 'sparse_attention_cost': 1, 'strided_mask': 1, 'window_partition': 1, 'window_reverse': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""

WRONG_BLIND_52 = {
    # Written as a right one; counted wrong (by the grader's maintainer, 2026-11-28): the contract lets a float
    # argument be given as an int, and torch.full(ids.shape, mask_prob) with mask_prob=1 is an integer tensor, which
    # torch.bernoulli refuses (the reference did the same until then, and was fixed).
    # Hugging Face's DataCollatorForLanguageModeling.torch_mask_tokens in its newer form (mask_replace_prob=0.8,
    # random_replace_prob=0.1, the random share rescaled to 0.1 / 0.2 of what is not [MASK]), on clones of the ids, every
    # draw from the generator: chosen with probability mask_prob outside the special ids, then [MASK] 80 %, a uniform id
    # in [0, vocab_size) 10 %, unchanged 10 %; labels int64 with -100 elsewhere. Its rates over 40 seeded draws match the
    # model answer's (chosen 0.151 / 0.151, [MASK] 0.807 / 0.808, random other 0.093 / 0.095).
    "blind52_right_mlm_hf_replace_probs_scaled_port": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # Hugging Face DataCollatorForLanguageModeling.torch_mask_tokens with mask_replace_prob=0.8 and
            # random_replace_prob=0.1 (the newer signature), on a copy of the inputs
            mask_replace_prob, random_replace_prob = 0.8, 0.1
            inputs = ids.clone()
            labels = ids.clone().long()
            probability_matrix = torch.full(labels.shape, mask_prob)
            special_tokens_mask = torch.isin(ids, torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1))
            probability_matrix.masked_fill_(special_tokens_mask, value=0.0)
            masked_indices = torch.bernoulli(probability_matrix, generator=generator).bool()
            labels[~masked_indices] = -100
            indices_replaced = torch.bernoulli(torch.full(labels.shape, mask_replace_prob), generator=generator).bool()
            indices_replaced &= masked_indices
            inputs[indices_replaced] = mask_id
            remaining_prob = 1 - mask_replace_prob
            random_replace_prob_scaled = random_replace_prob / remaining_prob
            indices_random = torch.bernoulli(torch.full(labels.shape, random_replace_prob_scaled),
                                             generator=generator).bool() & masked_indices & ~indices_replaced
            random_words = torch.randint(vocab_size, labels.shape, dtype=ids.dtype, generator=generator)
            inputs[indices_random] = random_words[indices_random]
            return inputs, labels
'''),
    # Hugging Face's modeling_swin.window_partition ported with X.transpose(-3, -1) as the "channels last" step: that
    # gives (..., W, H, C), not (..., H, W, C), so the grid is read transposed: windows come in column-major order over the
    # grid of windows and the tokens of each window column by column. X = arange(8).reshape(1, 2, 4), M = 2: model
    # [[[0, 1, 4, 5]], [[2, 3, 6, 7]]], entry [[[0, 4, 1, 5]], [[2, 6, 3, 7]]]. Fails the visible tests.
    "blind52_window_partition_hf_port_channels_last_by_transpose": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            # Hugging Face's window_partition(input_feature, window_size) takes (batch, height, width, channels)
            input_feature = X.transpose(-3, -1)
            *batch, height, width, num_channels = input_feature.shape
            input_feature = input_feature.reshape(-1, height // window, window, width // window, window, num_channels)
            windows = input_feature.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, window * window, num_channels)
            windows = windows.reshape(*batch, (height // window) * (width // window), window * window, num_channels)
            return windows.transpose(-2, -1)
'''),
    # microsoft/Swin-Transformer's window_reverse ported: the batch is inferred as
    # B = int(windows.shape[0] / (H * W / window_size / window_size)) from the total count of windows, and only the grid
    # check is kept, so a window count that does not fit the grid is not refused (an unbatched stack keeps the first
    # image). windows (8, 1, 4) for a 4x4 grid, M = 2: model ValueError (nW must be 4), entry returns a (1, 4, 4) grid made
    # of the first four windows. Passes the visible tests.
    "blind52_window_reverse_swin_official_batch_from_window_ratio": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            _check_grid(height, width, window)
            channels = windows.shape[-2]
            flat = windows.transpose(-2, -1).reshape(-1, window * window, channels)   # (B * nW, M*M, C)
            # microsoft/Swin-Transformer: B = int(windows.shape[0] / (H * W / window_size / window_size))
            B = int(flat.shape[0] / (height * width / window / window))
            x = flat.reshape(B, height // window, width // window, window, window, channels)
            x = x.permute(0, 1, 3, 2, 4, 5).reshape(B, height, width, channels).movedim(-1, -3)
            if windows.dim() == 3:
                return x[0]
            return x.reshape(*windows.shape[:-3], channels, height, width)
'''),
    # Hugging Face's SwinLayer ported with its maybe_pad step: the grid is padded up to a multiple of the window
    # before get_attn_mask, so a window that does not divide the grid gives a mask for the padded grid instead of the
    # contract's ValueError. shifted_window_mask(5, 4, 2, 1): model ValueError (window=2 must divide ...), entry a mask of
    # shape (6, 4, 4). Right on grids the window divides. Passes the visible tests.
    "blind52_shifted_mask_hf_padded_grid": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            if isinstance(shift, bool) or not isinstance(shift, int) or not 0 <= shift < window:
                raise ValueError(f"shift must be an integer with 0 <= shift < window={window}, got {shift!r}")
            # Hugging Face's SwinLayer.maybe_pad: pad the grid up to a multiple of the window, then get_attn_mask
            height_pad = height + (window - height % window) % window
            width_pad = width + (window - width % window) % window
            img_mask = torch.zeros((height_pad, width_pad), dtype=torch.long)
            if shift > 0:
                slices = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
                count = 0
                for height_slice in slices:
                    for width_slice in slices:
                        img_mask[height_slice, width_slice] = count
                        count += 1
            mask_windows = window_partition(img_mask[None], window)[:, 0]          # (nW, M*M)
            return mask_windows[:, :, None] == mask_windows[:, None, :]
'''),
    # lucidrains/Swin-Transformer's create_mask port with the windows per row (nw_w) taken from the grid's height:
    # lucidrains reads `b, n_h, n_w, _, h = *x.shape` and the port swaps the two, so the left-right mask goes to every
    # nw_h-th window and the upper-lower mask to the last nw_h windows. Right on square grids. shifted_window_mask(2, 4, 2, 1),
    # window 0: model [[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 1, 1], [0, 0, 1, 1]] (the top row wrapped, window 0 is in the last
    # row of windows), entry [[1, 0, 1, 0], [0, 1, 0, 1], [1, 0, 1, 0], [0, 1, 0, 1]] (the column mask instead). Passes the
    # visible tests.
    "blind52_shifted_mask_lucidrains_windows_per_row_from_height": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            # lucidrains/Swin-Transformer: create_mask(window_size, displacement, upper_lower, left_right), added to
            # dots[:, :, -nw_w:] (bottom row of windows) and dots[:, :, nw_w - 1::nw_w] (right column of windows)
            def create_mask(upper_lower, left_right):
                mask = torch.zeros(window ** 2, window ** 2)
                d = shift
                if upper_lower:
                    mask[-d * window:, :-d * window] = float("-inf")
                    mask[:-d * window, -d * window:] = float("-inf")
                if left_right:
                    mask = mask.reshape(window, window, window, window)
                    mask[:, -d:, :, :-d] = float("-inf")
                    mask[:, :-d, :, -d:] = float("-inf")
                    mask = mask.reshape(window ** 2, window ** 2)
                return mask
            n_h, n_w = height, width
            nw_h, nw_w = n_w // window, n_h // window
            dots = torch.zeros((height // window) * (width // window), window ** 2, window ** 2)
            if shift > 0:
                dots[-nw_w:] += create_mask(True, False)
                dots[nw_w - 1::nw_w] += create_mask(False, True)
            return dots == 0
'''),
    # mmcv / mmdet's PatchMerging ported: its sampler nn.Unfold(kernel_size=2, stride=2) stacks each block's features
    # channel-major, (C, kh, kw), not the contract's (and Hugging Face's) top-left, bottom-left, top-right, bottom-right
    # blocks of C features (mmdet converts the official weights with swin_converter for this). X = [[[0, 1], [2, 3]]]
    # (C = 1), gamma 1, beta 0, W = [[1, 0, 0, 0], [0, 1, 0, 0]]: model [-1.3416, 0.4472] (top-left, bottom-left), entry
    # [-1.3416, -0.4472] (top-left, top-right). Fails the visible tests.
    "blind52_patch_merging_mmcv_unfold_sampler_order": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            # mmcv / mmdet PatchMerging: self.sampler = nn.Unfold(kernel_size=2, stride=2), then norm, reduction
            batch = X.shape[:-3]
            x = X.reshape(-1, channels, height, width)
            x = torch.nn.functional.unfold(x, kernel_size=2, dilation=1, padding=0, stride=2)   # (B, 4C, L)
            x = x.transpose(1, 2)                                                              # (B, L, 4C)
            x = torch.nn.functional.layer_norm(x, (4 * channels,), gamma, beta, eps)
            x = torch.nn.functional.linear(x, W)
            return x.transpose(1, 2).reshape(*batch, 2 * channels, height // 2, width // 2)
'''),
    # timm's davit.ChannelAttentionV2 ported with dynamic_scale=False (DaViT's original scale): q * head_dim ** -0.5,
    # 1/sqrt(C/G), instead of the contract's default 1/sqrt(N). X = [[1..8], [0, 1, 0, 1, 0, 1, 0, 1]] (C = 2, N = 8, one
    # group, identity weights, zero biases), float64: model column 0..2 of row 1 [0.9965, 1.9965, 2.9896], entry [1, 2, 3]
    # (the scores scaled by 1/sqrt(2) instead of 1/sqrt(8) saturate the softmax). Fails the visible tests.
    "blind52_channel_attention_timm_v2_static_head_dim_scale": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            # timm ChannelAttentionV2(dynamic_scale=False): q * head_dim ** -0.5
            x = X.transpose(-2, -1)                                   # (..., N, C) as timm's (B, N, C)
            *batch, N, C = x.shape
            head_dim = C // num_groups
            qkv_weight = torch.cat([params["Wq"], params["Wk"], params["Wv"]])
            qkv_bias = torch.cat([params["bq"], params["bk"], params["bv"]])
            qkv = torch.nn.functional.linear(x, qkv_weight, qkv_bias).reshape(*batch, N, 3, num_groups, head_dim)
            q, k, v = qkv.movedim(-3, 0).transpose(-3, -2).unbind(0)  # (..., G, N, C/G) each
            q = q * (head_dim ** -0.5 if scale is None else scale)
            attn = q.transpose(-1, -2) @ k                            # (..., G, C/G queries, C/G keys)
            attn = attn.softmax(dim=-1)
            x = (attn @ v.transpose(-1, -2)).transpose(-1, -2)        # (..., G, N, C/G)
            x = x.transpose(-3, -2).reshape(*batch, N, C)
            x = torch.nn.functional.linear(x, params["Wo"], params["bo"])
            return x.transpose(-2, -1)
'''),
    # timm's ChannelAttentionV2 (dynamic scale) ported by folding every leading axis into the tokens, x (1, B*N, C),
    # since timm's forward takes (B, N, C) and the port wants one call: the channel covariances are pooled over all the
    # images of the batch, so each image's output depends on the others, and the scale is 1/sqrt(B*N). Right without
    # batch axes. X (2, 2, 2) = [[[1, 0], [0, 1]], [[0, 1], [1, 0]]], identity weights, zero biases, one group, float64:
    # model image 0 [[0.6698, 0.3302], [0.3302, 0.6698]], entry [[0.7311, 0.2689], [0.2689, 0.7311]]. Passes the visible
    # tests.
    "blind52_channel_attention_timm_v2_batch_folded_into_tokens": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            # timm ChannelAttentionV2 wants x (B, N, C): every leading axis folded into the tokens, B = 1
            C = X.shape[-2]
            x = X.transpose(-2, -1).reshape(1, -1, C)
            B, N, _ = x.shape
            head_dim = C // num_groups
            qkv_weight = torch.cat([params["Wq"], params["Wk"], params["Wv"]])
            qkv_bias = torch.cat([params["bq"], params["bk"], params["bv"]])
            qkv = torch.nn.functional.linear(x, qkv_weight, qkv_bias).reshape(B, N, 3, num_groups, head_dim)
            q, k, v = qkv.permute(2, 0, 3, 1, 4).unbind(0)
            q = q * (N ** -0.5 if scale is None else scale)
            attn = (q.transpose(-1, -2) @ k).softmax(dim=-1)
            x = (attn @ v.transpose(-1, -2)).transpose(-1, -2)
            x = x.transpose(1, 2).reshape(B, N, C)
            x = torch.nn.functional.linear(x, params["Wo"], params["bo"])
            return x.reshape(*X.shape[:-2], X.shape[-1], C).transpose(-2, -1)
'''),
    # Hugging Face's ImageGPT sampling example ported as the dequantizer: np.rint(127.5 * (clusters[s] + 1.0))
    # .astype(np.uint8), so it returns 8-bit pixel values, not the palette's colours in the palette's dtype. ids [[0, 1]],
    # palette [[-1, 1]]: model [[[-1., 1.]]] (float32), entry [[[0, 255]]] (uint8). Fails the visible tests.
    "blind52_dequantize_hf_sample_decoding_to_uint8": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            # Hugging Face's ImageGPT example: np.rint(127.5 * (clusters[s] + 1.0)).astype(np.uint8)
            clusters = palette.T                                      # (K, C), one colour per row as in HF
            pixels = torch.round(127.5 * (clusters[ids.long()] + 1.0)).to(torch.uint8)   # (..., H, W, C)
            return pixels.movedim(-1, -3)
'''),
    # Hugging Face's ImageGPTForCausalImageModeling convention ported: input_ids = [sos] + pixels (N + 1 long) and
    # labels = input_ids, because that model shifts logits and labels itself; the contract's pair is already shifted
    # (inputs [sos, p0 .. p_{N-2}], targets the N pixels). ids [[5, 6], [7, 8]], sos 9: model ([9, 5, 6, 7], [5, 6, 7, 8]),
    # entry ([9, 5, 6, 7, 8], [9, 5, 6, 7, 8]). Fails the visible tests.
    "blind52_pixel_sequence_hf_labels_equal_input_ids": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            # Hugging Face's ImageGPTForCausalImageModeling: input_ids = [sos] + pixels, labels = input_ids (the
            # model shifts logits and labels itself)
            pixels = ids.long().flatten(-2)
            sos = torch.full((*pixels.shape[:-1], 1), sos_id, dtype=torch.long)
            input_ids = torch.cat([sos, pixels], dim=-1)
            return input_ids, input_ids.clone()
'''),
    # Hugging Face's SwinModel head ported whole: the final self.layernorm (here without affine parameters, eps 1e-5) is
    # applied to every token before the AdaptiveAvgPool1d and the classifier; the contract's head is the plain mean, then
    # W and b. X = [[1, 3], [2, 2]], W = [[1, 0]], no bias: model [2.], entry [0.] (each token normalised first). Fails the
    # visible tests.
    "blind52_average_pool_head_hf_swin_layernorm_then_pool": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            # Hugging Face's SwinModel: sequence_output = self.layernorm(sequence_output); pooled =
            # self.pooler(sequence_output.transpose(1, 2)); SwinForImageClassification: self.classifier(pooled)
            sequence_output = X.transpose(-2, -1)                               # (..., N, D)
            sequence_output = torch.nn.functional.layer_norm(sequence_output, (X.shape[-2],), eps=1e-5)
            pooled = sequence_output.mean(dim=-2)                                # AdaptiveAvgPool1d(1) over N
            return torch.nn.functional.linear(pooled, W, b)
'''),
    # google/flaxformer's RelativePositionBiases._relative_position_bucket ported: it adds np.finfo(np.float32).eps
    # to the distance ratio inside the logarithm (T5 / Hugging Face / Mesh TensorFlow do not), which moves a few boundary
    # distances up one bucket for some settings. relative_position [-47, 47], num_buckets=128, max_distance=693: model
    # [35, 99], entry [36, 100] (also num_buckets=64, max_distance=693, causal, offset -47: 35 vs 36). Equal for the default
    # 32/128: of the settings checked (8, 16, 24, 32, 48, 64, 128, 256 buckets, max_distance 2 ... 2048 wherever it is at
    # least n/2, both directions, offsets up to +-20000), 5 differ at all. Passes the visible tests.
    "blind52_bucket_flaxformer_eps_inside_log": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # google/flaxformer RelativePositionBiases._relative_position_bucket, in torch
            ret = 0
            n = -relative_position.long()
            if bidirectional:
                num_buckets //= 2
                ret = ret + (n < 0).long() * num_buckets
                n = torch.abs(n)
            else:
                n = torch.clamp(n, min=0)
            max_exact = num_buckets // 2
            is_small = n < max_exact
            val_if_large = max_exact + (
                torch.log(n.float() / max_exact + torch.finfo(torch.float32).eps)
                / math.log(max_distance / max_exact) * (num_buckets - max_exact)).long()
            val_if_large = torch.clamp(val_if_large, max=num_buckets - 1)
            return ret + torch.where(is_small, n, val_if_large)
'''),
    # T5's bucket halves with DeBERTa's make_log_bucket_position rounding: the log position is rounded up
    # (torch.ceil) instead of truncated, so every distance above n/2 whose log position is not an integer lands one bucket
    # higher. Offsets [-3, -1, 0, 1, 3, 9, -9, 20] with the defaults: model [3, 1, 0, 17, 19, 24, 8, 26], entry
    # [3, 1, 0, 17, 19, 25, 9, 27]. Fails the visible tests.
    "blind52_bucket_deberta_ceil_log_position": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # T5's halves, with the log position rounded up as DeBERTa's make_log_bucket_position does (torch.ceil)
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                buckets = (offset > 0).long() * half
                distance = offset.abs()
            else:
                half = num_buckets
                buckets = torch.zeros_like(offset)
                distance = -torch.min(offset, torch.zeros_like(offset))
            mid = half // 2
            log_pos = torch.ceil(torch.log(distance.float() / mid) / math.log(max_distance / mid) * (half - mid))
            large = torch.clamp(mid + log_pos.long(), max=half - 1)
            return buckets + torch.where(distance < mid, distance, large)
'''),
    # GPT-J's rotary embedding (mesh-transformer-jax / Hugging Face GPTJAttention: rotate_every_two with
    # duplicate_interleave tables) ported faithfully: it rotates adjacent rows (2i, 2i + 1), the RoFormer pairing the
    # contract excludes, not rows i and i + D/2. Q = K = e_0 repeated in two columns (D = 4), default positions: model
    # column 1 [0.5403, 0, 0.8415, 0] (row 0 pairs with row 2), entry [0.5403, 0.8415, 0, 0] (row 0 pairs with row 1).
    # Fails the visible tests.
    "blind52_rotary_gptj_rotate_every_two_port": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            # GPT-J (mesh-transformer-jax / Hugging Face GPTJAttention): fixed_pos_embedding, rotate_every_two,
            # duplicate_interleave, on rows (..., N, D)
            def rotate_every_two(x):
                x1 = x[..., ::2]
                x2 = x[..., 1::2]
                return torch.stack((-x2, x1), dim=-1).flatten(-2)
            def apply(X, positions):
                x = X.transpose(-2, -1)
                dim, seq_len = x.shape[-1], x.shape[-2]
                if positions is None:
                    positions = torch.arange(seq_len)
                inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim))
                sinusoid = positions.to(torch.float64)[:, None] * inv_freq[None, :]       # (N, D/2)
                sin = sinusoid.sin().repeat_interleave(2, dim=-1).to(x.dtype)              # duplicate_interleave
                cos = sinusoid.cos().repeat_interleave(2, dim=-1).to(x.dtype)
                return (x * cos + rotate_every_two(x) * sin).transpose(-2, -1)
            return apply(Q, positions_q), apply(K, positions_k)
'''),
    # ELECTRA's pretrain_helpers.mask ported: a chosen position becomes [MASK] with probability 0.85 and keeps its
    # token otherwise; no random replacement (the generator's samples replace the tokens later in ELECTRA), so the 80/10/10
    # split is 85/0/15. ids all 10 (200 x 100), vocab 1000, specials [0, 1, 2], mask_id 3, generator seed 0: model 2977
    # chosen, 80.6 % [MASK], 291 random other ids; entry 3017 chosen, 85.3 % [MASK], 0 random ids. Fails the visible
    # tests.
    "blind52_mlm_electra_mask_or_keep": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # ELECTRA's pretrain_helpers.mask: chosen positions become [MASK] with probability 0.85 and keep the
            # original token otherwise (no random replacement)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            candidates = ~torch.isin(ids, special)
            chosen = candidates & (torch.rand(ids.shape, generator=generator) < mask_prob)
            replace_with_mask = chosen & (torch.rand(ids.shape, generator=generator) < 0.85)
            corrupted = ids.masked_fill(replace_with_mask, mask_id)
            labels = ids.masked_fill(~chosen, -100)
            return corrupted, labels
'''),
    # ALBERT's sentence-order prediction (create_pretraining_data.py) ported as the NSP pairs: each pair of consecutive
    # sentences is swapped with probability 1/2 (label 1) and kept otherwise (label 0); B is never drawn from another
    # document, and a swapped pair's A is the successor. documents [["a0", "a1"], ["b0", "b1"]], generator seed 0: model
    # [("a0", "a1", 0), ("b0", "a0", 1)], entry [("a1", "a0", 1), ("b0", "b1", 0)]. Passes the visible tests.
    "blind52_nsp_albert_sentence_order_swap": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            # ALBERT's sentence-order prediction (create_pretraining_data.py): two consecutive segments, swapped
            # with probability 1/2 (label 1), kept in order otherwise (label 0)
            pairs = []
            for document in documents:
                for tokens_a, tokens_b in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((tokens_b, tokens_a, 1))
                    else:
                        pairs.append((tokens_a, tokens_b, 0))
            return pairs
'''),
    # google-research/bert's create_instances_from_document ported with one sentence per segment: its
    # `if len(current_chunk) == 1 or rng.random() < 0.5` makes every example a random next sentence when the chunk holds
    # only A, so no example has label 0. documents [["a0", "a1"], ["b0", "b1"]], seed 0: model [("a0", "a1", 0),
    # ("b0", "a0", 1)], entry [("a0", "b1", 1), ("b0", "a1", 1)]; over 100 sentences, label 0 for 55 % (model) vs 0 %
    # (entry). Fails the visible tests.
    "blind52_nsp_google_single_segment_chunk_always_random": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            # google-research/bert create_instances_from_document, one sentence per segment: the chunk is [A], and
            # "if len(current_chunk) == 1 or rng.random() < 0.5" makes B a random sentence of another document
            pairs = []
            for document_index, document in enumerate(documents):
                for i in range(len(document) - 1):
                    current_chunk = [document[i]]
                    if len(current_chunk) == 1 or torch.rand((), generator=generator).item() < 0.5:
                        other = torch.randint(len(documents) - 1, (), generator=generator).item()
                        other += other >= document_index
                        random_document = documents[other]
                        start = torch.randint(len(random_document), (), generator=generator).item()
                        pairs.append((current_chunk[0], random_document[start], 1))
                    else:
                        pairs.append((current_chunk[0], document[i + 1], 0))
            return pairs
'''),
    # openai/sparse_attention's get_attn_mask("strided") ported without its causal term and laid out (key, query),
    # but returned as the additive mask its attention applies (-1e9 * (1 - b)): a float tensor, 0 where visible and -1e9
    # elsewhere, not a boolean mask. strided_mask(3, 2): model [[True, False, True], [False, True, False], [True, False,
    # True]] (bool), entry [[0, -1e9, 0], [-1e9, 0, -1e9], [0, -1e9, 0]] (float). Fails the visible tests.
    "blind52_strided_mask_openai_additive_minus_1e9": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            # openai/sparse_attention get_attn_mask('strided'): b = float(c2); attention adds -1e9 * (1 - b)
            x = torch.arange(n).reshape(n, 1)
            y = x.T
            z = torch.zeros(n, n, dtype=torch.long)
            q = z + y                                     # query index along the columns (the course's layout)
            k = z + x
            b = (torch.remainder(q - k, stride) == 0).float()
            return -1e9 * (1.0 - b)
'''),
    # Hugging Face Longformer's extended attention mask convention ported: (1 - mask) * -10000.0, a float mask with
    # 0 where visible, instead of the contract's boolean mask. is_global [True, False, False]: model [[True, True, True],
    # [True, False, False], [True, False, False]], entry [[0, 0, 0], [0, -10000, -10000], [0, -10000, -10000]] (float).
    # Fails the visible tests.
    "blind52_global_token_mask_longformer_additive_minus_10000": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # Hugging Face Longformer's extended mask: 0 where attended, -10000.0 elsewhere
            visible = is_global.unsqueeze(-1) | is_global.unsqueeze(-2)
            return (1.0 - visible.float()) * -10000.0
'''),
    # The PyTorch seq2seq tutorial's BahdanauAttention ported with its return order, (context, weights), where the
    # contract returns (weights, context). s = [1], H = [[1, 0, 2], [0, 1, 1]], W = [[1], [0]], U = I, v = [1, -1]: model
    # ([0.5368, 0.2047, 0.2585], [1.0538, 0.4632]), entry ([1.0538, 0.4632], [0.5368, 0.2047, 0.2585]). Fails the visible
    # tests.
    "blind52_additive_attention_tutorial_returns_context_first": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            # PyTorch seq2seq tutorial BahdanauAttention.forward(query, keys) -> (context, weights)
            keys = H.transpose(-2, -1)                                   # (..., N, D_h)
            query = s.unsqueeze(-2)                                      # (..., 1, D_s)
            scores = torch.tanh(query @ W.T + keys @ U.T) @ v            # (..., N)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = softmax_cols(scores.unsqueeze(-1)).squeeze(-1)
            context = (weights.unsqueeze(-2) @ keys).squeeze(-2)         # (..., D_h)
            return context, weights
'''),
    # The TensorFlow NMT tutorial's BahdanauAttention ported literally: tf.nn.softmax(score, axis=1) on scores
    # (..., N, 1), which is the positions axis only with exactly one batch axis; unbatched it normalises the singleton axis
    # (every weight 1) and with two batch axes the second batch axis. Same inputs as the entry above, unbatched: model
    # ([0.5368, 0.2047, 0.2585], [1.0538, 0.4632]), entry ([1, 1, 1], [3, 2]). Fails the visible tests.
    "blind52_additive_attention_tf_nmt_softmax_axis_one": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            # TensorFlow NMT tutorial BahdanauAttention: score = V(tanh(W1(query_with_time_axis) + W2(values)));
            # attention_weights = tf.nn.softmax(score, axis=1); context = reduce_sum(weights * values, axis=1)
            values = H.transpose(-2, -1)                                 # (..., N, D_h)
            query_with_time_axis = s.unsqueeze(-2)                       # (..., 1, D_s)
            score = torch.tanh(query_with_time_axis @ W.T + values @ U.T) @ v.unsqueeze(-1)   # (..., N, 1)
            if mask is not None:
                score = score.masked_fill(~mask.unsqueeze(-1), float("-inf"))
            attention_weights = torch.softmax(score, dim=1)
            attention_weights = torch.nan_to_num(attention_weights, nan=0.0)
            context_vector = (attention_weights * values).sum(dim=-2)
            return attention_weights.squeeze(-1), context_vector
'''),
    # sgrvinod's a-PyTorch-Tutorial-to-Image-Captioning Attention ported faithfully: its scores are
    # full_att(relu(att1 + att2)), a ReLU where the contract (and Show, Attend and Tell) has tanh. s = [0], features
    # [[[1, -1]], [[0, 0]]] (C = 2, a 1x2 grid), W = 0, U = I, v = [1, 1]: model weights [[0.8210, 0.1790]], entry
    # [[0.7311, 0.2689]]. Passes the visible tests.
    "blind52_grid_attention_sgrvinod_relu_scores": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            # sgrvinod/a-PyTorch-Tutorial-to-Image-Captioning Attention: att = full_att(relu(att1 + att2.unsqueeze(1)))
            height, width = features.shape[-2:]
            encoder_out = features.flatten(-2).transpose(-2, -1)         # (..., num_pixels, C)
            att1 = encoder_out @ U.T                                     # encoder_att
            att2 = s @ W.T                                               # decoder_att
            att = torch.relu(att1 + att2.unsqueeze(-2)) @ v              # full_att, (..., num_pixels)
            alpha = torch.softmax(att, dim=-1)
            attention_weighted_encoding = (encoder_out * alpha.unsqueeze(-1)).sum(dim=-2)
            return alpha.unflatten(-1, (height, width)), attention_weighted_encoding
'''),
    # facebookresearch/mae's MaskedAutoencoderViT.patchify ported: einsum('nchpwq->nhwpqc') flattens each patch
    # pixel-major with the channel last (p, q, c), not the contract's (c, p, q) order of Conv2d's weight, and it asserts
    # square images. images arange(8).reshape(1, 2, 2, 2), P = 2: model column [0, 1, 2, 3, 4, 5, 6, 7], entry
    # [0, 4, 1, 5, 2, 6, 3, 7]. Fails the visible tests.
    "blind52_patchify_mae_nhwpqc_port": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # facebookresearch/mae models_mae.MaskedAutoencoderViT.patchify
            p = patch_size
            assert images.shape[2] == images.shape[3] and images.shape[2] % p == 0
            h = w = images.shape[2] // p
            x = images.reshape(images.shape[0], images.shape[1], h, p, w, p)
            x = torch.einsum("nchpwq->nhwpqc", x)
            x = x.reshape(images.shape[0], h * w, p ** 2 * images.shape[1])
            return x.transpose(1, 2)
'''),
    # timm's davit.ChannelAttention (v1) ported with the course's default scale: its roles are its own, attention =
    # softmax(k^T v) applied to q (keys against values, the queries aggregated), not the contract's softmax_cols(K_g Q_g^T)
    # applied to V. X = [[1, 2, 3, 4], [0, 1, 0, 1]], one group, Wq = Wk = Wo = I, Wv = [[1, 0], [1, 1]], zero biases,
    # float64: model [[1, 2, 3, 4], [1, 2.1192, 3, 4.1192]], entry [[0.0474, 1.0474, 0.1423, 1.1423], [0.2689, 1.2689,
    # 0.8068, 1.8068]]. Passes the visible tests.
    "blind52_channel_attention_timm_v1_fused_qkv_rows_port": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            # timm davit.ChannelAttention (v1): k = k * scale; attention = k^T v; softmax; (attention @ q^T)^T,
            # with the course's default scale 1/sqrt(N)
            x = X.transpose(-2, -1)                                   # (..., N, C)
            *batch, N, C = x.shape
            qkv_weight = torch.cat([params["Wq"], params["Wk"], params["Wv"]])
            qkv_bias = torch.cat([params["bq"], params["bk"], params["bv"]])
            qkv = torch.nn.functional.linear(x, qkv_weight, qkv_bias).reshape(*batch, N, 3, num_groups, C // num_groups)
            q, k, v = qkv.movedim(-3, 0).transpose(-3, -2).unbind(0)  # (..., G, N, C/G)
            k = k * (N ** -0.5 if scale is None else scale)
            attention = k.transpose(-1, -2) @ v
            attention = attention.softmax(dim=-1)
            x = (attention @ q.transpose(-1, -2)).transpose(-1, -2)
            x = x.transpose(-3, -2).reshape(*batch, N, C)
            return torch.nn.functional.linear(x, params["Wo"], params["bo"]).transpose(-2, -1)
'''),
    # Hugging Face's LlamaRotaryEmbedding ported faithfully: inv_freq and the angle product in float32
    # (inv_freq_expanded.float() @ position_ids_expanded.float()), cos and sin cast to the input's dtype afterwards, so a
    # float64 call gets float32-accurate tables (the contract holds float64 results to float64 accuracy). Q = K = [[1], [0]]
    # float64, positions_q [1000], positions_k [0]: model Q' [0.56237907629070294, 0.82687954053200252], entry
    # [0.56237906217575073, 0.82687956094741821]. Fails the visible tests.
    "blind52_rotary_hf_llama_float32_freqs_rows_port": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            # Hugging Face LlamaRotaryEmbedding.forward: inv_freq_expanded.float() @ position_ids_expanded.float()
            # (autocast off), emb = cat(freqs, freqs), cos/sin cast to x.dtype; apply_rotary_pos_emb on rows
            def rotate_half(x):
                x1 = x[..., : x.shape[-1] // 2]
                x2 = x[..., x.shape[-1] // 2 :]
                return torch.cat((-x2, x1), dim=-1)
            def apply(X, position_ids):
                x = X.transpose(-2, -1)                               # (..., N, D)
                dim = x.shape[-1]
                if position_ids is None:
                    position_ids = torch.arange(x.shape[-2])
                inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
                freqs = (inv_freq[:, None].float() @ position_ids[None, :].float()).T   # (N, D/2), float32
                emb = torch.cat((freqs, freqs), dim=-1)
                cos, sin = emb.cos().to(x.dtype), emb.sin().to(x.dtype)
                return (x * cos + rotate_half(x) * sin).transpose(-2, -1)
            return apply(Q, positions_q), apply(K, positions_k)
'''),
}


RIGHT_BLIND_52 = {
    # timm's swin_transformer.window_partition(x, window_size: Tuple[int, int]) on the channels-last grid, the leading
    # axes folded into B with math.prod and restored, each window's (M*M, C) tokens transposed back to columns: the same
    # raster order of windows and of tokens as the contract.
    "blind52_right_window_partition_timm_tuple_window_port": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            # timm swin_transformer.window_partition(x, window_size: Tuple[int, int]) on (B, H, W, C)
            window_size = (window, window)
            B = math.prod(batch)
            x = X.movedim(-3, -1).reshape(B, height, width, channels)
            x = x.view(B, height // window_size[0], window_size[0], width // window_size[1], window_size[1], channels)
            windows = x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, window_size[0], window_size[1], channels)
            num_windows = (height // window_size[0]) * (width // window_size[1])
            windows = windows.view(*batch, num_windows, window_size[0] * window_size[1], channels)
            return windows.transpose(-2, -1)
'''),
    # Hugging Face's modeling_swin.window_reverse on channels-last windows (B*nW, M, M, C): the view
    # (-1, H/M, W/M, M, M, C), the self-inverse permute (0, 1, 3, 2, 4, 5) and the view back; the stub's checks keep the
    # ValueErrors. Exactly the inverse of window_partition.
    "blind52_right_window_reverse_hf_channels_last_port": ("swin", "window_reverse", '''
        def window_reverse(windows, window, height, width):
            # (the stub's input checks)
            # Hugging Face modeling_swin.window_reverse(windows, window_size, height, width), windows (B*nW, M, M, C)
            *batch, num_windows, num_channels, _ = windows.shape
            B = math.prod(batch)
            windows = windows.transpose(-2, -1).reshape(B * num_windows, window, window, num_channels)
            windows = windows.view(-1, height // window, width // window, window, window, num_channels)
            windows = windows.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, height, width, num_channels)
            return windows.view(*batch, height, width, num_channels).movedim(-1, -3)
'''),
    # lucidrains/Swin-Transformer's create_mask(window_size, displacement, upper_lower, left_right) with displacement =
    # shift, added to the bottom row of windows (dots[-nw_w:]) and the right column (dots[nw_w - 1::nw_w]) as lucidrains
    # does after its roll by -displacement: the last `shift` rows (columns) of those windows are the ones that wrapped
    # around, so the -inf blocks are exactly the pairs the contract hides; no mask when shift is 0. The masks are symmetric,
    # so lucidrains' (query, key) layout does not matter.
    "blind52_right_shifted_mask_lucidrains_create_mask": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            # lucidrains/Swin-Transformer: create_mask(window_size, displacement, upper_lower, left_right); the
            # upper_lower mask goes to the bottom row of windows, left_right to the right column
            def create_mask(upper_lower, left_right):
                mask = torch.zeros(window ** 2, window ** 2)
                d = shift
                if upper_lower:
                    mask[-d * window:, :-d * window] = float("-inf")
                    mask[:-d * window, -d * window:] = float("-inf")
                if left_right:
                    mask = mask.reshape(window, window, window, window)   # '(h1 w1) (h2 w2) -> h1 w1 h2 w2'
                    mask[:, -d:, :, :-d] = float("-inf")
                    mask[:, :-d, :, -d:] = float("-inf")
                    mask = mask.reshape(window ** 2, window ** 2)
                return mask
            nw_h, nw_w = height // window, width // window
            dots = torch.zeros(nw_h * nw_w, window ** 2, window ** 2)
            if shift > 0:
                dots[-nw_w:] += create_mask(True, False)
                dots[nw_w - 1::nw_w] += create_mask(False, True)
            return dots == 0
'''),
    # Hugging Face SwinLayer.get_attn_mask: the img_mask regions labelled through the three slices per axis and
    # window-partitioned channels-last, the pairwise label difference compared with 0. The label image is uint8, so the
    # difference wraps around, but it is 0 exactly when two labels agree; the mask is symmetric, so HF's layout is ours.
    "blind52_right_shifted_mask_hf_uint8_label_difference": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            # Hugging Face SwinLayer.get_attn_mask with a uint8 img_mask: the label difference wraps around in
            # uint8, but is 0 only where the labels agree
            img_mask = torch.zeros((1, height, width, 1), dtype=torch.uint8)
            if shift > 0:
                height_slices = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
                width_slices = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
                count = 0
                for height_slice in height_slices:
                    for width_slice in width_slices:
                        img_mask[:, height_slice, width_slice, :] = count
                        count += 1
            x = img_mask.view(1, height // window, window, width // window, window, 1)
            mask_windows = x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, window * window)
            attn_mask = mask_windows.unsqueeze(1) - mask_windows.unsqueeze(2)
            return attn_mask == 0
'''),
    # torchvision's swin_transformer._patch_merging_pad and PatchMerging.forward on the channels-last grid: x0 =
    # [0::2, 0::2], x1 = [1::2, 0::2], x2 = [0::2, 1::2], x3 = [1::2, 1::2] (top-left, bottom-left, top-right, bottom-right),
    # F.layer_norm with the given eps (biased variance, eps inside the root), a bias-free F.linear; the stub's checks refuse
    # odd grids where torchvision would pad.
    "blind52_right_patch_merging_torchvision_channels_last_port": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            # torchvision swin_transformer._patch_merging_pad + PatchMerging.forward on (..., H, W, C)
            x = X.movedim(-3, -1)
            x0 = x[..., 0::2, 0::2, :]  # ... H/2 W/2 C
            x1 = x[..., 1::2, 0::2, :]
            x2 = x[..., 0::2, 1::2, :]
            x3 = x[..., 1::2, 1::2, :]
            x = torch.cat([x0, x1, x2, x3], -1)  # ... H/2 W/2 4*C
            x = torch.nn.functional.layer_norm(x, (4 * channels,), gamma, beta, eps)
            x = torch.nn.functional.linear(x, W)   # reduction, bias=False
            return x.movedim(-1, -3)
'''),
    # Hugging Face's SwinPatchMerging.forward on (B, H*W, C) tokens: reshaped to the grid, the four strided views in
    # HF's order (input_feature_0 ... _3, the contract's order), view(B, -1, 4C), F.layer_norm with eps, then the reduction
    # W without bias; leading axes folded with math.prod and restored.
    "blind52_right_patch_merging_hf_swin_port": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            # Hugging Face SwinPatchMerging.forward(input_feature (B, H*W, C), input_dimensions)
            batch_shape = X.shape[:-3]
            batch_size = math.prod(batch_shape)
            input_feature = X.flatten(-2).transpose(-2, -1).reshape(batch_size, height * width, channels)
            input_feature = input_feature.reshape(batch_size, height, width, channels)
            input_feature_0 = input_feature[:, 0::2, 0::2, :]
            input_feature_1 = input_feature[:, 1::2, 0::2, :]
            input_feature_2 = input_feature[:, 0::2, 1::2, :]
            input_feature_3 = input_feature[:, 1::2, 1::2, :]
            input_feature = torch.cat([input_feature_0, input_feature_1, input_feature_2, input_feature_3], -1)
            input_feature = input_feature.view(batch_size, -1, 4 * channels)
            input_feature = torch.nn.functional.layer_norm(input_feature, (4 * channels,), gamma, beta, eps)
            input_feature = input_feature @ W.T
            return input_feature.transpose(1, 2).reshape(*batch_shape, 2 * channels, height // 2, width // 2)
'''),
    # timm's davit.ChannelAttentionV2 with dynamic_scale=True (Florence-2's DaViT): the fused qkv (here the
    # concatenation of Wq, Wk, Wv and their biases), q * N ** -0.5, attn = softmax(q^T k) over the keys, (attn @ v^T)^T,
    # groups merged and projected; on rows, the same as the contract's softmax_cols(K_g Q_g^T) weights applied to V_g. An
    # explicit scale replaces N ** -0.5, 0.0 included. In float32 with inputs 30 times the usual scale its gradients differ
    # from the model answer's by up to 4e-3 of their scale, no more than the model answer's own float32 error against a
    # float64 run (both ~1e-4 ... 5e-4 absolute on gradients of scale 200 ... 500).
    "blind52_right_channel_attention_timm_v2_dynamic_scale_port": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            # timm davit.ChannelAttentionV2(dynamic_scale=True) (Florence-2's DaViT), on rows (..., N, C)
            x = X.transpose(-2, -1)
            *batch, N, C = x.shape
            groups = num_groups
            qkv_weight = torch.cat([params["Wq"], params["Wk"], params["Wv"]])
            qkv_bias = torch.cat([params["bq"], params["bk"], params["bv"]])
            qkv = torch.nn.functional.linear(x, qkv_weight, qkv_bias).reshape(*batch, N, 3, groups, C // groups)
            q, k, v = qkv.movedim(-3, 0).transpose(-3, -2).unbind(0)    # (..., G, N, C/G) each
            q = q * (N ** -0.5 if scale is None else scale)
            attn = q.transpose(-1, -2) @ k
            attn = attn.softmax(dim=-1)
            x = (attn @ v.transpose(-1, -2)).transpose(-1, -2)
            x = x.transpose(-3, -2).reshape(*batch, N, C)
            x = torch.nn.functional.linear(x, params["Wo"], params["bo"])
            return x.transpose(-2, -1)
'''),
    # Hugging Face image_processing_imagegpt's squared_euclidean_distance (|a|^2 - 2ab + |b|^2) and color_quantize
    # (argmin over the clusters) on channels-last pixel rows, in the promoted dtype, the ids reshaped to (..., H, W). The
    # expanded form's rounding is the one the contract accepts; every id was within it of the nearest colour.
    "blind52_right_quantize_hf_squared_euclidean_port": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            # Hugging Face image_processing_imagegpt: squared_euclidean_distance(a, b) and color_quantize(x, clusters)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            clusters = palette.to(dtype).T                          # (K, C)
            x = images.to(dtype).movedim(-3, -1)                    # (..., H, W, C)
            spatial = x.shape[:-1]
            x = x.reshape(-1, x.shape[-1])
            b = clusters.T
            a2 = torch.sum(torch.square(x), dim=1)
            b2 = torch.sum(torch.square(b), dim=0)
            ab = torch.matmul(x, b)
            d = a2[:, None] - 2 * ab + b2[None, :]
            return torch.argmin(d, dim=1).reshape(spatial)
'''),
    # Hugging Face's ImageGPT example indexes clusters (K, C) by the ids, clusters[s]; here clusters = palette.T, the
    # (..., H, W, C) colours moved to (..., C, H, W), in the palette's dtype, with the stub's ValueErrors.
    "blind52_right_dequantize_hf_clusters_rows_port": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            # Hugging Face's ImageGPT example indexes clusters (K, C) by the sampled ids: clusters[s]
            clusters = palette.T
            return clusters[ids.long()].movedim(-1, -3)
'''),
    # Hugging Face ImageGPT's input_ids = [sos] + pixels and ImageGPTForCausalImageModeling's own shift
    # (logits[..., :-1], labels[..., 1:]) applied here: inputs = input_ids[..., :-1] = [sos, p0 .. p_{N-2}], targets =
    # input_ids[..., 1:] = the N pixels, both int64 for any integer dtype of ids.
    "blind52_right_pixel_sequence_hf_shift_labels_port": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            # Hugging Face ImageGPT: input_ids = [sos] + pixels; ImageGPTForCausalImageModeling shifts:
            # shift_logits = lm_logits[..., :-1, :], shift_labels = labels[..., 1:]
            pixels = ids.long().flatten(-2)
            sos = torch.full((*pixels.shape[:-1], 1), sos_id, dtype=torch.long, device=ids.device)
            input_ids = torch.cat((sos, pixels), dim=-1)
            return input_ids[..., :-1], input_ids[..., 1:]
'''),
    # Hugging Face ImageGPTForImageClassification: hidden_states.mean(dim=1) over the tokens (here the rows of the
    # transposed X), then self.score as F.linear(pooled, W, b) (no bias when b is None).
    "blind52_right_average_pool_head_hf_imagegpt_classifier_port": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            # Hugging Face ImageGPTForImageClassification: pooled_hidden_states = hidden_states.mean(dim=1);
            # logits = self.score(pooled_hidden_states)
            hidden_states = X.transpose(-2, -1)                     # (..., N, D)
            pooled_hidden_states = hidden_states.mean(dim=-2)
            return torch.nn.functional.linear(pooled_hidden_states, W, b)
'''),
    # lucidrains/x-transformers RelativePositionBias._relative_position_bucket (n = -relative_position, the upper half
    # for n < 0 when not causal, max(n, 0) when causal, the float32 log, the cap at num_buckets - 1); x-transformers passes
    # k_pos - q_pos, the contract's offsets. Exactly equal on offsets -3000 ... 3000 for 1 ... 128 buckets and
    # max_distance 8 ... 1000, both directions.
    "blind52_right_bucket_x_transformers_port": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # lucidrains/x-transformers RelativePositionBias._relative_position_bucket(relative_position, causal,
            # num_buckets, max_distance); relative_position = k_pos - q_pos
            causal = not bidirectional
            ret = 0
            n = -relative_position.long()
            if not causal:
                num_buckets //= 2
                ret = ret + (n < 0).long() * num_buckets
                n = torch.abs(n)
            else:
                n = torch.max(n, torch.zeros_like(n))
            max_exact = num_buckets // 2
            is_small = n < max_exact
            val_if_large = max_exact + (
                torch.log(n.float() / max_exact) / math.log(max_distance / max_exact) * (num_buckets - max_exact)
            ).long()
            val_if_large = torch.min(val_if_large, torch.full_like(val_if_large, num_buckets - 1))
            return ret + torch.where(is_small, n, val_if_large)
'''),
    # GPT-NeoX's RotaryEmbedding (inv_freq = 1 / base^(2i/D), freqs = t x inv_freq, emb = cat(freqs, freqs)),
    # rotate_half and apply_rotary_pos_emb on the tokens as rows, with the tables built in float64 and cast to the inputs'
    # dtype: pairs rows i and i + D/2 as the contract does, to float64 accuracy for float64 inputs.
    "blind52_right_rotary_gpt_neox_port_float64_inv_freq": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            # GPT-NeoX RotaryEmbedding + rotate_half + apply_rotary_pos_emb on rows (..., N, D), the tables built
            # in float64 and cast to the input's dtype
            def rotate_half(x):
                x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2 :]
                return torch.cat((-x2, x1), dim=-1)
            def apply(X, positions):
                x = X.transpose(-2, -1)
                dim, seq_len = x.shape[-1], x.shape[-2]
                inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim))
                t = torch.arange(seq_len, dtype=torch.float64) if positions is None else positions.to(torch.float64)
                freqs = torch.einsum("i,j->ij", t, inv_freq)
                emb = torch.cat((freqs, freqs), dim=-1)
                cos, sin = emb.cos().to(x.dtype), emb.sin().to(x.dtype)
                return (x * cos + rotate_half(x) * sin).transpose(-2, -1)
            return apply(Q, positions_q), apply(K, positions_k)
'''),
    # Hugging Face Llama's cos/sin cache gathered by position_ids (cos[position_ids]), here one float64 cache over the
    # range of both position tensors (negative positions too), apply_rotary_pos_emb with rotate_half over the rows of the
    # (D, N) columns: rows i and i + D/2 turned by p * base^(-2i/D).
    "blind52_right_rotary_llama_position_ids_cache_port": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            # Hugging Face Llama: a cos/sin cache up to the largest position, gathered by position_ids
            # (cos[position_ids]), apply_rotary_pos_emb with rotate_half; columns stay tokens here
            dim = Q.shape[-2]
            if positions_q is None:
                positions_q = torch.arange(Q.shape[-1])
            if positions_k is None:
                positions_k = torch.arange(K.shape[-1])
            positions_q, positions_k = positions_q.long(), positions_k.long()
            lowest = min([int(p.min()) for p in (positions_q, positions_k) if p.numel()], default=0)
            highest = max([int(p.max()) for p in (positions_q, positions_k) if p.numel()], default=0)
            inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).to(torch.float64) / dim))
            t = torch.arange(lowest, highest + 1, dtype=torch.float64)
            freqs = torch.outer(t, inv_freq)
            emb = torch.cat((freqs, freqs), dim=-1)                  # (positions, D)
            cos_cached, sin_cached = emb.cos(), emb.sin()
            def rotate_half(x):
                x1 = x[..., : x.shape[-2] // 2, :]
                x2 = x[..., x.shape[-2] // 2 :, :]
                return torch.cat((-x2, x1), dim=-2)
            def apply(x, position_ids):
                cos = cos_cached[position_ids - lowest].T.to(x.dtype)   # (D, N)
                sin = sin_cached[position_ids - lowest].T.to(x.dtype)
                return x * cos + rotate_half(x) * sin
            return apply(Q, positions_q), apply(K, positions_k)
'''),
    # Hugging Face's TextDatasetForNextSentencePrediction.create_examples_from_document with one sentence per
    # segment: a coin per sentence that has a successor (is_random_next with probability 1/2, label 1 then), the random
    # document drawn uniformly among the other documents (instead of HF's ten retries) and a uniform sentence in it;
    # examples in document and sentence order, as a list of tuples. Over 3000 seeded calls: label 0 at 0.497 (model
    # 0.500), other documents and their sentences uniform.
    "blind52_right_nsp_hf_dataset_port_other_document": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            # Hugging Face TextDatasetForNextSentencePrediction.create_examples_from_document, one sentence per
            # segment; the random document drawn among the others instead of retrying ten times
            examples = []
            for doc_index, document in enumerate(documents):
                i = 0
                while i < len(document) - 1:
                    tokens_a = document[i]
                    if torch.rand((), generator=generator).item() < 0.5:
                        is_random_next = True
                        others = [d for d in range(len(documents)) if d != doc_index]
                        random_document = documents[others[torch.randint(len(others), (), generator=generator).item()]]
                        random_start = torch.randint(0, len(random_document), (), generator=generator).item()
                        tokens_b = random_document[random_start]
                    else:
                        is_random_next = False
                        tokens_b = document[i + 1]
                    examples.append((tokens_a, tokens_b, 1 if is_random_next else 0))
                    i += 1
            return examples
'''),
    # openai/sparse_attention's get_attn_mask("strided") without the causal c1 term: q = z + (query index), k = z +
    # (key index), floormod(q - k, stride) == 0, laid out (key, query); torch.remainder is a floor modulo, like
    # tf.floormod, so negative differences give the same residues. The stub's check keeps the ValueError.
    "blind52_right_strided_mask_openai_floormod_port": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            # openai/sparse_attention get_attn_mask: x = range(n) as a column, y its transpose, q = z + x, k = z + y,
            # c2 = floormod(q - k, stride) == 0; without the causal c1 and laid out (key, query)
            x = torch.arange(n).reshape(n, 1)
            y = x.T
            z = torch.zeros(n, n, dtype=torch.long)
            q = z + y
            k = z + x
            return torch.remainder(q - k, stride) == 0
'''),
    # Hugging Face Longformer's is_index_global_attn.nonzero(as_tuple=True) used to index_put True into the rows (every
    # query sees a global key) and, through a transposed view, the columns (a global query sees every key) of a fresh
    # boolean (..., N, N) mask; any number of leading axes, none global or all global.
    "blind52_right_global_token_mask_longformer_index_put": ("sparse_attention", "global_token_mask", '''
        def global_token_mask(is_global):
            # Hugging Face Longformer: is_index_global_attn.nonzero(as_tuple=True) -> the global tokens' rows (as
            # keys) and columns (as queries) are set
            n = is_global.shape[-1]
            mask = torch.zeros(*is_global.shape, n, dtype=torch.bool, device=is_global.device)
            index = is_global.nonzero(as_tuple=True)
            mask[index] = True                                   # [..., j, :]: every query sees global key j
            mask.transpose(-2, -1)[index] = True                 # [..., :, i]: global query i sees every key
            return mask
'''),
    # The pair counts as Longformer counts its band, offset by offset in Python ints: each offset d in [-w, w] holds
    # n - |d| pairs (window capped at n - 1, strided offsets at multiples of the stride up to (n - 1) // s), causal
    # n + n(n - 1)/2, global 2gn - g^2; equal to the closed forms for n up to 1e9, with the stub's ValueErrors.
    "blind52_right_sparse_cost_longformer_band_arithmetic": ("sparse_attention", "sparse_attention_cost", '''
        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            # (the stub's input checks)
            # the pairs as Longformer counts its band: each offset d in [-w, w] holds n - |d| pairs
            if pattern == "dense":
                return n * n
            if pattern == "causal":
                return sum((n, n * (n - 1) // 2))
            if pattern == "local":
                w = max(0, min(window, n - 1))
                return n + 2 * (n * w - w * (w + 1) // 2)
            if pattern == "strided":
                m = max(0, (n - 1) // stride)
                return n + 2 * (n * m - stride * m * (m + 1) // 2)
            g = num_global
            return 2 * g * n - g * g
'''),
    # The PyTorch seq2seq tutorial's BahdanauAttention (Va(tanh(Wa(query) + Ua(keys))), softmax over the keys, bmm)
    # without biases, broadcast over the leading axes through matmul, with the contract's mask (masked_fill -inf, and a
    # state that sees nothing gets zero weights through torch.where) and the contract's return order (weights, context).
    "blind52_right_additive_attention_tutorial_port_masked": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            # PyTorch seq2seq tutorial BahdanauAttention: scores = Va(tanh(Wa(query) + Ua(keys))), softmax, bmm,
            # without biases, broadcast over leading axes, with a mask, returned as (weights, context)
            keys = H.transpose(-2, -1)                                   # (..., N, D_h)
            query = s.unsqueeze(-2)                                      # (..., 1, D_s)
            scores = torch.tanh(torch.nn.functional.linear(query, W) + torch.nn.functional.linear(keys, U))
            scores = torch.nn.functional.linear(scores, v.unsqueeze(0)).squeeze(-1)   # (..., N)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = torch.softmax(scores, dim=-1)
            if mask is not None:
                weights = torch.where(mask.any(dim=-1, keepdim=True), weights, torch.zeros_like(weights))
            context = (weights.unsqueeze(-2) @ keys).squeeze(-2)
            return weights, context
'''),
    # The PyTorch seq2seq tutorial's AttnDecoderRNN.forward_step: attention with the previous hidden state,
    # input_gru = cat(embedded, context), one GRU step written with torch.nn.GRU's equations (gates r, z, n in that order,
    # r applied to W_hn h + b_hn), then the contract's readout over cat(s, context); the leading axes broadcast first.
    "blind52_right_decoder_step_tutorial_rows_port": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            # PyTorch seq2seq tutorial AttnDecoderRNN.forward_step: query = the previous hidden state, attention,
            # input_gru = cat(embedded, context), one GRU step (torch.nn.GRU's equations), then the contract's
            # readout over cat(s, context)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            batch = torch.broadcast_shapes(y_prev.shape[:-1], context.shape[:-1], s_prev.shape[:-1])
            embedded = y_prev.expand(*batch, y_prev.shape[-1])
            context = context.expand(*batch, context.shape[-1])
            hidden = s_prev.expand(*batch, s_prev.shape[-1])
            input_gru = torch.cat((embedded, context), dim=-1)
            gi = torch.nn.functional.linear(input_gru, params["weight_ih"], params["bias_ih"])
            gh = torch.nn.functional.linear(hidden, params["weight_hh"], params["bias_hh"])
            i_r, i_z, i_n = gi.chunk(3, -1)
            h_r, h_z, h_n = gh.chunk(3, -1)
            r = torch.sigmoid(i_r + h_r)
            z = torch.sigmoid(i_z + h_z)
            n = torch.tanh(i_n + r * h_n)
            s = (1 - z) * n + z * hidden
            logits = torch.nn.functional.linear(torch.cat((s, context), dim=-1), params["W_out"], params["b_out"])
            return s, logits, weights
'''),
    # sgrvinod's image-captioning Attention on encoder_out.permute(0, 2, 3, 1).view(B, -1, C) (cells in raster
    # order), att1 + att2.unsqueeze(1), full_att and one softmax over all the pixels, the weighted sum; with the contract's
    # tanh in place of its ReLU and without biases, the weights reshaped to (..., H, W).
    "blind52_right_grid_attention_sgrvinod_port_tanh": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            # sgrvinod/a-PyTorch-Tutorial-to-Image-Captioning: encoder_out.permute(0, 2, 3, 1).view(B, -1, C), the
            # Attention module's att1 + att2.unsqueeze(1), full_att, softmax over the pixels, weighted sum; with
            # the contract's tanh in place of its ReLU
            height, width = features.shape[-2:]
            encoder_out = features.movedim(-3, -1)                       # (..., H, W, C)
            encoder_out = encoder_out.reshape(*encoder_out.shape[:-3], height * width, encoder_out.shape[-1])
            att1 = torch.nn.functional.linear(encoder_out, U)            # (..., num_pixels, D_a)
            att2 = torch.nn.functional.linear(s, W)                      # (..., D_a)
            att = torch.tanh(att1 + att2.unsqueeze(-2)) @ v              # (..., num_pixels)
            alpha = torch.softmax(att, dim=-1)
            attention_weighted_encoding = (encoder_out * alpha.unsqueeze(-1)).sum(dim=-2)
            return alpha.reshape(*alpha.shape[:-1], height, width), attention_weighted_encoding
'''),
    # facebookresearch/mae's patchify with the einsum reordered to 'nchpwq->nhwcpq' (channel-major patches, Conv2d's
    # weight order) and non-square images allowed, transposed to columns; the stub's ValueError instead of MAE's assert.
    "blind52_right_patchify_mae_einsum_channels_first": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            # facebookresearch/mae patchify, the einsum reordered to keep each patch channel-major
            # ('nchpwq->nhwcpq') and non-square images allowed
            p = patch_size
            h, w = images.shape[2] // p, images.shape[3] // p
            x = images.reshape(images.shape[0], images.shape[1], h, p, w, p)
            x = torch.einsum("nchpwq->nhwcpq", x)
            x = x.reshape(images.shape[0], h * w, images.shape[1] * p ** 2)
            return x.transpose(1, 2)
'''),
    # facebookresearch/mae forward_encoder: the Conv2d patch embedding (F.conv2d with W reshaped to (D, C, P, P) and
    # b), + pos_embed[:, 1:] on the patches, cls_token + pos_embed[:, :1] prepended; the same sum as adding all positions
    # after the [CLS] column. A divisibility check as timm's PatchEmbed makes (a ValueError here), so images that
    # patchify refuses are refused too.
    "blind52_right_patch_embedding_mae_split_pos_embed_port": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # facebookresearch/mae forward_encoder: x = patch_embed(imgs) + pos_embed[:, 1:, :];
            # cls_token = self.cls_token + self.pos_embed[:, :1, :]; x = cat((cls_tokens, x), dim=1)
            height, width = images.shape[-2:]
            if height % patch_size or width % patch_size:               # timm PatchEmbed's divisibility _assert
                raise ValueError(f"Input size ({height}x{width}) should be divisible by patch size ({patch_size}).")
            pos_embed = positions.T.unsqueeze(0)                         # (1, N + 1, D)
            x = torch.nn.functional.conv2d(images, W.reshape(W.shape[0], images.shape[1], patch_size, patch_size),
                                           b, stride=patch_size)
            x = x.flatten(2).transpose(1, 2)                             # (B, N, D)
            x = x + pos_embed[:, 1:, :]
            cls = cls_token[None, None, :] + pos_embed[:, :1, :]
            cls_tokens = cls.expand(x.shape[0], -1, -1)
            x = torch.cat((cls_tokens, x), dim=1)
            return x.transpose(1, 2)
'''),
}
