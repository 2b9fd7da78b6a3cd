/**
 * The in-memory reference driver: an {@link io.kbench.inmemory.InMemoryCluster} of topics and
 * partition logs in this JVM, reached by name, and the driver SPI on top of it. Read in this order:
 * {@link io.kbench.inmemory.InMemoryConfig} (the driver file's fields),
 * {@link io.kbench.inmemory.InMemoryDriver} (the SPI), then the producer, the consumer and the
 * consumer group; then share groups ({@link io.kbench.inmemory.ShareGroup}, the share consumer) and
 * what groups do with members that crash ({@link io.kbench.inmemory.Membership}).
 */
package io.kbench.inmemory;
