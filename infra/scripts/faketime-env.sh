# Sourced by test-dates.sh and e2e.sh: `shift_clock_to '2027-03-01 09:30:00'` exports what puts every process started
# afterwards on that UTC instant through libfaketime (Debian's `faketime`, installed by `make faketime`): the wall
# clock shifted by one offset, shared by all of them; the monotonic clock, which timers use, left real.
shift_clock_to() {
  local lib target offset
  lib=$(ls /usr/lib/*/faketime/libfaketimeMT.so.1 2>/dev/null | head -1 || true)
  [ -n "$lib" ] || { echo "libfaketime is missing (make faketime, or apt-get install faketime)" >&2; return 1; }
  target=$(date -u -d "$1" +%s)
  offset=$((target - $(date -u +%s)))
  export LD_PRELOAD=$lib FAKETIME=$([ "$offset" -ge 0 ] && echo "+$offset" || echo "$offset") FAKETIME_DONT_FAKE_MONOTONIC=1
}
