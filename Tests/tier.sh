#!/usr/bin/env bash
# `make test`: runs one tier's command and says how long it took, here and in a summary
# that `make test` prints at its end (.build/tier-times, which it empties first). Fails when
# the command fails.
set -u
# A crashing test process is backtraced, by symbol only: symbolicating the whole test
# binary's DWARF (inlined frames, lines) held a run for a quarter of an hour once, after
# the crash. SWIFT_BACKTRACE set by the caller wins.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-symbolicate=fast,interactive=no}
name=$1
shift
start=$(date +%s%N)
"$@"
status=$?
took=$(( ($(date +%s%N) - start) / 1000000 ))
line=$(printf '%-32s %6d.%03d s%s' "$name:" $((took / 1000)) $((took % 1000)) "$([ $status = 0 ] || echo '  FAILED')")
echo "$line" | tee -a .build/tier-times
exit $status
