"""Model answers, written as a learner would; `attn exercises sync` turns their marked regions into exercises/."""
