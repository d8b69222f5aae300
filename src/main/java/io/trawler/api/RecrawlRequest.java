package io.trawler.api;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * Body of POST /api/v1/sites/{id}/recrawls: exactly one of {@code urls}, {@code pathPrefix} (a path such as
 * {@code /news/}, or a URL prefix) and {@code all: true}; {@code priority} 0 … 10 (default 5), higher first.
 */
public record RecrawlRequest(
        @Size(min = 1, message = "must not be empty") @Size(max = RecrawlResource.MAX_URLS, message = "at most "
                + RecrawlResource.MAX_URLS + " URLs per request") List<String> urls,
        String pathPrefix,
        Boolean all,
        @Min(value = 0, message = "must be between 0 and 10") @Max(value = 10, message = "must be between 0 and 10") Integer priority) {
}
