/**
 * Per-site partition plans: planning from the site's latest crawl graph, editing (paths moved between
 * crawlers), predictions for 1…10 crawlers, and the saved plan the next partitioned crawl uses. The
 * algorithms are in {@link io.trawler.partition}; this package stores and serves them.
 */
package io.trawler.plan;
