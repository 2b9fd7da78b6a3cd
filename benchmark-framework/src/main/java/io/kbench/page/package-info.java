/**
 * The building blocks of an HTML report page, as data: sections, tables and charts (uPlot specs),
 * and the number formats they use. Below the features, so that each feature can describe its own part
 * of a report; the report layer turns them into the page.
 */
package io.kbench.page;
