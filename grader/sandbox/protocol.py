"""The wire format between the grader and the sandboxed learner process.

A frame is an 8-byte header (two big-endian lengths: the JSON text's, the data's), then that much UTF-8 JSON, then
that many bytes of tensor data. In the JSON, `{"bytes": [offset, length]}` stands for that range of the data (it
arrives as a `memoryview` of the frame's immutable bytes); on the sending side every `bytes` value of the message is
moved there, so the raw bytes of tensors never pass through base64 or the JSON text. Values travel as tagged JSON,
never pickle, so decoding cannot run code:

- `null`, `true`/`false`, integers, floats (NaN/Infinity as Python's json writes them) and strings are themselves;
- `{"list": [...]}`, `{"tuple": [...]}`, `{"dict": [[key, value], ...]}` (keys are str or int);
- `{"tensor": {"dtype": "float32", "shape": [2, 3], "data": <the raw little-endian bytes>}}`; with
  `"reversed": true` the shape and bytes are those of the tensor with the order of its axes reversed, and the tensor
  decodes as that one permuted back: a non-contiguous input in column-major (Fortran) order, batch axes included,
  which the grader sends to check that learners' code does not assume a layout (`encode(value, keep_layout=True)`);
  with `"expanded": [n1, ...]` the shape and bytes are those of one item, and the tensor decodes as that item
  broadcast over leading axes of those sizes (`expand`: every item the same memory, which cannot be written in
  place), as a caller's `x[:1].expand(n, ...)` gives;
- `{"ndarray": {...}}` is a numpy array, its body a tensor's: it decodes as a `NumpyArray`, so that a numpy result
  where the contract gives a tensor stays what it is (numpy scalars become Python numbers);
- `{"dtype": "float64"}` is a `torch.dtype` (one of DTYPES);
- `{"seed": n}` becomes `torch.Generator().manual_seed(n)` on the learner's side;
- `{"table_model": [table, pos]}` becomes a `TableModel` (a deterministic language model); `[table, pos, "sum"]` one
  whose columns read the sum of the ids so far (a model with a longer memory than the last token), and
  `[table, pos, context, "column_major"]` one whose logits come back as a transposed view (a row-major model's .T),
  `[table, pos, context, "weights_view"]` a position-only one whose logits are a slice of its own weights, and
  `[table, pos, context, layout, kind]` one handed over another way (`TableModel.kind`).

`decode` is strict: an unknown tag, dtype or shape that does not match the byte count is a `ProtocolError`, and sizes
are capped. This module imports only the standard library and torch: its source is also sent to the sandbox, which
must not import anything from the grader's package.
"""
from __future__ import annotations

import json
import math
import socket
import struct
import time
from dataclasses import dataclass

import torch

MAX_FRAME_BYTES = 256 * 2**20  # one frame, JSON included
MAX_DEPTH = 16  # nesting of lists/tuples/dicts
MAX_ITEMS = 100_000  # values in one frame
MAX_DIMS = 8

DTYPES: dict[str, torch.dtype] = {
    name: getattr(torch, name)
    for name in ("bool", "uint8", "int8", "int16", "int32", "int64",
                 "float16", "bfloat16", "float32", "float64", "complex64", "complex128")
}

DTYPE_NAMES = {dtype: name for name, dtype in DTYPES.items()}
ITEM_SIZES = {name: torch.empty((), dtype=dtype).element_size() for name, dtype in DTYPES.items()}
_HEADER = struct.Struct(">II")  # the JSON text's length, the data's length
PLAIN_TYPES = frozenset((str, int, float, bool, type(None)))  # exactly these types travel as themselves
# The garbage collector's thresholds in both processes of a grade, which make millions of short-lived objects and few
# cycles: with Python's (700, 10, 10), collections took ~3 % of the grader's time and freed almost nothing.
GC_THRESHOLD = (20_000, 20, 20)


def all_plain(items: list | tuple) -> bool:
    """Whether every item is a str, int, float, bool or None (not a subclass): a corpus, a list of words or ids."""
    return PLAIN_TYPES.issuperset(map(type, items))  # stops at the first other type


def change_in_place(value: object, other: object = None) -> bool:
    """Change every floating-point tensor inside `value` (tuples, lists, dicts, a TableModel's table and positions)
    in place, as an optimiser step changes weights: x <- 1.5 x + 0.25, the same bits on both sides of the sandbox;
    refill every boolean or integer tensor (a mask, flags, ids) with the values of the tensor at the same place in
    `other`, where it has the same shape and dtype; and refill every list of words, ids, merges or documents in place with the items of the list at the same place
    in `other` (another valid call's arguments), as a caller who reuses its own list object for new data does; where
    `other` has no such list or the same items, the list is reversed. Whether anything changed."""
    if isinstance(value, torch.Tensor):
        if not value.is_floating_point():   # masks, flags, ids: the other call's values, which are valid ones
            if not (isinstance(other, torch.Tensor) and other.shape == value.shape and other.dtype == value.dtype):
                return False
            differs = not torch.equal(other, value)
            value.copy_(other)   # whatever torch.equal says in the sandbox, where learner code may have patched it
            return differs
        with torch.no_grad():
            value.mul_(1.5).add_(0.25)
        return True
    if isinstance(value, list) and _plain_items(value):
        before = list(value)
        if isinstance(other, list) and _plain_items(other) and other != before:
            value[:] = other
        else:
            value.reverse()
        return value != before
    if isinstance(value, dict):
        pairs = [(item, other.get(key) if isinstance(other, dict) else None) for key, item in value.items()]
    elif isinstance(value, (list, tuple)):
        others = list(other) if isinstance(other, (list, tuple)) and len(other) == len(value) else [None] * len(value)
        pairs = list(zip(value, others))
    elif isinstance(value, TableModel):
        pairs = [(value.table, None), (value.pos, None)]
    else:
        pairs = []
    return any([change_in_place(item, item_other) for item, item_other in pairs])   # a list: every item changed


def _plain_items(items: list) -> bool:
    """A list of words, ids or merges: plain items, or tuples and lists of them."""
    return all(type(item) in PLAIN_TYPES or isinstance(item, (tuple, list)) and all_plain(item) for item in items)


# What the worker says when the learner's own code raises NotImplementedError: a stub's TODO.
TODO_MESSAGE = "not implemented yet (TODO: the stub raises NotImplementedError)"

# How the worker reports a result that `encode` refuses (a generator, a dict keyed by tuples, a set).
UNREADABLE = "returned a value the grader cannot read: "


class ProtocolError(Exception):
    """A frame or value that does not follow this format."""


@dataclass(frozen=True)
class Seed:
    """An argument the learner receives as `torch.Generator().manual_seed(n)`."""

    n: int


class NumpyArray:
    """A numpy array the learner's code returned, decoded without numpy: its data as a tensor, and its type's name,
    so that a check can say "got a numpy array" where the contract gives a tensor."""

    type_name = "numpy.ndarray"

    def __init__(self, data: torch.Tensor) -> None:
        self.data = data

    def __repr__(self) -> str:
        return f"numpy array {tuple(self.data.shape)} {str(self.data.dtype).removeprefix('torch.')}"


class TableModel(torch.nn.Module):
    """A deterministic causal language model: `ids (N,) -> table[:, keys] + pos[:, :N]`, logits (V, N), where keys
    are the ids themselves (`context="last"`: a bigram model) or their running sums modulo V (`context="sum"`: column n
    depends on every id up to n, so caching by the last token or scoring in windows shows).

    table is (V, V): column v scores the token after key v; pos is (V, P) and adds a position-dependent bias. With
    `layout="column_major"` the logits are the same values laid out as a transpose leaves them (a model that works
    row-major and returns logits.T): a non-contiguous tensor, which `.view()` refuses.
    The grader calls the same class in-process to run the reference, and sends it to the learner as data. `calls`
    counts the calls made on this object (the worker reports it: a contract may fix how often a model is called).
    It is a `torch.nn.Module` (without parameters, but for the "trained" kind), as a caller's model usually is: code
    that treats modules apart
    (`if isinstance(model, nn.Module): model.eval()`) runs here too, and the worker checks the mode it leaves.

    With `layout="weights_view"` the model ignores the ids and returns a slice of its own position table,
    `pos[:, :N]` (a position-only model whose logits are a view of its weights, as `nn.Embedding.weight.T[:, :N]`
    is): writing into its logits writes into the model.

    `kind` is how the caller hands it over: "module" (in training mode), "eval" (a module in eval mode, as a
    validation loop has it), "function" (the worker passes a plain function that calls it, as the contract allows a
    model to be any callable: its parameter is positional-only and not named ids, and it reads the ids as Python
    ints, as plain Python models do), "tracked" (in the worker, its logits require grad, as a trained module's do
    when called outside torch.no_grad(): `track`) or "trained" (a module in the middle of training: `table` an
    `nn.Parameter` that requires grad and holds an accumulated `.grad`, `pos` a frozen one, added by a forward hook
    as adapters are, so that calling `.forward` directly skips it). Each call notes torch's default dtype
    (`defaults`): a function that changes it while the caller's model runs is seen.
    """

    CONTEXTS = ("last", "sum")
    LAYOUTS = ("row_major", "column_major", "weights_view")
    KINDS = ("module", "eval", "function", "tracked", "trained")

    def __init__(self, table: torch.Tensor, pos: torch.Tensor, context: str = "last", layout: str = "row_major",
                 kind: str = "module"):
        if table.dim() != 2 or table.shape[0] != table.shape[1]:
            raise ValueError(f"table must be (V, V), got {tuple(table.shape)}")
        if pos.dim() != 2 or pos.shape[0] != table.shape[0]:
            raise ValueError(f"pos must be (V, P) with V = {table.shape[0]}, got {tuple(pos.shape)}")
        if context not in self.CONTEXTS:
            raise ValueError(f"context must be one of {self.CONTEXTS}, got {context!r}")
        if layout not in self.LAYOUTS:
            raise ValueError(f"layout must be one of {self.LAYOUTS}, got {layout!r}")
        if kind not in self.KINDS:
            raise ValueError(f"kind must be one of {self.KINDS}, got {kind!r}")
        super().__init__()   # training mode, which train() and eval() switch: a caller's to set
        self.table, self.pos, self.context, self.layout, self.kind = table, pos, context, layout, kind
        self.calls = 0
        self.defaults: set[torch.dtype] = set()   # torch's default dtype at each call
        self.offset: torch.Tensor | None = None   # an exact zero added to the logits (`track`)
        if kind == "eval":
            self.eval()
        if kind == "trained":
            self.table = torch.nn.Parameter(table.detach().clone(), requires_grad=True)
            self.table.grad = torch.full_like(table, 0.25)          # gradients the caller is accumulating
            self.pos = torch.nn.Parameter(pos.detach().clone(), requires_grad=False)   # frozen
            if layout != "weights_view":
                self.register_forward_hook(lambda module, inputs, logits: logits + module._positions(inputs[0]))
        self.initial_state = self.training_state()

    def training_state(self) -> tuple:
        """What a trainer keeps on the model besides its weights' values (compared bitwise apart): each weight's
        requires_grad flag and dtype, its accumulated gradient, and the forward hooks."""
        def grad(weight: torch.Tensor) -> object:
            return None if weight.grad is None else (weight.grad.dtype, tuple(weight.grad.shape),
                                                     weight.grad.detach().double().flatten().tolist())
        return tuple((weight.requires_grad, weight.dtype, grad(weight)) for weight in (self.table, self.pos)) + (
            len(self._forward_hooks),)

    def track(self) -> None:
        """Make the logits require grad (an exact zero that requires grad is added to them), as a trained module's
        logits do outside torch.no_grad(). Called in the worker only: the reference runs on the plain table."""
        self.offset = torch.zeros((), dtype=self.table.dtype, requires_grad=True)

    def as_function(self):
        """A plain function calling this model (a model may be any callable): `table_model` leads back to it."""
        def model(tokens: torch.Tensor, /) -> torch.Tensor:
            return self(torch.tensor(_long_ids(tokens).tolist(), dtype=torch.int64))   # plain Python over the ids
        model.table_model = self
        return model

    def keys(self, ids: torch.Tensor) -> torch.Tensor:
        """The table column each position of `ids` (N,) reads."""
        return ids if self.context == "last" else torch.cumsum(ids, dim=0) % self.table.shape[0]

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        if _long_ids(ids).shape[0] > self.pos.shape[1]:
            raise ValueError(f"ids: this model takes at most {self.pos.shape[1]} positions, got {ids.shape[0]}")
        self.calls += 1
        self.defaults.add(torch.get_default_dtype())
        if self.layout == "weights_view":
            return self.pos[:, : ids.shape[0]]
        logits = self.table[:, self.keys(ids)]
        if self.kind != "trained":       # a trained model's forward hook adds the positions
            logits = logits + self._positions(ids)
        if self.offset is not None:
            logits = logits + self.offset
        return logits.T.contiguous().T if self.layout == "column_major" else logits

    def _positions(self, ids: torch.Tensor) -> torch.Tensor:
        return self.pos[:, : ids.shape[0]]


def _long_ids(ids: object) -> torch.Tensor:
    """`ids` itself if it is what a model is promised, a LongTensor (N,); a TypeError otherwise."""
    if isinstance(ids, torch.Tensor) and ids.dtype == torch.int64 and ids.dim() == 1:
        return ids
    got = (f"a {str(ids.dtype).removeprefix('torch.')} tensor of shape {tuple(ids.shape)}"
           if isinstance(ids, torch.Tensor) else f"a {type(ids).__name__}")
    raise TypeError(f"a model takes ids as a LongTensor (N,), got {got}")


# ---------------------------------------------------------------------------------------------------------- frames

class _FrameEncoder(json.JSONEncoder):
    """Compact JSON that moves every bytes value out of the text into the frame's data, leaving a reference."""

    def __init__(self) -> None:
        super().__init__(separators=(",", ":"))
        self.data: list[bytes] = []
        self.size = 0

    def default(self, value: object) -> object:
        if isinstance(value, (bytes, memoryview)):
            size = value.nbytes if isinstance(value, memoryview) else len(value)
            reference = {"bytes": [self.size, size]}
            self.data.append(value)
            self.size += size
            return reference
        return super().default(value)


def send_frame(sock: socket.socket, message: object) -> None:
    """Write one message as a frame: its JSON, then the bytes values it holds (tensor data)."""
    encoder = _FrameEncoder()
    text = encoder.encode(message).encode()
    if len(text) + encoder.size > MAX_FRAME_BYTES:
        raise ProtocolError(f"frame of {len(text) + encoder.size} bytes exceeds {MAX_FRAME_BYTES}")
    sock.sendall(b"".join([_HEADER.pack(len(text), encoder.size), text, *encoder.data]))


def recv_frame(sock: socket.socket, max_bytes: int = MAX_FRAME_BYTES, deadline: float | None = None) -> object:
    """Read one frame; EOFError if the peer closed before a header, ProtocolError on a malformed frame.

    With a `deadline` (a `time.monotonic()` value) the whole frame must arrive by then, else `TimeoutError`.
    """
    header = _recv_exact(sock, _HEADER.size, eof_ok=True, deadline=deadline)
    text_length, data_length = _HEADER.unpack(header)
    if text_length + data_length > max_bytes:
        raise ProtocolError(f"frame announces {text_length + data_length} bytes, more than the cap of {max_bytes}")
    body = memoryview(_recv_exact(sock, text_length + data_length, eof_ok=False, deadline=deadline))
    data = body[text_length:]

    def data_range(value: dict) -> object:   # {"bytes": [offset, length]} -> that range of the data
        if len(value) != 1 or "bytes" not in value:
            return value
        where = value["bytes"]
        if not (isinstance(where, list) and len(where) == 2 and all(type(n) is int and n >= 0 for n in where)
                and where[0] + where[1] <= data_length):
            raise ProtocolError(f"bytes reference {where!r} is not a range of the frame's {data_length} data bytes")
        return data[where[0]:where[0] + where[1]]

    try:
        text = str(body[:text_length], "utf-8")
        return json.loads(text, object_hook=data_range if '"bytes"' in text else None)  # most frames hold none
    except (ValueError, RecursionError) as error:  # not UTF-8, not JSON, or nested deeper than Python can parse
        raise ProtocolError(f"frame is not UTF-8 JSON: {type(error).__name__}") from None


def _recv_exact(sock: socket.socket, n: int, eof_ok: bool, deadline: float | None) -> bytes:
    chunks, remaining = [], n
    while remaining:
        if deadline is not None:   # checked before every read: a peer that trickles bytes never waits it out
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the deadline passed inside a frame")
            sock.settimeout(left)
        chunk = sock.recv(min(remaining, 1 << 20))
        if not chunk:
            if eof_ok and remaining == n:
                raise EOFError("peer closed the connection")
            raise ProtocolError(f"connection closed inside a frame ({n - remaining} of {n} bytes)")
        chunks.append(chunk)
        remaining -= len(chunk)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


# ---------------------------------------------------------------------------------------------------------- gradients

def grad_slot(args: list, kwargs: dict, key: object) -> tuple[list | dict, int | str]:
    """Where a `wrt` entry of a gradient call lives -> (container, key in it): an index into args, a keyword, or
    "<index or keyword>/<entry>" for one tensor of a dict argument (a weight of a params dict) or of a TableModel
    ("table", "pos"). ValueError if there is no such argument."""
    if isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(args):
        return args, key
    if isinstance(key, str) and "/" in key:
        head, entry = key.split("/", 1)
        holder = args[int(head)] if head.isdigit() and int(head) < len(args) else kwargs.get(head)
        if isinstance(holder, dict) and entry in holder:
            return holder, entry
        if isinstance(holder, TableModel) and entry in ("table", "pos"):
            return vars(holder), entry
    elif isinstance(key, str) and key in kwargs:
        return kwargs, key
    raise ValueError(f"wrt entry {key!r} names no argument")


# ---------------------------------------------------------------------------------------------------------- values

def encode(value: object, keep_layout: bool = False) -> object:
    """Turn a value into tagged JSON. Tensor subclasses become plain bytes + dtype + shape, numpy arrays the same
    under their own tag (a `NumpyArray` when decoded); with
    `keep_layout`, a tensor whose last two axes are swapped in memory (a transpose) stays so when decoded."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, torch.Tensor):
        return {"tensor": _encode_tensor(value, keep_layout)}
    if isinstance(value, torch.dtype):
        name = str(value).removeprefix("torch.")
        if name not in DTYPES:
            raise TypeError(f"dtype {name} is not supported")
        return {"dtype": name}
    if isinstance(value, Seed):
        return {"seed": int(value.n)}
    if isinstance(value, TableModel):
        parts = [encode(value.table.detach()), encode(value.pos.detach())]
        if value.kind != "module":
            return {"table_model": [*parts, value.context, value.layout, value.kind]}
        if value.layout != "row_major":
            return {"table_model": [*parts, value.context, value.layout]}
        return {"table_model": parts if value.context == "last" else [*parts, value.context]}
    if isinstance(value, NumpyArray):
        return {"ndarray": _encode_tensor(value.data)}
    if isinstance(value, (tuple, list)):
        items = list(value) if all_plain(value) else [encode(item, keep_layout) for item in value]
        return {"tuple" if isinstance(value, tuple) else "list": items}
    if isinstance(value, dict):
        for key in value:
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise TypeError(f"dict keys must be str or int, not {type(key).__name__}")
        return {"dict": [[key, encode(item, keep_layout)] for key, item in value.items()]}
    return _encode_foreign(value)


def _encode_tensor(tensor: torch.Tensor, keep_layout: bool = False) -> dict:
    # Read the true data of a subclass, whatever its __torch_function__ or its properties (dtype, shape) claim.
    with torch._C.DisableTorchFunctionSubclass():
        tensor = torch.Tensor.as_subclass(tensor, torch.Tensor)
        name = DTYPE_NAMES.get(tensor.dtype)
        if name is None:
            raise TypeError(f"tensors of dtype {str(tensor.dtype).removeprefix('torch.')} are not supported")
        expanded = leading_expanded(tensor) if keep_layout else 0
        if expanded:
            shared, tensor = list(tensor.shape[:expanded]), tensor[(0,) * expanded]
        reverse = keep_layout and is_reversed(tensor)
        source = torch.Tensor.permute(tensor, *reversed(range(tensor.dim()))) if reverse else tensor
        if name == "bfloat16":  # numpy has no bfloat16: its bytes through a uint8 view
            plain = torch.Tensor.contiguous(torch.Tensor.cpu(torch.Tensor.detach(source)))
            raw = plain.reshape(-1).view(torch.uint8).numpy().tobytes() if plain.numel() else b""
        else:
            raw = torch.Tensor.numpy(source, force=True).tobytes()  # in C order, whatever the strides
        shape = list(source.shape)
    body = {"dtype": name, "shape": shape, "data": raw}
    return {**body, **({"reversed": True} if reverse else {}), **({"expanded": shared} if expanded else {})}


def leading_expanded(tensor: torch.Tensor) -> int:
    """How many leading axes of `tensor` are broadcast (stride 0, size above one) before its first other axis."""
    count = 0
    for size, stride in zip(tensor.shape, tensor.stride()):
        if stride != 0 or size <= 1:
            break
        count += 1
    return count if count < tensor.dim() else 0


def is_reversed(tensor: torch.Tensor) -> bool:
    """Whether `tensor` is not contiguous but is a contiguous tensor with the order of its axes reversed (column-major,
    as `x.T` of a 2-D contiguous x)."""
    return (tensor.dim() >= 2 and not tensor.is_contiguous()
            and tensor.permute(*reversed(range(tensor.dim()))).is_contiguous())


def _encode_foreign(value: object) -> object:
    """numpy arrays and scalars (without importing numpy when the value is something else)."""
    module = type(value).__module__.split(".")[0]
    if module == "numpy":
        import numpy

        if isinstance(value, numpy.ndarray):
            return {"ndarray": _encode_tensor(torch.from_numpy(numpy.ascontiguousarray(value)))}
        if isinstance(value, numpy.generic):
            return encode(value.item())
    raise TypeError(f"cannot send a value of type {type(value).__name__}")


def decode(message: object, expanded: bool = True) -> object:
    """Strictly decode tagged JSON made by `encode`; ProtocolError on anything else. Without `expanded`, a tensor
    sent as one item of a broadcast view is refused: the grader decodes what the worker sends that way, so that a
    few bytes never stand for a tensor too large to hold."""
    budget = [MAX_ITEMS]
    return _decode(message, 0, budget, expanded)


def _decode(message: object, depth: int, budget: list[int], expanded: bool) -> object:
    budget[0] -= 1
    if budget[0] < 0:
        raise ProtocolError(f"more than {MAX_ITEMS} values in one frame")
    if depth > MAX_DEPTH:
        raise ProtocolError(f"values nested deeper than {MAX_DEPTH}")
    if message is None or isinstance(message, (bool, int, str)):
        return message
    if isinstance(message, float):
        return message
    if not isinstance(message, dict) or len(message) != 1:
        raise ProtocolError(f"expected a tagged value, got {type(message).__name__}")
    (tag, body), = message.items()
    if tag in ("list", "tuple"):
        if not isinstance(body, list):
            raise ProtocolError(f"{tag} body must be a JSON array")
        if all_plain(body):  # JSON scalars decode to themselves
            budget[0] -= len(body)
            if budget[0] < 0:
                raise ProtocolError(f"more than {MAX_ITEMS} values in one frame")
            items = list(body)   # a copy: a message decoded twice gives two lists, as a caller's two lists are
        else:
            items = [_decode(item, depth + 1, budget, expanded) for item in body]
        return items if tag == "list" else tuple(items)
    if tag == "dict":
        if not isinstance(body, list) or not all(isinstance(pair, list) and len(pair) == 2 for pair in body):
            raise ProtocolError("dict body must be a list of [key, value] pairs")
        result = {}
        for key, item in body:
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise ProtocolError("dict keys must be str or int")
            result[key] = _decode(item, depth + 1, budget, expanded)
        return result
    if tag in ("tensor", "ndarray"):
        if not expanded and isinstance(body, dict) and "expanded" in body:
            raise ProtocolError("a broadcast tensor (expanded) where only the grader sends one")
        return decode_tensor(body) if tag == "tensor" else NumpyArray(decode_tensor(body))
    if tag == "dtype":
        if not isinstance(body, str) or body not in DTYPES:
            raise ProtocolError(f"unknown dtype {body!r}")
        return DTYPES[body]
    if tag == "seed":
        if not isinstance(body, int) or isinstance(body, bool) or not 0 <= body < 2**63:
            raise ProtocolError("seed must be an integer in [0, 2**63)")
        return Seed(body)
    if tag == "table_model":
        if not isinstance(body, list) or len(body) not in (2, 3, 4, 5) or not all(type(part) is str
                                                                                for part in body[2:]):
            raise ProtocolError('table_model body must be [table, pos], [table, pos, "sum"], [table, pos, context, '
                                'layout] or [table, pos, context, layout, kind]')
        table, pos = (_decode(part, depth + 1, budget, expanded) for part in body[:2])
        if not (isinstance(table, torch.Tensor) and isinstance(pos, torch.Tensor)):
            raise ProtocolError("table_model parts must be tensors")
        try:
            return TableModel(table, pos, *body[2:])
        except ValueError as error:
            raise ProtocolError(f"table_model: {error}") from None
    raise ProtocolError(f"unknown tag {tag!r}")


def decode_tensor(body: object) -> torch.Tensor:
    """A fresh, plain tensor from {dtype, shape, data}, checking every field."""
    if not isinstance(body, dict) or set(body) - {"reversed", "expanded"} != {"dtype", "shape", "data"}:
        raise ProtocolError("a tensor must have exactly dtype, shape and data (and optionally reversed, expanded)")
    shared = body.get("expanded", [])
    if not (isinstance(shared, list) and all(type(n) is int and 1 < n < 2**20 for n in shared)
            and len(shared) + len(body["shape"] if isinstance(body["shape"], list) else []) <= MAX_DIMS
            and ("expanded" not in body or shared)):
        raise ProtocolError("expanded must be a non-empty list of sizes above one")
    reverse = "reversed" in body
    if reverse and (body["reversed"] is not True or not isinstance(body["shape"], list) or len(body["shape"]) < 2):
        raise ProtocolError("reversed must be true, for a tensor of two axes or more")
    dtype = DTYPES.get(body["dtype"]) if isinstance(body["dtype"], str) else None
    if dtype is None:
        raise ProtocolError(f"unknown dtype {body['dtype']!r}")
    shape = body["shape"]
    if (not isinstance(shape, list) or len(shape) > MAX_DIMS
            or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 2**40 for n in shape)):
        raise ProtocolError(f"shape must be a list of at most {MAX_DIMS} non-negative integers")
    raw = body["data"]
    if not isinstance(raw, (bytes, memoryview)):
        raise ProtocolError("tensor data must be bytes (a range of the frame's data)")
    expected = math.prod(shape) * ITEM_SIZES[body["dtype"]]
    if expected > MAX_FRAME_BYTES:
        raise ProtocolError(f"tensor of shape {shape} is larger than the frame cap")
    if len(raw) != expected:
        raise ProtocolError(f"tensor {body['dtype']}{shape} needs {expected} bytes, got {len(raw)}")
    tensor = torch.empty(shape, dtype=dtype) if not raw else torch.frombuffer(bytearray(raw), dtype=dtype).view(shape)
    tensor = tensor.permute(*reversed(range(tensor.dim()))) if reverse else tensor
    return tensor.expand(*shared, *tensor.shape) if shared else tensor
