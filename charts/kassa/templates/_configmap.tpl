{{/* Non-secret environment of one service (see kassa.configEnv). */}}
{{- define "kassa.configMap" -}}
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "kassa.serviceName" . }}-env
  labels:
    {{- include "kassa.labels" . | nindent 4 }}
data:
  {{- range $key, $value := include "kassa.configEnv" . | fromJson }}
  {{ $key }}: {{ $value | quote }}
  {{- end }}
{{- end -}}
