/**
 * The result document of a run: {@link io.kbench.result.RunResult} and its JSON, with OMB's and the
 * Redpanda fork's field names, and where result files go.
 *
 * <p>Glossary: a <em>result</em> is one run's document; the report reads result files back
 * (io.kbench.report), the coordinator only produces them.
 */
package io.kbench.result;
