package io.trawler.schedule;

/** Starts a site's crawl as {@code POST /api/v1/sites/{id}/crawls} would (the API implements it). */
public interface CrawlStarter {

    /** A crawl that could not start, and why (the site has one running, its settings are no longer valid, …). */
    final class Refused extends Exception {
        public Refused(String message) {
            super(message, null, false, false);
        }
    }

    /** Starts the crawl the request (JSON, the endpoint's body) describes; returns its id. */
    String start(String siteId, String crawlRequestJson) throws Refused;
}
