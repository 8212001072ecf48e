"""The capstone's hidden checks: the four models of capstone/assembly.py, built from the learner's functions."""
