package io.kbench.features.sharegroup;

import io.kbench.features.Feature;
import io.kbench.features.Gauge;
import io.kbench.features.RunFindings;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.features.WorkerPart;
import io.kbench.features.WorkerSetupView;
import io.kbench.model.ResultSection;
import io.kbench.features.ReportParts;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.features.SummaryLines;
import io.kbench.page.Fmt;
import io.kbench.page.TableSpec;
import io.kbench.stats.LatencySummary;
import java.util.List;
import java.util.Optional;

/** Share groups (queues, KIP-932): members that share records, acknowledgements, redeliveries and lock expiries. */
public final class ShareGroupsFeature implements Feature {

    @Override
    public String name() {
        return "sharegroup";
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(SectionType.of("shareGroups", ShareGroups.class));
    }

    @Override
    public Optional<WorkerPart> onWorker(WorkerSetupView run) {
        return Optional.of(new SharesOnWorker(run));
    }

    @Override
    public Class<?> findingsType() {
        return ShareFindings.class;
    }

    @Override
    public List<Gauge> gauges() {
        return SharesOnWorker.GAUGES.keySet().stream().map(name -> new Gauge("share", name)).toList();
    }

    @Override
    public Optional<RunPart> coordinate(RunSetup run) {
        if (run.spec().topology().subscriptionsPerTopic() == 0 || !run.spec().subscriptions().kind().share()) {
            return Optional.empty();
        }
        return Optional.of(new RunPart() {
            @Override
            public Optional<ResultSection> section(RunFindings findings) {
                return Optional.ofNullable(ShareGroups.of(findings.fromWorkers(ShareFindings.class).stream()
                        .flatMap(f -> f.groups().stream()).toList()));
            }
        });
    }

    @Override
    public void summary(RunView run, SummaryLines lines) {
        ShareGroups shares = run.section(ShareGroups.class);
        if (shares != null) {
            shares.lines().forEach(l -> lines.line(SummaryLines.Slot.CONSUMERS, l));
        }
    }

    /** One row per share group, and per worker when there are several. */
    @Override
    public void report(RunView run, ReportParts parts) {
        ShareGroups shares = run.section(ShareGroups.class);
        if (shares == null) {
            return;
        }
        TableSpec t = new TableSpec("Share groups", List.of("group / worker", "consumers (receiving)", "delivered", "accepted",
                "released", "rejected", "redeliveries", "archived", "lock expiries", "accepted (msg/s)", "ack commit p50 / p99 (ms)",
                "e2e p99 first delivery / accepted (ms)"));
        for (ShareGroups.Group g : shares.groups()) {
            t.row(List.of(g.group(), g.consumers() + " (" + g.consumersReceiving() + ")", Fmt.grouped(g.delivered(), 0),
                    Fmt.grouped(g.accepted(), 0), Fmt.grouped(g.released(), 0), Fmt.grouped(g.rejected(), 0),
                    Fmt.grouped(g.redeliveries(), 0), Fmt.grouped(g.archived(), 0), Fmt.grouped(g.lockExpiries(), 0),
                    Fmt.grouped(g.consumedMessagesPerSecond(), 1), pair(g.acknowledgementCommitLatency()),
                    Fmt.ms(g.endToEndLatencyFirstDelivery().p99Micros() / 1e3) + " / " + Fmt.ms(g.endToEndLatencyAccepted().p99Micros() / 1e3)));
            if (g.workers().size() > 1) {
                for (ShareGroups.WorkerShare w : g.workers()) {
                    t.row(List.of("  " + w.workerId(), w.consumers() + " (" + w.consumersReceiving() + ")", Fmt.grouped(w.delivered(), 0),
                            Fmt.grouped(w.accepted(), 0), Fmt.grouped(w.released(), 0), Fmt.grouped(w.rejected(), 0),
                            Fmt.grouped(w.redeliveries(), 0), Fmt.grouped(w.archived(), 0), Fmt.grouped(w.lockExpiries(), 0),
                            Fmt.grouped(w.consumedMessagesPerSecond(), 1), "—", "— / " + Fmt.ms(w.endToEndLatencyAccepted().p99Micros() / 1e3)));
                }
            }
        }
        parts.table(t.note("delivered = accepted + released + rejected; a redelivery is a delivery with a delivery count above 1; "
                + "archived: released on the last delivery the limit allows"));
    }

    private static String pair(LatencySummary s) {
        return Fmt.ms(s.p50Micros() / 1e3) + " / " + Fmt.ms(s.p99Micros() / 1e3);
    }
}
