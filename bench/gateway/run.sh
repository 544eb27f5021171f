#!/usr/bin/env bash
# Measures the gateway with wrk (see docs/benchmarks.md for the figures this writes).
# Usage: bench/gateway/run.sh            (15 s per measurement, 32 connections)
#        BENCH_SECONDS=30 BENCH_CONNECTIONS=64 bench/gateway/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v wrk >/dev/null; then
  echo "Installing wrk ..."
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
  else
    echo "wrk is needed: install it (Debian/Ubuntu: apt-get install wrk; macOS: brew install wrk)." >&2
    exit 1
  fi
fi
source bench/suite.sh
JAVA_OPTS="${JAVA_OPTS:-} -Dbench.seconds=${BENCH_SECONDS:-15} -Dbench.connections=${BENCH_CONNECTIONS:-32}"
run_bench GatewayBench
