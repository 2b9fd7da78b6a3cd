/**
 * Time: the injected clock (tests use {@link io.kbench.time.ManualClock}), the open-loop send
 * schedule, rate profiles, clock offsets between hosts, and the timeline that runs planned actions
 * (faults, consumer events) at their offsets from the start of a measurement.
 */
package io.kbench.time;
