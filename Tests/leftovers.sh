#!/usr/bin/env bash
# After a test run (Tests/test-run.sh): fails when anything the run started is still there:
# a tmux server or a feed server of its (named by the run's id, SHIMMERFEED_TEST_RUN), a
# virtual X display or an xterm, a viewer from this build, or a scratch folder in the run's
# own temporary folder (TMPDIR). The tests end what they start by its id; this checks
# they did. Another run's servers and folders are not this run's, and are left alone.
set -u
bin_dir=${1:?usage: leftovers.sh BIN_DIR}
run=${SHIMMERFEED_TEST_RUN:?leftovers.sh checks one test run: run it through Tests/test-run.sh}
tmp=${TMPDIR:?}
found=0
report() { echo "left running after the tests: $1" >&2; found=1; }

# Ending takes a moment: the last tmux server gets its SIGTERM as the last test ends, and a
# private tt-rss ends its PostgreSQL and PHP, then removes its folder.
for _ in $(seq 150); do
    pgrep -f "tmux -L shimmerfeed-e2e-$run-|(feed|ttrss)_server\\.py.* --run $run" >/dev/null || break
    sleep 0.1
done
while read -r line; do [ -n "$line" ] && report "$line"; done < <(pgrep -af "tmux -L shimmerfeed-e2e-$run-")
while read -r line; do [ -n "$line" ] && report "$line"; done < <(pgrep -af "(feed|ttrss)_server\\.py.* --run $run( |\$)")
while read -r line; do [ -n "$line" ] && report "$line"; done < <(pgrep -af "^$bin_dir/shimmerfeed( |\$)")
while read -r line; do [ -n "$line" ] && report "$line"; done < <(pgrep -af "xterm -ti vt340 .*$bin_dir/shimmerfeed")
while read -r line; do [ -n "$line" ] && report "$line"; done < <(pgrep -af '^Xvfb :[0-9]+ -screen 0 1024x768x24 -nolisten tcp$')
# The run's tmux sockets: a killed server leaves its socket file, which the session removes.
for socket in "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)"/shimmerfeed-e2e-"$run"-*; do
    [ -e "$socket" ] && report "tmux socket $socket" && rm -f "$socket"
done
# The tests' own scratch folders; SwiftPM keeps its own locks and folders here too.
for folder in "$tmp"/shimmerfeed-e2e-* "$tmp"/shimmerfeed-tls-* "$tmp"/shimmerfeed-ttrss-* "$tmp"/shimmerfeed-pictures-* "$tmp"/mapped-* \
    "$tmp"/store-* "$tmp"/shimmerfeed-xterm-run-* "$tmp"/shimmerfeed-sixel-*; do
    [ -e "$folder" ] && report "scratch $folder" && rm -rf "$folder"
done
[ "$found" = 0 ] && echo "nothing the tests started is left"
exit "$found"
