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
{{- if eq .name "payments" -}}
{{- include "kassa.validatePaymentProvider" . -}}
{{- end -}}
{{- if and $svc.autoscaling.enabled (gt (int $svc.autoscaling.minReplicas) (int $svc.autoscaling.maxReplicas)) -}}
{{- fail (printf "services.%s.autoscaling: minReplicas is above maxReplicas" .name) -}}
{{- end -}}
{{- end -}}

{{/*
The chart has no default payment provider: the demo provider takes no money, so a production release that fell back
to it would give tickets away. The payments service refuses it in production as well.
*/}}
{{- define "kassa.validatePaymentProvider" -}}
{{- $provider := .svc.env.PAYMENT_PROVIDER | default "" -}}
{{- $environment := .root.Values.global.environment -}}
{{- if not (has $provider (list "stripe" "demo")) -}}
{{- fail "services.payments.env.PAYMENT_PROVIDER must be chosen: stripe (with secretEnv STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), or demo outside production (no money moves)" -}}
{{- end -}}
{{- if and (eq $provider "demo") (eq $environment "production") -}}
{{- fail "services.payments.env.PAYMENT_PROVIDER is demo with global.environment production: the demo provider takes no money; use stripe" -}}
{{- end -}}
{{- if eq $provider "stripe" -}}
{{- range $name := list "STRIPE_SECRET_KEY" "STRIPE_WEBHOOK_SECRET" -}}
{{- if not (hasKey ($.svc.secretEnv | default dict) $name) -}}
{{- fail (printf "services.payments.secretEnv.%s is required with PAYMENT_PROVIDER stripe" $name) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
