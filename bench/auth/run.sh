#!/usr/bin/env bash
# Times POST /v1/api_keys/revoke_leaked through the gateway for live, already revoked and unknown keys, 200 interleaved
# samples each (docs/benchmarks.md gets the medians). A benchmark, not a test: it passes whatever the figures are.
# Usage: bench/auth/run.sh   (-Dbench.samples=N in JAVA_OPTS for another count)
set -euo pipefail
cd "$(dirname "$0")/../.."
source bench/suite.sh
run_bench LeakReportBench
