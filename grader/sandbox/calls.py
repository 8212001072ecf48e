"""Inside a sandbox worker: run the grader's calls into the learner's modules and bring back plain data.

A script registered as the module `_grader_calls` by the fork server (see `worker.py`), never imported from the
repository. `serve` answers call frames on the worker's socket until the grader hangs up: it resolves the learner's
function (importing their module on first use), runs it on the decoded arguments, reports arguments it modified in
place, and describes any failure in words the learner can act on.

Substitutes (`{"op": "substitute"}`): the grader may put a correct function in the place of a learner's function of
an earlier exercise (one that failed its own checks), so that a later exercise is graded on its own. The correct
function never enters the sandbox: its proxy sends the arguments back to the grader (`{"callback": ...}` frames) and
returns what the grader computed, and its backward pass asks the grader for the vector-Jacobian product.
"""
from __future__ import annotations

import contextlib
import ctypes
import functools
import importlib
import inspect
import operator
import os
import signal
import socket
import sys
import threading
import traceback
import types
from collections.abc import Callable

import _grader_protocol as protocol


class Failure(Exception):
    """A call that failed for a reason the parent reports to the learner."""

    def __init__(self, kind: str, message: str, type_name: str | None = None, **details: str):
        super().__init__(message)
        self.kind, self.message, self.type_name, self.details = kind, message, type_name, details


_channel: list[socket.socket] = []  # the worker's socket, for the substitutes' callbacks
_settings_changed: list[bool] = []  # set when a call left torch's global settings changed: the worker is replaced
# What torch's namespaces held in the zygote, before any learner code: (label, namespace dict, its public names, a
# getter of their values, those values, whether the whole dict is compared) (`remember_torch_functions`)
_TORCH_FUNCTIONS: list[tuple[str, object, tuple[str, ...], object, tuple, bool]] = []
_TORCH_DIR = os.path.dirname(protocol.torch.__file__) + os.sep
# The public functions each learner module held once imported (or once the grader last put substitutes in):
# module name -> (its dict, the names, a getter of their values, those values) (`rebound_functions`)
_BINDINGS: dict[str, tuple[dict, tuple[str, ...], object, tuple]] = {}
_SEEN_MODULES: list[int] = [0]   # len(sys.modules) when the learner's modules were last looked for
MAX_REPEATS = 8   # calls of one "call_repeated" request


def serve(sock: socket.socket, workdir: str) -> int:
    modules: dict[str, object] = {}
    _channel[:] = [sock]
    while True:
        try:
            request = protocol.recv_frame(sock)
        except EOFError:
            return 0
        try:
            with cpu_time_limit(request.get("cpu_seconds")):
                reply = {"id": request["id"], "ok": True, **handle(request, modules, workdir)}
        except OutOfCpuTime:
            reply = {"id": request["id"], "ok": False, "kind": "timeout", "type_name": None, "message": "",
                     "cpu_seconds": request["cpu_seconds"]}
        except Failure as failure:
            reply = {"id": request["id"], "ok": False, "kind": failure.kind, "type_name": failure.type_name,
                     "message": failure.message, **failure.details}
        except BaseException as error:  # noqa: BLE001 - sys.exit, KeyboardInterrupt... are learner failures too
            reply = {"id": request["id"], "ok": False, **describe(error, workdir)}
        if _threads_left() > 0:  # the grader then replaces this worker (threads cannot be stopped)
            reply["threads"] = _threads_left()
        if _settings_changed:             # and this one (some settings cannot be put back from outside)
            reply["settings_changed"] = True
        protocol.send_frame(sock, reply)


class OutOfCpuTime(BaseException):
    """Raised into the learner's code once a call has used its CPU time (a BaseException: `except Exception` in
    learner code does not swallow it)."""


def _out_of_cpu_time(signum: int, frame: object) -> None:
    raise OutOfCpuTime


@contextlib.contextmanager
def cpu_time_limit(seconds: object):
    """The request's CPU time limit (the worker's own CPU time, all its threads: a loaded grading machine slows a
    call's wall time but not this). Raised again every 50 ms of CPU should learner code catch it; code that disarms
    the timer meets the grader's wall-clock watchdog instead."""
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not seconds > 0:
        yield
        return
    signal.signal(signal.SIGPROF, _out_of_cpu_time)
    signal.setitimer(signal.ITIMER_PROF, float(seconds), 0.05)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)


def _thread_state_walker() -> Callable[[], int]:
    """A counter of the interpreter's thread states, through the C API: a thread started with `threading` or with
    `_thread` has one from the moment it is started (`sys._current_frames` shows it only once it runs Python code)."""
    api = ctypes.pythonapi
    api.PyInterpreterState_Get.restype = ctypes.c_void_p
    api.PyInterpreterState_ThreadHead.restype = ctypes.c_void_p
    api.PyInterpreterState_ThreadHead.argtypes = [ctypes.c_void_p]
    api.PyThreadState_Next.restype = ctypes.c_void_p
    api.PyThreadState_Next.argtypes = [ctypes.c_void_p]
    head, following, interpreter = api.PyInterpreterState_ThreadHead, api.PyThreadState_Next, api.PyInterpreterState_Get

    def count() -> int:
        found, state = 0, head(interpreter())
        while state:
            found, state = found + 1, following(state)
        return found
    return count


def _threads_left(_states=_thread_state_walker(), _frames=sys._current_frames,
                  _active=threading.active_count) -> int:
    """Python threads beside this one, started with `threading` or `_thread` (bound when the worker starts, so that
    learner code rebinding them hides nothing)."""
    return max(_states(), len(_frames()), _active()) - 1


def handle(request: dict, modules: dict, workdir: str) -> dict:
    if request["op"] == "import":  # before the first call into a module: a crash here is the import's
        before = settings()
        resolve_module(request["module"], modules, workdir)
        changes = changed_settings(before, settings(), "the import")
        if changes:   # code at module level: every call into the module would run under the change
            _settings_changed.append(True)
            modules[request["module"]] = Failure("import", f"importing {request['module']}.py left torch's global "
                                                 "settings changed (code at module level): " + "; ".join(changes),
                                                 "SettingsChanged")
            raise modules[request["module"]]
        replaced = replaced_torch_functions()
        if replaced:  # likewise: every caller's code would run with the module's versions
            _settings_changed.append(True)
            modules[request["module"]] = Failure("import", f"importing {request['module']}.py "
                                                 f"{_replacing(replaced)} (code at module level)", "TorchPatched")
            raise modules[request["module"]]
        threads = _threads_left()
        if threads:   # a thread started at import would run beside every later call, slowing it (or worse)
            modules[request["module"]] = Failure("import", f"importing {request['module']}.py left {threads} "
                                                 f"thread{'s' if threads > 1 else ''} running (code at module "
                                                 "level): every call of every exercise would run beside "
                                                 f"{'them' if threads > 1 else 'it'}", "ThreadsLeftRunning")
            raise modules[request["module"]]
        if len(sys.modules) != _SEEN_MODULES[0]:
            remember_bindings()
        return {}
    if request["op"] == "substitute":
        return substitute(request["functions"], request.get("broken", []), modules, workdir)
    if request["op"] == "readable":  # asked of a worker holding no submission: can the sandbox user read this?
        try:
            if os.path.isdir(request["path"]):
                os.listdir(request["path"])
            else:
                open(request["path"], "rb").close()
            return {"readable": True}
        except OSError:
            return {"readable": False}
    function = resolve(request["module"], request["function"], modules, workdir)
    generators: list = []
    args = list(materialize(protocol.decode(request["args"]), generators))
    kwargs = materialize(protocol.decode(request["kwargs"]), generators)
    if request["op"] == "call":
        given = _as_the_caller_holds_them(request, args, kwargs)   # first: the ties below then tie the tensors given
        for later, earlier in request.get("same", []):   # one object passed twice by the caller: one object here too
            holder, name = _slot(args, kwargs, later)
            source, key = _slot(args, kwargs, earlier)
            holder[name] = source[key]
        for view, of, columns in request.get("views", []):   # the first columns of another argument: a view of it
            holder, name = _slot(args, kwargs, view)
            source, key = _slot(args, kwargs, of)
            if type(columns) is not int or not isinstance(source[key], protocol.torch.Tensor) or \
                    tuple(holder[name].shape) != (*source[key].shape[:-1], columns):
                raise Failure("protocol", f"argument {view!r} is no view of the first columns of {of!r}")
            holder[name] = source[key][..., :columns]
        mode = "no_grad" if request.get("no_grad") is True else request.get("grad_mode")
        if mode not in (None, "no_grad", "inference"):
            raise Failure("protocol", f"unknown grad mode {mode!r}")
        before = snapshot(args, kwargs)
        seed_globally(request)
        # With "no_grad", as a caller that wants no gradients makes it: grad mode off, which the function must
        # leave off (as it must leave every global setting of torch as it found it); "inference", as a serving loop
        # calls a trained model: inside torch.inference_mode().
        grad_mode = protocol.torch.no_grad() if mode == "no_grad" else protocol.torch.inference_mode() \
            if mode == "inference" else contextlib.nullcontext()
        global_stream = protocol.torch.random.get_rng_state() if generators else None
        given_streams = [generator.get_state() for generator in generators]
        with default_dtype(request.get("default_dtype")), grad_mode, settings_kept(request):
            expected_default = protocol.torch.get_default_dtype()
            output = function(*args, **kwargs)
        refuse_a_model_run_otherwise(request, args, kwargs, expected_default)
        if mode is not None:
            refuse_a_graph_made_anyway(request, output, given)
        # drew from the generator it was given AND moved the global one (a function that ignores its generator is
        # told so by its draws, which the checks compare)
        moved = global_stream is not None and not protocol.torch.equal(global_stream,
                                                                        protocol.torch.random.get_rng_state())
        if moved and any(not protocol.torch.equal(state, generator.get_state())
                        for state, generator in zip(given_streams, generators)):
            raise Failure("exception", f"{request['function']} drew from the generator it was given, and from (or "
                          "seeded) torch's global generator too", "GlobalGeneratorTouched")
        if mode != "inference":   # a caller inside inference mode gets inference tensors from any function
            refuse_inference_tensors(request, output)
        refuse_a_changed_model_mode(request, args, kwargs)
        return {"value": send_back(output), **changed(function, args, kwargs, before), **streams(generators),
                **model_calls(args, kwargs)}
    if request["op"] == "call_held":
        with settings_kept(request):
            return {"value": send_back(held(function, request, args, kwargs, generators))}
    if request["op"] == "call_repeated":   # the same argument objects, a generator among them one stream throughout
        times = request.get("times")
        if type(times) is not int or not 1 <= times <= MAX_REPEATS:
            raise Failure("protocol", f"times must be an int in [1, {MAX_REPEATS}]")
        seed_globally(request)   # once: the calls go on along the global stream
        with default_dtype(request.get("default_dtype")), settings_kept(request):
            return {"value": send_back([function(*args, **kwargs) for _ in range(times)])}
    inputs = []
    for key in request["wrt"]:
        holder, name = _slot(args, kwargs, key)
        leaf = holder[name].detach().clone()
        # "parameters": leaves that are torch.nn.Parameters, as a module's weights are; "non_leaf": the function gets
        # a tensor with a history (computed by an earlier step), as a layer's input is
        leaf = protocol.torch.nn.Parameter(leaf) if key in request.get("parameters", []) else leaf.requires_grad_(True)
        inputs.append(leaf)
        holder[name] = leaf.clone() if key in request.get("non_leaf", []) else leaf
    before = snapshot(args, kwargs)
    then = request.get("then")
    if then is not None:   # a training loop's order, in a fresh copy of the module (what it caches starts empty):
        function = getattr(fresh_copy(request["module"], workdir), request["function"])
        # an evaluation pass on the very same objects first, as a training loop's validation
        with default_dtype(request.get("default_dtype")), protocol.torch.no_grad(), settings_kept(request):
            function(*args, **kwargs)
    with default_dtype(request.get("default_dtype")), settings_kept(request):
        output = function(*args, **kwargs)
    mutated = changed(function, args, kwargs, before)
    later = None
    if then is not None:   # one more call before the backward pass: what the first call saved must stay its own
        if not isinstance(then, dict) or set(then) != {"args", "kwargs"}:
            raise Failure("protocol", "then must hold args and kwargs")
        with default_dtype(request.get("default_dtype")), settings_kept(request):
            later = function(*materialize(protocol.decode(then["args"]), generators),
                             **materialize(protocol.decode(then["kwargs"]), generators))
    terms = [item * cotangent for item, cotangent in _paired(output, protocol.decode(request["cotangent"]))
             if item.requires_grad]
    if terms:
        loss = sum(term.sum() for term in terms)
        grads = protocol.torch.autograd.grad(loss, inputs, allow_unused=True, retain_graph=then is not None)
        if then is not None:   # as a training loop may: the same graph backpropagated again, and the later result
            _expect_the_same_backward_again(loss, inputs, grads)
            _expect_no_path_back(later, inputs)
    else:
        grads = [None] * len(inputs)
    return {"value": send_back(output), "grads": protocol.encode(dict(zip(request["wrt"], grads, strict=True))),
            **mutated}


def seed_globally(request: dict) -> None:
    """torch.manual_seed(request's "global_seed"), where the grader gives one."""
    seed = request.get("global_seed")
    if seed is not None:
        if type(seed) is not int or not 0 <= seed < 2**63:
            raise Failure("protocol", "global_seed must be an int in [0, 2**63)")
        protocol.torch.manual_seed(seed)


def refuse_inference_tensors(request: dict, output: object) -> None:
    """A result made under torch.inference_mode() cannot take part in a caller's autograd, nor be changed in place
    outside that mode: the call fails."""
    found = [path for path, tensor in tensors_in(output, "the result") if tensor.is_inference()]
    if found:
        raise Failure("exception", f"{request.get('function')} returned an inference tensor ({found[0]}, made under "
                      "torch.inference_mode()): a caller cannot use it in a backward pass (an embedding lookup of "
                      "generated ids, a loss) nor change it in place. Use torch.no_grad() instead, or return "
                      "result.clone() made outside inference mode.", "InferenceTensorReturned")


def refuse_a_changed_model_mode(request: dict, args: list, kwargs: dict) -> None:
    """A model is handed back in the mode it was handed in (model.eval() without model.train() leaves a caller's
    training loop running without dropout; model.train() afterwards turns a caller's validation loop to training):
    the call fails."""
    for model in _models(args, kwargs):
        if model.training != (model.kind != "eval"):
            was, now = ("training", "eval") if model.training is False else ("eval", "training")
            raise Failure("exception", f"{request.get('function')} returned, but left the model it was given in {now} "
                          f"mode (it was in {was} mode before the call): hand a model back in the mode it came in "
                          "(was_training = model.training ... model.train(was_training)), and only where it is a "
                          "module: a model may be any callable", "ModelModeChanged")
        if model.training_state() != model.initial_state:
            raise Failure("exception", f"{request.get('function')} returned, but changed the model it was given: "
                          "which of its weights require grad, their dtype, the gradients it has accumulated "
                          "(zero_grad()) or its hooks. A caller's model is in the middle of training: call it as it "
                          "is (model(ids), which runs its hooks, not model.forward(ids)), read its logits, and leave "
                          "the rest alone (no requires_grad_(), .double(), zero_grad() on it).", "ModelStateChanged")


def refuse_a_model_run_otherwise(request: dict, args: list, kwargs: dict, expected: object) -> None:
    """The caller's model runs under the caller's default dtype: a function that sets another one around the
    model's calls (and puts it back after) changes what the model computes (a table it builds in the default dtype):
    the call fails."""
    for model in _models(args, kwargs):
        other = sorted(str(dtype).removeprefix("torch.") for dtype in model.defaults if dtype != expected)
        model.defaults.clear()
        if other:
            raise Failure("exception", f"{request.get('function')} ran the model it was given under torch's default "
                          f"dtype {', '.join(other)} instead of the caller's "
                          f"({str(expected).removeprefix('torch.')}): it changed the default dtype around the model's "
                          "calls. Leave torch's global settings alone while a caller's code runs; convert the "
                          "model's output instead (logits.double())", "SettingsChanged")


def refuse_a_graph_made_anyway(request: dict, output: object, given: list) -> None:
    """A caller that wants no gradients (torch.no_grad(), inference mode) gets a result that requires none, even
    when its inputs and weights do: a function that turns grad mode on again inside (torch.enable_grad()) builds a
    graph the caller did not ask for. An input handed back as it is keeps its own flag."""
    kept = {id(tensor) for tensor in given}
    found = [path for path, tensor in tensors_in(output, "the result")
             if tensor.requires_grad and id(tensor) not in kept]
    if found:
        raise Failure("exception", f"{request.get('function')} was called under torch.no_grad() and returned "
                      f"{found[0]} requiring grad: it turned grad mode on inside (torch.enable_grad(), "
                      "torch.set_grad_enabled(True)), so the caller gets a graph it did not ask for. Leave grad "
                      "mode as the caller set it.", "GradModeChanged")


def _models(args: list, kwargs: dict) -> list:
    """The TableModels among the arguments (behind the plain functions standing for them too)."""
    values = [getattr(value, "table_model", value) for value in [*args, *kwargs.values()]]
    return [value for value in values if isinstance(value, protocol.TableModel)]


def _slot(args: list, kwargs: dict, slot: object) -> tuple[list | dict, int | str]:
    """Where an argument of a request lives: `protocol.grad_slot`, its error a protocol failure."""
    try:
        return protocol.grad_slot(args, kwargs, slot)
    except ValueError as error:
        raise Failure("protocol", str(error)) from None


def _as_the_caller_holds_them(request: dict, args: list, kwargs: dict) -> list:
    """The arguments as the request says the caller holds them: "requires_grad" slots (weights of a trained model)
    as leaves that require grad, "inference_args" slots as inference tensors (made under torch.inference_mode(), as
    a serving loop makes its inputs). Returns the tensors given so."""
    given = []
    for key in request.get("requires_grad", []):
        holder, name = _slot(args, kwargs, key)
        if isinstance(holder[name], protocol.torch.Tensor) and holder[name].is_floating_point():
            holder[name] = holder[name].detach().requires_grad_(True)
            given.append(holder[name])
    for key in request.get("inference_args", []):
        holder, name = _slot(args, kwargs, key)
        if isinstance(holder[name], protocol.torch.Tensor):
            with protocol.torch.inference_mode():
                holder[name] = holder[name].clone()
            given.append(holder[name])
    return given


def held(function, request: dict, args: list, kwargs: dict, generators: list) -> tuple:
    """A result the caller keeps, and arguments a caller passes again: (the first call's result as returned, the same
    object after a call on other arguments, that call's result, the first call again after the caller changed the
    result it holds in place, the first call's very argument objects with one of them at a time (each of `mixed`)
    taken from the other call's, and with `in_place` those objects again after `protocol.change_in_place` changed
    their float tensors and refilled their lists from the other call's, else None)."""
    other_args = list(materialize(protocol.decode(request["other_args"]), generators))
    other_kwargs = materialize(protocol.decode(request["other_kwargs"]), generators)
    again_args = list(materialize(protocol.decode(request["args"]), generators))
    again_kwargs = materialize(protocol.decode(request["kwargs"]), generators)
    with default_dtype(request.get("default_dtype")):
        first = function(*args, **kwargs)
        kept = _copied(first)
        other = function(*other_args, **other_kwargs)
        mixed = []
        for slot in request.get("mixed", []):
            if isinstance(slot, int) and 0 <= slot < min(len(args), len(other_args)):   # copied: a view of an
                mixed.append(_copied(function(*args[:slot], other_args[slot], *args[slot + 1:], **kwargs)))
            elif isinstance(slot, str) and slot in kwargs and slot in other_kwargs:     # argument changes below
                mixed.append(_copied(function(*args, **{**kwargs, slot: other_kwargs[slot]})))
            else:
                raise Failure("protocol", f"no argument {slot!r} to mix")
        after = _copied(first)
        updated = None
        # the arguments as the grader has them (a tuple): the same changes on both sides
        refill = (tuple(protocol.decode(request["other_args"])), protocol.decode(request["other_kwargs"]))
        if request.get("in_place") is True:   # the grader found something to change (on its side, unpatched)
            protocol.change_in_place((tuple(args), kwargs), refill)
            updated = _copied(function(*args, **kwargs))   # the same objects, their values changed in place
        _scribble(first)
        again = function(*again_args, **again_kwargs)
    return kept, after, other, again, mixed, updated


def _copied(value: object) -> object:
    if isinstance(value, protocol.torch.Tensor):
        return value.detach().clone()
    if isinstance(value, (list, tuple)):
        return type(value)(_copied(item) for item in value)
    return value


def _scribble(value: object) -> None:
    """Change every tensor and list of a result in place, as a caller may (an expanded view cannot be written)."""
    torch = protocol.torch
    if isinstance(value, torch.Tensor):
        with torch.no_grad():
            try:
                if value.dtype == torch.bool:
                    value.logical_not_()
                else:
                    value.add_(1)
            except RuntimeError:
                pass
    elif isinstance(value, tuple):
        for item in value:
            _scribble(item)
    elif isinstance(value, list):
        for item in value:
            _scribble(item)
        value.append(None)


def _expect_the_same_backward_again(loss: object, inputs: list, grads: tuple) -> None:
    """A second backward pass through the same graph (`loss.backward(retain_graph=True)` before it) gives the same
    gradients: a backward that frees or pops what its forward saved raises or differs there."""
    again = protocol.torch.autograd.grad(loss, inputs, allow_unused=True)
    for first, second in zip(grads, again):
        if (first is None) != (second is None) or first is not None and not protocol.torch.equal(first, second):
            raise Failure("exception", "a second backward pass through the same graph (retain_graph=True) gave "
                          "other gradients than the first: the backward reads state that the first pass changed",
                          "SecondBackwardDiffers")


def _expect_no_path_back(later: object, inputs: list) -> None:
    """The result of a later call on other inputs does not depend on the earlier call's inputs: a buffer or cache
    that carries a graph from one call to the next sends a later loss's gradient into an earlier step's tensors."""
    items = later if isinstance(later, (tuple, list)) else [later]
    tensors = [item for item in items if isinstance(item, protocol.torch.Tensor) and item.requires_grad]
    if not tensors:
        return
    reached = protocol.torch.autograd.grad(sum(item.sum() for item in tensors), inputs, allow_unused=True)
    if any(grad is not None and bool((grad != 0).any()) for grad in reached):
        raise Failure("exception", "the result of a later call on other inputs depends on this call's inputs: "
                      "something kept between calls (a buffer added to, a cached tensor) carries the graph of one "
                      "call into the next", "GraphKeptAcrossCalls")


def _paired(output: object, cotangent: object) -> list[tuple[object, object]]:
    """(output tensor, its cotangent) to backpropagate: one cotangent for the output (the first item of a returned
    tuple), or a tuple of them, one per item (None: an item not differentiated, such as ids)."""
    if isinstance(cotangent, protocol.torch.Tensor):
        outputs, cotangents = [output[0] if isinstance(output, (tuple, list)) and output else output], [cotangent]
    elif isinstance(cotangent, tuple):
        if not isinstance(output, (tuple, list)) or len(output) != len(cotangent):
            raise Failure("exception", f"returned {type(output).__name__}, expected a tuple of {len(cotangent)}")
        outputs, cotangents = list(output), list(cotangent)
    else:
        raise Failure("protocol", "a cotangent must be a tensor or a tuple of tensors and None")
    pairs = []
    for item, cotangent in zip(outputs, cotangents):
        if cotangent is None:
            continue
        if not isinstance(cotangent, protocol.torch.Tensor):
            raise Failure("protocol", "a cotangent must be a tensor or a tuple of tensors and None")
        if not isinstance(item, protocol.torch.Tensor):
            raise Failure("exception", f"returned {type(item).__name__}, not a tensor that can be differentiated")
        if tuple(item.shape) != tuple(cotangent.shape):
            raise Failure("exception", f"returned shape {tuple(item.shape)}, expected {tuple(cotangent.shape)}")
        pairs.append((item, cotangent))
    return pairs


_DENORMAL = protocol.torch.tensor([1e-40])   # a float32 denormal, made before any learner code runs


def remember_torch_functions() -> None:
    """In the zygote, once torch is imported and before any learner code: what torch's namespaces (and math's, and
    the builtins') hold, so that a call which replaces one of their functions for the whole process (torch.softmax =
    ..., F.softmax = ..., torch.Tensor.softmax = ...) is seen. Modules are compared on the public names they held
    (torch adds submodules as they are imported); classes on their whole dict (a method patched onto
    torch.Tensor adds a name there)."""
    import builtins
    import math

    torch = protocol.torch
    spaces = (("torch", torch, False), ("torch.nn.functional", torch.nn.functional, False),
              ("torch.linalg", torch.linalg, False), ("torch.special", torch.special, False),
              ("torch.nn.init", torch.nn.init, False), ("math", math, False), ("builtins", builtins, False),
              ("torch.Tensor", torch.Tensor, True), ("torch.nn.Module", torch.nn.Module, True))
    _TORCH_FUNCTIONS.clear()
    for label, space, whole in spaces:
        held = vars(space)
        names = tuple(name for name in held if not name.startswith("_") and (space, name) != (torch, "Storage")) \
            if not whole else tuple(held)   # torch.Storage follows the default dtype (the grader sets it)
        get = operator.itemgetter(*names, *names[:1])   # always a tuple, even for one name
        _TORCH_FUNCTIONS.append((label, held, names, get, get(held), whole))


def replaced_torch_functions() -> list[str]:
    """The functions of torch (math, the builtins) that differ from the zygote's: replaced, added to a class, or
    removed. A few microseconds: one C-level lookup and comparison of each name."""
    found = []
    for label, held, names, get, values, whole in _TORCH_FUNCTIONS:
        try:
            same = get(held) == values and (not whole or len(held) == len(names))
        except Exception:  # noqa: BLE001 - a name removed (KeyError), or a replacement that refuses comparison
            same = False
        if not same:
            now = dict(held)
            found += [f"{label}.{name}" for name, value in zip(names, values)
                      if now.get(name, _ABSENT) is not value and not _wrapped_by_torch(now.get(name), value)]
            found += [f"{label}.{name}" for name in now.keys() - set(names)] if whole else []
    return found


def _wrapped_by_torch(now: object, before: object) -> bool:
    """Whether torch itself wrapped the function it held: importing torch._dynamo (torch.compile) replaces
    torch.manual_seed by a wrapper, defined in torch's files, whose __wrapped__ is the original."""
    code = getattr(now, "__code__", None)
    return code is not None and code.co_filename.startswith(_TORCH_DIR) and _wraps(now, before)


def remember_bindings(everything: bool = False) -> None:
    """Note the public functions of every learner module not yet watched (of all of them with `everything`: after
    the grader put its substitutes in)."""
    if everything:
        _BINDINGS.clear()
    _SEEN_MODULES[0] = len(sys.modules)
    for name, module in list(sys.modules.items()):
        if name.startswith("submission.") and name not in _BINDINGS and isinstance(module, types.ModuleType):
            held = vars(module)
            names = tuple(key for key, value in held.items() if not key.startswith("_") and isinstance(value, (
                types.FunctionType, types.BuiltinFunctionType, functools.partial)))
            get = operator.itemgetter(*names, *names[:1]) if names else (lambda _: ())
            _BINDINGS[name] = (held, names, get, get(held))


def rebound_functions() -> list[str]:
    """The public functions of the learner's modules rebound since they were imported (softmax_cols = lambda ...: a
    later call of any function of that module would use the new one), as "module.name". A function wrapped around
    the one it replaces (functools.lru_cache(f), functools.wraps) is the same function. Modules imported since the
    last look are noted, not compared."""
    found = []
    for module, (held, names, get, values) in _BINDINGS.items():
        try:
            same = get(held) == values
        except Exception:  # noqa: BLE001 - a name deleted, or a replacement that refuses comparison
            same = False
        if not same:
            found += [f"{module.removeprefix('submission.')}.{name}" for name, value in zip(names, values)
                      if held.get(name, _ABSENT) is not value and not _wraps(held.get(name), value)]
    if len(sys.modules) != _SEEN_MODULES[0]:
        remember_bindings()
    return found


def _wraps(now: object, before: object) -> bool:
    """Whether `now` wraps `before`, through a chain of `__wrapped__` (functools.wraps, lru_cache) of a few links."""
    for _ in range(8):
        now = getattr(now, "__wrapped__", None)
        if now is before:
            return True
    return False


def settings() -> dict[str, object]:
    """torch's global settings that a learner's function could change, by how the learner is told of them."""
    torch = protocol.torch
    return {
        "grad mode (torch.is_grad_enabled())": torch.is_grad_enabled(),
        "inference mode (torch.is_inference_mode_enabled())": torch.is_inference_mode_enabled(),
        "the default dtype (torch.get_default_dtype())": torch.get_default_dtype(),
        "anomaly detection (torch.is_anomaly_enabled())": torch.is_anomaly_enabled(),
        "deterministic algorithms (torch.are_deterministic_algorithms_enabled(), warn only)":
            (torch.are_deterministic_algorithms_enabled(), torch.is_deterministic_algorithms_warn_only_enabled()),
        "the number of threads (torch.get_num_threads())": torch.get_num_threads(),
        "float32 matmul precision (torch.get_float32_matmul_precision())": torch.get_float32_matmul_precision(),
        "flushing denormal numbers to zero (torch.set_flush_denormal())": bool(_DENORMAL.mul(1.0).eq(0).item()),
    }


@contextlib.contextmanager
def settings_kept(request: dict):
    """The learner's code inside must leave torch's global settings as it found them: a caller's training loop or
    inference runs on under them. A change fails the call (unless it failed already) and retires the worker."""
    before = settings()
    try:
        yield
    finally:
        after, replaced, rebound = settings(), replaced_torch_functions(), rebound_functions()
        if after != before or replaced or rebound:
            _settings_changed.append(True)
    changes = changed_settings(before, after)
    if changes:
        raise Failure("exception", f"{request.get('function')} returned, but left torch's global settings changed: "
                      + "; ".join(changes), "SettingsChanged")
    if replaced:
        raise Failure("exception", f"{request.get('function')} returned, but {_replacing(replaced)}", "TorchPatched")
    if rebound:
        shown = ", ".join(rebound[:4]) + (f" and {len(rebound) - 4} more" if len(rebound) > 4 else "")
        raise Failure("exception", f"{request.get('function')} returned, but left {shown} rebound to another "
                      "function (global ...; name = ...): every later call of that module's functions uses the new "
                      "one", "FunctionRebound")


def _replacing(replaced: list[str]) -> str:
    shown = ", ".join(replaced[:4]) + (f" and {len(replaced) - 4} more" if len(replaced) > 4 else "")
    return (f"left {shown} replaced for the whole process (not torch's own any more): every caller's code that "
            "uses it runs with yours")


def changed_settings(before: dict, after: dict, event: str = "the call") -> list[str]:
    """Each setting that differs, in words."""
    return [f"{name} was {before[name]} before {event} and is {after[name]} after it"
            for name in before if after[name] != before[name]]


@contextlib.contextmanager
def default_dtype(name: object):
    """torch's default dtype during the learner's call: the grader's choice ("float32" or "float64"), else unchanged."""
    if name is None:
        yield
        return
    if name not in ("float32", "float64"):
        raise Failure("protocol", f"invalid default dtype {name!r}")
    previous = protocol.torch.get_default_dtype()
    protocol.torch.set_default_dtype(protocol.DTYPES[name])
    try:
        yield
    finally:
        protocol.torch.set_default_dtype(previous)


def tensors_in(value: object, path: str) -> list[tuple[str, object]]:
    """(path, tensor) for every tensor argument, inside lists, tuples, dicts and table models."""
    if isinstance(value, protocol.torch.Tensor):
        return [(path, value)]
    if isinstance(value, protocol.TableModel):
        return [(f"{path}.table", value.table), (f"{path}.pos", value.pos)]
    if isinstance(value, (list, tuple)):
        if protocol.all_plain(value):
            return []
        return [found for i, item in enumerate(value) for found in tensors_in(item, f"{path}[{i}]")]
    if isinstance(value, dict):
        return [found for key, item in value.items() for found in tensors_in(item, f"{path}[{key!r}]")]
    return []


def snapshot(args: list, kwargs: dict) -> tuple[list, list]:
    """Taken before the learner's call: every tensor argument with a copy of its shape, bytes and requires_grad flag,
    and every list or dict argument with a frozen copy of its structure (a list of words, a corpus, a dict of
    parameters)."""
    found = tensors_in(tuple(args), "args") + tensors_in(kwargs, "kwargs")
    containers = [(f"args[{i}]", value) for i, value in enumerate(args)]
    containers += [(f"kwargs[{key!r}]", value) for key, value in kwargs.items()]
    return ([(path, tensor, (tuple(tensor.shape), tensor.requires_grad), tensor.detach().clone())
             for path, tensor in found],
            [(path, value, frozen(value)) for path, value in containers if isinstance(value, (list, dict))])


_WORDS_OR_IDS = frozenset((str, int, bool, type(None)))


def frozen(value: object) -> object:
    """A comparable copy of a container's structure: tensors by identity (their bytes are compared apart), floats by
    repr (NaN equals NaN)."""
    if isinstance(value, (list, tuple)):
        if _WORDS_OR_IDS.issuperset(map(type, value)):  # a list of words or ids
            return (type(value).__name__, *value)
        return (type(value).__name__, *(frozen(item) for item in value))
    if isinstance(value, dict):
        return ("dict", *((key, frozen(item)) for key, item in value.items()))
    if isinstance(value, (str, int, bool, type(None))):
        return value
    if isinstance(value, float):
        return repr(value)
    return ("object", id(value))


def changed(function: object, args: list, kwargs: dict, before: tuple[list, list]) -> dict:
    """{"mutated": [argument, ...]} naming the arguments the call wrote to in place, else {}: tensors bitwise (NaN
    and -0.0 compare as what they are; a tensor returned unchanged is not a change), lists and dicts by content."""
    tensors, containers = before
    mutated = []
    for path, tensor, (shape, requires_grad), copy in tensors:
        now = tensor.detach()
        if (tuple(now.shape) != shape or tensor.requires_grad != requires_grad or now.dtype != copy.dtype
                or not protocol.torch.equal(_bits(now), _bits(copy))):
            mutated.append(path)
    mutated += [path for path, value, copy in containers if frozen(value) != copy and path not in mutated]
    if not mutated:
        return {}
    try:  # "scores" reads better than "args[0]"
        positions = [p.name for p in inspect.signature(function).parameters.values()
                     if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        positions = []
    readable = []
    for path in mutated:
        head, _, rest = path.partition("]")
        if path.startswith("args[") and int(head[5:]) < len(positions):
            readable.append(positions[int(head[5:])] + rest)
        elif path.startswith("kwargs["):
            readable.append(head[len("kwargs['"):-1] + rest)
        else:
            readable.append(path)
    return {"mutated": readable}


_SAME_SIZE_INTEGERS = {1: protocol.torch.uint8, 2: protocol.torch.int16, 4: protocol.torch.int32,
                       8: protocol.torch.int64}


def _bits(tensor: object) -> object:
    """The tensor's bit patterns as integers of the same size (one view, any strides): NaN equals itself, -0.0
    differs from 0.0."""
    if tensor.dtype == protocol.torch.bool:
        return tensor
    if tensor.is_complex():  # no integer type as wide as complex128
        return tensor.reshape(-1).contiguous().view(protocol.torch.uint8)
    return tensor.view(_SAME_SIZE_INTEGERS[tensor.element_size()])


def send_back(value: object) -> object:
    try:
        return protocol.encode(value)
    except (TypeError, ValueError) as error:
        raise Failure("exception", f"{protocol.UNREADABLE}{error}", "TypeError") from None


def materialize(value: object, generators: list) -> object:
    """Seeds become generators (appended to `generators`); a TableModel is handed over as its kind says (a plain
    function calling it, or with logits that require grad); everything else stays."""
    if isinstance(value, protocol.Seed):
        generators.append(protocol.torch.Generator().manual_seed(value.n))
        return generators[-1]
    if isinstance(value, protocol.TableModel):
        if value.kind == "tracked":
            value.track()
        return value.as_function() if value.kind == "function" else value
    if isinstance(value, (list, tuple)):
        if protocol.all_plain(value):
            return value
        return type(value)(materialize(item, generators) for item in value)
    if isinstance(value, dict):
        return {key: materialize(item, generators) for key, item in value.items()}
    return value


def model_calls(args: list, kwargs: dict) -> dict:
    """{"model_calls": [how often each TableModel argument was called, in order]}, where there is one."""
    models = _models(args, kwargs)
    return {"model_calls": [model.calls for model in models]} if models else {}


def streams(generators: list) -> dict:
    """{"streams": [one draw from each seeded generator after the call]}: where the call left each random stream
    (a function whose contract fixes its draws must leave it where the reference does)."""
    if not generators:
        return {}
    return {"streams": [int(protocol.torch.randint(0, 2**62, (), generator=g)) for g in generators]}


def resolve(module: str, function: str, modules: dict, workdir: str):
    if not function.isidentifier():
        raise Failure("missing", f"invalid name {module}.{function}")
    loaded = resolve_module(module, modules, workdir)
    found = getattr(loaded, function, None)
    if not callable(found):
        raise Failure("missing", f"{module}.py has no function {function}")
    return found


_MODULE_CODE: dict[str, types.CodeType] = {}   # a learner module's compiled source (`fresh_copy`)


def fresh_copy(module: str, workdir: str) -> object:
    """The learner's module run anew beside the imported one (called after `resolve`, so that one imports): its
    caches, function attributes and globals start empty, and it imports its siblings as the imported one does."""
    path = os.path.join(workdir, "submission", module + ".py")
    if module not in _MODULE_CODE:
        with open(path, encoding="utf-8") as source:
            _MODULE_CODE[module] = compile(source.read(), path, "exec")
    copy = types.ModuleType(f"submission.{module}")
    copy.__file__, copy.__package__ = path, "submission"
    exec(_MODULE_CODE[module], vars(copy))  # noqa: S102 - the learner's own module, inside the sandbox
    return copy


def resolve_module(module: str, modules: dict, workdir: str) -> object:
    """The learner's module, imported on first use (a Failure remembered if it is missing or does not import)."""
    if not module.isidentifier():
        raise Failure("missing", f"invalid module name {module}")
    if module not in modules:
        if not os.path.exists(os.path.join(workdir, "submission", module + ".py")):
            raise Failure("missing", f"{module}.py is not in the submission")
        try:
            modules[module] = importlib.import_module(f"submission.{module}")
        except OutOfCpuTime:   # the import's time is up: the grader replaces this worker
            raise
        except BaseException as error:  # noqa: BLE001
            modules[module] = Failure(**{**describe(error, workdir), "kind": "import"})
    loaded = modules[module]
    if isinstance(loaded, Failure):
        raise loaded
    return loaded


def _raised_by_the_learner(error: BaseException, workdir: str) -> bool:
    """Whether a `raise` statement of the submission raised `error` as a stub does (a TODO): a statement of the
    function's body itself, reached whatever the inputs, rather than one inside a branch (an option the learner has
    not finished: `if top_p is not None: raise NotImplementedError(...)`, which the checks then report as the error it
    is) or a library refusing an operation (torch raises NotImplementedError for a bool matmul, say)."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames or not frames[-1].filename.startswith(workdir):
        return False
    if frames[-1].line is not None and not frames[-1].line.lstrip().startswith("raise"):
        return False
    last = error.__traceback__
    while last.tb_next is not None:
        last = last.tb_next
    return _a_statement_of_the_body(last.tb_frame.f_code, last.tb_lineno)


def _a_statement_of_the_body(code: types.CodeType, line: int) -> bool:
    """Whether `line` holds a statement of the body of the function `code` runs (not one nested in an if, a loop or
    a with). True when the source cannot be read, as before this was asked."""
    import ast
    import linecache

    try:
        tree = ast.parse("".join(linecache.getlines(code.co_filename)))
    except (SyntaxError, ValueError):
        return True
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == code.co_name and \
                node.lineno <= line <= (node.end_lineno or node.lineno):
            inner = [child for child in ast.walk(node) if child is not node and isinstance(
                child, (ast.FunctionDef, ast.AsyncFunctionDef)) and child.lineno <= line <= (child.end_lineno or 0)]
            if inner:
                continue   # the raise is in a function defined inside this one: that one is walked too
            for index, statement in enumerate(node.body):
                if statement.lineno <= line <= (statement.end_lineno or statement.lineno):
                    # a stub's raise ends a body of checks; after a return for some inputs it ends a finished part
                    return isinstance(statement, ast.Raise) and not any(
                        isinstance(inner, ast.Return) for earlier in node.body[:index] for inner in ast.walk(earlier))
            return False
    return True


def describe(error: BaseException, workdir: str) -> dict:
    """kind, type_name and a short learner-facing message (traceback trimmed to the learner's own files)."""
    name = type(error).__name__
    if isinstance(error, ModuleNotFoundError) and (error.name or "").startswith("submission."):
        missing = error.name.removeprefix("submission.")
        return {"kind": "import", "type_name": name, "message": f"imports {missing}, but {missing}.py is not in "
                "the submission (submit the whole folder)"}
    if isinstance(error, NotImplementedError) and _raised_by_the_learner(error, workdir):
        return {"kind": "exception", "type_name": name, "message": protocol.TODO_MESSAGE}
    kind = "exception"
    if isinstance(error, MemoryError) or "can't allocate memory" in str(error) or "not enough memory" in str(error):
        kind = "memory"
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename.startswith(workdir)]
    where = "".join(traceback.format_list(frames[-3:])).replace(workdir + "/submission/", "")
    text = f"{where}{name}: {error}" if where else f"{name}: {error}"
    described = {"kind": kind, "type_name": name, "message": text[-1500:]}
    # What the grader needs to tell "not installed" from "installed, but the sandbox user may not read it"
    if isinstance(error, ModuleNotFoundError) and isinstance(error.name, str):
        described["module"] = error.name[:200]
    elif isinstance(error, PermissionError) and isinstance(error.filename, str):
        described["filename"] = error.filename[:1000]
    return described


# ------------------------------------------------------------------------------------------------ substitutes

_originals: dict[tuple[str, str], object] = {}  # (module, function) -> the learner's function, while substituted
_patched: list[tuple[object, str, object]] = []  # (module object, global name, the value it had) to undo
_ABSENT = object()   # a name the module did not have before it was patched


def substitute(functions: list, broken: list, modules: dict, workdir: str) -> dict:
    """Put proxies in the place of the listed (module, function) pairs, undoing earlier substitutes first. A learner
    module that is missing or does not import, or is `broken` (its import ended or hung an earlier worker: it is not
    tried again), is replaced by a module of proxies, so that later modules importing it still import."""
    if not (isinstance(broken, list) and all(isinstance(name, str) and name.isidentifier() for name in broken)):
        raise Failure("protocol", "invalid list of broken modules")
    for holder, name, value in reversed(_patched):
        if value is _ABSENT:
            delattr(holder, name)
        else:
            setattr(holder, name, value)
    _patched.clear()
    _originals.clear()
    wanted: dict[str, list[str]] = {}
    for module, function in functions:
        if not (isinstance(module, str) and module.isidentifier() and isinstance(function, str)
                and function.isidentifier()):
            raise Failure("protocol", "invalid substitute")
        wanted.setdefault(module, []).append(function)
    for module, names in wanted.items():
        if module in broken:
            loaded = _synthetic_module(module, modules)
        else:
            try:
                loaded = resolve_module(module, modules, workdir)
            except Failure:
                loaded = _synthetic_module(module, modules)
        for name in names:
            proxy = _proxy(module, name)
            original = vars(loaded).get(name)
            if original is not None:
                _originals[(module, name)] = original
            _patch(loaded, name, proxy)
    for module in [name for name, loaded in modules.items() if isinstance(loaded, Failure)]:
        del modules[module]  # it may have failed only because a module it imports was broken: import it again
    for loaded in [m for m in modules.values() if not isinstance(m, Failure)]:
        for name, value in list(vars(loaded).items()):
            for (module, function), original in _originals.items():
                if value is original and loaded is not modules.get(module):
                    _patch(loaded, name, getattr(modules[module], function))
    remember_bindings(everything=True)   # the proxies are the functions now
    return {"value": protocol.encode(None)}


def _patch(holder: object, name: str, value: object) -> None:
    _patched.append((holder, name, vars(holder).get(name, _ABSENT)))
    setattr(holder, name, value)


def _synthetic_module(module: str, modules: dict) -> object:
    """Stands in for a learner module that is missing or broken: only the substitutes live in it, and any other name
    asked of it (by a later module's import, once no substitute is wanted) says why it is not there."""
    synthetic = types.ModuleType(f"submission.{module}")

    def __getattr__(name: str) -> object:
        if name.startswith("__"):
            raise AttributeError(name)
        raise ImportError(f"{module}.py is missing or does not import (its own exercise's checks say why), so "
                          f"{name} cannot be imported from it")

    synthetic.__getattr__ = __getattr__
    sys.modules[f"submission.{module}"] = modules[module] = synthetic
    return synthetic


def _proxy(module: str, function: str):
    def proxy(*args, **kwargs):
        torch = protocol.torch
        flat = [value for value in _leaves((args, kwargs)) if isinstance(value, torch.Tensor)]
        if torch.is_grad_enabled() and any(tensor.requires_grad for tensor in flat):
            return _Oracle.apply((module, function, args, kwargs), *flat)
        return callback(module, function, "call", args, kwargs)
    proxy.__name__ = proxy.__qualname__ = function
    proxy.__doc__ = f"A correct {function}, computed by the grader (yours failed its own checks)."
    return proxy


def _leaves(value: object) -> list:
    if isinstance(value, (list, tuple)):
        return [leaf for item in value for leaf in _leaves(item)]
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in _leaves(item)]
    return [value]


def callback(module: str, function: str, op: str, args: tuple, kwargs: dict, extra: dict | None = None) -> object:
    """Ask the grader to compute `module.function` (op "call") or its vector-Jacobian product (op "vjp")."""
    sock = _channel[0]
    try:
        payload = {"callback": op, "module": module, "function": function, "args": protocol.encode(tuple(args)),
                   "kwargs": protocol.encode(kwargs), **(extra or {})}
    except (TypeError, ValueError) as error:
        raise TypeError(f"{function}: an argument the grader cannot read: {error}") from None
    protocol.send_frame(sock, payload)
    reply = protocol.recv_frame(sock)
    if not isinstance(reply, dict) or "callback_reply" not in reply:
        raise RuntimeError("the grader did not answer a substitute's call")
    if not reply.get("ok"):
        raise (ValueError if reply.get("type_name") == "ValueError" else RuntimeError)(str(reply.get("message")))
    return protocol.decode(reply["value"])


class _Oracle(protocol.torch.autograd.Function):
    """A substitute inside autograd: forward and backward both computed by the grader."""

    @staticmethod
    def forward(ctx, call, *tensors):
        module, function, args, kwargs = call
        ctx.call, ctx.needs = call, [tensor.requires_grad for tensor in tensors]
        with protocol.torch.no_grad():
            output = callback(module, function, "call", _detached(args), _detached(kwargs))
        ctx.single = isinstance(output, protocol.torch.Tensor)
        outputs = (output,) if ctx.single else tuple(output)
        if not all(isinstance(item, protocol.torch.Tensor) for item in outputs):
            raise TypeError(f"{function}: a substitute inside autograd must return tensors")
        return outputs[0] if ctx.single else outputs

    @staticmethod
    def backward(ctx, *cotangents):
        module, function, args, kwargs = ctx.call
        extra = {"cotangents": protocol.encode(list(cotangents)), "needs": ctx.needs}
        grads = callback(module, function, "vjp", _detached(args), _detached(kwargs), extra)
        return (None, *grads)


def _detached(value: object) -> object:
    torch = protocol.torch
    if isinstance(value, torch.Tensor):
        return value.detach()
    if isinstance(value, (list, tuple)):
        return type(value)(_detached(item) for item in value)
    if isinstance(value, dict):
        return {key: _detached(item) for key, item in value.items()}
    return value
