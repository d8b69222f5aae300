package io.trawler.frontier;

/** The Redis key schema of the frontier; every key of one crawl carries the hash tag {@code {c:ID}}. */
public final class FrontierKeys {

    /** Set of crawl ids that workers should serve (not tagged: it spans crawls). */
    public static final String ACTIVE_CRAWLS = "t:crawls";

    private FrontierKeys() {
    }

    public static String prefix(String crawlId) {
        return "t:{c:" + crawlId + "}:";
    }

    public static String conf(String crawlId) {
        return prefix(crawlId) + "conf";
    }

    public static String stats(String crawlId) {
        return prefix(crawlId) + "stats";
    }

    public static String inflight(String crawlId) {
        return prefix(crawlId) + "inflight";
    }

    /** Workers that leased from the crawl, by their last sign of life. */
    public static String owners(String crawlId) {
        return prefix(crawlId) + "owners";
    }

    public static String pages(String crawlId) {
        return prefix(crawlId) + "pages";
    }

    public static String seenBucket(String crawlId, int bucket) {
        return prefix(crawlId) + "s:" + Integer.toHexString(bucket);
    }

    public static String ready(String crawlId, int partition) {
        return prefix(crawlId) + "p" + partition + ":ready";
    }

    public static String queue(String crawlId, int partition, String host) {
        return prefix(crawlId) + "p" + partition + ":q:" + host;
    }

    /** Marks a crawl's sitemaps for a host as read, so one worker reads them once. */
    public static String sitemaps(String crawlId) {
        return prefix(crawlId) + "sitemaps";
    }

    /** Pattern matching every key of a crawl, for deletion. */
    public static String pattern(String crawlId) {
        return "t:{c:" + crawlId + "}:*";
    }
}
