/* make bench: chafa's cells for a picture, to measure against ours (FeedBench cells).
 * usage: chafa_cells RAW_RGBA WIDTH HEIGHT COLUMNS ROWS ITERATIONS
 * Prints the microseconds one canvas takes (the median of 9 runs), then each cell as
 * "codepoint foreground background" (0xRRGGBB, -1 for the terminal's own). Symbols: the
 * ones shimmerfeed draws with (space, full block, halves, quadrants), in truecolor. */
#include <chafa.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench_common.h"

int main(int argc, char **argv) {
    if (argc != 7) return 2;
    int width = atoi(argv[2]), height = atoi(argv[3]), columns = atoi(argv[4]), rows = atoi(argv[5]);
    int iterations = atoi(argv[6]);
    unsigned char *pixels = read_rgba(argv[1], width, height);
    if (!pixels) return 1;

    ChafaSymbolMap *map = chafa_symbol_map_new();
    chafa_symbol_map_add_by_tags(map, CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_SOLID | CHAFA_SYMBOL_TAG_HALF |
                                          CHAFA_SYMBOL_TAG_QUAD);
    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR);
    chafa_canvas_config_set_geometry(config, columns, rows);
    chafa_canvas_config_set_symbol_map(config, map);

    double samples[9];
    ChafaCanvas *canvas = NULL;
    for (int run = 0; run < 9; run++) {
        double start = now_us();
        for (int i = 0; i < iterations; i++) {
            if (canvas) chafa_canvas_unref(canvas);
            canvas = chafa_canvas_new(config);
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels, width, height, width * 4);
        }
        samples[run] = (now_us() - start) / iterations;
    }
    printf("%.1f\n", median_of_9(samples));
    for (int y = 0; y < rows; y++) {
        for (int x = 0; x < columns; x++) {
            gint foreground, background;
            chafa_canvas_get_colors_at(canvas, x, y, &foreground, &background);
            printf("%u %d %d\n", (unsigned)chafa_canvas_get_char_at(canvas, x, y), foreground, background);
        }
    }
    chafa_canvas_unref(canvas);
    chafa_canvas_config_unref(config);
    chafa_symbol_map_unref(map);
    free(pixels);
    return 0;
}
