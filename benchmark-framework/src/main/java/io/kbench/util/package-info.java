/**
 * Small helpers with no home of their own: error messages for users.
 */
package io.kbench.util;
