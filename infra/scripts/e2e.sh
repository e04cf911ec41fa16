#!/usr/bin/env bash
# Starts the local server on a free port over a fresh data folder, runs the Playwright suite against it, stops it.
set -euo pipefail
# E2E_SERVER_BIN and WEB_DIST point it at another build of the server and of the web app.
cd "$(dirname "$0")/../.."
# E2E_NOW='2027-03-01 09:30:00' runs the suite on that UTC day and time: the server, the OpenID Connect provider and
# the Playwright runner under libfaketime (the wall clock shifted, the monotonic one real), the browser on the same
# moment through Playwright's clock (e2e/support/test.ts; Chromium does not start under libfaketime).
if [ -n "${E2E_NOW:-}" ]; then
  . infra/scripts/faketime-env.sh
  shift_clock_to "$E2E_NOW"
  echo "the suite runs on $(date -u '+%A %Y-%m-%d %H:%M') UTC"
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
data=$(mktemp -d)
log="$data/server.log"
# Single sign-on against the local OpenID Connect provider (infra/oidc/server.mjs): every spec runs with it on, so
# the sign-in dialog always shows its button (web/e2e/sso.spec.ts signs in through it).
[ -d infra/oidc/node_modules/oidc-provider ] || npm --prefix infra/oidc ci --no-audit --no-fund
oidc_out="$data/oidc.out"
node infra/oidc/server.mjs >"$oidc_out" 2>"$data/oidc.log" &
oidc_pid=$!
trap 'kill $oidc_pid 2>/dev/null || true' EXIT
issuer=
for _ in $(seq 1 100); do
  issuer=$(sed -n 's/^OIDC provider listening on //p' "$oidc_out")
  [ -n "$issuer" ] && break
  sleep 0.1
done
[ -n "$issuer" ] || { echo "the OpenID Connect test provider did not start:"; cat "$data/oidc.log"; exit 1; }
PORT=$port DATA_DIR=$data RATE_LIMIT_SIGNUP_PER_IP=100000 RATE_LIMIT_LOGIN_PER_IP=100000 \
  RATE_LIMIT_CONTACT_PER_IP=100000 OIDC_ISSUER=$issuer OIDC_CLIENT_ID=breaktime \
  OIDC_CLIENT_SECRET=breaktime-test-secret OIDC_LABEL="Company account" "${E2E_SERVER_BIN:-./target/debug/breaktime-local}" >"$log" 2>&1 &
pid=$!
trap 'kill $pid $oidc_pid 2>/dev/null || true; wait $pid $oidc_pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/type/get" >/dev/null 2>&1 && break
  curl -fsS -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null && break
  sleep 0.2
done
echo "local server on port $port (log: $log), OpenID Connect provider at $issuer"
status=0
E2E_BASE_URL="http://127.0.0.1:$port" npm --prefix web run e2e -- "$@" || status=$?
if [ $status -ne 0 ]; then tail -50 "$log"; fi
exit $status
