"""Inside a sandbox worker: run the grader's calls into the learner's modules and bring back plain data.

A script registered as the module `_grader_calls` by the fork server (see `worker.py`), never imported from the
repository. `serve` answers call frames on the worker's socket until the grader hangs up: it resolves the learner's
function (importing their module on first use), runs it on the decoded arguments, reports arguments it modified in
place, and describes any failure in words the learner can act on.
"""
from __future__ import annotations

import importlib
import inspect
import os
import socket
import traceback

import _grader_protocol as protocol


class Failure(Exception):
    """A call that failed for a reason the parent reports to the learner."""

    def __init__(self, kind: str, message: str, type_name: str | None = None, **details: str):
        super().__init__(message)
        self.kind, self.message, self.type_name, self.details = kind, message, type_name, details


def serve(sock: socket.socket, workdir: str) -> int:
    modules: dict[str, object] = {}
    while True:
        try:
            request = protocol.recv_frame(sock)
        except EOFError:
            return 0
        try:
            reply = {"id": request["id"], "ok": True, **handle(request, modules, workdir)}
        except Failure as failure:
            reply = {"id": request["id"], "ok": False, "kind": failure.kind, "type_name": failure.type_name,
                     "message": failure.message, **failure.details}
        except BaseException as error:  # noqa: BLE001 - sys.exit, KeyboardInterrupt... are learner failures too
            reply = {"id": request["id"], "ok": False, **describe(error, workdir)}
        protocol.send_frame(sock, reply)


def handle(request: dict, modules: dict, workdir: str) -> dict:
    if request["op"] == "import":  # before the first call into a module: a crash here is the import's
        load(request["module"], modules, workdir)
        return {}
    function = resolve(request["module"], request["function"], modules, workdir)
    args = list(materialize(protocol.decode(request["args"])))
    kwargs = materialize(protocol.decode(request["kwargs"]))
    if request["op"] == "call":
        before = snapshot(args, kwargs)
        output = function(*args, **kwargs)
        return {"value": send_back(output), **changed(function, args, kwargs, before)}
    inputs = []
    for key in request["wrt"]:
        holder = args if isinstance(key, int) else kwargs
        holder[key] = holder[key].detach().clone().requires_grad_(True)
        inputs.append(holder[key])
    before = snapshot(args, kwargs)
    output = function(*args, **kwargs)
    mutated = changed(function, args, kwargs, before)
    first = output[0] if isinstance(output, (tuple, list)) and output else output
    cotangent = protocol.decode(request["cotangent"])
    if not isinstance(first, protocol.torch.Tensor):
        raise Failure("exception", f"returned {type(first).__name__}, not a tensor that can be differentiated")
    if tuple(first.shape) != tuple(cotangent.shape):
        raise Failure("exception", f"returned shape {tuple(first.shape)}, expected {tuple(cotangent.shape)}")
    if first.requires_grad:
        grads = protocol.torch.autograd.grad((first * cotangent).sum(), inputs, allow_unused=True)
    else:
        grads = [None] * len(inputs)
    return {"value": send_back(output), "grads": protocol.encode(dict(zip(request["wrt"], grads, strict=True))),
            **mutated}


def tensors_in(value: object, path: str) -> list[tuple[str, object]]:
    """(path, tensor) for every tensor argument, inside lists, tuples, dicts and table models."""
    if isinstance(value, protocol.torch.Tensor):
        return [(path, value)]
    if isinstance(value, protocol.TableModel):
        return [(f"{path}.table", value.table), (f"{path}.pos", value.pos)]
    if isinstance(value, (list, tuple)):
        return [found for i, item in enumerate(value) for found in tensors_in(item, f"{path}[{i}]")]
    if isinstance(value, dict):
        return [found for key, item in value.items() for found in tensors_in(item, f"{path}[{key!r}]")]
    return []


def snapshot(args: list, kwargs: dict) -> list[tuple[str, object, tuple, object]]:
    """Every tensor argument with a copy of its shape and bytes, taken before the learner's call."""
    found = tensors_in(tuple(args), "args") + tensors_in(kwargs, "kwargs")
    return [(path, tensor, tuple(tensor.shape), tensor.detach().clone()) for path, tensor in found]


def changed(function: object, args: list, kwargs: dict, before: list) -> dict:
    """{"mutated": [argument, ...]} naming the tensor arguments the call wrote to in place, else {}.
    Bitwise, so NaN and -0.0 compare as what they are; a tensor returned unchanged is not a change."""
    mutated = []
    for path, tensor, shape, copy in before:
        now = tensor.detach()
        if (tuple(now.shape) != shape or now.dtype != copy.dtype
                or not protocol.torch.equal(_bits(now), _bits(copy))):
            mutated.append(path)
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


def _bits(tensor: object) -> object:
    return tensor.reshape(-1).contiguous().view(protocol.torch.uint8)


def send_back(value: object) -> object:
    try:
        return protocol.encode(value)
    except (TypeError, ValueError) as error:
        raise Failure("exception", f"returned a value the grader cannot read: {error}", "TypeError") from None


def materialize(value: object) -> object:
    """Seeds become generators; everything else (including TableModel, already callable) stays."""
    if isinstance(value, protocol.Seed):
        return protocol.torch.Generator().manual_seed(value.n)
    if isinstance(value, (list, tuple)):
        return type(value)(materialize(item) for item in value)
    if isinstance(value, dict):
        return {key: materialize(item) for key, item in value.items()}
    return value


def load(module: str, modules: dict, workdir: str):
    """The learner's module (imported on first use; an import that failed fails the same way every time)."""
    if not module.isidentifier():
        raise Failure("missing", f"invalid module name {module}")
    if module not in modules:
        if not os.path.exists(os.path.join(workdir, "submission", module + ".py")):
            raise Failure("missing", f"{module}.py is not in the submission")
        try:
            modules[module] = importlib.import_module(f"submission.{module}")
        except BaseException as error:  # noqa: BLE001
            modules[module] = Failure(**{**describe(error, workdir), "kind": "import"})
    loaded = modules[module]
    if isinstance(loaded, Failure):
        raise loaded
    return loaded


def resolve(module: str, function: str, modules: dict, workdir: str):
    if not function.isidentifier():
        raise Failure("missing", f"invalid name {module}.{function}")
    found = getattr(load(module, modules, workdir), function, None)
    if not callable(found):
        raise Failure("missing", f"{module}.py has no function {function}")
    return found


def describe(error: BaseException, workdir: str) -> dict:
    """kind, type_name and a short learner-facing message (traceback trimmed to the learner's own files)."""
    name = type(error).__name__
    if isinstance(error, ModuleNotFoundError) and (error.name or "").startswith("submission."):
        missing = error.name.removeprefix("submission.")
        return {"kind": "import", "type_name": name, "message": f"imports {missing}, but {missing}.py is not in "
                "the submission (submit the whole folder)"}
    if isinstance(error, NotImplementedError):
        return {"kind": "exception", "type_name": name, "message": "not implemented yet (TODO: the stub raises "
                "NotImplementedError)"}
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
