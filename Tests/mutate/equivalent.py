"""Mutants `make mutate-sample` skips: equivalent to the code they change, so that no test
could tell them from it. Each is named by its key (the sampler prints it for every
survivor) and says why. A survivor that a test could catch is a missing test, not an
entry here."""

# (key, why)
EQUIVALENT = [
    ('Sources/FeedStore/FeedStore.swift: try database.execute("PRAGMA cache_size = -128") => (deleted)',
     "SQLite's page cache size: the memory the store holds while open, never what it reads or writes; "
     "make bench's resident memory shows it, no test can"),
    ('Sources/FeedCore/Render/SearchMarks.swift: columns.reserveCapacity(characters.count + 1) => columns.reserveCapacity(characters.count)',
     "a capacity reserved ahead: the array grows past it when the last column is appended, so only "
     "the number of allocations changes, never the columns"),
    ('Sources/shimmerfeed/main.swift: fflush(nil) => (deleted)',
     "nothing on the viewer's path writes through stdout's stdio buffer: ncurses writes its own "
     "stream, which CursesBackend.stop closes (fclose flushes it), and exit flushes the rest; strace "
     "of a run ended with q shows no write from it: ncurses' restore, close(3), close(4), exit_group"),
    ("Sources/FeedTerminal/CursesBackend+Setup.swift: let left = Int32(max(1, ((deadline - now).seconds * 1000).rounded(.up))) => let left = Int32(min(1, ((deadline - now).seconds * 1000).rounded(.up)))",
     "the wait for the terminal's last status report at exit polls until the same 200 ms deadline "
     "either way: polls of at most 1 ms in the loop end at the same answer or the same deadline, "
     "only waking more often (and a poll of 0 ms where the deadline has passed ends the loop as the "
     "original's 1 ms poll does)"),
    ('Sources/MastodonNetwork/SignIn/PKCE.swift: if got < 0, errno == EINTR { continue } => if got < 1, errno == EINTR { continue }',
     "a read of /dev/urandom returns at least one byte or -1, never 0 (the kernel's random source has no end): "
     "the one value the change lets through to the errno test, 0, never comes"),
    ('Sources/FeedServices/Composer.swift: guard descriptor >= 0 else { return false } => guard descriptor >= 1 else { return false }',
     "open(2) returns the lowest free descriptor, and 0 is never free in the viewer: standard input is "
     "the terminal its keys come from (ncurses reads it), so a draft's file is 3 or more, or -1"),
    ('Sources/BlueskyNetwork/Writing/BlueskyRichText.swift: offsets.reserveCapacity(scalars.count + 1) => offsets.reserveCapacity(scalars.count)',
     "a capacity reserved ahead: the offsets array grows past it when the text's end is appended, so "
     "only the number of allocations changes, never an offset"),
    ('Sources/TinyTinyRSSNetwork/Server/PasswordCommand.swift: while output.count < 65536 { => while output.count < 65535 {',
     "the command's output is read in 4,096-byte freads, which fill whole until its end: either bound "
     "stops after the sixteenth, at 65,536 bytes (a test holds the bound itself: 70,000 bytes are read to 65,536)"),
    ('Sources/FeedServices/ReadStateSync.swift: servers: [(any ReadStateServer)?], store: FeedStore?, gather: Duration = .milliseconds(500), => servers: [(any ReadStateServer)?], store: FeedStore?, gather: Duration = .milliseconds(499),',
     "the default gather of the viewer's read marks: when they go (a millisecond sooner), never which "
     "or how; the tests give their own"),
    ('Sources/FeedServices/ReadStateSync.swift: servers: [(any ReadStateServer)?], store: FeedStore?, gather: Duration = .milliseconds(500), => servers: [(any ReadStateServer)?], store: FeedStore?, gather: Duration = .milliseconds(501),',
     "the same default gather, a millisecond later: when the marks go, never which or how"),
]
