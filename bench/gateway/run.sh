#!/usr/bin/env bash
# Measures the gateway with wrk (see docs/benchmarks.md for the figures this writes).
# Usage: bench/gateway/run.sh            (15 s per measurement, 32 connections)
#        BENCH_SECONDS=30 BENCH_CONNECTIONS=64 bench/gateway/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/java-home.sh

if ! command -v wrk >/dev/null; then
  echo "Installing wrk ..."
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
  else
    echo "wrk is needed: install it (Debian/Ubuntu: apt-get install wrk; macOS: brew install wrk)." >&2
    exit 1
  fi
fi

stamp=system-tests/target/.suite-built
if [ ! -f "$stamp" ] || [ -n "$(find pom.xml ./*/pom.xml ./*/src -newer "$stamp" -type f -print -quit 2>/dev/null)" ]; then
  echo "Building the suite ..."
  ./mvnw -B -q package -DskipTests -DskipITs
  touch "$stamp"
fi

exec "$JAVA_HOME/bin/java" -Djava.util.logging.manager=org.jboss.logmanager.LogManager -Dsuite.root="$PWD" \
  -Dbench.seconds="${BENCH_SECONDS:-15}" -Dbench.connections="${BENCH_CONNECTIONS:-32}" \
  -cp "system-tests/target/classes:system-tests/target/lib/*" dev.videoautomation.suite.bench.GatewayBench
