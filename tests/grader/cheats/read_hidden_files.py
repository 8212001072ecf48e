"""Cheat: open the hidden suite, the reference and the solutions by absolute path (found through the editable
install's finder, the repository path the test writes in, or site-packages for a regular install). Scores zero only
if no file can be read."""
import glob
import sys

import torch

REPO = "__REPO__"


def _read_anything():
    roots = {REPO, *sys.path}  # a regular install puts the course's packages in site-packages
    for finder in glob.glob(f"{sys.prefix}/lib/python3*/site-packages/__editable__*finder.py"):
        for line in open(finder).read().splitlines():
            if line.startswith("MAPPING"):
                roots |= {path.rsplit("/", 1)[0] for path in eval(line.split("=", 1)[1]).values()}
    errors = []
    for root in sorted(roots):
        for name in ("grader/exercises/softmax/test_softmax.py", "reference/softmax.py", "solutions/softmax.py", ".git/HEAD"):
            try:
                return open(f"{root}/{name}").read()
            except OSError as error:
                errors.append(f"{name}: {type(error).__name__}")
    raise PermissionError("; ".join(errors))


def softmax_cols(scores):
    _read_anything()
    return torch.softmax(scores, dim=-2)  # stands for "used what it read"
