package io.trawler.api;

import java.util.Map;

/** Body of POST /api/v1/sites/{id}/crawls; every field is optional. */
public record CrawlRequest(String strategy, Integer partitions, String mode, Map<String, Object> topic) {
}
