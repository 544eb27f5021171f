#!/usr/bin/env bash
# Runs every service's native build steps without GraalVM (-Dquarkus.native.sources-only=true writes
# target/native-sources/ with the native-image arguments), so native-only failures show up on every CI run, then
# checks the arguments carry no escape hatch that would hide them.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/java-home.sh

services=(gateway-service auth-service billing-service scrape-service media-service clone-service records-service)
./mvnw -B -q package -DskipTests -DskipITs -Dquarkus.native.enabled=true -Dquarkus.native.sources-only=true \
  -pl "$(IFS=,; echo "${services[*]}")" -am

status=0
for service in "${services[@]}"; do
  args="$service/target/native-sources/native-image.args"
  if [ ! -f "$args" ]; then
    echo "native build steps of $service wrote no $args" >&2
    status=1
  elif grep -Eq -- '--allow-incomplete-classpath|--auto-fallback|--force-fallback|-H:FallbackThreshold=[1-9]' "$args"; then
    echo "$args carries a fallback or incomplete-classpath flag:" >&2
    grep -Eo -- '--allow-incomplete-classpath|--auto-fallback|--force-fallback|-H:FallbackThreshold=[0-9]+' "$args" >&2
    status=1
  else
    echo "native build steps passed: $service"
  fi
done
exit $status
