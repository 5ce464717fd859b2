# msgsift — build, run the samples, test.
#   make run    build in release and classify the samples (with --stats)
#   make test   build and run every test
SWIFT ?= swift
BIN_RELEASE = .build/release/msgsift
SAMPLE_RULES = --no-db --filters samples/rules.sfsfilters --lists samples/lists.json --lists-languages he,en \
	--rule links --rule short-sender=5 --rule email --rule emojis --rule country-allowlist=+972,+1,+44

.PHONY: all build release run test deps clean bench bench-regex bench-langid bench-langid-sms

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

# Throughput beside cat, wc, ripgrep and a Python baseline (bench/run.py;
# not part of `make test`). QUICK=1 leaves out the 100 MB vs 1 GB inputs.
bench: release
	@command -v rg >/dev/null || { apt-get update -qq && apt-get install -y -qq ripgrep; }
	$(SWIFT) build -c release --product msgsift-bench
	python3 bench/run.py $(if $(QUICK),--quick,) $(if $(RECORDS),--records $(RECORDS),)

# The regex prefilter against ICU alone on a million realistic messages: each regex of
# bench/regex-rules.sfsfilters and 60 generated ones, alone; fails if a verdict differs.
bench-regex: release
	$(SWIFT) build -c release --product msgsift-bench
	@test -f bench/out/realistic-1000000-1.ndjson || { mkdir -p bench/out && python3 bench/realistic.py --records 1000000 > bench/out/realistic-1000000-1.ndjson.tmp && mv bench/out/realistic-1000000-1.ndjson.tmp bench/out/realistic-1000000-1.ndjson; }
	.build/release/msgsift-bench regex-check --filters bench/regex-rules.sfsfilters --corpus bench/out/realistic-1000000-1.ndjson --family 60 --seed 3

# Language identification on held-out real text, msgsift against lingua and
# langid.py (bench/langid/; not part of `make test`). Fetches Debian packages
# and PyPI detectors on first use; results go in bench/RESULTS.md by hand.
LANGID_VENV = bench/langid/.venv
bench-langid: deps
	@test -x $(LANGID_VENV)/bin/python || python3 -m venv $(LANGID_VENV)
	@$(LANGID_VENV)/bin/python -c 'import lingua, langid, numpy' 2>/dev/null || \
		$(LANGID_VENV)/bin/pip install -q lingua-language-detector langid numpy
	@test -f bench/langid/data/manifest.json || python3 bench/langid/extract.py
	$(SWIFT) build -c release --product msgsift-langid
	$(LANGID_VENV)/bin/python bench/langid/bench.py .build/release/msgsift-langid
	python3 bench/langid/sms.py .build/release/msgsift-langid

# Short hand-written SMS only (bench/langid/sms/): python3 alone, nothing fetched.
bench-langid-sms:
	$(SWIFT) build -c release --product msgsift-langid
	python3 bench/langid/sms.py .build/release/msgsift-langid
