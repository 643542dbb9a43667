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

GO     ?= go
BIN    := bin/lore
CORPUS ?= ../shared/corpus

# Routing gates (lore eval --min-top1/--min-top3, over all in-scope intents):
# the example set measures 76.0 % / 91.3 %, the corpus set 93.1 % / 97.7 %.
EXAMPLE_MIN_TOP1 ?= 0.74
EXAMPLE_MIN_TOP3 ?= 0.89
CORPUS_MIN_TOP1  ?= 0.85
CORPUS_MIN_TOP3  ?= 0.95

.PHONY: all build lore test bench bench-all fmt vet corpus calibrate clean

all: build

lore:
	$(GO) build -o $(BIN) ./cmd/lore

build: lore
	./$(BIN) build

test: vet lore
	$(GO) test -count=1 ./...
	@echo "== lore eval testdata/eval/example.tsv"
	./$(BIN) eval testdata/eval/example.tsv --min-top1 $(EXAMPLE_MIN_TOP1) --min-top3 $(EXAMPLE_MIN_TOP3) --worst 0

bench:
	$(GO) test -run '^$$' -bench '/1000$$' -benchmem -timeout 60m ./...
	$(GO) test -run '^$$' -bench 'Targets/10000$$' -benchtime 5x -timeout 60m ./build/

bench-all:
	$(GO) test -run '^$$' -bench . -benchmem -timeout 120m ./...

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
