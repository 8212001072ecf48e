"""Known mistakes (`@wrong`) and correct alternatives (`@alternative`) of the exercise 'davit'.

Each variant is a plain function written as a learner would write the contract function; see
docs/architecture.md, "Adding a catalogue entry".
"""
import torch  # noqa: F401 - variants use it

from grader.catalogue import alternative, wrong  # noqa: F401
