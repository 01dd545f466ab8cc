// libpng's simplified API (png_image): every error is returned, none jumps.
#include <png.h>

static inline png_uint_32 CPNG_IMAGE_VERSION(void) { return PNG_IMAGE_VERSION; }
static inline png_uint_32 CPNG_FORMAT_RGBA(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 CPNG_IMAGE_SIZE(png_image image) { return PNG_IMAGE_SIZE(image); }
static inline int CPNG_IMAGE_FAILED(png_image image) { return PNG_IMAGE_FAILED(image); }
