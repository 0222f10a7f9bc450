{{/*
Scheduled pre-scale (autoscaling.prescale): for each window, one CronJob raises the service's HPA minReplicas at
`from` and another sets it back at `until`. Their pods run kubectl as a ServiceAccount whose Role may read and patch
that one HPA and nothing else; they are the only pods of the chart with an API token, because they talk to the API.
*/}}
{{- define "kassa.prescale" -}}
{{- $autoscaling := .svc.autoscaling -}}
{{- if $autoscaling.prescale -}}
{{- if not $autoscaling.enabled }}
{{- fail (printf "services.%s.autoscaling.prescale needs autoscaling.enabled: without an HPA there is no floor to raise" .name) }}
{{- end }}
{{- $name := printf "%s-prescale" (include "kassa.serviceName" .) | trunc 52 | trimSuffix "-" -}}
{{- $labels := include "kassa.prescaleLabels" . -}}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ $name }}
  labels:
    {{- $labels | nindent 4 }}
automountServiceAccountToken: false
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: {{ $name }}
  labels:
    {{- $labels | nindent 4 }}
rules:
  - apiGroups: [autoscaling]
    resources: [horizontalpodautoscalers]
    resourceNames: [{{ include "kassa.serviceName" . }}]
    verbs: [get, patch]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: {{ $name }}
  labels:
    {{- $labels | nindent 4 }}
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: {{ $name }}
subjects:
  - kind: ServiceAccount
    name: {{ $name }}
    namespace: {{ .root.Release.Namespace }}
{{- range $window := $autoscaling.prescale }}
{{- if gt (int $window.minReplicas) (int $autoscaling.maxReplicas) }}
{{- fail (printf "services.%s.autoscaling.prescale %s: minReplicas %d is above maxReplicas %d" $.name $window.name (int $window.minReplicas) (int $autoscaling.maxReplicas)) }}
{{- end }}
{{- range $edge := list (dict "suffix" "from" "schedule" $window.from "replicas" $window.minReplicas) (dict "suffix" "until" "schedule" $window.until "replicas" $autoscaling.minReplicas) }}
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: {{ printf "%s-%s-%s" $name $window.name $edge.suffix | trunc 52 | trimSuffix "-" }}
  labels:
    {{- $labels | nindent 4 }}
    kassa.io/prescale-window: {{ $window.name }}
spec:
  schedule: {{ $edge.schedule | quote }}
  timeZone: {{ $.root.Values.global.prescale.timeZone | quote }}
  concurrencyPolicy: Replace
  # A pre-scale that missed its minute (the controller was down) still runs within the next ten.
  startingDeadlineSeconds: 600
  successfulJobsHistoryLimit: 1
  failedJobsHistoryLimit: 3
  jobTemplate:
    spec:
      backoffLimit: 4
      activeDeadlineSeconds: 300
      template:
        metadata:
          labels:
            {{- $labels | nindent 12 }}
            kassa.io/prescale-window: {{ $window.name }}
        spec:
          restartPolicy: OnFailure
          serviceAccountName: {{ $name }}
          # kubectl talks to the API server: the one token in the chart, for a Role that can patch one HPA.
          automountServiceAccountToken: true
          {{- with include "kassa.imagePullSecrets" $.root }}{{ . | nindent 10 }}{{- end }}
          securityContext:
            {{- include "kassa.podSecurityContext" $ | nindent 12 }}
          containers:
            - name: prescale
              image: {{ $.root.Values.global.prescale.image | quote }}
              command: [kubectl]
              args:
                - patch
                - horizontalpodautoscaler
                - {{ include "kassa.serviceName" $ }}
                - --namespace={{ $.root.Release.Namespace }}
                - --type=merge
                - {{ printf "--patch={\"spec\":{\"minReplicas\":%d}}" (int $edge.replicas) | quote }}
              env:
                # kubectl keeps its discovery cache under $HOME; the root filesystem is read-only.
                - name: HOME
                  value: /tmp
              securityContext:
                {{- include "kassa.containerSecurityContext" $ | nindent 16 }}
              resources:
                requests:
                  cpu: 10m
                  memory: 32Mi
                limits:
                  cpu: 200m
                  memory: 128Mi
              volumeMounts:
                - name: tmp
                  mountPath: /tmp
          volumes:
            - name: tmp
              emptyDir:
                sizeLimit: 16Mi
{{- end }}
{{- end }}
{{- end -}}
{{- end -}}

{{/*
The pre-scale's own component (<service>-prescale): its pods must never match the service's selector, or its
Service would send them traffic and its PodDisruptionBudget would count them.
*/}}
{{- define "kassa.prescaleLabels" -}}
{{ include "kassa.releaseLabels" .root }}
app.kubernetes.io/component: {{ .name }}-prescale
{{- end -}}
