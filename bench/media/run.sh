#!/usr/bin/env bash
# Measures media-service: overlay and extract through the API against the same ffmpeg commands by hand, and a
# 1 GiB upload's memory (see docs/benchmarks.md for the figures this writes).
# Usage: bench/media/run.sh              (3 runs per measurement)
#        BENCH_RUNS=5 bench/media/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/java-home.sh
source scripts/media-tools.sh

stamp=system-tests/target/.suite-built
if [ ! -f "$stamp" ] || [ -n "$(find pom.xml ./*/pom.xml ./*/src -newer "$stamp" -type f -print -quit 2>/dev/null)" ]; then
  echo "Building the suite ..."
  ./mvnw -B -q package -DskipTests -DskipITs
  touch "$stamp"
fi

exec "$JAVA_HOME/bin/java" -Djava.util.logging.manager=org.jboss.logmanager.LogManager -Dsuite.root="$PWD" \
  -Dbench.runs="${BENCH_RUNS:-3}" \
  -cp "system-tests/target/classes:system-tests/target/lib/*" dev.videoautomation.suite.bench.MediaBench
