"""Mutants `make mutate-sample` skips: equivalent to the code they change, so that no test
could tell them from it. Each is named by its key (the sampler prints it for every
survivor) and says why. A survivor that a test could catch is a missing test, not an
entry here."""

# (key, why)
EQUIVALENT = [
    ('Sources/FeedStore/FeedStore.swift: try database.execute("PRAGMA cache_size = -128") => (deleted)',
     "SQLite's page cache size: the memory the store holds while open, never what it reads or writes; "
     "make bench's resident memory shows it, no test can"),
]
