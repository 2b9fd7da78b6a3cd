package io.kbench.containers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.kbench.deploy.helm.Helm;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Helm chart's run Job as {@code helm template} renders it: what its run container executes
 * (command, arguments, environment), the files of its ConfigMap and where the pod mounts them. A
 * coordinator container started from it runs exactly what the Job would run in Kubernetes.
 *
 * @param command the container's command (it replaces the image's entry point)
 * @param args the container's arguments
 * @param env the container's plain environment variables (none come from Secrets in these tests)
 * @param files the inline files of the run's ConfigMap, by name
 */
record ChartJob(List<String> command, List<String> args, Map<String, String> env, Map<String, String> files) {

    static final String RELEASE = "kb";
    static final String NAMESPACE = "bench";
    /** The workers' headless Service, as the chart names it for this release: the alias the worker containers get. */
    static final String WORKERS_SERVICE = RELEASE + "-kbench-worker." + NAMESPACE + ".svc.cluster.local";
    /** The pod's mounts, as the chart's helpers place them. */
    static final String TOKEN_FILE = "/etc/kbench/token/token";
    static final String FILES_DIR = "/etc/kbench/run";
    static final String RESULTS_DIR = "/results";

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /** {@code helm template} of the chart with these {@code --set}/{@code --set-file} arguments. */
    static ChartJob render(List<String> helmArgs) {
        Helm.Result r;
        try {
            r = Helm.template(RELEASE, NAMESPACE, helmArgs);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while rendering the chart");
        }
        if (r.exitCode() != 0) {
            throw new IllegalStateException("helm template failed: " + r.all());
        }
        JsonNode run = null;
        Map<String, String> files = new LinkedHashMap<>();
        try (MappingIterator<JsonNode> docs = YAML.readerFor(JsonNode.class).readValues(r.out())) {
            while (docs.hasNext()) {
                JsonNode doc = docs.next();
                if (doc == null || doc.isNull() || doc.isEmpty()) {
                    continue;
                }
                if ("Job".equals(doc.path("kind").asText())) {
                    for (JsonNode c : doc.path("spec").path("template").path("spec").path("containers")) {
                        if ("run".equals(c.path("name").asText())) {
                            run = c;
                        }
                    }
                } else if ("ConfigMap".equals(doc.path("kind").asText())) {
                    doc.path("data").fields().forEachRemaining(e -> files.put(e.getKey(), e.getValue().asText()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (run == null) {
            throw new IllegalStateException("the chart rendered no Job with a run container:\n" + r.out());
        }
        Map<String, String> env = new LinkedHashMap<>();
        for (JsonNode e : run.path("env")) {
            if (e.has("value")) {
                env.put(e.path("name").asText(), e.path("value").asText());
            }
        }
        return new ChartJob(strings(run.path("command")), strings(run.path("args")), env, files);
    }

    private static List<String> strings(JsonNode list) {
        List<String> out = new ArrayList<>();
        list.forEach(n -> out.add(n.asText()));
        return out;
    }
}
