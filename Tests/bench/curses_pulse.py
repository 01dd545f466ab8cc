"""The reference for `make bench`'s shimmer CPU: a skeleton pulse written the plain way, in
Python's curses. Rows of grey bars of the shapes a feed row has (avatar, name, handle,
likes, title, three lines of text), each element pulsing light to dark and back (1.5 s
each way, 0.2 s between elements, in 12 greys of the 256-colour ramp), 30 frames a second.

Two ways to draw it: `redraw` (the default), the usual curses loop that erases the window
and draws every bar and the status line each frame, and lets curses send what changed;
`chgat`, which only sets each bar's colour in place. The first is how the issue measured
its reference (the binary of the time cost 1.2 times it); the second is cheaper.

usage: curses_pulse.py [redraw|chgat]"""
import curses, sys, time

FPS = 30
GREYS = list(range(238, 250))  # 12 greys of the ramp


def bars(width, height):
    """(row, column, width, element) of every bar, row after row down the screen."""
    result = []
    top = 0
    while top + 5 <= height - 1:
        text = width - 7
        result += [(top, 2, 4, 0), (top + 1, 2, 4, 0), (top, 7, 12, 1), (top, 21, 10, 2), (top, width - 6, 5, 3),
                   (top + 1, 7, min(text, 40), 4), (top + 2, 7, text, 5), (top + 3, 7, text, 5),
                   (top + 4, 7, int(text * 0.7), 5)]
        top += 6
    return result


def level(element, seconds):
    """The pulse: a triangle wave of 3 s, each element 0.2 s behind the one before."""
    phase = ((seconds - 0.2 * element) % 3.0) / 1.5
    amount = phase if phase <= 1 else 2 - phase
    return min(len(GREYS) - 1, int(amount * len(GREYS)))


def main(screen, redraw):
    curses.curs_set(0)
    curses.use_default_colors()
    for index, grey in enumerate(GREYS):
        curses.init_pair(index + 1, grey, grey)
    height, width = screen.getmaxyx()
    shapes = bars(width, height)
    start = time.monotonic()
    frame = 0
    screen.nodelay(True)
    while screen.getch() != ord("q"):
        seconds = time.monotonic() - start
        if redraw:
            screen.erase()
        for row, column, length, element in shapes:
            colour = curses.color_pair(level(element, seconds) + 1)
            if redraw:
                screen.addstr(row, column, " " * length, colour)
            else:
                screen.chgat(row, column, length, colour)
        if redraw:
            screen.addstr(height - 1, 0, " Loading… · feed.json".ljust(width - 1))
        screen.refresh()
        frame += 1
        # The next frame's time, as a render loop waits for it.
        time.sleep(max(0.0, start + frame / FPS - time.monotonic()))


if __name__ == "__main__":
    curses.wrapper(main, (sys.argv[1] if len(sys.argv) > 1 else "redraw") == "redraw")
