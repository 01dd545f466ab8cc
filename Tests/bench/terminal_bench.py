"""`make bench`: render and decode figures from FeedBench (in process), then the real
binary in a pseudo-terminal: bytes written, CPU, start-up and load latencies, peak
memory. Prints medians over several runs. The feeds are generated into WORKDIR.

usage: terminal_bench.py BIN_DIR WORKDIR

The viewer measured is BIN_DIR/shimmerfeed stripped into WORKDIR, as `make install` makes
it (BIN_DIR is a --static-swift-stdlib release build).
"""
import fcntl, json, os, pty, random, re, select, shutil, signal, statistics, struct, subprocess, sys, tempfile, termios, time

ROWS, COLS = 50, 200
# A skeleton cell: a grey of the ramp (237-255; the status bar is 236) or a --palette entry
# (88-93) as a background.
SKELETON = re.compile(rb"48;5;(23[7-9]|24[0-9]|25[0-5]|8[89]|9[0-3])m")
WORDS = ("the quick brown fox jumps over a lazy dog while the terminal feed viewer draws "
         "skeleton rows with a shimmer until the posts arrive").split()


def make_feed(path, count):
    rng = random.Random(count)
    with open(path, "w") as out:
        out.write('{"posts":[')
        for i in range(count):
            if i:
                out.write(",")
            json.dump({"id": i, "author": {"name": f"Author {i}", "handle": f"user{i % 977}"},
                       "title": " ".join(rng.choices(WORDS, k=6)),
                       "content": " ".join(rng.choices(WORDS, k=rng.randint(20, 90))),
                       "likes": rng.randint(0, 5000), "created_at": "2026-11-29T10:00:00Z"}, out)
        out.write("]}")


# Where each session's store goes (an XDG_STATE_HOME of its own, empty: a first run),
# unless it names one; the bench's folder, removed with it.
STATE_ROOT = None


class Session:
    """The binary on a pty of ROWS x COLS, with its output read as it comes; `cell_pixels`
    is a cell's size as the kernel reports it ((0, 0): unknown, as in most pseudo-terminals)."""

    def __init__(self, argv, env_extra=None, cell_pixels=(0, 0)):
        env_extra = dict(env_extra or {})
        env_extra.setdefault("XDG_STATE_HOME", tempfile.mkdtemp(prefix="state-", dir=STATE_ROOT))
        env_extra.setdefault("XDG_CACHE_HOME", env_extra["XDG_STATE_HOME"] + "/cache")
        self.start = time.monotonic()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", **env_extra)
            os.execve(argv[0], argv, env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ,
                    struct.pack("HHHH", ROWS, COLS, COLS * cell_pixels[0], ROWS * cell_pixels[1]))
        self.output = bytearray()
        self.task_cpu = {}  # thread id: nanoseconds on the CPU, as last seen
        self.events = []  # (time, total bytes)
        self.answered = 0  # status requests answered so far
        self.scanned = 0  # where the next scan for a status request starts

    read_size = 65536  # the most one read takes
    pause = 0.0  # seconds to wait after each read (a slow link)

    def pump(self, seconds):
        """Reads output for `seconds`; returns the bytes read in that time."""
        deadline = time.monotonic() + seconds
        read = 0
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([self.fd], [], [], min(left, self.pause or left))
            if not ready:
                continue
            try:
                chunk = os.read(self.fd, self.read_size)
            except OSError:
                break
            if not chunk:
                break
            self.output += chunk
            read += len(chunk)
            self.events.append((time.monotonic(), len(self.output)))
            self.answer_queries(len(chunk))
            if self.pause:
                time.sleep(self.pause)
        return read

    def answer_queries(self, new_bytes):
        """Answers as xterm does, once the query has been read: the background colour
        (OSC 11) with the device attributes, and each status request (`CSI 5 n`)."""
        tail = bytes(self.output[-new_bytes - 8:])
        if b"\x1b]11;?" in tail:
            os.write(self.fd, b"\x1b]11;rgb:0000/0000/0000\x1b\\\x1b[?1;2c")
        # Each request once: scan only what came since, from where a request could start.
        start = max(self.scanned, len(self.output) - new_bytes - 3)
        while (found := self.output.find(b"\x1b[5n", start)) >= 0:
            os.write(self.fd, b"\x1b[0n")
            self.answered += 1
            start = found + 4
        self.scanned = max(start, len(self.output) - 3)

    def wait_for(self, needle, timeout=30.0):
        """Seconds from start until `needle` (bytes or a compiled pattern) appears in the
        output, or None."""
        pattern = needle if isinstance(needle, re.Pattern) else re.compile(re.escape(needle))
        deadline = time.monotonic() + timeout
        while not pattern.search(self.output) and time.monotonic() < deadline:
            self.pump(0.002)
        match = pattern.search(self.output)
        if not match:
            return None
        position = match.end()
        for moment, total in self.events:
            if total >= position:
                return moment - self.start
        return time.monotonic() - self.start

    def cpu_seconds(self):
        """CPU time of all the process's threads, in seconds from schedstat's nanoseconds:
        the tick counts of /proc/PID/stat are 10 ms apart, too coarse for 0.01 of a core.
        A thread that has ended keeps the time it had when last seen."""
        for task in os.listdir(f"/proc/{self.pid}/task"):
            try:
                with open(f"/proc/{self.pid}/task/{task}/schedstat") as f:
                    self.task_cpu[task] = int(f.read().split()[0])
            except FileNotFoundError:  # ended meanwhile
                pass
        return sum(self.task_cpu.values()) / 1e9

    def main_thread_wakeups(self):
        """Times the main thread (the render loop) has been scheduled onto a CPU."""
        with open(f"/proc/{self.pid}/task/{self.pid}/schedstat") as f:
            return int(f.read().split()[2])

    def peak_rss_mib(self):
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def window(self, seconds):
        """Bytes per second and fraction of a core over the next `seconds`."""
        cpu = self.cpu_seconds()
        read = self.pump(seconds)
        return read / seconds, (self.cpu_seconds() - cpu) / seconds

    def quit(self):
        """Seconds from pressing q until the process is gone."""
        start = time.monotonic()
        os.write(self.fd, b"q")
        while True:
            self.pump(0.001)
            pid, _ = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return time.monotonic() - start
            if time.monotonic() - start > 10:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
                return float("inf")


class SlowSession(Session):
    """A terminal at the end of a slow link: it reads the viewer's output at `rate` bytes a
    second, and answers a query (background colour, status report) only once it has read
    it, as a terminal over SSH does."""

    STEP = 0.01  # seconds between two reads

    def __init__(self, argv, rate, env_extra=None):
        super().__init__(argv, env_extra)
        self.read_size = max(1, int(rate * self.STEP))
        self.pause = self.STEP


def slow_terminal_run(binary, rate, extra_args=(), env_extra=None):
    """Over a link of `rate` bytes a second, while the skeleton shimmers: the bytes a
    second it takes, and how long `?` takes to show the help (its title read)."""
    s = SlowSession([binary, "--delay", "60", *extra_args], rate, env_extra)
    s.wait_for(SKELETON, 10)
    s.pump(2.0)
    shimmer_bps, _ = s.window(2.0)
    pressed = time.monotonic() - s.start
    os.write(s.fd, b"?")
    shown = s.wait_for(b"Keys", 10)
    # The help's title in the output read after the key, not an earlier frame's.
    help_ms = (shown - pressed) * 1000 if shown is not None and shown >= pressed else float("nan")
    os.write(s.fd, b"q")
    s.pump(0.5)
    os.kill(s.pid, signal.SIGKILL)
    os.waitpid(s.pid, 0)
    return dict(shimmer_bytes_per_s=shimmer_bps, help_shown_after_key_ms=help_ms)


SGR = re.compile(rb"\x1b\[([0-9;]*)m")


def colours_at(output, position):
    """The foreground and background in effect at `position` of a terminal's output, as
    the SGR sequences before it set them ("default" for the terminal's own)."""
    fg = bg = "default"
    for match in SGR.finditer(output, 0, position):
        params = [int(p) if p else 0 for p in match.group(1).split(b";")] if match.group(1) else [0]
        i = 0
        while i < len(params):
            p = params[i]
            if p == 0:
                fg = bg = "default"
            elif p in (38, 48) and i + 1 < len(params):
                if params[i + 1] == 5 and i + 2 < len(params):
                    value, i = ("p", params[i + 2]), i + 2
                elif params[i + 1] == 2 and i + 4 < len(params):
                    value, i = ("rgb", tuple(params[i + 2:i + 5])), i + 4
                else:
                    value = "default"
                if p == 38:
                    fg = value
                else:
                    bg = value
            elif 30 <= p <= 37 or 90 <= p <= 97:
                fg = ("p", p - 30 if p < 90 else p - 82)
            elif 40 <= p <= 47 or 100 <= p <= 107:
                bg = ("p", p - 40 if p < 100 else p - 92)
            elif p == 39:
                fg = "default"
            elif p == 49:
                bg = "default"
            i += 1
    return fg, bg


def first_readable(session, needle):
    """Seconds from start until `needle` is first written in a colour of its own, not its
    background's (a cross-fade that starts in the skeleton's grey writes it unreadable)."""
    start = 0
    while (found := session.output.find(needle, start)) >= 0:
        fg, bg = colours_at(session.output, found)
        if fg != bg:
            for moment, total in session.events:
                if total >= found + len(needle):
                    return moment - session.start
        start = found + 1
    return None


def small_feed_run(binary, feed, extra_args=(), env_extra=None, delay=2.0, window=1.0):
    s = Session([binary, "--delay", str(delay), *extra_args, feed], env_extra)
    first_frame = s.wait_for(b"Loading", 5)
    first_skeleton = s.wait_for(SKELETON, 5)
    s.pump(0.3)
    shimmer_bps, shimmer_cpu = s.window(window)
    first_row = s.wait_for(b"Author 0", 10)
    s.pump(0.5)
    readable = first_readable(s, b"Author 0")
    main_before = s.main_thread_wakeups()
    idle_bps, idle_cpu = s.window(idle_seconds)
    main_wakeups = s.main_thread_wakeups() - main_before
    rss = s.peak_rss_mib()
    quit_time = s.quit()
    return dict(first_frame_ms=first_frame * 1000, first_skeleton_ms=first_skeleton * 1000, first_row_after_delay_ms=(first_row - delay) * 1000,
                first_readable_after_delay_ms=(readable - delay) * 1000 if readable is not None else float("nan"),
                # The load starts with the first frame ("Loading"): its answer comes `delay` later.
                first_readable_after_answer_ms=(readable - first_frame - delay) * 1000 if readable is not None else float("nan"),
                shimmer_bytes_per_s=shimmer_bps, shimmer_cpu=shimmer_cpu, idle_bytes_per_s=idle_bps,
                idle_cpu=idle_cpu, idle_main_thread_wakeups=main_wakeups, peak_rss_mib=rss,
                quit_ms=quit_time * 1000)


def big_feed_run(binary, feed, total):
    s = Session([binary, "--delay", "0", feed])
    first_row = s.wait_for(b"Author 0", 30)
    done = s.wait_for(f"{total:,} posts".encode(), 120)
    rss = s.peak_rss_mib()
    s.quit()
    # Quitting while decoding: a fresh run, q as soon as the first rows show.
    s = Session([binary, "--delay", "0", feed])
    s.wait_for(b"Author 0", 30)
    quit_time = s.quit()
    return dict(first_row_ms=first_row * 1000, all_decoded_ms=done * 1000 if done else float("nan"),
                peak_rss_mib=rss, quit_while_decoding_ms=quit_time * 1000)


class FeedServer:
    """The tests' loopback server (Tests/servers/feed_server.py)."""

    def __init__(self):
        here = os.path.dirname(os.path.abspath(__file__))
        script = os.path.join(here, "..", "servers", "feed_server.py")
        self.process = subprocess.Popen([sys.executable, script], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.port = int(self.process.stdout.readline())
        self.hanging_port = int(self.process.stdout.readline())

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


def transport_run(binary, server):
    """Seconds from q to the process's end while a load is in each phase."""
    figures = {}
    for name, url in (("connect_never_completes", f"http://127.0.0.1:{server.hanging_port}/feed.json"),
                      ("body_streaming_slowly", server.url("/drip")),
                      ("body_streaming_full_speed", server.url("/endless"))):
        s = Session([binary, "--timeout", "60", "--max-size", "1G", url])
        s.wait_for(SKELETON, 5)
        s.pump(0.3)
        figures[f"q_{name}_ms"] = s.quit() * 1000
    return figures


def timeline_run(binary, count=50):
    """50 sources on loopback answering 20 ms apart: from the first response sent to the
    first row on the screen, and how long until all were in. A server of its own: the
    tests' server ends after a minute."""
    import urllib.request
    server = FeedServer()
    try:
        return timeline_figures(binary, server, count, urllib.request)
    finally:
        server.close()


def timeline_figures(binary, server, count, request):
    urls = [server.url(f"/bench-feed?source={i}&delay={20 * i}") for i in range(count)]
    s = Session([binary] + urls)
    first_row = s.wait_for(re.compile(rb"Writer s\d+p0"), 10)
    s.wait_for(f"{count * 40:,} posts from {count} sources".encode(), 20)
    start = s.start
    sent = json.loads(request.urlopen(server.url("/bench-times")).read())[-count:]
    s.quit()
    return {"first_row_after_first_response_ms": (start + first_row - sent[0]) * 1000,
            "all_sources_s": sent[-1] - start}


def drip_run(binary):
    """A body that sends a post every 200 ms: from the first post's last byte leaving the
    server to that post on the screen. A server of its own, as for the timeline."""
    import urllib.request
    server = FeedServer()
    try:
        s = Session([binary, server.url("/drip-posts?count=5&interval=0.2&record=1")])
        shown = s.wait_for(b"Post drip1", 10)
        s.wait_for(b"5 posts", 10)
        sent = json.loads(urllib.request.urlopen(server.url("/bench-times")).read())
        s.quit()
        return {"first_post_on_screen_after_its_last_byte_ms": (s.start + shown - sent[0]) * 1000,
                "body_ends_after_first_post_s": sent[-1] - sent[0]}
    finally:
        server.close()


def pictures_run(binary):
    """A Mastodon timeline of 40 statuses whose avatars come 1 s after they are asked for,
    with pictures in cells and without (--images none), each with --animation calm (no
    cross-fade: a picture's first frame is the picture): the first rows, which must not
    wait on any picture; from the first avatar's last byte leaving the server to its first
    frame; the bytes the screen's avatars add; and the memory they add."""
    import urllib.request
    server = FeedServer()
    try:
        url = server.url("/bench-pictures?count=40&delay=1")
        figures = {}
        totals = {}
        peaks = {}
        for images in ("cells", "none"):
            s = Session([binary, "--animation", "calm", "--no-store", "--images", images, url])
            figures[f"first_rows_{images}_ms"] = s.wait_for(b"Person 0", 10) * 1000
            if images == "cells":
                shown = s.wait_for(b"48;5;201m", 10)
                sent = json.loads(urllib.request.urlopen(server.url("/bench-times")).read())
                figures["first_avatar_frame_after_its_last_byte_ms"] = (s.start + shown - sent[0]) * 1000
            s.pump(max(0.0, 3.0 - (time.monotonic() - s.start)))  # every avatar of the screen in
            totals[images] = len(s.output)
            peaks[images] = s.peak_rss_mib()
            s.quit()
        figures["screen_of_avatars_adds_bytes"] = totals["cells"] - totals["none"]
        figures["screen_of_avatars_adds_peak_mib"] = peaks["cells"] - peaks["none"]
        # The same screen with the terminal drawing the avatars, in cells of 10 x 20 pixels:
        # the kitty pictures (sent once each, and their placeholders) and sixel.
        for images in ("kitty", "sixel"):
            s = Session([binary, "--animation", "calm", "--no-store", "--images", images, url], cell_pixels=(10, 20))
            s.wait_for(b"Person 0", 10)
            s.pump(max(0.0, 3.0 - (time.monotonic() - s.start)))
            figures[f"screen_of_avatars_adds_bytes_{images}"] = len(s.output) - totals["none"]
            s.quit()
        # A screen of avatars and pictures of 1280 x 720 (PNG, 1.2 MB each), at once.
        url = server.url("/bench-pictures?count=40&delay=0&media=1")
        for images in ("cells", "none"):
            s = Session([binary, "--animation", "calm", "--no-store", "--images", images, url])
            s.wait_for(b"Person 0", 10)
            s.pump(4.0)
            totals[images] = len(s.output)
            peaks[images] = s.peak_rss_mib()
            s.quit()
        figures["screen_of_pictures_adds_bytes"] = totals["cells"] - totals["none"]
        figures["screen_of_pictures_adds_peak_mib"] = peaks["cells"] - peaks["none"]
        return figures
    finally:
        server.close()


def store_run(binary, workdir, sources=50, per_source=40):
    """With 2,000 posts kept from 50 sources: the first frame that holds rows, on a start
    whose sources answer 5 s later; and the peak memory with the store against without."""
    feeds = []
    for index in range(sources):
        path = os.path.join(workdir, f"kept-{index}.json")
        if not os.path.exists(path):
            make_feed(path, per_source)
        feeds.append(path)
    state = tempfile.mkdtemp(prefix="state-", dir=STATE_ROOT)
    env = {"XDG_STATE_HOME": state}
    total = f"{sources * per_source:,} posts".encode()
    s = Session([binary, "--delay", "0", *feeds], env)  # the first run fills the store
    s.wait_for(total, 30)
    s.quit()
    s = Session([binary, "--delay", "5", *feeds], env)
    first_rows = s.wait_for(b"Author", 10)
    s.quit()
    s = Session([binary, "--delay", "0", *feeds], env)
    s.wait_for(b"loaded in", 30)
    s.pump(0.5)
    with_store = s.peak_rss_mib()
    s.quit()
    s = Session([binary, "--delay", "0", "--no-store", *feeds])
    s.wait_for(b"loaded in", 30)
    s.pump(0.5)
    without = s.peak_rss_mib()
    s.quit()
    shutil.rmtree(state, ignore_errors=True)
    return dict(first_rows_from_the_store_ms=first_rows * 1000, peak_rss_with_store_mib=with_store,
                peak_rss_without_mib=without, store_adds_mib=with_store - without)


def side_by_side(binary, feed, rounds=5, seconds=4.0):
    """The shimmer's CPU beside a reference pulse in Python's curses (curses_pulse.py),
    interleaved in one run on the same pty, as ratios to the reference: the machine is
    shared, and only figures taken together compare."""
    here = os.path.dirname(os.path.abspath(__file__))
    pulse = os.path.join(here, "curses_pulse.py")
    configs = [("band (default, 16 fps)", [binary, "--delay", "600", feed]),
               ("band at --fps 30", [binary, "--delay", "600", "--fps", "30", feed]),
               ("our pulse (--animation pulse)", [binary, "--delay", "600", "--animation", "pulse", feed]),
               ("reference: curses pulse, redraw", [sys.executable, pulse, "redraw"]),
               ("reference: curses pulse, chgat", [sys.executable, pulse, "chgat"])]
    cpu = {name: [] for name, _ in configs}
    for _ in range(rounds):
        for name, argv in configs:
            s = Session(argv)
            s.wait_for(SKELETON, 10)
            s.pump(0.5)
            _, core = s.window(seconds)
            os.kill(s.pid, signal.SIGKILL)
            os.waitpid(s.pid, 0)
            cpu[name].append(core)
    reference = statistics.median(cpu["reference: curses pulse, redraw"])
    print(f"side by side, {rounds} rounds of {seconds:.0f} s each, interleaved (CPU in cores; ratio to the redraw reference):")
    for name, values in cpu.items():
        median = statistics.median(values)
        print(f"  {name:34} median {median:.4f}  ratio {median / reference:.2f}   (runs: {', '.join(f'{v:.4f}' for v in values)})")


# The dots each block glyph covers in its foreground: top left 1, top right 2, bottom
# left 4, bottom right 8 (the rest are its background).
GLYPH_DOTS = {0x20: 0, 0x2588: 15, 0x2580: 3, 0x2584: 12, 0x258C: 5, 0x2590: 10, 0x2598: 1, 0x259D: 2, 0x2596: 4,
              0x2597: 8, 0x259A: 9, 0x259E: 6, 0x259B: 7, 0x259C: 11, 0x2599: 13, 0x259F: 14}


def cells_vs_chafa(bin_dir, workdir):
    """Our cells for a picture against chafa's (libchafa, the library made for this), with
    the same symbols (space, full block, halves, quadrants) in truecolor: the time one
    picture's cells take, and how far the cells' dots are from the picture's (root mean
    square over the channels, 0-255). Skipped, saying so, without libchafa-dev."""
    if subprocess.run(["pkg-config", "--exists", "chafa"]).returncode != 0:
        print("cells against chafa: SKIPPED, libchafa-dev is not installed")
        return
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "servers"))
    import feed_server
    chafa = os.path.join(workdir, "chafa_cells")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "chafa"], capture_output=True, text=True).stdout.split()
    subprocess.run(["cc", "-O2", "-o", chafa, os.path.join(here, "chafa_cells.c"), *flags], check=True)
    width, height = 400, 225  # the side a decoded picture is kept at
    raw = os.path.join(workdir, "sunset.rgba")
    with open(raw, "wb") as out:
        out.write(bytes(c for y in range(height) for x in range(width)
                        for c in (*feed_server.sunset(x * 160 // width, y * 90 // height), 255)))
    pixels = open(raw, "rb").read()
    print("cells against chafa 1.12 (the showcase's sunset, 400x225; truecolor; space, block, halves, quadrants):")
    for columns, rows in ((43, 12), (14, 4)):
        # The picture's own dots, each the mean of the pixels it covers.
        across, down = columns * 2, rows * 2
        reference = []
        for dy in range(down):
            for dx in range(across):
                y0, y1 = dy * height // down, max(dy * height // down + 1, (dy + 1) * height // down)
                x0, x1 = dx * width // across, max(dx * width // across + 1, (dx + 1) * width // across)
                total = [0, 0, 0]
                for y in range(y0, y1):
                    for x in range(x0, x1):
                        for channel in range(3):
                            total[channel] += pixels[(y * width + x) * 4 + channel]
                count = (y1 - y0) * (x1 - x0)
                reference.append([t / count for t in total])
        figures = {}
        for name, command in (("ours", [os.path.join(bin_dir, "FeedBench"), "cells"]), ("chafa", [chafa])):
            lines = subprocess.run([*command, raw, str(width), str(height), str(columns), str(rows), "50"],
                                   capture_output=True, text=True, check=True).stdout.split("\n")
            squares = 0.0
            for index, line in enumerate(lines[1:1 + columns * rows]):
                codepoint, foreground, background = (int(v) for v in line.split())
                mask = GLYPH_DOTS.get(codepoint, 0)
                cell_y, cell_x = divmod(index, columns)
                for dot in range(4):
                    color = foreground if mask & (1 << dot) else background
                    rgb = [0, 0, 0] if color < 0 else [(color >> 16) & 255, (color >> 8) & 255, color & 255]
                    ref = reference[(cell_y * 2 + dot // 2) * across + cell_x * 2 + dot % 2]
                    squares += sum((a - b) ** 2 for a, b in zip(rgb, ref))
            figures[name] = (float(lines[0]), (squares / (across * down * 3)) ** 0.5)
        print(f"  {columns}x{rows} cells: ours {figures['ours'][0]:8.1f} µs, error {figures['ours'][1]:5.1f};"
              f" chafa {figures['chafa'][0]:8.1f} µs, error {figures['chafa'][1]:5.1f}")


def report(title, runs):
    print(title)
    for key in runs[0]:
        values = [run[key] for run in runs]
        print(f"  {key:28} median {statistics.median(values):12.3f}   (runs: {', '.join(f'{v:.3f}' for v in values)})")


def sixel_encoders(bin_dir, workdir):
    """Our sixel encoder against libsixel's and chafa's, on the showcase's sunset (few
    colours) and a photograph-like gradient with noise (thousands), each 400x222 (an
    expanded picture's pixels, a multiple of six tall): the time one picture takes, its
    bytes, and how far the picture read back (libsixel's sixel2png) is from the original
    (root mean square over the channels, 0-255). Skipped, saying so, without the libraries."""
    if subprocess.run(["pkg-config", "--exists", "chafa", "libsixel"]).returncode != 0:
        print("sixel encoders: SKIPPED, libchafa-dev or libsixel-dev is not installed")
        return
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "servers"))
    import feed_server
    import random
    others = os.path.join(workdir, "sixel_encoders")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "chafa", "libsixel"], capture_output=True,
                           text=True).stdout.split()
    subprocess.run(["cc", "-O2", "-o", others, os.path.join(here, "sixel_encoders.c"), *flags], check=True)
    width, height = 400, 222
    noise = random.Random(7)
    pictures = {
        "sunset": lambda x, y: feed_server.sunset(x * 160 // width, y * 90 // 225),
        "gradient": lambda x, y: tuple(min(255, max(0, v + noise.randint(-12, 12)))
                                       for v in (x * 255 // width, y * 255 // height, 128 + (x - y) // 4)),
    }
    print("sixel encoders, 400x222, 256 colours (microseconds a picture, bytes, RMS error read back):")
    for name, color in pictures.items():
        raw = os.path.join(workdir, f"{name}.rgba")
        original = bytes(c for y in range(height) for x in range(width) for c in (*color(x, y), 255))
        with open(raw, "wb") as out:
            out.write(original)
        for encoder, command in (("ours", [os.path.join(bin_dir, "FeedBench"), "sixel"]),
                                 ("libsixel", [others, "libsixel"]), ("chafa", [others, "chafa"])):
            sixel = os.path.join(workdir, f"{name}-{encoder}.six")
            time_us = float(subprocess.run([*command, raw, str(width), str(height), "5", sixel],
                                           capture_output=True, text=True, check=True).stdout.split()[0])
            back = os.path.join(workdir, f"{name}-{encoder}.ppm")
            png = back + ".png"
            subprocess.run(["sixel2png", "-i", sixel, "-o", png], check=True)
            subprocess.run(["convert", png, "-crop", f"{width}x{height}+0+0", back], check=True)
            pixels = open(back, "rb").read()[-width * height * 3:]
            squares = sum((pixels[i * 3 + c] - original[i * 4 + c]) ** 2
                          for i in range(width * height) for c in range(3))
            rms = (squares / (width * height * 3)) ** 0.5
            print(f"  {name:9} {encoder:9} {time_us:9.0f} us  {os.path.getsize(sixel):7} bytes  RMS {rms:5.2f}")


def hot_functions_found(unstripped):
    """How many of the link order's functions the binary still has: code changed since
    `make hot-functions` ran leaves its names behind, and their code among the cold."""
    order = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Resources", "hot-functions.txt")
    names = {line.strip() for line in open(order) if line.strip() and not line.startswith("#")}
    # Streamed: the binary's hundred thousand names held in this process would stay in its
    # memory, and every process it forks starts as large (wait4's ru_maxrss counts that).
    found = set()
    with subprocess.Popen(["nm", "--defined-only", "--format=just-symbols", unstripped], stdout=subprocess.PIPE,
                          text=True) as nm:
        for line in nm.stdout:
            if line.strip() in names:
                found.add(line.strip())
    print(f"link order (Resources/hot-functions.txt): {len(found)} of its {len(names)} functions in the binary "
          f"({100 * len(found) / max(1, len(names)):.0f} %; under 90 %, run make hot-functions)")


if __name__ == "__main__":
    import many_feeds  # after this module is whole: it reads Session from it
    import streaming_bench
    bin_dir, workdir = sys.argv[1], sys.argv[2]
    STATE_ROOT = workdir
    many_feeds.terminal_bench.STATE_ROOT = workdir  # the module it imported, as this one
    streaming_bench.terminal_bench.STATE_ROOT = workdir
    binary = os.path.join(workdir, "shimmerfeed")
    subprocess.run(["strip", "-o", binary, os.path.join(bin_dir, "shimmerfeed")], check=True)
    print(f"viewer: the installed form, {os.path.getsize(binary) / 1e6:.1f} MB stripped")
    hot_functions_found(os.path.join(bin_dir, "shimmerfeed"))
    runs = int(os.environ.get("BENCH_RUNS", "3"))
    idle_seconds = float(os.environ.get("BENCH_IDLE_SECONDS", "10"))
    small = os.path.join(workdir, "posts-200.json")
    big = os.path.join(workdir, "posts-100000.json")
    make_feed(small, 200)
    make_feed(big, 100_000)
    bench = os.path.join(bin_dir, "FeedBench")
    subprocess.run([bench, "render", small], check=True)
    subprocess.run([bench, "timeline"], check=True)
    subprocess.run([bench, "store", workdir], check=True)
    cells_vs_chafa(bin_dir, workdir)
    sixel_encoders(bin_dir, workdir)
    for feed in (small, big):
        subprocess.run([bench, "decode", feed], check=True)
    print(f"pty {COLS}x{ROWS}, TERM=xterm-256color, {runs} runs each; big feed {os.path.getsize(big) / 1e6:.0f} MB")
    side_by_side(binary, small)
    report("200 posts, --delay 2, sliding band (default):", [small_feed_run(binary, small) for _ in range(runs)])
    report("200 posts, --delay 2, --animation pulse:",
           [small_feed_run(binary, small, ["--animation", "pulse"]) for _ in range(runs)])
    # A whole pulse (3 s): its entries change faster in the middle of a fade than at its ends.
    report("200 posts, --delay 5, --palette (the pulse by redefining palette entries), over a 3 s pulse:",
           [small_feed_run(binary, small, ["--palette"], delay=5.0, window=3.0) for _ in range(runs)])
    report("100,000 posts, --delay 0:", [big_feed_run(binary, big, 100_000) for _ in range(runs)])
    for rate in (16_000, 4_000):
        report(f"a terminal read at {rate // 1000} KB/s, sliding band (default):",
               [slow_terminal_run(binary, rate) for _ in range(runs)])
        report(f"a terminal read at {rate // 1000} KB/s, --animation pulse:",
               [slow_terminal_run(binary, rate, ["--animation", "pulse"]) for _ in range(runs)])
    report("over SSH (SSH_CONNECTION set, no --animation), 200 posts, --delay 2:",
           [small_feed_run(binary, small, env_extra={"SSH_CONNECTION": "127.0.0.1 1 127.0.0.1 22"})
            for _ in range(runs)])
    server = FeedServer()
    try:
        report("q during an HTTP load (loopback server):", [transport_run(binary, server) for _ in range(runs)])
    finally:
        server.close()
    report("a body sending a post every 200 ms (loopback):", [drip_run(binary) for _ in range(runs)])
    report("pictures: a Mastodon timeline of 40 avatars, each 1 s late (loopback):",
           [pictures_run(binary) for _ in range(runs)])
    report("the store: 2,000 posts kept from 50 sources (files of 40 posts):",
           [store_run(binary, workdir) for _ in range(runs)])
    report("a timeline of 50 sources x 40 posts on loopback, answering 20 ms apart:",
           [timeline_run(binary) for _ in range(runs)])
    report("a Mastodon home timeline streaming from loopback (20 statuses, then 100 a second for 10 s):",
           [streaming_bench.streaming_run(binary) for _ in range(runs)])
    many_feeds.table(binary, many_feeds.CONFIGS, runs)
    many_feeds.commands(binary, runs=runs)
    many_feeds.storm_figures(binary, runs)
    import ttrss_bench
    if os.path.exists("/usr/share/tt-rss/www/api/index.php"):
        ttrss_bench.table(binary, runs=runs)
    else:
        print("tt-rss against newsboat: tt-rss is not installed (.ci/system-packages test installs it)")
