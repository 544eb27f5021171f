#!/usr/bin/env bash
# Builds what is needed, then runs all seven services on the embedded default (embedded PostgreSQL, local storage,
# local checkout, log mailer) and prints the gateway URL. Ctrl-C stops everything; data stays in .data/.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/java-home.sh
source scripts/media-tools.sh

stamp=system-tests/target/.suite-built
if [ ! -f "$stamp" ] || [ -n "$(find pom.xml ./*/pom.xml ./*/src -newer "$stamp" -type f -print -quit 2>/dev/null)" ]; then
  echo "Building the suite (first run, or sources changed) ..."
  ./mvnw -B -q package -DskipTests -DskipITs
  touch "$stamp"
fi

exec "$JAVA_HOME/bin/java" -Djava.util.logging.manager=org.jboss.logmanager.LogManager -Dsuite.root="$PWD" -cp "system-tests/target/classes:system-tests/target/lib/*" \
  dev.videoautomation.suite.LocalRun "$@"
