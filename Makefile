# apigen — `make ci` is what CI runs (`bash .ci/run`), one step after another; `make check`
# is its fast local subset; `make test` runs the tests of every module in the repository.

GO        ?= go
# Modules with their own go.mod (test-only dependencies stay out of the main module).
# bench/api90 is not listed: it builds only after a step that generates a package from the
# shared pages (make bench90); the bench module's TestAPI90 runs that step and its tests.
MODULES   := . $(patsubst %/go.mod,%,$(wildcard bench/go.mod interop/go.mod openapi-check/go.mod examples/go.mod))
FUZZTIME  ?= 60s

.PHONY: help all generate regenerate-check ci test check fmt-check vet tidy-check generated-check fuzz bench bench90 procbench compile-weight gencpu ratios servercpu golden docs-check emulator emulator-load race soak soak-ci openapi-ts

## all: generate, then test (the default target)
all: generate test

## help: list the targets with the first line of their description
help:
	@awk '/^## [a-z][a-z0-9-]*: / { name = $$2; sub(/:$$/, "", name); sub(/^## [a-z][a-z0-9-]*: /, ""); printf "  %-16s %s\n", name, $$0 }' $(MAKEFILE_LIST)

## generate: write schema/, generated/ and examples/botapi/ from the embedded spec
## (apigen generate, then go generate in the examples module: its botapi/ is committed too). The directive
## lives in examples/gen.go: `go generate .`, because `go generate ./...` would also read
## botapi/'s file list from before the run and stop at a stale file apigen has removed.
generate:
	$(GO) run ./cmd/apigen generate
	cd examples && $(GO) generate .

## test: run the tests of every module (needs node and npm, or APIGEN_SKIP_JS=1).
## Fuzz targets run their seed corpus; the timeout leaves room for building the 10x scale
## package (internal/specgen/scaletest) on a busy 2-core machine. A failing module does not
## stop the others: every module is tested, the failed ones are listed at the end, exit 1.
test:
	@failed=""; for m in $(MODULES); do \
		echo "== go test $$m"; \
		(cd $$m && $(GO) test -count=1 -timeout 30m ./...) || failed="$$failed $$m"; \
	done; \
	if [ -n "$$failed" ]; then echo "make test: FAIL in$$failed"; exit 1; fi

## emulator: run the reference service on 127.0.0.1:8081 (any token; see emulator/README.md)
emulator:
	$(GO) run ./cmd/apigen-emulator

## emulator-load: 50 bots x 100 users exchanging messages for 20 s over loopback
## (make test runs a short version of the same test); then, where the shared pages are, the
## seed's emulator program against the one `apigen emulator` builds for the 9.0 page, in one run
## through the same HTTP harness: exchanges per second and live heap bytes per group and message
EMULATOR_LOAD ?= 20s
emulator-load:
	$(GO) test ./emulator/ -run '^TestLoad$$' -count=1 -v -timeout 10m -args -emulator.load=$(EMULATOR_LOAD)
	$(GO) test ./cmd/apigen/ -run '^TestEmulatorFiguresAtBothVersions$$' -count=1 -v -timeout 30m -args -emulator.versions=$(EMULATOR_LOAD)

## golden: rewrite the golden files from the current generators
golden:
	$(GO) test ./parser/ ./pipeline/ ./schemadiff/ -run "Golden|Markdown" -update -count=1

## fuzz: run every fuzz target of the repository for FUZZTIME (default 60s), one after another
## The targets are found, not listed: every `func FuzzX(` in a tracked *_test.go file (git grep), as DIR:FuzzX;
## go test runs in DIR, so a target in a separate module runs in that module.
FUZZ_FUNC    := ^func (Fuzz[A-Za-z0-9_]*)[(]
FUZZ_TARGETS  = $(shell git grep -l -E '$(FUZZ_FUNC)' -- '*_test.go' ':!:**/testdata/**' | \
	while read f; do sed -n -E "s|$(FUZZ_FUNC).*|./$$(dirname $$f)/:\1|p" "$$f"; done)
fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do dir=$${t%%:*}; name=$${t##*:}; \
		echo "== fuzz $$name ($$dir) for $(FUZZTIME)"; \
		(cd $$dir && $(GO) test . -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME)); \
	done

## race: run the tests of every module with the race detector
race:
	@set -e; for m in $(MODULES); do \
		echo "== go test -race $$m"; \
		(cd $$m && $(GO) test -race -count=1 ./...); \
	done

## soak: bounded loopback load test of the generated client and server
## (100 clients, 20 s, JSON, urlencoded, 1-20 MB uploads, bad requests);
## the SHA-256 of every upload as received goes to soak-uploads.sha256
soak:
	$(GO) test ./soak/ -run '^TestSoak$$' -count=1 -v -timeout 10m \
		-soak.clients=100 -soak.duration=20s -soak.minupload=1000000 -soak.maxupload=20000000 \
		-soak.report=$(CURDIR)/soak-uploads.sha256

## soak-ci: the short soak CI runs (~10 s: 20 clients, 6 s, 1-4 MB uploads)
soak-ci:
	$(GO) test ./soak/ -run '^TestSoak$$' -count=1 -v -timeout 5m \
		-soak.clients=20 -soak.duration=6s -soak.minupload=1000000 -soak.maxupload=4000000

## bench: run the benchmarks of the main module and the bench module
bench:
	$(GO) test ./... -run '^$$' -bench . -benchmem
	@if [ -f bench/go.mod ]; then cd bench && $(GO) test ./... -run '^$$' -bench . -benchmem; fi

## ratios: the side-by-side table of docs/performance.md (medians of interleaved rounds, same run)
ratios:
	cd bench && $(GO) test -run TestRatios -ratios -rounds 5 -count=1 -v . | grep -v '^[=-]'

## bench90: the package generated from the 9.0 page against 5.0, telego v1.6.0 and go-telegram/bot v1.19.0 (bench/api90)
## The page (../shared, never committed) is generated into bench/api90/botapi (git-ignored), then the
## table of ratios is printed as by `make ratios`; BENCH90_PAGE picks another page, ROUNDS the rounds
BENCH90_PAGE ?= $(CURDIR)/../shared/spec/published/bot-api-9.0.html.gz
ROUNDS       ?= 5
bench90:
	cd bench/api90 && $(GO) run ./internal/generate -page $(BENCH90_PAGE)
	cd bench/api90 && $(GO) test -run '^TestRatios$$' -ratios -rounds $(ROUNDS) -count=1 -v . | grep -v '^[=-]'

## servercpu: the generated server's CPU per request against a bare handler
## (over loopback, both in child processes; medians of 11 interleaved rounds; bench/servercpu_test.go)
servercpu:
	cd bench && $(GO) test -run '^TestServerCPU$$' -servercpu -rounds 11 -count=1 -v . | grep -v '^[=-]'

## procbench: whole-process wall time, CPU and max RSS, apigen against telego
## (1000 getUpdates responses of 100 updates decoded and one sendMessage encoded per update;
## 3 interleaved rounds; each child's rusage, no /usr/bin/time needed; bench/procbench_test.go)
PROCBENCH_N ?= 1000
procbench:
	cd bench && $(GO) test -run '^TestProcBench$$' -procbench -procbench.n $(PROCBENCH_N) -rounds 3 -count=1 -v . | grep -v '^[=-]\|^PASS\|^ok'

## compile-weight: the README's bot built from an empty build cache on the package of the newest shared page,
## the seed's and telego: the largest compile's max RSS, the build's user CPU and the binary's size
## (bench/compileweight/compileweight.sh; ROUNDS=N repeats the builds interleaved)
compile-weight:
	bench/compileweight/compileweight.sh

## gencpu: `apigen generate` as a process: median CPU and max RSS (GENCPU_BASE=REV compares)
## Median CPU (user+sys, from rusage) and max RSS of GENCPU_ROUNDS interleaved runs, each a rerun in a filled directory;
## GENCPU_BASE=REV (e.g. main) measures that revision's apigen in the same rounds and prints the ratio
## GENCPU_SPEC=FILE (an absolute path) generates from that document instead of the embedded one
GENCPU_ROUNDS ?= 15
GENCPU_BASE   ?=
GENCPU_SPEC   ?=
gencpu:
	$(GO) test ./cmd/apigen/ -run '^TestGenerateProcessCPU$$' -count=1 -v -timeout 60m -args -gencpu \
		-gencpu.rounds $(GENCPU_ROUNDS) $(if $(GENCPU_BASE),-gencpu.base $(GENCPU_BASE)) $(if $(GENCPU_SPEC),-gencpu.spec $(GENCPU_SPEC)) | grep -v '^[=-]\|^PASS\|^ok'

## fmt-check: fail when gofmt would change a tracked Go file
fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

## vet: go vet in every module
vet:
	@set -e; for m in $(MODULES); do echo "== go vet $$m"; (cd $$m && $(GO) vet ./...); done

## tidy-check: fail when a module's go.mod or go.sum is not tidy
tidy-check:
	@set -e; for m in $(MODULES); do (cd $$m && $(GO) mod tidy -diff) || { echo "go.mod/go.sum of $$m are not tidy: run 'go mod tidy' there"; exit 1; }; done

## generated-check: fail if committed output differs from what a run would write
## (apigen generate --check: regenerates in memory, lists the files that differ or are stale, writes nothing)
generated-check:
	$(GO) run ./cmd/apigen generate --check
	cd examples && $(GO) tool apigen generate --check

## check: the fast local subset of make ci: gofmt, vet, tidy, stale output, then the main module's tests with -short
## (-short skips the module builds, the 10x scale build and the browser)
check: fmt-check vet tidy-check generated-check
	$(GO) test -short -count=1 ./...

## regenerate-check: the README's first command as written, then fail if it changed committed schema/ or generated/
## (what it rewrote was stale in the commit; generated-check then compares everything without writing)
regenerate-check:
	$(GO) run ./cmd/apigen generate
	@if [ -n "$$(git status --porcelain -- schema generated)" ]; then git status --short -- schema generated; \
		echo "the committed schema/ or generated/ output is stale: run 'make generate' and commit the result"; exit 1; fi

## ci: what CI runs (bash .ci/run), the steps of CI_STEPS in order, stopping at the first that fails:
## the README's two commands (regenerate-check, test), the static and stale-output checks, the short soak, the
## docs in headless Chromium, the npm tools over the OpenAPI export. Needs node, npm and chromium (.ci/run installs them)
CI_STEPS := regenerate-check test fmt-check vet tidy-check generated-check soak-ci docs-check openapi-ts
ci:
	@set -e; for step in $(CI_STEPS); do echo "== make $$step"; $(MAKE) --no-print-directory $$step; done

## docs-check: load every page of generated/docs in headless Chromium
## (apt-get install -y chromium) and fail on console errors, failed or outside requests, broken links, a broken search box, "/" or ?q=;
## saves screenshots of four pages in .cache/screenshots (git-ignored)
docs-check:
	APIGEN_REQUIRE_BROWSER=1 APIGEN_SCREENSHOTS=$(CURDIR)/.cache/screenshots $(GO) test ./generators/docs/ -run '^(TestBrowser|TestGeneratedSiteLinks)$$' -count=1 -v

## openapi-ts: third-party npm tools over generated/openapi (needs node and npm)
## openapi-typescript generates TypeScript types that tsc --strict compiles with openapi-check/ts/usage.ts, and
## redocly lints the document (recommended rules; zero errors required)
openapi-ts:
	cd openapi-check/ts && npm ci --no-audit --no-fund && npm run --silent generate && npm run --silent compile && npm run --silent lint
