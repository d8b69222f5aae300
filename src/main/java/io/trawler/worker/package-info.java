/**
 * The worker: the lease → robots → fetch → WARC → parse → route → complete loop, its configuration,
 * and sitemap discovery. Needs only Redis (and local disk for WARC files).
 */
package io.trawler.worker;
