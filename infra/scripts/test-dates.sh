#!/usr/bin/env bash
# The Rust test binaries run again with "today" moved to the days where calendar arithmetic goes wrong, through
# libfaketime (Debian's `faketime`): every process of the run (the tests, the servers and Lambda binaries they
# start, moto, the OpenID Connect provider) reads the same shifted wall clock, while the monotonic clock, which
# timers and timeouts use, stays real. The code under test is not changed: it reads the clock it always reads.
#
#   test-dates.sh                  every date of DATES below
#   test-dates.sh '2027-03-01 09:30:00' ...   the given UTC instants
#   FILTER=timesheets test-dates.sh ...       only the Rust tests whose name contains FILTER (passed to each binary)
#   RUST_ONLY=1 test-dates.sh ...             the Rust tests alone (else the web unit tests run on each date too)
#
# A test whose outcome changes with the date fails here on the date that breaks it, not on its day in CI.
set -euo pipefail
cd "$(dirname "$0")/../.."

# UTC instants, each a case a test that reads "today" can get wrong.
DATES=(
  '2026-12-01 10:00:00' # the 1st (a Tuesday): the day a month's first live record lands on its first row
  '2027-03-01 09:30:00' # the 1st and a Monday, after a 28-day February: "last month", "this week" from day one
  '2026-12-31 22:30:00' # 31 December, late: the year, the month and (in Berlin, 23:30) the day are about to turn
  '2028-02-29 12:00:00' # 29 February: the leap day, the last of a 29-day month
  '2027-03-28 01:30:00' # a Sunday, half an hour after Europe's clocks went forward (CET to CEST)
  '2026-10-25 00:30:00' # a Sunday, with Europe's clocks about to go back (the hour 02:00-03:00 CEST comes twice)
  '2027-05-31 23:50:00' # the 31st, ten minutes before midnight UTC (a Monday)
)
[ $# -gt 0 ] && DATES=("$@")

. infra/scripts/faketime-env.sh
(shift_clock_to now) || exit 1
# The test binaries of `cargo test --workspace --all-features` (built once, here or by `make test-build`), each
# with the folder cargo runs it in (its package's).
bins=$(cargo test --workspace --all-features --no-run --message-format=json 2>/dev/null | python3 -c '
import json, os, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]:
        print(os.path.dirname(m["manifest_path"]), m["executable"])
')
[ -n "$bins" ] || { echo "no test binaries were built"; exit 1; }

failed=()
for when in "${DATES[@]}"; do
  # The shift holds: a process under it reads the instant asked for (give or take the seconds since). Each test
  # binary below starts on the instant itself.
  seen=$(shift_clock_to "$when" && date -u +%s)
  target=$(date -u -d "$when" +%s)
  if [ $((seen - target)) -lt 0 ] || [ $((seen - target)) -gt 5 ]; then
    echo "libfaketime did not move the clock to $when (read $(date -u -d "@$seen"))"
    exit 1
  fi
  echo "==> the tests on $when UTC"
  start=$SECONDS
  status=0
  out=$(mktemp)
  while read -r dir bin; do
    if ! (
      cd "$dir"
      shift_clock_to "$when"
      export REQUIRE_MOTO=1 RUNTIME_TESTS_PREBUILT=1 CARGO_MANIFEST_DIR="$dir"
      "$bin" -q ${FILTER:+"$FILTER"} </dev/null
    ) >"$out" 2>&1; then
      status=1
      echo "--- $(basename "$bin") failed:"
      cat "$out"
    fi
  done <<<"$bins"
  # The web unit tests on the same moment (TEST_NOW: their `Date` starts there, web/src/testing/setup-tests.ts).
  if [ -z "${FILTER:-}" ] && [ -z "${RUST_ONLY:-}" ]; then
    if ! TEST_NOW="$when" npm --prefix web run --silent test -- --reporter=dot >"$out" 2>&1; then
      status=1
      echo "--- the web unit tests failed:"
      grep -vE '^\s*$' "$out" | tail -80
    fi
  fi
  rm -f "$out"
  echo "==> $when: $([ $status -eq 0 ] && echo passed || echo FAILED) in $((SECONDS - start)) s"
  [ $status -eq 0 ] || failed+=("$when")
done

if [ ${#failed[@]} -gt 0 ]; then
  printf 'date-dependent failures on: %s\n' "${failed[@]}"
  exit 1
fi
echo "every test passed on each of ${#DATES[@]} dates"
