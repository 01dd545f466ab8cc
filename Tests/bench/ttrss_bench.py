"""The reader-server table of `make bench`: a private Tiny Tiny RSS (Tests/servers/
ttrss_server.py: Debian's tt-rss, its own PostgreSQL) with FEEDS feeds of ITEMS articles,
fetched by its own updater; read by shimmerfeed signed in to it (in tmux, from an empty
store: the time until "N posts from FEEDS sources" shows) and by newsboat's `ttrss` source
(`-x reload`, from an empty cache), each over PHP's own server on loopback (plain http: newsboat
trusts only the system's certificates), in turn, RUNS times; medians, and the peak RSS of each.

usage (alone): ttrss_bench.py BINARY [FEEDS ITEMS RUNS]
"""
import json, os, shutil, statistics, subprocess, sys, tempfile, urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import many_feeds  # noqa: E402  (the viewer in tmux until loaded; a command's time and peak memory)

SERVER = os.path.join(HERE, "..", "servers", "ttrss_server.py")


def session_id(plain, user, password):
    """A session of the API's, as `shimmerfeed login` keeps one (its User-Agent's)."""
    request = urllib.request.Request(plain + "/api/", data=json.dumps(
        {"op": "login", "user": user, "password": password}).encode(), headers={"User-Agent": USER_AGENT})
    return json.load(urllib.request.urlopen(request))["content"]["session_id"]


USER_AGENT = ""


def signed_in(workdir, server):
    """The environment of a reader signed in to `server` (an accounts file in `workdir`,
    as `shimmerfeed login --ttrss` writes it), their cache and store there too."""
    config = os.path.join(workdir, "config", "shimmerfeed")
    os.makedirs(config)
    account = {"network": "ttrss", "server": server["plain"], "username": server["user"],
               "password": server["password"], "clientID": "", "clientSecret": "",
               "token": session_id(server["plain"], server["user"], server["password"])}
    with open(os.path.join(config, "accounts"), "w") as out:
        json.dump({"accounts": [account]}, out)
    os.chmod(os.path.join(config, "accounts"), 0o600)
    return {"XDG_CONFIG_HOME": f"{workdir}/config", "XDG_CACHE_HOME": f"{workdir}/cache",
            "XDG_STATE_HOME": f"{workdir}/state"}


def started(feeds, items, categories=5):
    """A private tt-rss (its process, and what it printed when ready)."""
    process = subprocess.Popen([sys.executable, SERVER, "--feeds", str(feeds), "--articles", str(items),
                                "--categories", str(categories)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
    return process, json.loads(process.stdout.readline())


def ours(binary, server, feeds, items):
    workdir = tempfile.mkdtemp(prefix="ttrss-bench-")
    try:
        wanted = f"{feeds * items:,} posts from {feeds} sources"
        figures = many_feeds.viewer_until(binary, signed_in(workdir, server), wanted)
        return dict(seconds=figures["all_loaded_s"], peak=figures["peak_rss_mib"])
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def newsboat(server):
    workdir = tempfile.mkdtemp(prefix="ttrss-bench-newsboat-")
    try:
        config = os.path.join(workdir, "config")
        with open(config, "w") as out:
            out.write(f'urls-source "ttrss"\nttrss-url "{server["plain"]}/"\nttrss-login "{server["user"]}"\n'
                      f'ttrss-password "{server["password"]}"\nreload-threads 8\n')
        urls = os.path.join(workdir, "urls")
        open(urls, "w").close()
        return many_feeds.sampled(
            ["newsboat", "-x", "reload", "-u", urls, "-c", os.path.join(workdir, "cache.db"), "-C", config],
            {"HOME": workdir})
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def learn_user_agent(binary):
    """The User-Agent the binary sends: a session works only with the one that logged in."""
    global USER_AGENT
    version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.split()[-1]
    USER_AGENT = f"shimmerfeed/{version}"


def table(binary, feeds=100, items=20, runs=3):
    learn_user_agent(binary)
    process, server = started(feeds, items)
    try:
        if "error" in server:
            print(f"tt-rss against newsboat: the private tt-rss did not start ({server['error']})")
            return
        print(f"tt-rss ({feeds} feeds x {items} articles) started in {server['seconds']:.1f} s")
        rows = {"shimmerfeed": [], "newsboat -x reload (ttrss)": []}
        for _ in range(runs):
            rows["shimmerfeed"].append(ours(binary, server, feeds, items))
            if shutil.which("newsboat"):
                rows["newsboat -x reload (ttrss)"].append(newsboat(server))
        print(f"{'reader':<30} {'every article (s)':>18} {'peak RSS (MiB)':>15}   medians of {runs}")
        for name, runs_of in rows.items():
            if runs_of:
                print(f"{name:<30} {statistics.median(r['seconds'] for r in runs_of):>18.2f} "
                      f"{statistics.median(r['peak'] for r in runs_of):>15.1f}")
    finally:
        process.stdin.close()
        process.wait(timeout=60)


if __name__ == "__main__":
    arguments = sys.argv[1:]
    table(arguments[0], *(int(a) for a in arguments[1:4]))
