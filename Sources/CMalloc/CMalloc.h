// glibc's malloc tuning (<malloc.h> does not import into Swift's Glibc module).
#include <malloc.h>

static inline int CMalloc_mallopt(int parameter, int value) { return mallopt(parameter, value); }
static inline int CMalloc_M_ARENA_MAX(void) { return M_ARENA_MAX; }
