package io.trawler.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.trawler.crawl.CrawlSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Crawl specs for the worker's unit tests: a breadth-first crawl of one host on loopback (private networks allowed,
 * robots.txt respected, no delay), written as the manager writes specs, with any field changed.
 */
final class TestSpecs {

    static final ObjectMapper JSON = new ObjectMapper();

    private TestSpecs() {
    }

    /** The spec's fields as JSON names them. */
    static Map<String, Object> fields(String crawlId, String base) {
        Map<String, Object> f = new HashMap<>();
        f.put("crawlId", crawlId);
        f.put("siteId", "site-" + crawlId);
        f.put("seeds", List.of(base + "/"));
        f.put("hosts", List.of(base.substring(base.indexOf("://") + 3)));
        f.put("include", List.of());
        f.put("exclude", List.of());
        f.put("delayMs", 0);
        f.put("maxConcurrentPerHost", 4);
        f.put("respectRobots", true);
        f.put("maxPages", 1000);
        f.put("maxDepth", 10);
        f.put("strategy", "bfs");
        f.put("partitions", 1);
        f.put("mode", "coordinated");
        f.put("followLinks", true);
        f.put("allowPrivateNetworks", true);
        f.put("politenessScope", "site");
        return f;
    }

    static CrawlSpec spec(Map<String, Object> fields) {
        return JSON.convertValue(fields, CrawlSpec.class);
    }

    static String json(Map<String, Object> fields) {
        try {
            return JSON.writeValueAsString(spec(fields));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
