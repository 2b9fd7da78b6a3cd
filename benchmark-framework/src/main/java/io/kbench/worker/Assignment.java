package io.kbench.worker;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import io.kbench.plan.ProducerSpec;
import io.kbench.plan.ConsumerSpec;
/**
 * Spreads producers and consumers over workers: each goes to the eligible worker holding the
 * fewest of its kind, then the fewest in all, so that a produce-only workload still uses every
 * worker and a 1-producer/1-consumer workload on 2 workers puts them on different machines.
 */
final class Assignment {

    private final List<WorkerRole> roles;
    private final List<List<ProducerSpec>> producers = new ArrayList<>();
    private final List<List<ConsumerSpec>> consumers = new ArrayList<>();

    Assignment(List<WorkerRole> roles) {
        this.roles = roles;
        for (int i = 0; i < roles.size(); i++) {
            producers.add(new ArrayList<>());
            consumers.add(new ArrayList<>());
        }
    }

    List<List<ProducerSpec>> assignProducers(List<ProducerSpec> specs) {
        List<List<ProducerSpec>> batch = emptyLists();
        for (ProducerSpec spec : specs) {
            int w = pick(WorkerRole::mayProduce, true, "producers");
            producers.get(w).add(spec);
            batch.get(w).add(spec);
        }
        return batch;
    }

    List<List<ConsumerSpec>> assignConsumers(List<ConsumerSpec> specs) {
        List<List<ConsumerSpec>> batch = emptyLists();
        for (ConsumerSpec spec : specs) {
            int w = pick(WorkerRole::mayConsume, false, "consumers");
            consumers.get(w).add(spec);
            batch.get(w).add(spec);
        }
        return batch;
    }

    /**
     * Takes {@code count} consumers of {@code subscription} off the workers, one at a time from the worker holding the
     * most of them (the last such worker on a tie, as the newest consumers went there), newest first.
     *
     * @return how many were taken from each worker
     */
    int[] takeConsumers(String subscription, int count) {
        int[] taken = new int[roles.size()];
        for (int n = 0; n < count; n++) {
            int best = -1;
            int bestHeld = 0;
            for (int i = 0; i < roles.size(); i++) {
                int held = (int) consumers.get(i).stream().filter(c -> c.subscription().equals(subscription)).count();
                if (held > 0 && held >= bestHeld) {
                    best = i;
                    bestHeld = held;
                }
            }
            if (best < 0) {
                break;
            }
            List<ConsumerSpec> of = consumers.get(best);
            for (int j = of.size() - 1; j >= 0; j--) {
                if (of.get(j).subscription().equals(subscription)) {
                    of.remove(j);
                    break;
                }
            }
            taken[best]++;
        }
        return taken;
    }

    List<ProducerSpec> producersOf(int worker) {
        return List.copyOf(producers.get(worker));
    }

    List<ConsumerSpec> consumersOf(int worker) {
        return List.copyOf(consumers.get(worker));
    }

    private int pick(Predicate<WorkerRole> eligible, boolean forProducer, String kind) {
        int best = -1;
        for (int i = 0; i < roles.size(); i++) {
            if (!eligible.test(roles.get(i))) {
                continue;
            }
            if (best < 0 || lessLoaded(i, best, forProducer)) {
                best = i;
            }
        }
        if (best < 0) {
            throw new WorkerException("no worker may run " + kind + ": every worker is dedicated to the other role");
        }
        return best;
    }

    private boolean lessLoaded(int a, int b, boolean forProducer) {
        int kindA = forProducer ? producers.get(a).size() : consumers.get(a).size();
        int kindB = forProducer ? producers.get(b).size() : consumers.get(b).size();
        if (kindA != kindB) {
            return kindA < kindB;
        }
        return total(a) < total(b);
    }

    private int total(int w) {
        return producers.get(w).size() + consumers.get(w).size();
    }

    private <T> List<List<T>> emptyLists() {
        List<List<T>> lists = new ArrayList<>();
        for (int i = 0; i < roles.size(); i++) {
            lists.add(new ArrayList<>());
        }
        return lists;
    }
}
