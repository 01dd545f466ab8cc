// zlib, for the kitty graphics protocol's compressed payloads (`o=z`). Nothing to wrap:
// compressBound and compress2 import as they are.
#include <zlib.h>
