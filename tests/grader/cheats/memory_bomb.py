"""Cheat (or bug): allocate until the machine runs out of memory."""
import torch


def softmax_cols(scores):
    hoard = []
    while True:
        hoard.append(torch.ones(2**25))  # 128 MB at a time
