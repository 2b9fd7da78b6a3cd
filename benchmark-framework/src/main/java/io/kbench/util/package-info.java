/**
 * Small helpers with no home of their own: error messages for users ({@link io.kbench.util.Errors}).
 */
package io.kbench.util;
