#!/usr/bin/env bash
# Prints a two-minute internal token for service:operator, signed with the suite key of the local run
# (.data/keys, or the directory given), for billing's admin API. Usage: scripts/operator-token.sh [keys-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/java-home.sh >/dev/null
exec "$JAVA_HOME/bin/java" -cp "system-tests/target/classes:system-tests/target/lib/*" \
  dev.videoautomation.suite.OperatorToken "$@"
