"""The release link's order of functions (lld's --symbol-ordering-file): every function the
viewer runs in a day's use, found by running it under valgrind's callgrind, so that the
linker puts them side by side at the front of the binary's code.

Why: the kernel maps a program's code in whole chunks of the page cache (64 KiB around a
fault, whole large folios where the file system makes them), so the functions used, strewn
across 11 MB of code among the thousands never called, kept 8 MiB of it resident where
1.4 MiB runs. Side by side they keep about 5 (`make bench`'s many-feeds peak, 300 feeds:
35.4 MiB without the order, 32.7 with it).

The scenario: the viewer on 300 loopback feeds from an empty store (loading, the keys
of the timeline, the sources view, unread only, search, help), again from the store, then
`reload`, `print` and `--dump`; then the viewer and `reload` signed in to a private Tiny Tiny
RSS of 50 feeds (Tests/servers/ttrss_server.py), where tt-rss is installed. Names the code no longer has are ignored by the linker; a
stale order only costs memory, and `make bench` says how many of its names still exist.

usage: hot_functions.py BINARY OUT   (BINARY unstripped: callgrind reads its symbols)
"""
import os, re, shlex, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import many_feeds  # noqa: E402

# The keys of a first session (tmux's names): move, expand a post and fold it, the sources
# view and a source's timeline (Esc back to the view, Esc to the timeline: one more would
# quit), unread only on and off, the ends, a search cleared, the pane and its keys.
KEYS = ["j", "j", "j", "Enter", "Enter", "s", "j", "Enter", "Escape", "Escape", "U", "U", "G", "g", "/", "a",
        "Escape", "v", "K", "J", "v"]


def callgrind(out, binary, *args):
    return [shutil.which("valgrind"), "--tool=callgrind", "--demangle=no", "--dump-instr=no",
            f"--callgrind-out-file={out}", binary, *args]


def viewer(binary, env, out, keys):
    """The viewer under callgrind in tmux (a real terminal, as people and `make bench` run
    it), until every source has loaded, then `keys`, then q; its tmux ended by name."""
    command = ["env", *(f"{name}={value}" for name, value in env.items()), "TERM=xterm-256color",
               *callgrind(out, binary)]
    tmux = ["tmux", "-L", f"hot-functions-{os.getpid()}", "-f", "/dev/null"]
    subprocess.run([*tmux, "new-session", "-d", "-x", "200", "-y", "50", shlex.join(command)], check=True)
    try:
        deadline = time.monotonic() + 900
        while "loaded in" not in subprocess.run([*tmux, "capture-pane", "-p"], capture_output=True, text=True).stdout:
            if time.monotonic() > deadline:
                raise RuntimeError("the viewer under callgrind did not load in 15 minutes")
            time.sleep(1)
        for key in [*keys, "q"]:
            subprocess.run([*tmux, "send-keys", key], check=True)
            time.sleep(2)
        while subprocess.run([*tmux, "has-session"], capture_output=True).returncode == 0:
            if time.monotonic() > deadline:
                raise RuntimeError("the viewer under callgrind did not quit")
            time.sleep(1)
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)


def functions(profile):
    """The function names of a callgrind profile, in the order they first appear."""
    names = []
    with open(profile, errors="replace") as text:
        for line in text:
            match = re.match(r"c?fn=\(\d+\) (.+)", line)
            if match:
                names.append(re.sub(r"'\d+$", "", match.group(1).strip()))  # recursion's copies
    return names


def reader_server(binary, workdir, profiles):
    """The viewer and `reload` signed in to a private tt-rss of 50 feeds (when tt-rss is
    installed): the reader server's path, profiled into `profiles`' two."""
    if not os.path.exists("/usr/share/tt-rss/www/api/index.php"):
        print("hot functions: tt-rss is not installed; its path is left out of the order")
        return []
    import ttrss_bench
    ttrss_bench.learn_user_agent(binary)
    process, server = ttrss_bench.started(50, 20)
    try:
        if "error" in server:
            print(f"hot functions: the private tt-rss did not start ({server['error']}); its path is left out")
            return []
        env = ttrss_bench.signed_in(os.path.join(workdir, "ttrss"), server)
        env["LANG"] = os.environ.get("LANG", "C.UTF-8")
        viewer(binary, env, profiles[0], KEYS[:8])
        subprocess.run(callgrind(profiles[1], binary, "reload"), env=dict(os.environ, **env), check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return profiles
    finally:
        process.stdin.close()
        process.wait(timeout=60)


def main(binary, target):
    workdir = tempfile.mkdtemp(prefix="hot-functions-")
    farm = many_feeds.Farm(20, 0.1)
    profiles = [os.path.join(workdir, f"callgrind.{n}") for n in range(5)]
    try:
        env = many_feeds.subscribe(workdir, farm, 300)
        env["XDG_CACHE_HOME"] = os.path.join(workdir, "cache")
        env["LANG"] = os.environ.get("LANG", "C.UTF-8")
        viewer(binary, env, profiles[0], KEYS)
        viewer(binary, env, profiles[1], KEYS[:4])  # from the store this time
        small = many_feeds.subscribe(os.path.join(workdir, "commands"), farm, 50)
        for profile, args in zip(profiles[2:], (["reload"], ["print"], ["--dump", "--size", "120x40"])):
            subprocess.run(callgrind(profile, binary, *args), env=dict(os.environ, **small), check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    finally:
        farm.close()
    profiles += reader_server(binary, workdir, [os.path.join(workdir, f"callgrind.ttrss.{n}") for n in range(2)])
    defined = set(re.findall(r"^\S+ [tTwW] (\S+)$",
                             subprocess.run(["nm", "--defined-only", binary], capture_output=True,
                                            text=True, check=True).stdout, re.M))
    seen, order = set(), []
    for profile in profiles:
        for name in functions(profile):
            if name in defined and name not in seen:
                seen.add(name)
                order.append(name)
    shutil.rmtree(workdir, ignore_errors=True)
    with open(target, "w") as out:
        out.write("# The functions the viewer runs, in the order the release link lays them out (lld's\n"
                  "# --symbol-ordering-file; lines starting with # are comments to it). Made by\n"
                  "# `make hot-functions` (Tests/bench/hot_functions.py): do not edit by hand.\n")
        out.writelines(f"{name}\n" for name in order)
    print(f"{len(order)} functions of {binary} into {target}")


if __name__ == "__main__":
    if len(sys.argv) != 3 or shutil.which("valgrind") is None:
        sys.exit(__doc__ if len(sys.argv) != 3 else "hot_functions.py needs valgrind (apt-get install valgrind)")
    main(sys.argv[1], sys.argv[2])
