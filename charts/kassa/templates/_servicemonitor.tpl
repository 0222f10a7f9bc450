{{/*
A Prometheus Operator ServiceMonitor (monitoring.serviceMonitor.enabled): Prometheus finds every ready pod of the
service through its Service's endpoints and scrapes /metrics on the metrics port (ports.metrics, else http).
Its labels must match the Prometheus serviceMonitorSelector (deploy/infrastructure/kube-prometheus-stack.yaml).
*/}}
{{- define "kassa.serviceMonitor" -}}
{{- $monitor := .root.Values.monitoring.serviceMonitor -}}
{{- if and $monitor.enabled .svc.metrics.enabled -}}
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: {{ include "kassa.serviceName" . }}
  labels:
    {{- include "kassa.labels" . | nindent 4 }}
    {{- with $monitor.labels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
spec:
  selector:
    matchLabels:
      {{- include "kassa.selectorLabels" . | nindent 6 }}
  namespaceSelector:
    matchNames:
      - {{ .root.Release.Namespace }}
  endpoints:
    - port: {{ include "kassa.metricsPortName" . }}
      path: {{ .svc.metrics.path }}
      scheme: http
      interval: {{ $monitor.interval }}
      scrapeTimeout: {{ $monitor.scrapeTimeout }}
      {{- /* part_of="kassa" on every target, `up` included, so that alerts select Kassa's targets whatever the release is called. */}}
      relabelings:
        - sourceLabels: [__meta_kubernetes_service_label_app_kubernetes_io_part_of]
          targetLabel: part_of
{{- end -}}
{{- end -}}
