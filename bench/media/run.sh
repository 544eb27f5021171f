#!/usr/bin/env bash
# Measures media-service: overlay and extract through the API against the same ffmpeg commands by hand, and a
# 1 GiB upload's memory (see docs/benchmarks.md for the figures this writes).
# Usage: bench/media/run.sh              (3 runs per measurement)
#        BENCH_RUNS=5 bench/media/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/media-tools.sh
source bench/suite.sh
JAVA_OPTS="${JAVA_OPTS:-} -Dbench.runs=${BENCH_RUNS:-3}"
run_bench MediaBench
