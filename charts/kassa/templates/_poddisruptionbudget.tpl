{{/* maxUnavailable rather than minAvailable: a single-replica service still lets a node drain. */}}
{{- define "kassa.podDisruptionBudget" -}}
{{- if .svc.podDisruptionBudget.enabled -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "kassa.serviceName" . }}
  labels:
    {{- include "kassa.labels" . | nindent 4 }}
spec:
  maxUnavailable: {{ .svc.podDisruptionBudget.maxUnavailable }}
  unhealthyPodEvictionPolicy: AlwaysAllow
  selector:
    matchLabels:
      {{- include "kassa.selectorLabels" . | nindent 6 }}
{{- end -}}
{{- end -}}
