"""A Gradescope autograder bundle: a zip with `setup.sh`, `run_autograder` and the course's grader.

Gradescope unpacks the zip into /autograder/source, runs setup.sh once when building the image, then
run_autograder for each submission (files in /autograder/submission) and reads /autograder/results/results.json.
Both scripts take the root from AUTOGRADER_ROOT (default /autograder), and setup.sh's package steps can be skipped or
pointed at local packages (ATTN_SYSTEM_PACKAGES, ATTN_THIRD_PARTY), so that `tests/grader/test_gradescope_layout.py`
runs the real scripts in Gradescope's layout under a temporary root, offline.
The bundle holds the packages the grader needs: course/ (the registry), grader/, reference/ and solutions/ (the
catalogue of mistakes is built on the model answers). Learner code never reads them: `run_autograder` hides the course
folder.
"""
from __future__ import annotations

import re
import zipfile
from importlib import metadata
from pathlib import Path

from course import files

PACKAGES = ("course", "grader", "reference", "solutions")
PROJECT_FILES = ("pyproject.toml", "README.md")
DISTRIBUTION = "attention-course"

SETUP_SH = """\
#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image. Gradescope sets none of the variables
# below; they let the same script build the autograder elsewhere, offline (the course's own test does):
#   AUTOGRADER_ROOT       the autograder folder (default /autograder)
#   ATTN_SYSTEM_PACKAGES  "skip": install no Debian/Ubuntu packages (python3, python3-venv, util-linux are there)
#   ATTN_THIRD_PARTY      a site-packages folder of the same Python that already holds {torch}, the course's other
#                         dependencies, pip and setuptools: the virtual environment reaches it through a .pth file,
#                         and pip installs the course alone, without an index
set -euo pipefail
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
if [ "${{ATTN_SYSTEM_PACKAGES:-install}}" != skip ]; then
    apt-get update -q && apt-get install -yq python3 python3-pip python3-venv util-linux
fi
if [ -n "${{ATTN_THIRD_PARTY:-}}" ]; then
    python3 -m venv --without-pip "$ROOT/venv"
    site=$("$ROOT/venv/bin/python" -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    echo "$ATTN_THIRD_PARTY" > "$site/zz-third-party.pth"
    "$ROOT/venv/bin/python" -m pip install --quiet --no-index --no-deps --no-build-isolation "$ROOT/source/course"
else
    python3 -m venv "$ROOT/venv"
    # The CPU build of the pinned torch first: from the default index it would be a multi-GB CUDA build.
    "$ROOT/venv/bin/python" -m pip install --quiet {torch} --index-url https://download.pytorch.org/whl/cpu
    "$ROOT/venv/bin/python" -m pip install --quiet "$ROOT/source/course"
fi
"""

RUN_AUTOGRADER = """\
#!/usr/bin/env bash
# Gradescope runs this for every submission. The grader isolates the learner's code itself (see docs/grading.md).
# AUTOGRADER_ROOT: the autograder folder (default /autograder), as in setup.sh.
set -uo pipefail
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
cd "$ROOT/source"
mkdir -p "$ROOT/results"
rm -f "$ROOT/results/results.json"
export OMP_NUM_THREADS=1 MKL_NUM_THREADS=1
"$ROOT/venv/bin/python" -m grader grade "$ROOT/submission"{timeout} --hide "$ROOT/source" \\
    --gradescope "$ROOT/results/results.json"
status=$?
if [ ! -s "$ROOT/results/results.json" ]; then  # the grader could not even start: say so rather than leave no result
    printf '{{"score": 0, "output": "The autograder failed (exit status %s): tell your instructor."}}\\n' "$status" \\
        > "$ROOT/results/results.json"
fi
"""


def torch_requirement() -> str:
    """The course's torch pin as pip writes it (`torch==2.13.0`), read from the installed project's metadata: the
    one place it is written is pyproject.toml."""
    for requirement in metadata.requires(DISTRIBUTION) or []:
        if re.match(r"torch\s*[=<>!~]", requirement) and "extra ==" not in requirement:
            return requirement.replace(" ", "")
    raise RuntimeError(f"the installed {DISTRIBUTION} does not require torch: reinstall the course")


def bundle_files(call_timeout: float | None = None) -> dict[str, bytes]:
    """Archive name -> content; executables are the two scripts."""
    timeout = f" --timeout {call_timeout:g}" if call_timeout else ""
    bundle = {"setup.sh": SETUP_SH.format(torch=torch_requirement()).encode(),
              "run_autograder": RUN_AUTOGRADER.format(timeout=timeout).encode()}
    root = files.package_dir("course").parent
    for name in PROJECT_FILES:
        bundle[f"course/{name}"] = (root / name).read_bytes()
    for package in PACKAGES:
        folder = files.package_dir(package)
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                bundle[f"course/{package}/{path.relative_to(folder).as_posix()}"] = path.read_bytes()
    return bundle


def write_bundle(out: Path, call_timeout: float | None = None) -> int:
    """Write the zip (scripts executable, fixed timestamps so the bundle is reproducible) -> number of files."""
    bundle = bundle_files(call_timeout)
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in bundle.items():
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if name in ("setup.sh", "run_autograder") else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return len(bundle)
