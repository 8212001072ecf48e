"""Hundred-and-twelfth blind batch of held-out implementations (prefix blind111_), written without reading grader/ or
tests/ beyond the batch files the brief allows.

How it was written: from docs/contract.md (its `sampling` section above all: a model is any callable ids (N,) long ->
logits (V, N), a function or an nn.Module, in training or eval mode, with weights that may require grad, called as it is
given and left in its mode; models may return non-contiguous and broadcast views), docs/convention.md, docs/learners.md,
README.md, course/registry.py, the stubs (exercises/*.py: signatures and input-check lines, substituted through the
stub-checks marker), the model answers (solutions/*.py) and, to see how the course's own models are called,
reference/sampling.py and reference/models/gpt.py. The learner-visible tests were only run (`pytest
exercises/tests/test_<module>.py --target <package>`), never read. The earlier blind batches (held_out_blind.py ...
held_out_blind_109.py) were only parsed for their entry names (per function, to avoid their mechanisms) and skimmed for
their emphases and header style. By accident, an `ls` of tests/grader/ listed that folder's file names (among them a
cheats/ folder), and `git status` named files modified by others under docs/, grader/ and tests/grader/; none was
opened, grepped or run. Nothing else under grader/ or tests/ was opened, grepped or run, nor docs/grading.md, nor
benchmarks/, nor the batches written at the same time (held_out_blind_110.py, held_out_blind_112.py,
held_out_blind_113.py).

Emphasis: the model interface. generate, beam_search and sequence_log_prob call a model as a black box, and
transformer_layer and cross_attention are called by the capstone's models. Wrong entries slip in how they use the model.
The ids handed to it: int32 ids from torch.tensor(..., dtype=torch.int), a Python list, a prompt squeezed to 0-d, a
batch axis added for nn.Modules, the stacked beams in one call, a vmap over the beams, the whole zero-padded
preallocated buffer ("causal, so the padding is never seen"), and the ids passed by keyword (model(ids=...)). Which
output is read: a non-contiguous (V, N) taken for a row-major model's .T, (N, V) guessed from the shape when V == N, a
squeezed output, a last column that sums to 1 taken for probabilities, logits <= 0 taken for log-probabilities, and
float64 logits cast to float32. What is assumed about the model: that it has parameters (the device read from
next(model.parameters())), that its logits are leaves (.requires_grad_(False)), that it returns a tensor of its own (in
place: the temperature division, the max shift, the log-normalisation, detach_(); and the last columns of all beams kept
until every call is made, wrong for a model that overwrites one output buffer), that module.forward is the model (its
hooks skipped), and that a deep copy scores like the model (the gradient goes to the copy). What state of the model is
changed: requires_grad switched off (generate) or on (sequence_log_prob), zero_grad() wiping accumulated gradients,
model.double() converting the caller's module, train() switching an eval module, eval mode not restored on the eos
return, the result made under inference_mode, and bfloat16 autocast around the model call. For the functions a model
calls: transformer_layer skipping autograd when its weights are frozen (X still needs its gradient), and cross_attention
unpacking its params dict into eight named arguments (a caller's dict may hold more). Right entries call the model
correctly in varied styles: a deque window of Python ints, narrow / select / .T[-1] / column len(ids) - 1 for the last
position, calls under torch.no_grad(), a clone of a preallocated buffer's window, the temperature applied in place to a
detached clone, an assertion that the mode is unchanged; beam searches with one call per live beam whose column is
copied before the next call and one stable sort over a flat float64 vector, with heapq.nsmallest keyed by (score, beam,
token), with fresh LongTensors under no_grad; sequence log-probabilities from a call on ids[:-1] (causal), from the
diagonal of the target rows, gather, -nll_loss and an out-of-place max shift; a layer that skips the graph only when
nothing requires grad, and a cross-attention that reads only its eight keys.

How each entry was verified: every entry was built into its own scratch package (/tmp/blind111/pk/<name>/p_<name>/, a
copy of solutions/ with the entry's source replacing the function, `import math`, `import torch` and `import
torch.nn.functional as F` added after the __future__ import, and the stub's input checks substituted for the marker) and
run against its exercise's visible tests: every right entry passes them, and each wrong entry's comment says whether it
does (25 of the 33 wrong entries pass them). Each wrong entry's recorded input was run on the model answer and on the
entry and both results printed; each differs as its comment says. The models used (all contract models, causal, ids (N,)
-> (V, N)): plain functions (a bigram table lookup, a prefix-mean model, a Python loop over int(t), a row-major one
returning .T, a lambda whose parameter is not named ids), nn.Modules with trainable weights in training and eval mode
(with and without dropout, one returning head(H.T).T, one with a logit-bias forward hook, one needing int64 ids through
F.one_hot), a module returning a broadcast view of its bias buffer, one returning a slice of its trainable table, a
wrapper writing its logits into one buffer it returns views of, and a wrapper limited to a number of positions. Right
entries were compared with the model answer under both default dtypes: generate on 600 random calls (every kind of model
above, prompts of 1-5 ids, 0-6 new tokens, temperature 0 / 0.0 / 0.1 / 0.5 / 1 / 2, top_k None, 1, 2, V, V + 2, top_p
None, 1e-9, 0.3, 0.9, 1, eos None / 0 / 1 / V - 1, context_size None / 1 / 2 / 3, sometimes under no_grad): the same ids
and dtype, the same generator state afterwards, the prompt, the model's mode, weights, buffers and requires_grad flags
unchanged, grad mode unchanged, no inference tensor; beam_search on 400 random calls (the same models, rounded logits
for ties, widths 1-4, 0-4 steps, the eos values) plus the beam_width ValueError and an all-keyword call;
sequence_log_prob on 600 random calls (modules in eval mode, closures over trainable tables, the slice-of-table module,
a row-major model scaled by 1000; one-token sequences; V = 1, 3, 5, 7), values to 1e-5 / 1e-11, dtype, 0-d shape,
gradients of every weight to 1e-4, the module unchanged; transformer_layer and cross_attention on 300 random calls each
(float32 and float64, 0-2 batch axes, 1, 2 or 4 heads, no / causal / random / padding masks, both norm orders, params
dicts with extra entries, X and weights each requiring grad or not, under grad, no_grad and inference_mode), values to
1e-4 / 1e-10, gradients of X, X_enc and every weight to 1e-3, the inference flag of the result. The same checker, run on
several wrong entries, reports them.

Judgement calls: the contract allows models that return views (a transpose, a slice, a broadcast): the in-place entries
(the temperature division, the max shift, the log-normalisation, detach_()) are wrong on such models, raising on a slice
of a trainable table and silently rewriting the model's state otherwise.
blind111_beam_search_last_columns_gathered_before_scoring is wrong only for a model that returns a view of an output
buffer it overwrites on its next call (as CUDA-graph runners and static-buffer inference do); I took such a model as
allowed ("models that return a view of internal state"), and it is the entry I am least sure of.
blind111_generate_calls_model_with_keyword_ids is wrong only for a model whose parameter is not called `ids`; the
contract names the argument only in prose. blind111_generate_model_run_on_whole_padded_buffer is wrong for a model with
a limited number of positions even without context_size: the contract says each step calls the model on the tokens so
far (all if None), not on padding. The side-effect entries (requires_grad, zero_grad, double(), train(), eval not
restored) return the right values and are wrong by "leave its mode as you found it" / "functions leave their arguments
unchanged", the model being an argument. blind111_beam_search_runs_under_inference_mode returns the right ids as an
inference tensor, which "Results are ordinary tensors" rules out.
blind111_sequence_log_prob_model_called_under_bf16_autocast is about 2e-4 off in float32 and returns float32 for a
float64 model. blind111_beam_search_model_logits_cast_to_float32 is wrong only on near ties of a float64 model ("a
float64 input is also computed in float64"). Right entries:
blind111_right_sequence_log_prob_model_on_ids_without_last_token calls the model on ids[:-1] (the contract's "one model
call" and causality make the columns it reads the same; a one-token sequence is scored by a call on ids), and
blind111_right_generate_last_column_by_narrow_without_grad and
blind111_right_beam_search_model_calls_without_grad_fresh_long_ids call the model under torch.no_grad(), which the
sampling functions may do (they run outside training); neither changes the model's mode. I did not write entries that
switch a module to eval mode and restore it (an earlier batch holds that as right), nor entries that are wrong only
through a dropout model's random draws. Fewer entries than the brief's general 45 / 25: the task's own aim (35 / 20) and
its time box.

Counts: 33 wrong, 18 right.
Wrong per function: {'beam_search': 11, 'cross_attention': 1, 'generate': 12, 'sequence_log_prob': 8, 'transformer_layer': 1}.
Right per function: {'beam_search': 4, 'cross_attention': 1, 'generate': 7, 'sequence_log_prob': 5, 'transformer_layer': 1}.

Each entry: name -> (exercise_module, function_name, source); the source replaces the function in a copy of
solutions/<module>.py.
"""
WRONG_BLIND_111 = {
    # Divides the model's own logits in place (`logits /= temperature`). A model may hand back a view of its state (a
    # broadcast of a bias buffer, as the contract allows): the buffer is divided again at every step. UnigramView([2, 1,
    # 0]) (logits = bias[:, None].expand(V, N)), prompt [0], 6 tokens, T = 2, generator seed 0: model [0, 2, 1, 0, 0, 0,
    # 0] and bias left [2, 1, 0], entry [0, 2, 1, 0, 2, 0, 2] and bias [0.031, 0.016, 0]. Passes the visible tests.
    "blind111_generate_temperature_divides_model_logits_in_place": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                if temperature > 0:
                    logits /= temperature  # apply the temperature once, here
                    probs = next_token_probs(logits, 1.0, top_k, top_p)
                else:
                    probs = next_token_probs(logits, 0, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Switches off requires_grad on every parameter of a module model "to save memory" and never switches it back: the
    # caller's model cannot be trained afterwards. ModuleModel, prompt [1], 2 tokens: same ids [1, 2, 1], but the
    # model's E.requires_grad after the call: model True, entry False. Passes the visible tests.
    "blind111_generate_freezes_module_parameters_for_sampling": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            if isinstance(model, torch.nn.Module):
                model.requires_grad_(False)  # sampling needs no gradients: save the memory
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Keeps the ids in a Python list and hands them to the model as torch.tensor(..., dtype=torch.int), int32: a model
    # is only promised int64 ids. A model using F.one_hot(ids, V), prompt [1, 2], 2 tokens, seed 0: model [1, 2, 3, 4],
    # entry raises RuntimeError (one_hot is only applicable to index tensor of type LongTensor). Passes the visible
    # tests.
    "blind111_generate_context_handed_to_model_as_int32": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            tokens = prompt.tolist()
            for _ in range(max_new_tokens):
                window = tokens if context_size is None else tokens[-context_size:]
                logits = model(torch.tensor(window, dtype=torch.int))[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                token = int(torch.multinomial(probs, 1, generator=generator))
                tokens.append(token)
                if eos_id is not None and token == eos_id:
                    break
            return torch.tensor(tokens, dtype=torch.long)
'''),
    # Reads the device from next(model.parameters()), the Hugging Face idiom: a model may be a plain function. Bigram
    # function model, prompt [1], 2 tokens, seed 0: model [1, 2, 3], entry raises AttributeError ('function' object has
    # no attribute 'parameters'). Fails the visible tests.
    "blind111_generate_device_taken_from_first_model_parameter": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            device = next(model.parameters()).device  # put the ids where the model's weights live
            ids = prompt.to(device)
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Calls .requires_grad_(False) on the last column to mean "no gradient": a module with trainable weights returns
    # logits that are not leaves, and the call raises. ModuleModel (trainable), prompt [1], 2 tokens, seed 0: model [1,
    # 2, 1], entry raises RuntimeError (you can only change requires_grad flags of leaf variables). Passes the visible
    # tests.
    "blind111_generate_logits_marked_requires_grad_false": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1].requires_grad_(False)  # sampling: no gradient needed
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Preallocates the output, then calls the model on the whole zero-padded buffer and reads column n - 1 ("causal, so
    # the padding is never seen"): the model gets more positions than the sequence has. A model of at most 4 positions,
    # prompt [1, 2], 3 tokens, seed 0: model [1, 2, 3, 4, 1] (calls of 2, 3, 4 ids), entry raises ValueError (5
    # positions). Fails the visible tests.
    "blind111_generate_model_run_on_whole_padded_buffer": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            n = len(prompt)
            buffer = prompt.new_zeros(n + max_new_tokens)
            buffer[:n] = prompt
            for _ in range(max_new_tokens):
                start = 0 if context_size is None else max(0, n - context_size)
                window = buffer[start:] if context_size is None else buffer[start:start + context_size]
                logits = model(window)[:, n - 1 - start]  # causal: the zeros after position n - 1 are never seen
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                buffer[n] = next_id[0]
                n += 1
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return buffer[:n].clone()
'''),
    # prompt.squeeze() "to accept (1, N0) prompts" turns a one-token prompt into a 0-d tensor, which the model then
    # gets. Bigram model, prompt [3], 2 tokens, seed 0: model [3, 4, 1], entry raises IndexError. Fails the visible
    # tests.
    "blind111_generate_prompt_squeezed_for_a_batch_of_one": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt.squeeze()  # accept a (1, N0) prompt as well
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Puts a training-mode module in eval mode for sampling and back in training mode after the loop, but returns from
    # inside the loop on eos without restoring it. ModuleModel in training mode, prompt [1], greedy, eos_id = the first
    # greedy token (1): both give [1, 1]; model.training afterwards: model True, entry False. Passes the visible tests.
    "blind111_generate_training_mode_not_restored_on_eos_return": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            was_training = getattr(model, "training", False)
            if was_training:
                model.eval()  # no dropout while sampling
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                probs = next_token_probs(model(context)[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    return ids
            if was_training:
                model.train()
            return ids
'''),
    # Calls the model as model(ids=context): a model is any callable of one positional argument and its parameter need
    # not be called ids. lambda tokens: T[:, tokens], prompt [1], 2 tokens, seed 0: model [1, 2, 3], entry raises
    # TypeError (unexpected keyword argument 'ids'). Passes the visible tests.
    "blind111_generate_calls_model_with_keyword_ids": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(ids=context)[:, -1]  # ids (N,) -> logits (V, N)
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Assumes an nn.Module is batch-first like the course's GPT and calls it on context[None], reading [0, :, -1]: a
    # contract model takes (N,). ModuleModel, prompt [1, 2], 3 tokens, temperature 0: model [1, 2, 1, 1, 1], entry [1,
    # 2, 0, 0, 0]. Passes the visible tests.
    "blind111_generate_batch_axis_added_for_module_models": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                if isinstance(model, torch.nn.Module):
                    logits = model(context[None])[0, :, -1]  # modules are batch-first, like the course GPT
                else:
                    logits = model(context)[:, -1]
                probs = next_token_probs(logits, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Treats a last column that is non-negative and sums to 1 as probabilities already and samples from it directly;
    # logits that happen to sum to 1 are still logits. A model whose every column is [1, 0, 0], prompt [0], 8 tokens,
    # seed 0: model [0, 2, 0, 0, 0, 0, 0, 2, 1] (softmax [.58, .21, .21]), entry [0, 0, 0, 0, 0, 0, 0, 0, 0]. Passes the
    # visible tests.
    "blind111_generate_last_column_summing_to_one_taken_as_probabilities": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                scores = model(context)[:, -1]
                if temperature == 1 and top_k is None and top_p is None and bool((scores >= 0).all()) \\
                        and abs(float(scores.sum()) - 1.0) < 1e-6:
                    probs = scores  # the model already returns probabilities
                else:
                    probs = next_token_probs(scores, temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Takes a non-contiguous output for a row-major model's (N, V) and transposes it "back": a model may return (V, N)
    # as a non-contiguous view (head(H.T).T). ModuleModel, prompt [1, 2], 3 tokens, temperature 0: model [1, 2, 1, 1,
    # 1], entry [1, 2, 0, 2, 2]. Passes the visible tests.
    "blind111_generate_non_contiguous_logits_transposed_back": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)
                if not logits.is_contiguous():
                    logits = logits.T  # a row-major model hands back logits.T: undo it
                probs = next_token_probs(logits[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Calls the model once per live beam and keeps the returned tensors until all calls are made: a model that returns a
    # view of one output buffer it overwrites (as a CUDA-graph runner does) leaves every beam with the last beam's
    # logits. StaticBuffer(bigram seed 1), prompt [0], width 2, 3 steps: model [0, 2, 2, 2], entry [0, 2, 4, 3]. Passes
    # the visible tests.
    "blind111_beam_search_last_columns_gathered_before_scoring": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                live = [ids for _, ids, finished in beams if not finished]
                last_columns = [model(ids)[:, -1] for ids in live]  # one call per live beam
                rows = iter(torch.log_softmax(torch.stack(last_columns).double(), dim=1).tolist())
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    for token, log_prob in enumerate(next(rows)):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # One model call on the stacked live beams (B, N), read as (B, V, N): a model takes one sequence (N,). Bigram model
    # T[:, ids], prompt [0], width 2, 2 steps: model [0, 2, 2], entry [0, 0, 0] (the log-softmax runs over the beams).
    # Fails the visible tests.
    "blind111_beam_search_one_model_call_on_stacked_beams": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                live = [ids for _, ids, finished in beams if not finished]
                logits = model(torch.stack(live))[..., -1]  # (B, V): one call for every live beam
                rows = iter(torch.log_softmax(logits.double(), dim=-1).tolist())
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    for token, log_prob in enumerate(next(rows)):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Keeps beams as Python lists and calls the model on the list itself, not on a LongTensor. ModuleModel (reads
    # ids.shape), prompt [0], width 2, 2 steps: model [0, 4, 4], entry raises AttributeError ('list' object has no
    # attribute 'shape'). Passes the visible tests.
    "blind111_beam_search_model_given_python_list_of_ids": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt.tolist(), False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        candidates.append((score + log_prob, ids + [token], token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return torch.tensor(beams[0][1], dtype=torch.long)
'''),
    # Calls module.forward directly "to skip __call__'s overhead", which skips the module's hooks: the model is to be
    # called as it is given. A module with a forward hook adding +10 to token 3's logits, prompt [1], width 2, 2 steps:
    # model [1, 3, 3], entry [1, 1, 1]. Passes the visible tests.
    "blind111_beam_search_calls_module_forward_directly": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            score_step = model.forward if isinstance(model, torch.nn.Module) else model  # skip __call__'s overhead
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(score_step(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # model(ids).detach_() to drop the graph in place: a model may return its logits as a view (head(H.T).T), and views
    # cannot be detached in place. ModuleModel, prompt [1], width 2, 2 steps: model [1, 1, 1], entry raises RuntimeError
    # (Can't detach views in-place). Passes the visible tests.
    "blind111_beam_search_model_logits_detached_in_place": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    logits = model(ids).detach_()  # a search keeps no graph
                    log_probs = torch.log_softmax(logits[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # model = model.double() for float64 scores: Module.double() converts the caller's module in place. ModuleModel
    # (float32), prompt [1], width 2, 2 steps: both [1, 1, 1]; the caller's weights afterwards: model float32, entry
    # float64. Passes the visible tests.
    "blind111_beam_search_converts_module_to_double": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            if isinstance(model, torch.nn.Module):
                model = model.double()  # sum the log-probabilities in float64
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Maps the model over the stacked live beams with torch.func.vmap: a model may be plain Python over its ids (int(t)
    # per token), which vmap cannot run. A model stacking T[:, int(t)] per token, prompt [1], width 2, 2 steps: model
    # [1, 2, 3], entry raises RuntimeError (vmap: .item()). Passes the visible tests.
    "blind111_beam_search_model_vmapped_over_live_beams": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                live = [ids for _, ids, finished in beams if not finished]
                logits = torch.func.vmap(model)(torch.stack(live))[:, :, -1]  # (B, V), the model mapped over beams
                rows = iter(torch.log_softmax(logits.double(), dim=-1).tolist())
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    for token, log_prob in enumerate(next(rows)):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # model(ids).squeeze() "to drop a batch axis" also drops the position axis of a one-token prefix. Bigram model,
    # prompt [1], width 2, 2 steps: model [1, 2, 3], entry raises TypeError ('float' object is not iterable). Fails the
    # visible tests.
    "blind111_beam_search_model_output_squeezed": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    logits = model(ids).squeeze()  # drop a batch axis of one if the model adds it
                    log_probs = torch.log_softmax(logits[..., -1].double(), dim=0)
                    for token, log_prob in enumerate(log_probs.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Runs the whole search under torch.inference_mode(): the result is an inference tensor, which the contract rules
    # out (a caller cannot write to it or save it for backward). Bigram model, prompt [1], width 2, 2 steps: both [4, 2,
    # 3]; out[0] = 4 afterwards: model fine, entry raises RuntimeError (Inplace update to inference tensor). Passes the
    # visible tests.
    "blind111_beam_search_runs_under_inference_mode": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            with torch.inference_mode():  # a search needs no autograd at all
                beams = [(0.0, prompt, False)]
                for _ in range(max_new_tokens):
                    candidates = []
                    for score, ids, finished in beams:
                        if finished:
                            candidates.append((score, ids, True))
                            continue
                        log_probs = torch.log_softmax(model(ids)[:, -1].double(), dim=0)
                        for token, log_prob in enumerate(log_probs.tolist()):
                            extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                            candidates.append((score + log_prob, extended, token == eos_id))
                    candidates.sort(key=lambda candidate: -candidate[0])
                    beams = candidates[:beam_width]
                    if all(finished for _, _, finished in beams):
                        break
            return beams[0][1]
'''),
    # Log-normalises the model's column in place (column -= logsumexp): a model may return a slice of its own table.
    # PositionTable (logits = P[:, :N], P trainable), prompt [0], width 2, 2 steps: model [0, 1, 2], entry raises
    # RuntimeError (a view of a leaf Variable ... in-place); under no_grad both give [0, 1, 2] but the entry changes P
    # (by up to 1.56). Passes the visible tests.
    "blind111_beam_search_log_normalises_model_column_in_place": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    column = model(ids)[:, -1]
                    column -= torch.logsumexp(column, dim=0)  # log-softmax, without a second tensor
                    for token, log_prob in enumerate(column.tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Casts the model's logits to float32 before the log-softmax ("logits are float32"): a float64 model's scores are
    # compared in float32. Every column [1, 1 + 1e-9, 0] (float64), prompt [2], width 1, 1 step: model [2, 1], entry [2,
    # 0] (both round to the same float32 score and the tie goes to token 0). Passes the visible tests.
    "blind111_beam_search_model_logits_cast_to_float32": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    logits = model(ids)[:, -1].float()  # logits are float32
                    for token, log_prob in enumerate(torch.log_softmax(logits, dim=0).tolist()):
                        extended = torch.cat([ids, torch.tensor([token], dtype=ids.dtype)])
                        candidates.append((score + log_prob, extended, token == eos_id))
                candidates.sort(key=lambda candidate: -candidate[0])
                beams = candidates[:beam_width]
                if all(finished for _, _, finished in beams):
                    break
            return beams[0][1]
'''),
    # Subtracts the column maxima from the model's logits in place: a model may return a slice of its own trainable
    # table. PositionTable (logits = P[:, :N]), ids [0, 1, 2]: model -1.7855, entry raises RuntimeError (a view of a
    # leaf Variable ... in-place); under no_grad both give -1.7855 but the entry rewrites P. Passes the visible tests.
    "blind111_sequence_log_prob_max_shift_in_place_on_model_logits": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            logits = model(ids)
            logits -= logits.max(dim=0, keepdim=True).values  # stabilise before exponentiating
            log_probs = logits - logits.exp().sum(dim=0, keepdim=True).log()
            positions = torch.arange(len(ids) - 1)
            return log_probs[ids[1:], positions].sum()
'''),
    # Runs the model under torch.autocast("cpu", bfloat16) and scores in float32: the model is to be called under the
    # caller's settings. ModuleModel (a Linear head), ids [0, 1, 2, 3]: model -6.246379, entry -6.245163; under the
    # float64 default the result is float32 (model float64). Fails the visible tests.
    "blind111_sequence_log_prob_model_called_under_bf16_autocast": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            with torch.autocast("cpu", dtype=torch.bfloat16):  # mixed precision for the forward pass
                logits = model(ids)
            log_probs = torch.log_softmax(logits.float(), dim=0)
            positions = torch.arange(len(ids) - 1)
            return log_probs[ids[1:], positions].sum()
'''),
    # Calls model.zero_grad() before scoring, wiping gradients the caller is accumulating. ModuleModel, backward of the
    # score of [0, 1, 2] then of [3, 1, 4]: E.grad[0] model [0.1648, 0.5335, 0, -0.3075, 0] (both sequences), entry [0,
    # 0.3296, 0, -0.3075, 0] (the second only). Passes the visible tests.
    "blind111_sequence_log_prob_zeroes_module_gradients_first": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            if isinstance(model, torch.nn.Module):
                model.zero_grad()  # start from clean gradients
            log_probs = torch.log_softmax(model(ids), dim=0)
            positions = torch.arange(len(ids) - 1)
            return log_probs[ids[1:], positions].sum()
'''),
    # model.requires_grad_(True) "so the score is differentiable" unfreezes weights the caller froze. ModuleModel with E
    # frozen, ids [0, 1, 2]: same value; E.requires_grad afterwards: model False, entry True. Passes the visible tests.
    "blind111_sequence_log_prob_unfreezes_module_weights": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            if isinstance(model, torch.nn.Module):
                model.requires_grad_(True)  # the score must be differentiable in the weights
            log_probs = torch.log_softmax(model(ids), dim=0)
            positions = torch.arange(len(ids) - 1)
            return log_probs[ids[1:], positions].sum()
'''),
    # Transposes the logits when their first axis has the sequence's length ("a row-major (N, V) model"): wrong when the
    # vocabulary size equals the length. Bigram model with V = 3, ids [0, 2, 1]: model -2.900322, entry -4.256501. Fails
    # the visible tests.
    "blind111_sequence_log_prob_transposes_when_rows_match_length": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            logits = model(ids)
            if logits.shape[0] == len(ids):
                logits = logits.T  # a row-major model gives (N, V): make it (V, N)
            log_probs = torch.log_softmax(logits, dim=0)
            positions = torch.arange(len(ids) - 1)
            return log_probs[ids[1:], positions].sum()
'''),
    # Scores with copy.deepcopy(model) to leave the caller's model untouched: the gradients go to the copy's weights,
    # and sequence_log_prob must be differentiable in the model's. ModuleModel, ids [0, 1, 2]: both -4.154965; after
    # backward, the caller's E.grad: model |sum| 3.3183, entry None. Fails the visible tests.
    "blind111_sequence_log_prob_scores_a_deep_copy_of_the_model": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            import copy
            scorer = copy.deepcopy(model)  # leave the caller's model untouched
            log_probs = torch.log_softmax(scorer(ids), dim=0)
            positions = torch.arange(len(ids) - 1)
            return log_probs[ids[1:], positions].sum()
'''),
    # model.train() "so that gradients flow": an eval-mode module is switched to training mode (dropout on) and left
    # there. ModuleModel with dropout 0.5 in eval mode, ids [0, 1, 2, 3], torch.manual_seed(0): model -6.246379 and
    # training False afterwards, entry -9.488907 and training True. Passes the visible tests.
    "blind111_sequence_log_prob_switches_module_to_training_mode": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            if isinstance(model, torch.nn.Module):
                model.train()  # gradients must flow through the score
            log_probs = torch.log_softmax(model(ids), dim=0)
            positions = torch.arange(len(ids) - 1)
            return log_probs[ids[1:], positions].sum()
'''),
    # Takes logits that are all <= 0 for log-probabilities and skips the log-softmax. A model whose logits are all -1 (V
    # = 2), ids [0, 1, 0]: model 2 log(1/2) = -1.386294, entry -2.0. Passes the visible tests.
    "blind111_sequence_log_prob_non_positive_logits_taken_as_log_probs": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            scores = model(ids)
            if bool((scores <= 0).all()):
                log_probs = scores  # the model already returns log-probabilities
            else:
                log_probs = torch.log_softmax(scores, dim=0)
            positions = torch.arange(len(ids) - 1)
            return log_probs[ids[1:], positions].sum()
'''),
    # Runs the layer without autograd when none of its weights requires grad ("a frozen layer has nothing to train"):
    # the gradient must still reach X (trainable layers or embeddings below a frozen one). D = 4, N = 3, 2 heads,
    # weights not requiring grad, X requiring grad: model output requires grad (|X.grad| sum 23.39), entry output
    # requires none. Passes the visible tests.
    "blind111_transformer_layer_no_graph_when_layer_weights_frozen": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            frozen = not any(p.requires_grad for p in params.values() if isinstance(p, torch.Tensor))
            with torch.set_grad_enabled(torch.is_grad_enabled() and not frozen):  # nothing to train in this layer
                def attend(Y):
                    return multi_head_attention(Y, Y, params, num_heads, mask)

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
    # Unpacks the params dict into a helper's eight named arguments: a caller may pass a dict holding more entries (a
    # layer's whole dict). params with an extra gamma1, D = 4, 2 heads: model returns the (4, 2) output, entry raises
    # TypeError (unexpected keyword argument 'gamma1'). Passes the visible tests.
    "blind111_cross_attention_params_unpacked_into_named_arguments": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            def attend(Wq, bq, Wk, bk, Wv, bv, Wo, bo):
                weights = {"Wq": Wq, "bq": bq, "Wk": Wk, "bk": bk, "Wv": Wv, "bv": bv, "Wo": Wo, "bo": bo}
                return multi_head_attention(X_dec, X_enc, weights, num_heads, enc_mask)

            return attend(**params)
'''),
}

RIGHT_BLIND_111 = {
    # A collections.deque(maxlen=context_size) of Python ints is the window; the model gets a fresh LongTensor of it.
    # Passes the visible tests.
    "blind111_right_generate_deque_window_of_python_ints": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            from collections import deque
            tokens = prompt.tolist()
            window = deque(tokens, maxlen=context_size)  # maxlen None keeps everything
            for _ in range(max_new_tokens):
                logits = model(torch.tensor(list(window), dtype=torch.long))
                probs = next_token_probs(logits[:, -1], temperature, top_k, top_p)
                token = int(torch.multinomial(probs, 1, generator=generator))
                tokens.append(token)
                window.append(token)
                if eos_id is not None and token == eos_id:
                    break
            return torch.tensor(tokens, dtype=torch.long)
'''),
    # The model is called under torch.no_grad() (sampling needs no graph; the caller's mode is put back) and the last
    # column taken with narrow; the window starts at max(0, len - context_size). Passes the visible tests.
    "blind111_right_generate_last_column_by_narrow_without_grad": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[max(0, len(ids) - context_size):]
                with torch.no_grad():  # sampling: no graph through the model
                    logits = model(context)
                last = logits.narrow(-1, logits.shape[-1] - 1, 1).squeeze(-1)  # (V,)
                probs = next_token_probs(last, temperature=temperature, top_k=top_k, top_p=top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and next_id.item() == eos_id:
                    break
            return ids
'''),
    # A preallocated int64 buffer; the model gets a clone of the window, never a view of the buffer that is written
    # afterwards; the filled prefix is returned as a copy. Passes the visible tests.
    "blind111_right_generate_window_cloned_out_of_preallocated_buffer": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            n = prompt.shape[0]
            buffer = torch.empty(n + max_new_tokens, dtype=torch.long)
            buffer[:n] = prompt
            for _ in range(max_new_tokens):
                start = 0 if context_size is None else max(0, n - context_size)
                window = buffer[start:n].clone()  # the model gets its own tensor, never the buffer we write into
                probs = next_token_probs(model(window)[:, -1], temperature, top_k, top_p)
                token = torch.multinomial(probs, 1, generator=generator)
                buffer[n] = token[0]
                n += 1
                if eos_id is not None and int(token) == eos_id:
                    break
            return buffer[:n].clone()
'''),
    # Applies the temperature itself, in place, but on a detached clone of the last column, so a model returning a view
    # of its state is left untouched; next_token_probs then gets T = 1 (or 0). Passes the visible tests.
    "blind111_right_generate_temperature_applied_to_a_copy_of_the_logits": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)[:, -1].detach().clone()  # our own copy: the model's tensor stays as it is
                if temperature == 0:
                    probs = next_token_probs(logits, 0, top_k, top_p)
                else:
                    logits.div_(temperature)
                    probs = next_token_probs(logits, 1.0, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            return ids
'''),
    # Reads the model's (V, N) as the (N, V) view .T and takes its last row; a while loop counts the steps. Passes the
    # visible tests.
    "blind111_right_generate_last_column_as_last_row_of_transpose": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            steps = 0
            while steps < max_new_tokens:
                context = ids[-context_size:] if context_size is not None else ids
                per_position = model(context).T  # (N, V): row n scores the token after position n
                probs = next_token_probs(per_position[-1], temperature, top_k, top_p)
                next_id = probs.multinomial(1, generator=generator)
                ids = torch.cat((ids, next_id.long()))
                steps += 1
                if eos_id is not None and next_id.item() == eos_id:
                    break
            return ids
'''),
    # Asserts that the model gives one column per position and that its training flag is unchanged at the end (it calls
    # the model exactly as given). Passes the visible tests.
    "blind111_right_generate_checks_module_mode_is_left_alone": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            mode = getattr(model, "training", None)  # called as given: its mode is the caller's business
            ids = prompt
            for _ in range(max_new_tokens):
                context = ids if context_size is None else ids[-context_size:]
                logits = model(context)
                assert logits.shape[-1] == context.shape[0], "the model must return (V, N)"
                probs = next_token_probs(logits[:, -1], temperature, top_k, top_p)
                next_id = torch.multinomial(probs, 1, generator=generator)
                ids = torch.cat([ids, next_id.to(ids.dtype)])
                if eos_id is not None and int(next_id) == eos_id:
                    break
            assert getattr(model, "training", None) == mode
            return ids
'''),
    # Last column by select(1, -1), keyword calls of next_token_probs and torch.multinomial. Passes the visible tests.
    "blind111_right_generate_select_last_column_keyword_calls": ("sampling", "generate", '''
        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            # (the stub's input checks)
            ids = prompt
            for _ in range(max_new_tokens):
                start = 0 if context_size is None else max(0, ids.numel() - context_size)
                logits = model(ids[start:]).select(1, -1)  # (V,): the column of the last position
                probs = next_token_probs(logits, temperature=temperature, top_k=top_k, top_p=top_p)
                next_id = torch.multinomial(probs, num_samples=1, replacement=False, generator=generator)
                ids = torch.cat([ids, next_id])
                if eos_id is not None and bool(next_id[0] == eos_id):
                    break
            return ids
'''),
    # One call per live beam, each column copied (detach, double, clone) before the next call; all candidates' scores in
    # one float64 vector, ranked by a stable descending sort (beam order, then token order). Passes the visible tests.
    "blind111_right_beam_search_per_beam_calls_flat_stable_sort": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [prompt]
            scores = [0.0]
            done = [False]
            for _ in range(max_new_tokens):
                flat_scores, origins = [], []  # in beam order, tokens in id order within a beam
                for b, ids in enumerate(beams):
                    if done[b]:
                        flat_scores.append(torch.tensor([scores[b]], dtype=torch.float64))
                        origins.append([(b, None)])
                        continue
                    column = model(ids)[:, -1].detach().double().clone()  # copied before the next call
                    flat_scores.append(scores[b] + torch.log_softmax(column, dim=0))
                    origins.append([(b, t) for t in range(column.shape[0])])
                flat = torch.cat(flat_scores)
                where = [o for group in origins for o in group]
                order = torch.sort(flat, descending=True, stable=True).indices[:beam_width].tolist()
                new_beams, new_scores, new_done = [], [], []
                for i in order:
                    b, t = where[i]
                    if t is None:
                        new_beams.append(beams[b]); new_done.append(True)
                    else:
                        new_beams.append(torch.cat([beams[b], beams[b].new_tensor([t])]))
                        new_done.append(t == eos_id)
                    new_scores.append(float(flat[i]))
                beams, scores, done = new_beams, new_scores, new_done
                if all(done):
                    break
            return beams[0]
'''),
    # Beams as tuples of ids; the model gets a fresh LongTensor; heapq.nsmallest keyed by (-score, beam rank, token)
    # keeps the tie rule. Passes the visible tests.
    "blind111_right_beam_search_heapq_nsmallest_keyed_by_rank": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            import heapq
            beams = [(0.0, tuple(prompt.tolist()), False)]
            for _ in range(max_new_tokens):
                candidates = []
                for rank, (score, ids, finished) in enumerate(beams):
                    if finished:
                        candidates.append((-score, rank, -1, ids, True))
                        continue
                    logits = model(torch.tensor(ids, dtype=torch.long))
                    log_probs = torch.log_softmax(logits[:, -1].double(), dim=0).tolist()
                    for token, log_prob in enumerate(log_probs):
                        candidates.append((-(score + log_prob), rank, token, ids + (token,), token == eos_id))
                best = heapq.nsmallest(beam_width, candidates, key=lambda c: (c[0], c[1], c[2]))
                beams = [(-c[0], c[3], c[4]) for c in best]
                if all(finished for _, _, finished in beams):
                    break
            return torch.tensor(beams[0][1], dtype=torch.long)
'''),
    # Each model call under torch.no_grad() on torch.as_tensor(ids, dtype=long); last column by select, log-softmax in
    # float64; sorted() is stable. Passes the visible tests.
    "blind111_right_beam_search_model_calls_without_grad_fresh_long_ids": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [[0.0, prompt.tolist(), False]]
            for _ in range(max_new_tokens):
                pool = []
                for score, ids, finished in beams:
                    if finished:
                        pool.append([score, ids, True])
                        continue
                    with torch.no_grad():
                        logits = model(torch.as_tensor(ids, dtype=torch.long))
                    log_probs = logits.select(-1, -1).to(torch.float64).log_softmax(0)
                    pool.extend([score + lp, ids + [token], token == eos_id]
                                for token, lp in enumerate(log_probs.tolist()))
                beams = sorted(pool, key=lambda c: -c[0])[:beam_width]
                if all(c[2] for c in beams):
                    break
            return torch.tensor(beams[0][1], dtype=torch.long)
'''),
    # Reads column len(ids) - 1 of the model's output and checks "all finished" at the top of each step. Passes the
    # visible tests.
    "blind111_right_beam_search_column_indexed_by_length": ("sampling", "beam_search", '''
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            # (the stub's input checks)
            beams = [(0.0, prompt, False)]
            for _ in range(max_new_tokens):
                if all(finished for _, _, finished in beams):
                    break
                candidates = []
                for score, ids, finished in beams:
                    if finished:
                        candidates.append((score, ids, True))
                        continue
                    logits = model(ids)
                    column = logits[:, len(ids) - 1]  # the column of the last position
                    log_probs = torch.log_softmax(column.double(), dim=0).tolist()
                    for token, log_prob in enumerate(log_probs):
                        candidates.append((score + log_prob, torch.cat([ids, ids.new_full((1,), token)]),
                                           eos_id is not None and token == eos_id))
                beams = sorted(candidates, key=lambda c: -c[0])[:beam_width]
            return beams[0][1]
'''),
    # Calls the model once on ids[:-1] (causal: the columns used are the same) and guards the one-token case with a call
    # on ids and an empty sum in the logits' dtype. Passes the visible tests.
    "blind111_right_sequence_log_prob_model_on_ids_without_last_token": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            if len(ids) < 2:
                return model(ids)[:, :0].sum()  # no transition: an empty sum, in the logits' dtype
            logits = model(ids[:-1])  # causal: the last column would score a token after the sequence
            log_probs = torch.log_softmax(logits, dim=0)
            return log_probs[ids[1:], torch.arange(len(ids) - 1)].sum()
'''),
    # Rows ids[1:] of the first N - 1 columns, their diagonal, minus the columns' logsumexp. Passes the visible tests.
    "blind111_right_sequence_log_prob_diagonal_of_target_rows": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            logits = model(ids)[:, :-1]  # (V, N - 1): column n - 1 scores ids[n]
            picked = logits[ids[1:]].diagonal()  # row ids[n] of column n - 1
            return (picked - torch.logsumexp(logits, dim=0)).sum()
'''),
    # log_softmax over the vocabulary, then gather along dim 0 with the targets as a (1, N - 1) index. Passes the
    # visible tests.
    "blind111_right_sequence_log_prob_gather_on_log_softmax": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            log_probs = model(ids).log_softmax(dim=0)[:, :-1]
            return log_probs.gather(0, ids[1:].unsqueeze(0)).sum()
'''),
    # -F.nll_loss(reduction="sum") on the (N, V) view of the log-probabilities. Passes the visible tests.
    "blind111_right_sequence_log_prob_negated_nll_loss_on_rows": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            rows = torch.log_softmax(model(ids), dim=0).T  # (N, V), a view
            return -F.nll_loss(rows[:-1], ids[1:], reduction="sum")
'''),
    # The counterpart of the in-place shift: the maxima are subtracted into a new tensor (detached maxima, the
    # normaliser then written out). Passes the visible tests.
    "blind111_right_sequence_log_prob_max_shift_out_of_place": ("sampling", "sequence_log_prob", '''
        def sequence_log_prob(model, ids):
            # (the stub's input checks)
            logits = model(ids)
            shifted = logits - logits.max(dim=0, keepdim=True).values.detach()  # a new tensor
            log_probs = shifted - shifted.exp().sum(dim=0, keepdim=True).log()
            return log_probs[ids[1:], torch.arange(ids.shape[0] - 1)].sum()
'''),
    # Skips the graph only when nothing (neither X nor any weight) requires grad, which changes no value and no
    # gradient. Passes the visible tests.
    "blind111_right_transformer_layer_graph_skipped_only_when_nothing_requires_grad": ("transformer_layer", "transformer_layer", '''
        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            # (the stub's input checks)
            tensors = [X] + [p for p in params.values() if isinstance(p, torch.Tensor)]
            needs_graph = torch.is_grad_enabled() and any(t.requires_grad for t in tensors)
            with torch.set_grad_enabled(needs_graph):  # no graph only when nothing could receive a gradient
                def attend(Y):
                    return multi_head_attention(Y, Y, params, num_heads, mask)

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
    # Copies only its eight weights out of a dict that may hold more, and passes the mask by keyword. Passes the visible
    # tests.
    "blind111_right_cross_attention_reads_only_its_eight_keys": ("cross_attention", "cross_attention", '''
        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            # (the stub's input checks)
            names = ("Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo", "bo")
            weights = {name: params[name] for name in names}  # a caller's dict may hold more
            return multi_head_attention(X_dec, X_enc, weights, num_heads, mask=enc_mask)
'''),
}
