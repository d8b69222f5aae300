/**
 * Fetching: the Vert.x Web Client fetcher (keep-alive, timeouts, body cap, decompression, no automatic
 * redirects), the robots.txt cache (crawler-commons) and the private-network guard wired with this installation's
 * own services ({@link io.trawler.fetch.NetworkGuard}). Failures are results, never exceptions.
 */
package io.trawler.fetch;
