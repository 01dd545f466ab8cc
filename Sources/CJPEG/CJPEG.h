// libjpeg-turbo's TurboJPEG API: errors are returned (the libjpeg API would need setjmp),
// and it scales while decoding.
#include <turbojpeg.h>

static inline int CJPEG_TJSCALED(int dimension, tjscalingfactor factor) { return TJSCALED(dimension, factor); }
