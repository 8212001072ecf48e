"""A Gradescope autograder bundle: a zip with `setup.sh`, `run_autograder` and the course's grader.

Gradescope unpacks the zip into /autograder/source, runs setup.sh once when building the image, then
run_autograder for each submission (files in /autograder/submission) and reads /autograder/results/results.json.
The bundle holds the packages the grader needs: course/ (the registry), grader/, reference/, solutions/ (the
catalogue of mistakes is built on the model answers) and capstone/ (the assembly the capstone's checks run). Learner code never reads them: `run_autograder` hides the course
folder.
"""
from __future__ import annotations

import re
import zipfile
from importlib import metadata
from pathlib import Path

from course import files

PACKAGES = ("course", "grader", "reference", "solutions", "capstone")
PROJECT_FILES = ("pyproject.toml", "README.md")
DISTRIBUTION = "attention-course"

SETUP_SH = """\
#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image.
set -euo pipefail
apt-get update -q && apt-get install -yq python3 python3-pip python3-venv util-linux
python3 -m venv /autograder/venv
# The CPU build of the pinned torch first: from the default index it would be a multi-GB CUDA build.
/autograder/venv/bin/pip install --quiet {torch} --index-url https://download.pytorch.org/whl/cpu
/autograder/venv/bin/pip install --quiet /autograder/source/course
"""

RUN_AUTOGRADER = """\
#!/usr/bin/env bash
# Gradescope runs this for every submission. The grader isolates the learner's code itself (see docs/grading.md).
cd /autograder/source
export OMP_NUM_THREADS=1 MKL_NUM_THREADS=1
/autograder/venv/bin/python -m grader grade /autograder/submission{timeout} --hide /autograder/source \\
    --gradescope /autograder/results/results.json
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
