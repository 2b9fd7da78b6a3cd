package io.kbench.model;

/**
 * A result section that checks the run against a promise (the CKU check): a failed check gives the
 * command its own exit code, so scripts that validate a cluster see the verdict.
 */
public interface CheckVerdict {

    boolean passed();
}
