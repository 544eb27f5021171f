#!/usr/bin/env bash
# Seeds 100,000 tagged records and times filtered lists, straight and through the gateway (docs/benchmarks.md gets the
# figures).
# Usage: bench/records/run.sh   (-Dbench.records=N in JAVA_OPTS for another count)
set -euo pipefail
cd "$(dirname "$0")/../.."
source bench/suite.sh
run_bench RecordsBench
