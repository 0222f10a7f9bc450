{{/* Cluster-internal only: the BFF is reached from outside through its Ingress, never a NodePort or LoadBalancer. */}}
{{- define "kassa.service" -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "kassa.serviceName" . }}
  labels:
    {{- include "kassa.labels" . | nindent 4 }}
spec:
  type: ClusterIP
  selector:
    {{- include "kassa.selectorLabels" . | nindent 4 }}
  ports:
    {{- if .svc.ports.grpc }}
    - name: grpc
      port: {{ int .svc.ports.grpc }}
      targetPort: grpc
      protocol: TCP
      appProtocol: grpc
    {{- end }}
    - name: http
      port: {{ int .svc.ports.http }}
      targetPort: http
      protocol: TCP
      appProtocol: http
{{- end -}}
