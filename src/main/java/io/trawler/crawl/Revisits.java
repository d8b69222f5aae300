package io.trawler.crawl;

/**
 * How a crawl takes part in revisits.
 *
 * @param continuous      it stays running when it runs dry, taking the site's scheduled revisits and recrawl requests
 *                        until it is stopped
 * @param conditional     workers send If-None-Match / If-Modified-Since from the pages' histories, so an unchanged page
 *                        costs the site a 304 and no body (the site's {@code politeness.conditionalRequests} can turn
 *                        them off)
 * @param keepText        page records carry the pages' main text (the user-experience policy compares versions)
 * @param expandUnchanged a 304 carries no links, and this crawl needs them (it finds the site by its links): a page answered
 *                        with 304 is expanded from the content stored before, and a conditional request is sent only for
 *                        a page whose stored content the worker can read. A crawl of a site under a refresh plan (every
 *                        known page scheduled) or one that follows no links does not need them.
 */
public record Revisits(boolean continuous, boolean conditional, boolean keepText, boolean expandUnchanged) {

    /** A crawl that finds the site afresh: it ends when it runs dry, and unchanged pages are expanded from what was stored. */
    public static final Revisits NONE = new Revisits(false, true, false, true);

    /** As this, with conditional requests only if the site allows them. */
    public Revisits allowing(boolean conditionalRequests) {
        return new Revisits(continuous, conditional && conditionalRequests, keepText, expandUnchanged);
    }
}
