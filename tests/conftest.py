"""The project's own suite: every test gets a generous time limit, so a hang fails that test instead of the CI run,
and the peers that import torchvision can be imported (``peers.py``).

(Set here rather than in pyproject.toml so that the learners' `pytest exercises` stays free of pytest-timeout's
header lines.)
"""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # test helpers (peers.py) import as top-level modules
import peers  # noqa: E402

peers.register_torchvision_operators()  # before any test module imports transformers (see peers.py)

TEST_TIMEOUT_SECONDS = 900
# The longest file runs first: under `--dist loadfile` one worker starts it at once while the other takes the rest.
# (pytest-xdist would order the files by their number of tests; this one has three, and started after 19 minutes.)
LONGEST_FIRST = ("tests/grader/test_probes_held_out_learner_code.py",)


def pytest_configure(config: pytest.Config) -> None:
    if hasattr(config.option, "loadscopereorder"):   # pytest-xdist's option: keep the files in collection order
        config.option.loadscopereorder = False


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(TEST_TIMEOUT_SECONDS))
    items.sort(key=lambda item: item.nodeid.split("::")[0] not in LONGEST_FIRST)   # a stable sort
