/**
 * Fetching: the Vert.x Web Client fetcher (keep-alive, timeouts, body cap, decompression, no automatic
 * redirects) and the robots.txt cache (crawler-commons). Failures are results, never exceptions.
 */
package io.trawler.fetch;
