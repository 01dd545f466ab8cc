// giflib, read record by record: only the first frame is ever decoded.
#include <gif_lib.h>
