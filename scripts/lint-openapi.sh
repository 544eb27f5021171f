#!/usr/bin/env bash
# Lints OpenAPI documents with Spectral's OAS ruleset and the OWASP API security ruleset (.spectral.yaml):
# any error fails. Installs the pinned Spectral packages from the npm registry into target/spectral on first use
# (Node.js and npm come from Debian when missing). Usage: scripts/lint-openapi.sh [document.json ...]; with no
# argument it lints the committed snapshot of the merged document.
set -euo pipefail
cd "$(dirname "$0")/.."
documents=("$@")
[ ${#documents[@]} -gt 0 ] || documents=(system-tests/src/test/openapi/openapi.json)

if ! command -v npm >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Node.js and npm (the OpenAPI lint runs on them) ..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq </dev/null >/dev/null
    apt-get install -y -qq --no-install-recommends nodejs npm </dev/null >/dev/null
  else
    echo "The OpenAPI lint needs Node.js and npm: install them (apt-get install nodejs npm)." >&2
    exit 1
  fi
fi

tools=target/spectral
if [ ! -x "$tools/node_modules/.bin/spectral" ]; then
  mkdir -p "$tools"
  # Pinned: a new rule in a later release must not fail the build unannounced. No install scripts (telemetry).
  [ -f "$tools/package.json" ] || echo '{"private": true}' > "$tools/package.json"
  SCARF_ANALYTICS=false npm install --prefix "$tools" --no-audit --no-fund --ignore-scripts --loglevel=error \
    @stoplight/spectral-cli@6.16.3 @stoplight/spectral-owasp-ruleset@2.0.1 </dev/null >/dev/null
fi
# The ruleset names the OWASP package, which resolves from the ruleset's own folder (the repository's top).
ln -sfn "$tools/node_modules" node_modules
"$tools/node_modules/.bin/spectral" lint --ruleset .spectral.yaml --fail-severity error \
  --display-only-failures "${documents[@]}"
