package io.trawler.crawl;

/**
 * How a crawl takes part in revisits.
 *
 * @param continuous  it stays running when it runs dry, taking the site's scheduled revisits and recrawl requests
 *                    until it is stopped
 * @param conditional workers send If-None-Match / If-Modified-Since from the pages' histories: only where a 304,
 *                    which carries no links, loses nothing — a crawl of a site under a refresh plan, whose known
 *                    pages are all scheduled, or a crawl that follows no links
 * @param keepText    page records carry the pages' main text (the user-experience policy compares versions)
 */
public record Revisits(boolean continuous, boolean conditional, boolean keepText) {

    /** A crawl that finds the site afresh: it ends when it runs dry and fetches every page in full. */
    public static final Revisits NONE = new Revisits(false, false, false);
}
