package io.trawler.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.PositiveOrZero;
import java.util.List;

/**
 * Body of POST /api/v1/sites/{id}/crawls; every field is optional. {@code topic} is for the focused
 * strategies (the site's saved topic when absent); {@code budget} caps the fetches (leases) of the crawl,
 * which finishes when it is spent; a {@code continuous} crawl stays running when it runs dry, taking the site's
 * scheduled revisits and recrawl requests until stopped (default: whether the site has a refresh plan). {@code nodes}
 * names the worker node each lane runs on (one per lane, {@code ""} for any; default: lanes are placed on the live
 * nodes automatically); a lane whose node stops heart-beating moves to another.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CrawlRequest(String strategy,
        @Min(value = 1, message = "must be between 1 and 10") @Max(value = 10, message = "must be between 1 and 10") Integer partitions,
        String mode, TopicRequest topic,
        @PositiveOrZero(message = "must be 0 (no limit) or a positive number of fetches") Long budget,
        Boolean continuous, List<String> nodes) {

    public CrawlRequest(String strategy, Integer partitions, String mode, TopicRequest topic, Long budget, Boolean continuous) {
        this(strategy, partitions, mode, topic, budget, continuous, null);
    }
}
