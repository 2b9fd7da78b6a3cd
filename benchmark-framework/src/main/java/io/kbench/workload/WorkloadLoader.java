package io.kbench.workload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.config.ConfigException;
import io.kbench.config.ConfigSource;
import io.kbench.config.PlaceholderResolver;
import io.kbench.config.YamlBinder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a workload file strictly: unknown fields, wrong types and impossible values are errors
 * naming the file and line, reported all at once, before anything touches a cluster.
 */
public final class WorkloadLoader {

    private final PlaceholderResolver resolver;

    public WorkloadLoader(PlaceholderResolver resolver) {
        this.resolver = resolver;
    }

    public LoadedWorkload load(Path file, WorkloadOverrides overrides) {
        return load(ConfigSource.read(file), overrides);
    }

    /**
     * Reads a workload from text, e.g. a file edited by a sweep. The source's name stands for the file
     * (in messages, the default workload name and the result); its base directory resolves payload files.
     */
    public LoadedWorkload load(ConfigSource source, WorkloadOverrides overrides) {
        YamlBinder binder = new YamlBinder(resolver);
        ObjectNode tree = binder.readTree(source);
        Workload workload = binder.bind(source, tree, Workload.class);
        if (workload.name() == null) {
            workload = workload.withName(baseName(Path.of(source.name())));
        }
        workload = overrides.applyTo(workload);

        byte[] content = null;
        List<Problem> problems = new ArrayList<>();
        if (workload.payloadFile() != null) {
            content = readPayload(source, workload.payloadFile(), problems);
            if (content != null) {
                if (workload.messageSize() == null) {
                    workload = workload.withMessageSize(content.length);
                } else if (workload.messageSize() != content.length) {
                    problems.add(new Problem("payloadFile", "payloadFile " + workload.payloadFile() + " is "
                            + content.length + " bytes but messageSize is " + workload.messageSize()
                            + ": make them equal (or drop messageSize to use the file's size)"));
                }
            }
        }
        problems.addAll(WorkloadValidator.validate(workload));
        if (!problems.isEmpty()) {
            throw toException(source, tree, problems);
        }
        return new LoadedWorkload(source.name(), workload, PayloadSpec.of(workload, content),
                workload.faults().isEmpty() ? null : YamlBinder.lineOf(tree, "faults"));
    }

    private static byte[] readPayload(ConfigSource source, String payloadFile, List<Problem> problems) {
        Path given = Path.of(payloadFile);
        List<Path> candidates = new ArrayList<>();
        if (given.isAbsolute()) {
            candidates.add(given);
        } else {
            if (source.baseDir() != null) {
                candidates.add(source.baseDir().resolve(given));
            }
            candidates.add(given.toAbsolutePath());
        }
        for (Path candidate : candidates) {
            if (Files.isRegularFile(candidate)) {
                try {
                    return Files.readAllBytes(candidate);
                } catch (IOException e) {
                    problems.add(new Problem("payloadFile", "cannot read payloadFile " + candidate + ": " + e.getMessage()));
                    return null;
                }
            }
        }
        problems.add(new Problem("payloadFile", "payloadFile " + payloadFile + " not found (looked at "
                + String.join(" and ", candidates.stream().map(Path::toString).toList()) + ")"));
        return null;
    }

    private static ConfigException toException(ConfigSource source, ObjectNode tree, List<Problem> problems) {
        if (problems.size() == 1) {
            Problem p = problems.get(0);
            return ConfigException.at(source, YamlBinder.lineOf(tree, p.path()), p.field(), p.message());
        }
        StringBuilder b = new StringBuilder(problems.size() + " problems:");
        for (Problem p : problems) {
            Integer line = YamlBinder.lineOf(tree, p.path());
            b.append("\n  ").append(line == null ? "" : "line " + line + ": ").append(p.message());
        }
        return ConfigException.of(source, b.toString());
    }

    static String baseName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
