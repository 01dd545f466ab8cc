/* make bench: chafa's and libsixel's sixel encoders, to measure against ours (FeedBench
 * sixel). usage: sixel_encoders chafa|libsixel RAW_RGBA WIDTH HEIGHT ITERATIONS OUT
 * Prints the microseconds one picture's sixel takes (the median of 9 runs), and writes
 * the sixel to OUT. Each at its defaults for 256 colours. */
#include <chafa.h>
#include <sixel.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_common.h"

typedef struct {
    char *bytes;
    size_t count, capacity;
} Buffer;

static int append(char *data, int size, void *priv) {
    Buffer *buffer = priv;
    if (buffer->count + size > buffer->capacity) {
        buffer->capacity = (buffer->count + size) * 2;
        buffer->bytes = realloc(buffer->bytes, buffer->capacity);
    }
    memcpy(buffer->bytes + buffer->count, data, size);
    buffer->count += size;
    return size;
}

static void encode_libsixel(unsigned char *pixels, int width, int height, Buffer *out) {
    sixel_output_t *output = NULL;
    sixel_dither_t *dither = NULL;
    out->count = 0;
    sixel_output_new(&output, append, out, NULL);
    sixel_dither_new(&dither, 256, NULL);
    sixel_dither_initialize(dither, pixels, width, height, SIXEL_PIXELFORMAT_RGBA8888, SIXEL_LARGE_AUTO,
                            SIXEL_REP_AUTO, SIXEL_QUALITY_AUTO);
    sixel_encode(pixels, width, height, 0, dither, output);
    sixel_dither_unref(dither);
    sixel_output_unref(output);
}

static void encode_chafa(unsigned char *pixels, int width, int height, Buffer *out) {
    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS);
    chafa_canvas_config_set_cell_geometry(config, 10, 6);
    chafa_canvas_config_set_geometry(config, width / 10, height / 6);
    ChafaCanvas *canvas = chafa_canvas_new(config);
    chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels, width, height, width * 4);
    ChafaTermDb *db = chafa_term_db_get_default();
    ChafaTermInfo *info = chafa_term_db_get_fallback_info(db);
    GString *text = chafa_canvas_print(canvas, info);
    out->count = 0;
    append(text->str, (int)text->len, out);
    g_string_free(text, TRUE);
    chafa_term_info_unref(info);
    chafa_canvas_unref(canvas);
    chafa_canvas_config_unref(config);
}

int main(int argc, char **argv) {
    if (argc != 7) return 2;
    int width = atoi(argv[3]), height = atoi(argv[4]), iterations = atoi(argv[5]);
    unsigned char *pixels = read_rgba(argv[2], width, height);
    if (!pixels) return 1;
    int chafa = strcmp(argv[1], "chafa") == 0;
    Buffer out = {0};
    double samples[9];
    for (int run = 0; run < 9; run++) {
        double start = now_us();
        for (int i = 0; i < iterations; i++) {
            if (chafa) encode_chafa(pixels, width, height, &out);
            else encode_libsixel(pixels, width, height, &out);
        }
        samples[run] = (now_us() - start) / iterations;
    }
    printf("%.1f\n", median_of_9(samples));
    FILE *sixel = fopen(argv[6], "wb");
    fwrite(out.bytes, 1, out.count, sixel);
    fclose(sixel);
    free(out.bytes);
    free(pixels);
    return 0;
}
