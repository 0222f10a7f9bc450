{{/*
Rules values.schema.json cannot express because they span the merged defaults or several services.
*/}}
{{- define "kassa.validateService" -}}
{{- $svc := .svc -}}
{{- if not $svc.ports.http -}}
{{- fail (printf "services.%s.ports.http is required" .name) -}}
{{- end -}}
{{- range $probe := list "readiness" "liveness" -}}
{{- if and (eq (get $svc.probes $probe) "grpc") (not $svc.ports.grpc) -}}
{{- fail (printf "services.%s.probes.%s is grpc but the service has no ports.grpc" $.name $probe) -}}
{{- end -}}
{{- end -}}
{{- if and $svc.ingress.enabled (not $svc.public) -}}
{{- fail (printf "services.%s.ingress.enabled: only a service with public: true may have an Ingress" .name) -}}
{{- end -}}
{{- if and $svc.database.enabled (not $svc.ports.grpc) -}}
{{- fail (printf "services.%s.database.enabled: only backend services own a database" .name) -}}
{{- end -}}
{{- range $client := $svc.allowedClients -}}
{{- if not (hasKey $.services $client) -}}
{{- fail (printf "services.%s.allowedClients: %q is not an enabled service" $.name $client) -}}
{{- end -}}
{{- end -}}
{{- $ports := list -}}
{{- range $port := values (pick $svc.ports "grpc" "http" "metrics") -}}
{{- $ports = append $ports (int $port) -}}
{{- end -}}
{{- if ne (len $ports) (len (uniq $ports)) -}}
{{- fail (printf "services.%s.ports: grpc, http and metrics must be different ports" .name) -}}
{{- end -}}
{{- if and $svc.autoscaling.enabled (gt (int $svc.autoscaling.minReplicas) (int $svc.autoscaling.maxReplicas)) -}}
{{- fail (printf "services.%s.autoscaling: minReplicas is above maxReplicas" .name) -}}
{{- end -}}
{{- end -}}
