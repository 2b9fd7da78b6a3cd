/**
 * Time: the injected clock (tests use {@link io.kbench.time.ManualClock}), the open-loop send
 * schedule, rate profiles, clock offsets between hosts, the timeline that runs planned actions
 * (faults, consumer events) at their offsets from the start of a measurement, and the poller that runs
 * a poll every interval on a thread of its own (the cluster's health, retention, the brokers, leases).
 */
package io.kbench.time;
