package io.trawler.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.trawler.partition.CrawlMode;
import io.trawler.partition.PartitionMetrics;
import io.trawler.partition.PartitionPlan;
import io.trawler.partition.PartitionSimulator;
import io.trawler.partition.PathGroups;
import io.trawler.partition.PlanNotes;
import io.trawler.site.Site;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Plans, edits, predicts and saves a site's partition (SPEC §3) from a crawl's link graph: by default the graph of
 * the site's finished crawl with the most pages ({@link PlanGraphs}), or the crawl an editor names; a saved plan keeps
 * the graph it was made from, so later crawls (a stopped one above all) never blank its prediction.
 */
@ApplicationScoped
public class PlanService {

    /** A plan with its predicted metrics and where it came from. */
    public record Planned(PartitionPlan plan, PartitionMetrics predicted, String graphCrawlId, double keyPathShare,
            int seedsPerPath, CrawlMode mode, Instant updatedAt, Map<String, Integer> pathUrls, List<String> notes) {

        Planned(PartitionPlan plan, PartitionMetrics predicted, String graphCrawlId, double keyPathShare, int seedsPerPath, CrawlMode mode,
                Instant updatedAt, Map<String, Integer> pathUrls, long urls) {
            this(plan, predicted, graphCrawlId, keyPathShare, seedsPerPath, mode, updatedAt, pathUrls,
                    PlanNotes.of(plan, predicted, urls, pathUrls));
        }
    }

    /** The site was never crawled to the end, so there is no link graph to plan from. */
    public static final class NoGraphException extends RuntimeException {
        NoGraphException(String siteId) {
            super("site " + siteId + " has no finished crawl to plan from: crawl it first", null, false, false);
        }
    }

    private final PlanGraphs graphs;
    private final PlanConfig config;
    private final ObjectMapper json;

    public PlanService(PlanGraphs graphs, PlanConfig config, ObjectMapper json) {
        this.graphs = graphs;
        this.config = config;
        this.json = json;
    }

    public PlanConfig defaults() {
        return config;
    }

    /**
     * Plans {@code crawlers} crawlers greedily from the graph of {@code fromCrawl} (default: see the class); saves the
     * plan only when {@code save}, else returns it with its predictions and leaves the saved plan as it is.
     */
    @Transactional
    public Planned plan(Site site, int crawlers, double keyPathShare, int seedsPerPath, CrawlMode mode, Optional<String> fromCrawl,
            boolean save) {
        PlanGraphs.Graph g = graph(site, fromCrawl);
        PartitionPlan plan = g.partitioner().plan(crawlers, keyPathShare, seedsPerPath);
        return save ? save(site, g, plan, keyPathShare, seedsPerPath, mode) : withPredictions(site, g, plan, keyPathShare, seedsPerPath, mode, null);
    }

    /**
     * Saves an edited plan: the given key paths per crawler. Throws IllegalArgumentException naming a path
     * the graph does not have or a path given to two crawlers.
     */
    @Transactional
    public Planned edit(Site site, List<List<String>> pathsPerCrawler, int seedsPerPath, CrawlMode mode, Optional<String> fromCrawl) {
        return edited(site, pathsPerCrawler, seedsPerPath, mode, fromCrawl, Optional.empty(), true);
    }

    /** As {@link #edit(Site, List, int, CrawlMode, Optional)}, with the plan's grouping given (empty: the saved plan's). */
    @Transactional
    public Planned edit(Site site, List<List<String>> pathsPerCrawler, int seedsPerPath, CrawlMode mode, Optional<String> fromCrawl,
            Optional<PathGroups> groups) {
        return edited(site, pathsPerCrawler, seedsPerPath, mode, fromCrawl, groups, true);
    }

    /** The plan {@link #edit} would save, with its predictions, without saving it (the partition editor's preview). */
    public Planned preview(Site site, List<List<String>> pathsPerCrawler, int seedsPerPath, CrawlMode mode, Optional<String> fromCrawl,
            Optional<PathGroups> groups) {
        return edited(site, pathsPerCrawler, seedsPerPath, mode, fromCrawl, groups, false);
    }

    private Planned edited(Site site, List<List<String>> pathsPerCrawler, int seedsPerPath, CrawlMode mode, Optional<String> fromCrawl,
            Optional<PathGroups> given, boolean store) {
        PlanGraphs.Graph g = graph(site, fromCrawl);
        Optional<SitePlan> previous = Optional.ofNullable(SitePlan.findById(site.id));
        // the grouping given (a proposal's), else the saved plan's; a hashed group an editor gave to a crawler is no longer hashed
        PathGroups saved = given.orElseGet(() -> previous.map(p -> read(p.plan).groups())
                .orElse(PathGroups.NONE));
        Set<String> known = g.partitioner().paths(saved);
        for (String h : saved.hashed()) {
            if (!known.contains(h)) {
                throw new IllegalArgumentException("hashedPaths: unknown URL path '" + h + "'");
            }
        }
        Set<String> taken = new HashSet<>();
        for (int i = 0; i < pathsPerCrawler.size(); i++) {
            for (String p : pathsPerCrawler.get(i)) {
                if (!known.contains(p)) {
                    throw new IllegalArgumentException("crawlers[" + i + "].paths: unknown URL path '" + p + "'");
                }
                if (!taken.add(p)) {
                    throw new IllegalArgumentException("crawlers[" + i + "].paths: '" + p + "' is given to two crawlers");
                }
            }
        }
        PathGroups groups = new PathGroups(saved.split(),
                saved.hashed().stream().filter(h -> !taken.contains(h)).toList());
        double share = previous.map(p -> p.keyPathShare).orElse(config.keyPathShare());
        PartitionPlan plan = g.partitioner().withAssignment(pathsPerCrawler, seedsPerPath, groups);
        return store ? save(site, g, plan, share, seedsPerPath, mode)
                : withPredictions(site, g, plan, share, seedsPerPath, mode, previous.map(p -> p.updatedAt).orElse(null));
    }

    /** Predicted metrics for {@code from…to} crawlers planned greedily (nothing is saved). */
    public List<PartitionSimulator.Prediction> predictions(Site site, int from, int to, double keyPathShare, int seedsPerPath,
            CrawlMode mode) {
        PlanGraphs.Graph g = graph(site);
        return g.simulator().predict(from, to, keyPathShare, seedsPerPath, mode, site.maxDepth, n -> limitOf(site));
    }

    /** The page limit a crawl of the site would run under: the site's, counted over all lanes. */
    static PartitionSimulator.Limit limitOf(Site site) {
        return new PartitionSimulator.Limit(Math.max(0, site.maxPages));
    }

    /**
     * The saved plan's predicted metrics for a crawl that ran with {@code crawlers} lanes under {@code limit} (what the
     * crawl page compares its live figures with); empty without a saved plan of that many crawlers or its graph.
     */
    public Optional<PartitionMetrics> predictedFor(Site site, int crawlers, CrawlMode mode, int maxDepth, PartitionSimulator.Limit limit) {
        SitePlan sp = SitePlan.findById(site.id);
        if (sp == null) {
            return Optional.empty();
        }
        PartitionPlan plan = read(sp.plan);
        if (plan.size() != crawlers) {
            return Optional.empty();
        }
        return graphs.of(site.id, sp.graphCrawlId).map(g -> g.simulator().simulate(plan, mode, maxDepth, limit).metrics());
    }

    /**
     * The plan a partitioned crawl of {@code crawlers} lanes uses: the saved plan when it has that many
     * crawlers (whichever crawl it was made from), else a greedy plan from the default graph with the default settings
     * (not saved).
     */
    public PartitionPlan forCrawl(Site site, int crawlers) {
        SitePlan sp = SitePlan.findById(site.id);
        if (sp != null) {
            PartitionPlan saved = read(sp.plan);
            if (saved.size() == crawlers) {
                return saved;
            }
        }
        return graph(site).partitioner().plan(crawlers, config.keyPathShare(), config.seedsPerPath());
    }

    /** How many URLs the site's latest crawl graph knows (0 when it has none): the U of live coverage. */
    public long knownUrls(Site site) {
        return graphs.knownUrls(site.id);
    }

    /** The saved plan, if any. */
    public Optional<Planned> saved(Site site) {
        SitePlan sp = SitePlan.findById(site.id);
        if (sp == null) {
            return Optional.empty();
        }
        return graphs.of(site.id, sp.graphCrawlId).map(g -> {
            PartitionPlan plan = read(sp.plan);
            PartitionMetrics predicted = g.simulator().simulate(plan, CrawlMode.parse(sp.mode), site.maxDepth, limitOf(site)).metrics();
            return new Planned(plan, predicted, sp.graphCrawlId, sp.keyPathShare, sp.seedsPerPath, CrawlMode.parse(sp.mode), sp.updatedAt,
                    pathUrls(g, plan), g.partitioner().graph().size());
        }).or(() -> Optional.of(new Planned(read(sp.plan), null, sp.graphCrawlId, sp.keyPathShare, sp.seedsPerPath,
                CrawlMode.parse(sp.mode), sp.updatedAt, Map.of(), 0L)));
    }

    /** A plan with its predictions and path sizes, as of {@code updatedAt} (the saved plan's last change, if any). */
    private Planned withPredictions(Site site, PlanGraphs.Graph g, PartitionPlan plan, double share, int seeds, CrawlMode mode, Instant updatedAt) {
        PartitionMetrics predicted = g.simulator().simulate(plan, mode, site.maxDepth, limitOf(site)).metrics();
        return new Planned(plan, predicted, g.crawlId(), share, seeds, mode, updatedAt, pathUrls(g, plan), g.partitioner().graph().size());
    }

    private Planned save(Site site, PlanGraphs.Graph g, PartitionPlan plan, double share, int seeds, CrawlMode mode) {
        SitePlan sp = SitePlan.findById(site.id);
        if (sp == null) {
            sp = new SitePlan();
            sp.siteId = site.id;
        }
        sp.plan = write(plan);
        sp.keyPathShare = share;
        sp.seedsPerPath = seeds;
        sp.mode = mode.apiName();
        sp.graphCrawlId = g.crawlId();
        sp.updatedAt = Instant.now();
        sp.persist();
        return withPredictions(site, g, plan, share, seeds, mode, sp.updatedAt);
    }

    /** URL counts of the plan's key paths, for the partition editor's treemap. */
    private static Map<String, Integer> pathUrls(PlanGraphs.Graph g, PartitionPlan plan) {
        List<String> keyPaths = new java.util.ArrayList<>(plan.crawlers().stream().flatMap(c -> c.paths().stream()).toList());
        keyPaths.addAll(plan.hashedPaths());
        return g.partitioner().urlCounts(keyPaths, plan.groups());
    }

    private PlanGraphs.Graph graph(Site site) {
        return graphs.latest(site.id).orElseThrow(() -> new NoGraphException(site.id));
    }

    /** The named crawl's graph, or the default one; IllegalArgumentException ("fromCrawl: …") when the named one has none. */
    private PlanGraphs.Graph graph(Site site, Optional<String> fromCrawl) {
        if (fromCrawl.isEmpty()) {
            return graph(site);
        }
        return graphs.of(site.id, fromCrawl.get()).orElseThrow(() -> new IllegalArgumentException("fromCrawl: crawl " + fromCrawl.get()
                + " of this site has not ended with a graph of every page it found (one lane or coordinated lanes, following links)"));
    }

    private String write(PartitionPlan plan) {
        try {
            return json.writeValueAsString(plan);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private PartitionPlan read(String s) {
        try {
            return json.readValue(s, PartitionPlan.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored plan unreadable", e);
        }
    }

}
