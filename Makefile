# msgsift — build, run the samples, test.
#   make run    build in release and classify the samples (with --stats)
#   make test   build and run every test
SWIFT ?= swift
BIN_RELEASE = .build/release/msgsift
SAMPLE_RULES = --no-db --filters samples/rules.sfsfilters --lists samples/lists.json --lists-languages he,en \
	--rule links --rule short-sender=5 --rule email --rule emojis --rule country-allowlist=+972,+1,+44

.PHONY: all build release run test deps clean bench bench-authoring bench-langid bench-langid-sms fuzz sanitize tsan

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
	$(BIN_RELEASE) eval $(SAMPLE_RULES) --label label samples/labelled.ndjson

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build

# Reliability checks, not part of `make test` (minutes each; see bench/RESULTS.md).
# fuzz: every libFuzzer harness of Tests/Fuzz/Harnesses for FUZZ_SECONDS each (default 60),
#   one line per harness; a crash, leak or time-out fails with its reproducer in .build/fuzz/crashes/.
# sanitize: the whole test suite under AddressSanitizer (Swift and C) and UndefinedBehaviorSanitizer
#   (the C targets; Swift checks overflow and bounds itself).
# tsan: the pipeline, reader and store tests under ThreadSanitizer (the binary they run is
#   built with it too; the store-fault tests are left out: TSan's runtime itself cannot run
#   under the `ulimit -f` they set).
fuzz: deps
	SWIFT=$(SWIFT) FUZZ_SECONDS=$(or $(FUZZ_SECONDS),60) scripts/fuzz.sh

sanitize: deps
	$(SWIFT) build --build-tests --build-path .build/asan --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
	$(SWIFT) test --skip-build --build-path .build/asan --sanitize=address

TSAN_SUITES = Pipeline|Determinism|Stream|Signal|Store|Shared|Interruption
tsan: deps
	$(SWIFT) build --build-tests --build-path .build/tsan --sanitize=thread
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --build-path .build/tsan --sanitize=thread --filter '$(TSAN_SUITES)' \
		--skip StoreFaultTests

# Throughput beside cat, wc, ripgrep and a Python baseline (bench/run.py;
# not part of `make test`). QUICK=1 leaves out the 100 MB vs 1 GB inputs.
bench: release
	@command -v rg >/dev/null || { apt-get update -qq && apt-get install -y -qq ripgrep; }
	$(SWIFT) build -c release --product msgsift-bench
	python3 bench/run.py $(if $(QUICK),--quick,) $(if $(RECORDS),--records $(RECORDS),)

# eval and diff beside classify on the bench corpus (bench/authoring.py; not part of `make test`).
bench-authoring: release
	$(SWIFT) build -c release --product msgsift-bench
	python3 bench/authoring.py $(if $(RECORDS),--records $(RECORDS),)

# Language identification on held-out real text, msgsift against lingua and
# langid.py (bench/langid/; not part of `make test`). Fetches Debian packages
# and PyPI detectors on first use; results go in bench/RESULTS.md by hand.
LANGID_VENV = bench/langid/.venv
bench-langid: deps
	@test -x $(LANGID_VENV)/bin/python || python3 -m venv $(LANGID_VENV)
	@$(LANGID_VENV)/bin/python -c 'import lingua, langid, numpy, wordfreq' 2>/dev/null || \
		$(LANGID_VENV)/bin/pip install -q lingua-language-detector langid numpy wordfreq
	@test -f bench/langid/data/manifest.json || python3 bench/langid/extract.py
	$(SWIFT) build -c release --product msgsift-langid
	$(LANGID_VENV)/bin/python bench/langid/bench.py .build/release/msgsift-langid
	python3 bench/langid/sms.py .build/release/msgsift-langid
	$(LANGID_VENV)/bin/python bench/langid/chat.py .build/release/msgsift-langid

# Short hand-written SMS only (bench/langid/sms/): python3 alone, nothing fetched.
bench-langid-sms:
	$(SWIFT) build -c release --product msgsift-langid
	python3 bench/langid/sms.py .build/release/msgsift-langid
