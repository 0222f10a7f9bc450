{{/* One identity per service; no service talks to the Kubernetes API, so no token is mounted. */}}
{{- define "kassa.serviceAccount" -}}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "kassa.serviceName" . }}
  labels:
    {{- include "kassa.labels" . | nindent 4 }}
automountServiceAccountToken: false
{{- end -}}
