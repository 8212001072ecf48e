"""The sandbox lets correct code use the course environment: every public submodule of torch and every dependency of
the course imports inside it exactly when it imports outside, torch's lazily importing helpers work, folders an
instructor allows are importable wherever they lie (even under the private /tmp), and an installed module the sandbox
user cannot read is the grading machine's fault, never the learner's."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from importlib import metadata
from pathlib import Path

import pytest
import torch

from grader.sandbox import LearnerError, Limits, SandboxUnavailable, Submission, default_server

REPO = Path(__file__).resolve().parents[2]
DISTRIBUTION = "attention-course"

# Run outside the sandbox (a fresh interpreter) and inside it (the learner's module), so both walk torch alike.
PROBE = '''
import importlib
import pkgutil


def public_torch_modules():
    """Every submodule of torch none of whose parts starts with an underscore, sorted."""
    import torch

    found = pkgutil.walk_packages(torch.__path__, "torch.", onerror=lambda name: None)
    return sorted(m.name for m in found if not any(part.startswith("_") for part in m.name.split(".")[1:]))


def failures(names):
    """{module: why it does not import} for the modules of `names` that do not."""
    failed = {}
    for name in names:
        try:
            importlib.import_module(name)
        except BaseException as error:  # noqa: BLE001 - report every refusal, whatever its type
            failed[name] = f"{type(error).__name__}: {error}"[:300]
    return failed
'''

LAZY = '''

def lazy_helpers():
    """torch's helpers that import modules on first use, called as a learner would."""
    import regex
    import torch
    import torch._dynamo  # noqa: F401 - refused before the sandbox kept site-packages readable
    import torch.func

    x = torch.arange(6.0).reshape(2, 3)
    shape = torch.broadcast_shapes((2, 1), (1, 3))  # imports torch.fx.experimental.symbolic_shapes
    torch.testing.assert_close(torch.func.vmap(torch.sum)(x), x.sum(dim=1))
    gradient = torch.func.grad(lambda v: (v ** 2).sum())(x)
    made = torch.testing.make_tensor((2, 2), dtype=torch.float32, device="cpu")
    return {"shape": tuple(shape), "grad": gradient, "made": tuple(made.shape),
            "letters": bool(regex.fullmatch(r"\\p{L}+", "Aufmerksamkeit"))}


def read(path):
    try:
        with open(path, "rb") as handle:
            return handle.read(64).decode()
    except OSError as error:
        return type(error).__name__


def fake_refusal():
    raise ModuleNotFoundError("No module named 'torch._dynamo'", name="torch._dynamo")


def raise_permission_error(path):
    raise PermissionError(13, "Permission denied", path)


def import_module(name):
    return importlib.import_module(name).VALUE
'''


@pytest.fixture(scope="module")
def probe(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("probe")
    (folder / "probe.py").write_text(PROBE + LAZY)
    return folder


@pytest.fixture(scope="module")
def full_isolation() -> bool:
    info = default_server().info
    return info["root"] and info["namespaces"]


def course_dependencies() -> list[str]:
    """The top-level modules of every installed distribution the course requires (extras included), sorted."""
    names = {re.split(r"[\s;<>=!~\[(]", requirement, maxsplit=1)[0].lower().replace("_", "-")
             for requirement in metadata.requires(DISTRIBUTION) or []}
    modules = set()
    for module, distributions in metadata.packages_distributions().items():
        if not module.startswith("_") and module.isidentifier() and any(
                d.lower().replace("_", "-") in names for d in distributions):
            modules.add(module)
    return sorted(modules)


def outside(code: str) -> object:
    """Run `PROBE` + code in a fresh interpreter of this environment; its last line of output, as JSON."""
    done = subprocess.run([sys.executable, "-c", PROBE + textwrap.dedent(code)], capture_output=True, text=True,
                          cwd="/", timeout=600, env={**os.environ, "OMP_NUM_THREADS": "1"})
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_every_public_torch_submodule_and_course_dependency_imports_in_the_sandbox(probe):
    dependencies = course_dependencies()
    assert {"torch", "numpy", "regex", "yaml", "sympy", "rich", "platformdirs", "pytest"} <= set(dependencies)
    expected = outside(f"""
        import json
        names = public_torch_modules()
        failed = failures(names + {dependencies!r})
        print(json.dumps({{"walked": names, "importable": sorted(set(names + {dependencies!r}) - set(failed))}}))
    """)
    assert len(expected["walked"]) > 300, "pkgutil no longer sees torch's submodules"
    limits = Limits(call_timeout=600, cpu_seconds=1200, memory_mb=16384)  # torch maps gigabytes of address space
    with Submission(probe, limits) as learner:
        assert learner.call("probe", "public_torch_modules") == expected["walked"], "the sandbox hides part of torch"
        refused = learner.call("probe", "failures", expected["importable"])
    assert refused == {}, f"importable outside the sandbox, refused inside: {refused}"


def test_the_lazily_importing_helpers_work_in_the_sandbox(probe):
    with Submission(probe) as learner:
        found = learner.call("probe", "lazy_helpers")
    assert found["shape"] == (2, 3) and found["made"] == (2, 2) and found["letters"]
    assert torch.equal(found["grad"], 2 * torch.arange(6.0).reshape(2, 3))


def test_an_allowed_folder_under_the_private_tmp_imports(probe, tmp_path, full_isolation):
    """tmp_path lies under /tmp, which each worker replaces with a private one: the allowed folder is mounted back,
    read-only, and the rest of the real /tmp stays out of sight."""
    allowed = tmp_path / "site-extra"
    (allowed / "course_extra").mkdir(parents=True)
    (allowed / "course_extra" / "__init__.py").write_text("VALUE = 42\n")
    (tmp_path / "beside.txt").write_text("not for the learner\n")
    with Submission(probe, allow=(allowed,)) as learner:
        assert learner.call("probe", "import_module", "course_extra") == 42
        if full_isolation:
            assert learner.call("probe", "read", str(tmp_path / "beside.txt")) == "FileNotFoundError"
            assert learner.call("probe", "read", str(allowed / "course_extra" / "__init__.py")) == "VALUE = 42\n"
    with pytest.raises(ValueError, match="not a folder"):
        Submission(probe, allow=(tmp_path / "missing",))


def test_a_module_the_sandbox_user_cannot_read_is_the_machines_fault(probe, tmp_path, full_isolation):
    if not full_isolation:
        pytest.skip("the learner runs as the grading user: it reads what the grader reads")
    allowed = tmp_path / "site-closed"
    allowed.mkdir()
    (allowed / "closed_module.py").write_text("VALUE = 1\n")
    (allowed / "closed_module.py").chmod(0o600)  # as after `pip install` under umask 077
    with Submission(probe, allow=(allowed,)) as learner:
        with pytest.raises(SandboxUnavailable, match="closed_module.py.*grading machine's fault"):
            learner.call("probe", "import_module", "closed_module")
    with Submission(probe) as learner:  # a readable module is never "refused", whatever the learner raises
        with pytest.raises(LearnerError) as caught:
            learner.call("probe", "fake_refusal")
        assert caught.value.type_name == "ModuleNotFoundError"


def test_a_forged_refusal_is_the_learners_error(probe, tmp_path, full_isolation):
    """A learner's PermissionError naming a file that does not exist in the import path, or one the sandbox user can
    read after all (a folder of mode 0700 that the sandbox mounts back, such as an interpreter under /root): a fresh
    worker holding no learner code reads it (or finds nothing), so it is the learner's error, never the machine's."""
    if not full_isolation:
        pytest.skip("the learner runs as the grading user: it reads what the grader reads")
    allowed = tmp_path / "site-open"
    allowed.mkdir()
    (allowed / "open_module.py").write_text("VALUE = 1\n")
    with Submission(probe, allow=(allowed,)) as learner:
        for path in (allowed / "no_such_module.py", allowed / "open_module.py"):
            with pytest.raises(LearnerError) as caught:
                learner.call("probe", "raise_permission_error", str(path))
            assert caught.value.type_name == "PermissionError"
        assert learner._clean_worker_reads(str(allowed / "open_module.py"))


def test_hiding_a_folder_that_holds_the_venv_hides_the_rest_of_it(probe, full_isolation):
    """The checkout holds the course's venv here (README's .venv): hiding the whole checkout keeps the venv's
    site-packages importable and the solutions, the hidden suites and .git unreadable."""
    if not full_isolation:
        pytest.skip("hiding needs root and namespaces")
    with Submission(probe, hide=(REPO,)) as learner:
        assert learner.call("probe", "lazy_helpers")["letters"]
        for secret in ("solutions/softmax.py", "grader/exercises/softmax/test_softmax.py", ".git/HEAD",
                       "pyproject.toml"):
            assert learner.call("probe", "read", str(REPO / secret)) in ("PermissionError", "FileNotFoundError")
