#!/usr/bin/env bash
# `make test` and `make test-terminal`: runs COMMAND as one test run of its own, then checks
# that nothing it started is left (Tests/leftovers.sh). The run has an id and a temporary
# folder of its own (TMPDIR, which the tests' scratch folders go in), and its tmux servers
# and feed servers carry the id: two runs on one machine (a `make test` beside CI, two
# checkouts) never take each other's things for leftovers, and each cleans only its own.
set -u
bin_dir=${1:?usage: test-run.sh BIN_DIR COMMAND...}
shift
run=$(mktemp -d "${TMPDIR:-/tmp}/shimmerfeed-run-XXXXXX") || exit 1
export SHIMMERFEED_TEST_RUN=${run##*/shimmerfeed-run-}
export TMPDIR=$run
"$@"
status=$?
"$(dirname "$0")/leftovers.sh" "$bin_dir" || status=1
rm -rf "$run"
exit $status
