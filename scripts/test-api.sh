#!/usr/bin/env bash
# The API parts of npm test, one after the other: on PostgreSQL, on PGlite (what can differ there, decision 0034),
# then the ledger's proofs and crash tests. scripts/test.sh runs them beside the browser tests, at a lower
# priority: the browser part leaves part of a core idle for its whole length, and these fill it.
#   bash scripts/test-api.sh <results dir>   (TEST_DATABASE_URL set: scripts/pg.sh start)
set -euo pipefail
cd "$(dirname "$0")/.."
results=$1
part() {
  local name=$1 title=$2 started; shift 2
  started=$(date +%s)
  printf '\n=== %s ===\n' "$title"
  npx vitest run --reporter=default --reporter=json --outputFile="$results/$name.json" "$@"
  printf -- '--- %s: %s s\n' "$title" $(( $(date +%s) - started ))
}
TEST_DB=postgres part api-postgres "API tests on PostgreSQL" --project server
TEST_DB=pglite part api-pglite "API tests on embedded PGlite (start, one connection, jobs, notifications, the safety nets)" --project server-pglite
TEST_DB=postgres part ledger "ledger proofs and crash tests on PostgreSQL (random concurrent money movements, killed servers)" --project ledger
