/**
 * Time: the injected clock (tests use {@link io.kbench.time.ManualClock}), the open-loop send
 * schedule, rate profiles and clock offsets between hosts.
 */
package io.kbench.time;
