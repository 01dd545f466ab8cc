# shimmerfeed: `make run` shows the bundled feed; `make test` runs all three test tiers.
PREFIX ?= /usr/local
SWIFT ?= swift
ARGS ?=
LINTED = Package.swift Sources Tests Resources/SampleFeed.swift

.PHONY: build run test bench lint format install uninstall clean

build:
	$(SWIFT) build

# Builds, then opens the bundled sample feed (extra options: make run ARGS="--animation pulse").
run: build
	$(SWIFT) run --skip-build shimmerfeed $(ARGS)

# Tier 1 and 2 (FeedCoreTests, FeedTerminalTests), then tier 3 (Tests/e2e: the binary in
# tmux) in a run of its own: its tests poll a terminal and would hold the threads the
# in-process loaders of the other tiers need.
test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip EndToEndTests
	$(SWIFT) test --skip-build --filter EndToEndTests

# Release build, then render/decode figures and the binary in a 200x50 pseudo-terminal.
# The feeds (200 and 100,000 posts) are generated into a temporary folder and removed.
bench:
	$(SWIFT) build -c release
	@dir=$$(mktemp -d) && bin=$$($(SWIFT) build -c release --show-bin-path) && \
	python3 Tests/bench/terminal_bench.py "$$bin" "$$dir"; status=$$?; rm -rf "$$dir"; exit $$status

lint:
	$(SWIFT) format lint --strict --recursive $(LINTED)

format:
	$(SWIFT) format --in-place --recursive $(LINTED)

# A standalone binary: the Swift runtime and Foundation linked in, the sample feed embedded.
install:
	$(SWIFT) build -c release --static-swift-stdlib
	install -D -s -m 755 "$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/shimmerfeed" "$(DESTDIR)$(PREFIX)/bin/shimmerfeed"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/shimmerfeed"

clean:
	rm -rf .build
