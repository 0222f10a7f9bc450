{{- define "kassa.horizontalPodAutoscaler" -}}
{{- $autoscaling := .svc.autoscaling -}}
{{- if $autoscaling.enabled -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "kassa.serviceName" . }}
  labels:
    {{- include "kassa.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "kassa.serviceName" . }}
  minReplicas: {{ int $autoscaling.minReplicas }}
  maxReplicas: {{ int $autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ int $autoscaling.targetCPUUtilizationPercentage }}
    {{- with $autoscaling.targetMemoryUtilizationPercentage }}
    - type: Resource
      resource:
        name: memory
        target:
          type: Utilization
          averageUtilization: {{ int . }}
    {{- end }}
    {{- /* Metrics from Prometheus through the adapter (deploy/infrastructure/prometheus-adapter.yaml names them). */}}
    {{- with $autoscaling.targetRequestsPerSecond }}
    - type: Pods
      pods:
        metric:
          name: {{ include "kassa.requestRateMetric" $ }}
        target:
          type: AverageValue
          averageValue: {{ . | quote }}
    {{- end }}
    {{- with $autoscaling.targetPendingMessagesPerPod }}
    {{- /* The backlog is one figure for the whole service: AverageValue divides it by the replicas. */}}
    - type: External
      external:
        metric:
          name: kassa_consumer_pending_messages
          selector:
            matchLabels:
              service_name: {{ $.name }}
        target:
          type: AverageValue
          averageValue: {{ . | quote }}
    {{- end }}
  behavior:
    {{- /* Scale up at once for a sale rush; scale down slowly so a second wave finds warm pods. */}}
    scaleUp:
      stabilizationWindowSeconds: 0
      policies:
        - type: Percent
          value: 100
          periodSeconds: 15
    scaleDown:
      stabilizationWindowSeconds: {{ int $autoscaling.scaleDownStabilizationSeconds }}
{{- end -}}
{{- end -}}


{{/* The per-pod request rate the adapter serves for this workload: HTTP for the BFF, gRPC for a service. */}}
{{- define "kassa.requestRateMetric" -}}
{{- ternary "kassa_rpc_requests_per_second" "kassa_http_requests_per_second" (hasKey .svc.ports "grpc") -}}
{{- end -}}
