package io.trawler.plan;

import io.trawler.config.TrawlerConfig;
import io.trawler.crawl.Crawl;
import io.trawler.partition.LinkGraphs;
import io.trawler.partition.PartitionSimulator;
import io.trawler.partition.SitePartitioner;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The link graph a site's plans are made from: the graph of its latest ended crawl that fetched every page it
 * found (one lane, or coordinated lanes; independent lanes drop links, so their graphs lack the out-links of
 * pages nobody fetched), as the page ingestion keeps it under {@code <data-dir>/graphs/<crawl>}; loaded once
 * and kept for the next request.
 */
@ApplicationScoped
public class PlanGraphs {

    /** A site's planner and simulator, and the crawl whose graph they hold. */
    public record Graph(String crawlId, SitePartitioner partitioner, PartitionSimulator simulator) {
    }

    private final TrawlerConfig config;
    private final PlanConfig planConfig;
    private final com.fasterxml.jackson.databind.ObjectMapper json;
    private volatile Graph cached;

    public PlanGraphs(TrawlerConfig config, PlanConfig planConfig, com.fasterxml.jackson.databind.ObjectMapper json) {
        this.config = config;
        this.planConfig = planConfig;
        this.json = json;
    }

    /** The planner for the site's latest crawled graph; empty when the site was never crawled. */
    public Optional<Graph> latest(String siteId) {
        return latestCrawl(siteId).map(c -> load(c.id, dirOf(c)));
    }

    /**
     * How many URLs the latest graph knows (0 for none): the U of live coverage, read at every crawl start,
     * so it counts the node file's lines instead of loading the graph (unless it is loaded already).
     */
    public long knownUrls(String siteId) {
        return latestCrawl(siteId).map(c -> {
            Graph g = cached;
            if (g != null && g.crawlId().equals(c.id)) {
                return (long) g.partitioner().graph().size();
            }
            try (var lines = Files.lines(dirOf(c).resolve("nodes.txt"))) {
                return lines.count();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).orElse(0L);
    }

    private Optional<Crawl> latestCrawl(String siteId) {
        for (Crawl c : Crawl.ofSite(siteId)) {
            Path dir = dirOf(c);
            // a crawl that followed no links (a recrawl of given URLs) found no site to plan from
            boolean complete = (c.partitions == 1 || "coordinated".equals(c.mode)) && followedLinks(c);
            if (!c.isActive() && complete && nonEmpty(dir.resolve("nodes.txt")) && Files.exists(dir.resolve("edges.bin"))) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    private boolean followedLinks(Crawl c) {
        try {
            com.fasterxml.jackson.databind.JsonNode follow = json.readTree(c.spec).get("followLinks");
            return follow == null || follow.asBoolean(true);
        } catch (java.io.IOException | RuntimeException e) {
            return true;
        }
    }

    /** A crawl that fetched nothing leaves an empty graph: nothing to plan from. */
    private static boolean nonEmpty(Path file) {
        try {
            return Files.exists(file) && Files.size(file) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    private Path dirOf(Crawl c) {
        return config.dataDir().resolve("graphs").resolve(c.id);
    }

    private Graph load(String crawlId, Path dir) {
        Graph g = cached;
        if (g != null && g.crawlId().equals(crawlId)) {
            return g;
        }
        try {
            SitePartitioner p = new SitePartitioner(LinkGraphs.readCrawl(dir));
            g = new Graph(crawlId, p, new PartitionSimulator(p, planConfig.epsilon(), planConfig.delta()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        cached = g;
        return g;
    }
}
