/**
 * The worker process: an HTTP server (Vert.x) around a local worker, with a lease, a bearer token
 * and metrics.
 */
package io.kbench.agent;
