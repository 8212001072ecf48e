"""Ninety-ninth blind batch of held-out implementations (prefix blind98_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, docs/convention.md, course/registry.py, the stubs (exercises/*.py:
signatures and input-check lines, substituted through the stub-checks marker) and the model answers (solutions/*.py).
The learner-visible tests were only run (`pytest exercises/tests/test_<module>.py --target <package>`), never read.
The earlier blind batches (held_out_blind.py ... held_out_blind_96.py) were only skimmed for their entry names,
emphases and header style. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor
benchmarks/, nor the batches written at the same time (held_out_blind_97.py, held_out_blind_99.py). One accident: an
`ls` of tests/grader/ listed its file names (the test_*.py files and the cheats/ folder); none of them was opened.

Emphasis: sizes and constants taken from somewhere else than the call. Wrong entries hard-code what held in the
lecture's, a paper's or a famous model's configuration and are right whenever the call matches it: the scale of 64-wide
keys (1/8) in scaled dot-product attention, BERT's H = D / 64 heads in multi-head attention and in the transformer
layer, the base model's d_model = 512 in a written-out cross-attention's scale and in the sinusoidal exponent, a
512-token causal table cropped in the decoder layer, the sinusoidal base written as 1000, the Annotated Transformer's
max_len = 5000 table sliced, Llama's head width 64 in the rotary frequencies, T5's upper-half offset 16 of 32 buckets,
GPT-2's <|endoftext|> 50256 as a default eos in generate and in beam search, GPT-2's block size 1024 ending
generation, BERT's vocabulary 30522, [MASK] 103 and special ids 0/100-103 in the MLM corruption, DaViT-T's 8 channel
groups, Swin's window 7 and patch 4, ViT-B/16's patch 16, the 14 x 14 grid of "Show, attend and tell", ImageGPT's
1024 pixels in average pooling, 256 pixel levels (ids through uint8, pixels snapped to 8-bit before quantizing),
ImageGPT's 512 colours in a one-hot dequantizer, Bahdanau's equal hidden and alignment widths splitting the GRU gates,
a 1000-merge safety cap in train_bpe, a 2048 band and 1024 residues cropped for local and strided masks, and Swin's
shift 3 in the mask slices. Right entries derive every size and constant from the arguments, some in unusual ways: the
scale from K's rows, the head width from Wq's rows, D // H from the decoder's rows with its own ValueError, the causal
mask sized by the decoder's columns, num_heads and eps 1e-5 passed through, sinusoidal frequencies from log(10000) / D
interleaved by stack, complex rotary frequencies from each tensor's own width, T5 halves from one helper, generate's
window by narrow, beam candidates with an explicit order and eos only when given, MLM by Bernoulli and a categorical
80/10/10 draw, DaViT groups from C // G with N^-0.5 from X, windows by two unfolds, a patch convolution with W reshaped
by the images' channels, grid weights reshaped to the features' H x W, pooling by a 1/N column, pixel sequences sized
H * W with F.pad, GRU gates split at weight_hh's width, train_bpe while fewer than asked, masks from triu/tril and
residues of the call's n, Swin slices from the call's window and shift, an embedding-lookup dequantizer and a
per-colour quantizer loop.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind98/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and
`import torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the
marker) and run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment
says whether it does (13 of the 30 wrong entries pass them). Each wrong entry's recorded input was run on the model
answer and on the entry and both results printed; each differs as its comment says (the MLM entries by counts over
1000 or 20000 positions with a seeded generator). Each wrong entry was also run on the configuration it hard-codes
(D_k = 64, D / H = 64, D = 512, N <= 5000, 32 buckets, V < 50257, 1024 tokens, vocabulary 30522, mask id 103, BERT's
special ids, G = 8, window 7, patch 16 and 4, a 14 x 14 grid, 1024 tokens, ids below 256, 512 colours, pixels on the
8-bit grid, D_a = D_s, 20 merges, small n, shift 3 with window 7) and equals the model answer there. Right entries
were compared with the model answer under both default dtypes on 300 random calls each (float32 and float64 inputs,
0-2 batch axes, non-contiguous views, sizes from 1, masks none / shared / batched / padding-shaped / causal, the same
tensor given twice and tied Wq / Wk), values to 1e-4 / 1e-9, dtypes and shapes exactly, the contract's ValueErrors
matched (D % H, the group count, odd D in rotary, window and patch divisibility, N = 0 pooling, float ids, ids out of
range, stride 0, shift = window, "</w>" in the corpus), inputs checked unchanged, and gradients of every
floating-point input (parameters included) to 1e-3 / 1e-7; once more under torch.no_grad(); broadcast (expanded)
inputs and sizes of 0 on a few; the sampling entries on 800 seeded generate calls (every option, the generator's state
compared afterwards, and under torch.manual_seed) and 600 beam searches on random models with rounded logits for ties
(widths 1-3, 0-3 steps, eos None / 0 / 1 / V-1); the MLM entry by its invariants on 400 random calls (int32 and
non-contiguous ids, list / tuple / tensor / empty specials, mask_prob 0, 1 and int 1) and by its frequencies on
400 000 positions (chosen 0.2997 for 0.3; mask 0.803, unchanged 0.102, other 0.095), advancing the generator.

Judgement calls: several wrong entries are wrong only at sizes beyond what a quick test uses (more than 512, 1024,
2048 or 5000 positions, more than 1000 merges, ids of 256 and above, a vocabulary of 50257): the contract puts no
upper bound on these sizes, so I kept them; each recorded input is small enough to run in seconds.
blind98_generate_eos_defaults_to_gpt2_50256 and blind98_beam_search_eos_defaults_to_gpt2_50256 are wrong only for a
model of 50257 or more tokens (GPT-2's own vocabulary). blind98_quantize_pixels_snapped_to_256_levels_first differs
from the model answer by far more than the contract's tie tolerance on its recorded pixel. The channel-attention,
window, patch and grid entries raise RuntimeError rather than give wrong values off their configuration; that is still
a broken contract on an allowed call. A softmax entry with a -1e4 "dead column" threshold, an MLM entry ignoring
mask_prob, a three-channel patchify, a tiny-temperature greedy rule, a temperature floor, a square-grid window_reverse
and height-only shifted-window flags were not written: earlier batches hold them. Right entries: the patch-embedding
entry raises its own ValueError for sides that are not multiples of the patch (the model answer raises it through
patchify); the written-out cross-attention raises its own ValueError for D % H (the model answer's comes from
multi_head_attention). Fewer wrong entries than the task's aim (30 of about 35) to keep within the time box.

Counts: 30 wrong, 24 right.
Wrong per function: {'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'generate': 2, 'grid_attention': 1, 'local_mask': 1, 'mlm_corrupt': 3, 'multi_head_attention': 1, 'patch_embedding': 1, 'patchify': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 3, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 1, 'window_partition': 1}.
Right per function: {'attention_decoder_step': 1, 'average_pool_head': 1, 'beam_search': 1, 'channel_attention': 1, 'cross_attention': 1, 'decoder_layer': 1, 'dequantize_pixels': 1, 'generate': 1, 'grid_attention': 1, 'local_mask': 1, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'patch_embedding': 1, 'pixel_sequence': 1, 'quantize_pixels': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 1, 'strided_mask': 1, 'train_bpe': 1, 'transformer_layer': 1, 'window_partition': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_98 = {
    # The scale is 1/8, sqrt(d_k) for the paper's 64-wide keys, not 1/sqrt(D_k) of the call; right only when D_k = 64.
    # Q = [[2.]], K = [[0., 1.]], V = [[0., 1.]] (D_k = 1): weights model [0.1192, 0.8808], entry [0.4378, 0.5622].
    # Fails the visible tests.
    "blind98_sdpa_scale_fixed_at_one_eighth_for_64_wide_keys": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / 8.0  # sqrt(d_k), d_k = 64 as in the paper's base model
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # The head count comes from BERT's 64-row heads, H = max(D // 64, 1); num_heads is ignored. Right when D / H = 64.
    # Xq = Xkv = [[1, 0], [0, 1], [1, 1], [0, 2]], identity weights, zero biases, num_heads=2: model column 0
    # [0.6698, 0.3302, 1, 1], entry [0.6225, 0.3775, 1, 0.7551] (one 4-row head). Fails the visible tests.
    "blind98_mha_head_count_from_bert_head_width_64": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            heads = max(dim // 64, 1)  # BERT / GPT-2: every head is 64 rows wide, H = D / 64
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            out, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(out), params["Wo"], params["bo"])
'''),
    # Cross-attention written out with each head scaled by 1/sqrt(512 // H), the base model's d_model = 512, not D / H.
    # Xdec = Xenc = [[1, 0], [0, 1], [1, 1], [0, 2]], identity weights, zero biases, num_heads=2: model column 0
    # [0.6698, 0.3302, 1, 1], entry [0.5156, 0.4844, 1, 1]. Passes the visible tests.
    "blind98_cross_attention_scale_from_d_model_512": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            from .attention import linear
            from .masking import apply_mask
            from .multihead import merge_heads, split_heads
            from .softmax import softmax_cols
            d_model = 512  # "Attention is all you need", base model
            head_dim = d_model // num_heads
            Q = split_heads(linear(X_dec, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(X_enc, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(X_enc, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(head_dim)
            if enc_mask is not None:
                scores = apply_mask(scores, enc_mask.unsqueeze(-3))
            heads = V @ softmax_cols(scores)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
'''),
    # The causal self-attention mask is cut from a 512 x 512 table (the longest target the model was built for): right
    # up to 512 decoder tokens. X_dec (2, 513), X_enc (2, 3), one head: model returns (2, 513), entry raises
    # RuntimeError (a 512 x 512 mask against 513 x 513 scores). Passes the visible tests.
    "blind98_decoder_layer_causal_mask_cropped_from_512_table": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            max_len = 512  # the longest target sentence the model is built for
            n = X_dec.shape[-1]
            self_mask = causal_mask(max_len)[:n, :n].to(X_dec.device)
            X = X_dec
            X = layer_norm(X + multi_head_attention(X, X, params["self_attn"], num_heads, self_mask),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
    # The layer passes max(D // 64, 1) heads to multi_head_attention (BERT-base: 768 / 12 = 64), not num_heads.
    # X = [[1, 0], [0, 1], [1, 1], [0, 2]], identity weights, zero biases, unit gains, num_heads=2: model column 0
    # [0.5831, -1.2920, 1.2870, -0.5781], entry [0.5674, -1.1451, 1.3377, -0.7599]. Passes the visible tests.
    "blind98_transformer_layer_heads_from_width_over_64": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            heads = max(X.shape[-2] // 64, 1)  # 64-wide heads, as in BERT-base (768 / 12)
            def attend(Y):
                return multi_head_attention(Y, Y, params, heads, mask)
            def think(Y):
                return feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"])
            if norm_first:
                X = X + attend(layer_norm(X, params["gamma1"], params["beta1"]))
                X = X + think(layer_norm(X, params["gamma2"], params["beta2"]))
            else:
                X = layer_norm(X + attend(X), params["gamma1"], params["beta1"])
                X = layer_norm(X + think(X), params["gamma2"], params["beta2"])
            return X
'''),
    # The base of the position formula written from memory as 1000 instead of 10000; right when D <= 2 or N = 1.
    # sinusoidal_positions(2, 4)[2, 1] = sin(1 / base^(2/4)): model 0.0100, entry 0.0316. Fails the visible tests.
    "blind98_sinusoidal_base_written_as_1000": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 1000 ** (pair_index[:, None] / dim)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # The exponent divides by d_model = 512 of the paper instead of the call's D: 10000^(2i/512); right when D = 512.
    # sinusoidal_positions(2, 4)[2, 1]: model 0.0100, entry 0.8219. Fails the visible tests.
    "blind98_sinusoidal_exponent_over_d_model_512": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            d_model = 512
            positions = torch.arange(num_positions, dtype=torch.get_default_dtype())
            pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / d_model)
            table = torch.empty(dim, num_positions)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table
'''),
    # The Annotated Transformer's table for max_len = 5000 positions, sliced to N: too short for longer sequences.
    # sinusoidal_positions(5001, 2): model shape (2, 5001), entry (2, 5000). Passes the visible tests.
    "blind98_sinusoidal_annotated_max_len_5000_sliced": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            max_len = 5000  # the Annotated Transformer's PositionalEncoding(max_len=5000)
            positions = torch.arange(max_len, dtype=torch.get_default_dtype())
            pair_index = torch.arange(0, dim, 2, dtype=torch.get_default_dtype())
            angles = positions[None, :] / 10000 ** (pair_index[:, None] / dim)
            table = torch.empty(dim, max_len)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table[:, :num_positions].clone()
'''),
    # Rotary frequencies base^(-2i/64): the head width is Llama's 64, not the call's D; right when D = 64.
    # Q = e_1 in columns 0 and 1 (D = 4, N = 2), K zeros (4, 1): Q' column 1 model [0, 0.9999, 0, 0.0100],
    # entry [0, 0.7318, 0, 0.6816]. Fails the visible tests.
    "blind98_rotary_frequencies_over_head_width_64": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            head_dim = 64  # Llama / GPT-NeoX heads
            def rotate(X, positions):
                dim, num = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(num)
                inv_freq = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / head_dim)
                angles = inv_freq[:, None] * positions.to(torch.float64)[None, :]
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                top, bottom = X[..., : dim // 2, :], X[..., dim // 2 :, :]
                return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Positive offsets start at bucket 16, the upper half of T5's default 32 buckets, whatever num_buckets is.
    # relative_position_bucket([-1, 1, 3], num_buckets=64): model [1, 33, 35], entry [1, 17, 19].
    # Fails the visible tests.
    "blind98_bucket_upper_half_offset_fixed_at_16": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            offset = relative_position.long()
            if bidirectional:
                half = num_buckets // 2
                base = torch.where(offset > 0, 16, 0)  # keys after the query: buckets 16 .. 31
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
    # With eos_id None the loop still stops at GPT-2's <|endoftext|>, 50256; right for every vocabulary below 50257.
    # A model with V = 50257 whose arg-max is always 50256, prompt [0], 3 tokens, temperature 0: model
    # [0, 50256, 50256, 50256], entry [0, 50256]. Passes the visible tests.
    "blind98_generate_eos_defaults_to_gpt2_50256": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            if eos_id is None:
                eos_id = 50256  # <|endoftext|>
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if int(next_id) == eos_id:
                    break
            return ids
'''),
    # Generation stops once the sequence holds GPT-2's 1024 tokens (block size), though max_new_tokens asks for more.
    # Prompt of 1023 zeros, a V = 2 model, 3 tokens, temperature 0: model length 1026, entry 1024.
    # Passes the visible tests.
    "blind98_generate_stops_at_gpt2_block_size_1024": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            block_size = 1024  # GPT-2 never sees more than 1024 tokens
            ids = prompt
            for _ in range(max_new_tokens):
                if len(ids) >= block_size:
                    break
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Beam search treats token 50256 as eos when eos_id is None (GPT-2's <|endoftext|>); beams ending in it stop.
    # A V = 50257 model whose arg-max is always 50256, prompt [0], width 1, 3 steps, eos_id None: model
    # [0, 50256, 50256, 50256], entry [0, 50256]. Passes the visible tests.
    "blind98_beam_search_eos_defaults_to_gpt2_50256": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            eos = 50256 if eos_id is None else eos_id  # GPT-2's <|endoftext|>
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, finished))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Random replacement ids are drawn from bert-base-uncased's 30522 ids instead of [0, vocab_size).
    # 20000 zeros, vocab_size=10, no specials, mask_id=9, mask_prob=1, seed 0: model max id 9 and 0 ids >= 10,
    # entry max id 30502 and 1992 ids >= 10. Passes the visible tests.
    "blind98_mlm_random_ids_from_bert_vocab_30522": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, 30522, ids.shape, generator=generator, dtype=ids.dtype)  # bert-base-uncased
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # Chosen tokens become BERT's [MASK] id 103 instead of the caller's mask_id.
    # 1000 zeros, vocab_size=10, mask_id=5, mask_prob=1, seed 0: model 814 fives and no 103, entry 6 fives (random
    # draws) and 808 ids 103. Fails the visible tests.
    "blind98_mlm_mask_token_hard_coded_103": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            MASK = 103  # [MASK] in bert-base-uncased
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, MASK), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # The special ids are BERT's [PAD] [UNK] [CLS] [SEP] [MASK] = 0, 100, 101, 102, 103; the caller's special_ids are
    # ignored. 1000 ones, vocab_size=10, special_ids=[1], mask_prob=1: model labels all -100 (0 chosen), entry 1000
    # chosen. Fails the visible tests.
    "blind98_mlm_special_ids_hard_coded_bert_tokens": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.tensor([0, 100, 101, 102, 103], dtype=ids.dtype)  # [PAD] [UNK] [CLS] [SEP] [MASK]
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            action = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (action < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (action >= 0.8) & (action < 0.9), random_ids, corrupted)
            labels = torch.where(chosen, ids.long(), -100)
            return corrupted, labels
'''),
    # The channel groups are DaViT-T's 8, whatever num_groups says; right when G = 8.
    # X = arange(8).reshape(4, 2) / 8, identity weights, zero biases, num_groups=1: model row 0 [0.3819, 0.5069],
    # entry raises RuntimeError (4 channels cannot form 8 groups). Fails the visible tests.
    "blind98_channel_attention_groups_fixed_at_davit_8": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            groups = 8  # DaViT-T's channel groups
            if scale is None:
                scale = 1 / math.sqrt(tokens)
            Q = split_heads(linear(X, params["Wq"], params["bq"]), groups)
            K = split_heads(linear(X, params["Wk"], params["bk"]), groups)
            V = split_heads(linear(X, params["Wv"], params["bv"]), groups)
            weights = softmax_cols(K @ Q.transpose(-2, -1) * scale)
            return linear(merge_heads(weights.transpose(-2, -1) @ V), params["Wo"], params["bo"])
'''),
    # The window side is Swin's 7 in the reshape; window only reaches the stub's checks. Right for window = 7.
    # window_partition(zeros(1, 4, 4), 2): model shape (4, 1, 4), entry raises RuntimeError.
    # Fails the visible tests.
    "blind98_window_partition_window_fixed_at_swin_7": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = 7  # Swin's window size
            grid = X.reshape(*batch, channels, height // M, M, width // M, M)
            grid = grid.movedim((-4, -2), (-5, -4))
            return grid.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # patchify is called with ViT-B/16's patch of 16 instead of patch_size.
    # images zeros(1, 1, 4, 4), patch_size=2, W (3, 4), positions (3, 5): model shape (1, 3, 5), entry raises
    # ValueError (4 is not a multiple of 16). Fails the visible tests.
    "blind98_patch_embedding_patchify_with_vit_b16_patch": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            tokens = linear(patchify(images, 16), W, b)  # ViT-B/16
            cls_column = cls_token[:, None].expand(tokens.shape[0], -1, 1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # The patch side is Swin's 4 x 4 patch partition in the reshapes; patch_size only reaches the check.
    # patchify(arange(4.).reshape(1, 1, 2, 2), 2): model [[[0], [1], [2], [3]]], entry raises RuntimeError.
    # Fails the visible tests.
    "blind98_patchify_patch_fixed_at_swin_4": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = 4  # Swin's patch partition: 4 x 4 pixels
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            grid = grid.permute(0, 2, 4, 1, 3, 5)
            return grid.reshape(batch, (height // P) * (width // P), channels * P * P).transpose(1, 2)
'''),
    # The weights are unflattened to the 14 x 14 grid of "Show, attend and tell" instead of the features' H x W.
    # s zeros(1), features zeros(1, 2, 2), W, U zeros(1, 1), v zeros(1): model weights 0.25 everywhere (2, 2), entry
    # raises RuntimeError. Fails the visible tests.
    "blind98_grid_attention_weights_unflattened_to_14x14": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            weights, context = additive_attention(s, features.flatten(-2), W, U, v)
            return weights.unflatten(-1, (14, 14)), context  # the 14 x 14 VGG grid of "Show, attend and tell"
'''),
    # The token sum is divided by 1024, ImageGPT's 32 x 32 pixels, instead of the call's N.
    # X = [[1., 3.]], W = [[1.]]: model [2.], entry [0.0039]. Fails the visible tests.
    "blind98_average_pool_divides_by_imagegpt_1024_pixels": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            pooled = X.sum(dim=-1) / 1024  # 32 x 32 pixels
            logits = torch.einsum("kd,...d->...k", W, pooled)
            return logits if b is None else logits + b
'''),
    # Ids go through uint8 ("pixels have 256 levels"), so palette ids 256..511 of the 9-bit palette wrap around.
    # pixel_sequence([[300]], 512): targets model [300], entry [44] (inputs [512] both). Passes the visible tests.
    "blind98_pixel_sequence_ids_stored_as_bytes": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            targets = ids.to(torch.uint8).long().reshape(*ids.shape[:-2], -1)  # pixels have 256 levels
            start = torch.full((*targets.shape[:-1], 1), sos_id, dtype=torch.long, device=ids.device)
            return torch.cat([start, targets[..., :-1]], dim=-1), targets
'''),
    # The one-hot codes have ImageGPT's 512 colours whatever K is; right for a 512-colour palette.
    # dequantize_pixels([[2]], [[0., 0.5, 1.]]): model [[[1.]]], entry raises RuntimeError. Fails the visible tests.
    "blind98_dequantize_one_hot_over_512_colours": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            codes = F.one_hot(ids.long(), 512).to(palette.dtype)  # ImageGPT's 9-bit palette
            return torch.einsum("...hwk,ck->...chw", codes, palette)
'''),
    # Pixels are first snapped to the 256 levels of an 8-bit image in [-1, 1]; right for pixels on that grid.
    # images [[[-0.996]]], palette [[-1.0, -0.99]]: model [[0]], entry [[1]] (-0.996 is moved to -0.99216).
    # Passes the visible tests.
    "blind98_quantize_pixels_snapped_to_256_levels_first": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = torch.round((images.to(dtype) + 1) * 127.5) / 127.5 - 1  # 8-bit pixels scaled to [-1, 1]
            differences = pixels.movedim(-3, -1)[..., :, None] - palette.to(dtype)
            return differences.square().sum(dim=-2).argmin(dim=-1)
'''),
    # The GRU gates are split at D_a (Bahdanau's n = n' = 1000 hidden and alignment units) instead of D_s.
    # D_s = 2, D_a = 3, E = D_h = 1, N = 2, weights 0.1 / 1: model s [0.7228, 0.7228], entry raises RuntimeError.
    # Fails the visible tests.
    "blind98_decoder_step_gru_width_from_attention_units": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            n = params["W"].shape[0]  # Bahdanau et al.: n = n' = 1000 hidden and alignment units
            gx = stack(y_prev, context) @ params["weight_ih"].T + params["bias_ih"]
            gh = s_prev @ params["weight_hh"].T + params["bias_hh"]
            r = torch.sigmoid(gx[..., :n] + gh[..., :n])
            z = torch.sigmoid(gx[..., n:2 * n] + gh[..., n:2 * n])
            candidate = torch.tanh(gx[..., 2 * n:] + r * gh[..., 2 * n:])
            s = (1 - z) * candidate + z * s_prev
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The merge loop has a "safety cap" of 1000 iterations: right for every num_merges up to 1000.
    # 600 words of two distinct CJK characters each, num_merges=1001: model 1001 merges, entry 1000.
    # Passes the visible tests.
    "blind98_train_bpe_merge_loop_capped_at_1000": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            word_counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in word_counts}
            merges = []
            for _ in range(min(num_merges, 1000)):  # safety cap: 1000 merges is plenty for the course corpora
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
            return merges
'''),
    # The band is cut from a 2048 x 2048 mask built for the model's context: right up to n = 2048.
    # local_mask(2049, 1): model shape (2049, 2049), entry (2048, 2048). Passes the visible tests.
    "blind98_local_mask_cropped_from_2048_band": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            context = 2048  # the longest sequence the model takes
            keys = torch.arange(context)[:, None]
            queries = torch.arange(context)[None, :]
            band = (queries - keys).abs() <= window
            return band[:n, :n].clone()
'''),
    # The residues are those of a 1024-token context, sliced to n: right up to n = 1024.
    # strided_mask(1025, 2): model shape (1025, 1025), entry (1024, 1024). Passes the visible tests.
    "blind98_strided_mask_residues_of_1024_positions": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            residues = torch.arange(1024) % stride  # positions of a 1024-token context
            residues = residues[:n]
            return residues[:, None] == residues[None, :]
'''),
    # Swin's slices with shift_size = 3 written in (window 7, shift 7 // 2), not the call's shift; shift 0 handled.
    # shifted_window_mask(4, 4, 2, 1): True entries per window model [16, 8, 8, 4], entry [4, 8, 8, 16].
    # Fails the visible tests.
    "blind98_shifted_window_mask_swin_slices_shift_3": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            if shift == 0:
                return torch.ones((height // window) * (width // window), window * window, window * window,
                                  dtype=torch.bool)
            shift_size = 3  # Swin-T: window 7, shift 7 // 2
            img = torch.zeros(height, width, dtype=torch.long)
            count = 0
            for rows in (slice(0, -window), slice(-window, -shift_size), slice(-shift_size, None)):
                for cols in (slice(0, -window), slice(-window, -shift_size), slice(-shift_size, None)):
                    img[rows, cols] = count
                    count += 1
            labels = window_partition(img[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
}
RIGHT_BLIND_98 = {
    # Right: the scale is read from K's rows (equal to Q's by the stub's check) and multiplied as 1 / sqrt(D_k).
    # Passes the visible tests.
    "blind98_right_sdpa_scale_from_key_rows_on_queries": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            d_k = K.size(-2)  # equal to Q's rows: the check above compared them
            scores = K.transpose(-2, -1) @ Q * (1.0 / math.sqrt(d_k))
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Right: the head width comes from Wq's rows over num_heads; heads by unflatten and einsum, mask given a head axis.
    # Passes the visible tests.
    "blind98_right_mha_head_width_from_query_weight_rows": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            width = params["Wq"].shape[0] // num_heads  # rows of the projection per head
            def heads(Y):
                return Y.unflatten(-2, (num_heads, width))
            Q = heads(linear(Xq, params["Wq"], params["bq"]))
            K = heads(linear(Xkv, params["Wk"], params["bk"]))
            V = heads(linear(Xkv, params["Wv"], params["bv"]))
            scores = torch.einsum("...hdk,...hdq->...hkq", K, Q) / math.sqrt(width)
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            out = torch.einsum("...hdk,...hkq->...hdq", V, softmax_cols(scores))
            return linear(out.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    # Right: cross-attention written out, head width D // H from the decoder's rows, its own ValueError for D % H.
    # Passes the visible tests.
    "blind98_right_cross_attention_written_out_head_width_from_call": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            from .attention import linear
            from .masking import apply_mask
            from .softmax import softmax_cols
            d_model = X_dec.shape[-2]
            if d_model % num_heads:
                raise ValueError(f"D={d_model} is not divisible by num_heads={num_heads}")
            head_dim = d_model // num_heads
            Q = linear(X_dec, params["Wq"], params["bq"]).unflatten(-2, (num_heads, head_dim))
            K = linear(X_enc, params["Wk"], params["bk"]).unflatten(-2, (num_heads, head_dim))
            V = linear(X_enc, params["Wv"], params["bv"]).unflatten(-2, (num_heads, head_dim))
            scores = K.transpose(-2, -1) @ Q / math.sqrt(head_dim)
            if enc_mask is not None:
                scores = apply_mask(scores, enc_mask.unsqueeze(-3))
            heads = V @ softmax_cols(scores)
            return linear(heads.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    # Right: the causal mask is an upper triangle of ones sized by the decoder's own N; three sub-layers in a loop.
    # Passes the visible tests.
    "blind98_right_decoder_layer_causal_mask_sized_by_decoder_columns": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            n = X_dec.shape[-1]
            self_mask = torch.ones(n, n, dtype=torch.bool, device=X_dec.device).triu()  # [j, i]: j <= i
            steps = (
                (lambda Y: multi_head_attention(Y, Y, params["self_attn"], num_heads, self_mask), "1"),
                (lambda Y: cross_attention(Y, X_enc, params["cross_attn"], num_heads, enc_mask), "2"),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]), "3"),
            )
            X = X_dec
            for sublayer, k in steps:
                X = layer_norm(X + sublayer(X), params["gamma" + k], params["beta" + k], eps=1e-5)
            return X
'''),
    # Right: num_heads and the contract's eps 1e-5 are passed through explicitly, sub-layers in a loop for both orders.
    # Passes the visible tests.
    "blind98_right_transformer_layer_heads_and_eps_passed_through": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            eps = 1e-5
            blocks = (
                (lambda Y: multi_head_attention(Y, Y, params, num_heads, mask), params["gamma1"], params["beta1"]),
                (lambda Y: feed_forward(Y, params["W1"], params["b1"], params["W2"], params["b2"]),
                 params["gamma2"], params["beta2"]),
            )
            for block, gamma, beta in blocks:
                if norm_first:
                    X = X + block(layer_norm(X, gamma, beta, eps))
                else:
                    X = layer_norm(X + block(X), gamma, beta, eps)
            return X
'''),
    # Right: frequencies exp(-2i log(10000) / D) in float64 from the call's D, sine and cosine rows interleaved by stack
    # and cut to D rows (an odd D ends with a sine), stored in the default dtype. Passes the visible tests.
    "blind98_right_sinusoidal_frequencies_from_log_base_interleaved": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            # (the stub's input checks)
            pairs = (dim + 1) // 2
            frequencies = torch.exp(torch.arange(pairs, dtype=torch.float64) * (-2.0 * math.log(10000.0) / dim)) \\
                if dim else torch.zeros(0, dtype=torch.float64)
            angles = frequencies[:, None] * torch.arange(num_positions, dtype=torch.float64)[None, :]
            table = torch.stack([angles.sin(), angles.cos()], dim=1).reshape(2 * pairs, num_positions)[:dim]
            return table.to(torch.get_default_dtype())
'''),
    # Right: rotation as a complex product, frequencies from each tensor's own D and default positions from its own N.
    # Passes the visible tests.
    "blind98_right_rotary_complex_frequencies_from_each_width": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                half = X.shape[-2] // 2
                if positions is None:
                    positions = torch.arange(X.shape[-1])
                inv_freq = torch.pow(float(base), -torch.arange(half, dtype=torch.float64) * 2 / X.shape[-2])
                angles = inv_freq[:, None] * positions.to(torch.float64)[None, :]
                turn = torch.polar(torch.ones_like(angles), angles).to(torch.complex128 if X.dtype == torch.float64
                                                                      else torch.complex64)
                z = torch.complex(X[..., :half, :], X[..., half:, :]) * turn
                return torch.cat([z.real, z.imag], dim=-2)
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # Right: both halves bucketed by one helper taking the half's size from num_buckets (T5's float32 logarithm).
    # Passes the visible tests.
    "blind98_right_bucket_halves_from_num_buckets_helper": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            # (the stub's input checks)
            def within(distance, n):
                exact = n // 2
                scaled = torch.log(distance.float() / exact) / math.log(max_distance / exact) * (n - exact)
                far = (exact + scaled.long()).clamp(max=n - 1)
                return torch.where(distance < exact, distance, far)
            offset = relative_position.long()
            if not bidirectional:
                return within((-offset).clamp(min=0), num_buckets)
            n = num_buckets // 2
            return (offset > 0).long() * n + within(offset.abs(), n)
'''),
    # Right: the window is narrowed to min(context_size, length) of the call; eos stops only when eos_id is given.
    # Passes the visible tests.
    "blind98_right_generate_window_by_narrow_eos_only_when_given": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            steps = 0
            while steps < max_new_tokens:
                length = ids.shape[0]
                window = length if context_size is None else min(context_size, length)
                logits = model(ids.narrow(0, length - window, window))
                probs = next_token_probs(logits[:, logits.shape[1] - 1], temperature, top_k, top_p)
                token = torch.multinomial(probs, 1, generator=generator).to(ids.dtype)
                ids = torch.cat([ids, token])
                steps += 1
                if eos_id is not None and token.item() == eos_id:
                    break
            return ids
'''),
    # Right: candidates carry their beam-then-token order for ties; eos only when eos_id is given.
    # Passes the visible tests.
    "blind98_right_beam_search_index_candidates_no_default_eos": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(prompt, 0.0, False)]
            for _ in range(max_new_tokens):
                pool = []  # (score, order, ids, finished): order keeps beam-then-token order for ties
                for b, (ids, score, finished) in enumerate(beams):
                    if finished:
                        pool.append((score, len(pool), ids, True))
                        continue
                    row = torch.log_softmax(model(ids)[:, -1].to(torch.float64), dim=0).tolist()
                    for token, lp in enumerate(row):
                        pool.append((score + lp, len(pool), torch.cat([ids, ids.new_tensor([token])]),
                                     eos_id is not None and token == eos_id))
                pool.sort(key=lambda item: (-item[0], item[1]))
                beams = [(ids, score, finished) for score, _, ids, finished in pool[:beam_width]]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][0]
'''),
    # Right: Bernoulli(mask_prob) choices and an 80/10/10 categorical draw, with the caller's vocab_size, mask_id and
    # special_ids. Passes the visible tests.
    "blind98_right_mlm_bernoulli_and_categorical_from_arguments": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # (the stub's input checks)
            special = torch.as_tensor(special_ids, dtype=torch.long).reshape(-1)
            eligible = ~torch.isin(ids.long(), special)
            chosen = torch.bernoulli(torch.full(ids.shape, float(mask_prob)), generator=generator).bool() & eligible
            flat = ids.reshape(-1)
            if flat.numel():
                action = torch.multinomial(torch.tensor([0.8, 0.1, 0.1]), flat.numel(), replacement=True,
                                           generator=generator).reshape(ids.shape)
            else:
                action = torch.zeros(ids.shape, dtype=torch.long)
            random_ids = torch.randint(vocab_size, ids.shape, generator=generator).to(ids.dtype)
            corrupted = ids.clone()
            corrupted[chosen & (action == 0)] = mask_id
            swap = chosen & (action == 1)
            corrupted[swap] = random_ids[swap]
            labels = torch.full(ids.shape, -100, dtype=torch.long)
            labels[chosen] = ids.long()[chosen]
            return corrupted, labels
'''),
    # Right: group width C // G from the call, default scale N^-0.5 from X's own token count, einsum within groups.
    # Passes the visible tests.
    "blind98_right_channel_attention_groups_and_scale_from_call": ("davit", "channel_attention", '''
        def channel_attention(X, params, num_groups, scale=None):
            # (the stub's input checks)
            s = scale if scale is not None else X.shape[-1] ** -0.5
            width = channels // num_groups
            def groups(name):
                return linear(X, params["W" + name], params["b" + name]).unflatten(-2, (num_groups, width))
            Q, K, V = groups("q"), groups("k"), groups("v")
            weights = softmax_cols(torch.einsum("...jn,...in->...ji", K, Q) * s)
            out = torch.einsum("...ji,...jn->...in", weights, V)
            return linear(out.flatten(-3, -2), params["Wo"], params["bo"])
'''),
    # Right: windows cut by two unfolds with the call's window, sizes from the stub's shape unpacking.
    # Passes the visible tests.
    "blind98_right_window_partition_double_unfold_by_window": ("swin", "window_partition", '''
        def window_partition(X, window):
            # (the stub's input checks)
            M = window
            tiles = X.unfold(-2, M, M).unfold(-2, M, M)  # (..., C, H/M, W/M, M, M)
            tiles = tiles.movedim(-5, -3)  # (..., H/M, W/M, C, M, M)
            return tiles.reshape(*batch, (height // M) * (width // M), channels, M * M)
'''),
    # Right: a strided convolution whose kernel is W reshaped with the images' channel count and the call's patch size.
    # Passes the visible tests.
    "blind98_right_patch_embedding_conv_kernel_from_weight": ("patch_embedding", "patch_embedding", '''
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            # (the stub's input checks)
            channels = images.shape[1]
            if images.shape[2] % patch_size or images.shape[3] % patch_size:
                raise ValueError(f"H and W must be multiples of patch_size={patch_size}")
            kernel = W.reshape(W.shape[0], channels, patch_size, patch_size)
            tokens = F.conv2d(images, kernel, b, stride=patch_size).flatten(-2)  # (B, D, N)
            cls_column = cls_token.reshape(1, -1, 1).expand(tokens.shape[0], -1, -1)
            return torch.cat([cls_column, tokens], dim=-1) + positions
'''),
    # Right: the cells are flattened and the weights reshaped back to the features' own last two sizes.
    # Passes the visible tests.
    "blind98_right_grid_attention_shape_from_features": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            grid_shape = features.shape[-2:]
            weights, context = additive_attention(s, features.reshape(*features.shape[:-2], -1), W, U, v)
            return weights.reshape(*weights.shape[:-1], *grid_shape), context
'''),
    # Right: the mean as a product with a column of 1/N made from the call's N in X's dtype.
    # Passes the visible tests.
    "blind98_right_average_pool_row_of_inverse_counts": ("imagegpt", "average_pool_head", '''
        def average_pool_head(X, W, b=None):
            # (the stub's input checks)
            n = X.shape[-1]
            averaging = X.new_full((n, 1), 1.0 / n)  # one weight per token column
            pooled = (X @ averaging).squeeze(-1)
            logits = pooled @ W.T
            return logits if b is None else logits + b
'''),
    # Right: N = H * W from both sides of the call; the start token is put in front by F.pad.
    # Passes the visible tests.
    "blind98_right_pixel_sequence_count_from_both_sides": ("imagegpt", "pixel_sequence", '''
        def pixel_sequence(ids, sos_id):
            # (the stub's input checks)
            height, width = ids.shape[-2], ids.shape[-1]
            targets = ids.reshape(*ids.shape[:-2], height * width).long()
            inputs = F.pad(targets[..., : height * width - 1], (1, 0), value=sos_id)
            return inputs, targets
'''),
    # Right: the GRU gates are split at D_s read from weight_hh's columns; h' = n + z (h - n).
    # Passes the visible tests.
    "blind98_right_decoder_step_gru_width_from_hidden_weights": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            d = params["weight_hh"].shape[1]  # the state width D_s
            gx = stack(y_prev, context) @ params["weight_ih"].T + params["bias_ih"]
            gh = s_prev @ params["weight_hh"].T + params["bias_hh"]
            r = torch.sigmoid(gx[..., :d] + gh[..., :d])
            z = torch.sigmoid(gx[..., d:2 * d] + gh[..., d:2 * d])
            candidate = torch.tanh(gx[..., 2 * d:] + r * gh[..., 2 * d:])
            s = candidate + z * (s_prev - candidate)
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # Right: merges are learned while fewer than num_merges, with no cap of its own.
    # Passes the visible tests.
    "blind98_right_train_bpe_while_fewer_than_asked": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            # (the stub's input checks)
            frequency = Counter(tuple(word) for word in words)
            current = {word: list(word) for word in frequency}
            merges = []
            while len(merges) < num_merges:
                counts = Counter()
                for word, f in frequency.items():
                    symbols = current[word]
                    for i in range(len(symbols) - 1):
                        counts[symbols[i], symbols[i + 1]] += f
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                current = {word: merge_pair(symbols, best) for word, symbols in current.items()}
            return merges
'''),
    # Right: the band of an n x n mask by triu(-window) & tril(window).
    # Passes the visible tests.
    "blind98_right_local_mask_band_by_triu_tril_of_n": ("masking", "local_mask", '''
        def local_mask(n, window):
            # (the stub's input checks)
            ones = torch.ones(n, n, dtype=torch.bool)
            return ones.triu(-window) & ones.tril(window)
'''),
    # Right: residues of the call's n positions modulo the stride, compared pairwise.
    # Passes the visible tests.
    "blind98_right_strided_mask_residues_of_n_positions": ("sparse_attention", "strided_mask", '''
        def strided_mask(n, stride):
            # (the stub's input checks)
            residues = torch.arange(n) % stride
            return residues[:, None] == residues[None, :]
'''),
    # Right: Swin's three slices per axis built from the call's window and shift (none for shift 0).
    # Passes the visible tests.
    "blind98_right_shifted_window_mask_swin_slices_from_arguments": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            img = torch.zeros(height, width, dtype=torch.long)
            if shift > 0:
                bands = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
                count = 0
                for rows in bands:
                    for cols in bands:
                        img[rows, cols] = count
                        count += 1
            labels = window_partition(img[None], window)[:, 0]
            return labels[:, :, None] == labels[:, None, :]
'''),
    # Right: an embedding lookup in the transposed palette, the colour axis moved in front of H, W.
    # Passes the visible tests.
    "blind98_right_dequantize_embedding_of_palette_columns": ("imagegpt", "dequantize_pixels", '''
        def dequantize_pixels(ids, palette):
            # (the stub's input checks)
            return F.embedding(ids.long(), palette.T).movedim(-1, -3)
'''),
    # Right: one pass per palette colour keeping a strictly smaller distance (ties stay with the lower id).
    # Passes the visible tests.
    "blind98_right_quantize_pixels_colour_loop_strict_less": ("imagegpt", "quantize_pixels", '''
        def quantize_pixels(images, palette):
            # (the stub's input checks)
            dtype = torch.promote_types(images.dtype, palette.dtype)
            pixels = images.to(dtype)
            colours = palette.to(dtype)
            best = None
            best_id = None
            for k in range(colours.shape[1]):
                d = (pixels - colours[:, k, None, None]).square().sum(dim=-3)
                if best is None:
                    best, best_id = d, torch.zeros(d.shape, dtype=torch.long)
                else:
                    closer = d < best
                    best = torch.where(closer, d, best)
                    best_id = torch.where(closer, k, best_id)
            return best_id
'''),
}
