#!/usr/bin/env python3
"""A private Tiny Tiny RSS on loopback, from Debian's package (tt-rss 21~git20210204, API
level 15): its own PostgreSQL cluster in a scratch folder, the package's schema, a copy of
its www folder with a config.php of its own, PHP's built-in server as www-data behind a TLS
front (this script's own certificate), and RSS feeds served on port 80 of a loopback address
of its own that tt-rss's own updater fetches. Never the system's services.

Facts of the set-up, not of tt-rss's API:
- tt-rss refuses feeds on loopback addresses and drops a URL's port (classes/urlhelper.php),
  so the feeds are served on port 80 of 127.0.0.N (N chosen free; the whole of 127/8 is
  loopback on Linux), and the copy's urlhelper.php has only its loopback refusal removed.
- API access is off for every user until the preference ENABLE_API_ACCESS is set.
- PHP 8 warns of deprecations at every request on this code: its log goes to a file, never
  into the answers.

Prints one JSON line when ready: {"url", "plain", "feeds", "cert", "user", "password", "seconds"}.
Then reads commands, a line each, and answers each with one line:
  update                      tt-rss's updater fetches every feed now ("ok")
  publish FEED TITLE          a new article at the top of feed FEED ("ok")
  sql STATEMENT               runs it in tt-rss's database; its rows, tab-separated, "|"-joined
  down / up                   stops or starts tt-rss's web server (the TLS front stays)
  user NAME PASSWORD on|off   a user without feeds, its API access on or off ("ok")
Ends everything it started, by id, and removes its folder when its input closes.

  ttrss_server.py [--feeds N] [--articles M] [--categories C] [--run ID]
"""

import ctypes
import datetime
import hashlib
import http.server
import json
import os
import pwd
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time

PACKAGE = "/usr/share/tt-rss"
PASSWORD = "password"  # the schema's admin password (SHA1 in ttrss_schema_pgsql.sql)


def option(name, default):
    if name in sys.argv:
        return sys.argv[sys.argv.index(name) + 1]
    return default


def postgres_bin():
    versions = sorted(os.listdir("/usr/lib/postgresql"), key=lambda v: int(v.split(".")[0]))
    return f"/usr/lib/postgresql/{versions[-1]}/bin"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Feeds:
    """The RSS feeds tt-rss subscribes to: feed k has its articles, newest first."""

    def __init__(self, count, articles):
        self.lock = threading.Lock()
        start = datetime.datetime(2026, 12, 1, 8, 0, tzinfo=datetime.timezone.utc)
        self.items = {}
        for feed in range(1, count + 1):
            self.items[feed] = [
                (f"Feed {feed} article {n}", start + datetime.timedelta(minutes=feed + n * 60))
                for n in range(articles, 0, -1)
            ]

    def publish(self, feed, title):
        with self.lock:
            newest = self.items[feed][0][1] if self.items[feed] else datetime.datetime.now(datetime.timezone.utc)
            self.items[feed].insert(0, (title, newest + datetime.timedelta(minutes=1)))

    def rss(self, feed, base):
        with self.lock:
            items = list(self.items.get(feed, []))
        entries = "".join(
            f"<item><title>{title}</title><link>{base}/feed/{feed}/{n}</link>"
            f"<guid>{base}/feed/{feed}/{hashlib.sha1(title.encode()).hexdigest()}</guid>"
            f"<pubDate>{date.strftime('%a, %d %b %Y %H:%M:%S +0000')}</pubDate>"
            f"<description>&lt;p&gt;The text of {title}.&lt;/p&gt;</description></item>"
            for n, (title, date) in enumerate(items)
        )
        return (
            f'<?xml version="1.0"?><rss version="2.0"><channel><title>Feed {feed}</title>'
            f"<link>{base}/</link><description>feed {feed}</description>{entries}</channel></rss>"
        ).encode()


def feed_server(feeds):
    """An HTTP server for `feeds` on port 80 of a loopback address no one else serves."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            match = re.fullmatch(r"/feed/(\d+)\.xml", self.path)
            if not match:
                self.send_response(404)
                self.end_headers()
                return
            body = feeds.rss(int(match.group(1)), f"http://{self.server.server_address[0]}")
            self.send_response(200)
            self.send_header("Content-Type", "application/rss+xml")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    for last in range(2, 250):
        address = f"127.0.{os.getpid() % 200 + 2}.{last}"
        try:
            server = http.server.ThreadingHTTPServer((address, 80), Handler)
        except OSError:
            continue
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return server, address
    raise RuntimeError("no loopback address with a free port 80")


def tls_front(folder, backend, state):
    """HTTPS on a loopback port, each connection relayed to PHP's server on `backend`."""
    key, cert = os.path.join(folder, "key.pem"), os.path.join(folder, "cert.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                    "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"], check=True, capture_output=True)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    listener = socket.create_server(("127.0.0.1", 0))

    def pipe(source, target):
        try:
            while data := source.recv(65536):
                target.sendall(data)
        except OSError:
            pass
        for end in (source, target):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def relay(client):
        try:
            secure = context.wrap_socket(client, server_side=True)
        except (OSError, ssl.SSLError):
            client.close()
            return
        if not state["up"]:
            # The server is down: the front answers as a proxy whose upstream is gone.
            secure.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            secure.close()
            return
        try:
            upstream = socket.create_connection(("127.0.0.1", backend))
        except OSError:
            secure.close()
            return
        threading.Thread(target=pipe, args=(upstream, secure), daemon=True).start()
        pipe(secure, upstream)

    def accept():
        while True:
            client, _ = listener.accept()
            threading.Thread(target=relay, args=(client,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    return listener.getsockname()[1], cert


class Instance:
    def __init__(self, feed_count, articles, categories, run):
        self.started = time.monotonic()
        self.processes = []
        self.folder = tempfile.mkdtemp(prefix="shimmerfeed-ttrss-")
        # PostgreSQL and PHP run as their own users: they must be able to pass through to
        # the folder (the test run's own temporary folder may be the reader's only).
        os.chmod(self.folder, 0o755)
        parent = os.path.dirname(self.folder)
        while parent != "/":
            mode = os.stat(parent).st_mode
            if not mode & 0o001:
                os.chmod(parent, mode | 0o001)
            parent = os.path.dirname(parent)
        self.postgres = pwd.getpwnam("postgres")
        self.www = pwd.getpwnam("www-data")
        self.state = {"up": True}
        self.feeds = Feeds(feed_count, articles)
        self.categories = categories
        self.feed_server = None
        try:
            self.start_database()
            self.feed_server, self.feed_address = feed_server(self.feeds)
            self.install_www()
            self.php_port = free_port()
            self.start_php()
            self.tls_port, self.cert = tls_front(self.folder, self.php_port, self.state)
            self.write_config()
            self.add_user(1, "admin", None, True)
            self.update()
        except BaseException:
            # What started is ended, and the folder goes, before the failure is told.
            self.end()
            raise

    # PostgreSQL, on a folder and a port of its own.
    def start_database(self):
        data = os.path.join(self.folder, "pg")
        os.mkdir(data)
        os.chown(data, self.postgres.pw_uid, self.postgres.pw_gid)
        done = subprocess.run([postgres_bin() + "/initdb", "-D", data, "-U", "postgres", "-A", "trust", "--no-sync",
                               "-E", "UTF8", "--locale=C"], capture_output=True, text=True, user="postgres", group="postgres", extra_groups=[], cwd="/")
        if done.returncode != 0:
            raise RuntimeError("initdb failed: " + done.stderr.strip().replace("\n", " "))
        self.pg_port = free_port()
        log = open(os.path.join(self.folder, "postgres.log"), "w")
        self.processes.append(subprocess.Popen(
            # TCP on loopback only, no Unix socket: a socket's path in a deep scratch folder
            # passes the 107 bytes a socket's address holds.
            [postgres_bin() + "/postgres", "-D", data, "-p", str(self.pg_port), "-k", "",
             "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "full_page_writes=off"],
            user="postgres", group="postgres", extra_groups=[], stdin=subprocess.DEVNULL, stdout=log, stderr=log,
            preexec_fn=end_with_parent, cwd="/"))
        deadline = time.monotonic() + 30
        while subprocess.run([postgres_bin() + "/pg_isready", "-h", "127.0.0.1", "-p", str(self.pg_port)],
                             capture_output=True).returncode != 0:
            if time.monotonic() > deadline:
                raise RuntimeError("PostgreSQL did not start: " + open(os.path.join(self.folder, "postgres.log")).read()[-500:])
            time.sleep(0.05)
        self.psql("create database ttrss", database="postgres")
        subprocess.run(["psql", "-q", "-h", "127.0.0.1", "-p", str(self.pg_port), "-U", "postgres", "-d", "ttrss",
                        "-v", "ON_ERROR_STOP=1", "-f", PACKAGE + "/schema/ttrss_schema_pgsql.sql"],
                       check=True, capture_output=True)

    def psql(self, statement, database="ttrss"):
        done = subprocess.run(["psql", "-q", "-h", "127.0.0.1", "-p", str(self.pg_port), "-U", "postgres", "-d",
                               database, "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", statement],
                              capture_output=True, text=True)
        if done.returncode != 0:
            return "error: " + done.stderr.strip().replace("\n", " ")
        return "|".join(done.stdout.strip().splitlines())

    # The package's www folder, copied, with a configuration of its own.
    def install_www(self):
        www = os.path.join(self.folder, "www")
        shutil.copytree(PACKAGE + "/www", www, symlinks=True)
        # The package links its libraries by relative paths (lib/gettext -> ../../../php/…):
        # in the copy each link points where the package's own does.
        for root, dirs, files in os.walk(www):
            for name in dirs + files:
                path = os.path.join(root, name)
                if os.path.islink(path):
                    original = os.path.join(PACKAGE + "/www", os.path.relpath(path, www))
                    os.unlink(path)
                    os.symlink(os.path.realpath(original), path)
        os.unlink(os.path.join(www, "config.php"))
        os.unlink(os.path.join(www, "feed-icons"))
        for sub in ("feed-icons", "lock", "cache", "cache/images", "cache/upload", "cache/export", "cache/feeds"):
            path = os.path.join(self.folder, "state", sub)
            os.makedirs(path)
        for root, dirs, _ in os.walk(os.path.join(self.folder, "state")):
            for name in [root] + [os.path.join(root, d) for d in dirs]:
                os.chown(name, self.www.pw_uid, self.www.pw_gid)
        os.symlink(os.path.join(self.folder, "state", "feed-icons"), os.path.join(www, "feed-icons"))
        helper = os.path.join(www, "classes", "urlhelper.php")
        text = open(helper).read()
        # Only the loopback refusal: feeds here are on 127.0.0.N (see the docstring).
        relaxed = text.replace("strpos($tokens['host'], '127.') === 0", "false")
        relaxed = relaxed.replace('strpos($ip_addr, "127.") === 0', "false")
        relaxed = relaxed.replace('strpos($fetch_effective_ip_addr, "127.") === 0', "false")
        if relaxed == text:
            raise RuntimeError("urlhelper.php has changed: its loopback refusal was not found")
        os.unlink(helper)
        open(helper, "w").write(relaxed)
        self.www_folder = www

    def config(self, tls_port):
        state = os.path.join(self.folder, "state")
        return f"""<?php
define('DB_TYPE', 'pgsql');
define('DB_HOST', '127.0.0.1');
define('DB_PORT', '{self.pg_port}');
define('DB_USER', 'postgres');
define('DB_NAME', 'ttrss');
define('DB_PASS', '');
define('MYSQL_CHARSET', 'UTF8');
define('SELF_URL_PATH', 'https://127.0.0.1:{tls_port}/');
define('SINGLE_USER_MODE', false);
define('SIMPLE_UPDATE_MODE', false);
define('PHP_EXECUTABLE', '/usr/bin/php');
define('LOCK_DIRECTORY', '{state}/lock');
define('CACHE_DIR', '{state}/cache');
define('ICONS_DIR', '{state}/feed-icons');
define('ICONS_URL', 'feed-icons');
define('AUTH_AUTO_CREATE', true);
define('AUTH_AUTO_LOGIN', true);
define('FORCE_ARTICLE_PURGE', 0);
define('ENABLE_REGISTRATION', false);
define('REG_NOTIFY_ADDRESS', 'user@example.invalid');
define('REG_MAX_USERS', 10);
define('SESSION_COOKIE_LIFETIME', 86400);
define('SMTP_FROM_NAME', 'Tiny Tiny RSS');
define('SMTP_FROM_ADDRESS', 'noreply@example.invalid');
define('DIGEST_SUBJECT', '[tt-rss] New headlines for last 24 hours');
define('CHECK_FOR_UPDATES', false);
define('ENABLE_GZIP_OUTPUT', false);
define('PLUGINS', 'auth_internal, note');
define('LOG_DESTINATION', '');
define('CONFIG_VERSION', 26);
"""

    def php_settings(self):
        return ["-d", "display_errors=0", "-d", "log_errors=1",
                "-d", "error_log=" + os.path.join(self.folder, "php.log")]

    def start_php(self):
        # The configuration, which names the TLS front's port, is written once the front
        # listens: PHP reads it at each request.
        log = open(os.path.join(self.folder, "php-server.log"), "a")
        self.php = subprocess.Popen(
            ["php"] + self.php_settings() + ["-S", f"127.0.0.1:{self.php_port}", "-t", self.www_folder],
            user="www-data", group="www-data", extra_groups=[], stdin=subprocess.DEVNULL, stdout=log, stderr=log, cwd=self.www_folder,
            preexec_fn=end_with_parent)
        self.processes.append(self.php)
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.php_port)).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("PHP's server did not start")
                time.sleep(0.05)

    def write_config(self):
        path = os.path.join(self.www_folder, "config.php")
        open(path, "w").write(self.config(self.tls_port))

    def add_user(self, uid, login, password, api, feeds=True):
        if uid != 1:
            salt = ""
            hashed = "SHA1:" + hashlib.sha1(password.encode()).hexdigest()
            uid = self.psql(f"insert into ttrss_users (login, pwd_hash, access_level, salt) "
                            f"values ('{login}', '{hashed}', 0, '{salt}') returning id").split("|")[0]
        # The updater schedules only the feeds of users with this preference, which tt-rss
        # writes at a user's first login in its web page.
        self.psql(f"insert into ttrss_user_prefs (owner_uid, pref_name, value) "
                  f"values ({uid}, 'DEFAULT_UPDATE_INTERVAL', '30')")
        if api:
            self.psql(f"insert into ttrss_user_prefs (owner_uid, pref_name, value) "
                      f"values ({uid}, 'ENABLE_API_ACCESS', 'true')")
        if not feeds:
            return
        # The feeds, filed under categories in turn (feed k under category (k-1) mod C).
        categories = []
        for c in range(self.categories):
            categories.append(self.psql(
                f"insert into ttrss_feed_categories (owner_uid, title, order_id) "
                f"values ({uid}, 'Category {chr(65 + c)}', {c}) returning id").split("|")[0])
        for feed in self.feeds.items:
            category = categories[(feed - 1) % len(categories)] if categories else "null"
            self.psql(f"insert into ttrss_feeds (owner_uid, title, feed_url, cat_id, order_id) values "
                      f"({uid}, 'Feed {feed}', 'http://{self.feed_address}/feed/{feed}.xml', {category}, {feed})")

    def update(self):
        # Every feed due again (tt-rss's updater skips the feeds of users who have not
        # logged in for a month: its DAEMON_UPDATE_LOGIN_LIMIT), then the updater itself,
        # as its web server's user.
        self.psql("update ttrss_feeds set last_updated = null, last_update_started = null")
        self.psql("update ttrss_users set last_login = now() where last_login is null")
        # tt-rss reads a feed from its own copy when that is under 30 s old: fetched anew.
        feeds = os.path.join(self.folder, "state", "cache", "feeds")
        for name in os.listdir(feeds):
            os.unlink(os.path.join(feeds, name))
        subprocess.run(["php"] + self.php_settings() + ["update.php", "--feeds", "--quiet"],
                       stdin=subprocess.DEVNULL, user="www-data", group="www-data", extra_groups=[], cwd=self.www_folder, capture_output=True, timeout=300)

    def command(self, line):
        words = line.split(" ", 2)
        if words[0] == "update":
            self.update()
            return "ok"
        if words[0] == "publish" and len(words) == 3:
            self.feeds.publish(int(words[1]), words[2])
            return "ok"
        if words[0] == "sql":
            return self.psql(line[4:])
        if words[0] == "down":
            self.state["up"] = False
            return "ok"
        if words[0] == "up":
            self.state["up"] = True
            return "ok"
        if words[0] == "user":
            name, password, api = line.split(" ")[1:4]
            self.add_user(None, name, password, api == "on", feeds=False)
            return "ok"
        return "error: unknown command " + words[0]

    def end(self):
        for process in reversed(self.processes):
            try:
                # PostgreSQL's immediate shutdown (SIGQUIT): its cluster goes with the folder.
                process.send_signal(signal.SIGQUIT if process is self.processes[0] else signal.SIGTERM)
                process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                process.kill()
        if self.feed_server:
            self.feed_server.server_close()
        shutil.rmtree(self.folder, ignore_errors=True)


def end_with_parent():
    """In a child: ends it when this script ends, however it ends (even by SIGKILL)."""
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def main():
    # SIGTERM (the tests' `terminate`) ends as a closed input does: everything ended.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        instance = Instance(int(option("--feeds", "3")), int(option("--articles", "5")),
                            int(option("--categories", "2")), option("--run", ""))
    except Exception as error:
        # Said on the line the tests read, for their failure's message.
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}), flush=True)
        sys.exit(1)
    print(json.dumps({
        "url": f"https://127.0.0.1:{instance.tls_port}",
        # PHP's own server, without the TLS front: for the bench, whose other reader
        # (newsboat) trusts only the system's certificates.
        "plain": f"http://127.0.0.1:{instance.php_port}",
        "feeds": f"http://{instance.feed_address}",
        "cert": instance.cert,
        "user": "admin",
        "password": PASSWORD,
        "seconds": round(time.monotonic() - instance.started, 2),
    }), flush=True)
    try:
        for line in sys.stdin:
            print(instance.command(line.strip()), flush=True)
    finally:
        instance.end()


if __name__ == "__main__":
    main()
