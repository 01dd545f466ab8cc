"""Bluesky as the loopback server answers it: the AppView's feeds (an author's, a custom
feed, a list, the Following timeline) and threads (getPostThread), a handle's resolving, and the PDS's sessions and
records (createSession, refreshSession, createRecord and deleteRecord of likes and
reposts), each answering with the recorded answers in bluesky/ (bluesky/SOURCES.md) and
checking what the client sends as the servers do: the identifier and app password, the
bearer token and whether it is still good, the record's collection and subject. What the
reader does changes the answers after it, as it would on Bluesky: a like counts and shows
in the post's `viewer`. Every request is logged for the tests (GET /bluesky-api/log), a
token as whether it was right, never its value, a record's subject as sent."""
import copy, datetime, functools, hashlib, json, os, re, threading, time, urllib.parse

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "BlueskyNetworkTests", "Fixtures", "bluesky")


def recorded(name):
    with open(os.path.join(HERE, name), "rb") as f:
        return json.loads(f.read())


# getPostThread's recorded answers, by the address of the post asked (bluesky/SOURCES.md).
THREADS = {
    "at://did:plc:uy7ehrx332p6dow5sk32hxzq/app.bsky.feed.post/3k7rmyigapw2y": "thread_mid.json",
    "at://did:plc:yfvwmnlztr4dwkb7hwz55r2g/app.bsky.feed.post/3kosdondcpl2i": "thread_deep.json",
    "at://did:plc:atprototestuser/app.bsky.feed.post/record0": "thread_appview_deep.json",
}
SESSION = recorded("create_session.json")
DID = SESSION["did"]  # the recorded account: bskyr.bsky.social
HANDLE = SESSION["handle"]
# The app password the tests sign in with (the shape Bluesky gives them).
APP_PASSWORD = "abcd-efgh-ijkl-mnop"
# Handles the recordings resolve, and the DID of each; the feed and list generators'
# owners are the DIDs in their recorded requests.
HANDLES = {
    "chriskenny.bsky.social": recorded("resolve_handle.json")["did"],
    "bsky.app": "did:plc:z72i7hdynmk6r22z27h6tvur",
    "ragtjsm2j2vknwkz3zp4oxrd.example": "did:plc:ragtjsm2j2vknwkz3zp4oxrd",
    # The author of the middle post of thread_mid.json, whose feed holds that post.
    "chadmichael.bsky.social": "did:plc:uy7ehrx332p6dow5sk32hxzq",
}
FEEDS = {"at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.generator/bsky-team": "feed.json"}
LISTS = {"at://did:plc:ragtjsm2j2vknwkz3zp4oxrd/app.bsky.graph.list/3kmokjyuflk2g": "list_feed.json"}
# A feed the AppView serves to signed-in readers only.
PRIVATE_FEED = "at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.generator/with-friends"
PAGE = 25  # the recorded author feed, served in two pages of this many


class State:
    lock = threading.Lock()
    log = []
    sessions = 0  # sessions made: tokens are access-N and refresh-N
    access = None  # the access token now good
    refresh = None
    expired = set()  # access tokens past their time
    # Posts made since the start (newest first), as a refresh finds them.
    published = []
    # The reader's records by post URI: {"like": uri, "repost": uri}.
    records = {}
    rkeys = 0
    # The next feed requests answer 429, this many times, the window resetting in this many seconds.
    limited = (0, 0)
    # The next record requests answer with this status, this many times.
    failing = (0, 0)
    hold = 0.0  # record requests are answered after this many seconds
    # Posts the reader made, by record key: {"uri", "cid", "value"}.
    posts = {}
    # The next posts made are answered 500, as if their answers were lost on the way.
    lose = 0
    # Where the reader has seen the notifications up to; None: the recording's seenAt.
    seen_at = None
    # Notifications made since the start, newest first, before the recorded ones.
    notified = []
    # The rate limit's window: requests answered in it, when it resets (time.time()).
    window = (0, 0.0)


def error(handler, status, name, message, headers=()):
    handler.send(status, json.dumps({"error": name, "message": message}).encode(), headers=headers)


def local_pictures(answer, base):
    """The recorded answer with its pictures' addresses moved from Bluesky's CDN to this
    server's (which draws each at its recorded aspect ratio)."""
    text = json.dumps(answer)
    text = text.replace("https://cdn.bsky.app/", base + "/cdn/bsky/")
    text = text.replace("https://video.bsky.app/", base + "/cdn/bsky-video/")
    return json.loads(text)


def with_viewer(item):
    """A feed item as the reader's session sees it: their like and repost, counted."""
    item = copy.deepcopy(item)
    post = item["post"]
    mine = State.records.get(post["uri"], {})
    viewer = post.setdefault("viewer", {})
    for name, count in (("like", "likeCount"), ("repost", "repostCount")):
        if name in mine:
            viewer[name] = mine[name]
            post[count] = post.get(count, 0) + 1
    return item


def feed_answer(handler, items, params, base, signed_in):
    """A page of `items` from `cursor`, as the AppView pages: `limit` (50) at most, the
    cursor the last one's time; the recorded cursor after the recorded page's end."""
    start = int(params["cursor"].split(":", 1)[1]) if params.get("cursor", "").startswith("page:") else 0
    if params.get("cursor") and not params["cursor"].startswith("page:"):
        start = len(items)  # the recorded cursor: nothing recorded after it
    size = int(params.get("limit", PAGE))
    page = items[start:start + size]
    answer = {"feed": [with_viewer(item) if signed_in else item for item in page]}
    if start + size < len(items):
        answer["cursor"] = f"page:{start + size}"
    handler.send(200, json.dumps(local_pictures(answer, base)).encode())


def made_post(text):
    """A post of the recorded author, as the AppView would list one made now."""
    item = copy.deepcopy(recorded("author_feed.json")["feed"][0])
    post = item["post"]
    with State.lock:
        State.rkeys += 1
        rkey = f"3zz{State.rkeys:04d}"
    post["uri"] = post["uri"].rsplit("/", 1)[0] + "/" + rkey
    post["record"] = {"$type": "app.bsky.feed.post", "createdAt": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime()),
                      "text": text, "langs": ["en"]}
    post.pop("embed", None)
    item.pop("reply", None)
    post["likeCount"] = post["replyCount"] = post["repostCount"] = post["quoteCount"] = 0
    return item


def session_answer(base):
    """The recorded session with this server's tokens, and its DID document naming this
    server as the account's PDS."""
    with State.lock:
        State.sessions += 1
        State.access, State.refresh = f"access-{State.sessions}", f"refresh-{State.sessions}"
        answer = copy.deepcopy(SESSION)
        answer["accessJwt"], answer["refreshJwt"] = State.access, State.refresh
    for service in answer["didDoc"]["service"]:
        if service["id"] == "#atproto_pds":
            service["serviceEndpoint"] = base
    return answer


def token_state(auth):
    if not auth:
        return "none"
    token = auth[len("Bearer "):]
    if token in State.expired:
        return "expired"
    if token == State.refresh:
        return "refresh"
    return "right" if token == State.access else "wrong"


def handle(handler, method, base):
    """Answers the request if it is Bluesky's (XRPC) or this server's control of it."""
    path, _, query = handler.path.partition("?")
    if not (path.startswith("/xrpc/") or path.startswith("/bluesky-api/")):
        return False
    params = dict(urllib.parse.parse_qsl(query, keep_blank_values=True))
    body = {}
    if method == "POST":
        length = int(handler.headers.get("Content-Length") or 0)
        text = handler.rfile.read(length).decode()
        body = json.loads(text) if text.strip() else {}
    auth = handler.headers.get("Authorization")
    with State.lock:
        token = token_state(auth)
        if path.startswith("/xrpc/"):
            State.log.append({"method": method, "path": path, "params": params, "token": token,
                              "collection": body.get("collection"), "scheme": base.split(":", 1)[0],
                              "subject": (body.get("record") or {}).get("subject"), "at": time.monotonic(),
                              "rkey": body.get("rkey"), "seenAt": body.get("seenAt"),
                              # A post's record as sent, for the tests to check against its lexicon.
                              "record": json.dumps(body["record"]) if body.get("collection") ==
                              "app.bsky.feed.post" else None})
    signed_in = token == "right"
    name = path[len("/xrpc/"):]
    if path.startswith("/xrpc/"):
        handler.extra_headers = rate_limit_headers()

    if path == "/bluesky-api/log":
        with State.lock:
            handler.send(200, json.dumps(State.log).encode())
    elif path == "/bluesky-api/publish":  # a post made now, as a refresh finds it
        post = made_post(params.get("text", "A post made now"))
        with State.lock:
            State.published.insert(0, post)
        handler.send(200, b"{}")
    elif path == "/bluesky-api/expire":  # the access token given is past its time now
        with State.lock:
            State.expired.add(State.access)
        handler.send(200, b"{}")
    elif path == "/bluesky-api/limit":  # the next feed requests answer 429
        with State.lock:
            State.limited = (int(params.get("times", "1")), int(params.get("reset", "30")))
        handler.send(200, b"{}")
    elif path == "/bluesky-api/fail":  # the next record requests fail
        with State.lock:
            State.failing = (int(params.get("status", "500")), int(params.get("times", "1")))
        handler.send(200, b"{}")
    elif path == "/bluesky-api/lose":  # the next posts are made, and answered as if lost
        with State.lock:
            State.lose = int(params.get("times", "1"))
        handler.send(200, b"{}")
    elif path == "/bluesky-api/seen":  # the notifications seen up to this time, as if elsewhere
        with State.lock:
            State.seen_at = params.get("at")
        handler.send(200, b"{}")
    elif path == "/bluesky-api/window":  # the rate limit's window with this many requests left
        with State.lock:
            State.window = (WINDOW_LIMIT - int(params.get("remaining", str(WINDOW_LIMIT))),
                            time.time() + float(params.get("reset", "300")))
        handler.send(200, b"{}")
    elif path == "/bluesky-api/notify":  # a notification made now (a like of a liked post, a mention)
        made = notification_now(params.get("reason", "like"))
        with State.lock:
            State.notified.insert(0, made)
        handler.send(200, json.dumps(made).encode())
    elif path == "/bluesky-api/hold":  # record requests answered late, to see them in flight
        with State.lock:
            State.hold = float(params.get("seconds", "0"))
        handler.send(200, b"{}")
    elif name == "com.atproto.identity.resolveHandle":
        handle = params.get("handle", "").lower()
        # The handles named here, and every author's of the recorded post views: the
        # AppView resolves each account it knows.
        did = HANDLES.get(handle) or recorded_authors().get(handle)
        if did:
            handler.send(200, json.dumps({"did": did}).encode())
        else:
            # The reference AppView's words (not a recording).
            error(handler, 400, "InvalidRequest", "Unable to resolve handle")
    elif name == "com.atproto.server.createSession":
        if body.get("identifier", "").lower() in (HANDLE, DID) and body.get("password") == APP_PASSWORD:
            handler.send(200, json.dumps(session_answer(base)).encode())
        else:
            handler.send(401, json.dumps(recorded("create_session_refused.json")).encode())
    elif name == "com.atproto.server.refreshSession":
        with State.lock:
            good = auth == f"Bearer {State.refresh}"
        if good:
            answer = session_answer(base)
            answer.pop("email", None)
            handler.send(200, json.dumps(answer).encode())
        else:
            error(handler, 400, "ExpiredToken", "Token has expired")
    elif name in ("app.bsky.feed.getAuthorFeed", "app.bsky.feed.getFeed", "app.bsky.feed.getListFeed",
                  "app.bsky.feed.getTimeline"):
        with State.lock:
            times, reset = State.limited
            if times:
                State.limited = (times - 1, reset)
        if times:
            # A 429 as Bluesky's servers send it: the window's limits, and when it resets.
            error(handler, 429, "RateLimitExceeded", "Rate Limit Exceeded",
                  headers=[("RateLimit-Limit", "3000"), ("RateLimit-Remaining", "0"),
                           ("RateLimit-Reset", str(int(time.time()) + reset)), ("RateLimit-Policy", "3000;w=300")])
        elif token == "expired":
            error(handler, 400, "ExpiredToken", "Token has expired")
        elif token == "wrong":
            error(handler, 401, "AuthenticationRequired", "Invalid identifier or password")
        elif name == "app.bsky.feed.getAuthorFeed":
            actor = params.get("actor", "")
            if actor == HANDLES["chriskenny.bsky.social"]:
                with State.lock:
                    items = State.published + recorded("author_feed.json")["feed"]
                feed_answer(handler, items, params, base, signed_in)
            elif actor == HANDLES["chadmichael.bsky.social"]:
                # Not a recording as a whole: the feed of that author's one post the
                # recordings hold (thread_mid.json's middle post), as getAuthorFeed lists it.
                middle = recorded_views()["at://did:plc:uy7ehrx332p6dow5sk32hxzq/app.bsky.feed.post/3k7rmyigapw2y"]
                feed_answer(handler, [{"post": middle}], params, base, signed_in)
            else:
                error(handler, 400, "InvalidRequest", "Profile not found")
        elif name == "app.bsky.feed.getFeed":
            feed = params.get("feed", "")
            if feed == PRIVATE_FEED and not signed_in:
                error(handler, 401, "AuthMissing", "Authentication Required")
            elif feed in FEEDS or feed == PRIVATE_FEED:
                feed_answer(handler, recorded(FEEDS.get(feed, "feed.json"))["feed"], params, base, signed_in)
            else:
                error(handler, 400, "UnknownFeed", "could not find feed")
        elif name == "app.bsky.feed.getListFeed":
            if params.get("list") in LISTS:
                feed_answer(handler, recorded(LISTS[params["list"]])["feed"], params, base, signed_in)
            else:
                error(handler, 400, "InvalidRequest", "List not found")
        elif not signed_in:
            error(handler, 401, "AuthMissing", "Authentication Required")
        else:
            # The Following timeline holds the reader's own posts too: those made now first.
            with State.lock:
                items = State.published + recorded("timeline.json")["feed"]
            feed_answer(handler, items, params, base, signed_in)
    elif name == "app.bsky.feed.getPostThread":
        # The recorded threads, by their post's address; depth and parentHeight are taken
        # as the AppView takes them (integers, within 0-1000), and the answer is the
        # recording whatever they ask.
        try:
            bounded = all(0 <= int(params.get(key, "6")) <= 1000 for key in ("depth", "parentHeight"))
        except ValueError:
            bounded = False
        thread = recorded_thread(params.get("uri", ""), int(params.get("depth", "6")) if bounded else 6)
        if token in ("expired", "wrong"):
            error(handler, 400 if token == "expired" else 401, "ExpiredToken" if token == "expired"
                  else "AuthenticationRequired", "Token has expired" if token == "expired" else "Invalid token")
        elif not bounded:
            error(handler, 400, "InvalidRequest", "Error: depth must be an integer between 0 and 1000")
        elif thread is None:
            # The AppView's answer for a post it does not have (not a recording).
            error(handler, 400, "NotFound", f"Post not found: {params.get('uri', '')}")
        else:
            handler.send(200, json.dumps(thread).encode())
    elif name == "com.atproto.repo.createRecord" and body.get("collection") == "app.bsky.feed.post":
        post_request(handler, body, token)
    elif name.startswith("app.bsky.notification.") and token != "right":
        error(handler, 401, "AuthMissing", "Authentication Required")
    elif name == "app.bsky.notification.listNotifications":
        # The recorded notifications, the newest `limit`, each read when it is no newer
        # than where the reader has seen them up to (seenAt), as the AppView answers.
        answer = notifications_seen()
        answer["notifications"] = answer["notifications"][:int(params.get("limit", "50"))]
        handler.send(200, json.dumps(answer).encode())
    elif name == "app.bsky.notification.getUnreadCount":
        # Those after seenAt, in the recorded answer's shape (bskyr n_nc.yml: {"count":0}).
        unread = sum(1 for n in notifications_seen()["notifications"] if not n["isRead"])
        handler.send(200, json.dumps({"count": unread}).encode())
    elif name == "app.bsky.notification.updateSeen":
        # A procedure with no output: 200 and an empty body; a seenAt that is no datetime
        # is refused as the lexicon's validation refuses it.
        if not DATETIME.fullmatch(body.get("seenAt") or ""):
            error(handler, 400, "InvalidRequest", "Input/seenAt must be an valid atproto datetime")
        else:
            with State.lock:
                State.seen_at = body["seenAt"]
            handler.send(200, b"")
    elif name == "app.bsky.feed.getPosts":
        # The post views the recordings hold, of the addresses asked (at most 25, as the
        # lexicon says); the AppView leaves out those it does not have.
        uris = [value for key, value in urllib.parse.parse_qsl(query) if key == "uris"]
        if not uris or len(uris) > 25:
            error(handler, 400, "InvalidRequest", "uris must have 1 to 25 items")
        else:
            found = recorded_views()
            handler.send(200, json.dumps({"posts": [found[uri] for uri in uris if uri in found]}).encode())
    elif name == "com.atproto.repo.getRecord":
        stored = stored_record(params)
        if stored is None:
            # The PDS's words for a record it does not have (not a recording).
            error(handler, 400, "RecordNotFound", "Could not locate record")
        else:
            handler.send(200, json.dumps(stored).encode())
    elif name in ("com.atproto.repo.createRecord", "com.atproto.repo.deleteRecord"):
        record_request(handler, name, body, token)
    else:
        error(handler, 501, "MethodNotImplemented", "Method Not Implemented")
    return True


WINDOW_LIMIT = 3000


def rate_limit_headers():
    """The rate limit Bluesky's PDS states on each answer (bskyr's recordings: 3000
    requests in a window of 300 seconds, the reset as seconds since 1970), this answer
    counted in the window."""
    with State.lock:
        used, reset = State.window
        now = time.time()
        if reset <= now:
            used, reset = 0, now + 300
        used += 1
        State.window = (used, reset)
    return [("RateLimit-Limit", str(WINDOW_LIMIT)), ("RateLimit-Remaining", str(max(0, WINDOW_LIMIT - used))),
            ("RateLimit-Reset", str(int(reset))), ("RateLimit-Policy", f"{WINDOW_LIMIT};w=300")]


def notification_now(reason):
    """A notification made now, from the recorded ones: the newest recorded of `reason`
    (a like of the post most liked, a mention), by another recorded author, with its
    own address."""
    answer = recorded("notifications.json")
    notifications = answer["notifications"]
    model = copy.deepcopy(next(n for n in notifications if n["reason"] == reason))
    with State.lock:
        count = len(State.notified)
    others = [n["author"] for n in notifications if n["author"]["did"] != model["author"]["did"]]
    model["author"] = copy.deepcopy(others[count % len(others)])
    collection = model["uri"].split("/")[3]
    model["uri"] = f"at://{model['author']['did']}/{collection}/3lnow{count:08d}"
    model["indexedAt"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace(
        "+00:00", "Z")
    return model


def recorded_thread(uri, depth):
    """getPostThread's answer for `uri` from the recordings: a recorded thread's own post
    with its parents, or a reply inside one with its replies (as asked again from deeper
    in a thread, parentHeight 0); its replies cut `depth` deep as the AppView cuts them
    (thread_appview_shallow.json: a node where it stopped has no `replies` at all).
    None for a post no recording holds."""
    def find(node):
        if (node.get("post") or {}).get("uri") == uri:
            return node
        for reply in node.get("replies") or []:
            found = find(reply)
            if found:
                return found
        return None

    def cut(node, level):
        node = dict(node)
        if level >= depth:
            node.pop("replies", None)
        elif "replies" in node:
            node["replies"] = [cut(reply, level + 1) for reply in node["replies"]]
        return node

    if uri in THREADS:
        answer = recorded(THREADS[uri])
        return {**answer, "thread": cut(answer["thread"], 0)}
    for name in THREADS.values():
        node = find(recorded(name)["thread"])
        if node:
            node = {key: value for key, value in node.items() if key != "parent"}
            return {"thread": cut(node, 0)}
    return None


def notifications_seen():
    """The recorded notifications (after those made now) with seenAt where the reader has
    seen them up to, and each one's isRead by it."""
    answer = recorded("notifications.json")
    with State.lock:
        answer["notifications"] = copy.deepcopy(State.notified) + answer["notifications"]
        seen = State.seen_at or answer["seenAt"]
    answer["seenAt"] = seen
    for notification in answer["notifications"]:
        notification["isRead"] = moment(notification["indexedAt"]) <= moment(seen)
    return answer


def moment(datetime_text):
    """A datetime's moment, whatever digits of the second and zone it is written with."""
    return datetime.datetime.fromisoformat(datetime_text.replace("Z", "+00:00"))


def record_request(handler, name, body, token):
    """A like or repost made or undone, as the PDS does it: the reader's own repo, a known
    collection, a subject with its URI and CID; the recorded answers' shape."""
    with State.lock:
        status, times = State.failing
        if times:
            State.failing = (status, times - 1)
        hold = State.hold
    time.sleep(hold)
    if token == "expired":
        return error(handler, 400, "ExpiredToken", "Token has expired")
    if token != "right":
        return error(handler, 401, "AuthMissing", "Authentication Required")
    if times:
        return error(handler, status, "InternalServerError", "Internal Server Error")
    collection = body.get("collection")
    kind = {"app.bsky.feed.like": "like", "app.bsky.feed.repost": "repost"}.get(collection)
    if body.get("repo") not in (DID, HANDLE) or kind is None:
        return error(handler, 400, "InvalidRequest", "Invalid collection or repo")
    if name == "com.atproto.repo.createRecord":
        record = body.get("record", {})
        subject = record.get("subject", {})
        if record.get("$type") != collection or not subject.get("uri") or not subject.get("cid") \
                or not record.get("createdAt"):
            return error(handler, 400, "InvalidRequest", f"Invalid {collection} record")
        answer = recorded("like_created.json" if kind == "like" else "repost_created.json")
        with State.lock:
            State.rkeys += 1
            uri = f"at://{DID}/{collection}/3ll{State.rkeys:04d}"
            State.records.setdefault(subject["uri"], {})[kind] = uri
        answer["uri"] = uri
        handler.send(200, json.dumps(answer).encode())
    else:
        rkey = body.get("rkey", "")
        with State.lock:
            for mine in State.records.values():
                if mine.get(kind, "").endswith("/" + rkey):
                    del mine[kind]
        handler.send(200, json.dumps(recorded("delete_record.json")).encode())


TID_ALPHABET = "234567abcdefghijklmnopqrstuvwxyz"
DATETIME = re.compile(r"[0-9]{4}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-6][0-9]:[0-6][0-9](\.[0-9]+)?(Z|[+-][0-2][0-9]:[0-5][0-9])")


def post_request(handler, body, token):
    """A post made, as the PDS makes it: the reader's repo, a record key of the TID kind
    when the client gives one, a record with its text and a datetime with its zone, a
    reply's root and parent each by URI and CID, a quote's embed (app.bsky.embed.record)
    by URI and CID. A second record at one key is refused as
    Bluesky's PDS refused it until atproto#4728 (a 500; bluesky-social/atproto#3718). The
    answer is the recorded createRecord of a post (post_created.json) with this record's
    address."""
    if token == "expired":
        return error(handler, 400, "ExpiredToken", "Token has expired")
    if token != "right":
        return error(handler, 401, "AuthMissing", "Authentication Required")
    record = body.get("record") or {}
    rkey = body.get("rkey") or f"3lprdue7g{len(State.posts):04d}"
    reply = record.get("reply")
    embed = record.get("embed")
    valid = (body.get("repo") in (DID, HANDLE) and record.get("$type") == "app.bsky.feed.post"
             and isinstance(record.get("text"), str) and DATETIME.fullmatch(record.get("createdAt") or "")
             and len(rkey) == 13 and all(c in TID_ALPHABET for c in rkey)
             and (reply is None or all((reply.get(end) or {}).get(key) for end in ("root", "parent")
                                       for key in ("uri", "cid")))
             and (embed is None or (embed.get("$type") == "app.bsky.embed.record"
                                    and all((embed.get("record") or {}).get(key) for key in ("uri", "cid")))))
    if not valid:
        return error(handler, 400, "InvalidRequest", "Invalid app.bsky.feed.post record")
    with State.lock:
        if rkey in State.posts:
            return error(handler, 500, "InternalServerError", "Internal Server Error")
        uri = f"at://{DID}/app.bsky.feed.post/{rkey}"
        cid = "bafyrei" + "".join(TID_ALPHABET[b % 32] for b in hashlib.sha256(uri.encode()).digest())[:52]
        State.posts[rkey] = {"uri": uri, "cid": cid, "value": record}
        lost = State.lose > 0
        if lost:
            State.lose -= 1
    if lost:
        return error(handler, 500, "InternalServerError", "Internal Server Error")
    answer = recorded("post_created.json")
    answer["uri"], answer["cid"] = uri, cid
    handler.send(200, json.dumps(answer).encode())


def stored_record(params):
    """getRecord's answer: a post the reader made, the recorded one of bskyr's
    (get_record_post.json), or a post of the recorded threads and feeds as its record
    (its view's address, CID and record: put together from the recordings); None else."""
    repo, collection, rkey = params.get("repo", ""), params.get("collection", ""), params.get("rkey", "")
    if collection != "app.bsky.feed.post":
        return None
    with State.lock:
        if repo in (DID, HANDLE) and rkey in State.posts:
            return State.posts[rkey]
    uri = f"at://{repo}/{collection}/{rkey}"
    kept = recorded("get_record_post.json")
    if kept["uri"] == uri:
        return kept

    view = recorded_views().get(uri)
    return {"uri": view["uri"], "cid": view["cid"], "value": view["record"]} if view else None


@functools.cache
def recorded_authors():
    """The DID of each author of the recorded post views, by handle."""
    return {view["author"]["handle"].lower(): view["author"]["did"] for view in recorded_views().values()}


@functools.cache
def recorded_views():
    """The post views of the recorded threads and feeds, by address (the first of each),
    read once."""
    views = {}
    for name in [*THREADS.values(), "timeline.json", "author_feed.json", "feed.json", "list_feed.json"]:
        for view in post_views(recorded(name)):
            views.setdefault(view["uri"], view)
    return views


def post_views(node):
    """Every post view in a recorded answer: a feed's items' and a thread's nodes'."""
    if isinstance(node, dict):
        if "post" in node and isinstance(node["post"], dict):
            yield node["post"]
        for value in node.values():
            yield from post_views(value)
    elif isinstance(node, list):
        for value in node:
            yield from post_views(value)
