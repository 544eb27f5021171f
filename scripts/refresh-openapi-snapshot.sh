#!/usr/bin/env bash
# Writes the committed snapshot of the merged OpenAPI document, system-tests/src/test/openapi/openapi.json, from the
# live GET /v1/openapi.json: builds every service, starts the packaged suite as the system tests do (RunningSuite:
# loopback ports, a fresh database, simulated providers) and has OpenApiSnapshotIT write the document (the gateway's stable order,
# two-space indent, the gateway named http://127.0.0.1:8080) instead of comparing it. Starts and stops everything
# itself; nothing needs to be running. Then lints the result. Extra arguments go to Maven (e.g. -o).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/java-home.sh
./mvnw -B -pl system-tests -am verify "$@" \
  -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
  -Dit.test=OpenApiSnapshotIT -Dfailsafe.failIfNoSpecifiedTests=false \
  -Dopenapi.snapshot.refresh=true
echo "Wrote system-tests/src/test/openapi/openapi.json; linting it ..."
scripts/lint-openapi.sh system-tests/src/test/openapi/openapi.json
