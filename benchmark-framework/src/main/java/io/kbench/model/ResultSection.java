package io.kbench.model;

/**
 * An optional part of a run's result, owned by the feature that produces it: a search's steps, a
 * backlog's catch-up, the CKU check, the faults, the integrity check, the clients' metrics. Each is
 * a record in its feature's package (or here), written and read by Jackson under one key of the
 * result; the result layer lists every section type once, with its key, and a run adds the
 * sections it has.
 */
public interface ResultSection {}
