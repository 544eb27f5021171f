#!/usr/bin/env bash
# Measures download_media staging: 20 files at 500 ms each through a scrape call (docs/benchmarks.md gets the
# figures).
# Usage: bench/scrape/run.sh
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
  -cp "system-tests/target/classes:system-tests/target/lib/*" dev.videoautomation.suite.bench.ScrapeBench
