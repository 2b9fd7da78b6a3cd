/**
 * Small helpers with no home of their own: error messages for users ({@link io.kbench.util.Errors}), copies of
 * records with a few components changed ({@link io.kbench.util.Records}).
 */
package io.kbench.util;
