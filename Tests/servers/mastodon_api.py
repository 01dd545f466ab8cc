"""Mastodon as the loopback server answers it: the endpoints a client signs in and out with,
reads timelines with, and favourites, boosts, bookmarks and searches with, each answering
with a real server's recorded answer (mastodon-api/SOURCES.md) and checking what the client
sends as Mastodon does: the app's redirect URIs, the authorize request's state and PKCE
challenge, the code's verifier, the bearer token. Every request is logged for the tests
(GET /mastodon-api/log), secrets as whether they were right, never their values."""
import base64, copy, hashlib, json, os, threading, time, urllib.parse

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "MastodonNetworkTests", "Fixtures")
HERE = os.path.join(FIXTURES, "mastodon-api")
STREAMING = os.path.join(FIXTURES, "mastodon-streaming")


def fixture(name):
    """A fixture of the Mastodon tests' own (beside the recorded answers)."""
    with open(os.path.join(FIXTURES, name), "rb") as f:
        return f.read()


def recorded(name):
    with open(os.path.join(HERE, name), "rb") as f:
        return json.loads(f.read())


APP = recorded("apps.json")
TOKEN = recorded("token.json")


# What each action changes of a status, as the recorded pairs show (checked below):
# endpoint -> (flag, its value after, the count it moves, by how much).
ACTIONS = {
    "favourite": ("favourited", True, "favourites_count", 1),
    "unfavourite": ("favourited", False, "favourites_count", -1),
    "reblog": ("reblogged", True, "reblogs_count", 1),
    "unreblog": ("reblogged", False, "reblogs_count", -1),
    "bookmark": ("bookmarked", True, None, 0),
    "unbookmark": ("bookmarked", False, None, 0),
}


def acted(status, endpoint):
    """The status after `endpoint`, as Mastodon changes it: the flag set, the count moved
    when the flag changed (an action the status already has changes nothing)."""
    flag, value, count, delta = ACTIONS[endpoint]
    status = copy.deepcopy(status)
    if status.get(flag) != value:
        status[flag] = value
        if count:
            status[count] = max(0, status[count] + delta)
    return status


def voted(poll, choices):
    """The poll after the reader's vote for `choices`, as Mastodon counts it (checked below)."""
    poll = copy.deepcopy(poll)
    if not poll["own_votes"]:
        poll["voters_count"] += 1
    for choice in choices:
        poll["options"][choice]["votes_count"] += 1
    poll["votes_count"] += len(choices)
    poll["own_votes"] = poll["own_votes"] + choices
    poll["voted"] = True
    return poll


def reblog_answer(status):
    """A reblog's answer: the reader's own boost, the status inside it, as recorded."""
    answer = copy.deepcopy(recorded("reblog.json"))
    answer["reblog"] = status
    return answer


def check_rules_against_the_recordings():
    """The rules above must reproduce each recorded pair exactly (the boost's author's
    statuses_count aside, which a boost moves): otherwise this server is not Mastodon."""
    pairs = [("status.json", "favourite", "favourite.json"), ("favourite.json", "unfavourite", "unfavourite.json"),
             ("status_to_bookmark.json", "bookmark", "bookmark.json"), ("bookmark.json", "unbookmark", "unbookmark.json")]
    for before, endpoint, after in pairs:
        assert acted(recorded(before), endpoint) == recorded(after), endpoint
    assert voted(recorded("status_with_poll.json")["poll"], [1]) == recorded("poll_voted.json"), "vote"
    boosted = recorded("reblog.json")["reblog"]
    made = acted(recorded("status_to_reblog.json"), "reblog")
    made["account"]["statuses_count"] = boosted["account"]["statuses_count"]
    assert made == boosted, "reblog"


class State:
    lock = threading.Lock()
    redirect_uris = []
    codes = {}  # code -> (redirect_uri, challenge)
    revoked = False
    pkce = True
    log = []
    # The statuses as they stand, by id: the recorded timelines', as actions change them.
    statuses = {}
    # Found by a search with resolve: the account's own copy of another server's status
    # has an id of its own, as on a real server (its own id, prefixed).
    resolved = {}
    # The next action requests answer with this status code, this many times.
    failing = (0, 0)
    # Action requests are answered after this many seconds (to see them in flight).
    hold = 0.0
    # Posts made, newest first, and the answer given for each Idempotency-Key.
    posted = []
    by_key = {}
    # The next instance requests answer 503 (where the viewer asks where it streams).
    instance_failures = 0
    # The next home timeline requests answer 503 (where a stream asks what it missed).
    timeline_failures = 0
    # Timelines' pictures (avatars, media) moved to this server, which draws them.
    local_pictures = False


def with_local_pictures(statuses, base):
    """`statuses` with their avatars' and media's addresses moved from their servers to
    this one (`/cdn/mastodon/HOST/PATH`), when the tests ask for pictures that load."""
    if not State.local_pictures:
        return statuses

    def moved(url):
        return base + "/cdn/mastodon/" + url.split("://", 1)[1] if url and "://" in url else url
    statuses = copy.deepcopy(statuses)
    for status in statuses + [st["reblog"] for st in statuses if st.get("reblog")]:
        for key in ("avatar", "avatar_static"):
            status["account"][key] = moved(status["account"].get(key))
        for media in status.get("media_attachments", []):
            for key in ("url", "preview_url"):
                media[key] = moved(media.get(key))
    return statuses


check_rules_against_the_recordings()
for _status in recorded("timelines_home.json") + recorded("timelines_public.json") + recorded("account_statuses.json"):
    State.statuses[_status["id"]] = _status
# The recorded threads, by the status asked for; any other status of the recordings has the
# recorded empty thread.
CONTEXTS = {"114026814291152535": "context.json", "114027213608365869": "context_of_a_reply.json"}
ACCOUNT_STATUSES = "/api/v1/accounts/109302436954721982/statuses"
# admin's statuses: the poll admin posted (test_polls.yaml), as another account reads them; as if posted
# when this server started: its times moved by the same amount, so that it is open for the
# five minutes it was asked to be (`expires_in: 300`), as it was when recorded.
OWN_STATUSES = "/api/v1/accounts/117020565693913441/statuses"


def recorded_events():
    """The events of the recorded stream (mastodon-streaming/user.sse), each as it was sent."""
    with open(os.path.join(STREAMING, "user.sse"), "rb") as f:
        blocks = f.read().split(b"\n\n")
    # The comments (the stream's opening `:)`) are the stream's, not the events'.
    events = [b"\n".join(line for line in block.split(b"\n") if not line.startswith(b":")) for block in blocks]
    return [event + b"\n\n" for event in events if event.startswith(b"event:")]


class Streaming:
    """The streaming API as this server runs it: every stream open gets each event sent
    from the moment it connected (as Mastodon's streaming server, which keeps none for
    later), and a comment every `heartbeat` seconds, as Mastodon sends `:thump`."""
    cond = threading.Condition()
    sent = []  # every event sent, in order
    # "on"; "refuse": streams are answered 401; "cut": the next event is cut in its middle
    # and its stream closed.
    mode = "on"
    opened = 0
    heartbeat = 15.0
    # When each update's last byte was written, by status id (time.monotonic(), which is
    # CLOCK_MONOTONIC: the bench compares it with when the row reached its terminal).
    written = {}

    @classmethod
    def send(cls, chunk):
        with cls.cond:
            cls.sent.append(chunk)
            cls.cond.notify_all()

    @classmethod
    def status_event(cls, name, status):
        cls.send(f"event: {name}\ndata: {json.dumps(status, separators=(',', ':'))}\n\n".encode())


def serve_stream(handler, only=None):
    """One stream, until its client goes or it is cut; with `only`, the events of that name
    alone (the user stream's notifications, `user/notification`)."""
    with Streaming.cond:
        if Streaming.mode == "refuse":
            # Mastodon's streaming server refuses with a JSON error and the status it names
            # (streaming/index.js: "Missing access token", 401); not a recording.
            handler.send(401, b'{"error":"Missing access token"}')
            return
        Streaming.opened += 1
        seen = len(Streaming.sent)
    try:
        handler.send_response(200)
        handler.send_header("Content-Type", "text/event-stream")
        handler.send_header("Cache-Control", "no-store")
        handler.send_header("Connection", "close")
        handler.end_headers()
        handler.wfile.write(b":)\n")  # the first bytes, as recorded
        handler.wfile.flush()
        while True:
            with Streaming.cond:
                if len(Streaming.sent) == seen:
                    Streaming.cond.wait(Streaming.heartbeat)
                chunks = [chunk for chunk in Streaming.sent[seen:]
                          if only is None or chunk.startswith(b"event: " + only + b"\n")]
                seen = len(Streaming.sent)
                cut = Streaming.mode == "cut" and chunks
                if cut:
                    Streaming.mode = "on"
            if not chunks:
                handler.wfile.write(b":thump\n")
            for index, chunk in enumerate(chunks):
                if cut and index == len(chunks) - 1:
                    handler.wfile.write(chunk[:len(chunk) // 2])
                    handler.wfile.flush()
                    return
                handler.wfile.write(chunk)
                handler.wfile.flush()
                if chunk.startswith(b"event: update\n"):
                    status_id = json.loads(chunk.split(b"data: ", 1)[1])["id"]
                    with Streaming.cond:
                        Streaming.written[status_id] = time.monotonic()
            handler.wfile.flush()
    except (OSError, ValueError):
        pass  # the client went
    finally:
        handler.close_connection = True


def timeline_page(statuses, params):
    """A page of a timeline, newest first, as Mastodon pages it: `max_id` and `since_id` give
    the newest statuses in the range, `min_id` the ones just after it; `limit` at most (20 by
    default, 40 at most)."""
    def key(status):
        return int(status["id"])
    limit = min(40, int(params.get("limit") or 20))
    chosen = sorted(statuses, key=key, reverse=True)
    if params.get("max_id"):
        chosen = [st for st in chosen if key(st) < int(params["max_id"])]
    if params.get("min_id"):
        return sorted([st for st in chosen if key(st) > int(params["min_id"])], key=key)[:limit][::-1]
    if params.get("since_id"):
        chosen = [st for st in chosen if key(st) > int(params["since_id"])]
    return chosen[:limit]


def recorded_notifications():
    """The notifications the account has, one row of each type, newest first: recorded
    answers, and where no server was recorded answering a type, a recorded notification with
    its type changed (mastodon-api/SOURCES.md says which)."""
    mention = recorded("notifications_mention.json")[0]
    follows = recorded("notifications_follow.json")
    grouped = recorded("notifications_grouped.json")
    group = grouped["notification_groups"][0]
    # The v2 group's favourites in v1's shape: one notification per account, the group's key
    # and status; admin's full account as the recorded mention has it.
    full = {account["id"]: account for account in grouped["accounts"] + [mention["account"]]}
    favourites = [{"id": str(int(group["page_max_id"]) - n), "type": "favourite",
                   "created_at": group["latest_page_notification_at"], "group_key": group["group_key"],
                   "account": full[account_id], "status": grouped["statuses"][0]}
                  for n, account_id in enumerate(group["sample_account_ids"])]

    def retyped(notification, kind, number, **changes):
        notification = copy.deepcopy(notification)
        notification.update(type=kind, id=str(number), group_key=f"ungrouped-{number}", **changes)
        return notification
    reblogs = [dict(retyped(favourite, "reblog", 40 + n), group_key="reblog-" + group["group_key"][len("favourite-"):])
               for n, favourite in enumerate(favourites)]
    derived = reblogs + [
        retyped(follows[0], "follow_request", 42),
        retyped(mention, "poll", 43, status=recorded("status_with_poll.json")),
        retyped(mention, "update", 44),
        retyped(mention, "annual_report", 45),  # a type this client does not know
    ]
    made = [mention] + recorded("notifications_status.json") + recorded("notifications_admin_sign_up.json") \
        + follows + favourites + derived
    return sorted(made, key=lambda notification: int(notification["id"]), reverse=True)


NOTIFICATIONS = recorded_notifications()


class Markers:
    """The read markers as the server holds them, by timeline: (last_read_id, version,
    updated_at). `conflicts`: writes still to meet another client's write first (409)."""
    held = {}
    conflicts = 0
    racing = {}


def marker_answer(timelines):
    """The markers held of `timelines`, in the recorded shape (mastodon-api/markers.json)."""
    shape = recorded("markers.json")["home"]
    with State.lock:
        return {name: dict(shape, last_read_id=Markers.held[name][0], version=Markers.held[name][1],
                           updated_at=Markers.held[name][2])
                for name in timelines if name in Markers.held}


def write_markers(values):
    with State.lock:
        for name, last_read_id in values.items():
            version = Markers.held.get(name, (None, 0, None))[1] + 1
            now = time.time()
            Markers.held[name] = (last_read_id, version, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now))
                                  + ".%03dZ" % (int(now * 1000) % 1000))


def posted_now(status):
    import datetime
    def parse(text):
        return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.timezone.utc)
    shift = datetime.datetime.now(datetime.timezone.utc) - parse(status["created_at"])
    status = copy.deepcopy(status)
    for holder, key in ((status, "created_at"), (status["poll"], "expires_at")):
        holder[key] = (parse(holder[key]) + shift).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
    return status


State.statuses[recorded("status_with_poll.json")["id"]] = posted_now(recorded("status_with_poll.json"))
# The accounts the recorded statuses know, by their acct: the ones a post can mention.
KNOWN_ACCOUNTS = {status["account"]["acct"]: status["account"] for status in State.statuses.values()}


def current(timeline):
    """A recorded timeline with its statuses as they stand now; the home timeline with the
    posts made since on top."""
    with State.lock:
        made = list(State.posted) if timeline == "timelines_home.json" else []
        return made + [State.statuses.get(status["id"], status) for status in recorded(timeline)]


def made_status(form):
    """The status a post makes, in the shape of the recorded one (status_post.json): its
    text, content warning, visibility, language and the status it answers, from the form."""
    status = copy.deepcopy(recorded("status_post.json"))
    with State.lock:
        # A new id as Mastodon makes one: the time in milliseconds, shifted, and a sequence
        # (lib/mastodon/snowflake.rb), so that it is newer than every recorded status.
        status["id"] = str((int(time.time() * 1000) << 16) + len(State.posted))
    text = form.get("status", "")
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    status["content"] = "<p>" + escaped.replace("\n", "<br />") + "</p>"
    status["spoiler_text"] = form.get("spoiler_text", "")
    status["sensitive"] = bool(status["spoiler_text"])
    status["visibility"] = form.get("visibility", "public")
    status["language"] = form.get("language") or status["language"]
    now = time.time()  # to the millisecond, as Mastodon writes it
    status["created_at"] = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + ".%03dZ" % (int(now * 1000) % 1000)
    # Mentions, as Mastodon finds them in the text: "@name" of an account it knows.
    accounts = KNOWN_ACCOUNTS
    status["mentions"] = [{"id": accounts[word[1:]]["id"], "username": accounts[word[1:]]["username"],
                           "url": accounts[word[1:]]["url"], "acct": word[1:]}
                          for word in dict.fromkeys(text.split()) if word.startswith("@") and word[1:] in accounts]
    answered = State.statuses.get(form.get("in_reply_to_id", ""))
    status["in_reply_to_id"] = answered["id"] if answered else None
    status["in_reply_to_account_id"] = answered["account"]["id"] if answered else None
    status["url"] = status["url"].rsplit("/", 1)[0] + "/" + status["id"]
    status["uri"] = status["uri"].rsplit("/", 1)[0] + "/" + status["id"]
    return status


def failed_as_told(handler, server_error):
    """Answers with the failure `/mastodon-api/fail` asked for, while any is left (a 5xx
    named `server_error`, a 4xx a validation's): True when it did."""
    with State.lock:
        code, times = State.failing
        if times > 0:
            State.failing = (code, times - 1)
    if times <= 0:
        return False
    error(handler, code, server_error if code >= 500 else "Validation failed", "the loopback server was told to fail")
    return True


def authorized(handler, auth):
    if auth != "Bearer " + TOKEN["access_token"] or State.revoked:
        handler.send(401, b'{"error":"The access token is invalid"}')
        return False
    return True


def error(handler, status, name, description):
    handler.send(status, json.dumps({"error": name, "error_description": description}).encode())


def handle(handler, method):
    """Answers the request if it is one of Mastodon's sign-in endpoints; False otherwise."""
    path, _, query = handler.path.partition("?")
    if not (path.startswith("/api/v1/") or path.startswith("/api/v2/") or path.startswith("/oauth/") or path.startswith("/.well-known/")
            or path.startswith("/mastodon-api/")):
        return False
    params = dict(urllib.parse.parse_qsl(query, keep_blank_values=True))
    form = {}
    body_text = ""
    if method == "POST":
        length = int(handler.headers.get("Content-Length") or 0)
        body_text = handler.rfile.read(length).decode()
        form = dict(urllib.parse.parse_qsl(body_text, keep_blank_values=True))
    auth = handler.headers.get("Authorization")
    with State.lock:
        State.log.append({"method": method, "path": path, "fields": sorted(form) + sorted(params),
                          "bearer": auth is not None, "right_token": auth == "Bearer " + TOKEN["access_token"],
                          "scheme": "https" if hasattr(handler.connection, "cipher") else "http",
                          "host": handler.headers.get("Host", ""),
                          "idempotency_key": handler.headers.get("Idempotency-Key")})
    parts = path.split("/")
    if path == "/mastodon-api/log":
        with State.lock:
            handler.send(200, json.dumps(State.log).encode())
    elif path == "/mastodon-api/local-pictures":  # timelines' pictures served here from now on
        State.local_pictures = True
        handler.send(200, b"{}")
    elif path == "/mastodon-api/fail":  # the next action requests fail
        with State.lock:
            State.failing = (int(params.get("status", "500")), int(params.get("times", "1")))
        handler.send(200, b"{}")
    elif path == "/mastodon-api/streaming":  # streams refused, cut, or on again; their heartbeat
        with Streaming.cond:
            Streaming.mode = params.get("mode", Streaming.mode)
            Streaming.heartbeat = float(params.get("heartbeat", Streaming.heartbeat))
            opened = Streaming.opened
        handler.send(200, json.dumps({"opened": opened}).encode())
    elif path == "/mastodon-api/stream-writes":  # when each update's last byte went out
        with Streaming.cond:
            handler.send(200, json.dumps(Streaming.written).encode())
    elif path == "/mastodon-api/stream-burst":  # statuses posted at a rate, for the bench
        rate, seconds = float(params.get("rate", "100")), float(params.get("seconds", "10"))

        def burst():
            start = time.monotonic()
            for n in range(int(rate * seconds)):
                time.sleep(max(0.0, start + n / rate - time.monotonic()))
                status = made_status({"status": f"Burst {n + 1}"})
                with State.lock:
                    State.posted.insert(0, status)
                    State.statuses[status["id"]] = status
                Streaming.status_event("update", status)
        threading.Thread(target=burst, daemon=True).start()
        handler.send(200, b"{}")
    elif path == "/mastodon-api/stream-recorded":  # the recorded stream's event N, sent as recorded
        Streaming.send(recorded_events()[int(params.get("event", "0"))])
        handler.send(200, b"{}")
    elif path.startswith("/api/v1/streaming/"):
        if "access_token" in params:  # a token in the address would be in every log on the way
            error(handler, 400, "Bad Request", "the loopback server takes the token in the header only")
        elif authorized(handler, auth):
            serve_stream(handler, b"notification" if path.endswith("/user/notification") else None)
    elif path == "/mastodon-api/markers":  # the markers as held; set, or a race for the next write
        others = {name: params[name] for name in ("home", "notifications") if name in params}
        if params.get("conflict"):
            with State.lock:
                Markers.conflicts = int(params["conflict"])
                Markers.racing = others
        else:
            write_markers(others)
        handler.send(200, json.dumps(marker_answer(["home", "notifications"])).encode())
    elif path == "/api/v1/markers" and method == "GET":
        if authorized(handler, auth):
            asked = [value for name, value in urllib.parse.parse_qsl(query) if name == "timeline[]"]
            handler.send(200, json.dumps(marker_answer(asked)).encode())
    elif path == "/api/v1/markers" and method == "POST":
        if not authorized(handler, auth):
            return True
        values = {name: form[f"{name}[last_read_id]"] for name in ("home", "notifications")
                  if f"{name}[last_read_id]" in form}
        with State.lock:
            racing = Markers.conflicts > 0
            if racing:
                Markers.conflicts -= 1
        if racing:  # another client's write came first: this one is stale
            write_markers(Markers.racing)
            handler.send(409, b'{"error":"Conflict during update, please try again"}')
            return True
        write_markers(values)
        handler.send(200, json.dumps(marker_answer(list(values))).encode())
    elif path == "/api/v1/notifications":
        if authorized(handler, auth):
            handler.send(200, json.dumps(timeline_page(NOTIFICATIONS, params)).encode())
    elif path == "/api/v1/notifications/unread_count":
        if authorized(handler, auth):
            with State.lock:
                marker = Markers.held.get("notifications", ("0",))[0]
            count = sum(1 for notification in NOTIFICATIONS if int(notification["id"]) > int(marker))
            answer = recorded("notifications_unread_count.json")
            answer["count"] = count
            handler.send(200, json.dumps(answer).encode())
    elif path == "/mastodon-api/hold":  # action requests answer late
        State.hold = float(params.get("seconds", "0"))
        handler.send(200, b"{}")
    elif path == "/mastodon-api/statuses":  # the statuses' flags as they stand, for the tests
        with State.lock:
            flags = {id: {key: status.get(key) for key in ("favourited", "reblogged", "bookmarked", "favourites_count",
                                                       "reblogs_count")}
                     for id, status in State.statuses.items()}
        handler.send(200, json.dumps(flags).encode())
    elif method == "POST" and len(parts) == 6 and parts[1:4] == ["api", "v1", "statuses"] and parts[5] in ACTIONS:
        if not authorized(handler, auth):
            return True
        time.sleep(State.hold)
        if failed_as_told(handler, "Internal Server Error"):
            return True
        with State.lock:
            status = State.statuses.get(State.resolved.get(parts[4], parts[4]))
            if status is None:
                handler.send(404, b'{"error":"Record not found"}')
                return True
            status = acted(status, parts[5])
            State.statuses[status["id"]] = status
        # A resolved status answers as the account's server knows it: by its own id there.
        answer = dict(status, id=parts[4])
        handler.send(200, json.dumps(reblog_answer(answer) if parts[5] == "reblog" else answer).encode())
    elif method == "GET" and len(parts) == 6 and parts[1:4] == ["api", "v1", "statuses"] and parts[5] == "context":
        time.sleep(State.hold)
        if parts[4] not in State.statuses:
            handler.send(404, b'{"error":"Record not found"}')
        else:
            handler.send(200, json.dumps(recorded(CONTEXTS.get(parts[4], "context_empty.json"))).encode())
    elif path == OWN_STATUSES:
        with State.lock:
            handler.send(200, json.dumps([State.statuses[recorded("status_with_poll.json")["id"]]]).encode())
    elif method == "POST" and len(parts) == 6 and parts[1:4] == ["api", "v1", "polls"] and parts[5] == "votes":
        if not authorized(handler, auth):
            return True
        time.sleep(State.hold)
        choices = [int(value) for name, value in urllib.parse.parse_qsl(body_text, keep_blank_values=True)
                   if name == "choices[]"]
        with State.lock:
            status = next((st for st in State.statuses.values() if (st.get("poll") or {}).get("id") == parts[4]), None)
        if failed_as_told(handler, "Validation failed"):
            return True
        if status is None:
            handler.send(404, b'{"error":"Record not found"}')
        elif not choices or any(c < 0 or c >= len(status["poll"]["options"]) for c in choices) \
                or (len(choices) > 1 and not status["poll"]["multiple"]):
            error(handler, 422, "Validation failed", "Choices is invalid")
        else:
            poll = voted(status["poll"], choices)
            with State.lock:
                State.statuses[status["id"]] = dict(status, poll=poll)
            handler.send(200, json.dumps(poll).encode())
    elif path == ACCOUNT_STATUSES:  # an account's statuses, public
        handler.send(200, json.dumps(current("account_statuses.json")).encode())
    elif path == "/api/v1/statuses" and method == "POST":
        if not authorized(handler, auth):
            return True
        key = handler.headers.get("Idempotency-Key")
        if failed_as_told(handler, "Bad Gateway"):
            return True
        with State.lock:
            earlier = State.by_key.get(key) if key else None
        made = False
        if earlier is None:  # Mastodon answers a key it has seen with the status it made then
            if not form.get("status"):
                error(handler, 422, "Validation failed", "Text can't be blank")
                return True
            earlier = made_status(form)
            with State.lock:
                State.posted.insert(0, earlier)
                State.statuses[earlier["id"]] = earlier
                if key:
                    State.by_key[key] = earlier
            made = True
        handler.send(200, json.dumps(earlier).encode())
        # Then to the streams, as Mastodon distributes a new status: after it answered the
        # post, from a job of its own (DistributionWorker).
        if made:
            Streaming.status_event("update", earlier)
    elif path == "/mastodon-api/instance-fails":  # the next instance requests answer 503
        with State.lock:
            State.instance_failures = int(params.get("times", "1"))
        handler.send(200, b"{}")
    elif path == "/mastodon-api/timeline-fails":  # the next home timeline requests answer 503
        with State.lock:
            State.timeline_failures = int(params.get("times", "1"))
        handler.send(200, b"{}")
    elif path in ("/api/v2/instance", "/api/v2/instance/"):
        with State.lock:
            failing = State.instance_failures > 0
            State.instance_failures = max(0, State.instance_failures - 1)
        if failing:  # a server in trouble: its own failures stay apart from the actions'
            error(handler, 503, "Service Unavailable", "the loopback server was told to fail")
            return True
        # The recorded server streamed from another port (ws://localhost:4000); this one
        # streams from its own address, as a server whose streaming shares its host.
        instance = recorded("instance.json")
        instance["configuration"]["urls"]["streaming"] = "wss://" + handler.headers.get("Host", "")
        handler.send(200, json.dumps(instance).encode())
    elif path == "/api/v2/search":
        if not authorized(handler, auth):
            return True
        with State.lock:
            found = [dict(status, id="9" + status["id"]) for status in State.statuses.values()
                     if params.get("resolve") == "true" and params.get("q") in (status.get("url"), status.get("uri"))]
            for status in found:
                State.resolved[status["id"]] = status["id"][1:]
        answer = recorded("search_nothing.json")
        answer["statuses"] = found[:1]
        handler.send(200, json.dumps(answer).encode())
    elif path == "/mastodon-api/old-server":  # a server before 4.3: no metadata, no PKCE
        State.pkce = False
        handler.send(200, b"{}")
    elif path == "/.well-known/oauth-authorization-server":
        if State.pkce:
            handler.send(200, json.dumps(recorded("oauth-authorization-server.json")).encode())
        else:
            handler.send(404, b'{"error":"Not found"}')
    elif path == "/api/v1/apps" and method == "POST":
        if not form.get("client_name") or not form.get("redirect_uris"):
            error(handler, 422, "Validation failed", "Name can't be blank, Redirect URI can't be blank")
            return True
        with State.lock:
            State.redirect_uris = form["redirect_uris"].split("\n")
        app = dict(APP, scopes=form.get("scopes", "read").split(" "), redirect_uris=State.redirect_uris,
                   redirect_uri=form["redirect_uris"], name=form["client_name"])
        handler.send(200, json.dumps(app).encode())
    elif path == "/oauth/authorize":
        redirect = params.get("redirect_uri", "")
        if params.get("client_id") != APP["client_id"] or redirect not in State.redirect_uris \
                or params.get("response_type") != "code":
            handler.send(400, b"<p>The redirect uri included is not valid.</p>", "text/html")
            return True
        if State.pkce and params.get("code_challenge_method") != "S256":
            handler.send(400, b"<p>PKCE is required.</p>", "text/html")
            return True
        with State.lock:
            code = f"code-{len(State.codes) + 1}"
            State.codes[code] = (redirect, params.get("code_challenge"))
        if redirect == "urn:ietf:wg:oauth:2.0:oob":
            handler.send(200, f"<p>Copy this authorization code and paste it to the application.</p>"
                              f"<input class='oauth-code' value='{code}'>".encode(), "text/html")
        else:
            target = redirect + "?" + urllib.parse.urlencode({"code": code, "state": params.get("state", "")})
            handler.send(302, b"", "text/html", headers=[("Location", target)])
    elif path == "/oauth/token" and method == "POST":
        with State.lock:
            issued = State.codes.pop(form.get("code"), None)
        if form.get("grant_type") != "authorization_code" or issued is None:
            error(handler, 400, "invalid_grant", "The provided authorization grant is invalid, expired, revoked, "
                  "does not match the redirection URI used in the authorization request, or was issued to another client.")
        elif form.get("client_id") != APP["client_id"] or form.get("client_secret") != APP["client_secret"]:
            error(handler, 401, "invalid_client", "Client authentication failed due to unknown client.")
        elif form.get("redirect_uri") != issued[0]:
            error(handler, 400, "invalid_grant", "The redirect URI does not match the one the code was issued for.")
        elif issued[1] is not None and base64.urlsafe_b64encode(
                hashlib.sha256(form.get("code_verifier", "").encode()).digest()).rstrip(b"=").decode() != issued[1]:
            error(handler, 400, "invalid_grant", "The code verifier does not match the challenge.")
        else:
            handler.send(200, json.dumps(TOKEN).encode())
    elif path == "/api/v1/accounts/verify_credentials":
        if auth != "Bearer " + TOKEN["access_token"] or State.revoked:
            handler.send(401, b'{"error":"The access token is invalid"}')
        else:
            handler.send(200, json.dumps(recorded("verify_credentials.json")).encode())
    elif path == "/api/v1/timelines/home":
        with State.lock:
            failing = State.timeline_failures > 0
            State.timeline_failures = max(0, State.timeline_failures - 1)
        if failing:
            error(handler, 503, "Service Unavailable", "the loopback server was told to fail")
        elif authorized(handler, auth):
            page = timeline_page(current("timelines_home.json"), params)
            handler.send(200, json.dumps(with_local_pictures(page, handler.base())).encode())
    elif path == "/api/v1/timelines/public":  # needs no token
        handler.send(200, json.dumps(with_local_pictures(current("timelines_public.json"), handler.base())).encode())
    elif path == "/oauth/revoke" and method == "POST":
        if form.get("client_id") != APP["client_id"] or form.get("client_secret") != APP["client_secret"]:
            error(handler, 403, "unauthorized_client", "You are not authorized to revoke this token")
        else:
            State.revoked = State.revoked or form.get("token") == TOKEN["access_token"]
            handler.send(200, b"{}")
    else:
        handler.send(404, b'{"error":"Record not found"}')
    return True
