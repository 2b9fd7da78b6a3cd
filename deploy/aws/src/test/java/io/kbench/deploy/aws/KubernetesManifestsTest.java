package io.kbench.deploy.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** deploy/kubernetes has no build of its own: its manifests are checked here, as YAML and for what they promise. */
class KubernetesManifestsTest {

    static final Path DIR = Path.of("..", "kubernetes");
    static final String TOKEN_FILE = "/etc/kbench/token/token";

    static List<Map<String, Object>> documents(String file) throws IOException {
        List<Map<String, Object>> docs = new ArrayList<>();
        for (Object doc : new Yaml().loadAll(Files.readString(DIR.resolve(file), StandardCharsets.UTF_8))) {
            if (doc != null) {
                docs.add(map(doc));
            }
        }
        return docs;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) {
        assertTrue(o instanceof Map, () -> "not a mapping: " + o);
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object o) {
        assertTrue(o instanceof List, () -> "not a list: " + o);
        return (List<Object>) o;
    }

    static Object at(Map<String, Object> root, String... path) {
        Object node = root;
        for (String key : path) {
            node = map(node).get(key);
            assertNotNull(node, () -> "missing " + String.join(".", path));
        }
        return node;
    }

    static Map<String, Object> ofKind(String file, String kind) throws IOException {
        return documents(file).stream().filter(d -> kind.equals(d.get("kind"))).findFirst().orElseThrow();
    }

    @Test
    void everyManifestIsKubernetesYaml() throws IOException {
        List<Path> files;
        try (Stream<Path> all = Files.list(DIR)) {
            files = all.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertTrue(files.size() >= 4, files.toString());
        for (Path file : files) {
            List<Map<String, Object>> docs = documents(file.getFileName().toString());
            assertFalse(docs.isEmpty(), file.toString());
            for (Map<String, Object> doc : docs) {
                assertNotNull(doc.get("apiVersion"), file + ": apiVersion");
                assertNotNull(doc.get("kind"), file + ": kind");
                assertNotNull(at(doc, "metadata", "name"), file + ": metadata.name");
                if (!"Namespace".equals(doc.get("kind"))) {
                    assertEquals("kbench", at(doc, "metadata", "namespace"), file + ": namespace");
                }
            }
        }
    }

    @Test
    void workersAreAStatefulSetBehindAHeadlessService() throws IOException {
        Map<String, Object> service = ofKind("workers.yaml", "Service");
        Map<String, Object> set = ofKind("workers.yaml", "StatefulSet");
        assertEquals("None", at(service, "spec", "clusterIP"));
        assertEquals(at(service, "metadata", "name"), at(set, "spec", "serviceName"));
        assertEquals(at(service, "spec", "selector"), at(set, "spec", "selector", "matchLabels"));
        Map<String, Object> podLabels = map(at(set, "spec", "template", "metadata", "labels"));
        assertTrue(podLabels.entrySet().containsAll(map(at(set, "spec", "selector", "matchLabels")).entrySet()),
                "the selector matches the pods");
        assertEquals(List.of(8080, 8081), list(at(service, "spec", "ports")).stream().map(p -> map(p).get("port")).toList());
    }

    @Test
    void workerPodListensOn8080WithTheTokenFromTheSecretAndServesMetricsOn8081() throws IOException {
        Map<String, Object> pod = map(at(ofKind("workers.yaml", "StatefulSet"), "spec", "template"));
        Map<String, Object> container = map(list(at(pod, "spec", "containers")).get(0));
        String args = String.join(" ", list(container.get("args")).stream().map(String::valueOf).toList());
        assertTrue(args.contains("--bind 0.0.0.0 --port 8080 --stats-port 8081 --token-file " + TOKEN_FILE), args);
        assertEquals(List.of(8080, 8081), list(container.get("ports")).stream().map(p -> map(p).get("containerPort")).toList());

        Map<String, Object> mount = list(container.get("volumeMounts")).stream().map(KubernetesManifestsTest::map)
                .filter(m -> TOKEN_FILE.startsWith(m.get("mountPath") + "/")).findFirst().orElseThrow();
        Map<String, Object> volume = list(at(pod, "spec", "volumes")).stream().map(KubernetesManifestsTest::map)
                .filter(v -> v.get("name").equals(mount.get("name"))).findFirst().orElseThrow();
        assertEquals("kbench-worker-token", at(volume, "secret", "secretName"));
        assertEquals("kbench-worker-token", at(ofKind("secret.example.yaml", "Secret"), "metadata", "name"));

        Map<String, Object> annotations = map(at(pod, "metadata", "annotations"));
        assertEquals("true", annotations.get("prometheus.io/scrape"));
        assertEquals("8081", annotations.get("prometheus.io/port"));
        assertEquals("/metrics", annotations.get("prometheus.io/path"));

        assertNotNull(at(container, "resources", "requests", "cpu"));
        assertNotNull(at(container, "resources", "requests", "memory"));
        assertNotNull(at(container, "resources", "limits", "cpu"));
        assertNotNull(at(container, "resources", "limits", "memory"));
    }

    @Test
    void readinessIsAnAuthenticatedGetOfV1Info() throws IOException {
        Map<String, Object> pod = map(at(ofKind("workers.yaml", "StatefulSet"), "spec", "template"));
        Map<String, Object> container = map(list(at(pod, "spec", "containers")).get(0));
        String probe = String.join(" ", list(at(container, "readinessProbe", "exec", "command")).stream().map(String::valueOf).toList());
        assertTrue(probe.contains("http://127.0.0.1:8080/v1/info"), probe);
        assertTrue(probe.contains("-H \"Authorization: Bearer $(cat " + TOKEN_FILE + ")\""), probe);
        assertTrue(probe.contains("curl -fsS"), "fails on 401: " + probe);
    }

    @Test
    void theSecretTemplateHoldsNoToken() throws IOException {
        Map<String, Object> secret = ofKind("secret.example.yaml", "Secret");
        assertEquals("", at(secret, "stringData", "token"));
        assertFalse(secret.containsKey("data"));
        String text = Files.readString(DIR.resolve("secret.example.yaml"), StandardCharsets.UTF_8);
        assertTrue(text.contains("kubectl -n kbench create secret generic kbench-worker-token --from-literal=token="));
    }

    @Test
    void theCoordinatorGetsTheSameToken() throws IOException {
        Map<String, Object> pod = ofKind("coordinator.yaml", "Pod");
        Map<String, Object> container = map(list(at(pod, "spec", "containers")).get(0));
        Map<String, Object> env = map(list(container.get("env")).get(0));
        assertEquals("KBENCH_WORKER_TOKEN", env.get("name"));
        assertEquals(Map.of("name", "kbench-worker-token", "key", "token"), at(env, "valueFrom", "secretKeyRef"));
    }
}
