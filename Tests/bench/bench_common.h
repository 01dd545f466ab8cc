/* What make bench's C programs (chafa_cells.c, sixel_encoders.c) share: a clock, the
 * median of nine timed runs, and the raw RGBA picture they are given. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The median of nine samples (sorts them). */
static double median_of_9(double samples[9]) {
    qsort(samples, 9, sizeof samples[0], compare_doubles);
    return samples[4];
}

/* WIDTH x HEIGHT pixels of RGBA from `path`; NULL if it cannot be read whole. */
static unsigned char *read_rgba(const char *path, int width, int height) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    unsigned char *pixels = malloc((size_t)width * height * 4);
    size_t count = fread(pixels, 4, (size_t)width * height, file);
    fclose(file);
    if (count != (size_t)width * height) {
        free(pixels);
        return NULL;
    }
    return pixels;
}
