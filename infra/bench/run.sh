#!/usr/bin/env bash
# Benchmark of the records API on the local server (release build, SQLite store):
# 16 concurrent clients for create-break (POST /break/add) and list-today's-breaks (GET /break/todayBreaks),
# printing requests per second and p50/p99 latency.
#
#   infra/bench/run.sh [clients] [requests per scenario]      (defaults: 16 and 5000)
#
# Two people are written straight into a fresh data folder (no sign-up), the server is started on a free port,
# driven by the load generator `infra/local-server/examples/records_bench.rs`, and stopped.
set -euo pipefail
cd "$(dirname "$0")/../.."

CLIENTS="${1:-16}"
REQUESTS="${2:-5000}"
cargo build --release -q -p breaktime-local --bin breaktime-local --example records_bench
BIN=target/release/breaktime-local
GEN=target/release/examples/records_bench

DATA="$(mktemp -d)"
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
    rm -rf "$DATA"
}
trap cleanup EXIT

read -r CREATOR READER < <("$GEN" seed "$DATA")
PORT="$PORT" DATA_DIR="$DATA" DEV_ROUTES=0 RUST_LOG=warn WEB_DIST=/nonexistent "$BIN" >"$DATA/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 100); do
    if curl -fs "http://127.0.0.1:$PORT/openapi.json" >/dev/null 2>&1; then break; fi
    sleep 0.1
done

echo "Breaktime local server (release, SQLite), $(nproc) CPUs:"
"$GEN" load "http://127.0.0.1:$PORT" "$CREATOR" "$READER" "$CLIENTS" "$REQUESTS"
