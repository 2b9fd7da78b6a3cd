/**
 * A remote worker agent seen as a {@link io.kbench.worker.Worker}: JSON over HTTP, the protocol's paths
 * and messages.
 */
package io.kbench.remote;
