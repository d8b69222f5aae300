/**
 * Ordering strategies (SPEC §2, seeds 001–003), in plain Java: directory depth and the Tianwang weight,
 * backlink counts, partial PageRank and OPIC cash. The crawler wires them to frontier scores (issue 4).
 */
package io.trawler.order;
