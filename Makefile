# lore — build pipeline for agent manuals and prompts.
#   make build   build lore and the bundled example project into public/
#   make test    every test (vet, unit, testscript, browser)
#   make bench   benchmarks over the generated 1k and 10k corpora
#   make corpus CORPUS=DIR   lint (and eval) a folder of real manuals

GO     ?= go
BIN    := bin/lore
CORPUS ?= ../shared/corpus

.PHONY: all build lore test bench fmt vet corpus clean

all: build

lore:
	$(GO) build -o $(BIN) ./cmd/lore

build: lore
	./$(BIN) build

test: vet
	$(GO) test -count=1 ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem -timeout 60m ./...

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

clean:
	rm -rf bin public corpus-lint.txt
