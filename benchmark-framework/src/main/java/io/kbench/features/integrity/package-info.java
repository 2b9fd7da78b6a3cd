/**
 * Integrity checks: every message carries its producer's id and a per-producer sequence number;
 * producers remember which sequences were acknowledged, consumers which they read, and the
 * coordinator compares them after the drain to count lost, duplicated and reordered messages.
 */
package io.kbench.features.integrity;
