"""A Mastodon home timeline streaming from the tests' loopback server, the viewer on a
pty: from an `update` event's last byte leaving the server to its row on the screen; then
100 statuses a second for 10 s, with the frames the viewer writes meanwhile (their gaps:
a frame over its budget shows as a late one), its CPU, its peak memory, and the
timeline's length at the end (a streaming source keeps its newest 500 posts).

Run by `make bench` (terminal_bench.py), or alone: streaming_bench.py BIN_DIR WORKDIR."""
import json, os, re, statistics, subprocess, sys, tempfile, time, urllib.request

import terminal_bench
from terminal_bench import Session

TOKEN = "qLFk5fQZHZfAWvjsVWMJZRH2K9coa_1JOCpbMwOlPbM"  # the recorded one (mastodon-api/token.json)


class TLSServer:
    """The loopback server with its https side: the streaming needs a token, and a token
    goes over https only."""

    def __init__(self):
        here = os.path.dirname(os.path.abspath(__file__))
        script = os.path.join(here, "..", "servers", "feed_server.py")
        self.process = subprocess.Popen([sys.executable, script, "--tls"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE)
        self.port = int(self.process.stdout.readline())
        self.process.stdout.readline()  # the hanging port
        self.tls_port = int(self.process.stdout.readline())
        self.certificate = self.process.stdout.readline().decode().strip()

    def get(self, path):
        return json.loads(urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}").read())

    def post_status(self, text):
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/api/v1/statuses", data=f"status={text}".encode(),
            headers={"Authorization": f"Bearer {TOKEN}"})
        return json.loads(urllib.request.urlopen(request).read())

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


def signed_in(folder, server):
    config = os.path.join(folder, "config", "shimmerfeed")
    os.makedirs(config, mode=0o700)
    account = {"network": "mastodon", "server": f"https://127.0.0.1:{server.tls_port}", "username": "mastodonpy_test",
               "displayName": "John Lennon", "clientID": "recorded", "clientSecret": "recorded", "token": TOKEN}
    path = os.path.join(config, "accounts")
    with open(path, "w") as f:
        json.dump({"accounts": [account]}, f)
    os.chmod(path, 0o600)
    return {"XDG_CONFIG_HOME": os.path.join(folder, "config"), "SSL_CERT_FILE": server.certificate}


def token(n):
    """Status n's text: each of two statuses in a row in letters the other has none of.
    A frame writes only the cells that change, and the new row lands where the last one
    was: text they shared would not be written again, and not be found."""
    letters = "ABCDEFGHIJ" if n % 2 else "klmnopqrst"
    return ("XX" if n % 2 else "yy") + "".join(letters[int(digit)] for digit in f"{n:04d}")


def frames(session, since):
    """The frames written after `since` (output within 4 ms of the last is one frame):
    their start times."""
    starts, last = [], None
    for moment, _ in session.events:
        if moment < since:
            continue
        if last is None or moment - last > 0.004:
            starts.append(moment)
        last = moment
    return starts


def streaming_run(binary, posts=20):
    server = TLSServer()
    folder = tempfile.mkdtemp(prefix="stream-", dir=terminal_bench.STATE_ROOT)
    try:
        s = Session([binary], env_extra=signed_in(folder, server))
        s.wait_for(b"13 posts", 20)
        deadline = time.monotonic() + 10
        while server.get("/mastodon-api/streaming")["opened"] == 0 and time.monotonic() < deadline:
            s.pump(0.02)
        s.pump(0.5)  # the gap fetch after the stream opened
        delays = []
        for n in range(1, posts + 1):
            status = server.post_status(token(n))
            seen = s.wait_for(token(n).encode(), 5)
            written = server.get("/mastodon-api/stream-writes").get(status["id"])
            if seen is not None and written is not None:
                delays.append((s.start + seen - written) * 1000)
            s.pump(0.05)
        # 100 a second for 10 s.
        cpu = s.cpu_seconds()
        begin = time.monotonic()
        server.get("/mastodon-api/stream-burst?rate=100&seconds=10")
        s.pump(10.5)
        cpu_fraction = (s.cpu_seconds() - cpu) / (time.monotonic() - begin)
        # Until the last has come (the server may lag its rate), then the whole screen
        # again (Ctrl-L): a frame writes only the cells that changed.
        s.pump(3)
        redrawn = len(s.output)
        os.write(s.fd, b"\x0c")
        s.pump(1)
        found = re.search(rb"([\d,]+) posts", bytes(s.output[redrawn:]))
        length = int(found.group(1).replace(b",", b"")) if found else float("nan")
        starts = frames(s, begin)
        gaps = [b - a for a, b in zip(starts, starts[1:])]
        figures = {
            "update_to_row_median_ms": statistics.median(delays) if delays else float("nan"),
            "update_to_row_max_ms": max(delays) if delays else float("nan"),
            "burst_frames_per_s": len(starts) / 10.5,
            "burst_frame_gap_median_ms": statistics.median(gaps) * 1000 if gaps else float("nan"),
            "burst_frame_gap_p99_ms": sorted(gaps)[int(len(gaps) * 0.99)] * 1000 if gaps else float("nan"),
            "burst_cpu_cores": cpu_fraction,
            "burst_peak_rss_mib": s.peak_rss_mib(),
            "timeline_posts_at_end": length,
        }
        s.quit()
        return figures
    finally:
        server.close()


if __name__ == "__main__":
    bin_dir, workdir = sys.argv[1], sys.argv[2]
    terminal_bench.STATE_ROOT = workdir
    runs = int(os.environ.get("BENCH_RUNS", "3"))
    terminal_bench.report("a Mastodon home timeline streaming from loopback (20 statuses, then 100 a second for 10 s):",
                          [streaming_run(os.path.join(bin_dir, "shimmerfeed")) for _ in range(runs)])
