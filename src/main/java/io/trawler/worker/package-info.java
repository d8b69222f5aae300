/**
 * The worker: the lease → robots → fetch → WARC → parse → route → complete loop, its configuration,
 * sitemap discovery, its heartbeat to the {@link io.trawler.frontier.WorkerRegistry}, and the classes the native
 * worker registers for reflection. Needs only Redis (and local disk for WARC files).
 */
package io.trawler.worker;
