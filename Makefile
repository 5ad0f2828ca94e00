# apigen — everything CI checks is behind `make check`; `make test` runs the
# tests of every module in the repository.

GO        ?= go
# Modules with their own go.mod (test-only dependencies stay out of the main module).
MODULES   := . $(patsubst %/go.mod,%,$(wildcard golden/go.mod bench/go.mod interop/go.mod examples/*/go.mod))
FUZZTIME  ?= 60s

.PHONY: all generate test check fmt-check vet tidy-check generated-check fuzz bench golden

all: generate test

## generate: parse the embedded spec and write schema/, generated/botapi and generated/docs
generate:
	$(GO) run ./cmd/apigen generate

## test: run the tests of every module (fuzz targets run their seed corpus)
test:
	@set -e; for m in $(MODULES); do \
		echo "== go test $$m"; \
		(cd $$m && $(GO) test -count=1 ./...); \
	done

## golden: rewrite the golden files from the current generators
golden:
	$(GO) test ./parser/ ./pipeline/ -run Golden -update

## fuzz: run each fuzz target for FUZZTIME (default 60s)
fuzz:
	$(GO) test ./parser/ -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME)

## bench: run the benchmarks of the main module and the bench module
bench:
	$(GO) test ./... -run '^$$' -bench . -benchmem
	@if [ -f bench/go.mod ]; then cd bench && $(GO) test ./... -run '^$$' -bench . -benchmem; fi

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	@set -e; for m in $(MODULES); do echo "== go vet $$m"; (cd $$m && $(GO) vet ./...); done

tidy-check:
	@set -e; for m in $(MODULES); do (cd $$m && $(GO) mod tidy -diff) || { echo "go.mod/go.sum of $$m are not tidy: run 'go mod tidy' there"; exit 1; }; done

## generated-check: regenerate and fail if committed output changed
generated-check: generate
	@git add -N schema generated >/dev/null 2>&1 || true
	@if ! git diff --exit-code --stat -- schema generated; then \
		echo "generated output is stale: run 'make generate' and commit the result"; exit 1; fi

## check: everything CI checks
check: fmt-check vet tidy-check generated-check test
