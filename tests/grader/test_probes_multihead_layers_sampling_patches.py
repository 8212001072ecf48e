"""Generality probes of the hidden suites of multihead, transformer_layer, cross_attention, sampling and patch_embedding:
wrong implementations outside the catalogue that an earlier version of the hidden suites let through, and
correct alternatives that the suites must keep accepting. Each probe is appended to the model answer's module
(later definitions win) and graded through the sandbox, one exercise at a time."""
import shutil
import textwrap
from pathlib import Path

import pytest

from grader.api import grade

ROOT = Path(__file__).resolve().parents[2]


def submission_with(folder: Path, exercise: str, extra_source: str) -> Path:
    """A copy of the model answers with ``extra_source`` appended to one module (its defs override)."""
    shutil.copytree(ROOT / "solutions", folder, ignore=shutil.ignore_patterns("__pycache__"))
    module = folder / f"{exercise}.py"
    module.write_text(module.read_text(encoding="utf-8") + "\n\n" + textwrap.dedent(extra_source), encoding="utf-8")
    return folder

# name -> (exercise, the check that must fail or None for any, source)
MISTAKES = {
    # Once right: they give NaN where a query sees no key, which the contract (inherited from softmax_cols) forbids.
    "mh_einsum_block_nan_on_unseeing_queries": ("multihead", "test_clause_multi_head_attention_fully_masked_query", """
        import math

        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            D = Xq.shape[-2]
            if D % num_heads: raise ValueError("num_heads must divide D")
            d = D // num_heads
            Wq = params["Wq"].reshape(num_heads, d, D) / math.sqrt(d)
            Q = torch.einsum("hed,...dn->...hen", Wq, Xq) + (params["bq"] / math.sqrt(d)).reshape(num_heads, d, 1)
            K = torch.einsum("hed,...dn->...hen", params["Wk"].reshape(num_heads, d, D), Xkv) + params["bk"].reshape(num_heads, d, 1)
            V = torch.einsum("hed,...dn->...hen", params["Wv"].reshape(num_heads, d, D), Xkv) + params["bv"].reshape(num_heads, d, 1)
            s = torch.einsum("...hek,...heq->...hkq", K, Q)
            if mask is not None: s = torch.where(mask.unsqueeze(-3), s, torch.tensor(float("-inf"), dtype=s.dtype))
            w = torch.exp(s - s.amax(dim=-2, keepdim=True)); w = w / w.sum(-2, keepdim=True)
            A = torch.einsum("...hek,...hkq->...heq", V, w)
            return torch.einsum("ohe,...heq->...oq", params["Wo"].reshape(D, num_heads, d), A) + params["bo"][:, None]
    """),
    "ca_mask_bias_nan_on_unseeing_queries": ("cross_attention", "test_clause_cross_attention_fully_masked_query", """
        import math

        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            D = X_dec.shape[-2]; H = num_heads; d = D // H
            sp = lambda Y: Y.unflatten(-2, (H, d))
            Q = sp(params["Wq"] @ X_dec + params["bq"][:, None]) / math.sqrt(d)
            K = sp(params["Wk"] @ X_enc + params["bk"][:, None]); V = sp(params["Wv"] @ X_enc + params["bv"][:, None])
            s = K.transpose(-2, -1) @ Q
            if enc_mask is not None: s = s + torch.zeros_like(enc_mask, dtype=s.dtype).masked_fill(~enc_mask, float("-inf")).unsqueeze(-3)
            w = torch.softmax(s, -2)
            return params["Wo"] @ (V @ w).flatten(-3, -2) + params["bo"][:, None]
    """),
    "mh_mask_first_head_only": ("multihead", 'test_random_masks', """
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            D = Xq.shape[-2]
            if D % num_heads: raise ValueError("num_heads")
            d = D // num_heads
            Q = linear(Xq, params["Wq"], params["bq"]); K = linear(Xkv, params["Wk"], params["bk"]); V = linear(Xkv, params["Wv"], params["bv"])
            heads = [scaled_dot_product_attention(Q[..., h*d:(h+1)*d, :], K[..., h*d:(h+1)*d, :], V[..., h*d:(h+1)*d, :], mask if h == 0 else None)[0] for h in range(num_heads)]
            return linear(torch.cat(heads, -2), params["Wo"], params["bo"])
    """),
    "tl_ln_ignores_eps": ("transformer_layer", 'test_layer_norm_eps_argument', """
        def layer_norm(X, gamma, beta, eps=1e-5):
            m = X.mean(-2, keepdim=True); v = X.var(-2, unbiased=False, keepdim=True)
            return (X - m) / torch.sqrt(v + 1e-5) * gamma[:, None] + beta[:, None]
    """),
    "ca_mask_transposed": ("cross_attention", 'test_random_encoder_masks', """
        _r = cross_attention
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            return _r(X_dec, X_enc, params, num_heads, None if enc_mask is None else enc_mask.transpose(-2, -1) if enc_mask.shape[-1] == enc_mask.shape[-2] else enc_mask)
    """),
    "sa_generate_eos0_falsy": ("sampling", 'test_generate_random_cases', """
        _g = generate
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None, generator=None, context_size=None):
            return _g(model, prompt, max_new_tokens, temperature, top_k, top_p, eos_id or None, generator, context_size)
    """),
    "sa_beam_ties_reversed": ("sampling", 'test_beam_search_ties', """
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                cands = []
                for s, ids, f in beams:
                    if f: cands.append((s, ids, f)); continue
                    lp = torch.log_softmax(model(ids)[:, -1].double(), 0)
                    for t, v in enumerate(lp.tolist()):
                        cands.append((s + v, torch.cat([ids, torch.tensor([t])]), t == eos_id))
                cands = sorted(cands, key=lambda c: c[0])[::-1]
                beams = cands[:beam_width]
                if all(f for _, _, f in beams): break
            return beams[0][1]
    """),
    "sa_beam_topk_flat": ("sampling", 'test_beam_search_ties', """
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                cands = []
                for s, ids, f in beams:
                    if f: cands.append((s, ids, f)); continue
                    lp = torch.log_softmax(model(ids)[:, -1].double(), 0)
                    for t, v in enumerate(lp.tolist()):
                        cands.append((s + v, torch.cat([ids, torch.tensor([t])]), t == eos_id))
                scores = torch.tensor([c[0] for c in cands])
                top = torch.topk(scores, min(beam_width, len(cands))).indices.tolist()
                beams = [cands[i] for i in top]
                if all(f for _, _, f in beams): break
            return beams[0][1]
    """),
    "sa_beam_finished_aside": ("sampling", None, """
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            beams = [(0.0, prompt)]; done = []
            for _ in range(max_new_tokens):
                cands = []
                for s, ids in beams:
                    lp = torch.log_softmax(model(ids)[:, -1].double(), 0)
                    for t, v in enumerate(lp.tolist()):
                        cands.append((s + v, torch.cat([ids, torch.tensor([t])])))
                cands.sort(key=lambda c: -c[0])
                beams = []
                for s, ids in cands:
                    if eos_id is not None and int(ids[-1]) == eos_id: done.append((s, ids))
                    else: beams.append((s, ids))
                    if len(beams) == beam_width: break
                if not beams: break
            best = sorted(done + beams, key=lambda c: -c[0])
            return best[0][1]
    """),
    "sa_topp_ties_higher_id": ("sampling", 'test_random_ties', """
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            if temperature == 0:
                p = torch.zeros_like(logits); p[torch.argmax(logits)] = 1.0; return p
            probs = torch.softmax(logits / temperature, -1)
            if top_k is not None:
                order = torch.sort(probs, descending=True, stable=True).indices
                keep = torch.zeros_like(probs, dtype=torch.bool); keep[order[:top_k]] = True
                probs = torch.where(keep, probs, 0.0); probs = probs / probs.sum()
            if top_p is not None:
                order = torch.sort(probs.flip(0), descending=True, stable=True).indices.flip(0)
                order = len(probs) - 1 - torch.sort(probs.flip(0), descending=True, stable=True).indices
                c = torch.cumsum(probs[order], 0)
                n = min(int((c < top_p).sum()) + 1, len(probs))
                keep = torch.zeros_like(probs, dtype=torch.bool); keep[order[:n]] = True
                probs = torch.where(keep, probs, 0.0)
            return probs / probs.sum()
    """),
    "pe_valueerror_product": ("patch_embedding", 'test_patchify_rejects_indivisible_images', """
        _p = patchify
        def patchify(images, patch_size):
            B, C, H, W = images.shape
            if (H * W) % (patch_size * patch_size): raise ValueError("images: H*W must be a multiple of P*P")
            P = patch_size
            if H % P or W % P:
                return torch.zeros(B, C * P * P, (H * W) // (P * P), dtype=images.dtype)
            return _p(images, patch_size)
    """),
    # Written as a correct alternative (its values are right). Wrong since docs/contract.md states the rule the
    # capstone always relied on, that autograd reaches every weight: weights copied under no_grad get none.
    "ca_torch_decoder_layer_weights_copied": ("cross_attention", "test_clause_decoder_layer_gradients", """
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            p = params; D = X_dec.shape[-2]
            layer = torch.nn.TransformerDecoderLayer(D, num_heads, dim_feedforward=p["W1"].shape[0], dropout=0.0, batch_first=True, dtype=X_dec.dtype)
            with torch.no_grad():
                for name, a in (("self_attn", layer.self_attn), ("cross_attn", layer.multihead_attn)):
                    a.in_proj_weight.copy_(torch.cat([p[name]["Wq"], p[name]["Wk"], p[name]["Wv"]]))
                    a.in_proj_bias.copy_(torch.cat([p[name]["bq"], p[name]["bk"], p[name]["bv"]]))
                    a.out_proj.weight.copy_(p[name]["Wo"]); a.out_proj.bias.copy_(p[name]["bo"])
                layer.linear1.weight.copy_(p["W1"]); layer.linear1.bias.copy_(p["b1"]); layer.linear2.weight.copy_(p["W2"]); layer.linear2.bias.copy_(p["b2"])
                for k, n in ((1, layer.norm1), (2, layer.norm2), (3, layer.norm3)):
                    n.weight.copy_(p[f"gamma{k}"]); n.bias.copy_(p[f"beta{k}"])
            layer.eval()
            batch = X_dec.shape[:-2]; Nd, Ne = X_dec.shape[-1], X_enc.shape[-1]
            tgt = X_dec.transpose(-2, -1).reshape(-1, Nd, D); mem = X_enc.transpose(-2, -1).reshape(-1, Ne, D)
            tmask = torch.triu(torch.full((Nd, Nd), float("-inf"), dtype=X_dec.dtype), 1)
            mmask = None
            if enc_mask is not None:
                m = enc_mask.expand(*batch, Ne, Nd).reshape(-1, Ne, Nd).transpose(-2, -1)
                mmask = torch.zeros(m.shape, dtype=X_dec.dtype).masked_fill(~m, float("-inf")).repeat_interleave(num_heads, 0)
            out = layer(tgt, mem, tgt_mask=tmask, memory_mask=mmask)
            return out.reshape(*batch, Nd, D).transpose(-2, -1)
    """),
}

CORRECT = {
    "mh_right_sdpa_builtin": ("multihead", """
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            D = Xq.shape[-2]
            if D % num_heads: raise ValueError(f"num_heads {num_heads} must divide D={D}")
            d = D // num_heads
            proj = lambda X, W, b: (X.transpose(-2, -1) @ W.T + b).unflatten(-1, (num_heads, d)).transpose(-3, -2)  # (..., H, N, d)
            q, k, v = proj(Xq, params["Wq"], params["bq"]), proj(Xkv, params["Wk"], params["bk"]), proj(Xkv, params["Wv"], params["bv"])
            am = None if mask is None else mask.transpose(-2, -1).unsqueeze(-3)
            o = torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=am)
            o = o.transpose(-3, -2).flatten(-2)
            return (o @ params["Wo"].T + params["bo"]).transpose(-2, -1)
    """),
    "tl_right_one_pass_var_f32": ("transformer_layer", """
        def layer_norm(X, gamma, beta, eps=1e-5):
            m = X.mean(-2, keepdim=True); v = (X * X).mean(-2, keepdim=True) - m * m
            return (X - m) / torch.sqrt(v + eps) * gamma[:, None] + beta[:, None]
    """),
    "tl_right_group_norm": ("transformer_layer", """
        def layer_norm(X, gamma, beta, eps=1e-5):
            D, N = X.shape[-2], X.shape[-1]
            x = X.transpose(-2, -1).reshape(-1, D, 1)
            y = torch.nn.functional.group_norm(x, 1, gamma, beta, eps)
            return y.reshape(*X.shape[:-2], N, D).transpose(-2, -1)
    """),
    "sa_right_temp_power": ("sampling", """
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            if temperature == 0:
                p = torch.zeros_like(logits); p[int(torch.nonzero(logits == logits.max())[0])] = 1; return p
            probs = torch.exp(torch.log_softmax(logits, -1) / temperature); probs = probs / probs.sum()
            ids = sorted(range(len(probs)), key=lambda i: (-float(probs[i]), i))
            keep = set(range(len(probs)))
            if top_k is not None:
                keep = set(ids[:top_k]); probs = torch.tensor([float(probs[i]) if i in keep else 0.0 for i in range(len(probs))], dtype=logits.dtype); probs = probs / probs.sum()
            if top_p is not None:
                total, kept = 0.0, set()
                for i in ids:
                    if i not in keep: continue
                    kept.add(i); total += float(probs[i])
                    if total >= top_p: break
                probs = torch.tensor([float(probs[i]) if i in kept else 0.0 for i in range(len(probs))], dtype=logits.dtype); probs = probs / probs.sum()
            return probs
    """),
    "sa_right_beam_stop_when_best_done": ("sampling", """
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                cands = []
                for s, ids, f in beams:
                    if f: cands.append((s, ids, f)); continue
                    lp = torch.log_softmax(model(ids)[:, -1].float(), 0)
                    for t in range(len(lp)):
                        cands.append((s + float(lp[t]), torch.cat([ids, torch.tensor([t])]), t == eos_id))
                cands.sort(key=lambda c: c[0], reverse=True)
                beams = cands[:beam_width]
                if beams[0][2]: break
            return beams[0][1]
    """),
    "pe_right_conv2d_weights": ("patch_embedding", """
        def patchify(images, patch_size):
            B, C, H, W = images.shape; P = patch_size
            if H % P or W % P: raise ValueError(f"images: H={H}, W={W} must be multiples of {P}")
            eye = torch.eye(C * P * P, dtype=images.dtype).reshape(C * P * P, C, P, P)
            return torch.nn.functional.conv2d(images, eye, stride=P).flatten(2)
    """),
    "pe_right_positions_split": ("patch_embedding", """
        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            t = torch.einsum("dk,bkn->bdn", W, patchify(images, patch_size)) + (b[:, None] + positions[:, 1:])
            cls = (cls_token + positions[:, 0]).reshape(1, -1, 1).expand(t.shape[0], -1, -1)
            return torch.cat([cls, t], -1)
    """),
}


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_unseen_mistake_fails_with_a_diagnosis(name, tmp_path):
    exercise, must_fail, source = MISTAKES[name]
    report = grade(submission_with(tmp_path / "sub", exercise, source), exercises=[exercise])
    failed = [check for check in report.checks if not check.passed]
    assert failed, f"{name} got full marks"
    if must_fail is not None:
        assert f"{exercise}::{must_fail}" in {check.id for check in failed}, f"{name} passed {must_fail}"
    assert any(check.diagnosis for check in failed), f"{name}: no failed check explains what is wrong"


@pytest.mark.parametrize("name", sorted(CORRECT))
def test_unseen_correct_alternative_gets_full_marks(name, tmp_path):
    exercise, source = CORRECT[name]
    report = grade(submission_with(tmp_path / "sub", exercise, source), exercises=[exercise])
    failed = {check.id: check.message for check in report.checks if not check.passed}
    assert report.checks and not failed
