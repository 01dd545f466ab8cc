"""`make mutate-sample`: bugs planted by rule (rules.py), not by the hands that wrote the
tests. It draws a random sample of mutants, by default 30 from the files changed since a
commit and 30 from everywhere in Sources/ (a rule first, then one of its mutants, so that
the many integers of a table do not crowd out the rest); plants each in a scratch copy;
runs the fastest tests that cover its file, then slower ones while it survives; and
reports the share caught, listing every survivor with its diff.

A survivor is a missing test, or an equivalent mutant: one that no test could tell from
the code. Those are listed, each with why, in equivalent.py, which the sampler skips.
A mutant that does not build is the compiler's catch and is not counted.

usage: sample.py REPO SCRATCH [--seed N] [--since COMMIT] [--changed N] [--everywhere N]
                 [--areas PATH...] [--list] [--only N,M]
  --areas: only the files under these paths or in these named areas (store, search,
           pictures, pixels, start-up), for both draws
  --list:  print the sample and stop
  --only:  plant only these of the sample (by the numbers the run prints), to see a
           survivor caught once its test is written"""
import argparse, glob, os, random, shutil, signal, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rules import mutants
from equivalent import EQUIVALENT

# The tests that cover each folder of Sources/, fastest first: a mutant that survives one
# filter meets the next. The in-memory tiers take seconds; the binary in tmux, minutes.
IN_MEMORY = (r"^(FeedCoreTests|FeedXMLTests|FeedTerminalTests|FeedCommandLineTests|FeedPicturesTests\.DecoderTests|"
             r"(WebFeed|Mastodon|Bluesky|TinyTinyRSS)NetworkTests\.(?!\w*Loopback))")
REAL_IO = r"^(FeedTransportTests|FeedStoreTests|FeedNetworkTests|ProcessTests|FeedPicturesTests\.PictureLoaderTests)\."
LOOPBACK = r"^(FeedServicesTests\.|(WebFeed|Mastodon|Bluesky)NetworkTests\.\w*Loopback)"
# The binary against the loopback Mastodon server: signed in, acting, posting, live.
MASTODON_E2E = ("SignInEndToEndTests|ActionsEndToEndTests|ComposeEndToEndTests|StreamingEndToEndTests|"
                "MarkersEndToEndTests|NotificationsEndToEndTests")
COVERING = [
    # Every layer above uses FeedCore: its tests are all of the in-memory tiers'.
    ("Sources/FeedCore/", [IN_MEMORY, REAL_IO, LOOPBACK, "ViewerEndToEndTests|TimelineEndToEndTests", MASTODON_E2E]),
    ("Sources/FeedStore/", [r"^FeedStoreTests\.", "StoreEndToEndTests"]),
    ("Sources/FeedPictures/", [r"^FeedPicturesTests\.", r"^ProcessTests\.", "PicturesEndToEndTests"]),
    ("Sources/FeedTerminal/", [r"^FeedTerminalTests\.", r"^ProcessTests\.",
                               "ViewerEndToEndTests|PixelsEndToEndTests|InputEndToEndTests"]),
    ("Sources/FeedTransport/", [r"^FeedTransportTests\.", r"^FeedNetworkTests\.", "TransportEndToEndTests"]),
    ("Sources/FeedXML/", [r"^FeedXMLTests\.", "XMLSourceTests|HostileXMLEndToEndTests"]),
    ("Sources/FeedCommandLine/", [r"^FeedCommandLineTests\.", "CommandLineEndToEndTests|ConfigEndToEndTests"]),
    ("Sources/FeedNetwork/", [r"^FeedNetworkTests\.", r"^(WebFeed|Mastodon|Bluesky)NetworkTests\.",
                              r"^FeedServicesTests\.", "TransportEndToEndTests|FeedsEndToEndTests"]),
    ("Sources/WebFeedNetwork/", [r"^WebFeedNetworkTests\.", r"^FeedServicesTests\.",
                                 "FeedsEndToEndTests|ViewerEndToEndTests"]),
    ("Sources/MastodonNetwork/", [r"^MastodonNetworkTests\.", r"^FeedServicesTests\.", MASTODON_E2E]),
    ("Sources/BlueskyNetwork/", [r"^BlueskyNetworkTests\.", r"^FeedServicesTests\.", "BlueskyEndToEndTests"]),
    # The real tt-rss's tests start a server each: after the in-memory ones.
    ("Sources/TinyTinyRSSNetwork/", [r"^TinyTinyRSSNetworkTests\.(?!\w*Loopback)", r"^TinyTinyRSSNetworkTests\.",
                                     "TinyTinyRSSEndToEndTests"]),
    ("Sources/NetworkRegistry/", [r"^FeedServicesTests\.", r"^FeedCommandLineTests\.", "CommandLineEndToEndTests"]),
    ("Sources/FeedServices/", [r"^FeedServicesTests\.", "CommandLineEndToEndTests|ScriptsEndToEndTests",
                               "StoreEndToEndTests|NoticesEndToEndTests|ConfigEndToEndTests",
                               "ViewerEndToEndTests|SourcesEndToEndTests|AccessibleEndToEndTests", MASTODON_E2E,
                               "BlueskyEndToEndTests", "TinyTinyRSSEndToEndTests"]),
    ("Sources/shimmerfeed/", ["CommandLineEndToEndTests", "ViewerEndToEndTests|ScriptsEndToEndTests"]),
]
# Named areas for --areas: the code of one part of the viewer, wherever its layers put it.
AREAS = {
    "store": ["Sources/FeedStore/", "Sources/FeedCore/State/AppState+Read.swift",
              "Sources/FeedCore/State/AppState+Restore.swift", "Sources/FeedCore/State/RestoredTimeline.swift",
              "Sources/FeedServices/OpenedStore.swift"],
    "search": ["Sources/FeedCore/State/PostSearch.swift", "Sources/FeedCore/State/AppState+Search.swift",
               "Sources/FeedCore/Text/DiacriticFolding.swift", "Sources/FeedCore/Render/SearchMarks.swift"],
    "pictures": ["Sources/FeedPictures/", "Sources/FeedCore/Pictures/", "Sources/FeedCore/State/AppState+Pictures.swift",
                 "Sources/FeedCore/Render/PicturePainter.swift", "Sources/FeedCore/Loop/PictureTasks.swift"],
    "pixels": ["Sources/FeedTerminal/Graphics/", "Sources/FeedCore/Graphics/"],
    "start-up": ["Sources/shimmerfeed/", "Sources/FeedCommandLine/", "Sources/FeedServices/RunOptions.swift",
                 "Sources/FeedServices/ViewerRun.swift"],
}
# The bench and the memory tuning are not the product's behaviour; the C shims are not Swift.
SKIPPED = ("Sources/FeedBench/", "Sources/MemoryTuning/")
# The build of a mutant, at most: a mutant that sends the type checker into a long search
# (a term dropped from a long string concatenation took 20 minutes) does not build.
TIMEOUT = 300


def covering(path):
    return next((filters for prefix, filters in COVERING if path.startswith(prefix)), [])


def sources(repo, areas):
    found = []
    for folder, _, names in os.walk(os.path.join(repo, "Sources")):
        for name in names:
            path = os.path.relpath(os.path.join(folder, name), repo)
            if name.endswith(".swift") and not path.startswith(SKIPPED) and covering(path):
                prefixes = [prefix for area in areas for prefix in AREAS.get(area, [area])]
                if not areas or any(path.startswith(prefix) for prefix in prefixes):
                    found.append(path)
    return sorted(found)


def changed_since(repo, commit):
    listed = subprocess.run(["git", "diff", "--name-only", commit, "--", "Sources"], cwd=repo,
                            capture_output=True, text=True, check=True).stdout.split()
    return set(listed)


def candidates(repo, paths):
    """Every mutant of `paths`, by rule. The equivalent ones are drawn too, and skipped
    when planted: a seed draws the same sample however long the list of them grows."""
    by_rule = {}
    for path in paths:
        for mutant in mutants(path, open(os.path.join(repo, path)).read()):
            by_rule.setdefault(mutant.rule, []).append(mutant)
    return by_rule


def draw(by_rule, count, rng, taken):
    """`count` mutants: each a rule drawn at random, then one of its mutants not yet taken."""
    chosen = []
    rules = sorted(by_rule)
    while len(chosen) < count:
        open_rules = [rule for rule in rules if any(m not in taken for m in by_rule[rule])]
        if not open_rules:
            break
        rule = rng.choice(open_rules)
        mutant = rng.choice([m for m in by_rule[rule] if m not in taken])
        taken.add(mutant)
        chosen.append(mutant)
    return chosen


def descendants(pid):
    """Every process started under `pid`, by parent links: swift build's compilers and
    swift test's runner each run in a process group of their own, out of reach of a
    signal to the command's group."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(entry))
    found, waiting = [], [pid]
    while waiting:
        for child in children.get(waiting.pop(), []):
            found.append(child)
            waiting.append(child)
    return found


def run(command, cwd, log, timeout=TIMEOUT):
    """The command's exit status, or None when it ran past `timeout` (it and every
    process it started are ended: a compiler or test runner left behind would slow every
    mutant after it, and hold the build's lock). It runs with a temporary folder of its
    own, so that what a test run killed midway left (its tmux servers, daemons whose
    parent is gone, and its folder) is found by the run's id and ended too."""
    scratch = tempfile.mkdtemp(prefix="mutant-tmp-", dir=os.path.dirname(os.path.abspath(log)))
    try:
        with open(log, "ab") as out:
            out.write(f"\n$ {' '.join(command)}\n".encode())
            out.flush()
            process = subprocess.Popen(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                                       start_new_session=True, env=dict(os.environ, TMPDIR=scratch))
            try:
                return process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                started = descendants(process.pid)  # before the kill, while parents still link them
                os.killpg(process.pid, signal.SIGKILL)
                for pid in started:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                process.wait()
                return None
    finally:
        end_test_runs(scratch)


def end_test_runs(scratch):
    """Ends what the test runs in `scratch` left (Tests/test-run.sh names each run's
    folder, tmux servers and feed servers by its id), and removes the folder."""
    for folder in os.listdir(scratch):
        if folder.startswith("shimmerfeed-run-"):
            run_id = folder[len("shimmerfeed-run-"):]
            for pattern in (f"tmux -L shimmerfeed-e2e-{run_id}-", f"feed_server\\.py.* --run {run_id}( |$)"):
                subprocess.run(["pkill", "-KILL", "-f", pattern], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
            # A killed tmux server leaves its socket file.
            sockets = os.path.join(os.environ.get("TMUX_TMPDIR", "/tmp"), f"tmux-{os.getuid()}")
            for socket in glob.glob(os.path.join(sockets, f"shimmerfeed-e2e-{run_id}-*")):
                os.unlink(socket)
    shutil.rmtree(scratch, ignore_errors=True)


def update(repo, copy):
    """The scratch copy made, or brought up to date when a run before left one: files
    keep their times, so its build goes on from where it was."""
    shutil.copytree(repo, copy, ignore=shutil.ignore_patterns(".build", ".git"), dirs_exist_ok=True)
    for folder, names, files in os.walk(copy):
        names[:] = [name for name in names if name not in (".build", ".git")]
        for name in files:
            path = os.path.join(folder, name)
            if not os.path.exists(os.path.join(repo, os.path.relpath(path, copy))):
                os.remove(path)


def test_command(copy, bin_dir, test_filter):
    # In a test run of its own, which cleans what it started (Tests/test-run.sh).
    return [os.path.join(copy, "Tests", "test-run.sh"), bin_dir, "swift", "test", "--skip-build", "--filter",
            test_filter]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("repo")
    parser.add_argument("scratch")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--since", default="HEAD~10")
    parser.add_argument("--changed", type=int, default=30)
    parser.add_argument("--everywhere", type=int, default=30)
    parser.add_argument("--areas", nargs="*", default=[])
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--only", default="", help="the sample's mutants to plant, by number: 3,17")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    rng = random.Random(seed)
    repo = os.path.abspath(args.repo)
    skip = dict(EQUIVALENT)

    paths = sources(repo, args.areas)
    changed = [path for path in paths if path in changed_since(repo, args.since)]
    taken = set()
    sample = [("changed", m) for m in draw(candidates(repo, changed), args.changed, rng, taken)]
    sample += [("everywhere", m) for m in draw(candidates(repo, paths), args.everywhere, rng, taken)]
    print(f"mutate-sample: seed {seed} (again: SEED={seed}), {len(sample)} mutants: "
          f"{sum(1 for d, _ in sample if d == 'changed')} from {len(changed)} files changed since {args.since}, "
          f"the rest from {len(paths)} files", flush=True)
    texts = {path: open(os.path.join(repo, path)).read() for path in {m.path for _, m in sample}}
    if args.list:
        for drawn, mutant in sample:
            print(f"\n[{drawn}] " + mutant.diff(texts[mutant.path].split("\n")))
        return 0

    copy = os.path.join(os.path.abspath(args.scratch), "tree")
    update(repo, copy)
    log = os.path.join(os.path.abspath(args.scratch), "mutate-sample.log")
    print(f"building the scratch copy (log: {log})…", flush=True)
    if run(["swift", "build", "--build-tests"], copy, log) != 0:
        print("the unmutated copy does not build")
        return 2
    bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=copy, capture_output=True, text=True,
                             check=True).stdout.strip()
    # Every filter the sample needs passes before anything is planted: a failing one
    # would catch every mutant.
    only = {int(number) for number in args.only.split(",") if number}
    wanted = [m for index, (_, m) in enumerate(sample, 1) if not only or index in only]
    needed = sorted({f for m in wanted for f in covering(m.path) if m.key(texts[m.path].split("\n")) not in skip})
    # How long each takes unmutated bounds it mutated: a run four times as long (and half
    # a minute) is a mutant that loops.
    limits = {}
    for test_filter in needed:
        started = time.monotonic()
        if run(test_command(copy, bin_dir, test_filter), copy, log) != 0:
            print(f"the unmutated copy fails {test_filter}; see {log}")
            return 2
        limits[test_filter] = 4 * (time.monotonic() - started) + 30

    results = []
    for index, (drawn, mutant) in enumerate(sample, 1):
        if only and index not in only:
            continue
        lines = texts[mutant.path].split("\n")
        planted = lines[:mutant.start] + list(mutant.replacement) + lines[mutant.end:]
        file = os.path.join(copy, mutant.path)
        started = time.monotonic()
        verdict, by = "SURVIVED", ""
        if mutant.key(lines) in skip:
            results.append((drawn, mutant, "equivalent", ""))
            print(f"  {index:2}/{len(sample)} {'equivalent':14}        {mutant.path}:{mutant.start + 1} "
                  f"({mutant.rule}): {skip[mutant.key(lines)]}", flush=True)
            continue
        try:
            with open(file, "w") as out:
                out.write("\n".join(planted))
            built = run(["swift", "build", "--build-tests"], copy, log)
            if built != 0:
                verdict = "does not build"
            else:
                for test_filter in covering(mutant.path):
                    status = run(test_command(copy, bin_dir, test_filter), copy, log, limits[test_filter])
                    if status != 0:
                        verdict, by = ("caught" if status is not None else "caught (hung)"), test_filter
                        break
        finally:
            with open(file, "w") as out:
                out.write(texts[mutant.path])
        seconds = time.monotonic() - started
        results.append((drawn, mutant, verdict, by))
        print(f"  {index:2}/{len(sample)} {verdict:14} {seconds:5.0f} s  {mutant.path}:{mutant.start + 1} "
              f"({mutant.rule}){'  by ' + by if by else ''}", flush=True)

    # Built once more unmutated, so that the scratch copy is left as it was.
    run(["swift", "build", "--build-tests"], copy, log)
    print()
    for drawn, mutant, verdict, _ in results:
        if verdict == "SURVIVED":
            lines = texts[mutant.path].split("\n")
            print(f"survivor [{drawn}]:\n{mutant.diff(lines)}\n  key: {mutant.key(lines)!r}\n")
    for drawn_set in ("changed", "everywhere"):
        drawn_here = [r for r in results if r[0] == drawn_set]
        counted = [r for r in drawn_here if r[2] not in ("does not build", "equivalent")]
        caught = sum(1 for r in counted if r[2].startswith("caught"))
        if counted:
            print(f"{drawn_set}: {caught} of {len(counted)} caught ({100 * caught / len(counted):.0f} %); "
                  f"{sum(1 for r in drawn_here if r[2] == 'does not build')} did not build, "
                  f"{sum(1 for r in drawn_here if r[2] == 'equivalent')} equivalent")
    counted = [r for r in results if r[2] not in ("does not build", "equivalent")]
    caught = sum(1 for r in counted if r[2].startswith("caught"))
    share = 100 * caught / len(counted) if counted else 100.0
    print(f"mutate-sample: seed {seed}: {caught} of {len(counted)} caught ({share:.0f} %)")
    return 0 if share >= 90 else 1


if __name__ == "__main__":
    sys.exit(main())
