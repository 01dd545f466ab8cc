#!/usr/bin/env bash
# `make docs`: the README's pictures of a Mastodon timeline with avatars and a picture,
# drawn by the release binary (`--dump --svg`) from the loopback server's showcase:
# loading (skeleton avatars, the picture's BlurHash, the band sweeping), and loaded; and
# of a timeline of three networks (an RSS feed, a Mastodon timeline and a Bluesky feed,
# the loopback server's recorded answers, their pictures served by it), loading and loaded;
# of the sources view of tagged subscriptions, loading; of the reading pane; and of a
# Bluesky thread loading (the recorded thread_mid.json's post, `t` pressed on it).
set -euo pipefail
bin=${1:?usage: showcase.sh BINARY OUT_DIR}
out=${2:?usage: showcase.sh BINARY OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
config=$(mktemp -d)
# The server ends when its standard input closes: below, or with this script.
coproc SERVER { exec python3 "$here/../servers/feed_server.py"; }
server_pid=$SERVER_PID  # bash forgets it once the server has ended
read -r port <&"${SERVER[0]}"
read -r _ <&"${SERVER[0]}"
mkdir -p "$config/shimmerfeed"
# Named as a reader would name it, so that no port shows in the status line.
echo "http://127.0.0.1:$port/showcase/timeline Home · social.example" > "$config/shimmerfeed/feeds"
dump() { XDG_CONFIG_HOME=$config "$bin" --dump --svg --svg-frame --size 80x24 --no-store "$@"; }
# One whole sweep of the band from 0.05 s: the BlurHash comes in at the show delay.
dump --pictures-at 0.05 --frames 57 --fps 30 > "$out/mastodon-loading.svg"
dump > "$out/mastodon-loaded.svg"
# The mixed timeline: the recorded Mastodon timeline's pictures served here too.
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'GET /mastodon-api/local-pictures HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
cat <&3 >/dev/null
exec 3>&-
cat > "$config/shimmerfeed/feeds" <<FEEDS
http://127.0.0.1:$port/mixed/rss Nightshift Notes
http://127.0.0.1:$port/api/v1/timelines/public social.example
https://bsky.app/profile/bsky.app/feed/bsky-team Bluesky team
FEEDS
mixed() {
    SHIMMERFEED_BLUESKY_APPVIEW="http://127.0.0.1:$port" XDG_CONFIG_HOME=$config \
        "$bin" --dump --svg --svg-frame --size 100x46 --no-store "$@"
}
mixed --pictures-at 0.05 --frames 57 --fps 30 > "$out/mixed-loading.svg"
mixed > "$out/mixed-loaded.svg"
# The reading pane beside the mixed timeline: its first post, its picture at the pane's width.
SHIMMERFEED_BLUESKY_APPVIEW="http://127.0.0.1:$port" XDG_CONFIG_HOME=$config \
    "$bin" --dump --svg --svg-frame --size 200x40 --no-store > "$out/pane.svg"
# A Bluesky post's thread while it loads: the post, the skeleton rows of its replies.
SHIMMERFEED_BLUESKY_APPVIEW="http://127.0.0.1:$port" XDG_CONFIG_HOME=$config \
    "$bin" --dump --svg --svg-frame --size 80x20 --no-store --keys t --frames 57 --fps 30 \
    https://bsky.app/profile/chadmichael.bsky.social > "$out/thread-loading.svg"
# The sources view of tagged subscriptions: the store filled by a reload, then the view
# while every source loads again (the store's counts, shimmering).
state=$(mktemp -d)
cat > "$config/shimmerfeed/feeds" <<FEEDS
http://127.0.0.1:$port/mixed/rss tag=blogs Nightshift Notes
http://127.0.0.1:$port/jsonfeed/1 tag=blogs/tech Paged Feed
http://127.0.0.1:$port/rss tag=news tag=space Liftoff News
http://127.0.0.1:$port/atom tag=news Atom example
http://127.0.0.1:$port/api/v1/timelines/public tag=people social.example
http://127.0.0.1:$port/posts Loose posts
FEEDS
tagged() {
    XDG_CONFIG_HOME=$config XDG_STATE_HOME=$state XDG_CACHE_HOME=$state "$bin" "$@"
}
tagged reload >/dev/null
tagged --dump --svg --svg-frame --size 80x24 --at 0.5 --keys s --frames 57 --fps 30 > "$out/sources-loading.svg"
exec {SERVER[1]}>&-
wait "$server_pid" 2>/dev/null || true
rm -rf "$config" "$state"
