#!/usr/bin/env bash
# Measures the gateway with wrk (see docs/benchmarks.md for the figures this writes): the keyed read through nginx as
# a plain proxy, through the yardstick of issue 34 (io.vertx:vertx-http-proxy, VertxProxyYardstick) and through the
# gateway, in rounds; the metered POSTs beside a bare single-row upsert on the same database; MCP; a 1 GiB upload.
# Usage: bench/gateway/run.sh            (15 s per measurement, 32 connections, 2 rounds: about 6 minutes)
#        BENCH_SECONDS=30 BENCH_CONNECTIONS=64 BENCH_ROUNDS=3 bench/gateway/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

# wrk drives the load; nginx (bench/gateway/nginx.conf) is the owner and the plain proxy beside the yardstick.
missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} ..."
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    # Debian starts the packaged nginx on port 80; the bench runs its own from the committed config.
    (command -v systemctl >/dev/null && systemctl stop nginx 2>/dev/null) || /usr/sbin/nginx -s stop 2>/dev/null || true
  else
    echo "${missing[*]} needed: install (Debian/Ubuntu: apt-get install ${missing[*]}; macOS: brew install ${missing[*]})." >&2
    exit 1
  fi
fi
source bench/suite.sh
JAVA_OPTS="${JAVA_OPTS:-} -Dbench.seconds=${BENCH_SECONDS:-15} -Dbench.connections=${BENCH_CONNECTIONS:-32}"
JAVA_OPTS="$JAVA_OPTS -Dbench.rounds=${BENCH_ROUNDS:-2}"
run_bench GatewayBench
