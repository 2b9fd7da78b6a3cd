/**
 * The driver SPI: what a messaging system must provide to be benchmarked. A driver is a module
 * that depends on this package only. Stamps are in microseconds since the Unix epoch where they
 * cross this boundary, record timestamps and server contacts in milliseconds since it; sizes in
 * bytes. A hook whose answer may be "none" returns an {@link java.util.Optional}, empty by default.
 *
 * <p>Besides the SPI, two small rules the framework and drivers must apply alike: {@link
 * SecretNames} (which names hold secrets, how they are masked) and {@link NearestName} ("did you
 * mean ...?").
 */
package io.kbench.driver;
