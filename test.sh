#!/usr/bin/env bash
# Runs every test: unit, component (@QuarkusTest on real PostgreSQL), packaged-app (@QuarkusIntegrationTest) and the
# system tests that drive the whole suite through the gateway. Extra arguments go to Maven.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/java-home.sh
source scripts/media-tools.sh
exec ./mvnw -B verify "$@"
