package io.kbench.model;

import java.util.Optional;

/**
 * A result section that can keep a run that ran to its end from counting as completed (messages lost,
 * duplicated or reordered; a change to the cluster that could not be put back): the status rules read every section
 * that implements it.
 */
public interface StatusEvidence {

    /** Why the run is degraded, as the run's reason ("messages were lost (12 ...)"), or empty when this section finds nothing wrong. */
    Optional<String> degradedBecause();
}
