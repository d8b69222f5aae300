/**
 * Site partition for several crawler nodes (seed 000, SPEC §3), in plain Java: the URL path rule, key
 * paths, greedy assignment, supplementary seeds, the crawl model of independent and coordinated crawlers,
 * the four metrics and the simulator that predicts them for 1…10 crawlers on a site's link graph.
 */
package io.trawler.partition;
