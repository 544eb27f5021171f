#!/usr/bin/env bash
# The long reliability suites (issue 10): kill -9 of a service during requests, PostgreSQL restarted under load,
# provider 5xx storms and timeouts, 10,000 concurrent metered calls over two gateway replicas, and the body fuzzer.
# Bounded and loopback-only; each writes its figures into docs/benchmarks.md. Not part of ./test.sh (CI stays fast).
# Usage: scripts/reliability.sh [-Dit.test=ServiceCrashIT]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/java-home.sh
source scripts/media-tools.sh
./mvnw -B -q install -DskipTests -DskipITs
exec ./mvnw -B -pl system-tests verify -Preliability "$@"
