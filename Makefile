# shimmerfeed: `make run` shows the bundled feed; `make test` runs all three test tiers.
PREFIX ?= /usr/local
SWIFT ?= swift
ARGS ?=
LINTED = Package.swift Sources Tests Resources/SampleFeed.swift

.PHONY: build run test test-tiers test-terminal bench hot-functions fuzz fuzz-feed-fuzzer fuzz-picture-fuzzer mutate mutate-sample lint format install uninstall clean docs

# The system packages the build needs (and, for `make test`, the tests), installed when
# missing: by apt-get as root, else the one line to run is printed. One list, in
# .ci/system-packages, which CI uses too.
build:
	@.ci/system-packages build
	$(SWIFT) build

# Builds, then opens the bundled sample feed (extra options: make run ARGS="--animation pulse").
run: build
	$(SWIFT) run --skip-build shimmerfeed $(ARGS)

# The tiers one after the other, each timed: in memory (pure functions and whole screens,
# no real time, sockets or processes), then real sockets, files and processes, then the
# binary in tmux (tier 3), in runs of their own: tier 3 polls a terminal and would hold
# the threads the in-process loaders of the others need.
# Last, a check that nothing the tests started is left running (Tests/leftovers.sh), in a
# run of its own: its id and temporary folder (Tests/test-run.sh).
# SKIP_E2E=1 skips tier 3, and says so; without tmux the run fails rather than skip it.
# In a network's test target, the suites that talk to a loopback server have Loopback in
# their name: the rest of it is in memory. Those suites and the services' (each starting
# servers of its own) run after the transport's, whose cancellations are timed: in one run
# they would share the two cores.
IN_MEMORY = ^(FeedCoreTests\.|FeedXMLTests\.|FeedTerminalTests\.|FeedCommandLineTests\.|FeedPicturesTests\.DecoderTests|(WebFeed|Mastodon|Bluesky|TinyTinyRSS)NetworkTests\.(?!\w*Loopback))
REAL_IO = ^(FeedTransportTests\.|FeedStoreTests\.|FeedNetworkTests\.|ProcessTests\.|FeedPicturesTests\.PictureLoaderTests)
LOOPBACK = ^(FeedServicesTests\.|(WebFeed|Mastodon|Bluesky)NetworkTests\.\w*Loopback)
# A real reader server: each test starts its own tt-rss (PostgreSQL, PHP, its updater), which
# would starve the loopback tier's timed tests of the two cores: a run of its own.
REAL_SERVER = ^TinyTinyRSSNetworkTests\.\w*Loopback
test:
	@.ci/system-packages test
	$(SWIFT) build --build-tests
	@Tests/test-run.sh "$$($(SWIFT) build --show-bin-path)" $(MAKE) --no-print-directory test-tiers

# The tiers of `make test`, in the test run `make test` makes (Tests/test-run.sh).
test-tiers:
	@: > .build/tier-times
	@Tests/tier.sh "tiers 1 and 2, in memory" $(SWIFT) test --skip-build --filter '$(IN_MEMORY)'
	@Tests/tier.sh "sockets, files and processes" $(SWIFT) test --skip-build --filter '$(REAL_IO)'
	@Tests/tier.sh "networks and services on loopback servers" $(SWIFT) test --skip-build --filter '$(LOOPBACK)'
	@Tests/tier.sh "a real tt-rss on loopback" $(SWIFT) test --skip-build --filter '$(REAL_SERVER)'
	@if [ "$${SKIP_E2E:-}" = 1 ]; then \
		echo "SKIPPED: tier 3 (the binary in tmux), because SKIP_E2E=1"; \
	elif ! command -v tmux >/dev/null 2>&1; then \
		echo "tmux is not installed: apt-get install tmux, or SKIP_E2E=1 make test to skip tier 3" >&2; exit 1; \
	else \
		Tests/tier.sh "tier 3, the binary in tmux" $(SWIFT) test --skip-build --filter EndToEndTests; \
	fi
	@cat .build/tier-times

# The binary in a real terminal that draws pixels: xterm as a VT340 (sixel) on a virtual
# X display (Xvfb), screenshots checked for each picture inside its cells, before and after
# scrolling (Tests/terminal/xterm_sixel.py). The screenshots are kept in .build/terminal.
# Pillow comes from Debian's python3-pil, which is for the system's python3: a python3 of
# another installation (pyenv, a virtualenv) found first on PATH may lack it.
test-terminal:
	@.ci/system-packages terminal
	$(SWIFT) build --product shimmerfeed
	@python=python3; $$python -c 'import PIL' 2>/dev/null || python=/usr/bin/python3; \
	Tests/test-run.sh "$$($(SWIFT) build --show-bin-path)" \
		$$python Tests/terminal/xterm_sixel.py "$$($(SWIFT) build --show-bin-path)/shimmerfeed" .build/terminal

# The release build `make install` makes, then render/decode figures and the binary in a
# 200x50 pseudo-terminal. The feeds (200 and 100,000 posts) are generated into a temporary
# folder and removed. Last, many feeds (100 to 500 loopback RSS feeds, Tests/bench/rss_farm.py)
# against newsboat, and 300 sources answering at once (Tests/bench/many_feeds.py).
bench:
	@.ci/system-packages bench
	$(SWIFT) build -c release --static-swift-stdlib --product shimmerfeed
	$(SWIFT) build -c release --static-swift-stdlib --product FeedBench
	@dir=$$(mktemp -d) && bin=$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path) && \
	python3 Tests/bench/terminal_bench.py "$$bin" "$$dir"; status=$$?; rm -rf "$$dir"; exit $$status

# libFuzzer over decode (JSON, and XML through libxml2) → sanitize → layout → render
# (Tests/fuzz), seeded with the test fixtures, for SECONDS seconds; then over the picture
# decoders' wrappers → cells, and BlurHash, seeded with the pictures' fixtures, as long.
# FeedXML, the networks' decoders (and the pictures' decoders) are compiled with FeedCore as
# one module (their `import FeedCore` dropped) so that one swiftc call instruments them all. A crash is written to
# .build/fuzz/crash-* (picture-crash-*): add it to Tests/FeedCoreTests/Fixtures/fuzz,
# where FuzzFindingsTests replays it (a picture's to Tests/FeedPicturesTests/Fixtures).
SECONDS ?= 60
FUZZ_DIR = .build/fuzz
# Each network's wire format: its decoders (and the record addresses Bluesky's read), with
# nothing of its module that talks to servers.
FUZZ_DECODERS = Sources/WebFeedNetwork/Decoding/*.swift Sources/BlueskyNetwork/Decoding/*.swift \
	Sources/BlueskyNetwork/Addresses/BlueskyRecordAddress.swift \
	$(filter-out %/StreamingEventDecoding.swift,$(wildcard Sources/MastodonNetwork/Decoding/*.swift))
fuzz:
	@.ci/system-packages build
	@# The two fuzzers' builds each keep one core busy (one module, optimised whole): side by side.
	$(MAKE) --no-print-directory -j2 fuzz-feed-fuzzer fuzz-picture-fuzzer
	cp Tests/FeedCoreTests/Fixtures/*.json Tests/FeedCoreTests/Fixtures/xml/* Tests/FeedCoreTests/Fixtures/fuzz/* \
		Tests/MastodonNetworkTests/Fixtures/*.json Tests/BlueskyNetworkTests/Fixtures/bluesky/*.json $(FUZZ_DIR)/corpus/
	SWIFT_BACKTRACE=enable=no $(FUZZ_DIR)/feed-fuzzer -max_total_time=$(SECONDS) -max_len=16384 -timeout=10 \
		-artifact_prefix=$(FUZZ_DIR)/ $(FUZZ_DIR)/corpus
	cp Tests/FeedPicturesTests/Fixtures/* $(FUZZ_DIR)/picture-corpus/
	SWIFT_BACKTRACE=enable=no $(FUZZ_DIR)/picture-fuzzer -max_total_time=$(SECONDS) -max_len=65536 -timeout=10 \
		-rss_limit_mb=2560 -artifact_prefix=$(FUZZ_DIR)/picture- $(FUZZ_DIR)/picture-corpus

fuzz-feed-fuzzer:
	rm -rf $(FUZZ_DIR)/xml-sources && mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/xml-sources
	for file in Sources/FeedXML/*.swift $(FUZZ_DECODERS); do \
		grep -v '^import Feed\(Core\|XML\)$$' "$$file" > $(FUZZ_DIR)/xml-sources/$$(basename "$$file"); done
	swiftc -swift-version 6 -O -sanitize=fuzzer,address -use-ld=lld -parse-as-library -module-name FeedFuzz \
		-I Sources/CLibXML2 $$(pkg-config --cflags-only-I libxml-2.0 | sed 's/-I/-Xcc -I/g') \
		$$(find Sources/FeedCore -name '*.swift') $(FUZZ_DIR)/xml-sources/*.swift Tests/fuzz/FeedFuzzer.swift \
		-o $(FUZZ_DIR)/feed-fuzzer

fuzz-picture-fuzzer:
	rm -rf $(FUZZ_DIR)/picture-sources && mkdir -p $(FUZZ_DIR)/picture-corpus $(FUZZ_DIR)/picture-sources
	for file in Sources/FeedPictures/*Decod*.swift Sources/FeedPictures/PictureFormat.swift; do \
		grep -v '^import FeedCore$$' "$$file" > $(FUZZ_DIR)/picture-sources/$$(basename "$$file"); done
	swiftc -swift-version 6 -O -sanitize=fuzzer,address -use-ld=lld -parse-as-library -module-name PictureFuzz \
		-I Sources/CPNG -I Sources/CJPEG -I Sources/CWebP -I Sources/CGIF \
		$$(find Sources/FeedCore -name '*.swift') $(FUZZ_DIR)/picture-sources/*.swift Tests/fuzz/PictureFuzzer.swift \
		-o $(FUZZ_DIR)/picture-fuzzer

# The order the release link lays functions out in (Resources/hot-functions.txt): those the
# viewer runs, found under callgrind on loopback feeds, so that they sit together and the
# code kept resident is theirs. Minutes; again when `make bench` finds many names gone.
hot-functions:
	@.ci/system-packages bench
	$(SWIFT) build -c release --static-swift-stdlib --product shimmerfeed
	@bin=$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/shimmerfeed && \
	python3 Tests/bench/hot_functions.py "$$bin" Resources/hot-functions.txt && \
	rm "$$bin"  # the build does not know the order is an input of its link: it links again

# The README's pictures, drawn by the release binary's own renderer (`--dump --svg`): the
# band sweeping over the sample feed's skeleton at 80x24, one whole sweep in a loop (at
# 80 columns the band travels 96 cells at 60 a second, then rests 0.3 s: 1.9 s, 57 frames
# at 30 a second, from the start of the second sweep), and the loaded feed on a dark and
# a light background; and a Mastodon timeline with pictures from the loopback server,
# loading and loaded (Tests/docs/showcase.sh). Nothing in docs/ is made by hand.
docs:
	@.ci/system-packages build
	$(SWIFT) build -c release --static-swift-stdlib --product shimmerfeed
	@bin=$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/shimmerfeed && mkdir -p docs && \
	"$$bin" --dump --svg --svg-frame --size 80x24 --at 1.9 --frames 57 --fps 30 > docs/loading.svg && \
	"$$bin" --dump --svg --svg-frame --size 80x24 --delay 0 > docs/loaded.svg && \
	"$$bin" --dump --svg --svg-frame --size 80x24 --delay 0 --background light > docs/light.svg && \
	Tests/docs/showcase.sh "$$bin" docs && \
	ls -l docs

# Plants each bug of Tests/mutate/mutations.py in a scratch copy, one at a time, and runs
# the tests that should catch it; fails if any survives. Minutes: before a release, not CI.
# ONLY="dc:" plants only the bugs whose name holds it.
ONLY ?=
mutate:
	@dir=$$(mktemp -d) && python3 Tests/mutate/mutate.py "$$(pwd)" "$$dir" $(if $(ONLY),"$(ONLY)"); status=$$?; \
		rm -rf "$$dir"; exit $$status

# Bugs planted by rule, not by hand (Tests/mutate/sample.py, its rules in rules.py): a
# random sample, CHANGED mutants from the files changed since SINCE and EVERYWHERE from all
# of Sources/ (in AREAS only, if given: paths, or store, search, pictures, pixels,
# start-up); each planted in a scratch copy against the fastest tests covering its file.
# Prints the seed (SEED= repeats a sample) and every survivor's diff; fails under 90 %.
# Equivalent mutants are skipped, each with why, in Tests/mutate/equivalent.py.
SEED ?=
SINCE ?= HEAD~10
AREAS ?=
CHANGED ?= 30
EVERYWHERE ?= 30
# Its scratch copy stays in .build/mutate-sample, so that the next run builds only what changed.
mutate-sample:
	@mkdir -p .build/mutate-sample && python3 Tests/mutate/sample.py "$$(pwd)" .build/mutate-sample \
		--since "$(SINCE)" --changed $(CHANGED) --everywhere $(EVERYWHERE) $(if $(SEED),--seed $(SEED)) \
		$(if $(AREAS),--areas $(AREAS))

# swift format's findings, and whether every planted bug of `make mutate` still applies
# (a refactor can move the code one plants in; the check takes a second, mutate minutes).
lint:
	$(SWIFT) format lint --strict --recursive $(LINTED)
	python3 Tests/mutate/mutate.py --check .

format:
	$(SWIFT) format --in-place --recursive $(LINTED)

# A standalone binary: the Swift runtime and Foundation linked in, the sample feed embedded.
# The binary, then its manual pages and shell completions, written by the binary itself
# (--generate KIND) from the tables its parser reads, each where its system looks.
SHARE = $(DESTDIR)$(PREFIX)/share
INSTALLED_DOCUMENTS = man:man/man1/shimmerfeed.1 man-config:man/man5/shimmerfeed-config.5 \
	complete-bash:bash-completion/completions/shimmerfeed complete-zsh:zsh/site-functions/_shimmerfeed \
	complete-fish:fish/vendor_completions.d/shimmerfeed.fish
install:
	@.ci/system-packages build
	$(SWIFT) build -c release --static-swift-stdlib --product shimmerfeed
	install -D -s -m 755 "$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/shimmerfeed" "$(DESTDIR)$(PREFIX)/bin/shimmerfeed"
	@set -e; for document in $(INSTALLED_DOCUMENTS); do \
		to="$(SHARE)/$${document#*:}"; mkdir -p "$$(dirname "$$to")"; \
		"$(DESTDIR)$(PREFIX)/bin/shimmerfeed" --generate "$${document%%:*}" > "$$to.tmp"; \
		chmod 644 "$$to.tmp"; mv "$$to.tmp" "$$to"; echo "installed $$to"; \
	done

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/shimmerfeed" $(foreach document,$(INSTALLED_DOCUMENTS),"$(SHARE)/$(word 2,$(subst :, ,$(document)))")

clean:
	rm -rf .build
