"""Cheat: kill the interpreter with status 0 (no exception, no cleanup) in the middle of a call."""
import os


def softmax_cols(scores):
    os._exit(0)
