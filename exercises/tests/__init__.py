"""Visible tests: one file per exercise, run with `pytest exercises`."""
