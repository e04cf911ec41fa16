# Breaktime: `make run` starts the whole app on http://127.0.0.1:8080, `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := run

PORT ?= 8080
DATA_DIR ?= ./.data
VENV := .venv
NPM := npm --prefix web
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
export CARGO_TERM_COLOR := never

.PHONY: run build web web-deps server test test-rust test-web e2e setup venv chromium lint lambdas bench clean

## Start everything locally (SQLite store, local outbox, built web app).
run: web server
	PORT=$(PORT) DATA_DIR=$(DATA_DIR) ./target/debug/breaktime-local

server:
	cargo build -p breaktime-local

web-deps:
	@if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then $(NPM) ci --no-audit --no-fund; fi

web: web-deps
	$(NPM) run build

## Everything a fresh machine needs for the tests.
setup: venv web-deps chromium

venv:
	@if [ ! -x $(VENV)/bin/moto_server ]; then python3 -m venv $(VENV) && $(VENV)/bin/pip install -q 'moto[server]' cfn-lint; fi

chromium:
	@command -v chromium >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

## Every test: Rust (both stores, SES on moto), web unit tests, bundle budget, end-to-end in Chromium.
test: setup test-rust test-web e2e

test-rust: venv
	REQUIRE_MOTO=1 cargo test --workspace --all-features

test-web: web-deps
	$(NPM) run test
	$(NPM) run build
	$(NPM) run budget

e2e: web server chromium
	infra/scripts/e2e.sh

lint:
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets --all-features -- -D warnings

clean:
	rm -rf target web/dist .data
