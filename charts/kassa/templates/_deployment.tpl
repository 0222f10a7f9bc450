{{/*
A probe handler: gRPC health (grpc.health.v1, served by every backend on its gRPC port) or an HTTP GET
on the service's http port. Context: dict "svc" "type" ("grpc"|"http") "path".
*/}}
{{- define "kassa.probeHandler" -}}
{{- if eq .type "grpc" -}}
grpc:
  port: {{ int .svc.ports.grpc }}
{{- else -}}
httpGet:
  path: {{ .path }}
  port: http
{{- end -}}
{{- end -}}

{{- define "kassa.probes" -}}
{{- $probes := .svc.probes -}}
startupProbe:
  {{- include "kassa.probeHandler" (dict "svc" .svc "type" $probes.liveness "path" $probes.livenessPath) | nindent 2 }}
  periodSeconds: 2
  timeoutSeconds: {{ int $probes.timeoutSeconds }}
  failureThreshold: {{ int $probes.startupFailureThreshold }}
livenessProbe:
  {{- include "kassa.probeHandler" (dict "svc" .svc "type" $probes.liveness "path" $probes.livenessPath) | nindent 2 }}
  periodSeconds: {{ int $probes.periodSeconds }}
  timeoutSeconds: {{ int $probes.timeoutSeconds }}
  failureThreshold: {{ int $probes.failureThreshold }}
readinessProbe:
  {{- include "kassa.probeHandler" (dict "svc" .svc "type" $probes.readiness "path" $probes.readinessPath) | nindent 2 }}
  periodSeconds: {{ int $probes.periodSeconds }}
  timeoutSeconds: {{ int $probes.timeoutSeconds }}
  failureThreshold: {{ int $probes.failureThreshold }}
{{- end -}}

{{- define "kassa.deployment" -}}
{{- $svc := .svc -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "kassa.serviceName" . }}
  labels:
    {{- include "kassa.labels" . | nindent 4 }}
spec:
  {{- if not $svc.autoscaling.enabled }}
  {{- /* Left out under an HPA, so that an upgrade does not reset the replica count it chose. */}}
  replicas: {{ int $svc.replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "kassa.selectorLabels" . | nindent 6 }}
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 0
  template:
    metadata:
      labels:
        {{- include "kassa.labels" . | nindent 8 }}
      annotations:
        checksum/config: {{ include "kassa.configEnv" . | sha256sum }}
        {{- if $svc.metrics.enabled }}
        prometheus.io/scrape: "true"
        prometheus.io/port: {{ int (ternary $svc.ports.metrics $svc.ports.http (hasKey $svc.ports "metrics")) | quote }}
        prometheus.io/path: {{ $svc.metrics.path | quote }}
        {{- end }}
        {{- with $svc.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "kassa.serviceName" . }}
      automountServiceAccountToken: false
      enableServiceLinks: false
      terminationGracePeriodSeconds: {{ int $svc.terminationGracePeriodSeconds }}
      {{- with include "kassa.imagePullSecrets" .root | trim }}
      {{- . | nindent 6 }}
      {{- end }}
      securityContext:
        {{- include "kassa.podSecurityContext" . | nindent 8 }}
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "kassa.selectorLabels" . | nindent 14 }}
        - maxSkew: 1
          topologyKey: topology.kubernetes.io/zone
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "kassa.selectorLabels" . | nindent 14 }}
      {{- with $svc.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $svc.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $svc.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
        - name: {{ .name }}
          image: {{ include "kassa.image" . | quote }}
          imagePullPolicy: {{ .root.Values.global.image.pullPolicy }}
          ports:
            {{- if $svc.ports.grpc }}
            - name: grpc
              containerPort: {{ int $svc.ports.grpc }}
              protocol: TCP
            {{- end }}
            - name: http
              containerPort: {{ int $svc.ports.http }}
              protocol: TCP
            {{- if $svc.ports.metrics }}
            - name: metrics
              containerPort: {{ int $svc.ports.metrics }}
              protocol: TCP
            {{- end }}
          envFrom:
            - configMapRef:
                name: {{ include "kassa.serviceName" . }}-env
          env:
            - name: POD_NAME
              valueFrom:
                fieldRef:
                  fieldPath: metadata.name
            - name: POD_NAMESPACE
              valueFrom:
                fieldRef:
                  fieldPath: metadata.namespace
            - name: OTEL_RESOURCE_ATTRIBUTES
              value: {{ printf "service.namespace=kassa,deployment.environment.name=%s,k8s.namespace.name=$(POD_NAMESPACE),k8s.pod.name=$(POD_NAME)" .root.Values.global.environment | quote }}
            {{- with include "kassa.secretEnv" . | trim }}
            {{- . | nindent 12 }}
            {{- end }}
            {{- include "kassa.callerEnv" . | nindent 12 }}
          {{- include "kassa.probes" . | nindent 10 }}
          lifecycle:
            preStop:
              {{- /* Keeps serving while endpoints and load balancers drop the pod, then SIGTERM. */}}
              sleep:
                seconds: {{ int $svc.preStopSleepSeconds }}
          resources:
            {{- toYaml $svc.resources | nindent 12 }}
          securityContext:
            {{- include "kassa.containerSecurityContext" . | nindent 12 }}
          volumeMounts:
            {{- include "kassa.volumeMounts" . | nindent 12 }}
      volumes:
        {{- include "kassa.volumes" . | nindent 8 }}
{{- end -}}
