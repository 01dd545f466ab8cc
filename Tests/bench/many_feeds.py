"""The many-feeds table of `make bench`: N loopback RSS feeds (rss_farm.py), each answering
after DELAY, read by shimmerfeed in a pseudo-terminal and by newsboat (`-x reload`, with
`reload-threads 8`, as our 8 at a time), each from an empty store: the time until every
source has loaded against the floor (ceil(N / 8) x DELAY), and the peak RSS of each.

usage (alone): many_feeds.py BINARY FEEDS ITEMS DELAY [RUNS]
"""
import math, os, shlex, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import terminal_bench  # noqa: E402  (the pty session)


class Farm:
    """rss_farm.py in a process of its own, so that serving 500 feeds does not share the
    bench's interpreter (and its lock) with the pty it reads."""

    def __init__(self, items, delay):
        self.delay = delay
        self.process = subprocess.Popen([sys.executable, os.path.join(HERE, "rss_farm.py"), str(items), str(delay)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.port = int(self.process.stdout.readline())

    def url(self, feed):
        return f"http://127.0.0.1:{self.port}/feed/{feed}.xml"

    def set_delay(self, seconds):
        import urllib.request
        urllib.request.urlopen(f"http://127.0.0.1:{self.port}/set-delay/{seconds}").read()
        self.delay = seconds

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


def subscribe(workdir, farm, feeds):
    """A subscriptions file of the farm's first `feeds` feeds in `workdir`; the environment
    that has the viewer read it (XDG_CONFIG_HOME) and keep its store there."""
    config = os.path.join(workdir, "config", "shimmerfeed")
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, "feeds"), "w") as out:
        out.writelines(f"{farm.url(feed)}\n" for feed in range(feeds))
    return {"XDG_CONFIG_HOME": os.path.join(workdir, "config"), "XDG_STATE_HOME": os.path.join(workdir, "state")}


def ours(binary, farm, feeds, items, extra_args=()):
    """Seconds until "N posts from M sources" shows, the peak RSS in MiB, and the process's
    RSS once loaded (what stays), reading the farm's first `feeds` feeds from an empty store."""
    workdir = tempfile.mkdtemp(prefix="many-feeds-", dir=terminal_bench.STATE_ROOT)
    try:
        environment = dict(subscribe(workdir, farm, feeds), XDG_CACHE_HOME=f"{workdir}/cache")
        return viewer_until(binary, environment, f"{feeds * items:,} posts from {feeds} sources", extra_args)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def viewer_until(binary, environment, wanted, extra_args=()):
    """The viewer with `environment`, until `wanted` shows: seconds, the peak RSS in MiB, the
    RSS once loaded, its anonymous part, and the CPU seconds. In tmux at 200x50, read with
    capture-pane: the screen as drawn (in the pty's bytes the diff writes only what changed,
    so the line never shows whole)."""
    server = f"shimmerfeed-bench-{os.getpid()}"
    try:
        command = ["env", *(f"{name}={value}" for name, value in environment.items()), "TERM=xterm-256color",
                   binary, *extra_args]
        tmux = ["tmux", "-L", server, "-f", "/dev/null"]
        start = time.monotonic()
        subprocess.run([*tmux, "new-session", "-d", "-x", "200", "-y", "50", " ".join(map(shlex.quote, command))],
                       check=True)
        pid = int(subprocess.run([*tmux, "display", "-p", "#{pane_pid}"], capture_output=True, text=True).stdout)
        done = float("nan")
        while time.monotonic() - start < 120:
            screen = subprocess.run([*tmux, "capture-pane", "-p"], capture_output=True, text=True).stdout
            if wanted in screen:
                done = time.monotonic() - start
                break
            time.sleep(0.02)
        time.sleep(0.5)
        status = open(f"/proc/{pid}/status").read()
        with open(f"/proc/{pid}/stat") as f:
            ticks = f.read().rsplit(")", 1)[1].split()
        cpu = (int(ticks[11]) + int(ticks[12])) / os.sysconf("SC_CLK_TCK")

        def field(name):
            return next(int(line.split()[1]) / 1024 for line in status.splitlines() if line.startswith(name + ":"))

        return dict(all_loaded_s=done, peak_rss_mib=field("VmHWM"), rss_once_loaded_mib=field("VmRSS"),
                    anon_once_loaded_mib=field("RssAnon"), cpu_s=cpu)
    finally:
        socket = subprocess.run(["tmux", "-L", server, "display", "-p", "#{socket_path}"],
                                capture_output=True, text=True).stdout.strip()
        subprocess.run(["tmux", "-L", server, "kill-server"], stderr=subprocess.DEVNULL)
        # A killed server leaves its socket file.
        if socket and os.path.exists(socket):
            os.unlink(socket)


def keys_in_the_storm(binary, farm, feeds, items, every=0.15):
    """While `feeds` sources answer: a key (j, then k, in turn) every `every` seconds, and
    the milliseconds from each to the first output after it (the frame that shows it: keys
    are read before a frame is drawn). In a pseudo-terminal that answers status reports, as
    xterm does."""
    workdir = tempfile.mkdtemp(prefix="many-feeds-", dir=terminal_bench.STATE_ROOT)
    try:
        s = terminal_bench.Session([binary], subscribe(workdir, farm, feeds))
        s.wait_for(b"sources loading", 10)
        # Past the start (the terminal's answers to the viewer's questions), into the storm.
        s.pump(max(0.0, 2 * farm.delay - (time.monotonic() - s.start)))
        latencies, moments, key = [], [], 0
        deadline = time.monotonic() + 60
        floor = math.ceil(feeds / 8) * farm.delay
        # Keys while the sources answer (the floor less a last round).
        while time.monotonic() - s.start < floor - farm.delay and time.monotonic() < deadline:
            before = len(s.output)
            sent = time.monotonic()
            os.write(s.fd, b"jk"[key % 2:key % 2 + 1])
            key += 1
            while len(s.output) == before and time.monotonic() - sent < 2:
                s.pump(0.001)
            latencies.append((time.monotonic() - sent) * 1000)
            moments.append(sent - s.start)
            s.pump(max(0.0, every - (time.monotonic() - sent)))
        s.quit()
        slowest = max(range(len(latencies)), key=latencies.__getitem__)
        return dict(key_median_ms=statistics.median(latencies), key_slowest_ms=latencies[slowest],
                    slowest_at_s=moments[slowest], keys=len(latencies))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def frames_in_the_storm(binary, farm, feeds, items):
    """Once `feeds` sources have loaded, `r`: every row becomes its skeleton, and the band
    sweeps over it while they all answer again. The gaps between the frames written
    meanwhile, in milliseconds: the largest, and the largest but the band's rests between
    sweeps (0.3 s: no frame is due then)."""
    workdir = tempfile.mkdtemp(prefix="many-feeds-", dir=terminal_bench.STATE_ROOT)
    try:
        s = terminal_bench.Session([binary, "--no-store"], subscribe(workdir, farm, feeds))
        floor = math.ceil(feeds / 8) * farm.delay
        s.wait_for(b"sources loading", 10)
        s.pump(floor + 1.0)
        os.write(s.fd, b"r")
        pressed = time.monotonic()
        s.pump(floor + 1.0)
        # From the band's first sweep to a second after every source should have answered:
        # the rows' return, all at once, included.
        moments = [moment for moment, _ in s.events if pressed + 0.2 < moment < pressed + floor + 1.0]
        s.quit()
        gaps = sorted((b - a) * 1000 for a, b in zip(moments, moments[1:]))
        rest = 300
        return dict(frames=len(moments), largest_gap_ms=gaps[-1],
                    largest_gap_but_rests_ms=max((g for g in gaps if not rest - 20 < g < rest + 80), default=0))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def first_rows_from_the_store(binary, feeds=300, items=50):
    """With `feeds` x `items` posts kept in the store: milliseconds from start to the first
    frame with rows, on a start whose sources answer 5 s later (the rows are the store's)."""
    workdir = tempfile.mkdtemp(prefix="many-feeds-", dir=terminal_bench.STATE_ROOT)
    try:
        figures = {}
        farm = Farm(items, 0.1)
        try:
            env = subscribe(workdir, farm, feeds)
            s = terminal_bench.Session([binary], env)  # the first run fills the store
            s.wait_for(f"{feeds * items:,} posts from".encode(), 60)
            s.pump(1.0)
            s.quit()
            farm.set_delay(5.0)
            s = terminal_bench.Session([binary], env)
            figures["first_rows_ms"] = (s.wait_for(b"Writer", 10) or float("nan")) * 1000
            s.pump(0.3)
            figures["peak_rss_mib"] = s.peak_rss_mib()
            s.quit()
        finally:
            farm.close()
        return figures
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def newsboat(farm, feeds):
    """Seconds newsboat -x reload takes, and its peak RSS in MiB: its VmHWM, sampled (and
    `sampled`'s figures beside, for the commands' table). Not
    wait4's ru_maxrss: that counts the memory of the process forked before the exec, this
    bench's Python, which can be the larger (50.5 MiB where newsboat's own was 28.7)."""
    workdir = tempfile.mkdtemp(prefix="newsboat-", dir=terminal_bench.STATE_ROOT)
    try:
        urls, config = os.path.join(workdir, "urls"), os.path.join(workdir, "config")
        with open(urls, "w") as out:
            out.writelines(f"{farm.url(feed)}\n" for feed in range(feeds))
        with open(config, "w") as out:
            out.write("reload-threads 8\n")
        run = sampled(["newsboat", "-x", "reload", "-u", urls, "-c", os.path.join(workdir, "cache.db"), "-C", config],
                      {"HOME": workdir})
        return dict(run, all_loaded_s=run["seconds"], peak_rss_mib=run["peak"])
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def table(binary, configs, runs=3):
    """Each (feeds, items, delay, with newsboat) in `configs`, `runs` times, ours and
    newsboat's in turn; prints the medians."""
    if shutil.which("newsboat") is None:
        print("many feeds against newsboat: newsboat is not installed (apt-get install newsboat); ours alone")
    print(f"many feeds on loopback (RSS 2.0, each answering after its delay), medians of {runs}, runs interleaved:")
    print("  feeds x items, delay | floor  | ours: all loaded, peak RSS, RSS once loaded (of it anonymous) | newsboat: all loaded, peak RSS | ratios: time, peak")
    peaks = {}
    for feeds, items, delay, against in configs:
        farm = Farm(items, delay)
        try:
            mine, theirs = [], []
            for _ in range(runs):
                mine.append(ours(binary, farm, feeds, items))
                if against and shutil.which("newsboat"):
                    theirs.append(newsboat(farm, feeds))
        finally:
            farm.close()
        floor = math.ceil(feeds / 8) * delay

        def median(runs, key):
            return statistics.median(run[key] for run in runs)

        line = (f"  {feeds:4} x {items:3}, {delay:.1f} s     | {floor:4.1f} s | {median(mine, 'all_loaded_s'):5.2f} s "
                f"({median(mine, 'all_loaded_s') / floor:.2f} x floor), {median(mine, 'peak_rss_mib'):5.1f} MiB, "
                f"{median(mine, 'rss_once_loaded_mib'):5.1f} MiB ({median(mine, 'anon_once_loaded_mib'):4.1f})")
        peaks[(feeds, items)] = median(mine, 'peak_rss_mib')
        if theirs:
            line += (f" | {median(theirs, 'all_loaded_s'):5.2f} s, {median(theirs, 'peak_rss_mib'):5.1f} MiB"
                     f" | {median(mine, 'all_loaded_s') / median(theirs, 'all_loaded_s'):.2f}, "
                     f"{median(mine, 'peak_rss_mib') / median(theirs, 'peak_rss_mib'):.2f}")
        print(line)

        def listed(runs):
            return ", ".join(f"{run['all_loaded_s']:.2f} s/{run['peak_rss_mib']:.1f}" for run in runs)

        print(f"      runs (s/MiB): ours {listed(mine)}" + (f"; newsboat {listed(theirs)}" if theirs else ""), flush=True)
    if (100, 60) in peaks and (500, 12) in peaks:
        print(f"  the same 6,000 posts from 500 sources against 100: peak RSS x {peaks[(500, 12)] / peaks[(100, 60)]:.2f}"
              + (f" (300: x {peaks[(300, 20)] / peaks[(100, 60)]:.2f})" if (300, 20) in peaks else ""))


def sampled(argv, env):
    """Runs `argv` to its end: seconds, and the peaks of its resident memory (VmHWM), of
    its anonymous part (RssAnon: the heap and the rest it allocated) and of its file pages
    (RssFile: the binary's and libraries' pages), in MiB, /proc read every 2 ms."""
    start = time.monotonic()
    process = subprocess.Popen(argv, env=dict(os.environ, **env), stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    peaks = {"VmHWM": 0, "RssAnon": 0, "RssFile": 0}
    while process.poll() is None:
        try:
            with open(f"/proc/{process.pid}/status") as status:
                for line in status:
                    name = line.split(":", 1)[0]
                    if name in peaks:
                        peaks[name] = max(peaks[name], int(line.split()[1]))
        except OSError:
            pass
        time.sleep(0.002)
    if process.returncode != 0:
        raise RuntimeError(f"{argv[0]} exited with {process.returncode}")
    return dict(seconds=time.monotonic() - start, peak=peaks["VmHWM"] / 1024, anon=peaks["RssAnon"] / 1024,
                file=peaks["RssFile"] / 1024)


def commands(binary, feeds=300, items=30, delay=0.05, runs=3):
    """The commands without a terminal beside `newsboat -x reload` on the same feeds, each
    from an empty store (print after a reload): `--dump` at 120x40 and 200x50, `reload`,
    `print`; and `--dump` of 500 feeds against 300. Medians of `runs`, in turn."""
    farm = Farm(items, delay)
    rows = {name: [] for name in ("newsboat -x reload", "--dump --size 120x40", "--dump --size 200x50", "reload",
                                  "print", "--dump of 500 feeds")}
    try:
        for _ in range(runs):
            for name in rows:
                count = 500 if name.startswith("--dump of 500") else feeds
                workdir = tempfile.mkdtemp(prefix="commands-", dir=terminal_bench.STATE_ROOT)
                try:
                    if name.startswith("newsboat"):
                        if shutil.which("newsboat") is not None:
                            rows[name].append(newsboat(farm, count))
                        continue
                    environment = subscribe(workdir, farm, count)
                    if name == "print":
                        sampled([binary, "reload"], environment)
                        rows[name].append(sampled([binary, "print"], environment))
                    elif name == "reload":
                        rows[name].append(sampled([binary, "reload"], environment))
                    else:
                        size = "200x50" if "200x50" in name else "120x40"
                        rows[name].append(sampled([binary, "--dump", "--size", size], environment))
                finally:
                    shutil.rmtree(workdir, ignore_errors=True)
    finally:
        farm.close()

    def median(name, key):
        return statistics.median(run[key] for run in rows[name]) if rows[name] else float("nan")

    theirs = median("newsboat -x reload", "peak")
    theirs_anon = median("newsboat -x reload", "anon")
    print(f"the commands on {feeds} loopback feeds x {items} items ({delay} s each), beside newsboat -x reload, "
          f"medians of {runs}, runs interleaved (MiB: peak RSS, of it anonymous and file pages):")
    for name in rows:
        line = (f"  {name:22} {median(name, 'seconds'):5.2f} s, peak {median(name, 'peak'):5.1f} MiB "
                f"(anon {median(name, 'anon'):4.1f}, file {median(name, 'file'):4.1f})")
        if not name.startswith("newsboat") and theirs == theirs:
            line += f" | peak x {median(name, 'peak') / theirs:.2f} newsboat's, anon x {median(name, 'anon') / theirs_anon:.2f}"
        print(line)
    print(f"  --dump of 500 feeds against 300: peak x {median('--dump of 500 feeds', 'peak') / median('--dump --size 120x40', 'peak'):.2f}",
          flush=True)


# The table `make bench` prints: the two side by side, then the same 6,000 posts
# over 100, 300 and 500 sources, so that what a source costs shows apart from its posts.
CONFIGS = [(100, 30, 0.3, True), (300, 20, 0.1, True), (100, 60, 0.1, False), (500, 12, 0.1, False)]


def storm_figures(binary, runs=3):
    """The storm's frames and keys, and the start from the store, `runs` times each."""
    farm = Farm(20, 0.1)
    try:
        keys = [keys_in_the_storm(binary, farm, 300, 20) for _ in range(runs)]
        frames = [frames_in_the_storm(binary, farm, 300, 20) for _ in range(runs)]
    finally:
        farm.close()
    store = [first_rows_from_the_store(binary) for _ in range(runs)]
    print(f"300 sources x 20 posts answering (0.1 s each, 8 at a time), medians of {runs}:")
    print(f"  a key every 150 ms while they answer, to the first output after it: median "
          f"{statistics.median(k['key_median_ms'] for k in keys):.1f} ms, slowest "
          f"{statistics.median(k['key_slowest_ms'] for k in keys):.1f} ms (runs: "
          f"{', '.join(str(round(k['key_slowest_ms'])) for k in keys)})")
    print(f"  r, then the band over 300 skeleton rows until the rows return: the longest gap between "
          f"frames {statistics.median(f['largest_gap_ms'] for f in frames):.0f} ms (runs: "
          f"{', '.join(str(round(f['largest_gap_ms'])) for f in frames)}; a frame's budget at 16 fps: 63 ms)")
    print(f"  a start with 15,000 posts kept from 300 sources: first rows "
          f"{statistics.median(f['first_rows_ms'] for f in store):.0f} ms after start (runs: "
          f"{', '.join(str(round(f['first_rows_ms'])) for f in store)}), peak RSS "
          f"{statistics.median(f['peak_rss_mib'] for f in store):.1f} MiB", flush=True)


if __name__ == "__main__":
    binary, feeds, items, delay = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    runs = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    terminal_bench.STATE_ROOT = tempfile.mkdtemp(prefix="many-feeds-bench-")
    try:
        table(binary, [(feeds, items, delay, True)], runs)
    finally:
        shutil.rmtree(terminal_bench.STATE_ROOT, ignore_errors=True)
