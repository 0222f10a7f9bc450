{{/*
Naming, labels and the per-service context shared by every template.
Templates that render one service receive a context dict:
  root  the chart's top-level context ($)
  name  the key under .Values.services (identity, notifications, bff, ...)
  svc   that service's values merged over .Values.serviceDefaults (see kassa.resolveServices)
*/}}

{{- define "kassa.name" -}}
{{- .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* The release's base name: the release name, prefixed with the chart name unless it already contains it. */}}
{{- define "kassa.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- else if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "kassa.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Name of a service's objects: <fullname>-<service>, e.g. kassa-identity. Context: the service context. */}}
{{- define "kassa.serviceName" -}}
{{- printf "%s-%s" (include "kassa.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels every object of this release carries. Context: the chart context ($). */}}
{{- define "kassa.releaseLabels" -}}
helm.sh/chart: {{ include "kassa.chart" . }}
app.kubernetes.io/name: {{ include "kassa.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/part-of: kassa
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end -}}

{{/*
Pods of one service: selected by Services, NetworkPolicies, PDBs and other services' NetworkPolicies
(allowedClients), so they must stay stable across upgrades. Context: the service context.
*/}}
{{- define "kassa.selectorLabels" -}}
app.kubernetes.io/name: {{ include "kassa.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{- define "kassa.labels" -}}
{{ include "kassa.releaseLabels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/*
Merges every enabled service's values over .Values.serviceDefaults into .out (a dict), keyed by service name.
A deep merge that, unlike sprig's merge/mergeOverwrite, lets a service turn a default `true` into `false`.
*/}}
{{- define "kassa.resolveServices" -}}
{{- $root := .root -}}
{{- range $name, $values := $root.Values.services -}}
{{- $svc := deepCopy $root.Values.serviceDefaults -}}
{{- include "kassa.mergeInto" (dict "dst" $svc "src" (deepCopy (default (dict) $values))) -}}
{{- if $svc.enabled -}}
{{- $_ := set $.out $name $svc -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "kassa.mergeInto" -}}
{{- $dst := .dst -}}
{{- range $key, $value := .src -}}
{{- $current := get $dst $key -}}
{{- if and (kindIs "map" $value) (kindIs "map" $current) -}}
{{- include "kassa.mergeInto" (dict "dst" $current "src" $value) -}}
{{- else -}}
{{- $_ := set $dst $key $value -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* Image reference: [registry/]repository[:tag][@digest]. Context: the service context. */}}
{{- define "kassa.image" -}}
{{- $global := .root.Values.global.image -}}
{{- $image := .svc.image -}}
{{- $registry := ternary $image.registry $global.registry (hasKey $image "registry") -}}
{{- $repository := default (printf "kassa-%s" .name) $image.repository -}}
{{- $tag := $image.tag | default $global.tag | default .root.Chart.AppVersion -}}
{{- $ref := ternary (printf "%s/%s" (trimSuffix "/" $registry) $repository) $repository (ne (toString $registry) "") -}}
{{- $ref = printf "%s:%s" $ref $tag -}}
{{- if $image.digest -}}
{{- $ref = printf "%s@%s" $ref $image.digest -}}
{{- end -}}
{{- $ref -}}
{{- end -}}

{{/* Upper-case environment name of a service: ticket-office -> TICKET_OFFICE. */}}
{{- define "kassa.envName" -}}
{{- . | upper | replace "-" "_" -}}
{{- end -}}

{{/*
Non-secret environment of one service as JSON (a map of strings), rendered into its ConfigMap and,
because hooks run before the ConfigMap exists on a first install, inline into its migration Job.
Variables that are also in secretEnv are left out: the Secret wins.
Context: the service context plus `services` (all resolved services).
*/}}
{{- define "kassa.configEnv" -}}
{{- $root := .root -}}
{{- $svc := .svc -}}
{{- $env := dict -}}
{{- range $key, $value := $root.Values.global.env -}}
{{- $_ := set $env $key (toString $value) -}}
{{- end -}}
{{- $_ := set $env "KASSA_ENV" $root.Values.global.environment -}}
{{- $_ := set $env "LOG_LEVEL" (default $root.Values.global.logLevel $svc.logLevel) -}}
{{- $_ := set $env "HTTP_PORT" (toString (int $svc.ports.http)) -}}
{{- if $svc.ports.grpc -}}
{{- $_ := set $env "GRPC_PORT" (toString (int $svc.ports.grpc)) -}}
{{- else -}}
{{- /* A web server without gRPC (the BFF) listens on PORT. */ -}}
{{- $_ := set $env "PORT" (toString (int $svc.ports.http)) -}}
{{- end -}}
{{- if $svc.ports.metrics -}}
{{- $_ := set $env "METRICS_PORT" (toString (int $svc.ports.metrics)) -}}
{{- end -}}
{{- /*
Where to reach every service that lists this one among its allowedClients. gRPC runs over HTTP/2, which keeps
one long-lived connection: behind a ClusterIP every call of a client would stay pinned to the one pod that
connection reached, however many replicas an HPA adds. So a backend's Service is headless (kassa.service),
dns:/// makes the gRPC client resolve every ready pod and balance over them (round_robin), and the servers
close connections after a maximum age so that clients re-resolve and find new pods.
*/ -}}
{{- range $other, $otherSvc := .services -}}
{{- if and $otherSvc.ports.grpc (has $.name $otherSvc.allowedClients) -}}
{{- $address := printf "dns:///%s:%d" (include "kassa.serviceName" (dict "root" $root "name" $other)) (int $otherSvc.ports.grpc) -}}
{{- $_ := set $env (printf "%s_GRPC_ADDRESS" (include "kassa.envName" $other)) $address -}}
{{- end -}}
{{- end -}}
{{- range $key, $value := $svc.env -}}
{{- $_ := set $env $key (toString $value) -}}
{{- end -}}
{{- range $key, $_ := merge (dict) $svc.secretEnv $root.Values.global.secretEnv -}}
{{- $_ := unset $env $key -}}
{{- end -}}
{{- if $svc.nats.enabled -}}
{{- /* Each service is its own user on the bus (deploy/infrastructure/nats.yaml gives it its permissions). */ -}}
{{- $_ := set $env "NATS_USER" .name -}}
{{- if $root.Values.global.natsTls.enabled -}}
{{- $_ := set $env "NATS_TLS_CA_FILE" (printf "%s/%s" $root.Values.global.natsTls.mountPath $root.Values.global.natsTls.caKey) -}}
{{- end -}}
{{- end -}}
{{- if $svc.database.enabled -}}
{{- $_ := set $env "DATABASE_POOL_MAX" (toString (int $svc.database.poolMax)) -}}
{{- $_ := unset $env "DATABASE_URL" -}}
{{- end -}}
{{- toJson $env -}}
{{- end -}}

{{/*
Secret environment as env entries: DATABASE_URL and every secretEnv entry, each a secretKeyRef to an
EXISTING Secret. The chart never renders a secret value and never creates a Secret.
Context: the service context.
*/}}
{{- define "kassa.secretEnv" -}}
{{- $root := .root -}}
{{- if .svc.database.enabled }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ default $root.Values.global.secrets.database .svc.database.secretName | quote }}
      key: {{ default (printf "%s-database-url" .name) .svc.database.secretKey | quote }}
{{- end }}
{{- if .svc.nats.enabled }}
- name: NATS_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ default $root.Values.global.secrets.nats .svc.nats.secretName | quote }}
      key: {{ default .name .svc.nats.secretKey | quote }}
{{- end }}
{{- range $key, $ref := merge (dict) .svc.secretEnv $root.Values.global.secretEnv }}
- name: {{ $key }}
  valueFrom:
    secretKeyRef:
      name: {{ default $root.Values.global.secrets.app $ref.secretName | quote }}
      key: {{ $ref.key | quote }}
{{- end }}
{{- end -}}

{{/*
The workload's caller keys (services/platform/src/grpc/caller-credential.ts): its own secret, which signs every gRPC
call it makes, and for a service with a gRPC port the keys it checks calls with. Deployments only: a migration makes
and answers no calls. Context: the service context.
*/}}
{{- define "kassa.callerEnv" -}}
- name: KASSA_CALLER_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ .root.Values.global.secrets.callers | quote }}
      key: {{ .name | quote }}
{{- if .svc.ports.grpc }}
- name: KASSA_CALLER_VERIFIERS
  valueFrom:
    secretKeyRef:
      name: {{ .root.Values.global.secrets.callers | quote }}
      key: {{ printf "verifiers-%s" .name | quote }}
{{- end }}
{{- end -}}

{{/* Pod-level hardening shared by Deployments and migration Jobs. */}}
{{- define "kassa.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
fsGroup: 10001
fsGroupChangePolicy: OnRootMismatch
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "kassa.containerSecurityContext" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
allowPrivilegeEscalation: false
privileged: false
readOnlyRootFilesystem: true
capabilities:
  drop: [ALL]
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* Writable places on a read-only root filesystem: /tmp plus the service's writablePaths. */}}
{{- define "kassa.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
{{- if and .svc.nats.enabled .root.Values.global.natsTls.enabled }}
- name: nats-ca
  mountPath: {{ .root.Values.global.natsTls.mountPath }}
  readOnly: true
{{- end }}
{{- range $index, $path := .svc.writablePaths }}
- name: writable-{{ $index }}
  mountPath: {{ $path }}
{{- end }}
{{- end -}}

{{- define "kassa.volumes" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ .svc.tmpSizeLimit }}
{{- if and .svc.nats.enabled .root.Values.global.natsTls.enabled }}
- name: nats-ca
  secret:
    secretName: {{ .root.Values.global.natsTls.caSecret | quote }}
    items:
      - key: {{ .root.Values.global.natsTls.caKey | quote }}
        path: {{ .root.Values.global.natsTls.caKey | quote }}
{{- end }}
{{- range $index, $path := .svc.writablePaths }}
- name: writable-{{ $index }}
  emptyDir:
    sizeLimit: {{ $.svc.tmpSizeLimit }}
{{- end }}
{{- end -}}

{{- define "kassa.imagePullSecrets" -}}
{{- with .Values.global.image.pullSecrets }}
imagePullSecrets:
{{- range . }}
  - name: {{ . }}
{{- end }}
{{- end }}
{{- end -}}

{{/* Name of the container port Prometheus scrapes: "metrics" when the service has its own, else "http". */}}
{{- define "kassa.metricsPortName" -}}
{{- ternary "metrics" "http" (hasKey .svc.ports "metrics") -}}
{{- end -}}
