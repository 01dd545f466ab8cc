// glibc's malloc through its shim, kept out of the modules that import this one (an
// internal import): the executable sees FoundationEssentials' ICU and, through libxml2,
// the system's, and one more C module beside them can make Clang compare the two.
internal import CMalloc

/// How the process's memory is allocated.
public enum MemoryTuning {
    /// One malloc arena, not one per thread that allocates (glibc's default allows eight
    /// per core): loads, decoders and the store's writer each allocate briefly, and an
    /// arena of their own only raises the peak (by 0.9 MiB when the store starts with 50
    /// sources; make bench). A `MALLOC_ARENA_MAX` the reader set wins.
    public static func useOneArena(environment: [String: String]) {
        guard environment["MALLOC_ARENA_MAX"] == nil else { return }
        _ = CMalloc_mallopt(CMalloc_M_ARENA_MAX(), 1)
    }
}
