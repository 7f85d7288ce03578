#!/usr/bin/env bash
# Runs every suite (type check, lint, unit and integration tests, e2e) and ends with one
# plain line "N passed, N failed" that sums them all. Exit code: 0 only if all passed.
set -u
cd "$(dirname "$0")/.."
REPORT_DIR="${CI_REPORT_DIR:-$PWD/.ci-reports}"
rm -rf "$REPORT_DIR" && mkdir -p "$REPORT_DIR"
export CI_REPORT_DIR="$REPORT_DIR"

check() { # name, command...: a whole check counts as one test
  local name=$1; shift
  echo "== $name"
  if "$@"; then echo "pass" > "$REPORT_DIR/check-$name.txt"; else echo "fail" > "$REPORT_DIR/check-$name.txt"; fi
}

check typecheck npm run --silent typecheck
check lint npm run --silent lint

echo "== unit and integration tests (vitest)"
npx vitest run

# The server tests again on PostgreSQL, on a throwaway cluster (vitest.pg.config.ts), when
# PostgreSQL is installed. CI must prove both engines: there a missing PostgreSQL fails.
echo "== server tests on PostgreSQL (vitest)"
if [ -n "${REFSHELF_TEST_PG_URL:-}" ] || command -v pg_ctl >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  npx vitest run --config vitest.pg.config.ts
elif [ "${CI:-}" = true ]; then
  echo "PostgreSQL is not installed (no pg_ctl): the PostgreSQL pass cannot run"
  echo "fail" > "$REPORT_DIR/check-postgres.txt"
else
  echo "PostgreSQL is not installed (no pg_ctl): PostgreSQL pass skipped"
fi

echo "== packaged app (electron-builder with a stand-in Electron, then the packaged core and renderer)"
npm run --silent test:packaged

if ls e2e/*.spec.ts >/dev/null 2>&1; then
  echo "== end-to-end tests (playwright, Chromium)"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORT_DIR/playwright.json" npx playwright test --reporter=list,json
fi

node scripts/sum-reports.mjs "$REPORT_DIR"
