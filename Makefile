# msgsift — build, run the samples, test.
#   make run    build in release and classify the samples (with --stats)
#   make test   build and run every test
#   make dist   a tarball whose binary runs without the Swift toolchain (dist/)
#   make install [PREFIX=/usr/local] [DESTDIR=]   the release binary, msgsift(1), completions
#   make uninstall [PREFIX=/usr/local] [DESTDIR=]
SWIFT ?= swift
BIN_RELEASE = .build/release/msgsift
SAMPLE_RULES = --no-db --filters samples/rules.sfsfilters --lists samples/lists.json --lists-languages he,en \
	--rule links --rule short-sender=5 --rule email --rule emojis --rule country-allowlist=+972,+1,+44

.PHONY: all build release run test deps clean dist scale-check install uninstall bench bench-archives bench-authoring bench-inputs bench-regex bench-langid bench-langid-sms fuzz sanitize tsan

all: build

# The C libraries msgsift links: ICU (through CICUShim), SQLite, libxml2 (through CXMLShim),
# zlib and libcurl (through CCurlShim). Installed with apt-get when missing.
deps:
	@if ! pkg-config --exists icu-uc icu-i18n sqlite3 libxml-2.0 zlib libcurl 2>/dev/null; then \
		echo "installing libicu-dev libsqlite3-dev libxml2-dev zlib1g-dev libcurl4-openssl-dev pkg-config"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libicu-dev libsqlite3-dev libxml2-dev zlib1g-dev libcurl4-openssl-dev pkg-config; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: release
	$(BIN_RELEASE) classify $(SAMPLE_RULES) --stats samples/messages.ndjson
	$(BIN_RELEASE) eval $(SAMPLE_RULES) --label label samples/labelled.ndjson

# The network tests serve HTTP(S) on 127.0.0.1 with python3 (Tests/Fixtures/http-server.py) and openssl.
# The scale-out tests run GNU parallel (with Perl's Text::CSV for --csv) and jq.
test: deps
	@command -v python3 >/dev/null && command -v openssl >/dev/null || { \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq python3 openssl; }
	@command -v parallel >/dev/null && command -v jq >/dev/null && perl -MText::CSV -e1 2>/dev/null || { \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq parallel jq libtext-csv-perl; }
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build

# dist: the release binary with the static Swift runtime (Foundation included), packed with
#   the docs as dist/msgsift-VERSION-linux-ARCH.tar.gz by scripts/dist.sh. When the Makefile
#   has an `install` target, staging runs it with DESTDIR, PREFIX=/msgsift-VERSION and
#   MSGSIFT_BIN (the binary to install). Fails if ldd finds a library of the Swift toolchain
#   in the binary's needs, or if the packed copy, run with the toolchain out of reach, judges
#   the samples otherwise than the debug build.
DIST_BIN = .build/dist/release/msgsift
dist: deps
	@command -v readelf >/dev/null && command -v strip >/dev/null || { \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq binutils; }
	$(SWIFT) build -c release --static-swift-stdlib --build-path .build/dist --product msgsift
	$(SWIFT) build --product msgsift
	MAKE="$(MAKE)" SWIFT="$(SWIFT)" SAMPLE_RULES="$(SAMPLE_RULES)" scripts/dist.sh $(DIST_BIN) .build/debug/msgsift

# scale-check: Spark's RDD.pipe in local mode runs the dist binary over a partitioned
#   archive with the rules shipped as a file, and every verdict must equal one run's
#   (bench/scale_check.py; pyspark in a venv under .build/; not part of `make test`).
SCALE_VENV = .build/scale-venv
scale-check: dist
	@command -v java >/dev/null && python3 -c 'import ensurepip' 2>/dev/null || { \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq default-jre-headless python3-venv; }
	@test -x $(SCALE_VENV)/bin/python || python3 -m venv $(SCALE_VENV)
	@$(SCALE_VENV)/bin/python -c 'import pyspark' 2>/dev/null || $(SCALE_VENV)/bin/pip install -q pyspark
	$(SCALE_VENV)/bin/python bench/scale_check.py --binary $(DIST_BIN) $(if $(RECORDS),--records $(RECORDS),)
# The binary (BIN, by default the release build, built first), then the manual page and
# the completion scripts that binary prints from its command table, in the standard
# places under $(DESTDIR)$(PREFIX). Each file is written beside its place, then renamed.
PREFIX ?= /usr/local
DESTDIR ?=
BIN ?= $(BIN_RELEASE)
INSTALL_ROOT = $(DESTDIR)$(PREFIX)
INSTALLED = bin/msgsift share/man/man1/msgsift.1 share/bash-completion/completions/msgsift \
	share/zsh/site-functions/_msgsift share/fish/vendor_completions.d/msgsift.fish
install: $(if $(filter file,$(origin BIN)),release)
	@test -x "$(BIN)" || { echo "make install: no binary at $(BIN)" >&2; exit 1; }
	install -d "$(INSTALL_ROOT)/bin" "$(INSTALL_ROOT)/share/man/man1" "$(INSTALL_ROOT)/share/bash-completion/completions" \
		"$(INSTALL_ROOT)/share/zsh/site-functions" "$(INSTALL_ROOT)/share/fish/vendor_completions.d"
	install -m 755 "$(BIN)" "$(INSTALL_ROOT)/bin/msgsift"
	"$(BIN)" help --man > "$(INSTALL_ROOT)/share/man/man1/msgsift.1.tmp"
	"$(BIN)" completions bash > "$(INSTALL_ROOT)/share/bash-completion/completions/msgsift.tmp"
	"$(BIN)" completions zsh > "$(INSTALL_ROOT)/share/zsh/site-functions/_msgsift.tmp"
	"$(BIN)" completions fish > "$(INSTALL_ROOT)/share/fish/vendor_completions.d/msgsift.fish.tmp"
	@for f in share/man/man1/msgsift.1 share/bash-completion/completions/msgsift share/zsh/site-functions/_msgsift \
		share/fish/vendor_completions.d/msgsift.fish; do chmod 644 "$(INSTALL_ROOT)/$$f.tmp" && mv "$(INSTALL_ROOT)/$$f.tmp" "$(INSTALL_ROOT)/$$f" || exit 1; done

uninstall:
	@for f in $(INSTALLED); do rm -f "$(INSTALL_ROOT)/$$f"; done

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

# No XCTest run (the tests are Swift Testing's; XCTest's runner leaks its own objects at
# exit, which LeakSanitizer reports); the peak-memory comparison is left out (ASan's
# quarantine and shadow memory, not msgsift, set the peaks there). Tests/lsan-suppressions.txt
# names what Foundation and the tests' constants keep to exit.
sanitize: deps
	$(SWIFT) build --build-tests --build-path .build/asan --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt $(SWIFT) test --skip-build --build-path .build/asan --sanitize=address --disable-xctest --skip anArrayRunsInTheMemoryNDJSONDoes

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

# The progress line's cost (stderr a pseudo-terminal against /dev/null) and the JSON-array
# reader beside NDJSON on the bench corpus, with peak RSS (bench/inputs.py; ARRAY_MB=N adds
# an array of about N MB; not part of `make test`).
bench-inputs: release
	$(SWIFT) build -c release --product msgsift-bench
	python3 bench/inputs.py $(if $(RECORDS),--records $(RECORDS),) $(if $(ARRAY_MB),--array-mb $(ARRAY_MB),)

# The SMS Backup & Restore XML reader beside NDJSON on the same messages: a generated
# export of SIZE_MB (default 1000) megabytes, records/s and peak RSS (bench/archives.py;
# not part of `make test`).
bench-archives: release
	python3 bench/archives.py $(if $(SIZE_MB),--size-mb $(SIZE_MB),)

# The regex prefilter against ICU alone on a million realistic messages: each regex of
# bench/regex-rules.sfsfilters and 60 generated ones, then of the five other sets
# (bench/regex-rules-{dev1,dev2,dev3,test1,test2}.sfsfilters), alone; fails if a verdict differs.
bench-regex: release
	$(SWIFT) build -c release --product msgsift-bench
	@test -f bench/out/realistic-1000000-1.ndjson || { mkdir -p bench/out && python3 bench/realistic.py --records 1000000 > bench/out/realistic-1000000-1.ndjson.tmp && mv bench/out/realistic-1000000-1.ndjson.tmp bench/out/realistic-1000000-1.ndjson; }
	.build/release/msgsift-bench regex-check --filters bench/regex-rules.sfsfilters --corpus bench/out/realistic-1000000-1.ndjson --family 60 --seed 3
	for set in dev1 dev2 dev3 test1 test2; do .build/release/msgsift-bench regex-check --filters bench/regex-rules-$$set.sfsfilters --corpus bench/out/realistic-1000000-1.ndjson || exit 1; done

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
	$(LANGID_VENV)/bin/python bench/langid/sayings.py .build/release/msgsift-langid
	$(LANGID_VENV)/bin/python bench/langid/django.py .build/release/msgsift-langid
	$(LANGID_VENV)/bin/python bench/langid/gnome.py .build/release/msgsift-langid

# Short hand-written SMS only (bench/langid/sms/): python3 alone, nothing fetched.
bench-langid-sms:
	$(SWIFT) build -c release --product msgsift-langid
	python3 bench/langid/sms.py .build/release/msgsift-langid
