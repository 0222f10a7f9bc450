#!/usr/bin/env bash
# Prints the `kubectl create secret generic kassa-callers` arguments (one per line) that give each workload its own
# caller key, as services/platform/src/grpc/caller-credential.ts reads them:
#   <workload>            its own secret, base64url of 32 random bytes (KASSA_CALLER_SECRET)
#   verifiers-<service>   `<caller>=<key>,…`: each caller's secret derived for this service (KASSA_CALLER_VERIFIERS),
#                         HMAC-SHA256(secret, "kassa-caller-v2\n<service>") as pairKey computes it
# A service gets only its derived keys, never another workload's secret, so it can sign only as itself.
# charts/test checks these against the platform's own derivation.
set -euo pipefail

# The workloads of WORKLOADS in caller-credential.ts: the BFF calls, the services call and answer.
callers=(bff identity catalog ordering payments ticketing notifications)
services=(identity catalog ordering payments ticketing notifications)

b64url() { base64 -w0 | tr '+/' '-_' | tr -d '='; }

keys_dir="$(mktemp -d)"
trap 'rm -rf "$keys_dir"' EXIT
for caller in "${callers[@]}"; do
  head -c 32 /dev/urandom > "$keys_dir/$caller"
  echo "--from-literal=$caller=$(b64url < "$keys_dir/$caller")"
done
for service in "${services[@]}"; do
  verifiers=()
  for caller in "${callers[@]}"; do
    hex="$(od -An -tx1 -v "$keys_dir/$caller" | tr -d ' \n')"
    derived="$(printf 'kassa-caller-v2\n%s' "$service" | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$hex" -binary | b64url)"
    verifiers+=("$caller=$derived")
  done
  echo "--from-literal=verifiers-$service=$(IFS=,; echo "${verifiers[*]}")"
done
