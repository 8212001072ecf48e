"""The sandbox: calls cross the process boundary faithfully, and every kind of failure is contained and named."""
import os
import shutil
import textwrap
import time
from pathlib import Path

import pytest
import torch

from grader.sandbox import LearnerError, Limits, Submission
from grader.sandbox.submission import WALL_FACTOR
from grader.sandbox.protocol import Seed, TableModel

MODULES = {
    "softmax.py": """
        import torch

        def softmax_cols(scores):
            print("learner output on stdout must not disturb the protocol")
            return torch.softmax(scores, dim=-2)

        def echo(*args, **kwargs):
            return args, kwargs

        def draw(generator):
            return torch.rand(3, generator=generator)

        def first_row(X, Y):
            return X[0]                      # a view of an argument

        def run_model(model, ids):
            return model(ids)

        def fails():
            raise ValueError("negative size")

        def todo():
            raise NotImplementedError

        def todo_after_checks(x):
            if x < 0:
                raise ValueError("x: must be positive")
            raise NotImplementedError("todo_after_checks: the formula")

        def option_left(x, mode="a"):
            if mode == "b":
                raise NotImplementedError("mode b")
            return x

        def finished_part_first(x):
            if x == 1:
                return x
            raise NotImplementedError("the other values")

        def grad_switched_off(x):
            torch.set_grad_enabled(False)              # "no gradients needed here", never switched back
            return x * 2

        def grad_forced_on(x):
            torch.set_grad_enabled(True)
            return x * 2

        def default_float64(x):
            torch.set_default_dtype(torch.float64)
            return x * 2

        def grad_off_inside(x):
            with torch.no_grad():                      # restored on exit: right
                return x * 2

        def made_in_inference_mode(x):
            with torch.inference_mode():
                return x * 2

        def scored_in_eval_mode(model, ids):
            model.eval()
            return model(ids)

        def scored_in_training_mode(model, ids):
            model.train()
            return model(ids)

        def scored_in_float64(model, ids):
            torch.set_default_dtype(torch.float64)
            try:
                return model(ids)
            finally:
                torch.set_default_dtype(torch.float32)

        def scored_with_grad(model, ids):
            with torch.enable_grad():
                return model(ids)

        def how_held(X, params, Y=None):   # what the function sees of its arguments
            return [X.requires_grad, X.is_inference(), X.is_leaf, type(X).__name__, params["W"].requires_grad,
                    params["W"] is params["V"], Y is not None and X.data_ptr() == Y.data_ptr(),
                    torch.is_grad_enabled(), torch.is_inference_mode_enabled()]

        def scaled(X, W):
            return W * X

        def bool_matmul():
            flags = torch.ones(2, 2, dtype=torch.bool)
            return torch.einsum("ij,jk->ik", flags, flags)   # torch raises NotImplementedError for bool

        def hangs():
            while True:
                pass

        def hangs_catching_the_stop():   # catches what stops it once, and goes on
            try:
                while True:
                    pass
            except BaseException:
                pass
            while True:
                pass

        def sleeps():
            import time
            time.sleep(60)

        def hangs_without_the_timer():
            import signal
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, signal.SIG_IGN)
            while True:
                pass

        def computes_for(seconds, after_waiting=0.0):
            import resource, time
            time.sleep(after_waiting)
            usage = lambda: sum(resource.getrusage(resource.RUSAGE_SELF)[:2])
            start = usage()
            while usage() - start < seconds:
                pass
            return "done"

        def exits():
            import sys
            sys.exit(0)

        def hard_exit():
            import os
            os._exit(0)

        def eats_memory():
            return [bytearray(2**20) for _ in range(10**6)]

        def returns_object():
            return object()

        def detached(x):
            return x.detach() * 2

        def pair(x, y):
            return x * y, (x + y).detach(), torch.arange(3)

        def scribble():
            import json, os, struct
            body = json.dumps({"id": 1, "ok": True, "value": "forged"}).encode()
            for fd in range(3, 64):
                try:
                    os.write(fd, struct.pack(">II", len(body), 0) + body)
                except OSError:
                    pass
            return "done"

        def folders_it_can_write(folders):
            import os
            written = []
            for folder in folders:
                try:
                    with open(os.path.join(folder, "note-for-the-next-student"), "w") as handle:
                        handle.write("answers")
                    written.append(folder)
                except OSError:
                    pass
            return written

        def leave_note(text):
            with open("/tmp/note-for-the-next-student", "w") as handle:
                handle.write(text)

        def read_note():
            try:
                return open("/tmp/note-for-the-next-student").read()
            except OSError:
                return None

        def network_interfaces():
            import socket
            return sorted(name for _, name in socket.if_nameindex())

        def identity():
            import os, sys
            return {"uid": os.getuid(), "cwd": os.getcwd(), "path": sys.path,
                    "loaded": sorted(m for m in sys.modules if m.split(".")[0] in {"grader", "reference", "solutions"})}
    """,
    "broken.py": "def f(:\n",
    "ends_on_import.py": "import os\nos._exit(3)\n",
    "uses_sibling.py": """
        from .softmax import softmax_cols

        def twice(x):
            return softmax_cols(softmax_cols(x))
    """,
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    root = tmp_path_factory.mktemp("submission")
    for name, source in MODULES.items():
        (root / name).write_text(textwrap.dedent(source))
    (root / "__init__.py").write_text("raise RuntimeError('the learner __init__ is replaced by an empty one')\n")
    return root


@pytest.fixture(scope="module")
def learner(folder):
    with Submission(folder, Limits(call_timeout=3, memory_mb=256)) as submission:
        yield submission


def test_values_cross_the_boundary_exactly(learner):
    x = torch.randn(2, 3, 4, dtype=torch.float64)
    assert torch.allclose(learner.call("softmax", "softmax_cols", x), torch.softmax(x, dim=-2))
    args, kwargs = learner.call("softmax", "echo", torch.tensor([True, False]), 7, "s", None, torch.float64,
                                key=torch.arange(3), nested=[1.5, (2,)])
    assert args[0].dtype == torch.bool and args[1:] == (7, "s", None, torch.float64)
    assert kwargs["key"].dtype == torch.int64 and kwargs["nested"] == [1.5, (2,)]


def test_seed_and_table_model_arguments_are_rebuilt_in_the_sandbox(learner):
    expected = torch.rand(3, generator=torch.Generator().manual_seed(5))
    assert torch.equal(learner.call("softmax", "draw", Seed(5)), expected)
    model = TableModel(torch.randn(4, 4), torch.randn(4, 6))
    ids = torch.tensor([1, 2, 0])
    assert torch.equal(learner.call("softmax", "run_model", model, ids), model(ids))


def test_a_round_trip_takes_about_a_millisecond(learner):
    x = torch.randn(4, 4)
    learner.call("softmax", "softmax_cols", x)
    start = time.perf_counter()
    for _ in range(50):
        learner.call("softmax", "softmax_cols", x)
    assert (time.perf_counter() - start) / 50 < 0.02, "a call should cost about 1 ms, not a process start"


def test_gradients_match_autograd_in_process(learner):
    x = torch.randn(3, 5, dtype=torch.float64)
    cotangent = torch.randn(3, 5, dtype=torch.float64)
    output, grads = learner.call_with_grad("softmax", "softmax_cols", (x,), {}, [0], cotangent)
    x_local = x.clone().requires_grad_(True)
    (torch.softmax(x_local, dim=-2) * cotangent).sum().backward()
    assert torch.allclose(output, torch.softmax(x, dim=-2)) and torch.allclose(grads[0], x_local.grad)


def test_a_tuple_of_cotangents_backpropagates_through_every_item(learner):
    """One cotangent per returned item (None for ids): the gradients are those of the sum over the items; an item
    cut from autograd contributes nothing, so its cotangent changes nothing."""
    x, y = torch.randn(2, 3, dtype=torch.float64), torch.randn(2, 3, dtype=torch.float64)
    first, second = torch.randn(2, 3, dtype=torch.float64), torch.randn(2, 3, dtype=torch.float64)
    _, grads = learner.call_with_grad("softmax", "pair", (x, y), {}, [0, 1], (first, second, None))
    assert torch.allclose(grads[0], first * y) and torch.allclose(grads[1], first * x)
    with pytest.raises(LearnerError, match="tuple of 2"):
        learner.call_with_grad("softmax", "detached", (x,), {}, [0], (first, second))


def test_each_seeded_generator_reports_where_the_call_left_it(learner):
    """After a call, one draw from each generator a Seed became: a function that draws more (or less) leaves it
    elsewhere."""
    learner.call("softmax", "draw", Seed(3))
    reference = torch.Generator().manual_seed(3)
    torch.rand(3, generator=reference)
    assert learner.streams == [int(torch.randint(0, 2**62, (), generator=reference))]
    learner.call("softmax", "echo", torch.ones(2))
    assert learner.streams == []


def test_a_detached_output_gives_no_gradient(learner):
    _, grads = learner.call_with_grad("softmax", "detached", (torch.randn(2),), {}, [0], torch.ones(2))
    assert grads == {0: None}


def test_grad_arguments_must_be_float_tensors(learner):
    with pytest.raises(ValueError, match="wrt"):
        learner.call_with_grad("softmax", "echo", (torch.arange(3),), {}, [0], torch.ones(3))


@pytest.mark.parametrize("function, kind, type_name, text", [
    ("fails", "exception", "ValueError", "negative size"),
    ("todo", "exception", "NotImplementedError", "TODO"),
    ("exits", "exception", "SystemExit", "SystemExit"),
    ("returns_object", "exception", "TypeError", "cannot read"),
    ("eats_memory", "memory", "MemoryError", "MemoryError"),
])
def test_learner_failures_are_reported_with_their_kind(learner, function, kind, type_name, text):
    with pytest.raises(LearnerError) as caught:
        learner.call("softmax", function)
    assert (caught.value.kind, caught.value.type_name) == (kind, type_name) and text in caught.value.message
    assert learner.call("softmax", "echo", 1) == ((1,), {}), "the next call must still work"


def test_a_stub_is_todo_and_an_unfinished_branch_is_an_error(learner):
    """NotImplementedError raised as a stub raises it (a statement of the body, after input checks at most) is a TODO;
    raised in a branch (an option not written yet), or after the function returned for some inputs, it is the
    learner's error, with its own text."""
    for function, args in (("todo", ()), ("todo_after_checks", (1,))):
        with pytest.raises(LearnerError) as caught:
            learner.call("softmax", function, *args)
        assert caught.value.todo, function
    assert learner.call("softmax", "option_left", 3) == 3 and learner.call("softmax", "finished_part_first", 1) == 1
    for function, args, text in (("option_left", (3, "b"), "mode b"), ("finished_part_first", (2,), "other values")):
        with pytest.raises(LearnerError) as caught:
            learner.call("softmax", function, *args)
        assert not caught.value.todo and caught.value.type_name == "NotImplementedError", function
        assert text in caught.value.message


@pytest.mark.parametrize("function, setting", [
    ("grad_switched_off", "grad mode"), ("default_float64", "the default dtype")])
def test_a_call_that_leaves_a_global_setting_changed_fails_and_the_next_call_is_unaffected(learner, function, setting):
    with pytest.raises(LearnerError) as caught:
        learner.call("softmax", function, torch.ones(2))
    assert caught.value.type_name == "SettingsChanged" and setting in caught.value.message
    assert learner.call("softmax", "draw", Seed(1)).dtype == torch.float32, "a fresh worker, default float32"
    _, grads = learner.call_with_grad("softmax", "softmax_cols", (torch.randn(3, 2),), {}, [0], torch.ones(3, 2))
    assert grads[0] is not None, "gradients work again"
    assert torch.equal(learner.call("softmax", "grad_off_inside", torch.ones(2)), torch.full((2,), 2.0))


def test_a_module_that_changes_a_global_setting_when_imported_fails_its_import(tmp_path):
    """Code at module level runs once, when the module is imported, and every later call (of this module and of any
    other) would run under what it changed: the import fails with the setting named, the module is not imported
    again, and another module's calls run with the settings as they were."""
    (tmp_path / "careless.py").write_text("import torch\n\ntorch.set_grad_enabled(False)\n\n\ndef double(x):\n"
                                          "    return 2 * x\n")
    (tmp_path / "fine.py").write_text("import torch\n\n\ndef grad_on():\n    return torch.is_grad_enabled()\n")
    with Submission(tmp_path) as learner:
        for _ in range(2):
            with pytest.raises(LearnerError) as caught:
                learner.call("careless", "double", torch.ones(2))
            assert caught.value.type_name == "SettingsChanged" and "grad mode" in caught.value.message
        assert "importing careless.py" in caught.value.message and "not run again" in caught.value.message
        assert learner.call("fine", "grad_on") is True


@pytest.mark.parametrize("start", ["threading.Thread(target=spin, daemon=True).start()",
                                   "_thread.start_new_thread(spin, ())"])
def test_a_module_that_leaves_threads_running_when_imported_fails_its_import(tmp_path, start):
    """A thread started at module level (through `threading` or the bare `_thread`) would run beside every later
    call: spinning, it takes the interpreter lock from each of them, and a submission's every call slowed to just
    under the time limit used to hold the grader for its whole budget (600 s). The import fails, naming the threads,
    the module is not imported again (its calls fail at once), and another module's calls run in a worker without
    them."""
    (tmp_path / "spinning.py").write_text(textwrap.dedent(f"""\
        import _thread
        import threading


        def spin():
            while True:
                pass


        {start}


        def double(x):
            return 2 * x
        """))
    (tmp_path / "fine.py").write_text("import threading\n\n\ndef threads():\n    return threading.active_count()\n")
    with Submission(tmp_path, Limits(call_timeout=5)) as learner:
        for _ in range(2):
            with pytest.raises(LearnerError) as caught:
                learner.call("spinning", "double", torch.ones(2))
            assert caught.value.type_name == "ThreadsLeftRunning" and "1 thread running" in caught.value.message
        assert "importing spinning.py" in caught.value.message and "not run again" in caught.value.message
        assert learner.call("fine", "threads") == 1


def test_a_function_that_replaces_one_of_torchs_functions_fails_and_the_next_call_is_unaffected(tmp_path):
    """A patch of torch for the whole process (a function, F's, a method set on torch.Tensor; at a call or at import)
    fails that call or import with the names replaced, and the next call runs on torch's own functions. What torch
    rebinds itself is no patch: torch.Storage under another default dtype, and torch.manual_seed once torch._dynamo
    (torch.compile) is imported."""
    (tmp_path / "patching.py").write_text(textwrap.dedent("""\
        import torch
        import torch.nn.functional as F


        def patch_softmax(x):
            torch.softmax = lambda t, dim=-2, **kwargs: t
            return x


        def patch_functional(x):
            F.relu = lambda t, inplace=False: t
            return x


        def patch_method(x):
            torch.Tensor.softmax_cols = lambda self: self.softmax(-2)
            return x


        def patch_and_put_back(x):
            original = torch.softmax
            torch.softmax = lambda t, dim=-2, **kwargs: t
            try:
                return torch.softmax(x)
            finally:
                torch.softmax = original


        def uses_softmax(x):
            return torch.softmax(x, dim=-1)


        def lazy_imports(x):
            import torch._dynamo  # noqa: F401 - rebinds torch.manual_seed to a wrapper of its own
            torch.broadcast_shapes((2, 1), (1, 3))
            return torch.ones(2).dtype
        """))
    (tmp_path / "patched_on_import.py").write_text("import torch\n\ntorch.exp = torch.sin\n\n\ndef f(x):\n"
                                                   "    return x\n")
    x = torch.tensor([0.0, 1.0])
    with Submission(tmp_path) as learner:
        for function, replaced in (("patch_softmax", "torch.softmax"), ("patch_functional", "torch.nn.functional.relu"),
                                   ("patch_method", "torch.Tensor.softmax_cols")):
            with pytest.raises(LearnerError) as caught:
                learner.call("patching", function, x)
            assert caught.value.type_name == "TorchPatched" and replaced in caught.value.message
            assert torch.allclose(learner.call("patching", "uses_softmax", x), torch.softmax(x, dim=-1)), \
                "a fresh worker, with torch's own functions"
        assert torch.equal(learner.call("patching", "patch_and_put_back", x), x)
        with learner.default_dtype(torch.float64):
            assert learner.call("patching", "lazy_imports", x) == torch.float64
        assert learner.call("patching", "lazy_imports", x) == torch.float32
        with pytest.raises(LearnerError) as caught:
            learner.call("patched_on_import", "f", x)
        assert caught.value.type_name == "TorchPatched" and "torch.exp" in caught.value.message
        assert "importing patched_on_import.py" in caught.value.message


def test_a_function_that_rebinds_a_function_of_its_module_fails_and_the_next_call_is_unaffected(tmp_path):
    """`global f; f = ...` in a call: every later call of the module's functions would use the new f. The call fails
    with the name, and the next call runs the module as imported. A cache wrapped around the same function
    (functools.lru_cache) is not a rebinding, nor is a name the module gave no function at import."""
    (tmp_path / "helpers.py").write_text("def double(x):\n    return 2 * x\n")
    (tmp_path / "rebinding.py").write_text(textwrap.dedent("""\
        import functools

        from .helpers import double

        _table = None


        def triple(x):
            return 3 * x


        def rebinds_imported(x):
            global double
            double = triple
            return x


        def rebinds_own(x):
            global triple
            triple = functools.partial(double, x)
            return x


        def caches_imported(x):
            global double, _table
            if not hasattr(double, "cache_info"):
                double = functools.lru_cache(maxsize=4)(double)
            _table = {}
            return double(x)


        def uses_double(x):
            return double(x)
        """))
    with Submission(tmp_path) as learner:
        for function, rebound in (("rebinds_imported", "rebinding.double"), ("rebinds_own", "rebinding.triple")):
            with pytest.raises(LearnerError) as caught:
                learner.call("rebinding", function, 1)
            assert caught.value.type_name == "FunctionRebound" and rebound in caught.value.message
            assert learner.call("rebinding", "uses_double", 5) == 10, "a fresh worker: the module as imported"
        assert learner.call("rebinding", "caches_imported", 4) == 8
        assert learner.call("rebinding", "caches_imported", 4) == 8 and learner.call("rebinding", "uses_double", 5) == 10


def test_grad_mode_forced_on_shows_under_the_callers_no_grad(learner):
    """The calls made under another default dtype run as an inference caller makes them, under no_grad."""
    assert torch.equal(learner.call("softmax", "grad_forced_on", torch.ones(2)), torch.full((2,), 2.0))
    with learner.default_dtype(torch.float32), pytest.raises(LearnerError) as caught:
        learner.call("softmax", "grad_forced_on", torch.ones(2))
    assert caught.value.type_name == "SettingsChanged" and "grad mode" in caught.value.message


def test_inference_tensors_and_a_model_left_in_eval_mode_fail_the_call(learner):
    with pytest.raises(LearnerError) as caught:
        learner.call("softmax", "made_in_inference_mode", torch.ones(2))
    assert caught.value.type_name == "InferenceTensorReturned"
    model = TableModel(torch.randn(4, 4), torch.randn(4, 6))
    with pytest.raises(LearnerError) as caught:
        learner.call("softmax", "scored_in_eval_mode", model, torch.tensor([1, 2]))
    assert caught.value.type_name == "ModelModeChanged"


def test_models_are_handed_over_as_their_kind_says(learner):
    """A model in eval mode comes back in eval mode; a plain function has no mode; a tracked model's logits require
    grad; the caller's default dtype holds while the model runs; a graph made under the caller's no_grad fails."""
    table, pos, ids = torch.randn(4, 4), torch.randn(4, 6), torch.tensor([1, 2])
    want = table[:, ids] + pos[:, :2]
    assert torch.equal(learner.call("softmax", "scored_in_eval_mode", TableModel(table, pos, kind="eval"), ids), want)
    with pytest.raises(LearnerError) as caught:
        learner.call("softmax", "scored_in_training_mode", TableModel(table, pos, kind="eval"), ids)
    assert caught.value.type_name == "ModelModeChanged" and "training mode" in caught.value.message
    with pytest.raises(LearnerError) as caught:
        learner.call("softmax", "scored_in_eval_mode", TableModel(table, pos, kind="function"), ids)
    assert "AttributeError" in caught.value.message and "eval" in caught.value.message
    with pytest.raises(LearnerError) as caught:
        learner.call("softmax", "scored_in_float64", TableModel(table, pos), ids)
    assert caught.value.type_name == "SettingsChanged" and "default dtype float64" in caught.value.message
    assert torch.equal(learner.call("softmax", "run_model", TableModel(table, pos, kind="tracked"), ids), want)
    with learner.caller("no_grad"), pytest.raises(LearnerError) as caught:
        learner.call("softmax", "scored_with_grad", TableModel(table, pos, kind="tracked"), ids)
    assert caught.value.type_name == "GradModeChanged"


def test_the_caller_says_how_it_holds_the_arguments(learner):
    """Grad mode, inference mode, weights requiring grad, inference tensors, tied dict entries and views of another
    argument's first columns reach the function as the grader asks."""
    X, W = torch.randn(3, 4), torch.randn(3, 4)
    plain = learner.call("softmax", "how_held", X, {"W": W, "V": W.clone()})
    assert plain == [False, False, True, "Tensor", False, False, False, True, False]
    with learner.caller("no_grad", requires_grad=["1/W"]):
        held = learner.call("softmax", "how_held", X, {"W": W, "V": W})
    assert held == [False, False, True, "Tensor", True, True, False, False, False]
    with learner.caller("inference", inference_args=[0]):
        served = learner.call("softmax", "how_held", X, {"W": W, "V": W})
    assert served[1] and served[-1]
    base = torch.randn(3, 5)
    assert learner.call("softmax", "how_held", base[..., :3], {"W": W, "V": W}, base)[6]
    assert not learner.call("softmax", "how_held", base[..., :3].clone(), {"W": W, "V": W}, base)[6]


def test_gradient_inputs_may_be_parameters_or_have_a_history(learner):
    X, W = torch.randn(3, 4, dtype=torch.float64), torch.randn(3, 4, dtype=torch.float64)
    cotangent = torch.ones(3, 4, dtype=torch.float64)
    for options in ({"parameters": [1]}, {"non_leaf": [0, 1]}):
        _, grads = learner.call_with_grad("softmax", "scaled", (X, W), {}, [0, 1], cotangent, **options)
        assert torch.equal(grads[0], W) and torch.equal(grads[1], X)


def test_a_library_refusing_an_operation_is_not_a_todo(learner):
    """torch raises NotImplementedError for some dtypes: that is the learner's error, shown with its traceback, not a
    stub left unwritten."""
    with pytest.raises(LearnerError) as caught:
        learner.call("softmax", "bool_matmul")
    assert caught.value.type_name == "NotImplementedError" and not caught.value.todo
    assert "Bool" in caught.value.message and 'File "softmax.py"' in caught.value.message
    with pytest.raises(LearnerError) as caught:
        learner.call("softmax", "todo")
    assert caught.value.todo


def test_the_traceback_names_the_learner_file_not_the_sandbox(learner):
    with pytest.raises(LearnerError) as caught:
        learner.call("softmax", "fails")
    assert 'File "softmax.py"' in caught.value.message and "worker" not in caught.value.message


def test_missing_modules_and_functions(learner):
    with pytest.raises(LearnerError, match="attention.py is not in the submission") as caught:
        learner.call("attention", "scaled_dot_product_attention")
    assert caught.value.kind == "missing"
    with pytest.raises(LearnerError, match="has no function nope") as caught:
        learner.call("softmax", "nope")
    assert caught.value.kind == "missing"


def test_a_module_that_does_not_import_fails_alone(learner):
    with pytest.raises(LearnerError) as caught:
        learner.call("broken", "f")
    assert caught.value.kind == "import" and caught.value.type_name == "SyntaxError"
    assert torch.allclose(learner.call("uses_sibling", "twice", torch.zeros(2, 1)), torch.full((2, 1), 0.5))


def test_a_crash_is_reported_and_the_worker_restarted(learner):
    with pytest.raises(LearnerError, match="exited") as caught:
        learner.call("softmax", "hard_exit")
    assert caught.value.kind == "crash"
    assert learner.call("softmax", "echo", 2) == ((2,), {})


def test_a_module_that_ends_the_process_while_importing_is_not_imported_again(learner):
    with pytest.raises(LearnerError, match="import of ends_on_import.py exited") as caught:
        learner.call("ends_on_import", "f")
    assert caught.value.kind == "crash"
    start = time.monotonic()
    with pytest.raises(LearnerError, match="not run again"):
        learner.call("ends_on_import", "g")  # every call would start a worker only to see it die again
    assert time.monotonic() - start < 0.5
    assert learner.call("softmax", "echo", 5) == ((5,), {})


def test_frames_forged_by_learner_code_never_answer_a_later_call(learner):
    with pytest.raises(LearnerError) as caught:
        learner.call("softmax", "scribble")
    assert caught.value.kind == "protocol"
    assert learner.call("softmax", "echo", 4) == ((4,), {})


def test_a_hang_times_out_is_not_retried_and_the_rest_goes_on(learner):
    start = time.monotonic()
    with pytest.raises(LearnerError, match="did not return within 3 s") as caught:
        learner.call("softmax", "hangs")
    assert caught.value.kind == "timeout" and time.monotonic() - start < 10
    start = time.monotonic()
    with pytest.raises(LearnerError, match="not run again"):
        learner.call("softmax", "hangs")
    assert time.monotonic() - start < 0.5
    assert learner.call("softmax", "echo", 3) == ((3,), {})


def test_a_call_is_stopped_by_its_cpu_time_even_if_it_catches_the_stop(learner):
    with pytest.raises(LearnerError, match="did not return within 3 s of computing time") as caught:
        learner.call("softmax", "hangs_catching_the_stop")
    assert caught.value.kind == "timeout"
    assert learner.call("softmax", "echo", 3) == ((3,), {})


def test_code_that_waits_or_stops_the_cpu_timer_meets_the_wall_clock_watchdog(learner):
    for function in ("sleeps", "hangs_without_the_timer"):
        start = time.monotonic()
        with pytest.raises(LearnerError, match=f"did not return within {3 * WALL_FACTOR} s") as caught:
            learner.call("softmax", function)
        assert caught.value.kind == "timeout" and time.monotonic() - start < 3 * WALL_FACTOR + 5
    assert learner.call("softmax", "echo", 3) == ((3,), {})


def test_a_call_is_timed_by_its_computing_not_by_the_clock(folder):
    """The time limit counts the worker's CPU time, so that a loaded grading machine (grade-all's jobs, a CI runner),
    which stretches a call's wall time, never times out correct code: a call that waits 2 s and computes for 2 s of
    a 3 s limit returns, 4 s after it began."""
    with Submission(folder, Limits(call_timeout=3)) as learner:
        start = time.monotonic()
        assert learner.call("softmax", "computes_for", 2.0, 2.0) == "done"
        assert time.monotonic() - start > 3


def test_a_single_module_submission_names_its_missing_sibling(folder):
    with Submission(folder / "uses_sibling.py") as learner:
        with pytest.raises(LearnerError, match="softmax.py is not in the submission") as caught:
            learner.call("uses_sibling", "twice", torch.zeros(2, 1))
    assert caught.value.kind == "import"


def test_the_sandbox_has_a_clean_import_system(learner):
    seen = learner.call("softmax", "identity")
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert seen["loaded"] == []
    assert seen["path"][0] == seen["cwd"] and not any(
        p == repo or (p.startswith(repo + "/") and "site-packages" not in p) for p in seen["path"])


@pytest.mark.skipif(os.geteuid() != 0, reason="privileges are dropped only when grading as root")
def test_as_root_the_learner_runs_unprivileged_in_private_namespaces(learner):
    seen = learner.call("softmax", "identity")
    assert seen["uid"] != 0 and learner.isolation["mode"] == "full" and not learner.isolation["warnings"]


@pytest.mark.skipif(os.geteuid() != 0, reason="private namespaces need root")
def test_as_root_no_folder_of_the_machine_is_writable_but_the_private_ones(folder, tmp_path_factory):
    """Every world-writable folder of the machine (a walk of three levels, beside the private /tmp, /var/tmp and
    /dev/shm), and one made for the test on the root disk, refuses the learner's files: none outlives a grade."""
    shared = Path("/srv/attn-sandbox-test-shared")
    shared.mkdir(parents=True, exist_ok=True)
    shared.chmod(0o1777)
    try:
        folders = [str(shared), *_world_writable_folders()]
        with Submission(folder, Limits(call_timeout=5)) as learner:
            assert learner.call("softmax", "folders_it_can_write", folders) == []
            assert learner.call("softmax", "folders_it_can_write", ["/tmp", "/var/tmp", "/dev/shm"]) == \
                [path for path in ("/tmp", "/var/tmp", "/dev/shm") if os.path.isdir(path)]
        assert not any((Path(path) / "note-for-the-next-student").exists() for path in folders)
    finally:
        shutil.rmtree(shared, ignore_errors=True)


def _world_writable_folders() -> list[str]:
    skipped = ("/proc", "/sys", "/tmp", "/var/tmp", "/dev/shm")
    found, todo = [], [("/", 0)]
    while todo:
        folder, depth = todo.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if not entry.is_dir(follow_symlinks=False) or entry.path in skipped:
                continue
            if entry.stat(follow_symlinks=False).st_mode & 0o002:
                found.append(entry.path)
            if depth < 2:
                todo.append((entry.path, depth + 1))
    return found


@pytest.mark.skipif(os.geteuid() != 0, reason="private namespaces need root")
def test_as_root_each_worker_has_a_private_tmp_and_no_network(folder, learner):
    with Submission(folder) as other_student:
        other_student.call("softmax", "leave_note", "answers")
        assert other_student.call("softmax", "read_note") == "answers"
    assert learner.call("softmax", "read_note") is None
    assert not os.path.exists("/tmp/note-for-the-next-student")
    assert learner.call("softmax", "network_interfaces") == ["lo"], "a new network namespace has only loopback"


def test_without_namespaces_grading_still_works_and_the_report_says_what_is_missing(folder):
    from grader.sandbox import ForkServer

    server = ForkServer(namespaces=False)
    try:
        with Submission(folder, server=server) as learner:
            assert torch.allclose(learner.call("softmax", "softmax_cols", torch.zeros(2, 1)), torch.full((2, 1), 0.5))
            assert learner.isolation["mode"] == ("partial" if os.geteuid() == 0 else "none")
            assert any("hidden suites" in warning for warning in learner.isolation["warnings"])
    finally:
        server.close()


def test_symbolic_links_in_a_submission_are_not_followed(tmp_path):
    from grader.sandbox import read_submission

    outside = tmp_path / "secret"
    outside.mkdir()
    (outside / "answers.py").write_text("SECRET = 1\n")
    submission = tmp_path / "submission"
    submission.mkdir()
    (submission / "softmax.py").write_text("x = 1\n")
    (submission / "answers.py").symlink_to(outside / "answers.py")
    (submission / "linked_folder").symlink_to(outside)
    assert sorted(read_submission(submission)) == ["__init__.py", "softmax.py"]


def test_calls_can_run_under_another_default_dtype(learner):
    """`Submission.default_dtype` sets torch's default dtype in the worker for the calls made inside (a contract that
    says "the default float dtype" must follow torch.set_default_dtype); outside, the worker's default is float32."""
    assert learner.call("softmax", "draw", Seed(1)).dtype == torch.float32
    with learner.default_dtype(torch.float64):
        assert learner.call("softmax", "draw", Seed(1)).dtype == torch.float64  # torch.rand with no dtype
    assert learner.call("softmax", "draw", Seed(1)).dtype == torch.float32
    with pytest.raises(ValueError, match="float32 or float64"):
        with learner.default_dtype(torch.int64):
            pass


def test_calls_can_start_from_a_global_seed(learner):
    """`Submission.global_seed(n)` runs `torch.manual_seed(n)` in the worker before each call made inside (a contract
    whose draws, with no generator, come from torch's global generator); the same seed gives the same draws, another
    seed others; a seed that is not an int in [0, 2**63) is refused before anything is sent."""
    with learner.global_seed(5):
        first, again = learner.call("softmax", "draw", None), learner.call("softmax", "draw", None)
    with learner.global_seed(6):
        other = learner.call("softmax", "draw", None)
    expected = torch.rand(3, generator=torch.Generator().manual_seed(5))
    assert torch.equal(first, expected) and torch.equal(again, expected) and not torch.equal(other, expected)
    for bad in (-1, 2**63, 1.5, True):
        with pytest.raises(ValueError, match="global seed"):
            with learner.global_seed(bad):
                pass


def test_the_reference_runs_from_the_same_global_seed():
    """`Judge.global_seed`: each run of the reference starts from torch.manual_seed(n) too, and the grader's own
    global random state is left as it was."""
    from grader.judge import Judge

    class Learner:
        @staticmethod
        def global_seed(seed):
            import contextlib
            return contextlib.nullcontext()

    judge = Judge(Learner(), "pretraining")
    before = torch.random.get_rng_state()
    with judge.global_seed(9):
        got = judge.run_reference("nsp_pairs", ([["a", "b", "c"], ["d", "e"]] * 3,), {})
        again = judge.run_reference("nsp_pairs", ([["a", "b", "c"], ["d", "e"]] * 3,), {})
    assert got == again and torch.equal(torch.random.get_rng_state(), before)


def test_held_calls_change_the_arguments_in_place_after_keeping_each_result(learner):
    """`call_held(..., in_place=True)`: the first call's very objects are called again after their float tensors were
    changed in place (x <- 1.5x + 0.25, as on the grader's side); a result that is a view of an argument, from a call
    made before that change, comes back as it was returned."""
    a, b = torch.ones(2, 3), torch.zeros(2, 3)
    kept, after, other, again, mixed, updated = learner.call_held("softmax", "first_row", (a, b), {}, (b, a), {}, [1],
                                                                  True)
    assert torch.equal(kept, torch.ones(3)) and torch.equal(after, torch.ones(3)) and torch.equal(other, torch.zeros(3))
    assert torch.equal(mixed[0], torch.ones(3)) and torch.equal(updated, torch.full((3,), 1.75))
    assert learner.call_held("softmax", "first_row", (a, b), {}, (b, a), {}, [], False)[5] is None


def test_a_callers_lists_are_refilled_from_the_other_call_in_place():
    """`protocol.change_in_place(value, other)`: a list of words, ids or merges keeps its identity and takes the
    items of the list at the same place in `other` (a caller reusing its list for new data: a cache keyed by id()
    then returns a stale result whatever the items); where `other` has no such list, or the same items, it is
    reversed; float tensors change as before."""
    from grader.sandbox.protocol import change_in_place

    merges, words, weights = [("a", "b"), ("ab", "c")], ["x", "y"], torch.ones(2)
    value = ((("text", merges), {"words": words, "weights": weights}))
    other = ((("other", [("b", "c")]), {"words": ["x", "y"], "weights": torch.zeros(2)}))
    assert change_in_place(value, other)
    assert value[0][1] is merges and merges == [("b", "c")]          # refilled, the same object
    assert words == ["y", "x"]                                        # the same items in other: reversed
    assert torch.equal(weights, torch.full((2,), 1.75))
    assert not change_in_place(("text", [], 3), ("other", [], 4))    # nothing that can change


@pytest.mark.parametrize("body, accepted", [
    ("    if n == 0:\n        raise IndexError('no tokens')\n", True),        # raising where the contract is open
    ("    if n == 0:\n        return torch.tensor([])\n", False),             # a result there must be right
    ("", True)])
def test_an_edge_left_open_accepts_raising_but_not_a_wrong_result(tmp_path, body, accepted):
    """`Judge.expect_if_returns`: at an edge the contract leaves open, any exception is accepted and a result must be
    the reference's (here causal_mask(0), a bool (0, 0) mask)."""
    from grader.diagnose import Misconception
    from grader.judge import EXACT, Judge

    (tmp_path / "masking.py").write_text("import torch\n\n\ndef causal_mask(n):\n" + body
                                         + "    return torch.ones(n, n, dtype=torch.bool).triu()\n")
    with Submission(tmp_path, Limits(call_timeout=3, memory_mb=256)) as learner:
        try:
            with Judge(learner, "masking") as judge:
                judge.expect_if_returns("causal_mask", 0, tol=EXACT)
                judge.expect_if_returns("causal_mask", 3, tol=EXACT)
        except Misconception as found:
            assert not accepted and "(0,)" in str(found)
        else:
            assert accepted


def test_calls_share_one_time_budget(tmp_path):
    """Code whose every call stays under the call limit cannot hold the grader for hours: past `total_seconds` of
    calls together, the next call is stopped, and every later one fails at once (a timeout, named as the budget)."""
    (tmp_path / "slow.py").write_text("import time\n\n\ndef nap(seconds):\n    time.sleep(seconds)\n    return 1\n")
    with Submission(tmp_path, Limits(call_timeout=2, total_seconds=1.5)) as learner:
        assert learner.call("slow", "nap", 0.6) == 1
        assert learner.call("slow", "nap", 0.6) == 1
        for _ in range(2):
            start = time.monotonic()
            with pytest.raises(LearnerError) as caught:
                learner.call("slow", "nap", 0.6)
            assert caught.value.kind == "timeout" and "time budget" in caught.value.message
            assert time.monotonic() - start < 1.0
