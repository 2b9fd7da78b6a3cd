package io.kbench.deploy.helm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.openshift.api.model.monitoring.v1.ServiceMonitor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chart, rendered with {@code helm template} on its default values and on variations, every
 * manifest parsed strictly into Kubernetes' types, and the properties a benchmark needs checked:
 * one worker per node preferred, requests equal to limits, the token only in its Secret, an
 * authenticated readiness probe, a Job that runs once to the end, and the command it runs.
 */
class ChartTest {

    static final String RELEASE = "kb";
    static final String NAMESPACE = "bench";
    static final String WORKERS_DNS = "kb-kbench-worker.bench.svc.cluster.local:8080";
    static final String TOKEN_FILE = "/etc/kbench/token/token";

    @TempDir
    Path dir;

    record Rendered(Manifests manifests, String text) {
        StatefulSet workers() {
            return manifests.one(StatefulSet.class);
        }

        Job job() {
            return manifests.one(Job.class);
        }

        Container run() {
            return container(job().getSpec().getTemplate(), "run");
        }
    }

    static Rendered render(String... sets) throws Exception {
        List<String> args = new ArrayList<>();
        for (String set : sets) {
            args.add("--set");
            args.add(set);
        }
        Helm.Result lint = Helm.lint(args);
        assertEquals(0, lint.exitCode(), "helm lint --strict " + args + ":\n" + lint.all());
        Helm.Result result = Helm.template(RELEASE, NAMESPACE, args);
        assertEquals(0, result.exitCode(), "helm template " + args + ":\n" + result.all());
        return new Rendered(Manifests.parse(result.out()), result.out());
    }

    static Container container(PodTemplateSpec template, String name) {
        return template.getSpec().getContainers().stream().filter(c -> c.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no container " + name));
    }

    static Volume volume(PodSpec spec, String name) {
        return spec.getVolumes().stream().filter(v -> v.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no volume " + name));
    }

    static String mountPath(Container c, String volume) {
        return c.getVolumeMounts().stream().filter(m -> m.getName().equals(volume)).map(VolumeMount::getMountPath).findFirst()
                .orElseThrow(() -> new AssertionError(c.getName() + " does not mount " + volume));
    }

    /** The value after {@code option} in the run's arguments. */
    static String option(List<String> args, String option) {
        int i = args.indexOf(option);
        assertTrue(i >= 0 && i + 1 < args.size(), option + " in " + args);
        return args.get(i + 1);
    }

    static void assertRequestsEqualLimits(PodTemplateSpec template) {
        for (Container c : template.getSpec().getContainers()) {
            Map<String, Quantity> requests = c.getResources().getRequests();
            Map<String, Quantity> limits = c.getResources().getLimits();
            assertNotNull(requests, c.getName() + " has requests");
            assertEquals(Map.of("cpu", limits.get("cpu"), "memory", limits.get("memory")), requests,
                    c.getName() + ": requests equal limits, CPU and memory");
        }
    }

    @Test
    void theDefaultValuesRenderWorkersAndARunJob() throws Exception {
        Rendered r = render();
        assertEquals(List.of("Secret", "PersistentVolumeClaim", "Service", "Service", "StatefulSet", "Job"),
                r.manifests().all().stream().map(HasMetadata::getKind).toList());

        // Workers: a StatefulSet behind a headless Service.
        Service service = service(r, "kb-kbench-worker");
        StatefulSet workers = r.workers();
        assertEquals("None", service.getSpec().getClusterIP());
        assertEquals(service.getMetadata().getName(), workers.getSpec().getServiceName());
        assertEquals(3, workers.getSpec().getReplicas());
        Map<String, String> podLabels = workers.getSpec().getTemplate().getMetadata().getLabels();
        assertTrue(podLabels.entrySet().containsAll(service.getSpec().getSelector().entrySet()), "the Service selects the workers");
        assertEquals(workers.getSpec().getSelector().getMatchLabels(), service.getSpec().getSelector());
        assertEquals(List.of(8080, 8081), service.getSpec().getPorts().stream().map(p -> p.getPort()).toList());

        // One worker per node, preferred.
        List<WeightedPodAffinityTerm> antiAffinity = workers.getSpec().getTemplate().getSpec().getAffinity().getPodAntiAffinity()
                .getPreferredDuringSchedulingIgnoredDuringExecution();
        assertEquals(1, antiAffinity.size());
        assertEquals("kubernetes.io/hostname", antiAffinity.get(0).getPodAffinityTerm().getTopologyKey());
        assertEquals(service.getSpec().getSelector(), antiAffinity.get(0).getPodAffinityTerm().getLabelSelector().getMatchLabels());
        assertTrue(workers.getSpec().getTemplate().getSpec().getAffinity().getPodAntiAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution().isEmpty(), "preferred, not required");

        // Requests equal limits, everywhere.
        assertRequestsEqualLimits(workers.getSpec().getTemplate());
        assertRequestsEqualLimits(r.job().getSpec().getTemplate());
        Container worker = container(workers.getSpec().getTemplate(), "worker");
        assertEquals(new Quantity("2"), worker.getResources().getLimits().get("cpu"));

        // Prometheus finds the metrics.
        Map<String, String> annotations = workers.getSpec().getTemplate().getMetadata().getAnnotations();
        assertEquals(Map.of("prometheus.io/scrape", "true", "prometheus.io/port", "8081", "prometheus.io/path", "/metrics"), annotations);

        // The worker: `kbench worker` (the image's entry point) on every interface, token from the mounted Secret.
        assertTrue(worker.getCommand().isEmpty(), "the image's entry point runs");
        assertEquals(List.of("worker", "--bind", "0.0.0.0", "--port", "8080", "--stats-port", "8081", "--token-file", TOKEN_FILE,
                "--id", "$(POD_NAME)", "--log-file", "/tmp/kbench-worker.log"), worker.getArgs());
        assertTrue(worker.getSecurityContext().getReadOnlyRootFilesystem());
        assertTrue(workers.getSpec().getTemplate().getSpec().getSecurityContext().getRunAsNonRoot());
        assertFalse(workers.getSpec().getTemplate().getSpec().getAutomountServiceAccountToken());

        // Readiness: an authenticated GET /v1/info, the token read from the mounted file when the probe runs.
        String probe = String.join(" ", worker.getReadinessProbe().getExec().getCommand());
        assertTrue(probe.startsWith("bash -c read -r token < " + TOKEN_FILE + " && exec 3<>/dev/tcp/127.0.0.1/8080"), probe);
        assertTrue(probe.contains("GET /v1/info HTTP/1.1\\r\\n"), probe);
        assertTrue(probe.contains("Authorization: Bearer %s"), probe);
        assertTrue(probe.contains("[[ \"$status\" == \"HTTP/1.1 200\"* ]]"), probe);
        assertEquals("agent", worker.getLivenessProbe().getTcpSocket().getPort().getStrVal());
    }

    @Test
    void aZoneReachesEveryWorkersCommandLine() throws Exception {
        List<String> args = container(render("workers.zone=aws").workers().getSpec().getTemplate(), "worker")
                .getArgs();
        assertEquals("aws", option(args, "--zone"));
    }

    @Test
    void theTokenIsGeneratedInASecretAndNowhereElse() throws Exception {
        Rendered r = render();
        Secret secret = r.manifests().one(Secret.class);
        assertEquals("kb-kbench-token", secret.getMetadata().getName());
        String encoded = secret.getData().get("token");
        String token = new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
        assertTrue(token.matches("[A-Za-z0-9]{48}"), "48 random letters and digits");
        assertEquals(1, r.text().split(java.util.regex.Pattern.quote(encoded), -1).length - 1, "the token appears once, in the Secret");
        assertFalse(r.text().contains(token), "never in clear");
        assertNotEquals(token, new String(Base64.getDecoder().decode(render().manifests().one(Secret.class).getData().get("token")),
                StandardCharsets.UTF_8), "random per install (an upgrade reads the existing Secret back with lookup)");

        for (PodTemplateSpec pod : List.of(r.workers().getSpec().getTemplate(), r.job().getSpec().getTemplate())) {
            Volume volume = volume(pod.getSpec(), "token");
            assertEquals("kb-kbench-token", volume.getSecret().getSecretName());
            for (Container c : pod.getSpec().getContainers()) {
                if (c.getEnv() != null) {
                    for (EnvVar env : c.getEnv()) {
                        assertFalse(env.getName().contains("TOKEN"), c.getName() + " gets no token variable: " + env);
                    }
                }
            }
        }
        assertEquals("/etc/kbench/token", mountPath(r.run(), "token"));
        assertEquals(TOKEN_FILE, option(r.run().getArgs(), "--worker-token-file"));

        Rendered existing = render("token.existingSecret=my-token", "token.key=secret");
        assertTrue(existing.manifests().ofKind(Secret.class).isEmpty(), "the given Secret is used, none is made");
        Volume given = volume(existing.workers().getSpec().getTemplate().getSpec(), "token");
        assertEquals("my-token", given.getSecret().getSecretName());
        assertEquals("secret", given.getSecret().getItems().get(0).getKey());
        assertEquals("token", given.getSecret().getItems().get(0).getPath());
    }

    @Test
    void theJobRunsOnceToTheEndWithTheCommandInOnePlace() throws Exception {
        Rendered r = render("kafka.bootstrapServers=kafka.kafka.svc:9092");
        Job job = r.job();
        assertEquals("kb-kbench-run-1", job.getMetadata().getName(), "named after the release revision");
        assertEquals(0, job.getSpec().getBackoffLimit(), "a failed benchmark is a failed Job");
        assertEquals("Never", job.getSpec().getTemplate().getSpec().getRestartPolicy());
        assertEquals(21600L, job.getSpec().getActiveDeadlineSeconds());
        assertNull(job.getSpec().getTtlSecondsAfterFinished());

        Container run = r.run();
        assertEquals(List.of("bash", "-c", "mkdir -p /results/kb-kbench-run-1 || exit 1; java -cp @/app/jib-classpath-file "
                + "io.kbench.launcher.KbenchMain \"$@\" 2>&1 | tee /results/kb-kbench-run-1/console.log; code=${PIPESTATUS[0]}; "
                + "echo \"$code\" > /results/kb-kbench-run-1/exit-code; exit \"$code\"", "kbench"), run.getCommand());
        EnvVar javaOptions = run.getEnv().stream().filter(e -> e.getName().equals("JAVA_TOOL_OPTIONS")).findFirst().orElseThrow();
        assertEquals("-XX:MaxRAMPercentage=75 -Dkbench.home=/opt/kbench", javaOptions.getValue());
        assertEquals(List.of("run", "--workers-dns", WORKERS_DNS, "--expect-workers", "3", "--workers-wait", "5m",
                "--worker-token-file", TOKEN_FILE, "--output-dir", "/results/kb-kbench-run-1",
                "--drivers", "/opt/kbench/driver-kafka/kafka.yaml", "--stats-port", "8090", "--stats-bind", "0.0.0.0",
                "/opt/kbench/workloads/simple.yaml"), run.getArgs());
        EnvVar bootstrap = run.getEnv().stream().filter(e -> e.getName().equals("KAFKA_BOOTSTRAP_SERVERS")).findFirst().orElseThrow();
        assertEquals("kafka.kafka.svc:9092", bootstrap.getValue());
        assertTrue(container(r.workers().getSpec().getTemplate(), "worker").getEnv().contains(bootstrap), "the workers get it too");

        // Results: a PVC, and a second container that prints them once the run has written its exit status.
        PersistentVolumeClaim pvc = r.manifests().one(PersistentVolumeClaim.class);
        assertEquals(new Quantity("1Gi"), pvc.getSpec().getResources().getRequests().get("storage"));
        assertEquals(pvc.getMetadata().getName(), volume(job.getSpec().getTemplate().getSpec(), "results")
                .getPersistentVolumeClaim().getClaimName());
        assertEquals("/results", mountPath(run, "results"));
        Container results = container(job.getSpec().getTemplate(), "results");
        assertEquals(List.of("bash", "-c", "until [ -f /results/kb-kbench-run-1/exit-code ]; do sleep 2; done; "
                + "tar -C /results -czf - kb-kbench-run-1 2>/dev/null | base64"), results.getCommand());
        assertTrue(results.getVolumeMounts().stream().allMatch(m -> m.getName().equals("results") && m.getReadOnly()),
                "the results container sees the results only, read-only");
        assertTrue(r.text().contains("kubectl logs job/kb-kbench-run-1 -c results | base64 -d | tar xz"));
    }

    /**
     * A run journals its periods beside its result (--output-dir): on the results volume, so that a Job's pod evicted
     * mid-run leaves its journal on the claim for bin/benchmark recover (docs/kubernetes.md).
     */
    @Test
    void theRunsJournalGoesToTheResultsVolume() throws Exception {
        for (List<String> sets : List.of(List.of("run.command=run"), List.of("run.command=find-max"),
                List.of("run.command=sweep", "run.sweep=workloads/sweeps/acks.yaml"))) {
            String command = sets.get(0);
            Container run = render(sets.toArray(String[]::new)).run();
            List<String> args = run.getArgs();
            String outputDir = args.get(args.indexOf("--output-dir") + 1);
            assertTrue(outputDir.startsWith(mountPath(run, "results") + "/"), command + ": " + outputDir + " is not on the results volume");
        }
    }

    @Test
    void findMaxAndSweepRunTheirCommands() throws Exception {
        Container findMax = render("run.command=find-max", "run.args={--slo,publish.p99<=50ms}", "run.expectWorkers=2",
                "run.workersWait=90s").run();
        List<String> args = findMax.getArgs();
        assertEquals("find-max", args.get(0));
        assertEquals("2", option(args, "--expect-workers"));
        assertEquals("90s", option(args, "--workers-wait"));
        assertEquals("publish.p99<=50ms", option(args, "--slo"));
        assertEquals("/opt/kbench/workloads/simple.yaml", args.get(args.size() - 1));

        Container sweep = render("run.command=sweep", "run.sweep=workloads/sweeps/acks.yaml", "workers.replicas=4").run();
        assertEquals("sweep", sweep.getArgs().get(0));
        assertEquals("4", option(sweep.getArgs(), "--expect-workers"));
        assertEquals("/opt/kbench/driver-kafka/kafka.yaml", option(sweep.getArgs(), "--drivers"), "replaces the sweep's local drivers");
        assertEquals("/opt/kbench/workloads/sweeps/acks.yaml", sweep.getArgs().get(sweep.getArgs().size() - 1));
        assertFalse(sweep.getArgs().contains("/opt/kbench/workloads/simple.yaml"), "a sweep names its own workload");
    }

    @Test
    void inlineWorkloadsAndDriversComeFromAConfigMap() throws Exception {
        Path values = Files.writeString(dir.resolve("values.yaml"), """
                run:
                  workloads: [my-workload.yaml, workloads/simple.yaml]
                  drivers: [my-driver.yaml]
                  files:
                    my-workload.yaml: |
                      name: my-workload
                      partitionsPerTopic: 12
                      messageSize: 1024
                      producerRate: 50000
                      testDuration: 5m
                    my-driver.yaml: |
                      name: My cluster
                      driverClass: io.kbench.kafka.KafkaBenchmarkDriver
                      commonConfig: |
                        bootstrap.servers=${env:KAFKA_BOOTSTRAP_SERVERS}
                        sasl.jaas.config=${env:KAFKA_JAAS}
                secretEnv:
                  - name: KAFKA_JAAS
                    secretName: kafka-credentials
                    key: jaas
                """);
        Helm.Result lint = Helm.lint(List.of("--values", values.toString()));
        assertEquals(0, lint.exitCode(), lint.all());
        Helm.Result template = Helm.template(RELEASE, NAMESPACE, List.of("--values", values.toString()));
        assertEquals(0, template.exitCode(), template.all());
        Rendered r = new Rendered(Manifests.parse(template.out()), template.out());

        ConfigMap files = r.manifests().one(ConfigMap.class);
        assertEquals("kb-kbench-run-files", files.getMetadata().getName());
        assertTrue(files.getData().get("my-workload.yaml").startsWith("name: my-workload\npartitionsPerTopic: 12\n"));
        assertTrue(files.getData().get("my-driver.yaml").contains("bootstrap.servers=${env:KAFKA_BOOTSTRAP_SERVERS}"), "kept as written");
        Container run = r.run();
        assertEquals("/etc/kbench/run", mountPath(run, "run-files"));
        assertEquals("kb-kbench-run-files", volume(r.job().getSpec().getTemplate().getSpec(), "run-files").getConfigMap().getName());
        List<String> args = run.getArgs();
        assertEquals("/etc/kbench/run/my-driver.yaml", option(args, "--drivers"));
        assertEquals(List.of("/etc/kbench/run/my-workload.yaml", "/opt/kbench/workloads/simple.yaml"), args.subList(args.size() - 2, args.size()));

        // The credential the driver file names comes from its Secret, on the workers (where the driver runs) and the run.
        for (Container c : List.of(run, container(r.workers().getSpec().getTemplate(), "worker"))) {
            EnvVar jaas = c.getEnv().stream().filter(e -> e.getName().equals("KAFKA_JAAS")).findFirst().orElseThrow();
            assertNull(jaas.getValue(), "never a value in the pod spec");
            assertEquals("kafka-credentials", jaas.getValueFrom().getSecretKeyRef().getName());
            assertEquals("jaas", jaas.getValueFrom().getSecretKeyRef().getKey());
        }
    }

    @Test
    void resultsOnAnEmptyDirOrAnExistingClaim() throws Exception {
        Rendered emptyDir = render("run.results.volume=emptyDir", "run.ttlSecondsAfterFinished=3600");
        assertTrue(emptyDir.manifests().ofKind(PersistentVolumeClaim.class).isEmpty());
        assertNotNull(volume(emptyDir.job().getSpec().getTemplate().getSpec(), "results").getEmptyDir());
        assertEquals(3600, emptyDir.job().getSpec().getTtlSecondsAfterFinished());

        Rendered claim = render("run.results.existingClaim=bench-results", "run.results.storageClassName=fast");
        assertTrue(claim.manifests().ofKind(PersistentVolumeClaim.class).isEmpty());
        assertEquals("bench-results", volume(claim.job().getSpec().getTemplate().getSpec(), "results").getPersistentVolumeClaim()
                .getClaimName());

        Rendered storageClass = render("run.results.storageClassName=fast", "run.results.size=20Gi");
        PersistentVolumeClaim pvc = storageClass.manifests().one(PersistentVolumeClaim.class);
        assertEquals("fast", pvc.getSpec().getStorageClassName());
        assertEquals(new Quantity("20Gi"), pvc.getSpec().getResources().getRequests().get("storage"));
    }

    @Test
    void aServiceMonitorOnRequest() throws Exception {
        Rendered r = render("workers.serviceMonitor.enabled=true", "workers.serviceMonitor.labels.release=prometheus");
        ServiceMonitor monitor = r.manifests().one(ServiceMonitor.class);
        for (Service service : r.manifests().ofKind(Service.class)) {
            Map<String, String> labels = service.getMetadata().getLabels();
            assertTrue(labels.entrySet().containsAll(monitor.getSpec().getSelector().getMatchLabels().entrySet()),
                    "it selects " + service.getMetadata().getName());
            var component = monitor.getSpec().getSelector().getMatchExpressions().get(0);
            assertEquals("app.kubernetes.io/component", component.getKey());
            assertTrue(component.getValues().contains(labels.get("app.kubernetes.io/component")),
                    "it selects " + service.getMetadata().getName() + " (" + labels + ")");
            assertEquals("metrics", service.getSpec().getPorts().get(service.getSpec().getPorts().size() - 1).getName());
        }
        assertEquals(List.of("kb-kbench-run", "kb-kbench-worker"),
                r.manifests().ofKind(Service.class).stream().map(x -> x.getMetadata().getName()).sorted().toList(),
                "the workers' Service and the run's");
        assertEquals("metrics", monitor.getSpec().getEndpoints().get(0).getPort());
        assertEquals("/metrics", monitor.getSpec().getEndpoints().get(0).getPath());
        assertEquals("prometheus", monitor.getMetadata().getLabels().get("release"));
        assertEquals(List.of(NAMESPACE), monitor.getSpec().getNamespaceSelector().getMatchNames());
        assertTrue(render().manifests().ofKind(ServiceMonitor.class).isEmpty(), "none by default");
    }

    /** The run serves its merged figures for Prometheus (bin/benchmark --stats-port) on a named port behind its own Service. */
    @Test
    void theRunServesItsMetricsBehindAHeadlessService() throws Exception {
        Rendered r = render("run.metricsPort=9400");
        Container run = r.run();
        assertEquals("9400", option(run.getArgs(), "--stats-port"));
        assertEquals("0.0.0.0", option(run.getArgs(), "--stats-bind"), "reachable from Prometheus, not only inside the pod");
        assertEquals(9400, run.getPorts().get(0).getContainerPort());
        assertEquals("metrics", run.getPorts().get(0).getName());
        Map<String, String> annotations = r.job().getSpec().getTemplate().getMetadata().getAnnotations();
        assertEquals("9400", annotations.get("prometheus.io/port"));
        Service service = service(r, "kb-kbench-run");
        assertEquals("None", service.getSpec().getClusterIP());
        assertEquals("metrics", service.getSpec().getPorts().get(0).getTargetPort().getStrVal());
        assertTrue(r.job().getSpec().getTemplate().getMetadata().getLabels().entrySet()
                .containsAll(service.getSpec().getSelector().entrySet()), "the Service selects the run's pod");

        Rendered none = render("run.metricsPort=null");
        assertFalse(none.run().getArgs().contains("--stats-port"));
        assertEquals(1, none.manifests().ofKind(Service.class).size(), "the workers' only");
        assertEquals(1, render("run.enabled=false").manifests().ofKind(Service.class).size(), "no run, no run Service");
    }

    private static Service service(Rendered r, String name) {
        return r.manifests().ofKind(Service.class).stream().filter(s -> s.getMetadata().getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no Service " + name));
    }

    @Test
    void workerPlacementAndSizeFollowTheValues() throws Exception {
        Rendered required = render("workers.antiAffinity=required", "workers.cpu=4", "workers.memory=6Gi", "workers.replicas=8");
        PodTemplateSpec pod = required.workers().getSpec().getTemplate();
        assertEquals("kubernetes.io/hostname", pod.getSpec().getAffinity().getPodAntiAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution().get(0).getTopologyKey());
        assertEquals(Map.of("cpu", new Quantity("4"), "memory", new Quantity("6Gi")),
                container(pod, "worker").getResources().getRequests());
        assertRequestsEqualLimits(pod);
        assertEquals("8", option(required.run().getArgs(), "--expect-workers"));

        assertNull(render("workers.antiAffinity=none").workers().getSpec().getTemplate().getSpec().getAffinity());

        Rendered workersOnly = render("run.enabled=false");
        assertTrue(workersOnly.manifests().ofKind(Job.class).isEmpty());
        assertTrue(workersOnly.manifests().ofKind(PersistentVolumeClaim.class).isEmpty());
        assertEquals(1, workersOnly.manifests().ofKind(StatefulSet.class).size());
    }

    @Test
    void aMisspeltValueFailsLintNamingIt() throws Exception {
        Helm.Result lint = Helm.lint(List.of("--set", "workers.replicaz=3"));
        assertEquals(1, lint.exitCode(), lint.all());
        assertTrue(lint.all().contains("workers: Additional property replicaz is not allowed"), lint.all());

        Helm.Result top = Helm.lint(List.of("--set", "imagee.tag=1"));
        assertTrue(top.all().contains("Additional property imagee is not allowed"), top.all());

        Helm.Result command = Helm.lint(List.of("--set", "run.command=walk"));
        assertEquals(1, command.exitCode());
        assertTrue(command.all().contains("run.command"), command.all());

        Helm.Result install = Helm.template(RELEASE, NAMESPACE, List.of("--set", "run.resuls.volume=pvc"));
        assertEquals(1, install.exitCode(), "helm template (and install) check the schema too");
        assertTrue(install.err().contains("run: Additional property resuls is not allowed"), install.err());
    }

    @Test
    void aJobWithNoWorkloadRefusesToRenderNamingTheValueToSet() throws Exception {
        Helm.Result none = Helm.template(RELEASE, NAMESPACE, List.of("--set", "run.workloads=null"));
        assertEquals(1, none.exitCode(), none.all());
        assertTrue(none.err().contains("run.workloads is empty: set run.workloads to the workload(s) to run (a name from run.files, "
                + "or a path in the image such as workloads/simple.yaml), or run.enabled=false for workers only"), none.err());

        Helm.Result sweep = Helm.template(RELEASE, NAMESPACE, List.of("--set", "run.command=sweep"));
        assertEquals(1, sweep.exitCode());
        assertTrue(sweep.err().contains("run.command is sweep but run.sweep is empty: set run.sweep"), sweep.err());

        Helm.Result two = Helm.template(RELEASE, NAMESPACE, List.of("--set", "run.command=find-max",
                "--set", "run.workloads={workloads/simple.yaml,workloads/cku-2.yaml}"));
        assertEquals(1, two.exitCode());
        assertTrue(two.err().contains("run.workloads has 2 workloads but find-max searches one: keep one"), two.err());

        Helm.Result noDrivers = Helm.template(RELEASE, NAMESPACE, List.of("--set", "run.drivers=null"));
        assertEquals(1, noDrivers.exitCode());
        assertTrue(noDrivers.err().contains("run.drivers is empty: set run.drivers"), noDrivers.err());
    }

    @Test
    void theStrictParserCatchesAnUnknownField() {
        AssertionError e = assertThrows(AssertionError.class, () -> Manifests.parse("""
                apiVersion: apps/v1
                kind: StatefulSet
                metadata: {name: w}
                spec:
                  serviceName: w
                  selector: {matchLabels: {a: b}}
                  template:
                    metadata: {labels: {a: b}}
                    spec:
                      containers:
                        - name: worker
                          image: kbench
                          resources: {requests: {cpu: "1"}, limitz: {cpu: "1"}}
                """));
        assertTrue(e.getMessage().contains("StatefulSet w.spec.template.spec.containers[0].resources: [limitz]"), e.getMessage());
        assertThrows(Exception.class, () -> Manifests.parse("apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec: {ports: 8080}\n"),
                "a wrong type fails too");
    }
}
