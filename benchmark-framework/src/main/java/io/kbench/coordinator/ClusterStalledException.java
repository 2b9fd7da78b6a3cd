package io.kbench.coordinator;


import io.kbench.features.RunFailedException;
/** The cluster stopped answering: the run fails, and the diagnosis says cluster-bound. */
final class ClusterStalledException extends RunFailedException {

    private final String summary;

    /**
     * @param summary what stalled, in a few words with the figures
     * @param details the cluster, the last broker that answered, the client's errors
     */
    ClusterStalledException(String summary, String details) {
        super(summary + "; " + details);
        this.summary = summary;
    }

    String summary() {
        return summary;
    }
}
