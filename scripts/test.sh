#!/usr/bin/env bash
# npm test: everything; fails when any part fails and never skips one.
#   unit -> component -> browser, with typecheck, lint and the web build beside them from the start and the API
#   parts (scripts/test-api.sh: PostgreSQL, PGlite for what can differ there (decision 0034), the ledger's proofs)
#   beside the browser part; what runs beside runs at a lower priority and fills the cores the tests leave idle.
# Its budget is 15 minutes with npm ci on two cores; the summary prints each part's time against it.
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_COLOR=1 FORCE_COLOR=0
results=.tmp/test-results
rm -rf "$results" && mkdir -p "$results"
started=$(date +%s)

# The CPU seconds (user + system) of the commands this shell ran and waited for, from `times`: run in a
# subshell around a command, it is that command's, its children's included. (`times` writes to a file: in a
# pipe it would run in a subshell of its own, with no children.)
cpu_seconds() {
  times > "$results/.times.$BASHPID"
  awk 'NR == 2 { total = 0; for (i = 1; i <= 2; i++) { split($i, t, "m"); total += t[1] * 60 + t[2] } printf "%d\n", total }' "$results/.times.$BASHPID"
  rm -f "$results/.times.$BASHPID"
}

# each part's time and CPU go to $results/times.tsv, printed by the summary at the end
part_name='' part_start=0
step() {
  local now cpu=''; now=$(date +%s)
  [ -f "$results/part.cpu" ] && cpu=$(cat "$results/part.cpu") && rm "$results/part.cpu"
  [ -n "$part_name" ] && printf '%s\t%s\t%s\n' "$part_name" $((now - part_start)) "$cpu" >> "$results/times.tsv"
  part_name="$*" part_start=$now
  [ -n "$part_name" ] && printf '\n=== %s ===\n' "$*"
  return 0
}
# Runs a part's command and records its CPU seconds for step to write.
measured() {
  ( status=0; "$@" || status=$?; cpu_seconds > "$results/part.cpu"; exit $status )
}

# A part beside the others, at nice 10 (BESIDE_NICE): its output goes to $results/<name>.log, its time and status to
# $results/<name>.done.
beside=()
start_beside() {
  local name=$1; shift
  # (cpu_seconds straight into a file: in $(...) it would run in a subshell that has no children)
  ( s=$(date +%s); status=0; nice -n "${BESIDE_NICE:-10}" "$@" > "$results/$name.log" 2>&1 || status=$?; cpu_seconds > "$results/$name.cpu"
    printf '%s\t%s\t%s\n' "$status" $(( $(date +%s) - s )) "$(cat "$results/$name.cpu")" > "$results/$name.done" ) &
  beside+=($!)
}
# Waits for a part beside the others and shows its output; fails the run when it failed.
finish_beside() {
  local name=$1 status seconds cpu
  while [ ! -f "$results/$name.done" ]; do sleep 1; done
  IFS=$'\t' read -r status seconds cpu < "$results/$name.done"
  printf -- '--- %s: exit %s after %s s, %s s of CPU (beside the tests)\n' "$name" "$status" "$seconds" "$cpu"
  cat "$results/$name.log"
  [ "$status" -eq 0 ] || { echo "$name failed" >&2; exit 1; }
}
trap '[ ${#beside[@]} -eq 0 ] || kill "${beside[@]}" 2>/dev/null || true' EXIT

step "system packages (PostgreSQL, Chromium, CJK fonts)"
measured bash scripts/system-deps.sh

start_beside typecheck npm run --silent typecheck
start_beside lint npm run --silent lint
# the browser part waits for the build: at nice 10 it ended 13 s after the component tests, at the same priority
# as them it ends first
BESIDE_NICE=0 start_beside build npm run --silent build
TEST_DATABASE_URL="$(bash scripts/pg.sh start)"
export TEST_DATABASE_URL

vitest() { local name=$1; shift; measured npx vitest run --reporter=default --reporter=json --outputFile="$results/$name.json" "$@"; }

step "unit tests"
vitest unit --project unit

step "component tests (React, happy-dom)"
vitest component --project component

# the API parts beside the browser part: Chromium and the portal keep about 1.6 of the two cores busy, and the
# API tests (short, each in its own database) take what is left at a lower priority
start_beside api bash scripts/test-api.sh "$results"

step "browser tests (Chromium) against the built portal, the API tests beside them"
finish_beside build
vitest e2e --project e2e

step "API tests on PostgreSQL, on PGlite, ledger proofs (the rest of their run, after the browser tests)"
finish_beside api

step "typecheck and lint (run beside the tests)"
finish_beside typecheck
finish_beside lint
step

printf 'wall\t%s\n' $(( $(date +%s) - started )) > "$results/wall.tsv"
node scripts/test-summary.mjs "$results"
