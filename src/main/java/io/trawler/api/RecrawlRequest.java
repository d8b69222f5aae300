package io.trawler.api;

import java.util.List;

/**
 * Body of POST /api/v1/sites/{id}/recrawls: exactly one of {@code urls}, {@code pathPrefix} (a path such as
 * {@code /news/}, or a URL prefix) and {@code all: true}; {@code priority} 0 … 10 (default 5), higher first.
 */
public record RecrawlRequest(List<String> urls, String pathPrefix, Boolean all, Integer priority) {
}
