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
