// The ncurses API as Swift can see it. Only wrappers for what does not import by
// itself: macros that are not plain literals, and globals that Swift 6 rejects as
// shared mutable state. No logic lives here.
#ifndef CNCURSES_H
#define CNCURSES_H

// SwiftPM drops the -D flags pkg-config reports; without this the wide-character API
// (wget_wch, mvwaddnwstr, cchar_t) is not declared.
#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>

static inline WINDOW *CNcurses_stdscr(void) { return stdscr; }
static inline int CNcurses_LINES(void) { return LINES; }
static inline int CNcurses_COLS(void) { return COLS; }
static inline int CNcurses_COLORS(void) { return COLORS; }
static inline int CNcurses_COLOR_PAIRS(void) { return COLOR_PAIRS; }

static inline attr_t CNcurses_A_NORMAL(void) { return A_NORMAL; }
static inline attr_t CNcurses_A_BOLD(void) { return A_BOLD; }
static inline attr_t CNcurses_A_DIM(void) { return A_DIM; }
static inline attr_t CNcurses_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t CNcurses_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t CNcurses_COLOR_PAIR(int n) { return COLOR_PAIR(n); }

static inline mmask_t CNcurses_ALL_MOUSE_EVENTS(void) { return ALL_MOUSE_EVENTS; }

#endif
