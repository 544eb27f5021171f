#!/usr/bin/env bash
# Measures download_media staging: 20 files at 500 ms each through a scrape call (docs/benchmarks.md gets the
# figures).
# Usage: bench/scrape/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/media-tools.sh
source bench/suite.sh
run_bench ScrapeBench
