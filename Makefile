# msgsift — build, run the samples, test.
#   make run    build in release and classify the samples (with --stats)
#   make test   build and run every test
SWIFT ?= swift
BIN_RELEASE = .build/release/msgsift
SAMPLE_RULES = --no-db --filters samples/rules.sfsfilters --lists samples/lists.json --lists-languages he,en \
	--rule links --rule short-sender=5 --rule email --rule emojis --rule country-allowlist=+972,+1,+44

.PHONY: all build release run test deps clean

all: build

# The C libraries msgsift links: ICU (through CICUShim) and SQLite. Installed with apt-get when missing.
deps:
	@if ! pkg-config --exists icu-uc icu-i18n sqlite3 2>/dev/null; then \
		echo "installing libicu-dev libsqlite3-dev pkg-config"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libicu-dev libsqlite3-dev pkg-config; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: release
	$(BIN_RELEASE) classify $(SAMPLE_RULES) --stats samples/messages.ndjson

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build
