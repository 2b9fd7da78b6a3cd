/**
 * The CKU check for Confluent Cloud Dedicated: what N CKUs sustain and allow (before a run) and
 * the PASS or FAIL of the measured bandwidth (after it).
 */
package io.kbench.features.cku;
