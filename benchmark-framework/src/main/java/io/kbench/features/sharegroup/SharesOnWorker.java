package io.kbench.features.sharegroup;

import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.ConsumerRequest;
import io.kbench.features.ConsumerListener;
import io.kbench.features.ConsumerMaker;
import io.kbench.features.WorkerPart;
import io.kbench.features.WorkerSetupView;
import io.kbench.plan.ConsumerPlan;
import io.kbench.plan.ConsumerSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/** Share groups on one worker: makes their members, and tallies each group's deliveries and acknowledgements. */
final class SharesOnWorker implements WorkerPart {

    private final WorkerSetupView run;
    private final Set<String> preparedGroups = new HashSet<>();
    /** Read by the agent's metrics without the run's lock: guarded by itself. */
    private final Map<String, ShareTally> tallies = new LinkedHashMap<>();
    private int members;

    SharesOnWorker(WorkerSetupView run) {
        this.run = run;
    }

    @Override
    public Optional<ConsumerMaker> maker(ConsumerSpec spec) {
        if (!spec.plan().share()) {
            return Optional.empty();
        }
        return Optional.of((sink, listener) -> make(spec, sink, listener));
    }

    private synchronized CompletableFuture<BenchmarkConsumer> make(ConsumerSpec spec, ConsumerMaker.RecordSink sink,
                                                                 ConsumerListener listener) {
        ConsumerPlan plan = spec.plan();
        CompletableFuture<Void> prepared = preparedGroups.add(spec.subscription())
                ? run.driver().prepareShareGroup(spec.subscription(), plan.shareSettings()) : CompletableFuture.completedFuture(null);
        ShareTally tally;
        synchronized (tallies) {
            tally = tallies.computeIfAbsent(spec.subscription(),
                    g -> new ShareTally(g, spec.topic(), plan.deliveryCountLimit(), run.clock().epochMicros()));
        }
        // A seed per member, so that each decides its acknowledgements and processing times on its own.
        long seed = ((long) run.runTag() << 20) ^ (members++ * 0x9E3779B97F4A7C15L);
        ShareMember member = new ShareMember(tally, run.clock(), plan.acknowledgement(),
                new AcknowledgementPolicy(plan.releasePercent(), plan.rejectPercent()), plan.processing(), seed,
                (size, partition, stamp, deliveryCount, receivedNanos) -> {
                    sink.received(size, stamp, receivedNanos);
                    if (listener != null) {
                        listener.onSettled(partition, stamp, deliveryCount, receivedNanos);
                    }
                });
        return prepared.thenCompose(v -> run.driver().createConsumer(ConsumerRequest.shareMember(spec.topic(), spec.subscription(),
                member.mode(), member)));
    }

    @Override
    public void measurementStarts(long epochMicros) {
        synchronized (tallies) {
            tallies.values().forEach(t -> t.reset(epochMicros));
        }
    }

    /** The share groups' figures so far, without the run's lock (the tallies have their own). */
    List<ShareFigures> figures(ToIntFunction<String> liveMembers) {
        List<ShareTally> now;
        synchronized (tallies) {
            now = List.copyOf(tallies.values());
        }
        List<ShareFigures> out = new ArrayList<>();
        for (ShareTally t : now) {
            out.add(t.figures(run.workerId(), liveMembers.applyAsInt(t.group())));
        }
        return out;
    }

    /** The gauges the agent exports (kbench_share_NAME), each summed over the worker's share groups. */
    static final Map<String, ToLongFunction<ShareFigures>> GAUGES = gauges();

    private static Map<String, ToLongFunction<ShareFigures>> gauges() {
        Map<String, ToLongFunction<ShareFigures>> counts = new LinkedHashMap<>();
        counts.put("delivered", ShareFigures::delivered);
        counts.put("accepted", ShareFigures::accepted);
        counts.put("released", ShareFigures::released);
        counts.put("rejected", ShareFigures::rejected);
        counts.put("redeliveries", ShareFigures::redeliveries);
        counts.put("archived", ShareFigures::archived);
        counts.put("lock_expiries", ShareFigures::lockExpiries);
        return Map.copyOf(counts);
    }

    @Override
    public long gauge(String name) {
        ToLongFunction<ShareFigures> count = GAUGES.get(name);
        return count == null ? 0 : figures(group -> 0).stream().mapToLong(count).sum();
    }

    @Override
    public ShareFindings findings(ToIntFunction<String> liveMembers) {
        return new ShareFindings(figures(liveMembers));
    }
}
