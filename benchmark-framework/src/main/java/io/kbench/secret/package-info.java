/**
 * Secrets, in one place: reading them from files or environment variables ({@link io.kbench.secret.Secrets}),
 * and masking them wherever they could be printed or stored ({@link io.kbench.secret.Redactor}). Classes
 * are given a redactor; only the guards of what is process-wide anyway (System.out and System.err,
 * the logging backend) use {@link io.kbench.secret.Redactor#process()}. Which configuration keys are
 * secret is the driver SPI's word ({@link io.kbench.driver.SecretNames}).
 */
package io.kbench.secret;
