# lore — build pipeline for agent manuals and prompts.
#   make build   build lore and the bundled example project into public/
#   make test    every test (vet, unit, testscript, browser) and the routing
#                gate over the example manuals (testdata/eval/example.tsv)
#   make bench   benchmarks over the generated 1k corpora, then the speed
#                targets over the generated 10k corpus (BenchmarkTargets:
#                baseline, cold, warm, edit under lore serve, peak RSS;
#                medians of five); make bench-all runs every size
#   make corpus CORPUS=DIR   lint a folder of real manuals and measure routing
#                            on it (testdata/eval/corpus.tsv)
#   make calibrate CORPUS=DIR  search the loaded/alternatives/hint thresholds
#                            over every labelled set of testdata/eval
#   make race    the build pipeline and internal packages under the race
#                detector (CI runs it after make test)
#   make fuzz    every fuzz target of every package, FUZZTIME each (30s);
#                prints the executions per target

GO     ?= go
BIN    := bin/lore
CORPUS ?= ../shared/corpus
FUZZTIME ?= 30s
FUZZMINIMIZE ?= 100x

# Routing gates (lore eval --min-top1/--min-top3, over all in-scope intents):
# the example set measures 76.0 % / 91.3 %, the corpus set 93.1 % / 97.7 %.
EXAMPLE_MIN_TOP1 ?= 0.74
EXAMPLE_MIN_TOP3 ?= 0.89
CORPUS_MIN_TOP1  ?= 0.85
CORPUS_MIN_TOP3  ?= 0.95

.PHONY: all build lore test race bench bench-all fmt vet fuzz corpus calibrate clean

all: build

lore:
	$(GO) build -o $(BIN) ./cmd/lore

build: lore
	./$(BIN) build

test: vet lore
	$(GO) test -count=1 -timeout 30m ./...
	@echo "== lore eval testdata/eval/example.tsv"
	./$(BIN) eval testdata/eval/example.tsv --min-top1 $(EXAMPLE_MIN_TOP1) --min-top3 $(EXAMPLE_MIN_TOP3) --worst 0

# The packages with concurrency (the build's goroutines, sessions, catalog
# jobs, output swap, the dev server and the watcher) under the race
# detector. About 6.5 minutes on 2 shared cores (make test takes 3-5), so
# it is a target of its own rather than part of make test; RACETIMEOUT
# bounds it.
RACETIMEOUT ?= 30m
# internal/lint/scan is left out: it starts no goroutines, and its linear-work
# test takes minutes under the detector.
race:
	$(GO) test -race -count=1 -timeout $(RACETIMEOUT) $$($(GO) list ./build/... ./internal/... | grep -v '/internal/lint/scan$$')

bench:
	$(GO) test -run '^$$' -bench '/1000$$' -benchmem -timeout 60m ./...
	$(GO) test -run '^$$' -bench 'Targets/10000$$' -benchtime 5x -timeout 60m ./internal/build/

bench-all:
	$(GO) test -run '^$$' -bench . -benchmem -timeout 120m ./...

# Finds the fuzz targets with go test -list (names starting with Fuzz, the
# package on the "ok" line after them) and fuzzes each for FUZZTIME. A
# failure prints the fuzzer's output (the failing input is written to the
# package's testdata/fuzz) and stops. Go 1.26's fuzzer may end a run with
# "context deadline exceeded" and no failing input (go.dev/issue/75804,
# fixed in Go 1.27): that run counts as passed. FUZZMINIMIZE bounds the
# minimisation of each new input, so that a short run fuzzes rather than
# minimises.
fuzz:
	@mkdir -p bin
	@$(GO) test -list '^Fuzz' ./... > bin/fuzz-list || { cat bin/fuzz-list; exit 1; }
	@awk '/^Fuzz/ { names = names " " $$1; next } /^ok/ { if (names != "") print $$2 names; names = "" }' \
	  bin/fuzz-list > bin/fuzz-targets
	@while read -r pkg names; do \
	  dir=$$($(GO) list -f '{{.Dir}}' $$pkg); \
	  for name in $$names; do \
	    before=$$(ls $$dir/testdata/fuzz/$$name 2>/dev/null | wc -l); \
	    if $(GO) test -run '^$$' -fuzz "^$$name$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) $$pkg > bin/fuzz.log 2>&1; then \
	      result=ok; \
	    elif [ "$$(ls $$dir/testdata/fuzz/$$name 2>/dev/null | wc -l)" -eq "$$before" ] && \
	         grep -q '^    context deadline exceeded$$' bin/fuzz.log; then \
	      result="ok (go.dev/issue/75804: the deadline raced a worker)"; \
	    else \
	      cat bin/fuzz.log; echo "FAIL $$pkg $$name"; exit 1; \
	    fi; \
	    execs=$$(sed -n 's/.*execs: \([0-9]*\).*/\1/p' bin/fuzz.log | tail -1); \
	    printf '%-40s %-16s %10s execs in %s %s\n' "$$pkg" "$$name" "$${execs:-0}" "$(FUZZTIME)" "$$result"; \
	  done; \
	done < bin/fuzz-targets

fmt:
	gofmt -w $$(git ls-files '*.go')

vet:
	$(GO) vet ./...

# Lints a folder of real manuals. Findings (exit 1) are expected there; a
# crash or a failure of the tool (exit 2 or a signal) fails the target.
corpus: lore
	@echo "== lore lint $(CORPUS)"
	@./$(BIN) lint $(CORPUS) > corpus-lint.txt; rc=$$?; \
	  echo "exit $$rc; findings by rule:"; \
	  sed -n 's/.*\[\([^]]*\)\]$$/\1/p' corpus-lint.txt | sort | uniq -c | sort -rn; \
	  echo "over-long documents flagged: $$(grep -cE '\[(size/hard-limit|size/split|skill/body-size)\]' corpus-lint.txt)"; \
	  test $$rc -le 1
	@echo "== lore eval testdata/eval/corpus.tsv --manuals $(CORPUS)"
	./$(BIN) eval testdata/eval/corpus.tsv --config testdata/eval/corpus.yaml --manuals $(CORPUS) \
	  --min-top1 $(CORPUS_MIN_TOP1) --min-top3 $(CORPUS_MIN_TOP3)

# Calibrates search.DefaultThresholds over the in-scope and out-of-scope
# intents of every set: the corpus sets run on their own catalog, so their
# outcomes are saved and pooled with the example sets'.
calibrate: lore
	./$(BIN) eval testdata/eval/corpus.tsv --config testdata/eval/corpus.yaml --manuals $(CORPUS) \
	  --save-outcomes bin/corpus.outcomes --worst 0 > /dev/null
	./$(BIN) eval testdata/eval/corpus-dev.tsv --config testdata/eval/corpus.yaml --manuals $(CORPUS) \
	  --save-outcomes bin/corpus-dev.outcomes --worst 0 > /dev/null
	./$(BIN) eval testdata/eval/example-holdout.tsv --save-outcomes bin/holdout.outcomes --worst 0 > /dev/null
	./$(BIN) eval testdata/eval/example.tsv --worst 0 --calibrate \
	  --calibrate-with bin/corpus.outcomes,bin/corpus-dev.outcomes,bin/holdout.outcomes

clean:
	rm -rf bin public .lore-cache corpus-lint.txt
