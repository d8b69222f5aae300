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
 * The link graphs a site's plans are made from, as the page ingestion keeps them under
 * {@code <data-dir>/graphs/<crawl>}. A graph is whole when its crawl has ended, fetched every page it found (one lane,
 * or coordinated lanes; independent lanes drop links, so their graphs lack the out-links of pages nobody fetched) and
 * followed links. By default plans come from the site's <em>finished</em> crawl with a whole graph and the most pages
 * (the latest among equals): a stopped or partial crawl never replaces it unless an editor asks for that crawl. A saved
 * plan keeps the graph it was made from. The last few graphs loaded are kept for the next request.
 */
@ApplicationScoped
public class PlanGraphs {

    /** A site's planner and simulator, and the crawl whose graph they hold. */
    public record Graph(String crawlId, SitePartitioner partitioner, PartitionSimulator simulator) {
    }

    private final TrawlerConfig config;
    private final PlanConfig planConfig;
    private final com.fasterxml.jackson.databind.ObjectMapper json;
    /** The graphs loaded last (a few: the default one, a saved plan's, one an editor asked for). */
    private final java.util.Map<String, Graph> cache = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(4, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<String, Graph> eldest) {
                    return size() > 3;
                }
            });

    public PlanGraphs(TrawlerConfig config, PlanConfig planConfig, com.fasterxml.jackson.databind.ObjectMapper json) {
        this.config = config;
        this.planConfig = planConfig;
        this.json = json;
    }

    /** The planner for the site's default graph (see the class); empty when no finished crawl left a whole graph. */
    public Optional<Graph> latest(String siteId) {
        return defaultCrawl(siteId).map(c -> load(c.id, dirOf(c)));
    }

    /** The planner for the graph of one of the site's crawls, if that crawl has ended and left a whole graph. */
    public Optional<Graph> of(String siteId, String crawlId) {
        return Optional.ofNullable(Crawl.<Crawl>findById(crawlId)).filter(c -> c.siteId.equals(siteId) && whole(c))
                .map(c -> load(c.id, dirOf(c)));
    }

    /**
     * How many URLs the default graph knows (0 for none): the U of live coverage, read at every crawl start,
     * so it counts the node file's lines instead of loading the graph (unless it is loaded already).
     */
    public long knownUrls(String siteId) {
        return defaultCrawl(siteId).map(c -> {
            Graph g = cache.get(c.id);
            if (g != null) {
                return (long) g.partitioner().graph().size();
            }
            try (var lines = Files.lines(dirOf(c).resolve("nodes.txt"))) {
                return lines.count();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).orElse(0L);
    }

    /** Of the site's finished crawls with a whole graph, the one with the most distinct pages (the latest among equals). */
    private Optional<Crawl> defaultCrawl(String siteId) {
        Crawl best = null;
        for (Crawl c : Crawl.ofSite(siteId)) {   // newest first
            if ("FINISHED".equals(c.state) && whole(c) && (best == null || c.uniquePages > best.uniquePages)) {
                best = c;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Whether the crawl has ended and left a graph of every page it found (see the class). */
    private boolean whole(Crawl c) {
        Path dir = dirOf(c);
        // a crawl that followed no links (a recrawl of given URLs) found no site to plan from
        boolean complete = (c.partitions == 1 || "coordinated".equals(c.mode)) && followedLinks(c);
        return !c.isActive() && complete && nonEmpty(dir.resolve("nodes.txt")) && Files.exists(dir.resolve("edges.bin"));
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
        Graph g = cache.get(crawlId);
        if (g != null) {
            return g;
        }
        try {
            SitePartitioner p = new SitePartitioner(LinkGraphs.readCrawl(dir));
            g = new Graph(crawlId, p, new PartitionSimulator(p, planConfig.epsilon(), planConfig.delta()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        cache.put(crawlId, g);
        return g;
    }
}
