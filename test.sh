#!/usr/bin/env bash
# Runs every test: unit, component (@QuarkusTest on real PostgreSQL), packaged-app (@QuarkusIntegrationTest) and the
# system tests that drive the whole suite through the gateway (OpenApiSnapshotIT among them: the live
# /v1/openapi.json must equal the committed snapshot). First, as it takes seconds, the snapshot is linted with
# Spectral's OAS and OWASP rulesets (any error fails). Extra arguments go to Maven.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/java-home.sh
source scripts/media-tools.sh
scripts/lint-openapi.sh system-tests/src/test/openapi/openapi.json
# One module per core (-T 1C): after platform, the seven services build and test independently of each other, and
# much of a test's time is waiting (commits on a slow disk, provider stubs, polls), so two of them overlap well on 2
# cores. Each service's tests bind free ports and their own embedded PostgreSQL.
exec ./mvnw -B -T 1C verify "$@"
