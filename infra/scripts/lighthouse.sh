#!/usr/bin/env bash
# Lighthouse, mobile preset, on / (which shows the Dashboard), /breaks and /archives, signed in with a day of breaks,
# against the local server built as `make run` builds it, in Debian's Chromium. Not part of `make test`: scores are
# figures, not checks.
#
#   infra/scripts/lighthouse.sh [PATH...]        (default: / /breaks /archives)
#
# Each path is measured RUNS times (default 3; every run a first visit, in a browser of its own) and the medians are
# printed with the load average: on a busy machine single runs vary by 10 points and more.
set -euo pipefail
cd "$(dirname "$0")/../.."
paths=("$@")
[ ${#paths[@]} -gt 0 ] || paths=(/ /breaks /archives)

tools=.cache/lighthouse
if [ ! -d "$tools/node_modules/lighthouse" ] || [ ! -d "$tools/node_modules/playwright-core" ]; then
  mkdir -p "$tools"
  [ -f "$tools/package.json" ] || echo '{"private": true, "type": "module"}' >"$tools/package.json"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm --prefix "$tools" install --no-audit --no-fund lighthouse@12.8.2 playwright-core@1
fi

# The server serves the web app from WEB_DIST (default: this checkout's build, wherever the binary came from).
web_dist="${WEB_DIST:-$PWD/web/dist}"
[ -f "$web_dist/index.html" ] || { echo "no $web_dist/index.html: run 'cd web && npm run build' first" >&2; exit 2; }

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
data=$(mktemp -d)
PORT=$port DATA_DIR=$data WEB_DIST=$web_dist RUST_LOG=warn ./target/debug/breaktime-local >"$data/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null && break
  sleep 0.2
done
echo "Lighthouse (mobile preset) on the local server, load average $(cut -d' ' -f1-3 /proc/loadavg):"
# ES modules resolve packages from the script's folder: run a copy next to the installed tools.
cp infra/lighthouse/run.mjs "$tools/run.mjs"
CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}" node "$tools/run.mjs" "http://127.0.0.1:$port" "${paths[@]}"
