#!/usr/bin/env bash
# npm test: everything, in order; stops at the first failing part and never skips one.
#   typecheck and lint (side by side) -> unit -> component -> API on PostgreSQL -> API on PGlite (what can
#   differ there, decision 0034) -> ledger proofs -> build -> browser
# Its budget is 15 minutes with npm ci on two cores; the summary prints each part's time against it.
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_COLOR=1 FORCE_COLOR=0
results=.tmp/test-results
rm -rf "$results" && mkdir -p "$results"

# each part's time goes to $results/times.tsv, printed by the summary at the end
part_name='' part_start=0
step() {
  local now; now=$(date +%s)
  [ -n "$part_name" ] && printf '%s\t%s\n' "$part_name" $((now - part_start)) >> "$results/times.tsv"
  part_name="$*" part_start=$now
  [ -n "$part_name" ] && printf '\n=== %s ===\n' "$*"
  return 0
}

step "system packages (PostgreSQL, Chromium, CJK fonts)"
bash scripts/system-deps.sh

# tsc and eslint each keep one core busy: side by side they take the time of the longer one
step "typecheck and lint, side by side"
npm run --silent typecheck > "$results/typecheck.log" 2>&1 & typecheck=$!
npm run --silent lint > "$results/lint.log" 2>&1 & lint=$!
typecheck_status=0 lint_status=0
wait "$typecheck" || typecheck_status=$?
wait "$lint" || lint_status=$?
printf -- '--- typecheck (exit %s)\n' "$typecheck_status"; cat "$results/typecheck.log"
printf -- '--- lint (exit %s)\n' "$lint_status"; cat "$results/lint.log"
if [ "$typecheck_status" -ne 0 ] || [ "$lint_status" -ne 0 ]; then exit 1; fi

vitest() { local name=$1; shift; npx vitest run --reporter=default --reporter=json --outputFile="$results/$name.json" "$@"; }

step "unit tests"
vitest unit --project unit

step "component tests (React, happy-dom)"
vitest component --project component

step "API tests on PostgreSQL"
TEST_DATABASE_URL="$(bash scripts/pg.sh start)"
export TEST_DATABASE_URL
TEST_DB=postgres vitest api-postgres --project server

step "API tests on embedded PGlite (start, one connection, jobs, notifications, the safety nets)"
TEST_DB=pglite vitest api-pglite --project server-pglite

step "ledger proofs and crash tests on PostgreSQL (random concurrent money movements, killed servers)"
TEST_DB=postgres vitest ledger --project ledger

step "browser tests (Chromium) against the built portal"
npm run --silent build
vitest e2e --project e2e
step

node scripts/test-summary.mjs "$results"
