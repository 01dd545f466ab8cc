"""A loopback server of many RSS 2.0 feeds, for the many-feeds bench: /feed/N.xml is
feed N of ITEMS items, sent after DELAY seconds (each request on a thread of its own, so
that the delay is the network's and not the server's). Every item has a guid and a link
of its own, and text of a length real feeds have (a title, a paragraph of description).

usage (as a module): farm = RSSFarm(items=20, delay=0.1); farm.url(7); farm.close()
GET /set-delay/SECONDS changes the delay of the answers after it.
usage (alone): rss_farm.py ITEMS DELAY  -- prints the port, serves until stdin closes
"""
import http.server, random, sys, threading, time

WORDS = ("the quick brown fox jumps over a lazy dog while the terminal feed viewer draws "
         "skeleton rows with a shimmer until the posts arrive from every source").split()


def rss(feed, items):
    """Feed `feed`'s document: the same bytes each time it is asked for."""
    rng = random.Random(feed)
    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>',
             f"<title>Feed {feed}</title><link>http://example.org/{feed}/</link>",
             f"<description>Feed number {feed}</description>"]
    for item in range(items):
        # Spread over the last days, a minute apart within a feed, feeds interleaved.
        day, minute = divmod(item * 37 + feed, 1440)
        stamp = time.strftime("%a, %d %b %Y %H:%M:%S +0000", time.gmtime(1_796_000_000 - day * 86400 - minute * 60))
        parts.append(f"<item><title>Feed {feed} item {item}: {' '.join(rng.choices(WORDS, k=7))}</title>"
                     f"<link>http://example.org/{feed}/{item}</link><guid>urn:feed:{feed}:{item}</guid>"
                     f"<pubDate>{stamp}</pubDate><author>writer{feed}@example.org (Writer {feed})</author>"
                     f"<description>{' '.join(rng.choices(WORDS, k=rng.randint(30, 70)))}</description></item>")
    parts.append("</channel></rss>\n")
    return "".join(parts).encode()


class RSSFarm:
    def __init__(self, items=20, delay=0.1):
        farm = self
        self.items, self.delay = items, delay
        self.cache = {}
        self.lock = threading.Lock()

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):
                if self.path.startswith("/set-delay/"):
                    # The same feeds at the same addresses, answering later from now on.
                    farm.delay = float(self.path.removeprefix("/set-delay/"))
                    self.send_response(204)
                    self.end_headers()
                    return
                try:
                    feed = int(self.path.removeprefix("/feed/").removesuffix(".xml"))
                except ValueError:
                    self.send_error(404)
                    return
                time.sleep(farm.delay)
                body = farm.document(feed)
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "application/rss+xml; charset=utf-8")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the reader quit, or cancelled the load, before this feed answered

            def log_message(self, *_):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def document(self, feed):
        with self.lock:
            if feed not in self.cache:
                self.cache[feed] = rss(feed, self.items)
            return self.cache[feed]

    def url(self, feed):
        return f"http://127.0.0.1:{self.port}/feed/{feed}.xml"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


if __name__ == "__main__":
    farm = RSSFarm(int(sys.argv[1]), float(sys.argv[2]))
    print(farm.port, flush=True)
    sys.stdin.read()
    farm.close()
