package io.kbench.model;

import java.util.Optional;

/**
 * A result section that can keep a run that ran to its end from counting as completed (messages lost,
 * duplicated or reordered): the status rules read every section that implements it.
 */
public interface StatusEvidence {

    /** Why the run is degraded, completing "messages were ...", or empty when this section finds nothing wrong. */
    Optional<String> degradedBecause();
}
