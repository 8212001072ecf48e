"""Turns `pytest exercises` into your progress board (see docs/learners.md); other pytest runs are unaffected."""
from exercises.tests.plugin import (  # noqa: F401  (pytest finds hooks and fixtures by name here)
    exercise,
    pytest_addoption,
    pytest_collection_modifyitems,
    pytest_configure,
    pytest_itemcollected,
    pytest_report_teststatus,
    pytest_runtest_makereport,
    pytest_terminal_summary,
)
