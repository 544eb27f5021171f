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
# One module per core (-T 1C): after platform, the seven services build and test independently of each other (each
# service's tests bind free ports and their own embedded PostgreSQL). On 2 cores each test then took about 66 % longer,
# but the build as a whole 39:23 instead of 42:13.
exec ./mvnw -B -T 1C verify "$@"
