#!/usr/bin/env bash
# Measures every service's resident memory under a mixed agent load, each JVM sized as its Deployment's memory limit
# would size it in the pod (docs/benchmarks.md gets the figures; deploy/ and docs/operations.md §4 use them).
# Usage: bench/memory/run.sh   (JAVA_OPTS="-Dbench.agents=16 -Dbench.seconds=60" for another load)
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/media-tools.sh
source bench/suite.sh
run_bench MemoryBench
