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
    private final boolean search;

    public WorkloadLoader(PlaceholderResolver resolver) {
        this(resolver, false);
    }

    private WorkloadLoader(PlaceholderResolver resolver, boolean search) {
        this.resolver = resolver;
        this.search = search;
    }

    /** A loader for bin/benchmark find-max: the workload must suit a max-rate search. */
    public WorkloadLoader forSearch() {
        return new WorkloadLoader(resolver, true);
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
            workload = workload.withName(ConfigSource.baseName(Path.of(source.name())));
        }
        workload = overrides.applyTo(workload);

        byte[] content = null;
        List<Problem> problems = new ArrayList<>();
        List<String> notes = new ArrayList<>(WorkloadCompatibility.notes(tree));
        if (workload.payloadFile() != null) {
            Integer ombSize = OmbPayloadName.sizeOf(workload.payloadFile());
            content = readPayload(source, workload.payloadFile(), ombSize == null ? problems : new ArrayList<>());
            if (content == null && ombSize != null && (workload.messageSize() == null || workload.messageSize().equals(ombSize))) {
                // OMB's files name payloads of its own repository: run them unchanged with a payload of that size.
                String missing = workload.payloadFile();
                workload = workload.withMessageSize(ombSize).withPayloadFile(null);
                notes.add("payloadFile " + missing + " not found next to the workload or here: sending "
                        + ombSize + "-byte payloads of random letters instead, the size OpenMessaging Benchmark's file of "
                        + "that name has (put the file next to the workload to send its bytes)");
            } else if (content == null && ombSize != null) {
                readPayload(source, workload.payloadFile(), problems); // the sizes disagree: report the missing file
            }
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
        problems.addAll(WorkloadValidator.validate(workload, search));
        TrafficPayloads.Made traffic = TrafficPayloads.make(workload, source, problems.isEmpty(), notes, problems);
        workload = traffic.workload();
        if (!problems.isEmpty()) {
            throw toException(source, tree, problems);
        }
        return new LoadedWorkload(source.name(), workload, PayloadSpec.of(workload, content, traffic.sizes(), traffic.corpus()),
                workload.faults().isEmpty() ? null : YamlBinder.lineOf(tree, "faults"), notes,
                workload.headers() == null ? null : YamlBinder.lineOf(tree, "headers"));
    }

    private static byte[] readPayload(ConfigSource source, String payloadFile, List<Problem> problems) {
        Path given = Path.of(payloadFile);
        List<Path> candidates = new ArrayList<>();
        if (given.isAbsolute()) {
            candidates.add(given);
        } else {
            if (source.baseDir() != null) {
                candidates.add(source.baseDir().resolve(given));
                if (source.baseDir().getParent() != null) {
                    candidates.add(source.baseDir().getParent().resolve(given)); // OMB's layout: workloads/ next to payload/
                }
            }
            candidates.add(given.toAbsolutePath());
        }
        for (Path candidate : candidates) {
            if (Files.isRegularFile(candidate)) {
                try {
                    long size = Files.size(candidate);
                    if (size > PayloadSpec.MAX_BYTES) {
                        problems.add(new Problem("payloadFile", "payloadFile " + candidate + " has " + size + " bytes; at most "
                                + PayloadSpec.MAX_BYTES + " (64 MiB) can be sent to the workers: use a smaller file"));
                        return null;
                    }
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
}
