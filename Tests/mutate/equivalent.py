"""Mutants `make mutate-sample` skips: equivalent to the code they change, so that no test
could tell them from it. Each is named by its key (the sampler prints it for every
survivor) and says why. A survivor that a test could catch is a missing test, not an
entry here."""

# (key, why)
EQUIVALENT = [
]
