#!/usr/bin/env bash
# API fuzzing with schemathesis against the OpenAPI document the local server serves (GET /openapi.json).
#
#   infra/scripts/fuzz.sh [short|long]
#
# Starts the local server on a free port over a fresh data folder, signs up, verifies (link from GET /dev/outbox) and
# signs in a user, then runs schemathesis over every operation twice: signed out and signed in (bearer token). Checks:
# no 5xx, every status code documented, the documented content type, bodies matching the document's schemas.
# `short` (default, part of `make test`): 50 s a run, about two minutes in all on two cores. `long` (`make fuzz`): 300 s
# a run, with the stateful phase (records created, then read, edited and deleted through the document's links).
# FUZZ_MAX_TIME, FUZZ_EXAMPLES and FUZZ_SEED override the profile; FUZZ_NO_BUILD=1 uses the server already built.
# Prints the number of generated cases of each run; exits non-zero when a check fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
profile=${1:-short}
case $profile in
  short) examples=${FUZZ_EXAMPLES:-12} max_time=${FUZZ_MAX_TIME:-50} phases=examples,coverage,fuzzing ;;
  long) examples=${FUZZ_EXAMPLES:-300} max_time=${FUZZ_MAX_TIME:-300} phases=examples,coverage,fuzzing,stateful ;;
  *) echo "usage: $0 [short|long]" >&2 && exit 2 ;;
esac

venv=.venv
if [ ! -x "$venv/bin/st" ]; then
  [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install -q schemathesis
fi
# Under `make test` (PREBUILT=1) the server comes from its one all-features build (`make test-build`).
[ -n "${FUZZ_NO_BUILD:-}${PREBUILT:-}" ] || cargo build -q -p breaktime-local

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
data=$(mktemp -d)
log="$data/server.log"
# The web app is not served (WEB_DIST points nowhere): only the API is under test. Every rate limit is high, so the
# fuzzer's requests are answered rather than throttled. GitHub and Google sign-in and single sign-on (OpenID Connect)
# are configured with providers that cannot be reached (port 9), so their routes redirect (and their callbacks fail
# into the web app; single sign-on's discovery fails into it too) instead of the 404 an unconfigured provider
# answers, and nothing leaves the machine.
nowhere=http://127.0.0.1:9
export GITHUB_CLIENT_ID=fuzz GITHUB_CLIENT_SECRET=fuzz GITHUB_AUTH_URL=$nowhere/authorize GITHUB_TOKEN_URL=$nowhere/token \
  GITHUB_USERINFO_URL=$nowhere/user GITHUB_EMAILS_URL=$nowhere/emails GOOGLE_CLIENT_ID=fuzz GOOGLE_CLIENT_SECRET=fuzz \
  GOOGLE_AUTH_URL=$nowhere/authorize GOOGLE_TOKEN_URL=$nowhere/token GOOGLE_USERINFO_URL=$nowhere/user \
  OIDC_ISSUER=$nowhere/oidc OIDC_CLIENT_ID=fuzz OIDC_CLIENT_SECRET=fuzz
PORT=$port DATA_DIR=$data WEB_DIST="$data/no-web" RATE_LIMIT_SIGNUP_PER_IP=1000000 RATE_LIMIT_LOGIN_PER_IP=1000000 \
  RATE_LIMIT_LOGIN_PER_EMAIL=1000000 RATE_LIMIT_LOGIN_FAILURES_PER_IP=1000000 RATE_LIMIT_MAIL_PER_EMAIL=1000000 RATE_LIMIT_CONTACT_PER_IP=1000000 \
  RATE_LIMIT_ASSISTANT_PER_MINUTE=1000000 RUST_LOG=warn ./target/debug/breaktime-local >"$log" 2>&1 &
pid=$!
# The data folder (server log, schemathesis output) is kept only when something failed.
status=1
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; if [ "$status" -eq 0 ]; then rm -rf "$data"; fi' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do
  curl -fsS -o /dev/null "$base/openapi.json" 2>/dev/null && break
  sleep 0.2
done
echo "local server on port $port (data and log: $data)"

# A verified, signed-in user: sign up, follow the mailed link, sign in.
email="fuzz-$(date +%s)@example.com"
password="Fuzz-pass-1"
json() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(eval(sys.argv[1], {"d": d}))' "$1"; }
curl -fsS -X POST "$base/user/signup" -H 'Content-Type: application/json' \
  -d "{\"name\":\"Fuzz User\",\"email\":\"$email\",\"password\":\"$password\"}" >/dev/null
token=$(curl -fsS "$base/dev/outbox" |
  json "[m['link'] for m in d['data'] if m['to'] == '$email'][-1].split('token=')[1].split('&')[0]")
curl -fsS -X POST "$base/user/verify-email" -H 'Content-Type: application/json' -d "{\"token\":\"$token\"}" >/dev/null
access=$(curl -fsS -X POST "$base/auth/login" -H 'Content-Type: application/json' \
  -d "{\"email\":\"$email\",\"password\":\"$password\"}" | json "d['data']['access_token']")

checks=not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance
status=0
run() {
  local name=$1
  shift
  attempt "$name" "$@"
  # schemathesis sometimes stops on an error of its own (a "Runtime Error" raised inside its generator, such as
  # CPython's "AST constructor recursion depth mismatch" while it describes a strategy): that is no finding about
  # the API. Only then, with no failed check in the output, the run is made once more with another seed.
  local out="$data/$name.log"
  if [ "$last_rc" -ne 0 ] && ! grep -q '^=* FAILURES =*$' "$out" && grep -q '^Runtime Error$' "$out" \
    && ! grep -qE '^(Network Error|Connection)' "$out"; then
    echo "== $name: schemathesis stopped on an internal error, not a finding; running it again with another seed"
    mv "$out" "$data/$name.internal-error.log"
    summary+=("$name: internal schemathesis error on the first attempt (log: $data/$name.internal-error.log)")
    attempt "$name" "$@"
  fi
  if [ "$last_rc" -ne 0 ]; then status=$last_rc; fi
}
attempt() {
  local name=$1
  shift
  local out="$data/$name.log"
  echo "== schemathesis, $name ($profile: up to $examples cases per operation, at most $max_time s)"
  local rc
  set +e
  NO_COLOR=1 "$venv/bin/python" infra/scripts/schemathesis_run.py run "$base/openapi.json" --url "$base" --checks "$checks" --phases "$phases" \
    --max-examples "$examples" --max-time "$max_time" --workers 2 --max-redirects 0 --seed "${FUZZ_SEED:-$RANDOM}" \
    --generation-database none --exclude-path /dev/outbox --exclude-path /openapi.json \
    --suppress-health-check all --no-color "$@" 2>&1 | tee "$out"
  rc=${PIPESTATUS[0]}
  set -e
  # The summary's "Test cases: N generated, ..." line.
  local cases
  cases=$(grep -A1 '^Test cases:' "$out" | grep -oE '[0-9]+ generated' | grep -oE '[0-9]+' || echo "?")
  echo "== $name: $cases generated cases, exit status $rc"
  summary+=("$name: $cases generated cases (exit status $rc)")
  last_rc=$rc
}
last_rc=0
summary=()
run signed-out
run signed-in -H "Authorization: Bearer $access"
printf '%s\n' "${summary[@]}"
if [ $status -ne 0 ]; then
  echo "schemathesis found failures (server log: $log)"
  tail -20 "$log"
fi
exit $status
