"""A feed server on loopback for the tests: prints its port, serves until its standard
input closes (the test process ended) or a minute passes."""
import http.server, json, os, sys, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))


def fixture(name):
    with open(os.path.join(HERE, name), "rb") as f:
        return f.read()


def generated_posts(start, count):
    return [{"id": i, "author": {"name": f"Author {i}", "handle": f"a{i}"}, "content": f"Post number {i}.",
             "likes": i, "created_at": "2026-11-29T10:00:00Z"} for i in range(start, start + count)]


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="application/json", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        base = f"http://127.0.0.1:{self.server.server_port}"
        path, _, query = self.path.partition("?")
        if path == "/feed.json":
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
            self.send(200, fixture("mastodon.json"),
                      headers=[("Link", f'<{base}/mastodon-2>; rel="next", <{base}/mastodon-0>; rel="prev"')])
        elif path == "/mastodon-2":
            self.send(200, b"[]")
        elif path == "/posts":
            start = int(dict(p.split("=") for p in query.split("&") if "=" in p).get("start", "0"))
            self.send(200, json.dumps({"posts": generated_posts(start, 50)}).encode())
        elif path == "/404":
            self.send(404, b"<html><body>Not here</body></html>", "text/html")
        elif path == "/500":
            self.send(500, b"<html><body>Oops</body></html>", "text/html")
        elif path == "/html":
            self.send(200, b"<!doctype html><html><body>A web page</body></html>", "text/html")
        elif path == "/slow":
            time.sleep(5)
            self.send(200, fixture("small-feed.json"))
        else:
            self.send(404, b"no such path", "text/plain")


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_port, flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    deadline = time.time() + 60

    def watch_stdin():
        sys.stdin.read()
        os._exit(0)

    threading.Thread(target=watch_stdin, daemon=True).start()
    while time.time() < deadline:
        time.sleep(0.5)
    os._exit(0)


if __name__ == "__main__":
    main()
