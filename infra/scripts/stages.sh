#!/usr/bin/env bash
# Runs `make <stage>` for each stage in turn, stops at the first failure, and prints how long each took, so a test
# run (and CI) shows where its time goes.
set -uo pipefail
cd "$(dirname "$0")/../.."
times=()
total_start=$SECONDS
for stage in "$@"; do
  start=$SECONDS
  echo "==> make $stage"
  if ! make --no-print-directory "$stage"; then
    echo "==> make $stage failed after $((SECONDS - start)) s"
    exit 1
  fi
  times+=("$(printf '%-14s %5d s' "$stage" $((SECONDS - start)))")
done
echo "==> stage times"
printf '    %s\n' "${times[@]}"
printf '    %-14s %5d s\n' total $((SECONDS - total_start))
