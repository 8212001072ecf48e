"""The wire format: values survive a round trip exactly, and malformed frames are refused before they are used."""
import json
import socket
import struct

import pytest
import torch

from grader.sandbox import protocol
from grader.sandbox.protocol import NumpyArray, ProtocolError, Seed, TableModel, decode, encode


def roundtrip(value):
    return decode(encode(value))


@pytest.mark.parametrize("dtype", sorted(protocol.DTYPES.values(), key=str))
@pytest.mark.parametrize("shape", [(), (0,), (3,), (2, 0, 4), (2, 3, 4)])
def test_tensor_roundtrip_keeps_dtype_shape_and_bits(dtype, shape):
    source = (torch.randn(shape, dtype=torch.float64) * 100).to(dtype)
    back = roundtrip(source)
    assert type(back) is torch.Tensor and back.dtype == dtype and back.shape == source.shape
    assert torch.equal(back.view(-1).view(torch.uint8) if back.numel() else back,
                       source.reshape(-1).view(torch.uint8) if source.numel() else source)


def test_non_contiguous_tensors_are_sent_as_their_values():
    source = torch.arange(12.0).reshape(3, 4).T
    assert torch.equal(roundtrip(source), source)


@pytest.mark.parametrize("shape", [(3, 4), (2, 3, 5), (2, 1, 4), (2, 3, 4, 5)])
def test_keep_layout_sends_a_column_major_tensor_as_one(shape):
    """The grader's inputs keep a column-major layout, every axis reversed in memory (the non_contiguous clause);
    without keep_layout, and for any other layout, a tensor arrives contiguous, with the same values."""
    axes = tuple(reversed(range(len(shape))))
    source = torch.randn(shape).permute(axes).contiguous().permute(axes)
    back = decode(encode({"x": [source]}, keep_layout=True))["x"][0]
    assert torch.equal(back, source)
    assert back.is_contiguous() == source.is_contiguous() and back.stride() == source.stride()
    assert roundtrip(source).is_contiguous()
    for other in (torch.randn(4, 6)[:, ::2], torch.randn(2, 3, 4).transpose(-1, -2), torch.randn(2, 3, 4)[1:]):
        back = decode(encode(other, keep_layout=True))
        assert torch.equal(back, other) and back.is_contiguous()


def test_keep_layout_sends_a_broadcast_tensor_as_one():
    """An input broadcast over its leading axes (x[:1, :1].expand(2, 3, ...), the non_contiguous clause) arrives as
    one item expanded again (stride 0: its items share memory, so an in-place write raises); its item may itself be
    column-major; without keep_layout it arrives contiguous."""
    item = torch.randn(1, 1, 4, 5)
    flags = torch.ones(1, 6, dtype=torch.bool)
    for source in (item.expand(2, 3, 4, 5), item[0, 0].T.expand(3, 5, 4), flags.expand(2, 6)):
        back = decode(encode(source, keep_layout=True))
        assert torch.equal(back, source) and back.stride() == source.stride()
        with pytest.raises(RuntimeError, match="single memory location"):
            back.logical_not_() if back.dtype == torch.bool else back.add_(1)
        assert roundtrip(source).is_contiguous()
    body = encode(item.expand(2, 3, 4, 5), keep_layout=True)["tensor"]
    assert body["expanded"] == [2, 3] and body["shape"] == [4, 5]
    for bad in ([], [1], [2.0], "2"):
        with pytest.raises(ProtocolError, match="expanded"):
            decode({"tensor": {**body, "expanded": bad}})


def test_grad_slot_finds_arguments_and_entries_of_dict_arguments():
    args, kwargs = [torch.zeros(1), {"W": torch.ones(1)}], {"mask": None, "params": {"b": torch.ones(2)}}
    assert protocol.grad_slot(args, kwargs, 0) == (args, 0)
    assert protocol.grad_slot(args, kwargs, "1/W") == (args[1], "W")
    assert protocol.grad_slot(args, kwargs, "params/b") == (kwargs["params"], "b")
    assert protocol.grad_slot(args, kwargs, "mask") == (kwargs, "mask")
    for missing in (2, "1/V", "0/W", "other", "params/W", True):
        with pytest.raises(ValueError, match="names no argument"):
            protocol.grad_slot(args, kwargs, missing)


def test_nested_structures_and_scalars_roundtrip():
    value = {"a": [1, 2.5, None, True, "x", (torch.ones(2), float("inf"))], 3: (), "nan": float("nan")}
    back = roundtrip(value)
    assert back["a"][:5] == [1, 2.5, None, True, "x"] and isinstance(back["a"][5], tuple)
    assert torch.equal(back["a"][5][0], torch.ones(2)) and back["a"][5][1] == float("inf")
    assert back[3] == () and back["nan"] != back["nan"]


def test_dtypes_roundtrip_and_unknown_ones_are_refused():
    assert roundtrip([torch.float64, torch.bool]) == [torch.float64, torch.bool]
    with pytest.raises(ProtocolError, match="dtype"):
        decode({"dtype": "object"})
    with pytest.raises(ProtocolError, match="dtype"):
        decode({"dtype": ["float32"]})


def test_seed_and_table_model_roundtrip():
    model = TableModel(torch.randn(5, 5), torch.randn(5, 7))
    seed, back = roundtrip((Seed(42), model))
    assert seed == Seed(42)
    ids = torch.tensor([0, 3, 3, 1])
    assert torch.equal(back(ids), model(ids)) and model(ids).shape == (5, 4)


def test_a_table_model_that_reads_every_earlier_token_roundtrips_and_is_causal():
    model = TableModel(torch.randn(5, 5), torch.randn(5, 7), context="sum")
    back = roundtrip(model)
    ids = torch.tensor([4, 3, 3, 1, 2])
    assert back.context == "sum" and torch.equal(back(ids), model(ids))
    assert torch.equal(model(ids)[:, 2], model.table[:, 0] + model.pos[:, 2])       # (4 + 3 + 3) % 5 = 0
    assert torch.equal(model(ids[:3]), model(ids)[:, :3])                          # a prefix gives the same columns
    with pytest.raises(ProtocolError, match="table_model"):
        decode({"table_model": [encode(torch.ones(2, 2)), encode(torch.ones(2, 2)), "max"]})


def test_a_table_model_with_transposed_logits_roundtrips():
    """`layout="column_major"`: the same logits, laid out as a row-major model's logits.T (non-contiguous)."""
    model = TableModel(torch.randn(5, 5), torch.randn(5, 7), context="sum", layout="column_major")
    back = roundtrip(model)
    ids = torch.tensor([4, 3, 3, 1, 2])
    assert (back.context, back.layout) == ("sum", "column_major") and torch.equal(back(ids), model(ids))
    assert not back(ids).is_contiguous() and back(ids).stride() == (1, 5)
    assert torch.equal(model(ids), TableModel(model.table, model.pos, context="sum")(ids))
    with pytest.raises(ProtocolError, match="layout"):
        decode({"table_model": [encode(torch.ones(2, 2)), encode(torch.ones(2, 2)), "last", "diagonal"]})


def test_a_table_model_says_which_column_each_position_reads():
    """`keys`: the ids themselves, or their running sums modulo V; the diagnoses rebuild the logits from them."""
    model = TableModel(torch.randn(5, 5), torch.randn(5, 4))
    ids = torch.tensor([4, 3, 0, 2])
    assert model.keys(ids).tolist() == [4, 3, 0, 2]
    assert TableModel(model.table, model.pos, context="sum").keys(ids).tolist() == [4, 2, 2, 4]   # 4, 7, 7, 9 mod 5


def test_table_model_checks_shapes():
    with pytest.raises(ValueError, match="table"):
        TableModel(torch.randn(4, 5), torch.randn(4, 2))
    with pytest.raises(ValueError, match="ids"):
        TableModel(torch.randn(4, 4), torch.randn(4, 2))(torch.tensor([0, 1, 2]))


def test_table_models_take_long_ids_and_come_in_training():
    """A model takes a LongTensor (N,) of ids (a list or int32 ids are a TypeError, as for a model built on
    F.one_hot); a plain function's parameter is positional-only; a trained module keeps weights that require grad,
    a gradient, a frozen table and a forward hook, whose state `training_state` compares; a weights_view model's
    logits are a slice of its own weights."""
    table, pos = torch.randn(3, 3), torch.randn(3, 4)
    model = TableModel(table, pos)
    for ids in ([0, 1], torch.tensor([0, 1], dtype=torch.int32), torch.tensor([[0, 1]])):
        with pytest.raises(TypeError, match="LongTensor"):
            model(ids)
    function = TableModel(table, pos, kind="function").as_function()
    assert torch.equal(function(torch.tensor([2, 0])), model(torch.tensor([2, 0])))
    with pytest.raises(TypeError):
        function(ids=torch.tensor([2, 0]))
    trained = TableModel(table, pos, kind="trained")
    assert trained.table.requires_grad and not trained.pos.requires_grad and trained.table.grad is not None
    assert torch.allclose(trained(torch.tensor([2, 0])), model(torch.tensor([2, 0])))
    assert not torch.allclose(trained.forward(torch.tensor([2, 0])), model(torch.tensor([2, 0])))   # the hook adds pos
    state = trained.initial_state
    trained.zero_grad()
    assert trained.training_state() != state
    view = TableModel(table, pos, "last", "weights_view", "trained")
    logits = view(torch.tensor([1, 2, 0]))
    assert logits.data_ptr() == view.pos.data_ptr() and torch.equal(logits, pos[:, :3])
    back = decode(encode(view))
    assert (back.layout, back.kind) == ("weights_view", "trained")


def test_a_lying_tensor_subclass_is_sent_as_its_true_data():
    class Liar(torch.Tensor):
        @classmethod
        def __torch_function__(cls, func, types, args=(), kwargs=None):
            return torch.zeros(2)  # claims to be zeros under any operation

        def __eq__(self, other):
            return True

    liar = torch.ones(2).as_subclass(Liar)
    back = roundtrip(liar)
    assert type(back) is torch.Tensor and torch.equal(back, torch.ones(2))


def test_a_subclass_whose_properties_lie_is_sent_as_its_true_dtype_and_shape():
    class Liar(torch.Tensor):
        @property
        def dtype(self):
            return torch.float64

        @property
        def shape(self):
            return torch.Size([6])

    back = roundtrip(torch.arange(6.0).reshape(2, 3).as_subclass(Liar))
    assert type(back) is torch.Tensor and back.dtype == torch.float32 and back.shape == (2, 3)


def test_numpy_arrays_stay_numpy_arrays_and_numpy_scalars_become_numbers():
    numpy = pytest.importorskip("numpy")
    back = roundtrip([numpy.arange(3, dtype=numpy.int32), numpy.float64(1.5), numpy.arange(4.0).reshape(2, 2).T])
    assert isinstance(back[0], NumpyArray) and back[0].data.dtype == torch.int32 and back[0].data.tolist() == [0, 1, 2]
    assert back[1] == 1.5 and type(back[1]) is float
    assert back[2].data.tolist() == [[0.0, 2.0], [1.0, 3.0]]          # a transposed array, read in its own order
    assert roundtrip(back[0]).data.tolist() == [0, 1, 2]             # and it travels back as one


def test_unsendable_values_are_a_type_error():
    with pytest.raises(TypeError, match="object"):
        encode(object())


def tensor_body(**override):
    body = {"dtype": "float32", "shape": [2], "data": bytes(8)}
    return {"tensor": {**body, **override}}


@pytest.mark.parametrize("message, match", [
    (tensor_body(dtype="object"), "dtype"),
    (tensor_body(dtype="float32", shape=[3]), "needs 12 bytes"),
    (tensor_body(shape=[-2]), "shape"),
    (tensor_body(shape=[2**30, 2**30]), "shape|cap"),
    (tensor_body(data="AAAAAAAAAAA="), "must be bytes"),
    ({"tensor": {"dtype": "float32", "shape": [2]}}, "exactly"),
    (tensor_body(reversed=True), "reversed"),
    (tensor_body(reversed=False), "reversed"),
    (tensor_body(shape=[1, 2], reversed="yes"), "reversed"),
    ({"pickle": "gASV"}, "unknown tag"),
    ({"list": [], "tuple": []}, "tagged"),
    ({"dict": [["k"]]}, "pairs"),
    ({"dict": [[1.5, 1]]}, "keys"),
    ({"seed": -1}, "seed"),
    ([1, 2], "tagged"),
])
def test_decode_refuses_malformed_values(message, match):
    with pytest.raises(ProtocolError, match=match):
        decode(message)


def test_decode_refuses_deep_nesting():
    value = 0
    for _ in range(protocol.MAX_DEPTH + 2):
        value = {"list": [value]}
    with pytest.raises(ProtocolError, match="nested"):
        decode(value)


def test_frames_roundtrip_and_oversized_headers_are_refused_without_reading():
    left, right = socket.socketpair()
    with left, right:
        protocol.send_frame(left, {"x": [1, 2]})
        assert protocol.recv_frame(right) == {"x": [1, 2]}
        left.sendall(struct.pack(">II", 2**31, 0))
        with pytest.raises(ProtocolError, match="cap"):
            protocol.recv_frame(right, max_bytes=1024)


@pytest.mark.parametrize("body", [b"\xff\xfe", b"{not json", b"[" * 20_000 + b"]" * 20_000])
def test_a_frame_that_is_not_json_is_a_protocol_error(body):
    left, right = socket.socketpair()
    with left, right:
        left.sendall(struct.pack(">II", len(body), 0) + body)
        with pytest.raises(ProtocolError, match="not UTF-8 JSON"):
            protocol.recv_frame(right)


def test_a_frame_trickled_a_byte_at_a_time_meets_its_deadline():
    """A peer that sends a long frame a byte at a time never waits a deadline out: the clock is read before each
    read, not only set as each read's timeout."""
    import threading
    import time

    left, right = socket.socketpair()
    stop = threading.Event()

    def trickle():
        left.sendall(struct.pack(">II", 10_000, 0))
        while not stop.is_set():
            left.sendall(b" ")
            time.sleep(0.05)

    sender = threading.Thread(target=trickle, daemon=True)
    sender.start()
    start = time.monotonic()
    try:
        with pytest.raises(TimeoutError):
            protocol.recv_frame(right, deadline=start + 0.5)
        assert time.monotonic() - start < 1.5
    finally:
        stop.set()
        sender.join()
        left.close()
        right.close()


def test_what_the_worker_sends_may_not_be_a_broadcast_view():
    """The grader decodes the worker's frames without "expanded": a few bytes never stand for a tensor of any size
    (a (1000, 1000, 4, 4) view was 16 M floats for the grader to compute on). Its own inputs keep the field."""
    message = encode(torch.randn(4, 4).expand(1000, 1000, 4, 4), keep_layout=True)
    assert decode(message).shape == (1000, 1000, 4, 4)
    for sent in (message, {"list": [1, message]}, {"dict": [["W", message]]}):
        with pytest.raises(ProtocolError, match="expanded"):
            decode(sent, expanded=False)


def test_a_truncated_frame_is_a_protocol_error_and_a_clean_close_is_eof():
    left, right = socket.socketpair()
    with right:
        left.sendall(struct.pack(">II", 10, 0) + b"{}")
        left.close()
        with pytest.raises(ProtocolError, match="inside a frame"):
            protocol.recv_frame(right)
    left, right = socket.socketpair()
    with right:
        left.close()
        with pytest.raises(EOFError):
            protocol.recv_frame(right)


def test_tensor_data_travels_after_the_json_text_not_inside_it():
    """A frame holds the tensor's bytes once, raw, after its JSON: no base64, and the text carries only a reference."""
    left, right = socket.socketpair()
    source = torch.arange(1000, dtype=torch.float64)
    with left, right:
        protocol.send_frame(left, {"value": encode(source)})
        text_length, data_length = struct.unpack(">II", right.recv(8, socket.MSG_PEEK))
        assert data_length == 8000 and text_length < 100
        back = decode(protocol.recv_frame(right)["value"])
        assert torch.equal(back, source)
        back.add_(1)    # a fresh, writable tensor, not a view of the frame


@pytest.mark.parametrize("where", [[0, 9], [8, 1], [-1, 2], [0], "0:8", [0.0, 8], [True, 1]])
def test_a_bytes_reference_outside_the_frames_data_is_a_protocol_error(where):
    left, right = socket.socketpair()
    with left, right:
        text = json.dumps({"value": {"tensor": {"dtype": "float32", "shape": [2], "data": {"bytes": where}}}}).encode()
        left.sendall(struct.pack(">II", len(text), 8) + text + bytes(8))
        with pytest.raises(ProtocolError, match="bytes reference"):
            protocol.recv_frame(right)


def test_a_bytes_reference_where_a_value_belongs_is_refused():
    left, right = socket.socketpair()
    with left, right:
        text = json.dumps({"value": {"list": [{"bytes": [0, 8]}]}}).encode()
        left.sendall(struct.pack(">II", len(text), 8) + text + bytes(8))
        with pytest.raises(ProtocolError, match="tagged value"):
            decode(protocol.recv_frame(right)["value"])


def test_empty_tensors_travel_in_frames():
    left, right = socket.socketpair()
    with left, right:
        protocol.send_frame(left, {"value": encode([torch.zeros(0), torch.ones(2, 0, dtype=torch.bool)])})
        back = decode(protocol.recv_frame(right)["value"])
        assert back[0].shape == (0,) and back[1].shape == (2, 0) and back[1].dtype == torch.bool


def test_repeated_calls_share_their_argument_objects_a_generator_is_one_stream(tmp_path):
    """`call_repeated`: the worker decodes the arguments once and calls on the same objects, so a seeded generator
    goes on from call to call (and a function that restores its state gives the same draws each time)."""
    from grader.sandbox import Submission

    (tmp_path / "draws.py").write_text(
        "import torch\n\n"
        "def draw(n, generator):\n    return torch.rand(n, generator=generator)\n\n"
        "def draw_and_restore(n, generator):\n    state = generator.get_state()\n"
        "    try:\n        return torch.rand(n, generator=generator)\n    finally:\n"
        "        generator.set_state(state)\n")
    with Submission(tmp_path) as learner:
        first, second = learner.call_repeated("draws", "draw", (3, Seed(5)), {}, 2)
        stream = torch.Generator().manual_seed(5)
        assert torch.equal(first, torch.rand(3, generator=stream)) and torch.equal(second, torch.rand(3, generator=stream))
        first, second = learner.call_repeated("draws", "draw_and_restore", (3, Seed(5)), {}, 2)
        assert torch.equal(first, second)
