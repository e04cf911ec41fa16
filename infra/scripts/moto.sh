#!/usr/bin/env bash
# A local moto server (DynamoDB and SES as AWS speaks them) for tests and local runs.
#
#   infra/scripts/moto.sh install        create .venv (if missing) and install moto[server] into it
#   infra/scripts/moto.sh start [PORT]   install if needed, start on 127.0.0.1:PORT (a free port when omitted),
#                                        wait until it answers, write its URL to .data/moto.url
#   infra/scripts/moto.sh stop           stop the server started by `start`
#   infra/scripts/moto.sh url            print the URL of the running server
#
# Tests that find MOTO_URL (or DYNAMODB_ENDPOINT) in the environment use that server, e.g.
#   infra/scripts/moto.sh start && MOTO_URL=$(cat .data/moto.url) cargo test ...; infra/scripts/moto.sh stop
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VENV="$ROOT/.venv"
DATA="$ROOT/.data"
PID_FILE="$DATA/moto.pid"
URL_FILE="$DATA/moto.url"
LOG_FILE="$DATA/moto.log"

install() {
    if [ ! -x "$VENV/bin/moto_server" ]; then
        [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
        "$VENV/bin/pip" install --quiet --disable-pip-version-check 'moto[server]'
    fi
}

running() {
    [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

answers() {
    "$VENV/bin/python" - "$1" <<'EOF'
import sys, urllib.request
try:
    urllib.request.urlopen(sys.argv[1] + "/moto-api/data.json", timeout=1).read()
except Exception:
    sys.exit(1)
EOF
}

start() {
    if running; then
        echo "moto already running at $(cat "$URL_FILE")"
        return 0
    fi
    install
    mkdir -p "$DATA"
    local port="${1:-$(free_port)}"
    local url="http://127.0.0.1:$port"
    # The same server the Rust tests start for themselves: one request at a time, like DynamoDB's per-item writes.
    nohup "$VENV/bin/python" "$ROOT/infra/scripts/moto_server.py" -H 127.0.0.1 -p "$port" >"$LOG_FILE" 2>&1 </dev/null &
    echo $! >"$PID_FILE"
    for _ in $(seq 1 120); do
        if answers "$url"; then
            echo "$url" >"$URL_FILE"
            echo "moto running at $url (log: $LOG_FILE)"
            return 0
        fi
        if ! running; then
            break
        fi
        sleep 0.5
    done
    echo "moto did not start; see $LOG_FILE" >&2
    stop
    return 1
}

stop() {
    if running; then
        local pid
        pid="$(cat "$PID_FILE")"
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 20); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.25
        done
        kill -9 "$pid" 2>/dev/null || true
    fi
    rm -f "$PID_FILE" "$URL_FILE"
}

case "${1:-}" in
    install) install ;;
    start) start "${2:-}" ;;
    stop) stop ;;
    url) running && cat "$URL_FILE" ;;
    *)
        echo "usage: $0 install | start [PORT] | stop | url" >&2
        exit 2
        ;;
esac
