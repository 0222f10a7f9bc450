#!/usr/bin/env bash
# Installs (or upgrades) what Kassa runs on, from the well-kept charts whose values live beside this script, then
# Kassa's dashboards and alerts. Run it before `helm upgrade --install kassa charts/kassa` or `skaffold run`.
#
#   deploy/infrastructure/install.sh dev|production            install or upgrade everything
#   deploy/infrastructure/install.sh dev|production --print    only print the commands (charts/test checks them)
#
# Each release reads <name>.yaml, and for dev also <name>.dev.yaml. Release names and namespaces are what
# deploy/values/{dev,production}.yaml point the services at:
#   kassa-data     kassa-postgres (-rw:5432), kassa-nats (:4222), kassa-valkey (:6379)
#   observability  otel-collector (:4318), tempo (:4317, :3200), kube-prometheus-stack (Prometheus, Grafana)
#   cnpg-system    the CloudNativePG operator
# Secrets are generated here only where nobody else can know the value (database and Valkey passwords and URLs, the
# NATS users and CA, the callers' keys, Grafana's admin) and never replaced once they exist. Kassa's own Secret kassa-app (sealing key, SMTP URL, webhook secrets) is the operators'
# to create: `helm install` prints the list.
set -euo pipefail

usage() { echo "usage: $0 dev|production [--print]" >&2; exit 2; }
environment=${1:-}
[[ $environment == dev || $environment == production ]] || usage
print=false
if [[ ${2:-} == --print ]]; then print=true; elif [[ -n ${2:-} ]]; then usage; fi

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "$here/../.." && pwd)"
data_namespace=kassa-data
observability_namespace=observability
app_namespace=kassa
# Services that own a database (charts/kassa: database.enabled).
database_services=(identity catalog ordering payments ticketing notifications)
# Services with a user on the event bus (charts/kassa: nats.enabled).
nats_services=(identity catalog ordering payments ticketing notifications)

run() {
  if $print; then echo "$*"; else "$@"; fi
}

# helm_release <release> <namespace> <repo/chart> <version> <values name>
helm_release() {
  local release=$1 namespace=$2 chart=$3 version=$4 name=$5
  local files=(--values "$here/$name.yaml")
  if [[ $environment == dev && -f "$here/$name.dev.yaml" ]]; then files+=(--values "$here/$name.dev.yaml"); fi
  run helm upgrade --install "$release" "$chart" --version "$version" --namespace "$namespace" --create-namespace \
    "${files[@]}" --wait --timeout 15m
}

password() { head -c 32 /dev/urandom | base64 | tr -d '/+=\n' | head -c 32; }

secret_exists() { kubectl get secret "$2" --namespace "$1" >/dev/null 2>&1; }

# ensure_secret <namespace> <name> <kubectl create secret arguments…>: created once, never overwritten.
ensure_secret() {
  local namespace=$1 name=$2
  shift 2
  if $print; then echo "kubectl create secret $* --namespace $namespace   # only if $name does not exist"; return; fi
  secret_exists "$namespace" "$name" || kubectl create secret "$@" --namespace "$namespace"
}

ensure_namespace() {
  if $print; then echo "kubectl create namespace $1   # only if absent"; return; fi
  kubectl get namespace "$1" >/dev/null 2>&1 || kubectl create namespace "$1"
}

echo "== chart repositories" >&2
run helm repo add cnpg https://cloudnative-pg.github.io/charts --force-update
run helm repo add nats https://nats-io.github.io/k8s/helm/charts/ --force-update
run helm repo add valkey https://valkey.io/valkey-helm/ --force-update
run helm repo add open-telemetry https://open-telemetry.github.io/opentelemetry-helm-charts --force-update
run helm repo add grafana-community https://grafana-community.github.io/helm-charts --force-update
run helm repo add prometheus-community https://prometheus-community.github.io/helm-charts --force-update
run helm repo update

for namespace in "$data_namespace" "$observability_namespace" "$app_namespace"; do ensure_namespace "$namespace"; done

echo "== monitoring first: its CRDs (ServiceMonitor, PodMonitor, PrometheusRule) are used by every later chart" >&2
if [[ $environment == production ]]; then
  ensure_secret "$observability_namespace" grafana-admin generic grafana-admin \
    --from-literal=admin-user=admin --from-literal=admin-password="$($print && echo '<generated>' || password)"
fi
helm_release kube-prometheus-stack "$observability_namespace" prometheus-community/kube-prometheus-stack 75.0.0 kube-prometheus-stack
# The HPAs' request-rate and backlog metrics (charts/kassa autoscaling), read from that Prometheus.
helm_release prometheus-adapter "$observability_namespace" prometheus-community/prometheus-adapter 5.3.0 prometheus-adapter
helm_release tempo "$observability_namespace" grafana-community/tempo 1.26.5 tempo
helm_release otel-collector "$observability_namespace" open-telemetry/opentelemetry-collector 0.127.2 otel-collector

echo "== PostgreSQL: the CloudNativePG operator, then one cluster with a role and a database per service" >&2
helm_release cnpg cnpg-system cnpg/cloudnative-pg 0.27.0 cloudnative-pg
database_urls=()
for service in "${database_services[@]}"; do
  secret="kassa-postgres-$service"
  if $print || ! secret_exists "$data_namespace" "$secret"; then
    service_password="$($print && echo '<generated>' || password)"
    ensure_secret "$data_namespace" "$secret" generic "$secret" --type=kubernetes.io/basic-auth \
      --from-literal=username="$service" --from-literal=password="$service_password"
  else
    service_password="$(kubectl get secret "$secret" --namespace "$data_namespace" -o jsonpath='{.data.password}' | base64 -d)"
  fi
  database_urls+=(--from-literal="$service-database-url=postgresql://$service:$service_password@kassa-postgres-rw.$data_namespace:5432/$service")
done
helm_release kassa-postgres "$data_namespace" cnpg/cluster 0.5.0 postgresql
# DATABASE_URL of each service, in the namespace Kassa runs in (charts/kassa: global.secrets.database).
ensure_secret "$app_namespace" kassa-database generic kassa-database "${database_urls[@]}"

echo "== NATS with JetStream, TLS and one user per service" >&2
# Users and permissions: deploy/infrastructure/nats.yaml (from scripts/lib/nats/bus-accounts.ts). Each password is made
# once; the NATS servers read all of them, the services' namespace gets only the services' (never kassa-admin's).
if $print || ! secret_exists "$data_namespace" kassa-nats-users; then
  nats_users=()
  for user in "${nats_services[@]}" kassa-admin; do
    nats_users+=(--from-literal="$user=$($print && echo '<generated>' || password)")
  done
  ensure_secret "$data_namespace" kassa-nats-users generic kassa-nats-users "${nats_users[@]}"
fi
if $print; then
  echo "kubectl get secret kassa-nats-users --namespace $data_namespace   # copied to $app_namespace without kassa-admin"
elif ! secret_exists "$app_namespace" kassa-nats-users; then
  service_users=()
  for user in "${nats_services[@]}"; do
    service_users+=(--from-literal="$user=$(kubectl get secret kassa-nats-users --namespace "$data_namespace" -o jsonpath="{.data.$user}" | base64 -d)")
  done
  kubectl create secret generic kassa-nats-users --namespace "$app_namespace" "${service_users[@]}"
fi
# TLS: a CA made here once (replace it with cert-manager's when you run one) signs the servers' certificate; the
# services get the CA alone, copied into the app namespace from whichever Secret the servers use (ours or cert-manager's).
if $print; then
  echo "openssl req -x509 … && openssl x509 -req …   # CA and server certificate for kassa-nats.$data_namespace, only if kassa-nats-tls does not exist"
  echo "kubectl create secret generic kassa-nats-tls --namespace $app_namespace --from-literal=ca.crt=<ca.crt of kassa-nats-tls in $data_namespace>   # only if it does not exist there"
else
  if ! secret_exists "$data_namespace" kassa-nats-tls; then
    tls_dir="$(mktemp -d)"
    openssl req -x509 -newkey rsa:3072 -nodes -days 3650 -subj "/CN=Kassa NATS CA" -keyout "$tls_dir/ca.key" -out "$tls_dir/ca.crt" 2>/dev/null
    openssl req -newkey rsa:3072 -nodes -subj "/CN=kassa-nats.$data_namespace" -keyout "$tls_dir/tls.key" -out "$tls_dir/tls.csr" 2>/dev/null
    printf 'subjectAltName=DNS:kassa-nats.%s,DNS:kassa-nats.%s.svc,DNS:*.kassa-nats-headless.%s.svc.cluster.local,DNS:kassa-nats\n' \
      "$data_namespace" "$data_namespace" "$data_namespace" > "$tls_dir/san.ext"
    openssl x509 -req -in "$tls_dir/tls.csr" -CA "$tls_dir/ca.crt" -CAkey "$tls_dir/ca.key" -CAcreateserial -days 825 \
      -extfile "$tls_dir/san.ext" -out "$tls_dir/tls.crt" 2>/dev/null
    kubectl create secret generic kassa-nats-tls --namespace "$data_namespace" \
      --from-file="$tls_dir/tls.crt" --from-file="$tls_dir/tls.key" --from-file="$tls_dir/ca.crt"
    rm -rf "$tls_dir"
  fi
  if ! secret_exists "$app_namespace" kassa-nats-tls; then
    nats_ca="$(kubectl get secret kassa-nats-tls --namespace "$data_namespace" -o jsonpath='{.data.ca\.crt}' | base64 -d)"
    [ -n "$nats_ca" ] || { echo "kassa-nats-tls in $data_namespace has no ca.crt: give the services the CA that signed the servers' certificate" >&2; exit 1; }
    kubectl create secret generic kassa-nats-tls --namespace "$app_namespace" --from-literal=ca.crt="$nats_ca"
  fi
fi
helm_release kassa-nats "$data_namespace" nats/nats 1.3.16 nats

echo "== Caller keys: one per workload, for the gRPC calls between the BFF and the services" >&2
# Made once here (nobody else needs to know them); caller-keys.sh says what each key is. Rotation: docs/OPERATIONS.md.
if $print; then
  echo "kubectl create secret generic kassa-callers $(bash "$here/caller-keys.sh" | sed 's/^\(--from-literal=[^=]*\)=.*$/\1=<generated>/' | tr '\n' ' ') --namespace $app_namespace   # only if kassa-callers does not exist"
elif ! secret_exists "$app_namespace" kassa-callers; then
  mapfile -t caller_keys < <(bash "$here/caller-keys.sh")
  kubectl create secret generic kassa-callers --namespace "$app_namespace" "${caller_keys[@]}" >/dev/null
fi

echo "== Valkey (Redis protocol)" >&2
if [[ $environment == production ]]; then
  valkey_password="$($print && echo '<generated>' || (secret_exists "$data_namespace" kassa-valkey-users \
    && kubectl get secret kassa-valkey-users --namespace "$data_namespace" -o jsonpath='{.data.default}' | base64 -d || password))"
  ensure_secret "$data_namespace" kassa-valkey-users generic kassa-valkey-users --from-literal=default="$valkey_password"
  # REDIS_URL of every service (deploy/values/production.yaml: global.secretEnv.REDIS_URL).
  ensure_secret "$app_namespace" kassa-redis generic kassa-redis \
    --from-literal=redis-url="redis://default:$valkey_password@kassa-valkey.$data_namespace:6379"
fi
helm_release kassa-valkey "$data_namespace" valkey/valkey 0.9.0 valkey

echo "== Kassa's dashboards (ConfigMaps for the Grafana sidecar) and alerts (PrometheusRule)" >&2
run kubectl apply -k "$repo_root/deploy/monitoring"
