#!/usr/bin/env bash
# Starts the local server on a free port over a fresh data folder, runs the Playwright suite against it, stops it.
set -euo pipefail
cd "$(dirname "$0")/../.."
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
data=$(mktemp -d)
log="$data/server.log"
PORT=$port DATA_DIR=$data RATE_LIMIT_SIGNUP_PER_IP=100000 RATE_LIMIT_LOGIN_PER_IP=100000 \
  RATE_LIMIT_CONTACT_PER_IP=100000 ./target/debug/breaktime-local >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/type/get" >/dev/null 2>&1 && break
  curl -fsS -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null && break
  sleep 0.2
done
echo "local server on port $port (log: $log)"
status=0
E2E_BASE_URL="http://127.0.0.1:$port" npm --prefix web run e2e -- "$@" || status=$?
if [ $status -ne 0 ]; then tail -50 "$log"; fi
exit $status
