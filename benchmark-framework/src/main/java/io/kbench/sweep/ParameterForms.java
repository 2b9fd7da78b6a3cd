package io.kbench.sweep;

import io.kbench.driver.BenchmarkDriver;
import io.kbench.driver.NearestName;
import io.kbench.driver.SweepTarget;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The parameter forms a sweep may use on one driver: workload fields, {@code driver.<field>}, and
 * {@code <prefix>.<key>} for each group of settings the driver declares
 * ({@link BenchmarkDriver#sweepTargets()}). The framework knows no driver's fields, so a sweep's
 * parameters are checked here, once the drivers are known and before anything runs.
 *
 * @param driverFile the driver file as the user names it, for messages
 * @param targets what its driver declares, in the driver's order
 */
public record ParameterForms(String driverFile, List<SweepTarget> targets) {

    public ParameterForms {
        targets = List.copyOf(targets);
        Set<String> prefixes = new HashSet<>();
        for (SweepTarget t : targets) {
            if (!prefixes.add(t.prefix())) {
                throw new IllegalArgumentException("the driver of " + driverFile + " declares the sweep prefix '" + t.prefix()
                        + "' twice: its sweepTargets() must name each prefix once");
            }
        }
    }

    /** The target the driver declares for a prefix. */
    public Optional<SweepTarget> target(String prefix) {
        return targets.stream().filter(t -> t.prefix().equals(prefix)).findFirst();
    }

    /** Why the driver cannot take this parameter, phrased for the user (without file and line); null when it can. */
    public String problem(Parameter p) {
        return switch (p.kind()) {
            case WORKLOAD -> Parameter.isWorkloadField(p.key()) ? null : unknown(p);
            case DRIVER_SETTING -> target(p.prefix()).isPresent() ? null : unknown(p);
            case DRIVER_FIELD -> driverFieldProblem(p);
        };
    }

    private String driverFieldProblem(Parameter p) {
        if (p.key().contains(".")) {
            return "parameter '" + p.name() + "': driver.<field> sets a top-level field of the driver file, so the field has no dot. "
                    + describe();
        }
        // A field holding a declared group would be replaced whole, dropping the file's other settings in it.
        List<String> instead = targets.stream().filter(t -> t.path().get(0).equals(p.key()))
                .map(t -> t.prefix() + ".<key>" + (t.path().size() == 1 ? "" : " (for " + t.field() + ")")).toList();
        if (!instead.isEmpty()) {
            return p.name() + " would replace the whole " + p.key() + ": set one setting with " + String.join(" or ", instead);
        }
        return null;
    }

    private String unknown(Parameter p) {
        String name = p.name();
        String key = p.kind() == Parameter.Kind.WORKLOAD ? "" : p.key();
        List<String> candidates = new ArrayList<>(Parameter.WORKLOAD_FIELDS);
        if (!key.isEmpty()) {
            targets.forEach(t -> candidates.add(t.prefix() + "." + key));
            if (!key.contains(".")) {
                candidates.add(Parameter.DRIVER_PREFIX + "." + key);
            }
        }
        Optional<String> nearest = NearestName.find(name, candidates);
        StringBuilder b = new StringBuilder("unknown parameter '").append(name).append("'");
        nearest.ifPresent(n -> b.append("; did you mean '").append(n).append("'?"));
        // A driver's setting written without its prefix (acks, linger.ms): show it with one.
        boolean prefixHint = !targets.isEmpty()
                && (nearest.isEmpty() || (key.isEmpty() && name.equals(name.toLowerCase(Locale.ROOT))));
        if (prefixHint) {
            b.append(nearest.isPresent() ? " (" : "; ").append("this driver's settings take a prefix, e.g. ")
                    .append(targets.get(0).prefix()).append('.').append(name).append(nearest.isPresent() ? ")" : "");
        }
        if (nearest.isEmpty() || prefixHint) {
            b.append('.');
        }
        return b.append(' ').append(describe()).toString();
    }

    /** Every form, e.g. "Parameters for kafka.yaml are a workload field (...), producer.&lt;key&gt; (...) or driver.&lt;field&gt; (...)". */
    public String describe() {
        List<String> forms = new ArrayList<>();
        forms.add("a workload field (messageSize, partitionsPerTopic, producerRate, ...)");
        for (SweepTarget t : targets) {
            forms.add(t.prefix() + ".<key> (" + t.description() + ", e.g. " + t.prefix() + "." + t.exampleKey() + ")");
        }
        forms.add("driver.<field> (a top-level field of the driver file)");
        String last = forms.remove(forms.size() - 1);
        return "Parameters for " + driverFile + " are " + String.join(", ", forms) + " or " + last;
    }
}
