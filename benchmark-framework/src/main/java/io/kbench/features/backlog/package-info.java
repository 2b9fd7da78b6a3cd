/**
 * The backlog feature (OMB's consumerBacklogSizeGB): how big a backlog to build, its progress and
 * ETA on the progress lines, and the catch-up figures of its drain. The coordinator runs the phases.
 */
package io.kbench.features.backlog;
