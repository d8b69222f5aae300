package io.trawler.order;

/**
 * What the focused strategies share: seeds come first (and are always expanded), a URL found outside a measured
 * page (a sitemap's) waits behind every scored link; the links of measured pages are scored by the strategy's rules.
 */
interface FocusedStrategy extends OrderingStrategy {

    @Override
    default String seedScore(String url, int seeds) {
        return Scores.ranked(-1);
    }

    @Override
    default String linkScore(String url) {
        return Scores.weight(0);
    }
}
