#!/usr/bin/env python3
"""shimmerfeed's sixel pictures in a real terminal: xterm as a VT340 on a virtual X display.

Runs the viewer with `--images sixel` against the loopback feed server's picture timeline
(four avatars of known colours, two pictures of orange and teal halves), takes screenshots
with ImageMagick's `import`, and checks that each picture's pixels lie inside its cells,
as `--dump` lays them out. Then expands the first post and collapses it (the lines its
larger picture covered are drawn again), and checks again. Then moves the selection (its bar's lines are rewritten) and
checks again; then scrolls, and checks that every picture moved with its rows, whole or
cut at the top, and that none is left behind.

Usage: xterm_sixel.py BINARY [SHOTS_FOLDER]. Everything it starts (Xvfb, the feed
server, xterm and the viewer in it) is ended by its process id, whatever happens."""

import os
import signal
import subprocess
import sys
import tempfile
import time

try:
    from PIL import Image
except ImportError:
    sys.exit(f"{sys.executable} has no Pillow: apt-get install python3-pil (for the system's python3)")

COLUMNS, LINES = 80, 24
HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.path.join(HERE, "..", "servers", "feed_server.py")
# The server's avatars (Person 1 to 4) and its pictures' halves.
AVATARS = {1: (220, 50, 50), 2: (50, 180, 80), 3: (60, 90, 220), 4: (230, 200, 40)}
ORANGE, TEAL = (240, 140, 40), (40, 160, 160)
# Sixel colours are in percent, and xterm rounds again.
TOLERANCE = 6


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    raise SystemExit(1)


def wait_until(what, condition, timeout=20.0, interval=0.2):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(interval)
    fail(f"timed out waiting for {what}")


def free_display():
    for number in range(90, 200):
        if not os.path.exists(f"/tmp/.X11-unix/X{number}") and not os.path.exists(f"/tmp/.X{number}-lock"):
            return number
    fail("no free X display number")


def expected_cells(binary, url, environment):
    """Each picture's cells as the viewer lays them out: {colour: (column, line, columns, lines)}."""
    # Taller than the screen, so that every post is in it; the lines are those of the screen.
    dump = subprocess.run([binary, "--dump", "--size", f"{COLUMNS}x60", "--no-store", url],
                          capture_output=True, text=True, env=environment, timeout=60).stdout.split("\n")
    cells = {}
    for number, color in AVATARS.items():
        line = next(i for i, text in enumerate(dump) if f"Person {number}" in text)
        cells[color] = (1, line, 4, 2)
    for number in (1, 3):
        line = next(i for i, text in enumerate(dump) if f"Post {number} of the picture timeline" in text)
        cells[(ORANGE, number)] = (7, line + 1, 7, 4)
        cells[(TEAL, number)] = (14, line + 1, 7, 4)
    return cells


def pixels_of(image, color):
    """The pixels of `color` in solid patches (the pixel and its eight neighbours): their
    bounding box and count. A letter's smoothed edge can pass through a picture's colour
    for a pixel or two; a picture is solid."""
    width, height = image.size
    data = image.get_flattened_data() if hasattr(image, "get_flattened_data") else image.getdata()
    near = [all(abs(p[c] - color[c]) <= TOLERANCE for c in range(3)) for p in data]
    xs, ys = [], []
    for index, matches in enumerate(near):
        if not matches:
            continue
        x, y = index % width, index // width
        if 0 < x < width - 1 and 0 < y < height - 1 and all(
                near[index + dy * width + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)):
            xs.append(x)
            ys.append(y)
    pixels_of.near = near
    if not xs:
        return None, 0
    pixels_of.points = list(zip(xs, ys))
    return (min(xs) - 1, min(ys) - 1, max(xs) + 2, max(ys) + 2), len(xs)


def ghost_run(near, width, rects, longest=8):
    """The first run of more than `longest` matching pixels in a row outside `rects`:
    (x, y, length), or None."""
    for y in range(len(near) // width):
        row = near[y * width:(y + 1) * width]
        if not any(row):
            continue
        run = 0
        for x, matches in enumerate(row + [False]):
            inside = any(x0 <= x < x1 and y0 <= y < y1 for x0, y0, x1, y1 in rects)
            if matches and not inside:
                run += 1
                continue
            if run > longest:
                return (x - run, y, run)
            run = 0
    return None


def visible_cells(rects, cell):
    """Each colour's pictures' cells on the screen, in pixels: {colour: [(x0, y0, x1, y1)]}."""
    width, height = cell
    by_color = {}
    for key, rect in rects.items():
        by_color.setdefault(key[0] if isinstance(key[0], tuple) else key, []).append(rect)
    visible = {}
    for color, placed in by_color.items():
        visible[color] = []
        for column, line, columns, lines in placed:
            top, bottom = max(0, line), min(LINES - 1, line + lines)
            if bottom > top:
                visible[color].append((column * width, top * height, (column + columns) * width, bottom * height))
    return visible


def least_pixels(visible):
    """The pixels a colour's pictures fill at least: each loses at most 5 rows to the multiple
    of six, and the patches' count a pixel of border all round."""
    area = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in visible)
    return area, area - sum((x1 - x0) * 7 + (y1 - y0) * 2 for x0, y0, x1, y1 in visible)


def filled(image, rects, cell):
    """Whether every picture on the screen is drawn whole: a picture shown twice is drawn
    twice, and a screenshot between the two is not yet the frame."""
    return all(pixels_of(image, color)[1] >= least_pixels(visible)[1]
               for color, visible in visible_cells(rects, cell).items() if visible)


def check(image, rects, cell, label):
    """Each colour's pixels inside its rectangle of cells (lines cut to the screen above the
    status line), filling it but for the last rows a sixel's multiple of six leaves."""
    width, height = cell
    by_color = {}
    for key, rect in rects.items():
        by_color.setdefault(key[0] if isinstance(key[0], tuple) else key, []).append(rect)
    for color, placed in by_color.items():
        box, count = pixels_of(image, color)
        visible = []
        for column, line, columns, lines in placed:
            top, bottom = max(0, line), min(LINES - 1, line + lines)
            if bottom > top:
                visible.append((column * width, top * height, (column + columns) * width, bottom * height))
        if not visible:
            if count:
                fail(f"{label}: {count} pixels of {color} left on screen at {box}, where no picture is")
            continue
        area = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in visible)
        if box is None:
            fail(f"{label}: no pixel of {color}; expected in {visible}")
        # Inside: every pixel of the colour within one of its pictures' cells.
        stray = [(x, y) for x, y in pixels_of.points
                 if not any(x0 <= x < x1 and y0 <= y < y1 for x0, y0, x1, y1 in visible)]
        if stray:
            fail(f"{label}: {len(stray)} pixels of {color} outside its cells {visible}, first at {stray[0]}")
        # A ghost thinner than a patch: a run of the colour along a row, outside its cells,
        # longer than a letter's edge (a picture's last rows left behind are such runs).
        ghost = ghost_run(pixels_of.near, image.size[0], visible)
        if ghost:
            fail(f"{label}: a run of {ghost[2]} pixels of {color} outside its cells {visible}, at {ghost[:2]}")
        # Each picture loses at most 5 rows to the multiple of six, and the patches' count
        # a pixel of border all round.
        least = area - sum((x1 - x0) * 7 + (y1 - y0) * 2 for x0, y0, x1, y1 in visible)
        if count < least:
            fail(f"{label}: {color} fills {count} of {area} pixels of its cells {visible}")
        print(f"{label}: {color} in its cells {visible}, {count} of {area} pixels")


def main():
    binary = os.path.abspath(sys.argv[1])
    shots = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="shimmerfeed-xterm-")
    os.makedirs(shots, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="shimmerfeed-xterm-run-")
    started = []
    display = free_display()
    environment = dict(os.environ, DISPLAY=f":{display}", XDG_CACHE_HOME=scratch, XDG_STATE_HOME=scratch,
                       LANG="C.UTF-8")
    environment.pop("TMUX", None)
    try:
        xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started.append(xvfb)
        wait_until("the X display", lambda: os.path.exists(f"/tmp/.X11-unix/X{display}"))
        server = subprocess.Popen([sys.executable, SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        started.append(server)
        port = int(server.stdout.readline())
        url = f"http://127.0.0.1:{port}/pictures/timeline"
        rects = expected_cells(binary, url, environment)

        def start_xterm(options):
            """xterm as a VT340 running the viewer with `options`: the process, and where its
            text area is on the screen (its corner inside its X border) and how large."""
            process = subprocess.Popen(
                ["xterm", "-ti", "vt340", "-b", "0", "-geometry", f"{COLUMNS}x{LINES}+0+0", "-fa", "Monospace",
                 "-fs", "10", "-e", binary, "--no-store", *options, url],
                env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            started.append(process)

            def window_shown():
                # An xterm that ended says so at once, rather than as a window never shown.
                if process.poll() is not None:
                    fail(f"xterm ended ({process.returncode}) before its window showed")
                return subprocess.run(["xdotool", "search", "--pid", str(process.pid)], capture_output=True,
                                      text=True, env=environment).stdout.split()

            # A minute: in one CI run (two cores, after every other tier) the second xterm had
            # not shown its window within 20 s; one that ends fails at once instead.
            window = wait_until("xterm's window", window_shown, timeout=60.0)[0]
            geometry = subprocess.run(["xwininfo", "-id", window], capture_output=True, text=True,
                                      env=environment).stdout.split("\n")

            def field(name):
                return int(next(line for line in geometry if name in line).split()[-1])

            border = field("Border width:")
            return (process, field("Absolute upper-left X:") + border, field("Absolute upper-left Y:") + border,
                    field("Width:"), field("Height:"))

        xterm, left, top, width, height = start_xterm(["--images", "sixel"])
        cell = (width // COLUMNS, height // LINES)
        print(f"xterm {width}x{height} pixels, cells of {cell[0]}x{cell[1]}")

        def shot(name):
            path = os.path.join(shots, name)
            subprocess.run(["import", "-window", "root", "-crop", f"{width}x{height}+{left}+{top}", path],
                           env=environment, check=True)
            return Image.open(path).convert("RGB")

        # The colours whose cells start on the screen, above the status line.
        on_screen = {key[0] if isinstance(key[0], tuple) else key for key, rect in rects.items()
                     if rect[1] < LINES - 1}

        def all_drawn(name="loaded.png"):
            image = shot(name)
            return image if all(pixels_of(image, color)[1] for color in on_screen) and filled(image, rects, cell) \
                else None

        loaded = wait_until("every picture drawn", all_drawn, timeout=30, interval=0.5)
        check(loaded, rects, cell, "loaded")
        # The first post expanded, then collapsed: its larger picture leaves lines whose
        # text is the same before and after (blank, where the sixel was). Unless they are
        # drawn again, what the sixel drew there stays.
        subprocess.run(["xdotool", "mousemove", "200", "100"], env=environment, check=True)
        orange = pixels_of(loaded, ORANGE)[1]
        subprocess.run(["xdotool", "key", "Return"], env=environment, check=True)
        wait_until("the first picture drawn larger", lambda: pixels_of(shot("expanded.png"), ORANGE)[1] > orange * 1.3)
        subprocess.run(["xdotool", "key", "Return"], env=environment, check=True)
        wait_until("the first picture back to its strip",
                   lambda: abs(pixels_of(shot("collapsed.png"), ORANGE)[1] - orange) < orange * 0.05, timeout=5)
        time.sleep(1.0)
        check(shot("collapsed.png"), rects, cell, "collapsed")
        # One post down: the selection's bar moves off the first post's lines, and ncurses
        # rewrites them; the pictures on them stay whole.
        subprocess.run(["xdotool", "key", "j"], env=environment, check=True)
        time.sleep(1.0)
        check(shot("selected.png"), rects, cell, "selected")
        # Two more: the view scrolls to show the last.
        for _ in range(2):
            subprocess.run(["xdotool", "key", "j"], env=environment, check=True)
            time.sleep(0.3)
        # The third avatar, on the screen before and after: how far the rows went.
        before = pixels_of(loaded, AVATARS[3])[0]

        def scrolled():
            image = shot("scrolled.png")
            box = pixels_of(image, AVATARS[3])[0]
            return (image, box) if box and box[1] < before[1] else None

        image, box = wait_until("the view scrolled", scrolled)
        time.sleep(1.0)
        image = shot("scrolled.png")
        box = pixels_of(image, AVATARS[3])[0]
        if (before[1] - box[1]) % cell[1]:
            fail(f"the third avatar moved {before[1] - box[1]} pixels, not whole lines")
        moved = (before[1] - box[1]) // cell[1]
        print(f"scrolled by {moved} lines")
        shifted = {key: (column, line - moved, columns, lines) for key, (column, line, columns, lines) in rects.items()}
        check(image, shifted, cell, "scrolled")
        subprocess.run(["xdotool", "key", "q"], env=environment, check=True)
        try:
            xterm.wait(timeout=10)
        except subprocess.TimeoutExpired:
            fail("the viewer did not quit")
        # Without --images: the probe finds sixel in DA1's answer and the cell's pixels in the
        # kernel's window size.
        xterm, left, top, width, height = start_xterm([])
        check(wait_until("every picture drawn, asked of the terminal", lambda: all_drawn("auto.png"),
                         timeout=30, interval=0.5), rects, cell, "auto")
        subprocess.run(["xdotool", "mousemove", "200", "100"], env=environment, check=True)
        subprocess.run(["xdotool", "key", "q"], env=environment, check=True)
        try:
            xterm.wait(timeout=10)
        except subprocess.TimeoutExpired:
            fail("the viewer did not quit")
        print(f"PASS: screenshots in {shots}")
    finally:
        for process in reversed(started):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        subprocess.run(["rm", "-rf", scratch])


if __name__ == "__main__":
    main()
