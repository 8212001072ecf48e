"""The project's own suite: every test gets a generous time limit, so a hang fails that test instead of the CI run.

(Set here rather than in pyproject.toml so that the learners' `pytest exercises` stays free of pytest-timeout's
header lines.)
"""
import pytest

TEST_TIMEOUT_SECONDS = 900


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(TEST_TIMEOUT_SECONDS))
