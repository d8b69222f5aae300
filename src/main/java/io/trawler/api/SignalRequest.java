package io.trawler.api;

import java.util.List;

/**
 * Body of POST /api/v1/signals: {@code {"signals": [{"url", "query", "rank", "impressions", "clicks"}]}} — a page
 * shown for a query at a rank (1 = top), how often, and how often it was clicked.
 */
public record SignalRequest(List<Item> signals) {

    public record Item(String url, String query, Integer rank, Long impressions, Long clicks) {
    }
}
