#!/usr/bin/env bash
# Prints the Secrets the dev overlay needs, with fresh random values, as YAML for `kubectl apply -f -`:
#   deploy/dev-secrets.sh | kubectl apply -f -
# Nothing is written to disk. Re-running replaces the values (and so the database password: only before the first
# start of the in-cluster PostgreSQL, which keeps the password it was created with).
set -euo pipefail
namespace="${1:-vas-dev}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/private.pem" 2>/dev/null
openssl pkey -in "$work/private.pem" -pubout -out "$work/public.pem"
password="$(openssl rand -hex 24)"

b64() { base64 -w0; }
cat <<YAML
apiVersion: v1
kind: Namespace
metadata:
  name: ${namespace}
---
apiVersion: v1
kind: Secret
metadata:
  name: vas-database
  namespace: ${namespace}
type: Opaque
data:
  QUARKUS_DATASOURCE_JDBC_URL: $(printf 'jdbc:postgresql://postgres:5432/vas' | b64)
  QUARKUS_DATASOURCE_USERNAME: $(printf 'postgres' | b64)
  QUARKUS_DATASOURCE_PASSWORD: $(printf '%s' "$password" | b64)
---
apiVersion: v1
kind: Secret
metadata:
  name: vas-internal-token
  namespace: ${namespace}
type: Opaque
data:
  private.pem: $(b64 < "$work/private.pem")
  public.pem: $(b64 < "$work/public.pem")
---
apiVersion: v1
kind: Secret
metadata:
  name: vas-webhook-key
  namespace: ${namespace}
type: Opaque
data:
  SUITE_WEBHOOK_KEY: $(openssl rand -base64 32 | tr -d '\n' | b64)
---
apiVersion: v1
kind: Secret
metadata:
  name: billing-service-secrets
  namespace: ${namespace}
type: Opaque
data:
  BILLING_CHECKOUT_CREDENTIAL_KEY: $(openssl rand -base64 32 | tr -d '\n' | b64)
  BILLING_ADMIN_OPERATOR_TOKEN: $(openssl rand -hex 32 | b64)
---
apiVersion: v1
kind: Secret
metadata:
  name: clone-service-secrets
  namespace: ${namespace}
type: Opaque
data:
  CLONE_WEBHOOK_SIGNING_KEY: $(openssl rand -hex 32 | b64)
YAML
