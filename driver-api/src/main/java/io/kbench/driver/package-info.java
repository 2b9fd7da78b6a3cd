/**
 * The driver SPI: what a messaging system must provide to be benchmarked. A driver is a module
 * that depends on this package only. Times are in microseconds since the Unix epoch where they
 * cross this boundary; sizes in bytes.
 */
package io.kbench.driver;
