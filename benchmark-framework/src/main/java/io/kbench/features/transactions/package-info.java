/**
 * The transactions feature: recording the driver's transaction outcomes into a worker's stats.
 * The figures of a run's transactions are part of the model ({@link io.kbench.model.TransactionFigures}).
 */
package io.kbench.features.transactions;
