"""Fifty-fourth blind batch of held-out implementations (prefix blind53_), written without reading grader/ or tests/
beyond the batch files the brief allows.

How it was written: from docs/contract.md, the stubs (exercises/*.py: signatures and input-check lines, substituted
through the stub-checks marker) and the model answers (solutions/*.py). The learner-visible tests were only run
(`pytest exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches
(held_out_blind.py ... held_out_blind_51.py) were only skimmed for their entry names and emphases (held_out_blind_21.py
had a forum-mistake emphasis too; no name here repeats an earlier one). Nothing else under grader/ or tests/ was opened,
grepped or run, nor docs/grading.md, nor the batch written at the same time (held_out_blind_52.py).

Emphasis: mistakes real learners and practitioners reported. Each wrong entry reproduces one mistake found in a public
bug report, pull request or question thread (GitHub issues of the Annotated Transformer, nanoGPT, minbpe, litgpt,
Hugging Face transformers and candle, PyTorch, TensorFlow, Keras, Swin and its ports, ViT ports, BERT ports, ParlAI,
maxtext, GPT-NeoX and others, found with the issue search), ported to this course's contract (tokens are columns,
the stubs' signatures); its comment names the thread as the search gave it (repository and issue or PR number) and
the mistake. The mechanisms: the unbiased std and eps outside the square root in layer norm, sin/cos concatenated
instead of interleaved, top-p dropping the crossing token, top-k thresholds that keep ties or one token too many,
softmax over the wrong axis, head split/merge reshapes without the transpose, 1/sqrt(D), 1/sqrt(H) and sqrt(d)
scales, causal masks off by the diagonal or transposed from nanoGPT's layout, PyTorch's True = ignore mask convention,
a large negative fill that makes dead queries uniform, BERT masking draws that leave 2 % random tokens, NSP negatives
from the same document, beams extended after eos, same-position log-probabilities, a GRU decoder without its state,
Swin masks labelled on one axis, patch-merging and patchify orders, rotary frequency/pairing mismatches, T5 buckets
uncapped or with the offset's sign flipped, non-overlapping BPE pair counts, the Annotated Transformer's pre-norm
sublayer used for post-LN, a per-row softmax over a grid, and a causal cross-attention. Right entries are the fixes
those threads arrive at, or the variants they show to be equivalent (scaling q before the product, nanoGPT's tril
transposed, nn.Unfold for patchify, rotate_half with concatenated frequencies, Hugging Face's T5 bucket code and MLM
collator, minbpe's overlapping get_stats, torch.gru_cell, Swin's slice labels), ported to the contract.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind53/pk/<name>/p_<name>/, a
copy of solutions/ with `import math`, `import torch` and the entry's source appended to its module, the stub's input
checks substituted) and run against its exercise's visible tests: every right entry passes them, and 4 of the
38 wrong entries do (each wrong comment says which). Each wrong entry's recorded input was run on the model answer and
on the entry and both results printed; they differ as the comment says (the two MLM entries and the NSP entry by
their frequencies over many seeded draws). Right entries were compared with the model answer under both default dtypes
on float32 and float64 inputs (to 2e-5 and 1e-10 scaled by the result's size; exactly for masks, ids, buckets and
merges): no, one and two batch axes, broadcast batch axes (rnn_attention), causal, random, padding and all-False masks
(a query or state that sees nothing), N_q != N_k with either of them 1, D = H and H = 1, scores scaled by 1000 and
1e4, eps = 0.0, constant and tiny-spread columns, odd D and one position (sinusoidal), tied logits, temperatures 0,
1e-3, 0.5, 1 and 50, top_k of 1, 2, V and V + 3, top_p from 1e-6 to 1.0 (including exact boundaries such as
[0.5, 0.3, 0.2] with p = 0.8), offsets -300..300 with 32, 31, 16, 8 and 4 buckets and max_distance 128, 20 and 8 both
ways, BPE corpora with runs, ties, one-letter words, non-ASCII letters and 0 to 50 merges, every shift of several
grids and windows (including invalid ones), non-contiguous inputs, the contract's ValueErrors (same outcome on both
sides), arguments left unchanged, and gradients of every floating-point input under a random cotangent (to 2e-4
relative; no NaN at finite entries). mlm_corrupt and nsp_pairs (randomness from the generator, only the distribution
graded) were checked by their frequencies over 400000 ids and 4000 seeded calls (chosen rate 0.15, [MASK] 0.8, random
vs unchanged; label rate 0.5, the other documents equally often, never A's own, sentences in order, the ValueError),
next_token_probs without gradients (a sampling function), and sequence_log_prob through a causal parametrised model,
value and gradient.

Judgement calls: blind53_right_sdpa_query_scaled_before_product is the 'bug' of facebookresearch/XLM #357, which is
no bug (the revert in huggingface/transformers #22444); it is kept as right. blind53_rotary_adjacent_pairs_rotate_every_two
is the RoFormer convention, a valid RoPE that the contract explicitly refuses; kept as wrong by the contract's wording.
blind53_mha_divides_by_inverse_scale and blind53_patchify_unfold_then_view_mixes_channels pass the visible tests but
differ from the model answer on the recorded inputs (and on random ones). blind53_mha_scaled_by_num_heads agrees with
the model answer whenever H = D/H (D = 4, H = 2); its recorded input has D = 8. The joeynmt #148 early stop (stop when
the top beam is finished) was left out: with unnormalised log-probabilities it returns the same sequence, but it
makes fewer model calls than the contract's stopping rule describes, and I was unsure how that is graded.
blind53_right_decoder_step_gru_cell_given_previous_state calls torch.gru_cell, the op behind nn.GRUCell, which the
contract names as an accepted alternative. Fewer entries than asked (about 55 / 35): the time box.

Counts: 38 wrong, 27 right.
Wrong per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'beam_search': 1, 'causal_mask': 2, 'decoder_layer': 1, 'grid_attention': 1, 'layer_norm': 2, 'mlm_corrupt': 2, 'multi_head_attention': 5, 'next_token_probs': 3, 'nsp_pairs': 1, 'padding_mask': 1, 'patch_merging': 2, 'patchify': 2, 'relative_position_bucket': 2, 'rotary_embedding': 2, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 2, 'softmax_cols': 1, 'train_bpe': 1, 'transformer_layer': 1}.
Right per function: {'additive_attention': 1, 'apply_mask': 1, 'attention_decoder_step': 1, 'causal_mask': 2, 'decoder_layer': 1, 'grid_attention': 1, 'layer_norm': 2, 'mlm_corrupt': 1, 'multi_head_attention': 1, 'next_token_probs': 2, 'nsp_pairs': 1, 'padding_mask': 1, 'patch_merging': 1, 'patchify': 1, 'relative_position_bucket': 1, 'rotary_embedding': 1, 'scaled_dot_product_attention': 1, 'sequence_log_prob': 1, 'shifted_window_mask': 1, 'sinusoidal_positions': 2, 'softmax_cols': 1, 'train_bpe': 1, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""

WRONG_BLIND_53 = {
    # The Annotated Transformer's LayerNorm (harvardnlp/annotated-transformer PR #119: torch's std() is unbiased; the
    # class also adds eps to the std): divides by the sample std + eps instead of sqrt(biased var + eps). X = [[1],
    # [3]], gamma 1, beta 0: model [[-1.0000], [1.0000]], entry [[-0.7071], [0.7071]]. Fails the visible tests (3
    # failing).
    "blind53_layer_norm_annotated_unbiased_std_eps_outside": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # the Annotated Transformer's LayerNorm: a_2 * (x - mean) / (std + eps) + b_2
            mean = X.mean(dim=-2, keepdim=True)
            std = X.std(dim=-2, keepdim=True)
            return gamma[:, None] * (X - mean) / (std + eps) + beta[:, None]
'''),
    # eps added to the standard deviation, sqrt(var) + eps, not inside the square root (tracel-ai/burn #2185). X =
    # [[0], [1e-3]], gamma 1, beta 0: model [[-0.1562], [0.1562]], entry [[-0.9804], [0.9804]]. Fails the visible
    # tests (2 failing).
    "blind53_layer_norm_eps_added_to_std": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2, keepdim=True)
            var = ((X - mean) ** 2).mean(dim=-2, keepdim=True)
            return gamma[:, None] * (X - mean) / (var.sqrt() + eps) + beta[:, None]
'''),
    # All sines then all cosines, torch.cat([sin, cos]) (tatp22/multidim-positional-encoding #20,
    # lucidrains/denoising-diffusion-pytorch #357, tensorflow/tensorflow #37191): the contract interleaves them (sin
    # on even rows, cos on odd). sinusoidal_positions(2, 4): model rows [0, .8415], [1, .5403], [0, .0100], [1,
    # .9999]; entry rows [0, .8415], [0, .0100], [1, .5403], [1, .9999]. Fails the visible tests (3 failing).
    "blind53_sinusoidal_sines_then_cosines_concatenated": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            inv_freq = 1.0 / 10000 ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim)   # (ceil(D/2),)
            angles = inv_freq[:, None] * torch.arange(num_positions, dtype=torch.float64)[None, :]
            table = torch.cat([angles.sin(), angles[: dim // 2].cos()], dim=0)               # [sin | cos]
            return table.to(torch.get_default_dtype())
'''),
    # Cosines first, then sines, as concat([cos, sin]) (bojone/attention #5 and #2). sinusoidal_positions(2, 4): model
    # row 0 = [0, 0.8415], entry row 0 = [1, 0.5403]. Fails the visible tests (2 failing).
    "blind53_sinusoidal_cosines_then_sines_concatenated": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            half = dim // 2
            pos = torch.arange(num_positions, dtype=torch.get_default_dtype())
            freqs = 10000 ** (-2 * torch.arange(dim - half, dtype=torch.get_default_dtype()) / dim)
            angles = freqs[:, None] * pos[None, :]
            return torch.cat([torch.cos(angles[:half]), torch.sin(angles)], dim=0)
'''),
    # Top-p keeps the sorted tokens whose cumulative probability is <= p, dropping the token that crosses p
    # (Biohub/esm #360, rasbt/reasoning-from-scratch #164, fishaudio/fish-speech #1171). logits = log [0.4, 0.3, 0.2,
    # 0.1], top_p = 0.8: model [0.4444, 0.3333, 0.2222, 0], entry [0.5714, 0.4286, 0, 0]. Fails the visible tests (2
    # failing).
    "blind53_top_p_keeps_cumulative_at_most_p": ("sampling", "next_token_probs", '''
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
                sorted_probs, order = torch.sort(probs, descending=True, stable=True)
                keep_sorted = torch.cumsum(sorted_probs, dim=0) <= top_p
                keep_sorted[0] = True                      # at least one token
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[keep_sorted]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Top-k by a value threshold, logits < k-th largest -> -inf, which keeps every token tied with the k-th
    # (Lightning-AI/litgpt #729, vllm-project/vllm #50979). logits [2, 1, 1, 0], top_k = 2: model [0.7311, 0.2689, 0,
    # 0], entry [0.5761, 0.2119, 0.2119, 0]. Fails the visible tests (2 failing).
    "blind53_top_k_threshold_keeps_tied_logits": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            logits = logits / temperature
            if top_k is not None:
                k = min(top_k, logits.shape[-1])
                v, _ = torch.topk(logits, k)
                logits = torch.where(logits < v[-1], torch.full_like(logits, float("-inf")), logits)
            probs = torch.softmax(logits, dim=-1)
            if top_p is not None:
                sorted_probs, order = torch.sort(probs, descending=True, stable=True)
                cumulative = torch.cumsum(sorted_probs, dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Removes ranks > top_k instead of >= top_k, so k + 1 tokens survive (kingoflolz/mesh-transformer-jax #164).
    # logits [3, 2, 1, 0], top_k = 1: model [1, 0, 0, 0], entry [0.7311, 0.2689, 0, 0]. Fails the visible tests (4
    # failing).
    "blind53_top_k_rank_compare_off_by_one": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                probs = torch.zeros_like(logits)
                probs[torch.argmax(logits)] = 1.0
                return probs
            probs = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                ranks = torch.arange(len(probs))
                remove = torch.zeros_like(probs, dtype=torch.bool)
                remove[order] = ranks > top_k                 # remove the tokens ranked after k
                probs = probs.masked_fill(remove, 0.0)
                probs = probs / probs.sum()
            if top_p is not None:
                sorted_probs, order = torch.sort(probs, descending=True, stable=True)
                cumulative = torch.cumsum(sorted_probs, dim=0)
                num_kept = min(int((cumulative < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool)
                keep[order[:num_kept]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
'''),
    # Softmax along the wrong axis: each key's row over the queries instead of each query's column over the keys
    # (PetrochukM/PyTorch-NLP #2, jadore801120/attention-is-all-you-need-pytorch #52, nerminnuraydogan/vision-
    # transformer #1). Q = I_2, K = [[1, 2, 0], [0, 1, 1]], V = [[1, 2, 3]]: model output [[1.8560, 2.2033]], entry
    # [[3, 3]]. Fails the visible tests (3 failing).
    "blind53_sdpa_softmax_along_each_key_row": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])      # (..., N_k, N_q)
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores.transpose(-2, -1)).transpose(-2, -1)   # normalised along each key's row
            return V @ weights, weights
'''),
    # Heads split by viewing the token rows (N, D) as (H, N, D/H) without the transpose (reczoo/FuxiCTR #30,
    # 649453932/Chinese-Text-Classification-Pytorch #53, the suggestion in harvardnlp/annotated-transformer #17),
    # merged back by the inverse view. X = arange(12).reshape(4, 3) / 10, identity weights, zero biases, H = 2: model
    # column 0 [0.1014, 0.4014, 0.7071, 1.0071], entry [0.2482, 0.5482, 0.3111, 0.6111]. Fails the visible tests (2
    # failing).
    "blind53_mha_heads_split_without_transpose": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            def heads(Y):
                # rows (..., N, D) viewed as (..., H, N, D/H), as view(batch * heads, -1, head_dim) does
                rows = Y.transpose(-2, -1)
                *batch, n, d = rows.shape
                return rows.reshape(*batch, num_heads, n, d // num_heads).transpose(-2, -1)
            Q = heads(linear(Xq, params["Wq"], params["bq"]))
            K = heads(linear(Xkv, params["Wk"], params["bk"]))
            V = heads(linear(Xkv, params["Wv"], params["bv"]))
            if mask is not None:
                mask = mask.unsqueeze(-3)
            out, _ = scaled_dot_product_attention(Q, K, V, mask)      # (..., H, D/H, N_q)
            rows = out.transpose(-2, -1)                             # (..., H, N_q, D/H)
            *batch, h, n, d = rows.shape
            merged = rows.reshape(*batch, n, h * d).transpose(-2, -1)  # the inverse view
            return linear(merged, params["Wo"], params["bo"])
'''),
    # Heads merged by reshaping (H, N, d) straight to (N, H*d) without the permute (jsbaan/transformer-from-scratch
    # #6, hackiey/QAnet-pytorch #2). Same input as above: model column 0 [0.1014, 0.4014, 0.7071, 1.0071], entry
    # [0.1014, 0.4014, 0.1024, 0.4024]. Fails the visible tests (2 failing).
    "blind53_mha_heads_merged_without_permute": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            if mask is not None:
                mask = mask.unsqueeze(-3)
            out, _ = scaled_dot_product_attention(Q, K, V, mask)
            values = out.transpose(-2, -1)                           # (..., H, N_q, D/H), token rows
            *batch, h, n, d = values.shape
            merged = values.reshape(*batch, n, h * d)                # no permute(0, 2, 1, 3) first
            return linear(merged.transpose(-2, -1), params["Wo"], params["bo"])
'''),
    # Scores scaled by 1/sqrt(D) instead of 1/sqrt(D/H) (lucidrains/vit-pytorch #65, omihub777/ViT-CIFAR #11,
    # chelsea0x3b/dfdx #171). Same input: model column 0 [0.1014, 0.4014, 0.7071, 1.0071], entry [0.1010, 0.4010,
    # 0.7050, 1.0050]. Fails the visible tests (1 failing).
    "blind53_mha_scale_from_full_width_vit_style": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            dim = Xq.shape[-2]
            scale = dim ** -0.5                                      # self.scale = dim ** -0.5
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q * scale
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            weights = softmax_cols(scores)
            return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # Scores scaled by 1/sqrt(num_heads) instead of 1/sqrt(head_dim) (tenstorrent/tt-metal #56789); equal only when H
    # = D/H. X = arange(24).reshape(8, 3) / 10, identity weights, H = 2: model column 0 [0.1060, 0.4060, ..., 2.2216],
    # entry [0.1085, 0.4085, ..., 2.2300]. Fails the visible tests (1 failing).
    "blind53_mha_scaled_by_num_heads": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(num_heads)   # 1/sqrt(num_heads), meant 1/sqrt(head_dim)
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            weights = softmax_cols(scores)
            return linear(merge_heads(V @ weights), params["Wo"], params["bo"])
'''),
    # scale = head_dim ** -0.5 and then divides by it, multiplying by sqrt(head_dim) (esceptico/perceiver-io #9). X =
    # arange(12).reshape(4, 3) / 10, identity weights, H = 2: model column 0 [0.1014, 0.4014, 0.7071, 1.0071], entry
    # [0.1028, 0.4028, 0.7140, 1.0140]. Passes the visible tests.
    "blind53_mha_divides_by_inverse_scale": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .masking import apply_mask
            from .softmax import softmax_cols
            head_dim = Xq.shape[-2] // num_heads
            scale = head_dim ** -0.5
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            scores = K.transpose(-2, -1) @ Q / scale                 # divides by the inverse square root
            if mask is not None:
                scores = apply_mask(scores, mask.unsqueeze(-3))
            return linear(merge_heads(V @ softmax_cols(scores)), params["Wo"], params["bo"])
'''),
    # triu(diagonal=1): a query cannot see its own key (RVC-Boss/GPT-SoVITS #965), and query 0 sees nothing.
    # causal_mask(3): model [[T, T, T], [F, T, T], [F, F, T]], entry [[F, T, T], [F, F, T], [F, F, F]]. Fails the
    # visible tests (1 failing).
    "blind53_causal_mask_diagonal_one_hides_self": ("masking", "causal_mask", '''
        def causal_mask(n):
            # triu(ones, diagonal=1) marks the allowed keys
            return torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)
'''),
    # nanoGPT's tril(ones) mask (karpathy/nanoGPT #170) copied into the course's (key, query) layout without the
    # transpose: key j visible iff j >= i, the future. causal_mask(3): model [[T, T, T], [F, T, T], [F, F, T]], entry
    # [[T, F, F], [T, T, F], [T, T, T]]. Fails the visible tests (1 failing).
    "blind53_causal_mask_nanogpt_tril_in_column_layout": ("masking", "causal_mask", '''
        def causal_mask(n):
            # nanoGPT: bias = tril(ones(n, n)); att.masked_fill(bias == 0, -inf)
            return torch.tril(torch.ones(n, n)) != 0
'''),
    # nn.MultiheadAttention's boolean convention (True = ignore: pytorch/pytorch #39321, facebookresearch/detr #96)
    # instead of the course's True = visible. scores [[1, 2], [3, 4]], mask [[T, F], [T, T]]: model [[1, -inf], [3,
    # 4]], entry [[-inf, 2], [-inf, -inf]]. Fails the visible tests (2 failing).
    "blind53_apply_mask_true_hides_like_key_padding_mask": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            # as nn.MultiheadAttention's boolean masks: True positions are filled with -inf
            return scores.masked_fill(mask, float("-inf"))
'''),
    # A key_padding_mask (True at padding, pytorch/pytorch #39321, facebookresearch/detr #96) returned as the course's
    # mask. lengths [1, 3], n = 3: model [[T, F, F], [T, T, T]] (query axis dropped), entry [[F, T, T], [F, F, F]].
    # Fails the visible tests (1 failing).
    "blind53_padding_mask_true_marks_padding": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            # True where the key is padding, the key_padding_mask convention
            positions = torch.arange(n, device=lengths.device)
            return (positions[None, :] >= lengths[:, None]).unsqueeze(-1)
'''),
    # -inf replaced by the most negative finite number before a plain softmax (the large-negative masking of keras-
    # team/keras #21149): a column that is entirely hidden becomes uniform instead of zeros. scores [[0, -inf], [1,
    # -inf], [-inf, -inf]]: model column 1 = [0, 0, 0], entry [1/3, 1/3, 1/3]. Fails the visible tests (1 failing).
    "blind53_softmax_cols_finfo_min_fill_uniform_dead_columns": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            # hidden entries get the most negative finite number instead of -inf, so no NaN can appear
            filled = scores.masked_fill(scores == float("-inf"), torch.finfo(scores.dtype).min)
            return torch.softmax(filled, dim=-2)
'''),
    # The random-token draw uses 0.1 after excluding the [MASK] positions (the TF collator's line,
    # huggingface/transformers #32329 and #1927): 0.2 x 0.1 = 2 % random tokens, 18 % unchanged, instead of 10 % / 10
    # %. 200000 ids from [2, 50), specials [0, 1], mask_id 0, seeded: model (chosen, [MASK] among chosen, unchanged
    # among chosen) = (0.1488, 0.7968, 0.1047), entry (0.1505, 0.8020, 0.1786). Fails the visible tests (1 failing).
    "blind53_mlm_random_draw_point_one_after_mask": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            probability = torch.full(ids.shape, mask_prob, dtype=torch.float64)
            probability = probability.masked_fill(torch.isin(ids, special), 0.0)
            masked = torch.bernoulli(probability, generator=generator).bool()
            labels = torch.where(masked, ids.long(), torch.full_like(ids.long(), -100))
            corrupted = ids.clone()
            replaced = torch.bernoulli(torch.full(ids.shape, 0.8, dtype=torch.float64), generator=generator).bool() & masked
            corrupted[replaced] = mask_id
            # 10% of the time, random word (the 0.1 of the TF collator)
            randomised = (torch.bernoulli(torch.full(ids.shape, 0.1, dtype=torch.float64), generator=generator).bool()
                          & masked & ~replaced)
            random_words = torch.randint(vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted[randomised] = random_words[randomised]
            return corrupted, labels
'''),
    # Random tokens placed first and then overwritten by the [MASK] fill (lucidrains/mlm-pytorch #6): only about 2 %
    # of the chosen tokens stay random, 18 % unchanged. Same input as above: model (0.1488, 0.7968, 0.1047), entry
    # (0.1488, 0.8027, 0.1783). Fails the visible tests (1 failing).
    "blind53_mlm_random_tokens_overwritten_by_mask": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            eligible = ~torch.isin(ids, special)
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            corrupted = ids.clone()
            # random tokens first (10 %) ...
            random_here = chosen & (torch.rand(ids.shape, generator=generator) < 0.1)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(random_here, random_ids, corrupted)
            # ... then [MASK] on 80 % of the chosen positions
            mask_here = chosen & (torch.rand(ids.shape, generator=generator) < 0.8)
            corrupted = corrupted.masked_fill(mask_here, mask_id)
            labels = torch.where(chosen, ids.long(), torch.full_like(ids.long(), -100))
            return corrupted, labels
'''),
    # The random sentence is drawn from any document, A's own included (NVIDIA/DeepLearningExamples #421,
    # codertimo/BERT-pytorch #66). documents [[a0, a1, a2], [b0, b1]], 2000 seeded calls: model 0 of 3069 label-1
    # pairs take B from A's document, entry 1526 of 3069. Passes the visible tests.
    "blind53_nsp_random_document_may_be_own": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            pairs = []
            for document in documents:
                for a, successor in zip(document, document[1:]):
                    if torch.rand((), generator=generator).item() < 0.5:
                        pairs.append((a, successor, 0))
                    else:
                        other = documents[torch.randint(len(documents), (), generator=generator).item()]
                        pairs.append((a, other[torch.randint(len(other), (), generator=generator).item()], 1))
            return pairs
'''),
    # A beam that emitted eos keeps being extended like the others (facebookresearch/ParlAI #2058). Toy model over 3
    # tokens, eos 2 (logits after token 0: [0, -1, 3]; after 1: [1, 1, -3]; after 2: [5, 0, 0]), prompt [1], width 2,
    # 3 steps: model [1, 0, 2], entry [1, 0, 2, 0]. Fails the visible tests (1 failing).
    "blind53_beam_search_extends_finished_beams": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids in beams:
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        candidates.append((score + log_prob, torch.cat([ids, ids.new_tensor([token])])))
                candidates.sort(key=lambda c: -c[0])
                beams = candidates[:beam_width]
                if eos_id is not None and all(int(ids[-1]) == eos_id for _, ids in beams):
                    break
            return beams[0][1]
'''),
    # Scores ids[n] with column n instead of column n - 1, log P(token t | tokens[0..t]) (AI-Hypercomputer/maxtext
    # #2103). Causal model logits = cumsum(E[:, ids], dim=1), E = [[2, 0, 1], [0, 1, 0], [1, 0.5, 3]], ids [0, 2, 1]:
    # model -5.7342, entry -4.0524. Fails the visible tests (1 failing).
    "blind53_sequence_log_prob_same_position_logits": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)          # (V, N)
            n = torch.arange(1, len(ids))
            return log_probs[ids[1:], n].sum()                        # column n scores ids[n]
'''),
    # The GRU is called without the previous state (output, state = self.gru(x): tensorflow/tensorflow #38248 and
    # #26990), so every step starts from zeros. s_prev [1, -1], y_prev [0.5], H = I_2, W = U = I, v = 1, weight_ih =
    # 0.1, weight_hh = eye(6, 2), zero biases, W_out = 1: model s = [0.6063, -0.4686], entry [0.0689, 0.0689]. Fails
    # the visible tests (1 failing).
    "blind53_decoder_step_gru_not_given_previous_state": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)
            h0 = torch.zeros_like(s_prev).expand(*x.shape[:-1], s_prev.shape[-1])   # output, state = self.gru(x)
            s = gru_step(x, h0, params["weight_ih"], params["weight_hh"], params["bias_ih"], params["bias_hh"])
            logits = stack(s, context) @ params["W_out"].T + params["b_out"]
            return s, logits, weights
'''),
    # The region labels written with img_mask[:, h, w, :] on a (1, 1, H, W) tensor (zsyOAOA/ResShift #81): the slices
    # land on the (channel, row) axes, so only rows get distinct labels and the column wrap is never masked. H = W =
    # 4, M = 2, shift 1, window 1: model [[1, 0, 1, 0], [0, 1, 0, 1], [1, 0, 1, 0], [0, 1, 0, 1]], entry all ones.
    # Fails the visible tests (1 failing).
    "blind53_shifted_window_mask_labels_rows_only": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            img_mask = torch.zeros(1, 1, height, width)
            slices = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
            cnt = 0
            for h in slices:
                for w in slices:
                    img_mask[:, h, w, :] = cnt                      # indexes (channel, row), not (row, column)
                    cnt += 1
            labels = window_partition(img_mask[0], window)[:, 0]    # (nW, M*M)
            return labels[:, :, None] == labels[:, None, :]
'''),
    # The 2x2 block stacked in row-major order (0,0), (0,1), (1,0), (1,1), the rearrange '(p1 p2 c)' of
    # HuCaoFighting/Swin-Unet #48, not Swin's x0, x1, x2, x3 = TL, BL, TR, BR. X = arange(16).reshape(1, 4, 4), gamma
    # 1, beta 0, W = eye(2, 4): model output[:, 0, 0] = [-1.2127, 0.7276], entry [-1.2127, -0.7276]. Fails the visible
    # tests (1 failing).
    "blind53_patch_merging_row_major_block_order": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            *batch, C, H, Wd = X.shape
            blocks = X.reshape(*batch, C, H // 2, 2, Wd // 2, 2)          # (..., c, h, p1, w, p2)
            merged = blocks.movedim((-3, -1), (-5, -4))                   # (..., p1, p2, c, h, w): '(p1 p2 c)'
            merged = merged.reshape(*batch, 4 * C, H // 2, Wd // 2)
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (H // 2, Wd // 2))
'''),
    # Patch merging with nn.Unfold (berniwal/swin-transformer-pytorch #22): features ordered (channel, row, column),
    # not block position first. X = arange(32).reshape(2, 4, 4), gamma 1, beta 0, W = eye(4, 8): model output[:, 0, 0]
    # = [-1.2710, 0.6658, -0.7868, 1.1499], entry [-1.2710, -1.1499, -0.7868, -0.6658]. Fails the visible tests (1
    # failing).
    "blind53_patch_merging_unfold_channel_major": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            *batch, C, H, Wd = X.shape
            flat = X.reshape(-1, C, H, Wd)
            blocks = torch.nn.functional.unfold(flat, kernel_size=2, stride=2)   # (B, C*2*2, L)
            tokens = layer_norm(blocks, gamma, beta, eps)
            out = W @ tokens
            return out.reshape(*batch, 2 * C, H // 2, Wd // 2)
'''),
    # unfold twice then view(B, -1, C*P*P) on (B, C, H/P, W/P, P, P) (gupta-abhay/pytorch-vit #7): a column mixes
    # patches and channels. images = arange(32).reshape(1, 2, 4, 4), P = 2: model column 0 [0, 1, 4, 5, 16, 17, 20,
    # 21], entry [0, 1, 4, 5, 2, 3, 6, 7]. Passes the visible tests.
    "blind53_patchify_unfold_then_view_mixes_channels": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            P = patch_size
            B, C = images.shape[:2]
            x = images.unfold(2, P, P).unfold(3, P, P).contiguous()      # (B, C, H/P, W/P, P, P)
            x = x.view(B, -1, C * P * P)                                  # x.view(x.size(0), -1, flatten_dim)
            return x.transpose(1, 2)
'''),
    # x.view(B, num_patches, -1) straight from (B, C, H, W) (duoan/TorchCode #21): a column is a run of raw memory.
    # Same input: model column 0 [0, 1, 4, 5, 16, 17, 20, 21], entry [0, 1, 2, 3, 4, 5, 6, 7]. Fails the visible tests
    # (3 failing).
    "blind53_patchify_plain_view_into_patches": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            B, C, H, W = images.shape
            num_patches = (H // patch_size) * (W // patch_size)
            return images.reshape(B, num_patches, -1).transpose(1, 2)    # x.view(B, num_patches, -1)
'''),
    # rotate_half's split pairing combined with repeat_interleave'd frequencies [t0, t0, t1, t1] (raiyanyahya/how-to-
    # train-your-gpt #6): rows i and i + D/2 turn by different angles. Q = K with column 1 = [0, 0, 1, 0] (D = 4):
    # model Q' column 1 = [-0.8415, 0, 0.5403, 0], entry [-0.8415, 0, 0.9999, 0]. Fails the visible tests (2 failing).
    "blind53_rotary_half_split_with_repeat_interleaved_freqs": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, n = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(n)
                inv_freq = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                emb = inv_freq.repeat_interleave(2)[:, None] * positions.to(torch.float64)[None, :]   # (D, N)
                cos, sin = emb.cos().to(X.dtype), emb.sin().to(X.dtype)
                x1, x2 = X[..., : dim // 2, :], X[..., dim // 2:, :]
                rotated = torch.cat([-x2, x1], dim=-2)                   # rotate_half
                return X * cos + rotated * sin
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # RoFormer's adjacent pairing rotate_every_two (the fix proposed in EleutherAI/gpt-neox #834 and zai-
    # org/ChatGLM-6B #838), which the contract names as not accepted. Same input: model Q' column 1 = [-0.8415, 0,
    # 0.5403, 0], entry [0, 0, 0.9999, 0.0100]. Fails the visible tests (1 failing).
    "blind53_rotary_adjacent_pairs_rotate_every_two": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def rotate(X, positions):
                dim, n = X.shape[-2], X.shape[-1]
                if positions is None:
                    positions = torch.arange(n)
                theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                angles = (theta[:, None] * positions.to(torch.float64)[None, :]).repeat_interleave(2, dim=0)
                cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
                even, odd = X[..., 0::2, :], X[..., 1::2, :]
                rotated = torch.stack([-odd, even], dim=-2).flatten(-3, -2)   # rotate_every_two: (-x1, x0, -x3, x2, ...)
                return X * cos + rotated * sin
            return rotate(Q, positions_q), rotate(K, positions_k)
'''),
    # The far bucket not capped at n - 1, the missing min() of huggingface/candle #1312. offsets [-200, 200] (32
    # buckets, max_distance 128): model [15, 31], entry [17, 33]. Fails the visible tests (3 failing).
    "blind53_relative_bucket_far_bucket_not_capped": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            relative_position = relative_position.long()
            buckets = torch.zeros_like(relative_position)
            if bidirectional:
                num_buckets //= 2
                buckets = buckets + (relative_position > 0).long() * num_buckets
                relative_position = relative_position.abs()
            else:
                relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
            max_exact = num_buckets // 2
            is_small = relative_position < max_exact
            if_large = max_exact + (torch.log(relative_position.float() / max_exact)
                                    / math.log(max_distance / max_exact) * (num_buckets - max_exact)).long()
            return buckets + torch.where(is_small, relative_position, if_large)    # no min(., num_buckets - 1)
'''),
    # Offsets taken as query - key (dmlc/gluon-nlp before #1470) instead of T5's key - query. offsets [-3, -1, 0, 1,
    # 3]: model [3, 1, 0, 17, 19], entry [19, 17, 0, 1, 3]. Fails the visible tests (4 failing).
    "blind53_relative_bucket_offset_query_minus_key": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            offset = -relative_position.long()              # relative position taken as query - key
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
    # Counts only non-overlapping occurrences of a pair (karpathy/minbpe #72), while the contract counts overlapping
    # pairs (aaa holds two (a, a)). train_bpe('aaa bc bc', 1): model [('a', 'a')], entry [('b', 'c')]. Fails the
    # visible tests (1 failing).
    "blind53_train_bpe_counts_non_overlapping_pairs": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            freq = Counter(tuple(w) for w in words)
            seg = {w: list(w) for w in freq}
            merges = []
            for _ in range(num_merges):
                counts = Counter()
                for w, f in freq.items():
                    s = seg[w]
                    i = 0
                    while i < len(s) - 1:
                        pair = (s[i], s[i + 1])
                        counts[pair] += f
                        # a run like "aaa" can only be merged once, so skip the overlapping second pair
                        i += 2 if i + 2 < len(s) and (s[i + 1], s[i + 2]) == pair else 1
                if not counts:
                    break
                best = max(counts, key=counts.get)
                merges.append(best)
                for w in seg:
                    seg[w] = merge_pair(seg[w], best)
            return merges
'''),
    # The Annotated Transformer's SublayerConnection, x + sublayer(norm(x)), used for the default post-LN layer too
    # (harvardnlp/annotated-transformer #1, #13, #110; hkproj/pytorch-transformer #29). X = arange(12).reshape(4, 3) /
    # 10, identity attention and FFN weights, zero biases, gamma 1, beta 0, H = 2: model column 0 [-1.1794, -0.5917,
    # 0.2979, 1.4732], entry [-1.3416, -0.1472, 1.4944, 3.5832]. Fails the visible tests (1 failing).
    "blind53_transformer_layer_sublayer_connection_norm_first_always": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # the Annotated Transformer's SublayerConnection: x + sublayer(norm(x)), used for both layouts
            def sublayer_connection(x, gamma, beta, sublayer):
                return x + sublayer(layer_norm(x, gamma, beta))
            X = sublayer_connection(X, params["gamma1"], params["beta1"],
                                    lambda y: multi_head_attention(y, y, params, num_heads, mask))
            X = sublayer_connection(X, params["gamma2"], params["beta2"],
                                    lambda y: feed_forward(y, params["W1"], params["b1"], params["W2"], params["b2"]))
            return X
'''),
    # Softmax over the last axis of the (H, W) scores before flattening (gjylt/DoubleAttentionNet #3; keras-
    # team/keras-io #1904): each row sums to 1 instead of the whole grid. s = 0, features [[[1, 2], [3, 4]]] (C = 1),
    # W = 0, U = v = 1: model weights [[0.2103, 0.2575], [0.2656, 0.2667]], entry [[0.4496, 0.5504], [0.4989,
    # 0.5011]]. Fails the visible tests (2 failing).
    "blind53_grid_attention_softmax_within_each_row": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            query = (s @ W.T)[..., :, None, None]                        # (..., D_a, 1, 1)
            hidden = torch.tanh(torch.einsum("ac,...chw->...ahw", U, features) + query)
            scores = torch.einsum("a,...ahw->...hw", v, hidden)          # (..., H, W)
            weights = torch.softmax(scores, dim=-1)                      # softmax over the last axis
            context = torch.einsum("...hw,...chw->...c", weights, features)
            return weights, context
'''),
    # Hidden positions filled with -1e9 before the softmax (keras-team/keras #21149): a state that sees no position
    # gets uniform weights and the mean context instead of zeros. s = [0], H = [[1, 3]], W = U = v = 1, mask [F, F]:
    # model (weights [0, 0], context [0]), entry ([0.5, 0.5], [2]). Fails the visible tests (1 failing).
    "blind53_additive_attention_fill_minus_1e9": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))          # (..., D_a, N)
            scores = (v @ hidden) if hidden.dim() == 2 else torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, -1e9)                # a large negative number for hidden positions
            weights = torch.softmax(scores, dim=-1)
            context = (H @ weights.unsqueeze(-1)).squeeze(-1)
            return weights, context
'''),
    # is_causal passed to the cross-attention as well as the self-attention (onlybooks/llm #4; zhouhaoyi/Informer2020
    # #38): decoder query i only sees encoder positions j <= i. X_dec = arange(12).reshape(4, 3)[:, :2] / 10, X_enc =
    # arange(8).reshape(4, 2).flip(0) / 4, identity weights, H = 2: model column 0 [-1.1775, -0.6099, 0.3261, 1.4613],
    # entry [-1.1795, -0.5898, 0.2949, 1.4744]. Passes the visible tests.
    "blind53_decoder_layer_cross_attention_also_causal": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            n_dec, n_enc = X_dec.shape[-1], X_enc.shape[-1]
            causal = causal_mask(n_dec)
            # is_causal passed to both attentions: query i may see encoder positions j <= i
            cross = torch.arange(n_enc)[:, None] <= torch.arange(n_dec)[None, :]
            if enc_mask is not None:
                cross = cross & enc_mask
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads, causal),
                           params["gamma1"], params["beta1"])
            X = layer_norm(X + multi_head_attention(X, X_enc, params["cross_attn"], num_heads, cross),
                           params["gamma2"], params["beta2"])
            X = layer_norm(X + feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"]),
                           params["gamma3"], params["beta3"])
            return X
'''),
}

RIGHT_BLIND_53 = {
    # Right: the expected_LayerNorm of pytorch/pytorch #51102, torch.var(unbiased=False) (biased) with eps inside the
    # square root, the fix harvardnlp/annotated-transformer PR #119 asks for.
    "blind53_right_layer_norm_var_unbiased_false": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            # expected_LayerNorm of the PyTorch issue: (c - mean(c)) / sqrt(var(c, unbiased=False) + eps)
            centred = X - torch.mean(X, dim=-2, keepdim=True)
            spread = torch.var(X, dim=-2, unbiased=False, keepdim=True)
            return gamma.unsqueeze(-1) * (centred / torch.sqrt(spread.add(eps))) + beta.unsqueeze(-1)
'''),
    # Right: pytorch/pytorch #81090's own implementation, (x - mean) * rsqrt(var(correction=0) + eps); rsqrt(v + eps)
    # is 1/sqrt(v + eps).
    "blind53_right_layer_norm_rsqrt_of_variance_plus_eps": ("transformer_layer", "layer_norm", '''
        def layer_norm(X, gamma, beta, eps=1e-5):
            e = X.mean(dim=-2, keepdim=True)
            v = X.var(dim=-2, correction=0, keepdim=True)
            return (X - e) * torch.rsqrt(v + eps) * gamma[:, None] + beta[:, None]
'''),
    # Right: the fix of bojone/attention #2 (stack sin and cos on a new axis, then reshape) interleaves sin and cos
    # rows; angles in float64, the table in the default dtype; an odd D keeps its last sine row.
    "blind53_right_sinusoidal_sin_cos_stacked_then_interleaved": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            dtype = torch.get_default_dtype()
            n_sin = (dim + 1) // 2
            rate = torch.exp(-math.log(10000.0) * torch.arange(0, dim, 2, dtype=torch.float64) / dim)   # (n_sin,)
            angle = rate[:, None] * torch.arange(num_positions, dtype=torch.float64)[None, :]
            pairs = torch.stack([angle.sin(), angle.cos()], dim=1)          # (n_sin, 2, N): sin, cos interleaved
            table = pairs.reshape(2 * n_sin, num_positions)[:dim]           # an odd D drops the last cosine row
            return table.to(dtype)
'''),
    # Right: the per-entry loop of lucidrains/denoising-diffusion-pytorch #76 (output[j, 2i] = sin, output[j, 2i+1] =
    # cos), written with math in double precision and stored in the default dtype.
    "blind53_right_sinusoidal_python_loop_of_math": ("embeddings", "sinusoidal_positions", '''
        def sinusoidal_positions(num_positions, dim):
            rows = []
            for r in range(dim):
                i = r // 2
                freq = 1.0 / (10000 ** (2 * i / dim))
                f = math.sin if r % 2 == 0 else math.cos
                rows.append([f(n * freq) for n in range(num_positions)])
            return torch.tensor(rows, dtype=torch.get_default_dtype()).reshape(dim, num_positions)
'''),
    # Right: the prefix-sum fix of rasbt/reasoning-from-scratch #164 (keep a token iff the mass before it is < p),
    # which keeps the crossing token; the prefix is the same cumsum shifted, so it keeps exactly the contract's
    # shortest prefix.
    "blind53_right_top_p_prefix_mass_below_p": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            if temperature == 0:
                return torch.nn.functional.one_hot(torch.argmax(logits), logits.shape[-1]).to(logits.dtype)
            probas = torch.softmax(logits / temperature, dim=-1)
            if top_k is not None:
                ranked = torch.argsort(probas, descending=True, stable=True)
                probas = torch.zeros_like(probas).scatter(0, ranked[:top_k], probas[ranked[:top_k]])
                probas = probas / probas.sum()
            if top_p is not None:
                sorted_probas, ranked = torch.sort(probas, descending=True, stable=True)
                cumprobas = torch.cumsum(sorted_probas, dim=0)
                prefix = torch.cat([torch.zeros_like(cumprobas[:1]), cumprobas[:-1]])   # mass before each token
                keep_sorted = prefix < top_p
                probas = torch.zeros_like(probas).scatter(0, ranked[keep_sorted], sorted_probas[keep_sorted])
            return probas / probas.sum()
'''),
    # Right: the fix of Lightning-AI/litgpt #729 (scatter the k ranked values instead of thresholding), ranked with a
    # stable descending sort so ties go to lower ids; k >= V keeps everything.
    "blind53_right_top_k_scatter_of_ranked_values": ("sampling", "next_token_probs", '''
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            # (the stub's input checks)
            V = logits.shape[-1]
            if temperature == 0:
                out = torch.zeros_like(logits)
                return out.index_fill(0, torch.argmax(logits).reshape(1), 1.0)
            scaled = logits / temperature
            if top_k is not None and top_k < V:
                v, i = torch.sort(scaled, descending=True, stable=True)
                scaled = torch.full_like(scaled, float("-inf")).scatter(0, i[:top_k], v[:top_k])
            probs = torch.softmax(scaled, dim=-1)
            if top_p is not None:
                v, i = torch.sort(probs, descending=True, stable=True)
                below = torch.cumsum(v, dim=0) < top_p
                count = min(int(below.sum()) + 1, V)
                probs = torch.zeros_like(probs).scatter(0, i[:count], v[:count])
            return probs / probs.sum()
'''),
    # Right: the correct code of reczoo/FuxiCTR #30 and jsbaan/transformer-from-scratch #6 ported: rows viewed as (N,
    # H, d) then transposed to (H, N, d); after attention the head axis is moved back next to d before the merge.
    "blind53_right_mha_rows_view_then_transpose": ("multihead", "multi_head_attention", '''
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            # (the stub's input checks)
            from .softmax import softmax_cols
            head_dim = dim // num_heads
            def to_heads(Y):
                rows = Y.transpose(-2, -1)                                   # (..., N, D)
                return rows.reshape(*rows.shape[:-1], num_heads, head_dim).transpose(-3, -2)   # (..., H, N, d)
            q = to_heads(linear(Xq, params["Wq"], params["bq"]))
            k = to_heads(linear(Xkv, params["Wk"], params["bk"]))
            v = to_heads(linear(Xkv, params["Wv"], params["bv"]))
            scores = k @ q.transpose(-2, -1) / math.sqrt(head_dim)          # (..., H, N_k, N_q)
            if mask is not None:
                scores = scores.masked_fill(~mask.unsqueeze(-3), float("-inf"))
            attn = softmax_cols(scores)
            context = attn.transpose(-2, -1) @ v                             # (..., H, N_q, d)
            context = context.transpose(-3, -2)                              # (..., N_q, H, d): permute first
            merged = context.reshape(*context.shape[:-2], num_heads * head_dim)
            return linear(merged.transpose(-2, -1), params["Wo"], params["bo"])
'''),
    # Right: XLM/FlauBERT scale q before the product (facebookresearch/XLM #357; huggingface/transformers #22444
    # reverted the 'fix'): (Q / sqrt(d))^T-products equal KᵀQ / sqrt(d).
    "blind53_right_sdpa_query_scaled_before_product": ("attention", "scaled_dot_product_attention", '''
        def scaled_dot_product_attention(Q, K, V, mask=None):
            # (the stub's input checks)
            q = Q / math.sqrt(Q.shape[-2])                 # scale q first, as XLM / FlauBERT do
            scores = K.transpose(-2, -1) @ q
            if mask is not None:
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
'''),
    # Right: in the (key, query) layout the visible pairs j <= i are the upper triangle, triu of ones (the
    # simplification of hkproj/pytorch-transformer #24, transposed to columns).
    "blind53_right_causal_mask_upper_triangle_of_ones": ("masking", "causal_mask", '''
        def causal_mask(n):
            # rows are keys, columns queries: key j visible to query i iff j <= i, the upper triangle
            return torch.ones(n, n, dtype=torch.bool).triu()
'''),
    # Right: nanoGPT's tril table (karpathy/nanoGPT #170) is (query, key); its transpose is the course's (key, query)
    # mask.
    "blind53_right_causal_mask_nanogpt_tril_transposed": ("masking", "causal_mask", '''
        def causal_mask(n):
            bias = torch.tril(torch.ones(n, n))            # nanoGPT's (query, key) table
            return (bias == 1).T                           # the course's (key, query) layout
'''),
    # Right: the fix of keras-team/keras #21149 (softmax with a finite fill, then multiply by the mask): hidden
    # entries get 0 and a dead column comes out zeros; torch.softmax is stable for +-1e4.
    "blind53_right_softmax_cols_finite_fill_then_mask_product": ("softmax", "softmax_cols", '''
        def softmax_cols(scores):
            visible = scores != float("-inf")
            filled = scores.masked_fill(~visible, torch.finfo(scores.dtype).min)
            return torch.softmax(filled, dim=-2) * visible.to(scores.dtype)    # a dead column becomes zeros
'''),
    # Right: Hugging Face's DataCollatorForLanguageModeling order (huggingface/transformers #1927: 0.8, then 0.5 of
    # the remaining 20 % = 10 %), all draws from the generator.
    "blind53_right_mlm_hf_collator_point_five_of_rest": ("pretraining", "mlm_corrupt", '''
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            labels = ids.clone().long()
            special = torch.as_tensor(special_ids, dtype=ids.dtype).reshape(-1)
            probability_matrix = torch.full(ids.shape, float(mask_prob))
            probability_matrix.masked_fill_(torch.isin(ids, special), 0.0)
            masked_indices = torch.bernoulli(probability_matrix, generator=generator).bool()
            labels[~masked_indices] = -100
            inputs = ids.clone()
            indices_replaced = torch.bernoulli(torch.full(ids.shape, 0.8), generator=generator).bool() & masked_indices
            inputs[indices_replaced] = mask_id
            # half of the remaining 20 %: 10 % of the chosen tokens
            indices_random = (torch.bernoulli(torch.full(ids.shape, 0.5), generator=generator).bool()
                              & masked_indices & ~indices_replaced)
            random_words = torch.randint(vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            inputs[indices_random] = random_words[indices_random]
            return inputs, labels
'''),
    # Right: the fix of NVIDIA/DeepLearningExamples #421, redrawing the random document until it differs from A's,
    # which is uniform over the other documents.
    "blind53_right_nsp_other_document_by_rejection": ("pretraining", "nsp_pairs", '''
        def nsp_pairs(documents, generator=None):
            # (the stub's input checks)
            examples = []
            for d, doc in enumerate(documents):
                for k in range(len(doc) - 1):
                    if torch.rand(1, generator=generator).item() < 0.5:
                        examples.append((doc[k], doc[k + 1], 0))
                        continue
                    r = d
                    while r == d:                              # redraw until another document comes up
                        r = int(torch.randint(0, len(documents), (1,), generator=generator))
                    rand_doc = documents[r]
                    j = int(torch.randint(0, len(rand_doc), (1,), generator=generator))
                    examples.append((doc[k], rand_doc[j], 1))
            return examples
'''),
    # Right: Hugging Face's shift (logits[..., :-1] against labels[..., 1:], huggingface/transformers #404, eric-
    # mitchell/direct-preference-optimization #61), in the (V, N) layout.
    "blind53_right_sequence_log_prob_shifted_logits_gather": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            logits = model(ids)                                # (V, N)
            shift_logits = logits[:, :-1]                      # column n - 1 predicts ids[n]
            shift_labels = ids[1:]
            log_probs = torch.log_softmax(shift_logits, dim=0)
            return log_probs.gather(0, shift_labels[None, :]).sum()
'''),
    # Right: the fix of tensorflow/tensorflow #38248 (pass the previous state), with torch.gru_cell, the function
    # behind nn.GRUCell, on flattened batch axes.
    "blind53_right_decoder_step_gru_cell_given_previous_state": ("rnn_attention", "attention_decoder_step", '''
        def attention_decoder_step(s_prev, y_prev, H, params, mask=None):
            # (the stub's input checks)
            weights, context = additive_attention(s_prev, H, params["W"], params["U"], params["v"], mask)
            x = stack(y_prev, context)                                   # (..., E + D_h)
            batch = x.shape[:-1]
            h = s_prev.expand(*batch, s_prev.shape[-1])
            s = torch.gru_cell(x.reshape(-1, x.shape[-1]), h.reshape(-1, h.shape[-1]), params["weight_ih"],
                               params["weight_hh"], params["bias_ih"], params["bias_hh"]).reshape(*batch, -1)
            logits = torch.cat([s, context.expand(*batch, context.shape[-1])], dim=-1) @ params["W_out"].T
            return s, logits + params["b_out"], weights
'''),
    # Right: the Swin-Transformer code of microsoft/Swin-Transformer #38 with the slices on the (H, W) axes (the
    # indexing zsyOAOA/ResShift #81 got wrong); equal labels = visible; shift 0 gives all True.
    "blind53_right_shifted_window_mask_swin_slice_labels": ("swin", "shifted_window_mask", '''
        def shifted_window_mask(height, width, window, shift):
            # (the stub's input checks)
            if shift == 0:
                return torch.ones((height // window) * (width // window), window * window, window * window,
                                  dtype=torch.bool)
            img_mask = torch.zeros(height, width)
            h_slices = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
            w_slices = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
            cnt = 0
            for h in h_slices:
                for w in w_slices:
                    img_mask[h, w] = cnt
                    cnt += 1
            mask_windows = window_partition(img_mask[None], window)[:, 0]     # (nW, M*M)
            attn_mask = mask_windows[:, None, :] - mask_windows[:, :, None]
            return attn_mask == 0
'''),
    # Right: the rearrange of HuCaoFighting/Swin-Unet #48 with the block axes in the order Swin's x0..x3 need, '(p2 p1
    # c)': TL, BL, TR, BR.
    "blind53_right_patch_merging_reshape_column_major_blocks": ("swin", "patch_merging", '''
        def patch_merging(X, gamma, beta, W, eps=1e-5):
            # (the stub's input checks)
            *batch, C, H, Wd = X.shape
            blocks = X.reshape(*batch, C, H // 2, 2, Wd // 2, 2)             # (..., c, h, p1, w, p2)
            merged = blocks.permute(*range(len(batch)), -1, -3, -5, -4, -2)   # (..., p2, p1, c, h, w)
            merged = merged.reshape(*batch, 4 * C, H // 2, Wd // 2)          # TL, BL, TR, BR
            tokens = layer_norm(merged.flatten(-2), gamma, beta, eps)
            return (W @ tokens).unflatten(-1, (H // 2, Wd // 2))
'''),
    # Right: nn.Unfold's column order is (channel, kernel row, kernel column) with blocks in row-major order, exactly
    # the contract's patch columns (the same call that gives patch merging the wrong order, berniwal/swin-transformer-
    # pytorch #22).
    "blind53_right_patchify_nn_unfold_columns": ("patch_embedding", "patchify", '''
        def patchify(images, patch_size):
            # (the stub's input checks)
            # nn.Unfold's columns are (channel, kernel row, kernel column), blocks in row-major order
            return torch.nn.functional.unfold(images, kernel_size=patch_size, stride=patch_size)
'''),
    # Right: NeMo's answer in NVIDIA-NeMo/Speech #6923 ('not a bug'): rotate_half with emb = cat(freqs, freqs) pairs
    # rows i and i + D/2 at one angle, the contract's convention; angles in float64.
    "blind53_right_rotary_neox_rotate_half_concatenated_freqs": ("positions", "rotary_embedding", '''
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):
            # (the stub's input checks)
            def apply(X, positions):
                dim, n = X.shape[-2], X.shape[-1]
                t = torch.arange(n, dtype=torch.float64) if positions is None else positions.to(torch.float64)
                inv_freq = 1.0 / base ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim)
                freqs = torch.einsum("i,j->ij", inv_freq, t)                  # (D/2, N)
                emb = torch.cat((freqs, freqs), dim=0)                        # (D, N)
                x1, x2 = X[..., : dim // 2, :], X[..., dim // 2:, :]
                return X * emb.cos().to(X.dtype) + torch.cat((-x2, x1), dim=-2) * emb.sin().to(X.dtype)
            return apply(Q, positions_q), apply(K, positions_k)
'''),
    # Right: Hugging Face's T5 _relative_position_bucket with the min(..., n - 1) cap that huggingface/candle #1312
    # restored; key - query offsets, the log in float32.
    "blind53_right_relative_bucket_hf_t5_with_min_cap": ("positions", "relative_position_bucket", '''
        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            relative_position = relative_position.long()
            relative_buckets = torch.zeros_like(relative_position)
            if bidirectional:
                num_buckets //= 2
                relative_buckets += (relative_position > 0).to(torch.long) * num_buckets
                relative_position = torch.abs(relative_position)
            else:
                relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
            max_exact = num_buckets // 2
            is_small = relative_position < max_exact
            relative_position_if_large = max_exact + (
                torch.log(relative_position.float() / max_exact)
                / math.log(max_distance / max_exact)
                * (num_buckets - max_exact)
            ).to(torch.long)
            relative_position_if_large = torch.min(
                relative_position_if_large, torch.full_like(relative_position_if_large, num_buckets - 1))
            relative_buckets += torch.where(is_small, relative_position, relative_position_if_large)
            return relative_buckets
'''),
    # Right: minbpe's get_stats (zip(ids, ids[1:]), overlapping pairs, karpathy/minbpe #72 as merged) weighted by word
    # frequency; dicts keep first-seen order, so max() breaks ties as the contract says.
    "blind53_right_train_bpe_minbpe_get_stats_overlapping": ("bpe", "train_bpe", '''
        def train_bpe(corpus, num_merges):
            words = split_words(corpus, "corpus")
            vocab = {}
            for w in words:
                vocab[tuple(w)] = vocab.get(tuple(w), 0) + 1
            pieces = {w: list(w) for w in vocab}
            merges = []
            for _ in range(num_merges):
                stats = {}
                for w, count in vocab.items():
                    ids = pieces[w]
                    for pair in zip(ids, ids[1:]):               # every adjacent pair, overlapping ones too
                        stats[pair] = stats.get(pair, 0) + count
                if not stats:
                    break
                pair = max(stats, key=stats.get)
                merges.append(pair)
                pieces = {w: merge_pair(p, pair) for w, p in pieces.items()}
            return merges
'''),
    # Right: the SublayerConnection fix proposed in harvardnlp/annotated-transformer #13 (norm(x + sublayer(x))) for
    # the default, and the pre-LN form for norm_first.
    "blind53_right_transformer_layer_sublayer_connection_norm_last": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            def sublayer_connection(x, gamma, beta, sublayer):
                if norm_first:
                    return x + sublayer(layer_norm(x, gamma, beta))
                return layer_norm(x + sublayer(x), gamma, beta)       # the paper: LayerNorm(x + Sublayer(x))
            X = sublayer_connection(X, params["gamma1"], params["beta1"],
                                    lambda y: multi_head_attention(y, y, params, num_heads, mask))
            return sublayer_connection(X, params["gamma2"], params["beta2"],
                                       lambda y: feed_forward(y, params["W1"], params["b1"], params["W2"], params["b2"]))
'''),
    # Right: the fix of gjylt/DoubleAttentionNet #3: flatten the grid, one softmax over all H*W cells, then unflatten.
    "blind53_right_grid_attention_softmax_over_flattened_grid": ("rnn_attention", "grid_attention", '''
        def grid_attention(s, features, W, U, v):
            # (the stub's input checks)
            h, w = features.shape[-2:]
            cells = features.flatten(-2)                                   # (..., C, H*W)
            hidden = torch.tanh(U @ cells + (s @ W.T)[..., None])
            scores = (v[:, None] * hidden).sum(-2)                         # (..., H*W)
            weights = torch.softmax(scores, dim=-1)                        # one softmax over every cell
            context = (cells * weights[..., None, :]).sum(-1)
            return weights.reshape(*weights.shape[:-1], h, w), context
'''),
    # Right: the keras-team/keras #21149 fix ported: finite fill, softmax, multiply by the mask, so an all-hidden
    # state gets zeros; a partly hidden one is unchanged (exp underflows to 0).
    "blind53_right_additive_attention_softmax_times_mask": ("rnn_attention", "additive_attention", '''
        def additive_attention(s, H, W, U, v, mask=None):
            # (the stub's input checks)
            hidden = torch.tanh(U @ H + (s @ W.T).unsqueeze(-1))
            scores = torch.einsum("a,...an->...n", v, hidden)
            if mask is not None:
                scores = scores.masked_fill(~mask, torch.finfo(scores.dtype).min)
            weights = torch.softmax(scores, dim=-1)
            if mask is not None:
                weights = weights * mask.to(weights.dtype)       # an all-hidden state: zeros, not uniform
            context = torch.einsum("...n,...dn->...d", weights, H)
            return weights, context
'''),
    # Right: the correction in onlybooks/llm #4: causal mask on the self-attention only, the encoder padding mask on
    # the cross-attention.
    "blind53_right_decoder_layer_causal_on_self_attention_only": ("cross_attention", "decoder_layer", '''
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            def add_norm(x, y, k):
                return layer_norm(x + y, params[f"gamma{k}"], params[f"beta{k}"])
            x = add_norm(X_dec, multi_head_attention(X_dec, X_dec, params["self_attn"], num_heads,
                                                     mask=causal_mask(X_dec.shape[-1])), 1)
            x = add_norm(x, multi_head_attention(x, X_enc, params["cross_attn"], num_heads, mask=enc_mask), 2)
            return add_norm(x, feed_forward(x, params["W1"], params["b1"], params["W2"], params["b2"]), 3)
'''),
    # Right: facebookresearch/detr #96's mask (True at padding) inverted back to the course's True = visible, with the
    # query axis.
    "blind53_right_padding_mask_not_padded": ("masking", "padding_mask", '''
        def padding_mask(lengths, n):
            padded = torch.arange(n, device=lengths.device) >= lengths.unsqueeze(-1)   # (B, n): True at padding
            return (~padded).unsqueeze(-1)                                          # True = visible key
'''),
    # Right: the course's convention spelled with torch.where(mask, scores, -inf) (the inverse of
    # nn.MultiheadAttention's, pytorch/pytorch #39321).
    "blind53_right_apply_mask_where_visible": ("masking", "apply_mask", '''
        def apply_mask(scores, mask):
            # (the stub's input checks)
            hidden = scores.new_full((), float("-inf"))
            return torch.where(mask, scores, hidden)
'''),
}
