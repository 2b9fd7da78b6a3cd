/**
 * The conformance suite every driver extends in its tests, one test per promise of driver-api, and
 * the driver boundary check ({@link io.kbench.testkit.DriverBoundary}).
 */
package io.kbench.testkit;
