"""A Gradescope autograder bundle: a zip with `setup.sh`, `run_autograder` and the course's grader.

Gradescope unpacks the zip into /autograder/source, runs setup.sh once when building the image, then
run_autograder for each submission (files in /autograder/submission) and reads /autograder/results/results.json.
The bundle holds the packages the grader needs: attn/, grader/, reference/ and solutions/ (the catalogue of
mistakes is built on the model answers). Learner code never reads them: `run_autograder` hides the course folder.
"""
from __future__ import annotations

import zipfile
from pathlib import Path

COURSE = Path(__file__).resolve().parents[1]
PACKAGES = ("attn", "grader", "reference", "solutions")  # attn.course is the course's list of exercises
PROJECT_FILES = ("pyproject.toml", "README.md")

SETUP_SH = """\
#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image.
set -euo pipefail
apt-get update -q && apt-get install -yq python3 python3-pip python3-venv util-linux
python3 -m venv /autograder/venv
# The CPU build of the pinned torch first: from the default index it would be a multi-GB CUDA build.
/autograder/venv/bin/pip install --quiet torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu
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


def bundle_files(call_timeout: float | None = None) -> dict[str, bytes]:
    """Archive name -> content; executables are the two scripts."""
    timeout = f" --timeout {call_timeout:g}" if call_timeout else ""
    files = {"setup.sh": SETUP_SH.encode(), "run_autograder": RUN_AUTOGRADER.format(timeout=timeout).encode()}
    for name in PROJECT_FILES:
        files[f"course/{name}"] = (COURSE / name).read_bytes()
    for package in PACKAGES:
        for path in sorted((COURSE / package).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                files[f"course/{path.relative_to(COURSE).as_posix()}"] = path.read_bytes()
    return files


def write_bundle(out: Path, call_timeout: float | None = None) -> int:
    """Write the zip (scripts executable, fixed timestamps so the bundle is reproducible) -> number of files."""
    files = bundle_files(call_timeout)
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if name in ("setup.sh", "run_autograder") else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return len(files)
