{{/* Names: <release>-kbench unless overridden; pieces add -worker, -token, -run-<revision>. */}}
{{- define "kbench.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "kbench.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "kbench.workerName" -}}
{{- printf "%s-worker" (include "kbench.fullname" .) -}}
{{- end -}}

{{/* The Job's name carries the release revision: each `helm upgrade` runs the benchmark again as a new Job. */}}
{{- define "kbench.jobName" -}}
{{- printf "%s-run-%d" (include "kbench.fullname" .) (int .Release.Revision) -}}
{{- end -}}

{{- define "kbench.tokenSecretName" -}}
{{- default (printf "%s-token" (include "kbench.fullname" .)) .Values.token.existingSecret -}}
{{- end -}}

{{- define "kbench.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{/* The headless Service's name and port as the run looks them up: every ready worker is one address. */}}
{{- define "kbench.workersDns" -}}
{{- printf "%s.%s.svc.%s:%d" (include "kbench.workerName" .) .Release.Namespace .Values.clusterDomain (int .Values.workers.port) -}}
{{- end -}}

{{- define "kbench.labels" -}}
app.kubernetes.io/name: {{ include "kbench.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "kbench.runSelector" -}}
app.kubernetes.io/name: {{ include "kbench.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: run
{{- end -}}

{{- define "kbench.runServiceName" -}}
{{- printf "%s-run" (include "kbench.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "kbench.workerSelector" -}}
app.kubernetes.io/name: {{ include "kbench.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: worker
{{- end -}}

{{/* Where the token Secret is mounted, in workers and run alike: read from a file, never in the pod spec. */}}
{{- define "kbench.tokenDir" -}}/etc/kbench/token{{- end -}}
{{- define "kbench.tokenFile" -}}{{ include "kbench.tokenDir" . }}/token{{- end -}}
{{- define "kbench.runFilesDir" -}}/etc/kbench/run{{- end -}}
{{- define "kbench.resultsDir" -}}/results{{- end -}}
{{/* This run's own directory on the results volume (a PVC keeps earlier runs beside it). */}}
{{- define "kbench.runResultsDir" -}}{{ include "kbench.resultsDir" . }}/{{ include "kbench.jobName" . }}{{- end -}}

{{/* A file the run reads: a name from run.files, else an absolute path, else a path under image.home. */}}
{{- define "kbench.runFile" -}}
{{- $name := .name -}}
{{- if hasKey .root.Values.run.files $name -}}
{{- printf "%s/%s" (include "kbench.runFilesDir" .root) $name -}}
{{- else if hasPrefix "/" $name -}}
{{- $name -}}
{{- else -}}
{{- printf "%s/%s" (trimSuffix "/" .root.Values.image.home) $name -}}
{{- end -}}
{{- end -}}

{{/* The environment the driver files read: on the workers and on the run alike. */}}
{{- define "kbench.driverEnv" -}}
{{- if .Values.kafka.bootstrapServers }}
- name: KAFKA_BOOTSTRAP_SERVERS
  value: {{ .Values.kafka.bootstrapServers | quote }}
{{- end }}
{{- range .Values.env }}
- name: {{ .name }}
  value: {{ .value | quote }}
{{- end }}
{{- range .Values.secretEnv }}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ .secretName }}
      key: {{ .key }}
{{- end }}
{{- end -}}

{{- define "kbench.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .Values.podSecurityContext.runAsUser }}
runAsGroup: {{ .Values.podSecurityContext.runAsGroup }}
fsGroup: {{ .Values.podSecurityContext.fsGroup }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "kbench.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop: [ALL]
{{- end -}}

{{/* CPU and memory as requests and limits alike. */}}
{{- define "kbench.resources" -}}
requests:
  cpu: {{ .cpu | quote }}
  memory: {{ .memory | quote }}
limits:
  cpu: {{ .cpu | quote }}
  memory: {{ .memory | quote }}
{{- end -}}

{{/*
The run's container command: the kbench command line, in a small bash wrapper that copies the console
to console.log and writes the exit status to exit-code in the run's results directory (the results
container waits for that file), then exits with the run's status. Kept in this one place so it is easy
to adapt to another image; tests take `command` and `args` from `helm template` as they are.
*/}}
{{- define "kbench.run.command" -}}
{{- $run := .Values.run -}}
{{- $dir := include "kbench.runResultsDir" . -}}
{{- $args := list $run.command "--workers-dns" (include "kbench.workersDns" .)
    "--expect-workers" (toString (default .Values.workers.replicas $run.expectWorkers))
    "--workers-wait" $run.workersWait
    "--worker-token-file" (include "kbench.tokenFile" .)
    "--output-dir" $dir -}}
{{- $drivers := list -}}
{{- range $run.drivers -}}
{{- $drivers = append $drivers (include "kbench.runFile" (dict "root" $ "name" .)) -}}
{{- end -}}
{{- if $drivers -}}
{{- $args = concat $args (list "--drivers" (join "," $drivers)) -}}
{{- end -}}
{{- if $run.metricsPort -}}
{{- $args = concat $args (list "--stats-port" (toString $run.metricsPort) "--stats-bind" "0.0.0.0") -}}
{{- end -}}
{{- $args = concat $args $run.args -}}
{{- if eq $run.command "sweep" -}}
{{- $args = append $args (include "kbench.runFile" (dict "root" . "name" $run.sweep)) -}}
{{- else -}}
{{- range $run.workloads -}}
{{- $args = append $args (include "kbench.runFile" (dict "root" $ "name" .)) -}}
{{- end -}}
{{- end -}}
{{- $script := printf "mkdir -p %s || exit 1; %s \"$@\" 2>&1 | tee %s/console.log; code=${PIPESTATUS[0]}; echo \"$code\" > %s/exit-code; exit \"$code\"" $dir .Values.image.launcher $dir $dir -}}
command:
{{- toYaml (list "bash" "-c" $script "kbench") | nindent 2 }}
args:
{{- toYaml $args | nindent 2 }}
{{- end -}}

{{/* What makes a Job: a workload (or a sweep) must be named, and drivers for run and find-max. */}}
{{- define "kbench.run.validate" -}}
{{- $run := .Values.run -}}
{{- if eq $run.command "sweep" -}}
{{- if not $run.sweep -}}
{{- fail "run.command is sweep but run.sweep is empty: set run.sweep to a sweep file (a name from run.files, or a path in the image such as workloads/sweeps/acks.yaml), or run.enabled=false for workers only" -}}
{{- end -}}
{{- else -}}
{{- if not $run.workloads -}}
{{- fail (printf "run.workloads is empty: set run.workloads to the workload(s) to %s (a name from run.files, or a path in the image such as workloads/simple.yaml), or run.enabled=false for workers only" $run.command) -}}
{{- end -}}
{{- if and (eq $run.command "find-max") (gt (len $run.workloads) 1) -}}
{{- fail (printf "run.workloads has %d workloads but find-max searches one: keep one" (len $run.workloads)) -}}
{{- end -}}
{{- if not $run.drivers -}}
{{- fail "run.drivers is empty: set run.drivers to the driver file(s) of your cluster (e.g. driver-kafka/kafka.yaml with kafka.bootstrapServers); the image has no local broker" -}}
{{- end -}}
{{- end -}}
{{- end -}}
