"""Cheat: write fake passing results where a grader might look (the working directory, /tmp, Gradescope's results
folder, the repository and the grading output folder the test writes in), then return garbage."""
import json
import os

import torch

OUT = "__OUT__"
FAKE = json.dumps({"score": 100, "tests": [], "checks": [], "passed": True})


def softmax_cols(scores):
    for folder in (os.getcwd(), "/tmp", "/autograder/results", OUT, "__REPO__", "__REPO__/grader"):
        for name in ("results.json", "report.json", "grades.csv", "student.json"):
            try:
                with open(os.path.join(folder, name), "w") as handle:
                    handle.write(FAKE)
            except OSError:
                pass
    return torch.zeros_like(scores)
