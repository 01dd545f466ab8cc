"""A feed server on loopback for the tests: prints its port, then the port of a listener
that never answers (its backlog is full, so a connect hangs), and serves until its
standard input closes (the test process ended) or a minute passes.

With --tls it also serves HTTPS, with a certificate for 127.0.0.1 made at start, and
prints that port and the certificate's path (in a folder it removes when it ends)."""
import http.server, json, os, select, shutil, socket, ssl, subprocess, sys, tempfile, threading, time, zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mastodon_api  # noqa: E402  (Mastodon's sign-in, beside this file)
import bluesky_api  # noqa: E402  (Bluesky's AppView and PDS, beside this file)

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "FeedCoreTests", "Fixtures")


def fixture(name):
    with open(os.path.join(HERE, name), "rb") as f:
        return f.read()


def generated_posts(start, count):
    return [{"id": i, "author": {"name": f"Author {i}", "handle": f"a{i}"}, "content": f"Post number {i}.",
             "likes": i, "created_at": "2026-11-29T10:00:00Z"} for i in range(start, start + count)]


def png(width, height, color_at):
    """A PNG of `width` x `height` RGB pixels, `color_at(x, y)` each: made here, so that
    the pictures the tests load need no library."""
    rows = b"".join(b"\0" + bytes(c for x in range(width) for c in color_at(x, y)) for y in range(height))

    def chunk(kind, data):
        return len(data).to_bytes(4, "big") + kind + data + (zlib.crc32(kind + data) & 0xFFFFFFFF).to_bytes(4, "big")
    header = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


# The colours of /pictures/avatar/N: red, green, blue, gold.
AVATAR_COLORS = [(220, 50, 50), (50, 180, 80), (60, 90, 220), (230, 200, 40)]


def picture_timeline(base, slow):
    """Four Mastodon statuses whose avatars come `slow` seconds apart (the first after
    `slow`, the second after twice that), with a 16:9 picture on the first and third and
    a picture that is missing on the second."""
    statuses = []
    for i in range(1, 5):
        media = []
        if i % 2 == 1:
            media = [{"type": "image", "url": f"{base}/pictures/media/{i}", "preview_url": f"{base}/pictures/media/{i}",
                      "description": f"Picture {i}", "blurhash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
                      "meta": {"original": {"width": 640, "height": 360}}}]
        elif i == 2:
            media = [{"type": "image", "url": f"{base}/pictures/missing", "preview_url": f"{base}/pictures/missing",
                      "description": "A picture that is missing", "meta": {"original": {"width": 400, "height": 400}}}]
        statuses.append({"id": str(i), "created_at": "2026-11-29T10:0%d:00.000Z" % (9 - i),
                         "content": f"<p>Post {i} of the picture timeline.</p>", "favourites_count": i,
                         "reblogs_count": 0, "replies_count": 0, "media_attachments": media,
                         "account": {"username": f"person{i}", "acct": f"person{i}", "display_name": f"Person {i}",
                                     "avatar": f"{base}/pictures/avatar/{i}.gif",
                                     "avatar_static": f"{base}/pictures/avatar/{i}?delay={slow * i}"}})
    return json.dumps(statuses).encode()


def sunset(x, y):
    """A sunset over mountains and water, 160 x 90: the README's picture post."""
    horizon, sun_x, sun_y, sun_r = 56, 112, 44, 11
    if y < horizon:
        t = y / horizon
        d = ((x - sun_x) ** 2 + (y - sun_y) ** 2) ** 0.5
        if d < sun_r:
            return (255, 214, 120)
        glow = max(0.0, 1 - d / 60)
        sky = (min(255, int(40 + 200 * t + 80 * glow)), min(255, int(50 + 90 * t + 50 * glow)),
               min(255, int(120 - 40 * t + 10 * glow)))
        import math
        ridge = horizon - 14 - 10 * math.sin(x / 17) - 6 * math.sin(x / 7 + 1)
        return (int(50 + 20 * t), int(40 + 10 * t), int(70 + 10 * t)) if y > ridge else sky
    t = (y - horizon) / (90 - horizon)
    if abs(x - sun_x) < 9 * (1 - t) + 2 and (y // 2) % 2 == 0:
        return (230, 170, 90)
    return (int(30 + 30 * (1 - t)), int(50 + 30 * (1 - t)), int(90 + 30 * (1 - t)))


def silhouette(color):
    """An avatar of 48 x 48: a light head and shoulders on `color`."""
    light = tuple(min(255, c + 110) for c in color)

    def at(x, y):
        head = (x - 24) ** 2 + (y - 19) ** 2 <= 10 ** 2
        shoulders = ((x - 24) / 19) ** 2 + ((y - 48) / 15) ** 2 <= 1
        return light if head or shoulders else color
    return at


def bench_media(cache={}):
    """A sunset of 1280 x 720 (the showcase's, eight times over), made once."""
    if "png" not in cache:
        cache["png"] = png(1280, 720, lambda x, y: sunset(x // 8, y // 8))
    return cache["png"]


SHOWCASE = [("Ada Park", "ada", (40, 90, 160)), ("Ben Okafor", "benok", (150, 60, 90)),
            ("Min-jun Kim", "minjun", (40, 130, 100)), ("Lucía Gómez", "lucia", (170, 110, 30))]


def showcase_timeline(base):
    """Four statuses for the README: avatars, and a picture with its BlurHash."""
    texts = ["Pictures in the terminal: each avatar shimmers until its own bytes arrive.",
             "Last light over the bay tonight.",
             "The skeleton and the row share one layout, so nothing moves when a picture comes.",
             "Mastodon sends a BlurHash with each picture: a blurred preview until it loads."]
    statuses = []
    for i, (name, handle, _) in enumerate(SHOWCASE):
        media = []
        if i == 1:
            media = [{"type": "image", "url": f"{base}/showcase/sunset", "preview_url": f"{base}/showcase/sunset",
                      "description": "The sun setting behind hills over the bay",
                      "blurhash": "LNDbT-EO9^-m=eWVWVfR0.xY-SM~", "meta": {"original": {"width": 1600, "height": 900}}}]
        statuses.append({"id": str(100 + i), "created_at": "2026-11-30T1%d:00:00.000Z" % (8 - i),
                         "content": f"<p>{texts[i]}</p>", "favourites_count": [128, 42, 7, 19][i],
                         "reblogs_count": [12, 3, 0, 2][i], "replies_count": [4, 1, 0, 3][i],
                         "media_attachments": media,
                         "account": {"username": handle, "acct": f"{handle}@social.example", "display_name": name,
                                     "avatar_static": f"{base}/showcase/avatar/{i}"}})
    return json.dumps(statuses).encode()


class Seen:
    """What the tests ask the server about afterwards: requests counted by key, and the
    Authorization each path was sent (whether it was the test token, never the token)."""
    lock = threading.Lock()
    counts = {}
    auth = []
    sent = []
    pictures = []  # the recorded answers' pictures asked for (/cdn/…)

    @classmethod
    def count(cls, key, what):
        with cls.lock:
            cls.counts[f"{key}:{what}"] = cls.counts.get(f"{key}:{what}", 0) + 1
            return cls.counts[f"{key}:{what}"]


def many_feed(source, items, words, padding):
    """Feed `source` of the many-sources tests: RSS 2.0, `items` items of `words` words of
    text each, a guid and link of their own, dated a minute apart, feeds interleaved; and
    `padding` bytes that no post shows (the channel's <docs>)."""
    text = " ".join(f"word{(source * 31 + n) % 97}" for n in range(words))
    parts = [f'<?xml version="1.0"?><rss version="2.0"><channel><title>Feed {source}</title>',
             f"<docs>{'x' * padding}</docs>"]
    for item in range(items):
        stamp = time.strftime("%a, %d %b %Y %H:%M:%S +0000", time.gmtime(1796000000 - item * 60 - source))
        parts.append(f"<item><title>Feed {source} item {item}</title><guid>urn:{source}:{item}</guid>"
                     f"<link>http://example.org/{source}/{item}</link><pubDate>{stamp}</pubDate>"
                     f"<description>{text}</description></item>")
    parts.append("</channel></rss>")
    return "".join(parts).encode()


def timed_posts(names, newest):
    """Posts named `names`, one minute apart from `newest` (a Unix time) back."""
    return [{"id": name, "author": {"name": f"Writer {name}"}, "title": f"Post {name}", "content": f"Text of {name}.",
             "likes": 1, "created_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(newest - 60 * i))}
            for i, name in enumerate(names)]


class Streams:
    """Bodies that are being streamed now, and the most at once: a client that cancels
    must close one before it opens the next. A body counts as open until its client has
    closed its end, whenever the thread sending it notices: a new body first looks at every
    connection, its own too, so that a thread slow to wake on a busy machine does not make
    two bodies seem open at once."""
    lock = threading.Lock()
    live = set()
    most = 0
    total = 0
    served_feed = False

    @classmethod
    def enter(cls, handler):
        with cls.lock:
            # The new body's own client may be gone already: a load cancelled the moment it
            # connected, whose thread here was slower than the next load's.
            cls.live.add(handler)
            cls.live = {other for other in cls.live if not other.client_gone()}
            cls.total += 1
            cls.most = max(cls.most, len(cls.live))

    @classmethod
    def leave(cls, handler):
        with cls.lock:
            cls.live.discard(handler)

    @classmethod
    def snapshot(cls):
        with cls.lock:
            cls.live = {other for other in cls.live if not other.client_gone()}
            return {"open": len(cls.live), "most": cls.most, "total": cls.total}


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def client_gone(self):
        """Whether the client closed its end (readable with nothing to read, or reset)."""
        try:
            ready, _, _ = select.select([self.connection], [], [], 0)
            return bool(ready) and not self.connection.recv(1, socket.MSG_PEEK)
        except (OSError, ValueError):
            return True

    def stream(self, chunks, content_type="application/json", headers=(), interval=0.0, on_write=None):
        """Sends `chunks` (an iterator of bytes) without a length until the client goes;
        `on_write` hears each chunk once it is written."""
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Connection", "close")
        self.end_headers()
        Streams.enter(self)
        try:
            for chunk in chunks:
                if self.client_gone():
                    break
                self.wfile.write(chunk)
                self.wfile.flush()
                if on_write:
                    on_write(chunk)
                if interval:
                    # Wait, but wake as soon as the client closes its end.
                    select.select([self.connection], [], [], interval)
        except OSError:
            pass
        finally:
            Streams.leave(self)
            self.close_connection = True

    def send(self, status, body, content_type="application/json", headers=()):
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            given = {name.lower() for name, _ in headers}
            # Headers a network's part of the server sends with each of its answers (Bluesky's
            # rate limit), where the answer does not give its own.
            extra = [(name, value) for name, value in getattr(self, "extra_headers", ()) if name.lower() not in given]
            for name, value in [*headers, *extra]:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the viewer quit, or cancelled the load: nothing to say

    def base(self):
        scheme = "https" if isinstance(self.connection, ssl.SSLSocket) else "http"
        return f"{scheme}://127.0.0.1:{self.server.server_port}"

    def send_picture(self, path):
        """A picture of a recorded answer, moved here: an avatar 16 x 16, anything else
        64 x 36, in a colour of its address."""
        with Seen.lock:
            Seen.pictures.append(path)
        color = AVATAR_COLORS[zlib.crc32(path.encode()) % len(AVATAR_COLORS)]
        if "avatar" in path:
            self.send(200, png(16, 16, lambda x, y: color), "image/png")
        else:
            self.send(200, png(64, 36, lambda x, y: color if x < 32 else (40, 160, 160)), "image/png")

    def do_POST(self):
        if not mastodon_api.handle(self, "POST") and not bluesky_api.handle(self, "POST", self.base()):
            self.send(404, b"{}")

    def do_GET(self):
        if mastodon_api.handle(self, "GET") or bluesky_api.handle(self, "GET", self.base()):
            return
        base = self.base()
        path, _, query = self.path.partition("?")
        params = dict(p.split("=", 1) for p in query.split("&") if "=" in p)
        if path.startswith("/pictures/"):
            with Seen.lock:
                Seen.auth.append({"path": self.path, "host": self.headers.get("Host", ""),
                                  "token": self.headers.get("Authorization") == "Bearer test-token-123",
                                  "any": self.headers.get("Authorization") is not None})
        if path.startswith("/cdn/"):  # pictures of Bluesky's and Mastodon's answers, moved here
            self.send_picture(path)
        elif path == "/cdn-log":  # the pictures asked for, in order
            with Seen.lock:
                self.send(200, json.dumps(Seen.pictures).encode())
        elif path == "/showcase/timeline":
            self.send(200, showcase_timeline(base))
        elif path.startswith("/showcase/avatar/"):
            self.send(200, png(48, 48, silhouette(SHOWCASE[int(path.rsplit("/", 1)[1]) % 4][2])), "image/png")
        elif path == "/showcase/sunset":
            self.send(200, png(160, 90, sunset), "image/png")
        elif path == "/bench-pictures":
            # `count` statuses whose avatars come `delay` seconds after they are asked for; the
            # first is magenta, a colour nothing else on the screen has, for make bench.
            # With media=1 each has a picture of 1280 x 720 too.
            count, delay = int(params.get("count", "40")), params.get("delay", "1")
            media = params.get("media") == "1"
            if media:
                bench_media()  # made before anyone asks for it
            self.send(200, json.dumps([
                {"id": str(i), "created_at": "2026-11-29T10:00:00.000Z", "content": f"<p>Status {i}.</p>",
                 "favourites_count": i,
                 "media_attachments": [{"type": "image", "url": f"{base}/bench-media/{i}",
                                        "preview_url": f"{base}/bench-media/{i}", "description": f"Picture {i}",
                                        "meta": {"original": {"width": 1280, "height": 720}}}] if media else [],
                 "account": {"username": f"p{i}", "acct": f"p{i}", "display_name": f"Person {i}",
                             "avatar_static": f"{base}/bench-avatar/{i}?delay={delay}"}}
                for i in range(count)]).encode())
        elif path.startswith("/bench-avatar/"):
            number = int(path.rsplit("/", 1)[1])
            time.sleep(float(params.get("delay", "0")))
            color = (255, 0, 255) if number == 0 else SHOWCASE[number % 4][2]
            self.send(200, png(48, 48, (lambda x, y: color) if number == 0 else silhouette(color)), "image/png")
            if number == 0:
                with Seen.lock:
                    Seen.sent.append(time.monotonic())
        elif path.startswith("/bench-media/"):
            self.send(200, bench_media(), "image/png")
        elif path == "/pictures/timeline":
            self.send(200, picture_timeline(base, float(params.get("slow", "0"))))
        elif path.startswith("/pictures/avatar/"):
            number = int(path.rsplit("/", 1)[1].split(".")[0])
            time.sleep(float(params.get("delay", "0")))
            color = AVATAR_COLORS[(number - 1) % len(AVATAR_COLORS)]
            self.send(200, png(16, 16, lambda x, y: color), "image/png")
        elif path.startswith("/pictures/media/"):
            # 64 x 36: the left half orange, the right half teal.
            self.send(200, png(64, 36, lambda x, y: (240, 140, 40) if x < 32 else (40, 160, 160)), "image/png")
        elif path == "/pictures/etag":
            # A picture with an ETag, and 304 to a request that names it; /count?key= tells.
            # revalidate=fail answers that request 503, revalidate=slow after 30 s.
            key = params.get("key", "")
            revalidating = self.headers.get("If-None-Match") == '"p1"'
            if revalidating and params.get("revalidate") == "fail":
                Seen.count(key, "503")
                self.send(503, b"<html><body>Down for maintenance</body></html>", "text/html")
            elif revalidating and params.get("revalidate") == "slow":
                Seen.count(key, "slow")
                time.sleep(30)
                self.send_response(304)
                self.end_headers()
            elif revalidating:
                Seen.count(key, "304")
                self.send_response(304)
                self.send_header("ETag", '"p1"')
                self.end_headers()
            else:
                Seen.count(key, "200")
                self.send(200, png(8, 8, lambda x, y: (10, 200, 90)), "image/png", headers=[("ETag", '"p1"')])
        elif path == "/pictures/huge":
            # Nine megabytes of a PNG's signature and nothing that decodes.
            self.send(200, b"\x89PNG\r\n\x1a\n" + b"\0" * (9 << 20), "image/png")
        elif path == "/pictures/trickle":
            # A picture a byte every 0.2 s: no wait for a byte is long, the whole is.
            self.stream(iter([bytes([b]) for b in png(8, 8, lambda x, y: (0, 0, 0))]), "image/png", interval=0.2)
        elif path == "/pictures/to-http":
            # Served over HTTPS: a picture down on the plain server.
            self.send(302, b"", headers=[("Location", f"http://127.0.0.1:{self.server.plain_port}/pictures/media/1")])
        elif path == "/pictures/missing":
            self.send(404, b"<html><body>Not here</body></html>", "text/html")
        elif path == "/feed.json":
            self.send(200, fixture("small-feed.json"))
        elif path == "/jsonfeed/1":
            items = [{"id": str(i), "content_text": f"Item {i}", "authors": [{"name": f"Writer {i}"}]} for i in range(1, 31)]
            self.send(200, json.dumps({"version": "https://jsonfeed.org/version/1.1", "title": "Paged Feed",
                                       "next_url": f"{base}/jsonfeed/2", "items": items}).encode())
        elif path == "/jsonfeed/2":
            items = [{"id": str(i), "content_text": f"Item {i}", "authors": [{"name": f"Writer {i}"}]} for i in range(31, 41)]
            self.send(200, json.dumps({"version": "https://jsonfeed.org/version/1.1", "title": "Paged Feed",
                                       "items": items}).encode())
        elif path == "/jsonfeed/broken-next":
            items = [{"id": str(i), "content_text": f"Item {i}", "authors": [{"name": f"Writer {i}"}]} for i in range(1, 6)]
            self.send(200, json.dumps({"version": "https://jsonfeed.org/version/1.1", "title": "Broken Paging",
                                       "next_url": f"{base}/500", "items": items}).encode())
        elif path == "/mastodon":
            self.send(200, mastodon_api.fixture("mastodon.json"),
                      headers=[("Link", f'<{base}/mastodon-2>; rel="next", <{base}/mastodon-0>; rel="prev"')])
        elif path == "/mastodon-2":
            self.send(200, b"[]")
        elif path == "/posts":
            start = int(dict(p.split("=") for p in query.split("&") if "=" in p).get("start", "0"))
            self.send(200, json.dumps({"posts": generated_posts(start, 50)}).encode())
        elif path == "/mixed/rss":  # the mixed timeline's RSS feed, its pictures here
            self.send(200, fixture("xml/mixed-timeline.xml").replace(b"BASE", base.encode()),
                      "application/rss+xml; charset=utf-8")
        elif path == "/rss":
            self.send(200, fixture("xml/rss2.xml"), "application/rss+xml; charset=utf-8")
        elif path == "/cached-rss":
            # A feed whose <ttl> (minutes) and whose server's Cache-Control (seconds) each
            # set a floor under the next refresh.
            ttl, max_age = params.get("ttl", "60"), params.get("max_age", "600")
            self.send(200, f"<rss version='2.0'><channel><title>Cached</title><ttl>{ttl}</ttl>"
                      f"<item><guid>1</guid><title>One</title></item></channel></rss>".encode(),
                      "application/rss+xml", headers=[("Cache-Control", f"max-age={max_age}")])
        elif path == "/moved/relative":
            # Moved: relative links resolve against where the document is now.
            self.send(301, b"", headers=[("Location", "/news/relative.xml")])
        elif path == "/news/relative.xml":
            self.send(200, fixture("xml/relative-links-rss.xml"), "application/rss+xml")
        elif path == "/latin1":
            # ISO-8859-1 bytes, said in the header only.
            self.send(200, fixture("xml/latin1-undeclared.xml"), "text/xml; charset=ISO-8859-1")
        elif path == "/koi8-r":
            # KOI8-R bytes, said in the header only: not UTF-8, and not windows-1252 either.
            title = "Привет".encode("koi8-r")
            self.send(200, b"<rss><channel><title>K</title><item><guid>1</guid><title>" + title
                      + b"</title></item></channel></rss>", "application/rss+xml; charset=KOI8-R")
        elif path == "/atom":
            self.send(200, fixture("xml/atom.xml"), "application/atom+xml")
        elif path == "/rss-as-html":
            self.send(200, fixture("xml/rss2.xml"), "text/html")
        elif path == "/rss-after-junk":
            kind = dict(p.split("=", 1) for p in query.split("&") if "=" in p).get("type", "application/rss+xml")
            self.send(200, b"Warning: cache is full\n" + fixture("xml/rss2.xml"), kind)
        elif path.startswith("/atom-paged/"):
            # RFC 5005 paging: 30 entries, then 10 more on the page rel="next" names.
            page = int(path.rsplit("/", 1)[1])
            first, count = (1, 30) if page == 1 else (31, 10)
            entries = "".join(
                f"<entry><id>urn:entry:{i}</id><title>Entry {i}</title><author><name>Writer {i}</name></author>"
                f"<updated>2026-11-29T12:00:00Z</updated><summary>Summary {i}</summary></entry>"
                for i in range(first, first + count))
            link = f'<link rel="next" href="{base}/atom-paged/2"/>' if page == 1 else ""
            self.send(200, (f'<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">'
                            f"<title>Paged Atom</title>{link}{entries}</feed>").encode(), "application/atom+xml")
        elif path == "/mastodon-media":
            self.send(200, mastodon_api.fixture("mastodon-media.json"))
        elif path == "/huge-text":
            text = b"abc " * 3_000_000
            self.send(200, b'<rss version="2.0"><channel><title>Huge</title><item><guid>1</guid><title>First</title>'
                      b"</item><item><guid>2</guid><description>" + text + b"</description></item></channel></rss>",
                      "application/rss+xml")
        elif path == "/drip-posts":
            # One post every `interval` seconds, in our format or RSS: a body whose
            # first posts arrive long before its end.
            count, interval = int(params.get("count", "10")), float(params.get("interval", "0.2"))
            names = [f"{params.get('name', 'drip')}{i}" for i in range(1, count + 1)]
            if params.get("chunk"):
                # Each post with characters a cut can split: é (two bytes), 😀 (four), and
                # in JSON a quote and a line break escaped.
                names = [f"{name} é😀 \"q\"\n" for name in names]
            if params.get("kind") == "rss":
                head = b'<?xml version="1.0"?><rss version="2.0"><channel><title>Drip</title>'
                items = [f"<item><guid>{n}</guid><title>Post {n}</title><description>Text of {n}.</description>"
                         f"</item>".encode() for n in names]
                tail = b"</channel></rss>"
            else:
                head = b'{"posts": ['
                # Raw UTF-8 (not \\u escapes) when chunked, so that a cut can split a character.
                items = [(b"," if i else b"") + json.dumps(p, ensure_ascii=not params.get("chunk")).encode()
                         for i, p in enumerate(timed_posts(names, int(time.time())))]
                tail = b"]}"
            def written(chunk):
                # With record=1, when each post's last byte went out, for make bench.
                if params.get("record") and chunk in items:
                    with Seen.lock:
                        Seen.sent.append(time.monotonic())
            chunks = [head] + items + [tail]
            if params.get("chunk"):
                # Cut where a chunk size says, not where posts end: through a post, a UTF-8
                # character or an escape.
                size = int(params["chunk"])
                body = b"".join(chunks)
                chunks = [body[i:i + size] for i in range(0, len(body), size)]
            def stalling(chunks, stall):
                # With stall=SECONDS, the body stops that long before its end.
                yield from chunks[:-1]
                time.sleep(stall)
                yield chunks[-1]
            self.stream(stalling(chunks, float(params.get("stall", "0"))), interval=interval, on_write=written,
                        content_type="application/rss+xml" if params.get("kind") == "rss" else "application/json")
        elif path == "/growing":
            # Each request brings `step` posts more (1 unless asked), newer than the rest:
            # what a refresh finds.
            n = Seen.count(params.get("key", ""), "growing")
            count = n * int(params.get("step", "1")) + int(params.get("base", "7"))
            names = [f"{params.get('name', 'g')}{i}" for i in range(count, 0, -1)]
            self.send(200, json.dumps({"posts": timed_posts(names, 1796000000 + 60 * n)}).encode())
        elif path == "/etag":
            # An ETag, and 304 to a request that names it; /count?key= says how many of each.
            key = params.get("key", "")
            if self.headers.get("If-None-Match") == '"v1"':
                Seen.count(key, "304")
                self.send_response(304)
                self.send_header("ETag", '"v1"')
                self.end_headers()
            else:
                Seen.count(key, "200")
                self.send(200, fixture("small-feed.json"), headers=[("ETag", '"v1"')])
        elif path == "/refreshing":
            # One source as a refresh sees it: an ETag for each version; the first request
            # that names the current one brings a new post (a new version), the next ones a
            # 304. /count?key= says how many were conditional and how many got a 304.
            key = params.get("key", "")
            with Seen.lock:
                version = Seen.counts.get(f"{key}:version", 1)
            conditional = self.headers.get("If-None-Match")
            if conditional is not None:
                Seen.count(key, "conditional")
            if conditional == f'"v{version}"' and version > 1:
                Seen.count(key, "304")
                self.send_response(304)
                self.send_header("ETag", f'"v{version}"')
                self.end_headers()
                return
            if conditional == f'"v{version}"':
                version = Seen.count(key, "version") + 1
                with Seen.lock:
                    Seen.counts[f"{key}:version"] = version
            names = [f"r{i}" for i in range(version + 7, 0, -1)]
            self.send(200, json.dumps({"posts": timed_posts(names, 1796000000 + 60 * version)}).encode(),
                      headers=[("ETag", f'"v{version}"')])
        elif path == "/busy":
            # Too busy, as a server says it: `code` (429 or 503) with Retry-After `after`.
            code = int(params.get("code", "503"))
            reason = {429: "Too Many Requests", 503: "Service Unavailable"}.get(code, "Busy")
            self.send_response(code, reason)
            self.send_header("Retry-After", params.get("after", "120"))
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/last-modified":
            # Only Last-Modified, no ETag: a request that sends it back as If-Modified-Since
            # gets 304. /count?key= says how many of each.
            key = params.get("key", "")
            stamp = "Mon, 30 Nov 2026 10:00:00 GMT"
            if self.headers.get("If-Modified-Since") == stamp:
                Seen.count(key, "304")
                self.send_response(304)
                self.send_header("Last-Modified", stamp)
                self.end_headers()
            else:
                Seen.count(key, "200")
                self.send(200, fixture("small-feed.json"), headers=[("Last-Modified", stamp)])
        elif path == "/count":
            key = params.get("key", "")
            with Seen.lock:
                counts = {k.split(":", 1)[1]: v for k, v in Seen.counts.items() if k.startswith(key + ":")}
            self.send(200, json.dumps(counts).encode())
        elif path == "/bench-feed":
            # One of a timeline's sources for make bench: 40 posts after `delay` ms; when
            # each was sent, on the monotonic clock, is kept for /bench-times.
            source = params.get("source", "0")
            time.sleep(int(params.get("delay", "0")) / 1000)
            names = [f"s{source}p{i}" for i in range(40)]
            self.send(200, json.dumps({"posts": timed_posts(names, 1796000000 - int(source) * 7)}).encode())
            with Seen.lock:
                Seen.sent.append(time.monotonic())
        elif path == "/many-feed":
            # One of many sources, for the tests of what a source costs; `delay` seconds late
            # (answers spread over time, as a network's come).
            time.sleep(float(params.get("delay", "0")))
            body = many_feed(int(params.get("source", "0")), int(params.get("items", "20")),
                             int(params.get("words", "40")), int(params.get("padding", "0")))
            self.send(200, body, "application/rss+xml")
        elif path == "/bench-times":
            with Seen.lock:
                self.send(200, json.dumps(sorted(Seen.sent)).encode())
        elif path == "/auth-echo":
            with Seen.lock:
                Seen.auth.append({"path": self.path, "host": self.headers.get("Host", ""),
                                  "token": self.headers.get("Authorization") == "Bearer test-token-123",
                                  "any": self.headers.get("Authorization") is not None})
            self.send(200, fixture("small-feed.json"))
        elif path == "/to-localhost":
            # To another host name of the same server: the token must not follow.
            self.send(302, b"", headers=[("Location", f"https://localhost:{self.server.server_port}/auth-echo?moved")])
        elif path == "/auth-log":
            with Seen.lock:
                self.send(200, json.dumps(Seen.auth).encode())
        elif path == "/404":
            # after_ms=N: a dead feed that is slow to say so.
            time.sleep(int(params.get("after_ms", "0")) / 1000)
            self.send(404, b"<html><body>Not here</body></html>", "text/html")
        elif path == "/500":
            self.send(500, b"<html><body>Oops</body></html>", "text/html")
        elif path == "/html":
            self.send(200, b"<!doctype html><html><body>A web page</body></html>", "text/html")
        elif path == "/endless":
            # A JSON array that never ends, as fast as the client reads.
            def endless():
                yield b"["
                chunk = (json.dumps(generated_posts(0, 1)[0]).encode() + b",") * 64
                while True:
                    yield chunk
            self.stream(endless())
        elif path == "/drip":
            # A body that streams slowly and never ends: a load in progress.
            self.stream(iter(lambda: b" " * 64, None), interval=0.02)
        elif path == "/feed-then-drip":
            # The feed the first time, then a body that never ends: a reload in progress.
            with Streams.lock:
                first = not Streams.served_feed
                Streams.served_feed = True
            if first:
                self.send(200, fixture("small-feed.json"))
            else:
                self.stream(iter(lambda: b" " * 64, None), interval=0.02)
        elif path == "/gzip-bomb":
            # Zeros, gzip-compressed about a thousand to one: a megabyte of gzip per
            # gigabyte decoded, made as it is sent.
            def bomb():
                packer = zlib.compressobj(9, zlib.DEFLATED, 31)
                zeros = bytes(1 << 20)
                for _ in range(1024):
                    yield packer.compress(zeros)
                yield packer.flush()
            self.stream(bomb(), headers=[("Content-Encoding", "gzip")])
        elif path == "/stall":
            # A kilobyte of a feed, then nothing, until the client gives up.
            self.stream(iter([b'{"posts":[' + b" " * 1014] + [b""] * 100000), interval=0.05)
        elif path == "/redirect-loop":
            self.send(302, b"", headers=[("Location", "/redirect-loop")])
        elif path == "/moved":
            self.send(301, b"", headers=[("Location", "/feed.json")])
        elif path == "/to-http":
            # Served over HTTPS: down to the plain server.
            plain = f"http://127.0.0.1:{self.server.plain_port}"
            self.send(302, b"", headers=[("Location", f"{plain}/feed.json")])
        elif path == "/streams":
            self.send(200, json.dumps(Streams.snapshot()).encode())
        elif path == "/accept":
            # A feed whose title is the request's Accept header: what the loader asked for.
            self.send(200, json.dumps({"version": "https://jsonfeed.org/version/1.1",
                                       "title": self.headers.get("Accept", ""), "items": []}).encode())
        elif path == "/user-agent":
            self.send(200, json.dumps({"user_agent": self.headers.get("User-Agent", ""),
                                       "accept_encoding": self.headers.get("Accept-Encoding", "")}).encode())
        elif path == "/gzip":
            body = fixture("small-feed.json")
            packer = zlib.compressobj(9, zlib.DEFLATED, 31)
            self.send(200, packer.compress(body) + packer.flush(), headers=[("Content-Encoding", "gzip")])
        elif path == "/slow":
            time.sleep(5)
            self.send(200, fixture("small-feed.json"))
        else:
            self.send(404, b"no such path", "text/plain")


def unanswering_listener():
    """A listener whose backlog is full: further connects get no answer and hang, on
    loopback, with no traffic leaving the machine."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    port = listener.getsockname()[1]
    fillers = []
    for _ in range(4):
        filler = socket.socket()
        filler.setblocking(False)
        try:
            filler.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        fillers.append(filler)
    return listener, fillers


def tls_server(folder, plain_port):
    """An HTTPS server with a certificate for 127.0.0.1 made here; its port and the
    certificate's path."""
    key, cert = os.path.join(folder, "key.pem"), os.path.join(folder, "cert.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                    "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"], check=True, capture_output=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.plain_port = plain_port
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_port, cert


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.plain_port = server.server_port
    hanging = unanswering_listener()
    print(server.server_port, flush=True)
    print(hanging[0].getsockname()[1], flush=True)
    folder = None
    if "--tls" in sys.argv:
        folder = tempfile.mkdtemp(prefix="shimmerfeed-tls-")
        tls_port, cert = tls_server(folder, server.server_port)
        print(tls_port, flush=True)
        print(cert, flush=True)

    def end():
        if folder:
            shutil.rmtree(folder, ignore_errors=True)
        os._exit(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    deadline = time.time() + 60

    def watch_stdin():
        sys.stdin.read()
        end()

    threading.Thread(target=watch_stdin, daemon=True).start()
    while time.time() < deadline:
        time.sleep(0.5)
    end()


if __name__ == "__main__":
    main()
