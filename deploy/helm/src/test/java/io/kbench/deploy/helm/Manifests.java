package io.kbench.deploy.helm;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.openshift.api.model.monitoring.v1.ServiceMonitor;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What {@code helm template} rendered, parsed into Kubernetes' own types (fabric8's model) and
 * checked strictly: a wrong type fails the parse, and a field the type does not know (fabric8 keeps
 * it in {@code additionalProperties}) fails too, with its path.
 */
public final class Manifests {

    /** The kinds the chart renders, with the API version each must have. */
    static final Map<String, Class<? extends HasMetadata>> KINDS = Map.of(
            "v1/Secret", Secret.class,
            "v1/Service", Service.class,
            "v1/ConfigMap", ConfigMap.class,
            "v1/PersistentVolumeClaim", PersistentVolumeClaim.class,
            "apps/v1/StatefulSet", StatefulSet.class,
            "batch/v1/Job", Job.class,
            "monitoring.coreos.com/v1/ServiceMonitor", ServiceMonitor.class);

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

    private final List<HasMetadata> objects;

    private Manifests(List<HasMetadata> objects) {
        this.objects = objects;
    }

    /** Parses every document of {@code yaml}; fails on an unknown kind, a wrong type or an unknown field. */
    public static Manifests parse(String yaml) throws IOException {
        List<HasMetadata> objects = new ArrayList<>();
        try (MappingIterator<JsonNode> docs = YAML.readerFor(JsonNode.class).readValues(yaml)) {
            while (docs.hasNext()) {
                JsonNode doc = docs.next();
                if (doc == null || doc.isNull() || doc.isEmpty()) {
                    continue;
                }
                String key = doc.path("apiVersion").asText() + "/" + doc.path("kind").asText();
                Class<? extends HasMetadata> type = KINDS.get(key);
                if (type == null) {
                    throw new AssertionError("the chart rendered a kind these tests do not know: " + key);
                }
                HasMetadata object = YAML.treeToValue(doc, type);
                List<String> unknown = new ArrayList<>();
                unknownFields(object, key + " " + object.getMetadata().getName(), unknown);
                if (!unknown.isEmpty()) {
                    throw new AssertionError("fields Kubernetes does not know: " + unknown);
                }
                objects.add(object);
            }
        }
        return new Manifests(objects);
    }

    public List<HasMetadata> all() {
        return objects;
    }

    public <T extends HasMetadata> List<T> ofKind(Class<T> type) {
        return objects.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** The one object of this kind; fails when there is none or several. */
    public <T extends HasMetadata> T one(Class<T> type) {
        List<T> found = ofKind(type);
        if (found.size() != 1) {
            throw new AssertionError("expected one " + type.getSimpleName() + ", got " + found.size());
        }
        return found.get(0);
    }

    /** Walks a fabric8 object through its getters, collecting every non-empty {@code additionalProperties}. */
    static void unknownFields(Object value, String path, List<String> found) {
        if (value == null) {
            return;
        }
        if (value instanceof Map<?, ?> map) {
            map.forEach((k, v) -> unknownFields(v, path + "." + k, found));
            return;
        }
        if (value instanceof Collection<?> list) {
            int i = 0;
            for (Object item : list) {
                unknownFields(item, path + "[" + i++ + "]", found);
            }
            return;
        }
        if (!value.getClass().getName().startsWith("io.fabric8.")) {
            return;
        }
        for (Method m : value.getClass().getMethods()) {
            if (m.getParameterCount() != 0 || Modifier.isStatic(m.getModifiers()) || !m.getName().startsWith("get")
                    || m.getDeclaringClass() == Object.class) {
                continue;
            }
            Object got;
            try {
                got = m.invoke(value);
            } catch (ReflectiveOperationException e) {
                continue;
            }
            if (m.getName().equals("getAdditionalProperties")) {
                if (got instanceof Map<?, ?> extra && !extra.isEmpty()) {
                    found.add(path + ": " + extra.keySet());
                }
            } else if (got instanceof Map || got instanceof Collection || (got != null && got.getClass().getName().startsWith("io.fabric8."))) {
                String field = Character.toLowerCase(m.getName().charAt(3)) + m.getName().substring(4);
                unknownFields(got, path + "." + field, found);
            }
        }
    }
}
