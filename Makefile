# Breaktime: `make run` starts the whole app on http://127.0.0.1:8080, `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := run

PORT ?= 8080
DATA_DIR ?= ./.data
VENV := .venv
NPM := npm --prefix web
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
export CARGO_TERM_COLOR := never

.PHONY: serve server-opt backup restore audit test-audit api run build web web-deps oidc-deps server test test-rust test-on-date test-dates faketime test-web e2e setup venv chromium lint test-build lambdas bench bench-work bench-transfer bench-calls bench-tools lighthouse soak test-soak fuzz test-fuzz clean

## Start everything locally (SQLite store, local outbox, built web app).
## The web build (npm) and the server build (cargo) run side by side: the first start of a fresh clone is their
## longer half, not their sum.
run:
	@$(MAKE) --no-print-directory -j2 web server
	PORT=$(PORT) DATA_DIR=$(DATA_DIR) ./target/debug/breaktime-local

server:
	cargo build -p breaktime-local

## A team's own server (README, "Self-hosting"): the optimised build (the `server` profile, about 15 times the debug
## build's requests per second) and the web app, development routes off, listening on every interface unless HOST
## says otherwise. Mail goes through SMTP_URL when it is set.
serve:
	@$(MAKE) --no-print-directory -j2 web server-opt
	HOST=$${HOST:-0.0.0.0} PORT=$(PORT) DATA_DIR=$(DATA_DIR) DEV_ROUTES=0 ./target/server/breaktime-local

server-opt:
	cargo build --profile server -p breaktime-local --bin breaktime-local

# The server binary the backup commands run: the optimised one when built, else the debug one.
SERVER_BIN = $(or $(wildcard ./target/server/breaktime-local),./target/debug/breaktime-local)
BACKUP ?= backups/breaktime-$(shell date -u +%Y%m%dT%H%M%SZ).sqlite3

## An online backup of DATA_DIR's database into BACKUP (default backups/breaktime-<UTC time>.sqlite3), safe while
## the server runs and writes.
backup:
	@[ -x $(SERVER_BIN) ] || $(MAKE) --no-print-directory server
	DATA_DIR=$(DATA_DIR) $(SERVER_BIN) backup $(BACKUP)

## Puts a backup back in DATA_DIR (stop the server first): make restore FROM=backups/breaktime-....sqlite3
restore:
	@[ -n "$(FROM)" ] || { echo "usage: make restore FROM=<backup file>"; exit 2; }
	@[ -x $(SERVER_BIN) ] || $(MAKE) --no-print-directory server
	DATA_DIR=$(DATA_DIR) $(SERVER_BIN) restore $(FROM)

web-deps:
	@if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then $(NPM) ci --no-audit --no-fund || $(NPM) install --no-audit --no-fund; fi

## The local OpenID Connect provider of the single sign-on tests (infra/oidc, the `oidc-provider` package).
oidc-deps:
	@if [ ! -d infra/oidc/node_modules ] || [ infra/oidc/package-lock.json -nt infra/oidc/node_modules/.package-lock.json ]; then npm --prefix infra/oidc ci --no-audit --no-fund; fi

## The bundle alone (type-checking is part of `make test-web` and `make lint`).
web: web-deps
	$(NPM) run build:app

## Everything a fresh machine needs for the tests.
setup: venv web-deps oidc-deps chromium faketime

venv:
	@if [ ! -x $(VENV)/bin/moto_server ] || [ ! -x $(VENV)/bin/cfn-lint ]; then python3 -m venv $(VENV) && $(VENV)/bin/pip install -q 'moto[server]' cfn-lint; fi

chromium:
	@command -v chromium >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

## Every test: Rust (both stores, SES on moto), web unit tests, bundle budget, end-to-end in Chromium.
## Each stage in turn, with the time it took (CI prints where its minutes go).
test:
	@PREBUILT=1 infra/scripts/stages.sh setup test-build test-audit test-rust test-on-date test-template test-soak test-fuzz test-web e2e

## One build for every test stage: the workspace with all features, bins and examples, in the feature resolution of
## `cargo test --workspace --all-features`. The local server (SQLite by default, DynamoDB with STORE=dynamo), the
## soak generator and the function binaries of the runtime tests come from it, so no stage rebuilds the crates for
## another feature set (each such rebuild cost minutes on two cores). Stages run alone build what they need.
test-build:
	cargo fetch
	cargo build --workspace --all-features --bins --examples

# The OpenAPI document as the routers describe it: from the test build under `make test`, else built here.
OPENAPI := $(if $(PREBUILT),./target/debug/openapi,cargo run -q -p breaktime-local --bin openapi)

# `cargo fetch` first: the architecture test reads `cargo metadata --offline`, which wants every package of the lock
# file (a build downloads only those it compiles).
test-rust: venv oidc-deps
	cargo fetch
	REQUIRE_MOTO=1 RUNTIME_TESTS_PREBUILT=$(PREBUILT) cargo test --workspace --all-features

## The Rust and web unit tests again with "today" moved (libfaketime, TEST_NOW) to each date of
## infra/scripts/test-dates.sh: the 1st, a Monday after a 28-day February, 31 December late, 29 February, Sundays on
## both of Europe's clock changes, the 31st before midnight (about 6 min each); then the browser suite on the 1st of
## a month (E2E_DATE).
E2E_DATE ?= 2027-03-01 09:30:00
test-dates: venv web-deps oidc-deps faketime
	infra/scripts/test-dates.sh
	@[ -n "$(PREBUILT)" ] || $(MAKE) --no-print-directory web server
	E2E_NOW='$(E2E_DATE)' infra/scripts/e2e.sh

## The date run of `make test`: the Rust and web unit tests on a day that breaks "this month" and "this week"
## arithmetic at once (the 1st of a month, a Monday, after a 28-day February), besides the run on the real date.
TEST_DATE ?= 2027-03-01 09:30:00
test-on-date: venv web-deps oidc-deps faketime
	infra/scripts/test-dates.sh '$(TEST_DATE)'

faketime:
	@[ -n "$$(ls /usr/lib/*/faketime/libfaketimeMT.so.1 2>/dev/null)" ] || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null)

## Dependency audit: Cargo.lock against the offline RustSec advisory database snapshot in ../shared/advisory-db
## (ADVISORY_DB=dir for another); fails on a vulnerability, warns on unmaintained, unsound and yanked crates.
## What does not apply is listed with its reason in infra/audit/ignore.toml. npm's advisory service cannot be
## reached from the build machines, so the web packages are not audited here (README, "Other commands").
audit:
	cargo run -q -p breaktime-audit --bin audit

test-audit:
	$(if $(PREBUILT),./target/debug/audit,cargo run -q -p breaktime-audit --bin audit)

## Regenerate web/src/lib/api-types.ts from the API document the Rust routers describe.
## Everything generated from the HTTP contract the routers describe: the web's API types and the API reference.
api: web-deps
	cargo run -q -p breaktime-local --bin openapi | node web/scripts/gen-api-types.mjs -
	cargo run -q -p breaktime-local --bin openapi -- --markdown > docs/api-reference.md

test-web: web-deps
	$(OPENAPI) | node web/scripts/gen-api-types.mjs --check -
	$(NPM) run lint:imports
	$(NPM) run test
	$(NPM) run build
	$(NPM) run budget

## Under `make test` the server and the bundle are those of `test-build` and `test-web`.
e2e: chromium oidc-deps
	@[ -n "$(PREBUILT)" ] || $(MAKE) --no-print-directory web server
	infra/scripts/e2e.sh

lint:
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets --all-features -- -D warnings

## Soak with integrity checks: 64 clients for 60 s over 20 users on SQLite, then 8 clients for 15 s on DynamoDB (moto).
soak: venv
	infra/scripts/soak.sh 60 64 20 sqlite
	infra/scripts/soak.sh 15 8 4 dynamo

## The short soak of `make test`: 8 s on SQLite, 10 s on DynamoDB (moto), every acknowledged write checked.
test-soak: venv
	infra/scripts/soak.sh 8 64 20 sqlite
	infra/scripts/soak.sh 10 8 4 dynamo

## API fuzzing with schemathesis against GET /openapi.json, every operation signed out and signed in (about 2 min).
test-fuzz: venv
	infra/scripts/fuzz.sh short

## The long fuzzing run, stateful phase included (about 11 min).
fuzz: venv
	infra/scripts/fuzz.sh long

## Request cost under oha (16 clients, 10 s, release build): list a day of 20 breaks, create a break, the caller
## alone; TimeTagger's figures beside ours when it is installed (`make bench-tools`).
bench:
	infra/bench/run.sh

## The team report's month of working time for a 50-member team, timed with its store calls (prints figures).
bench-work:
	cargo run -q --release -p breaktime-local --example work_bench

## Export of 25,000 records and import of 10,000 rows, timed, with the ZIP's size (prints figures).
bench-transfer:
	cargo run -q --release -p breaktime-local --example transfer_bench

## The store calls (by operation) and token checks of each request of a working day on SQLite, for a team without
## break rules and one under the German preset: clock in, add a break, start and end one, clock out, and the reads
## the web app makes between (prints counts; infra/docs/data-model.md has the figures).
bench-calls:
	cargo run -q -p breaktime-local --example store_calls

## The load tool (oha, into .cache/oha) and TimeTagger (PyPI, into .cache/timetagger) for `make bench`.
bench-tools:
	[ -x .cache/oha/bin/oha ] || cargo install oha --locked --quiet --root .cache/oha
	[ -x .cache/timetagger/bin/python ] || python3 -m venv .cache/timetagger
	.cache/timetagger/bin/pip install --quiet --disable-pip-version-check timetagger

## Lighthouse, mobile preset, on / and, signed in, /breaks and /archives (scores and timings; not a test).
lighthouse: web server
	infra/scripts/lighthouse.sh

clean:
	rm -rf target web/dist .data

# ================================================================================================================
# Deploy: Lambda zips, the SAM stack and its checks, cold-start and cost figures (docs/deploy.md).
# ================================================================================================================
ENV ?= dev
# Architecture of `make lambdas`: arm64 as deployed; ARCH=x86-64 on a machine without the aarch64 Rust target.
ARCH ?= arm64
LAMBDA_FUNCTIONS := auth-fn user-fn contact-fn admin-fn type-fn break-fn work-fn task-fn leaves-fn calendar-fn \
	meeting-fn daily-checklist-fn timesheets-fn import-fn assistant-fn notifications-fn scheduler-fn
# The SAM CLI pins its own cfn-lint and boto versions, so it gets a venv of its own.
SAM_VENV := .cache/sam-venv

.PHONY: lambda-tools sam-cli deploy cost coldstart test-deploy test-template

## cargo-lambda and the zig cross-linker it brings, in the project venv.
lambda-tools: venv
	@[ -x $(VENV)/bin/cargo-lambda ] || $(VENV)/bin/pip install -q cargo-lambda

sam-cli:
	@[ -x $(SAM_VENV)/bin/sam ] || (python3 -m venv $(SAM_VENV) && $(SAM_VENV)/bin/pip install -q aws-sam-cli)

## Every function in release for Lambda (target/lambda/<fn>/bootstrap.zip), with each zip's size.
lambdas: lambda-tools
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" cargo lambda build --release --$(ARCH) --output-format zip \
		$(addprefix -p ,$(LAMBDA_FUNCTIONS))
	@for f in $(LAMBDA_FUNCTIONS); do \
		awk -v f=$$f -v s=$$(stat -c %s target/lambda/$$f/bootstrap.zip) 'BEGIN { printf "%-20s %6.2f MB\n", f, s / 1e6 }'; \
	done

## Build, deploy the stack, build and upload the web app, invalidate CloudFront: make deploy ENV=dev|prod
deploy: lambda-tools
	infra/deploy/deploy.sh $(ENV)

## Dollars per month for 10, 50 and 500 users at 200 calls a day, and the idle floor (ARGS="--platform-logs" and
## the other options of infra/deploy/cost_model.py pass through).
cost:
	python3 infra/deploy/cost_model.py $(ARGS)

## Cold start of every function under the local Runtime API (median of 20), with the zip sizes of `make lambdas`.
coldstart: venv
	cargo run -q -p breaktime-runtime-tests --release --bin coldstart

## Template lint (cfn-lint, sam validate --lint), routes and grants against the code, the binaries under a local
## Runtime API with AWS on moto.
test-deploy: test-template sam-cli
	SAM_CLI_TELEMETRY=0 $(SAM_VENV)/bin/sam validate --lint --region eu-west-1 --template-file template.yaml
	REQUIRE_MOTO=1 cargo test -p breaktime-runtime-tests

## The template alone: cfn-lint (offline; it applies the SAM transform itself). Part of `make test`; the SAM CLI's
## own `sam validate --lint` (the same linter after the same transform, with an install of its own) runs in `make
## test-deploy`.
test-template: venv holidays-check
	$(VENV)/bin/cfn-lint template.yaml

# ================================================================================================================
# Public holidays: shared/core/data is what the pinned `holidays` package (PyPI, maintained) writes.
# ================================================================================================================
HOLIDAYS_VERSION := 0.109
.PHONY: holidays holidays-check holidays-lib

holidays-lib: venv
	@$(VENV)/bin/python -c 'import holidays, sys; sys.exit(holidays.__version__ != "$(HOLIDAYS_VERSION)")' 2>/dev/null \
		|| $(VENV)/bin/pip install -q 'holidays==$(HOLIDAYS_VERSION)'

## Refresh the embedded holiday data (after raising HOLIDAYS_VERSION).
holidays: holidays-lib
	$(VENV)/bin/python -W ignore infra/scripts/holiday_data.py shared/core/data

## The embedded holiday data is exactly what the pinned package writes (part of `make test`).
holidays-check: holidays-lib
	@tmp=$$(mktemp -d) && $(VENV)/bin/python -W ignore infra/scripts/holiday_data.py $$tmp \
		&& cmp $$tmp/holiday-countries.json shared/core/data/holiday-countries.json \
		&& cmp $$tmp/holidays.txt.gz shared/core/data/holidays.txt.gz \
		&& cmp $$tmp/holiday-sample.json shared/core/data/holiday-sample.json \
		&& echo "holiday data: $$(grep -o '"library":"[^"]*"' $$tmp/holiday-countries.json), unchanged" && rm -rf $$tmp
