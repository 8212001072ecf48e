"""`Submission`: call a learner's functions across the process boundary.

The learner's files are sent to a worker forked from the fork server; calls go over a socket as protocol frames.
Every reply is decoded strictly here, and nothing the worker says is trusted beyond "this is the value I returned".
A worker that crashes, hangs or breaks the protocol is killed and replaced for the next call.

`substitute` puts correct functions (callables of the grader, such as the model answers) in the place of some of the
learner's: the worker gets proxies that call back here for values and vector-Jacobian products, so the correct code
never enters the sandbox. `given` modules are course code placed beside the learner's modules (public glue such as
the capstone's assembly, never an answer).
"""
from __future__ import annotations

import base64
import contextlib
import importlib.machinery
import os
import secrets
import signal
import stat
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Callable

import torch

from grader.sandbox import protocol
from grader.sandbox.server import ForkServer, SandboxUnavailable, Worker, default_server

KINDS = ("import", "missing", "exception", "timeout", "memory", "crash", "protocol")
MAX_SUBMISSION_BYTES = 8 * 2**20
MAX_REPLY_BYTES = 64 * 2**20
MAX_CALLBACKS = 10_000  # substitute calls per learner call: a bound on the grader's work for one call


WALL_FACTOR = 3   # the wall-clock watchdog of a call, in multiples of its CPU time limit


@dataclass(frozen=True)
class Limits:
    """Resource limits of one submission's worker.

    call_timeout: CPU seconds per call, counted by the worker itself (a loaded grading machine stretches a call's
    wall time, not its CPU time: grades do not depend on the load), with the grader's wall-clock watchdog at
    WALL_FACTOR times it for code that waits instead of computing; total_seconds: wall seconds of all calls of the
    submission together (code whose every call stays just under call_timeout would otherwise hold a grader for
    hours: past it, the remaining calls fail at once); cpu_seconds: CPU time over the worker's life (it is
    restarted afterwards); memory_mb: address space on top of what the worker maps after importing torch;
    disk_mb: the private /tmp and the largest file; max_processes: processes of the sandbox user (root only).
    """

    call_timeout: float = 10.0
    total_seconds: float = 600.0
    cpu_seconds: int = 120
    memory_mb: int = 1024
    disk_mb: int = 64
    max_processes: int = 64
    open_files: int = 256
    startup_timeout: float = 60.0


class LearnerError(Exception):
    """A call into the learner's code failed. kind is one of KINDS; message is meant for the learner."""

    def __init__(self, kind: str, message: str, type_name: str | None = None):
        super().__init__(message)
        self.kind, self.message, self.type_name = kind, message, type_name

    def __str__(self) -> str:
        return f"[{self.kind}] {self.message}"

    @property
    def todo(self) -> bool:
        """Whether the learner's own code raised NotImplementedError, as a stub does (not a library refusing an
        operation, as torch does for a matmul of bool tensors)."""
        return self.type_name == "NotImplementedError" and self.message == protocol.TODO_MESSAGE


class InputModified(LearnerError):
    """A call returned, but wrote into some of its tensor arguments (named in `arguments`) in place."""

    def __init__(self, function: str, arguments: list[str]):
        which = ", ".join(name[:60] for name in arguments[:3]) + (", ..." if len(arguments) > 3 else "")
        super().__init__("exception", f"{function} modified its argument{'s' if len(arguments) > 1 else ''} {which} "
                         "in place: functions must return new tensors and leave their inputs unchanged (use "
                         "x.masked_fill(...), not x.masked_fill_(...); X - mean, not X -= mean)")
        self.arguments = list(arguments)


def read_submission(path: str | Path) -> dict[str, bytes]:
    """The submission's Python files by relative path; `__init__.py` is always an empty one of ours.

    A folder contributes every *.py below it (hidden folders and __pycache__ skipped); a file contributes itself.
    Symbolic links are skipped: the grader reads with its own rights, so a link could smuggle any file it can read
    (the reference, /etc/shadow) into the sandbox.
    """
    path = Path(path)
    if path.is_file():
        if path.suffix != ".py":
            raise ValueError(f"submission must be a folder or a .py file, got {path}")
        files = {path.name: path.read_bytes()}
    elif path.is_dir():
        root = path.resolve()
        files = {
            file.relative_to(path).as_posix(): file.read_bytes()
            for file in sorted(path.rglob("*.py"))
            if file.is_file() and not file.is_symlink() and file.resolve().is_relative_to(root)
            and not any(part.startswith(".") or part == "__pycache__" for part in file.relative_to(path).parts)
        }
    else:
        raise ValueError(f"submission {path} does not exist")
    files["__init__.py"] = b'"""A learner submission, graded in the sandbox."""\n'
    if sum(map(len, files.values())) > MAX_SUBMISSION_BYTES:
        raise ValueError(f"submission {path} has more than {MAX_SUBMISSION_BYTES // 2**20} MB of Python files")
    return files


HIDDEN_PACKAGES = ("grader", "reference", "solutions")   # never importable by the learner's code


def sensitive_paths() -> list[str]:
    """What the learner must not read: the grader, the reference and the solutions, and — when they live in a
    source checkout — every other entry of that checkout (.git holds their history) except the interpreter's venv."""
    import importlib.util

    paths: set[str] = set()
    for package in HIDDEN_PACKAGES:
        spec = importlib.util.find_spec(package)
        for location in (spec.submodule_search_locations or []) if spec else []:
            package_dir = Path(location).resolve()
            paths.add(str(package_dir))
            checkout = package_dir.parent
            if (checkout / "pyproject.toml").exists() and "site-packages" not in checkout.parts:
                paths.update(str(entry) for entry in checkout.iterdir())
    return sorted(paths)


def allowed_folders(allow: tuple[str | Path, ...]) -> list[str]:
    """The folders of extra packages the learner's code may import, resolved; ValueError for one that is not a
    folder."""
    folders = []
    for path in allow:
        if not Path(path).is_dir():
            raise ValueError(f"--allow {path}: not a folder (name a folder that holds the packages to allow)")
        folders.append(str(Path(path).resolve()))
    return folders


def readable_by(path: str, uid: int, gid: int) -> bool:
    """Whether the permission bits let user uid (group gid) reach and read `path` (ACLs aside)."""
    parts = Path(path).parts
    for depth in range(1, len(parts) + 1):
        try:
            info = os.stat(Path(*parts[:depth]))
        except OSError:
            return False
        last = depth == len(parts)
        need = (4 | (1 if stat.S_ISDIR(info.st_mode) else 0)) if last else 1  # read the file, traverse folders
        bits = (info.st_mode >> 6 if info.st_uid == uid else info.st_mode >> 3 if info.st_gid == gid
                else info.st_mode) & 7
        if bits & need != need:
            return False
    return True


def module_location(name: str, import_path: list[str]) -> str | None:
    """Where the dotted module `name` lies on `import_path`, found on the file system alone (nothing is imported)."""
    search: list[str] | None = import_path
    spec = None
    parts = name.split(".")
    for depth in range(1, len(parts) + 1):
        if search is None or not all(part.isidentifier() for part in parts):
            return None
        spec = importlib.machinery.PathFinder.find_spec(".".join(parts[:depth]), list(search))
        if spec is None:
            return None
        search = spec.submodule_search_locations
    return spec.origin if spec.has_location else next(iter(spec.submodule_search_locations or []), None)


def _inside(path: str, folders: list[str]) -> bool:
    return any(path == folder or path.startswith(folder.rstrip("/") + "/") for folder in folders)


class Submission:
    """A learner's submission, callable across the sandbox boundary. Use as a context manager.

    `path` is a folder like exercises/ or one module file; it is imported in the worker as package `submission`.
    `hide` adds paths the learner must not read (e.g. the grading output folder, other students' submissions).
    `allow` adds folders of packages the learner may import, beyond the course environment's (site-packages).
    `given` maps module names (starting with `_course_`) to course source placed beside the learner's modules.
    """

    def __init__(self, path: str | Path, limits: Limits = Limits(), *, server: ForkServer | None = None,
                 hide: tuple[str | Path, ...] = (), allow: tuple[str | Path, ...] = (),
                 given: dict[str, str] | None = None):
        self.path = Path(path)
        self.limits = limits
        files = read_submission(self.path)
        for name, source in (given or {}).items():
            if not (name.startswith("_course_") and name.isidentifier()):
                raise ValueError(f"given module names start with _course_, got {name!r}")
            files[f"{name}.py"] = source.encode()
        self.modules = sorted(name[:-3] for name in files
                              if "/" not in name and name != "__init__.py" and not name.startswith("_course_"))
        self._files = {name: base64.b64encode(data).decode("ascii") for name, data in files.items()}
        self._hide = sorted({*sensitive_paths(), *(str(Path(p).resolve()) for p in hide)})
        self._allow = allowed_folders(allow)
        self._import_path: list[str] = []  # the worker's sys.path after the submission's folder
        self._user = (-1, -1)  # the sandbox user's uid and gid
        self._server = server
        self._worker: Worker | None = None
        self._worker_server: ForkServer | None = None  # the server that forked the current worker
        self._gave_up: dict[tuple[str, str], LearnerError] = {}  # (module, function or "*") -> why
        self._give_up_on_timeout = True  # a call that runs out of time is not made again (`patience`)
        self._spent = 0.0  # wall seconds the grader has waited for the learner's calls, against total_seconds
        self._loaded: set[str] = set()  # the modules the current worker has imported
        self._substitutes: dict[tuple[str, str], Callable] = {}
        self.isolation: dict = {}  # mode ("full", "partial" or "none"), uid, warnings: set by the first call
        self._default_dtype: str | None = None  # torch's default dtype in the worker during calls (None: float32)
        self._global_seed: int | None = None  # torch.manual_seed(n) in the worker before each plain call
        self._caller: dict = {}  # how the caller holds the arguments of plain calls (`caller`)
        self.streams: list[int] = []  # after the last call: one draw from each generator its Seeds became, in order
        self.model_calls: list[int] = []  # after the last call: how often it called each TableModel argument

    def __enter__(self) -> Submission:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def close(self) -> None:
        if self._worker is not None:
            self._stop(kill=True)

    def restart(self) -> None:
        """The next call runs in a fresh worker: nothing the learner's modules kept between calls survives (the
        substitutes are set up again)."""
        if self._worker is not None:
            self._stop(kill=True)

    @contextlib.contextmanager
    def patience(self, factor: float, give_up: bool = True):
        """Calls made inside may take `factor` times the call time limit: for a size large enough to catch a buffer
        of fixed length, which a correct loop in Python needs seconds for (or less than one: a size only a closed
        form answers in time). With `give_up=False`, a call that runs out of time there fails alone: the function
        is still called by the checks that follow (on sizes it may answer)."""
        previous, previous_give_up = self.limits, self._give_up_on_timeout
        self.limits = replace(previous, call_timeout=previous.call_timeout * factor)
        self._give_up_on_timeout = give_up
        try:
            yield
        finally:
            self.limits, self._give_up_on_timeout = previous, previous_give_up

    @contextlib.contextmanager
    def default_dtype(self, dtype: torch.dtype):
        """Calls made inside run with torch's default dtype set to `dtype` (float32 or float64) in the worker: a
        function whose contract says "the default float dtype" must follow `torch.set_default_dtype`. Value calls run
        under torch.no_grad() there too, as an inference caller makes them: grad mode must stay off (every other call
        runs with it on, which the function must leave on)."""
        if dtype not in (torch.float32, torch.float64):
            raise ValueError(f"the default dtype can be float32 or float64, not {dtype}")
        previous, self._default_dtype = self._default_dtype, str(dtype).removeprefix("torch.")
        try:
            yield
        finally:
            self._default_dtype = previous

    @contextlib.contextmanager
    def caller(self, grad_mode: str | None = None, requires_grad: list[int | str] = (),
               inference_args: list[int | str] = ()):
        """Plain calls made inside are made as such a caller makes them: under `grad_mode` ("no_grad": inside
        torch.no_grad(); "inference": inside torch.inference_mode()), with the `requires_grad` arguments (slots as
        `call_with_grad`'s `wrt`) leaves that require grad, as a trained model's weights are, and the
        `inference_args` ones inference tensors, as a serving loop's inputs are. Under a grad mode, a result that
        requires grad fails the call (the function turned grad mode on)."""
        if grad_mode not in (None, "no_grad", "inference"):
            raise ValueError(f"grad_mode must be None, 'no_grad' or 'inference', not {grad_mode!r}")
        previous = self._caller
        self._caller = {key: value for key, value in (("grad_mode", grad_mode), ("requires_grad", list(requires_grad)),
                                                      ("inference_args", list(inference_args))) if value}
        try:
            yield
        finally:
            self._caller = previous

    @contextlib.contextmanager
    def global_seed(self, seed: int):
        """Plain calls made inside run right after `torch.manual_seed(seed)` in the worker: for a contract whose
        randomness, with no generator given, comes from torch's global random number generator."""
        if type(seed) is not int or not 0 <= seed < 2**63:
            raise ValueError(f"the global seed must be an int in [0, 2**63), not {seed!r}")
        previous, self._global_seed = self._global_seed, seed
        try:
            yield
        finally:
            self._global_seed = previous

    def call(self, module: str, function: str, *args, **kwargs) -> object:
        """`module.function(*args, **kwargs)` in the sandbox -> the decoded result (plain tensors, scalars...)."""
        return self.call_while(None, module, function, args, kwargs)

    def call_while(self, meanwhile: Callable[[], object] | None, module: str, function: str, args: tuple,
                   kwargs: dict) -> object:
        """`call`, running `meanwhile()` here while the worker computes: at most once, and not at all when the call
        fails before it reaches the worker. It must not raise (keep what it raises for later)."""
        reply = self._call({"op": "call", "module": module, "function": function, "default_dtype": self._default_dtype,
                            **({} if self._default_dtype is None else {"no_grad": True}),
                            **({} if self._global_seed is None else {"global_seed": self._global_seed}),
                            **self._caller,
                            "args": protocol.encode(tuple(args), keep_layout=True),
                            "kwargs": protocol.encode(kwargs, keep_layout=True),
                            "same": aliases(args, kwargs), **views_of_arguments(args, kwargs)}, meanwhile)
        self._check_inputs_unchanged(function, reply)
        streams = reply.get("streams", [])
        if not (isinstance(streams, list) and all(type(draw) is int for draw in streams)):
            self._stop(kill=True)
            raise LearnerError("protocol", "the sandbox sent malformed random streams")
        calls = reply.get("model_calls", [])
        if not (isinstance(calls, list) and all(type(count) is int and count >= 0 for count in calls)):
            self._stop(kill=True)
            raise LearnerError("protocol", "the sandbox sent malformed model call counts")
        self.streams, self.model_calls = streams, calls
        return self._decode(reply["value"])

    def call_repeated(self, module: str, function: str, args: tuple, kwargs: dict, times: int) -> list:
        """`times` calls of f on the very same argument objects, in one round trip -> their results: a generator
        among the arguments is one random stream through all of them, as when a training loop passes its own."""
        reply = self._call({"op": "call_repeated", "module": module, "function": function,
                            "default_dtype": self._default_dtype, "times": times,
                            **({} if self._global_seed is None else {"global_seed": self._global_seed}),
                            "args": protocol.encode(tuple(args)), "kwargs": protocol.encode(kwargs)})
        value = self._decode(reply["value"])
        if not (isinstance(value, list) and len(value) == times):
            self._stop(kill=True)
            raise LearnerError("protocol", "the sandbox sent a malformed repeated result")
        return value

    def call_held(self, module: str, function: str, args: tuple, kwargs: dict, other_args: tuple,
                  other_kwargs: dict, mixed: list[int | str] = (), in_place: bool = False) -> tuple:
        """A result the caller keeps, in one round trip: r = f(args); o = f(other); f on the very objects of args
        with each slot of `mixed` in turn from other; with `in_place`, f on those objects after their float tensors
        were changed and their lists refilled from other's in place (`protocol.change_in_place`); f(args) again
        after the worker changed r in place -> (r as returned, r after the call on other arguments, o, the last
        result, [the mixed calls' results], the in-place call's result or None)."""
        reply = self._call({"op": "call_held", "module": module, "function": function,
                            "default_dtype": self._default_dtype,
                            "args": protocol.encode(tuple(args), keep_layout=True),
                            "kwargs": protocol.encode(kwargs, keep_layout=True),
                            "other_args": protocol.encode(tuple(other_args), keep_layout=True),
                            "other_kwargs": protocol.encode(other_kwargs, keep_layout=True),
                            "mixed": list(mixed), "in_place": bool(in_place)})
        value = self._decode(reply["value"])
        if not (isinstance(value, list | tuple) and len(value) == 6 and isinstance(value[4], list | tuple)
                and len(value[4]) == len(mixed)):
            self._stop(kill=True)
            raise LearnerError("protocol", "the sandbox sent a malformed held result")
        return tuple(value)

    def call_with_grad(self, module: str, function: str, args: tuple, kwargs: dict, wrt: list[int | str],
                       cotangent: torch.Tensor | tuple, then: tuple[tuple, dict] | None = None,
                       non_leaf: list[int | str] = (), parameters: list[int | str] = ()
                       ) -> tuple[object, dict[int | str, torch.Tensor | None]]:
        """Call with the `wrt` arguments (indices into args, kwargs names, or "<argument>/<entry>" for a tensor of a
        dict argument: `protocol.grad_slot`) requiring grad, backprop `(output * cotangent).sum()` (output = the first
        element of a returned tuple; with a tuple of cotangents, the sum over the returned tuple's items, None
        skipping an item) -> (output, grads). With `then` = (args, kwargs), the function is called once more on those
        before the backward pass, as a caller that runs a layer twice before its loss does. The `non_leaf` entries of
        `wrt` reach the function with a history (a copy made by autograd), as a layer gets the output of the one
        before it; the `parameters` ones as torch.nn.Parameters, as a module's weights."""
        for key in wrt:
            holder, name = protocol.grad_slot(list(args), dict(kwargs), key)
            value = holder[name]
            if not (isinstance(value, torch.Tensor) and value.is_floating_point()):
                raise ValueError(f"wrt entry {key!r} must name a floating-point tensor argument")
        reply = self._call({"op": "call_with_grad", "module": module, "function": function,
                            "default_dtype": self._default_dtype,
                            "args": protocol.encode(tuple(args), keep_layout=True),
                            "kwargs": protocol.encode(kwargs, keep_layout=True),
                            "wrt": list(wrt), "cotangent": protocol.encode(cotangent),
                            **({"non_leaf": list(non_leaf)} if non_leaf else {}),
                            **({"parameters": list(parameters)} if parameters else {}),
                            **({} if then is None else {"then": {"args": protocol.encode(tuple(then[0])),
                                                                 "kwargs": protocol.encode(then[1])}})})
        self._check_inputs_unchanged(function, reply)
        grads = self._decode(reply.get("grads"))
        if not isinstance(grads, dict) or set(grads) != set(wrt) or not all(
                g is None or isinstance(g, torch.Tensor) for g in grads.values()):
            self._stop(kill=True)
            raise LearnerError("protocol", "the sandbox sent malformed gradients")
        return self._decode(reply["value"]), grads

    def substitute(self, functions: dict[tuple[str, str], Callable]) -> None:
        """From now on, (module, function) of the learner runs `functions[(module, function)]` instead (computed here,
        in the grader); the previous substitutes are undone. An empty dict restores the learner's own functions."""
        if functions == self._substitutes:
            return
        self._substitutes = dict(functions)
        self._send_substitutes()

    def _send_substitutes(self) -> None:
        # A module whose import already crashed, hung or failed is never imported again to patch it (it would end
        # the fresh worker, and the next one, for every call): the worker stands a module of proxies in for it.
        broken = sorted({module for module, _ in self._substitutes if (module, "*") in self._gave_up})
        request = {"op": "substitute", "module": "", "function": "",
                   "functions": [list(key) for key in sorted(self._substitutes)], "broken": broken}
        self._round_trip(request, ("substitute", ""), "setting up the correct functions that stand in for yours")

    # ------------------------------------------------------------------------------------------------ internals

    def _call(self, request: dict, meanwhile: Callable[[], object] | None = None) -> dict:
        module = request["module"]
        earlier = self._gave_up.get((module, request["function"])) or self._gave_up.get((module, "*"))
        if earlier is not None:
            raise LearnerError(earlier.kind, f"not run again: {earlier.message}", earlier.type_name)
        once = [meanwhile] if meanwhile is not None else []
        try:
            return self._exchange(request, once)
        except LearnerError as error:
            if error.kind != "protocol":
                raise
        # Learner code may have written into the channel during an EARLIER call (stray frames, a thread): this call
        # is not to blame, so it runs once more on a fresh worker.
        return self._exchange(request, once)

    def _exchange(self, request: dict, meanwhile: list[Callable[[], object]]) -> dict:
        """The call, after importing its module on this worker as a call of its own: a module that hangs or ends
        the process while importing, or leaves torch's global settings changed or threads running, is not imported
        again (every call into it would do the same; the substitutes then stand proxies in for it)."""
        module = request["module"]
        if module not in self._loaded:
            try:
                self._round_trip({"op": "import", "module": module}, (module, "*"), f"the import of {module}.py")
            except LearnerError as error:
                if error.type_name in ("SettingsChanged", "TorchPatched", "ThreadsLeftRunning"):
                    self._gave_up[(module, "*")] = error
                raise
            self._loaded.add(module)
        return self._round_trip(request, (module, request["function"]), f"{module}.{request['function']}", meanwhile)

    def _round_trip(self, request: dict, key: tuple[str, str], where: str,
                    meanwhile: list[Callable[[], object]] | None = None) -> dict:
        """Send `request`, run what `meanwhile` holds (emptying it: it runs once), then read the reply, answering the
        substitutes' callbacks. The learner's time starts once the grader waits for it."""
        left = self.limits.total_seconds - self._spent
        if left <= 0:
            raise LearnerError("timeout", f"{where} was not run: the calls into your code have together taken "
                               f"{self.limits.total_seconds:g} s, this submission's time budget (calls that each "
                               "take seconds: look for loops over entries, or a sleep)")
        worker = self._ensure_worker()
        request["id"] = secrets.token_hex(16)  # unguessable: code in the worker cannot answer a call ahead of time
        request["cpu_seconds"] = min(self.limits.call_timeout, left)   # the worker stops its own call (`calls.py`)
        start = None
        try:
            protocol.send_frame(worker.sock, request)
            while meanwhile:
                meanwhile.pop()()
            start = time.monotonic()
            deadline = start + min(self.limits.call_timeout * WALL_FACTOR, left)
            reply = protocol.recv_frame(worker.sock, MAX_REPLY_BYTES, deadline=deadline)
            for _ in range(MAX_CALLBACKS):
                if not (isinstance(reply, dict) and "callback" in reply):
                    break
                if time.monotonic() >= deadline:   # the substitutes' work is the call's time too
                    raise TimeoutError
                protocol.send_frame(worker.sock, self._answer_callback(reply))
                reply = protocol.recv_frame(worker.sock, MAX_REPLY_BYTES, deadline=deadline)
            else:
                raise protocol.ProtocolError(f"more than {MAX_CALLBACKS} calls of substitutes in one call")
        except TimeoutError:
            raise self._out_of_time(key, where, left, cpu=False) from None
        except (EOFError, OSError):
            error = self._died(where, self._stop(kill=False))
            if key[1] == "*":
                self._gave_up[key] = error
            raise error from None
        except protocol.ProtocolError as error:
            self._stop(kill=True)
            raise LearnerError("protocol", f"the sandbox broke the protocol: {error}") from None
        finally:
            if start is not None:
                self._spent += time.monotonic() - start
        if not isinstance(reply, dict) or reply.get("id") != request["id"] or not isinstance(reply.get("ok"), bool):
            self._stop(kill=True)
            raise LearnerError("protocol", "the sandbox sent a reply that does not answer this call")
        # Learner code left threads running (they would slow every later call of every exercise in this worker) or
        # torch's global settings changed (they would change later calls): the next call gets a fresh worker.
        if reply.get("threads") or reply.get("settings_changed"):
            self._stop(kill=True)
        if not reply["ok"] and reply.get("kind") == "timeout":
            raise self._out_of_time(key, where, left, cpu=True)
        if not reply["ok"]:
            kind, message, type_name = reply.get("kind"), reply.get("message"), reply.get("type_name")
            if kind not in KINDS or not isinstance(message, str) or not isinstance(type_name, (str, type(None))):
                self._stop(kill=True)
                raise LearnerError("protocol", "the sandbox sent a malformed error")
            refused = self._refused(reply)
            if refused:
                raise SandboxUnavailable(f"{where} failed because the sandbox user cannot read {refused}, which is "
                                         "installed in the course environment: the grading machine's fault, not "
                                         "the learner's (make it readable by all users, e.g. chmod -R o+rX on that "
                                         "folder; see docs/grading.md, Isolation)")
            raise LearnerError(kind, message[:2000], type_name and type_name[:100])
        return reply

    def _out_of_time(self, key: tuple[str, str], where: str, left: float, cpu: bool) -> LearnerError:
        """The call ran out of time (`cpu`: the worker's CPU time limit; else the wall-clock watchdog): its worker is
        replaced, and the function is not called again unless inside `patience(give_up=False)`."""
        self._stop(kill=True)
        limit = self.limits.call_timeout * (1 if cpu else WALL_FACTOR)
        if left < limit:
            return LearnerError("timeout", f"{where} was stopped: the calls into your code have together taken "
                                f"{self.limits.total_seconds:g} s, this submission's time budget")
        error = LearnerError("timeout", f"{where} did not return within {limit:g} s " + (
            "of computing time (an infinite loop, or far too slow)" if cpu else
            "(a sleep, a blocking read, or an infinite loop that stopped the grader's CPU timer)"))
        if self._give_up_on_timeout:
            self._gave_up[key] = error
        return error

    def _refused(self, reply: dict) -> str | None:
        """The installed file a failed import could not read, if that is why the learner's code failed: a module of
        the worker's import path (outside the hidden paths) that the sandbox user's permissions keep out of reach.
        Checked here, never taken from the worker's word: a module that is readable was not refused, and a worker
        that holds no submission must fail to read it too (learner code can raise any error it likes)."""
        module, filename = reply.get("module"), reply.get("filename")
        if reply.get("type_name") == "ModuleNotFoundError" and isinstance(module, str):
            location = module_location(module, self._import_path)
        elif reply.get("type_name") == "PermissionError" and isinstance(filename, str):
            location = filename
        else:
            return None
        if location is None or self.isolation.get("mode") == "none":
            return None
        location = os.path.realpath(location)
        import_path = [os.path.realpath(folder) for folder in self._import_path]
        if not _inside(location, import_path) or _inside(location, self._hide) or readable_by(location, *self._user) \
                or not os.path.exists(location) or self._clean_worker_reads(location):
            return None
        return location

    def _clean_worker_reads(self, path: str) -> bool:
        """Whether a fresh worker with no learner code in it can read `path` (a failure to ask is the machine's)."""
        server = self._worker_server or default_server()
        worker = server.spawn({}, self._worker_limits(), self._hide, self._allow)
        try:
            deadline = time.monotonic() + self.limits.startup_timeout
            if "hello" not in protocol.recv_frame(worker.sock, deadline=deadline):
                return False
            protocol.send_frame(worker.sock, {"op": "readable", "id": "readable", "path": path})
            reply = protocol.recv_frame(worker.sock, deadline=deadline)
            return isinstance(reply, dict) and reply.get("readable") is True
        except (TimeoutError, EOFError, OSError, protocol.ProtocolError, TypeError):
            return False
        finally:
            server.reap(worker, kill=True)

    def _answer_callback(self, request: dict) -> dict:
        """Compute a substitute's value or vector-Jacobian product for the worker. Only the functions substituted
        now are answered; arguments are decoded strictly, and whatever the correct function raises goes back."""
        key = (request.get("module"), request.get("function"))
        function = self._substitutes.get(key)
        if function is None or request.get("callback") not in ("call", "vjp"):
            raise protocol.ProtocolError(f"a call back to {key[0]}.{key[1]}, which is not substituted")
        args, kwargs = (protocol.decode(request.get(part), expanded=False) for part in ("args", "kwargs"))
        if not (isinstance(args, tuple) and isinstance(kwargs, dict) and all(isinstance(k, str) for k in kwargs)):
            raise protocol.ProtocolError("malformed substitute arguments")
        try:
            if request["callback"] == "call":
                with torch.no_grad():
                    value = function(*args, **kwargs)
            else:
                value = _vjp(function, args, kwargs, protocol.decode(request.get("cotangents"), expanded=False),
                             request.get("needs"))
            return {"callback_reply": True, "ok": True, "value": protocol.encode(value)}
        except Exception as error:  # noqa: BLE001 - the learner called the correct function wrongly: tell them
            return {"callback_reply": True, "ok": False, "type_name": type(error).__name__,
                    "message": f"{key[1]}: {error}"[:1000]}

    def _check_inputs_unchanged(self, function: str, reply: dict) -> None:
        """The worker compares every tensor argument before and after the call; a write into one fails the call."""
        mutated = reply.get("mutated")
        if mutated is None:
            return
        if not (isinstance(mutated, list) and mutated and all(isinstance(name, str) for name in mutated)):
            self._stop(kill=True)
            raise LearnerError("protocol", "the sandbox sent a malformed list of modified arguments")
        raise InputModified(function, mutated)

    def _decode(self, value: object) -> object:
        try:
            return protocol.decode(value, expanded=False)
        except protocol.ProtocolError as error:
            self._stop(kill=True)
            raise LearnerError("protocol", f"the sandbox sent an unreadable value: {error}") from None

    def _worker_limits(self) -> dict:
        """The limits the worker applies to itself for its whole life (each request carries its call's CPU time)."""
        return {k: v for k, v in asdict(self.limits).items()
                if k not in ("call_timeout", "startup_timeout", "total_seconds")}

    def _ensure_worker(self) -> Worker:
        if self._worker is not None:
            return self._worker
        server = self._server or default_server()
        worker = server.spawn(self._files, self._worker_limits(), self._hide, self._allow)
        self._worker, self._worker_server = worker, server
        # No learner code runs before the hello: a failure here is the grading machine's, never the learner's.
        try:
            hello = protocol.recv_frame(worker.sock, deadline=time.monotonic() + self.limits.startup_timeout)
        except (TimeoutError, EOFError, OSError, protocol.ProtocolError) as error:
            self._stop(kill=True)
            raise SandboxUnavailable(f"a sandbox worker did not start: {error!r}") from None
        if not isinstance(hello, dict) or "hello" not in hello:
            self._stop(kill=True)
            detail = hello.get("fatal", "") if isinstance(hello, dict) else ""
            raise SandboxUnavailable(f"a sandbox worker failed to start: {str(detail)[-1000:]}")
        info = hello["hello"]
        self.isolation = {"mode": str(info.get("isolation")), "uid": info.get("uid"),
                          "warnings": [str(w) for w in info.get("warnings", [])]}
        self._import_path = [str(folder) for folder in info.get("path", [])]
        self._user = (int(info.get("uid", -1)), int(info.get("gid", -1)))
        if self._substitutes:  # a fresh worker after a crash: set the substitutes up again
            self._send_substitutes()
        return worker

    def _stop(self, kill: bool) -> dict:
        worker, self._worker = self._worker, None
        self._loaded = set()
        return self._worker_server.reap(worker, kill=kill) if worker is not None else {}

    def _died(self, where: str, status: dict) -> LearnerError:
        """What the worker's exit status says about how the learner's code ended it (`where`: while doing what)."""
        number = status.get("signal")
        if number == signal.SIGXCPU:
            return LearnerError("timeout", f"{where} used more than the CPU time limit ({self.limits.cpu_seconds} s)")
        if number == signal.SIGKILL:
            return LearnerError("memory", f"the process running {where} was killed (SIGKILL), most likely for "
                                "using too much memory")
        if number is not None:
            return LearnerError("crash", f"the process running {where} crashed ({signal.Signals(number).name})")
        code = status.get("exit")
        return LearnerError("crash", f"the process running {where} exited (code {code}) instead of returning: "
                            "sys.exit/os._exit in your code, or a crash")


def aliases(args: tuple, kwargs: dict) -> list[list]:
    """[later, earlier] for each tensor argument that is the very object of an earlier one (self-attention's
    `multi_head_attention(X, X, ...)`, tied weights in a params dict: `params["Wk"] is params["Wq"]`): the worker
    passes it on as one object, as a caller does, so that code which asks `Xq is Xkv` is graded on what callers give
    it. Slots are positions (int), keyword names (str) or "<slot>/<key>" for an entry of a dict argument."""
    slots = []
    for slot, value in [*enumerate(args), *kwargs.items()]:
        slots.append((slot, value))
        if isinstance(value, dict):
            slots += [(f"{slot}/{key}", item) for key, item in value.items() if isinstance(key, str)]
    found = []
    for index, (slot, value) in enumerate(slots):
        if isinstance(value, torch.Tensor):
            earlier = next((other for other, seen in slots[:index] if seen is value), None)
            if earlier is not None:
                found.append([slot, earlier])
    return found


def views_of_arguments(args: tuple, kwargs: dict) -> dict:
    """{"views": [[slot, of, n], ...]} for each top-level tensor argument that is the first n columns of another
    argument (`Xq = X[..., :n]` beside `Xkv = X`: one memory, one data pointer), so that the worker passes that view,
    as a caller does; else {}."""
    slots = [(slot, value) for slot, value in [*enumerate(args), *kwargs.items()] if isinstance(value, torch.Tensor)]
    found = []
    for slot, value in slots:
        base = value._base
        of = next((other for other, seen in slots if seen is base and seen is not value), None)
        if of is not None and value.dim() >= 1 and value.shape[:-1] == base.shape[:-1] and \
                value.stride() == base.stride() and value.data_ptr() == base.data_ptr():
            found.append([slot, of, value.shape[-1]])
    return {"views": found} if found else {}


def _vjp(function: Callable, args: tuple, kwargs: dict, cotangents: object, needs: object) -> list:
    """Gradients of sum(output_i * cotangent_i) with respect to the tensor arguments (in the order the worker
    flattened them: args, then kwargs, depth first) whose `needs` flag is set; None for the others."""
    leaves = _tensor_leaves((args, kwargs))
    if not (isinstance(needs, list) and len(needs) == len(leaves) and all(isinstance(n, bool) for n in needs)
            and isinstance(cotangents, list) and all(isinstance(c, torch.Tensor) for c in cotangents)):
        raise protocol.ProtocolError("malformed vector-Jacobian request")
    inputs = {id(tensor): tensor.detach().requires_grad_(need) for tensor, need in zip(leaves, needs, strict=True)}
    rebuilt_args, rebuilt_kwargs = _replace_tensors((args, kwargs), inputs)
    with torch.enable_grad():
        output = function(*rebuilt_args, **rebuilt_kwargs)
        outputs = [output] if isinstance(output, torch.Tensor) else list(output)
        if len(outputs) != len(cotangents):
            raise protocol.ProtocolError("cotangents do not match the outputs")
        wanted = [tensor for tensor in inputs.values() if tensor.requires_grad]
        pairs = [(out, cot) for out, cot in zip(outputs, cotangents, strict=True) if out.requires_grad]
        grads = iter(torch.autograd.grad([o for o, _ in pairs], wanted, [c for _, c in pairs], allow_unused=True)
                     if pairs and wanted else [None] * len(wanted))
    return [next(grads) if tensor.requires_grad else None for tensor in inputs.values()]


def _tensor_leaves(value: object) -> list[torch.Tensor]:
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [leaf for item in value for leaf in _tensor_leaves(item)]
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in _tensor_leaves(item)]
    return []


def _replace_tensors(value: object, new: dict[int, torch.Tensor]) -> object:
    if isinstance(value, torch.Tensor):
        return new[id(value)]
    if isinstance(value, (list, tuple)):
        return type(value)(_replace_tensors(item, new) for item in value)
    if isinstance(value, dict):
        return {key: _replace_tensors(item, new) for key, item in value.items()}
    return value
