package io.kbench.features.consumergroups;

import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.GroupMembership;
import io.kbench.features.Feature;
import io.kbench.features.RunFindings;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.WorkerPart;
import io.kbench.features.WorkerSetupView;
import io.kbench.model.ResultSection;
import io.kbench.plan.ConsumerSpec;
import io.kbench.features.ReportParts;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.features.SummaryLines;
import io.kbench.page.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToIntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Each consumer group's protocol and static membership, as the driver resolved them. */
public final class ConsumerGroupsFeature implements Feature {

    private static final Logger log = LoggerFactory.getLogger(ConsumerGroupsFeature.class);

    @Override
    public String name() {
        return "consumergroups";
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(SectionType.of("consumerGroups", ConsumerGroups.class));
    }

    @Override
    public Optional<WorkerPart> onWorker(WorkerSetupView run) {
        return Optional.of(new WorkerPart() {
            private final Map<String, GroupTally> tallies = new LinkedHashMap<>();

            @Override
            public synchronized void consumerCreated(ConsumerSpec spec, BenchmarkConsumer consumer) {
                if (!spec.plan().share()) {
                    tallies.computeIfAbsent(spec.subscription(), g -> new GroupTally(g, spec.topic())).add(membershipOf(consumer));
                }
            }

            @Override
            public synchronized GroupFindings findings(ToIntFunction<String> liveMembers) {
                List<GroupFigures> groups = new ArrayList<>();
                tallies.forEach((group, tally) -> {
                    if (tally.known()) {
                        groups.add(tally.figures(run.workerId(), liveMembers.applyAsInt(group)));
                    }
                });
                return new GroupFindings(groups);
            }
        });
    }

    /** What the driver says of how the member was made, or null; a driver that fails to say does not fail the run. */
    private static GroupMembership membershipOf(BenchmarkConsumer consumer) {
        try {
            return consumer.groupMembership().orElse(null);
        } catch (RuntimeException e) {
            log.warn("The driver could not say how a consumer group member was made: {}", e.toString());
            return null;
        }
    }

    @Override
    public Class<?> findingsType() {
        return GroupFindings.class;
    }

    @Override
    public Optional<RunPart> coordinate(RunSetup run) {
        if (run.spec().topology().subscriptionsPerTopic() == 0) {
            return Optional.empty();
        }
        return Optional.of(new RunPart() {
            @Override
            public Optional<ResultSection> section(RunFindings findings) {
                return Optional.ofNullable(ConsumerGroups.of(findings.fromWorkers(GroupFindings.class).stream()
                        .flatMap(f -> f.groups().stream()).toList()));
            }
        });
    }

    @Override
    public void summary(RunView run, SummaryLines lines) {
        ConsumerGroups groups = run.section(ConsumerGroups.class);
        if (groups != null) {
            groups.lines().forEach(l -> lines.line(SummaryLines.Slot.CONSUMERS, l));
        }
    }

    @Override
    public void report(RunView run, ReportParts parts) {
        ConsumerGroups groups = run.section(ConsumerGroups.class);
        if (groups == null) {
            return;
        }
        TableSpec t = new TableSpec("Consumer groups", List.of("group", "topic", "protocol", "protocol from", "membership",
                "members at the end"));
        for (ConsumerGroups.Group g : groups.groups()) {
            t.row(List.of(g.group(), g.topic(), g.protocol(), g.protocolSource(), g.staticMembership() ? "static" : "dynamic",
                    Integer.toString(g.members())));
        }
        parts.table(t.note("as the driver resolved it: the workload's subscription.groupProtocol, else the driver file's, else the "
                + "default; static: every member had a group instance id from the workload or the driver file"));
    }
}
