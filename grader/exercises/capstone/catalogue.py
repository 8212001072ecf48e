"""The capstone has no catalogue: the learner writes no function of it. Its checks name what they find themselves
(`composes_wrongly`, `gradient_cut`, `wrong_gradient`), at the stage or the weights where the model built from the
learner's functions leaves the reference's."""
