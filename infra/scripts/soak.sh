#!/usr/bin/env bash
# Soak test of the local server with integrity checks: concurrent clients create, edit, delete and read breaks,
# tasks, leaves, meetings and checklist items (and race for live breaks); afterwards every acknowledged write must be
# there exactly once with its last acknowledged content and every acknowledged delete must be gone. No 5xx allowed.
# Prints req/s, p50/p99 and the integrity counts; exits non-zero on any violation.
#
#   infra/scripts/soak.sh [seconds] [clients] [users] [store]     defaults: 60 64 20 sqlite
#
#   store: sqlite   the debug build `make run` uses (cargo build -p breaktime-local), a fresh data folder
#          dynamo   the same server built with --features aws, STORE=dynamo, on a moto server started for this run
#                   (infra/scripts/moto_server.py from .venv), a fresh table
#          both     sqlite, then dynamo with the same arguments
#
# `make test` runs a short round (about 45 s with the builds in place): infra/scripts/soak.sh 8 64 20 sqlite &&
# infra/scripts/soak.sh 10 8 4 dynamo; `make soak` the full one: 60 64 20 sqlite, then 15 8 4 dynamo.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="$(pwd)"

SECONDS_="${1:-60}"
CLIENTS="${2:-64}"
USERS="${3:-20}"
STORE="${4:-sqlite}"

if [ "$STORE" = both ]; then
    "$0" "$SECONDS_" "$CLIENTS" "$USERS" sqlite
    exec "$0" "$SECONDS_" "$CLIENTS" "$USERS" dynamo
fi

FEATURES=()
case "$STORE" in
    sqlite) ;;
    dynamo) FEATURES=(--features aws) ;;
    *) echo "store must be sqlite, dynamo or both" >&2; exit 2 ;;
esac
# Under `make test` (PREBUILT=1) the server and the generator come from its one all-features build (`make test-build`).
[ -n "${PREBUILT:-}" ] || cargo build -q -p breaktime-local "${FEATURES[@]}" --bin breaktime-local --example soak
BIN=target/debug/breaktime-local
GEN=target/debug/examples/soak

DATA="$(mktemp -d)"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
SERVER_PID=""
MOTO_PID=""
cleanup() {
    for pid in $SERVER_PID $MOTO_PID; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$DATA"
}
trap cleanup EXIT

ENV=(PORT="$(free_port)" DATA_DIR="$DATA" DEV_ROUTES=0 RUST_LOG=warn WEB_DIST=/nonexistent STORE="$STORE")
PORT="${ENV[0]#PORT=}"
LABEL="SQLite, debug build"
if [ "$STORE" = dynamo ]; then
    [ -x .venv/bin/python ] || { echo "moto is not installed: make venv" >&2; exit 1; }
    MOTO_PORT="$(free_port)"
    MOTO_URL="http://127.0.0.1:$MOTO_PORT"
    .venv/bin/python infra/scripts/moto_server.py --parent $$ -H 127.0.0.1 -p "$MOTO_PORT" >"$DATA/moto.log" 2>&1 &
    MOTO_PID=$!
    for _ in $(seq 1 120); do
        if curl -s -o /dev/null "$MOTO_URL/moto-api/data.json"; then break; fi
        sleep 0.25
    done
    ENV+=(AWS_ENDPOINT_URL="$MOTO_URL" DYNAMODB_ENDPOINT="$MOTO_URL" AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test
        AWS_REGION=us-east-1 AWS_EC2_METADATA_DISABLED=true TABLE_NAME="soak-$(date +%s)-$$")
    LABEL="DynamoDB on moto, debug build"
fi

env "${ENV[@]}" "$GEN" seed "$DATA" "$USERS" "$STORE" >"$DATA/tokens"
env "${ENV[@]}" "$BIN" >"$DATA/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 100); do
    if curl -fs "http://127.0.0.1:$PORT/openapi.json" >/dev/null 2>&1; then break; fi
    sleep 0.1
done

status=0
"$GEN" run "http://127.0.0.1:$PORT" "$DATA/tokens" "$SECONDS_" "$CLIENTS" "$LABEL, $(nproc) CPUs" || status=$?
if [ "$status" -ne 0 ] && [ -s "$DATA/server.log" ]; then
    echo "server log (last 20 lines):"
    tail -n 20 "$DATA/server.log"
fi
exit "$status"
