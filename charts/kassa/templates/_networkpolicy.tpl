{{/*
Ingress rules of one service, on top of the release-wide default deny (networkpolicy-default-deny.yaml):
its gRPC port from the pods of its allowedClients, its metrics port (ports.metrics, else the http port that
serves /metrics) from the monitoring namespace, and, for a public service only, its http port from the ingress
controller's namespace. Kubelet probes are not subject to NetworkPolicy.
Egress stays open: PostgreSQL, NATS, Redis, the collector, SMTP and the payment provider live elsewhere.
*/}}
{{- define "kassa.networkPolicy" -}}
{{- $networkPolicy := .root.Values.global.networkPolicy -}}
{{- if $networkPolicy.enabled -}}
{{- $svc := .svc -}}
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ include "kassa.serviceName" . }}
  labels:
    {{- include "kassa.labels" . | nindent 4 }}
spec:
  podSelector:
    matchLabels:
      {{- include "kassa.selectorLabels" . | nindent 6 }}
  policyTypes: [Ingress]
  ingress:
    {{- if and $svc.ports.grpc $svc.allowedClients }}
    - from:
        {{- range $client := $svc.allowedClients }}
        - podSelector:
            matchLabels:
              {{- include "kassa.selectorLabels" (dict "root" $.root "name" $client) | nindent 14 }}
        {{- end }}
      ports:
        - port: grpc
          protocol: TCP
    {{- end }}
    {{- if $svc.metrics.enabled }}
    - from:
        - namespaceSelector:
            {{- toYaml $networkPolicy.monitoringNamespaceSelector | nindent 12 }}
      ports:
        - port: {{ include "kassa.metricsPortName" . }}
          protocol: TCP
    {{- end }}
    {{- if $svc.public }}
    - from:
        - namespaceSelector:
            {{- toYaml $networkPolicy.ingressNamespaceSelector | nindent 12 }}
      ports:
        - port: http
          protocol: TCP
    {{- end }}
{{- end -}}
{{- end -}}
