/**
 * Revisits: the update-policy engine wired to Redis and the crawls. Owns each site's page histories and its
 * due-time sorted set in Redis ({@link io.trawler.revisit.RefreshStore}), the recording of fetched pages into
 * them and the scheduling of each page's next visit by the site's refresh plan
 * ({@link io.trawler.revisit.RefreshRecorder}) with what the policies need besides (search-usage signals,
 * {@link io.trawler.revisit.SignalService}; page versions, {@link io.trawler.revisit.PageVersions}; cluster models,
 * {@link io.trawler.revisit.ClusterModels}), the feeding of due pages into the site's running crawl
 * ({@link io.trawler.revisit.RevisitFeeder}), recrawl requests ({@link io.trawler.revisit.RecrawlService}) and
 * the freshness report. The estimators and policies themselves are plain Java in {@code io.trawler.refresh}.
 */
package io.trawler.revisit;
