/**
 * The result of a run: {@link io.kbench.result.RunResult}, the one document its file holds, written and
 * read by the same records through Jackson ({@link io.kbench.result.ResultJson}), and where result files go.
 * docs/result-schema.md describes every field; a test checks it against these classes.
 *
 * <p>Glossary: the <em>core</em> is what every run has: {@link io.kbench.result.RunIdentity} (what ran,
 * where), {@link io.kbench.result.RunOutcome} (how it ended and why), {@link io.kbench.result.RunTimeline}
 * (when, and its periods), the measurement and the consumers' figures. A <em>section</em> is what a feature
 * adds ({@link io.kbench.model.ResultSection}): its record lives in the feature's package, or in the model.
 * {@link io.kbench.result.OmbResult} is OpenMessaging Benchmark's format: derived from the core when written,
 * read from OMB's own files. The journal of the coordinator gathers the parts; the report reads them back.
 *
 * <p>Adding a section (say, share groups): a record in the feature's package that implements
 * {@code ResultSection}, one line in {@link io.kbench.result.ResultSections#TYPES} naming its JSON key,
 * the phase that produces it calls the journal's {@code section(...)}, and its fields go in
 * docs/result-schema.md (the schema test names any that are missing). Readers get it with
 * {@code result.section(ShareGroups.class)}; older results simply lack it. A new section does not
 * change {@link io.kbench.result.RunResult#SCHEMA_VERSION}.
 */
package io.kbench.result;
