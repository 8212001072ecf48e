"""Cheat (or bug): never return."""


def softmax_cols(scores):
    while True:
        pass
