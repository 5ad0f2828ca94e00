# apigen — everything CI checks is behind `make check`; `make test` runs the
# tests of every module in the repository.

GO        ?= go
# Modules with their own go.mod (test-only dependencies stay out of the main module).
MODULES   := . $(patsubst %/go.mod,%,$(wildcard bench/go.mod interop/go.mod examples/*/go.mod))
FUZZTIME  ?= 60s

.PHONY: all generate test check fmt-check vet tidy-check generated-check fuzz bench procbench ratios golden docs-check

all: generate test

## generate: parse the embedded spec and write schema/, generated/botapi and generated/docs,
## and rerun go generate in the example module (its botapi/ is committed too)
generate:
	$(GO) run ./cmd/apigen generate
	cd examples/echobot && $(GO) generate ./...

## test: run the tests of every module (fuzz targets run their seed corpus)
test:
	@set -e; for m in $(MODULES); do \
		echo "== go test $$m"; \
		(cd $$m && $(GO) test -count=1 ./...); \
	done

## golden: rewrite the golden files from the current generators
golden:
	$(GO) test ./parser/ ./pipeline/ ./schemadiff/ -run Golden -update -count=1

## fuzz: run each fuzz target for FUZZTIME (default 60s), one after another
FUZZ_TARGETS := ./parser/:FuzzParse ./generators/support/:FuzzJSONReader ./generators/support/:FuzzJSONWriterStr \
	./generators/support/:FuzzParseMarkdownV2 ./generators/support/:FuzzParseHTML ./generators/support/:FuzzParseMarkdown \
	./naming/:FuzzExported ./naming/:FuzzUnexported ./generators/server/servertest/:FuzzServer
fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do pkg=$${t%%:*}; name=$${t##*:}; \
		echo "== fuzz $$name ($$pkg) for $(FUZZTIME)"; \
		$(GO) test $$pkg -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME); \
	done

## bench: run the benchmarks of the main module and the bench module
bench:
	$(GO) test ./... -run '^$$' -bench . -benchmem
	@if [ -f bench/go.mod ]; then cd bench && $(GO) test ./... -run '^$$' -bench . -benchmem; fi

## ratios: the README's performance table (medians of interleaved rounds, same run)
ratios:
	cd bench && $(GO) test -run TestRatios -ratios -rounds 5 -count=1 -v . | grep -v '^[=-]'

## procbench: whole process, 1000 getUpdates responses of 100 updates decoded and one
## sendMessage encoded per update, apigen and telego interleaved (3 rounds each):
## wall time, CPU and max RSS from /usr/bin/time -v (apt-get install -y time)
PROCBENCH_N ?= 1000
procbench:
	@cd bench && $(GO) build -o /tmp/procbench ./procbench && \
	for round in 1 2 3; do for lib in apigen telego; do \
		/usr/bin/time -v /tmp/procbench -lib $$lib -n $(PROCBENCH_N) 2>/tmp/procbench.time >/dev/null || exit 1; \
		printf '%-7s round %s: wall %s, user %ss, sys %ss, max RSS %s KB\n' $$lib $$round \
			"$$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' /tmp/procbench.time)" \
			"$$(sed -n 's/.*User time (seconds): //p' /tmp/procbench.time)" \
			"$$(sed -n 's/.*System time (seconds): //p' /tmp/procbench.time)" \
			"$$(sed -n 's/.*Maximum resident set size (kbytes): //p' /tmp/procbench.time)"; \
	done; done

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	@set -e; for m in $(MODULES); do echo "== go vet $$m"; (cd $$m && $(GO) vet ./...); done

tidy-check:
	@set -e; for m in $(MODULES); do (cd $$m && $(GO) mod tidy -diff) || { echo "go.mod/go.sum of $$m are not tidy: run 'go mod tidy' there"; exit 1; }; done

## generated-check: regenerate and fail if committed output changed
generated-check: generate
	@git add -N schema generated examples >/dev/null 2>&1 || true
	@if ! git diff --exit-code --stat -- schema generated examples; then \
		echo "generated output is stale: run 'make generate' and commit the result"; exit 1; fi

## check: everything CI checks
check: fmt-check vet tidy-check generated-check test

## docs-check: load every page of generated/docs in headless Chromium (apt-get install -y chromium)
## and fail on console errors, failed or outside requests, broken links or a broken search box
docs-check:
	APIGEN_REQUIRE_BROWSER=1 $(GO) test ./generators/docs/ -run '^(TestBrowser|TestGeneratedSiteLinks)$$' -count=1 -v
