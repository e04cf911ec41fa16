#!/usr/bin/env bash
# Request cost of the records API on the local server (release build, SQLite store), measured with oha:
# 16 clients for 10 seconds on each scenario, printing requests per second and p50/p99 latency.
#
#   infra/bench/run.sh [clients] [duration]        (defaults: 16 and 10s)
#
# Scenarios:
#   list-day-of-20-breaks   GET /break/todayBreaks of a person with 20 breaks today
#   create-break            POST /break/add of a valid 10-minute break
#   caller-only             GET /user/profile, which reads only the caller (the floor of an authenticated call)
#
# Two people are written straight into a fresh data folder (no sign-up), the server is started on a free port,
# loaded, and stopped. When TimeTagger is installed (`pip install timetagger`, or `make bench-tools`, which puts it
# in .cache/timetagger), it is started the same way and given the same work: the day's 20 records through
# GET /api/v2/records?timerange=…, and one record written through PUT /api/v2/records; its figures and the
# ratios are printed beside ours. oha comes from PATH or .cache/oha (`make bench-tools` installs it there).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"

LOAD_AT_START="$(cut -d" " -f1 /proc/loadavg)"
CLIENTS="${1:-16}"
DURATION="${2:-10s}"

OHA="$(command -v oha || true)"
[ -n "$OHA" ] || OHA="$ROOT/.cache/oha/bin/oha"
if [ ! -x "$OHA" ]; then
    echo "oha is not installed: installing it into .cache/oha (cargo install, a few minutes)..."
    cargo install oha --locked --quiet --root "$ROOT/.cache/oha"
fi
TT_PY=""
if python3 -c 'import timetagger' 2>/dev/null; then
    TT_PY=python3
elif [ -x "$ROOT/.cache/timetagger/bin/python" ]; then
    TT_PY="$ROOT/.cache/timetagger/bin/python"
fi

cargo build --profile server -q -p breaktime-local --bin breaktime-local --example records_bench
BIN=target/server/breaktime-local
SEED=target/server/examples/records_bench

WORK="$(mktemp -d)"
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_for() {
    for _ in $(seq 1 150); do
        if curl -fs -o /dev/null "$1" 2>/dev/null; then return 0; fi
        sleep 0.1
    done
    echo "no answer from $1" >&2
    return 1
}

# CPU time (user + system, in clock ticks) the process has used so far.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# One oha run against the server of process $SERVER; its JSON summary goes to $WORK/<name>.json and the server's
# CPU ticks spent during the run to $WORK/<name>.cpu. Every answer must be a 2xx.
load() {
    local name="$1" before
    shift
    before="$(cpu_ticks "$SERVER")"
    "$OHA" --no-tui --output-format json -w -c "$CLIENTS" -z "$DURATION" "$@" >"$WORK/$name.json"
    echo $(($(cpu_ticks "$SERVER") - before)) "$(getconf CLK_TCK)" >"$WORK/$name.cpu"
}

# ---- Breaktime -------------------------------------------------------------------------------------------------
mkdir -p "$WORK/bt"
read -r CREATOR READER < <("$SEED" seed "$WORK/bt")
PORT="$(free_port)"
PORT="$PORT" DATA_DIR="$WORK/bt" DEV_ROUTES=0 RUST_LOG=warn WEB_DIST=/nonexistent "$BIN" >"$WORK/bt/server.log" 2>&1 &
SERVER=$!
PIDS+=("$SERVER")
wait_for "http://127.0.0.1:$PORT/openapi.json"
BASE="http://127.0.0.1:$PORT"
TODAY="$(date -u +%F)"
[ "$(curl -fs -H "Authorization: Bearer $READER" "$BASE/break/todayBreaks" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["data"]))')" = 20 ]

# Warm-up: connections, caches, the SQLite page cache.
"$OHA" --no-tui -c "$CLIENTS" -n 2000 -H "Authorization: Bearer $READER" "$BASE/break/todayBreaks" >/dev/null
load bt-list -H "Authorization: Bearer $READER" "$BASE/break/todayBreaks"
load bt-create -m POST -T application/json -H "Authorization: Bearer $CREATOR" \
    -d "{\"startTime\":\"10:00\",\"endTime\":\"10:10\",\"createdDate\":\"$TODAY\",\"type\":\"Coffee Break\",\"reason\":\"bench\",\"isClosed\":true,\"isModal\":false}" \
    "$BASE/break/add"
load bt-caller -H "Authorization: Bearer $READER" "$BASE/user/profile"

# ---- TimeTagger (when installed) -------------------------------------------------------------------------------
if [ -n "$TT_PY" ]; then
    mkdir -p "$WORK/tt"
    TT_PORT="$(free_port)"
    TT="http://127.0.0.1:$TT_PORT/timetagger/api/v2"
    (cd "$WORK/tt" && TIMETAGGER_BIND="127.0.0.1:$TT_PORT" TIMETAGGER_DATADIR="$WORK/tt" TIMETAGGER_LOG_LEVEL=warning \
        exec "$TT_PY" -m timetagger) >"$WORK/tt/server.log" 2>&1 &
    SERVER=$!
    PIDS+=("$SERVER")
    wait_for "http://127.0.0.1:$TT_PORT/timetagger/status"
    TT_TOKEN="$(curl -fs -X POST --data "$(printf '{"method":"localhost"}' | base64 -w0)" "$TT/bootstrap_authentication" |
        python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')"
    # The same day: twenty ten-minute records every half hour from 08:00 UTC.
    DAY0="$(date -u -d "$TODAY" +%s)"
    python3 - "$DAY0" >"$WORK/tt/seed.json" <<'EOF'
import json, sys, time
day0 = int(sys.argv[1])
now = int(time.time())
print(json.dumps([
    {"key": f"seed{i:02d}", "mt": now, "t1": day0 + 8 * 3600 + i * 1800, "t2": day0 + 8 * 3600 + i * 1800 + 600,
     "ds": "Stretch #shortbreak"}
    for i in range(20)
]))
EOF
    curl -fs -X PUT -H "authtoken: $TT_TOKEN" -H 'Content-Type: application/json' --data @"$WORK/tt/seed.json" "$TT/records" >/dev/null
    RANGE="timerange=$DAY0-$((DAY0 + 86399))"
    [ "$(curl -fs -H "authtoken: $TT_TOKEN" "$TT/records?$RANGE" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["records"]))')" = 20 ]
    "$OHA" --no-tui -c "$CLIENTS" -n 500 -H "authtoken: $TT_TOKEN" "$TT/records?$RANGE" >/dev/null
    load tt-list -H "authtoken: $TT_TOKEN" "$TT/records?$RANGE"
    NOW="$(date -u +%s)"
    load tt-create -m PUT -T application/json -H "authtoken: $TT_TOKEN" \
        -d "[{\"key\":\"bench\",\"mt\":$NOW,\"t1\":$((DAY0 + 36000)),\"t2\":$((DAY0 + 36600)),\"ds\":\"bench #coffee\"}]" \
        "$TT/records"
    load tt-caller -H "authtoken: $TT_TOKEN" "$TT/settings"
fi

# ---- Report ----------------------------------------------------------------------------------------------------
echo "Request cost, oha $("$OHA" --version | awk '{print $2}'), $CLIENTS clients, $DURATION per scenario, $(nproc) CPUs, load average $LOAD_AT_START at the start, server profile (release at opt-level 3):"
python3 - "$WORK" <<'EOF'
import json, os, sys
work = sys.argv[1]
def figures(name):
    path = os.path.join(work, name + ".json")
    if not os.path.exists(path):
        return None
    d = json.load(open(path))
    codes = d.get("statusCodeDistribution", {})
    bad = sum(n for c, n in codes.items() if not c.startswith("2"))
    errors = sum(d.get("errorDistribution", {}).values())
    p = d["latencyPercentiles"]
    ticks, hz = map(int, open(os.path.join(work, name + ".cpu")).read().split())
    served = sum(codes.values())
    cpu_us = ticks / hz * 1e6 / served if served else float("nan")
    return d["summary"]["requestsPerSec"], p["p50"] * 1000, p["p99"] * 1000, bad + errors, cpu_us
rows = [("list-day-of-20-breaks", "list"), ("create-break", "create"), ("caller-only", "caller")]
print(f"{'':<24}{'Breaktime':>13}{'':>20}{'CPU/req':>9}{'TimeTagger':>13}{'':>20}{'CPU/req':>9}{'ratio':>7}")
print(f"{'scenario':<24}{'req/s':>13}{'p50':>10}{'p99':>10}{'':>9}{'req/s':>13}{'p50':>10}{'p99':>10}{'':>9}")
failed = False
for label, key in rows:
    bt, tt = figures("bt-" + key), figures("tt-" + key)
    line = f"{label:<24}{bt[0]:>13.0f}{bt[1]:>7.2f} ms{bt[2]:>7.2f} ms{bt[4]:>6.0f} us"
    if tt:
        line += f"{tt[0]:>13.0f}{tt[1]:>7.2f} ms{tt[2]:>7.2f} ms{tt[4]:>6.0f} us{bt[0] / tt[0]:>6.1f}x"
    print(line)
    for who, f in (("Breaktime", bt), ("TimeTagger", tt)):
        if f and f[3]:
            print(f"  {who}: {f[3]} answers of {label} were not 2xx or failed")
            failed = True
if not any(os.path.exists(os.path.join(work, "tt-list.json")) for _ in [0]):
    print("(TimeTagger is not installed: `make bench-tools` or `pip install timetagger` to compare.)")
print("caller-only is GET /user/profile for Breaktime and GET /api/v2/settings for TimeTagger; CPU/req is the")
print("server process's CPU time (user + system) per answer during the run, which other load on the machine barely moves.")
sys.exit(1 if failed else 0)
EOF
