{{/*
Cluster-internal only: the BFF is reached from outside through its Ingress, never a NodePort or LoadBalancer.
A backend (a service with a gRPC port) gets a headless Service (clusterIP: None): its DNS name resolves to the
address of every ready pod, so gRPC clients balance calls over all replicas instead of pinning one HTTP/2
connection to one pod behind a virtual IP (see kassa.configEnv). The BFF's Service keeps its ClusterIP, which the
Ingress controller and port-forward use.
*/}}
{{- define "kassa.service" -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "kassa.serviceName" . }}
  labels:
    {{- include "kassa.labels" . | nindent 4 }}
spec:
  type: ClusterIP
  {{- if .svc.ports.grpc }}
  clusterIP: None
  {{- end }}
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
    {{- if .svc.ports.metrics }}
    - name: metrics
      port: {{ int .svc.ports.metrics }}
      targetPort: metrics
      protocol: TCP
      appProtocol: http
    {{- end }}
{{- end -}}
