package io.trawler.crawl;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.trawler.config.Ids;
import io.trawler.frontier.CrawlFrontierSettings;
import io.trawler.frontier.Discovery;
import io.trawler.frontier.Frontier;
import io.trawler.frontier.FrontierConfig;
import io.trawler.frontier.FrontierCounts;
import io.trawler.frontier.FrontierEntry;
import io.trawler.frontier.FrontierState;
import io.trawler.frontier.PolitenessConfig;
import io.trawler.order.OrderingStrategy;
import io.trawler.order.Topic;
import io.trawler.parse.UrlRules;
import io.trawler.partition.LaneRouting;
import io.trawler.partition.PartitionPlan;
import io.trawler.partition.PathGroups;
import io.trawler.redis.Await;
import io.trawler.site.Site;
import io.vertx.core.Future;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Starts, pauses, resumes and stops crawls, and reports their live counts. */
@ApplicationScoped
public class CrawlService {

    private final Frontier frontier;
    private final ObjectMapper json;
    private final OrderConfig order;
    private final Frontier.Limits limits;
    private final LanePlacement lanePlacement;

    private final Event<CrawlForgotten> forgotten;
    /** Whether the manager indexes crawls for search ({@code trawler.search.enabled}): workers then store pages' text. */
    private final boolean searchEnabled;

    public CrawlService(Frontier frontier, ObjectMapper json, OrderConfig order, PolitenessConfig politeness,
            FrontierConfig frontierConfig, LanePlacement lanePlacement, Event<CrawlForgotten> forgotten,
            @org.eclipse.microprofile.config.inject.ConfigProperty(name = "trawler.search.enabled", defaultValue = "true") boolean searchEnabled) {
        this.searchEnabled = searchEnabled;
        this.lanePlacement = lanePlacement;
        this.forgotten = forgotten;
        this.limits = new Frontier.Limits(politeness.maxAttempts(), frontierConfig.maxUnreadRecords(), frontierConfig.queueHead());
        this.frontier = frontier;
        this.json = json;
        this.order = order;
    }

    /** The site's running or paused crawl, if any. */
    public Optional<Crawl> activeCrawlOf(String siteId) {
        return Crawl.ofSite(siteId).stream().filter(Crawl::isActive).findFirst();
    }

    /**
     * Creates the crawl, writes its spec and seeds to the frontier, and lets the workers at it. With a plan,
     * each of its crawlers becomes a lane with its own seeds and key paths; without, one lane starts from the
     * site's seeds. {@code knownUrls} is the size of the site's previous crawl graph (0 for none); {@code topic}
     * is a focused crawl's topic (else null), {@code budget} the most fetches (0: no limit).
     */
    @Transactional
    public Crawl start(Site site, String strategy, String mode, PartitionPlan plan, long knownUrls, Topic topic, long budget) {
        return start(site, strategy, mode, plan, knownUrls, topic, budget, Revisits.NONE);
    }

    /** As {@link #start(Site, String, String, PartitionPlan, long, Topic, long)}, taking part in revisits as said. */
    @Transactional
    public Crawl start(Site site, String strategy, String mode, PartitionPlan plan, long knownUrls, Topic topic, long budget,
            Revisits revisits) {
        return start(site, strategy, mode, plan, knownUrls, topic, budget, revisits, List.of());
    }

    /**
     * As {@link #start(Site, String, String, PartitionPlan, long, Topic, long, Revisits)}, each lane on the node named
     * ({@code nodes}: one per lane, {@code ""} for any; empty: lanes placed on live nodes by {@link LanePlacement}).
     */
    @Transactional
    public Crawl start(Site site, String strategy, String mode, PartitionPlan plan, long knownUrls, Topic topic, long budget,
            Revisits revisits, List<String> nodes) {
        return start(site, strategy, mode, plan, knownUrls, topic, budget, revisits, true, null, nodes);
    }

    /**
     * Starts a crawl that fetches only the given URLs (a recrawl request when the site has no active crawl), at
     * the given priority; it follows no links and finishes when they are fetched.
     */
    @Transactional
    public Crawl startRecrawl(Site site, List<String> urls, int priority, long knownUrls) {
        return start(site, "bfs", "independent", null, knownUrls, null, 0, new Revisits(false, true, false, false), false,
                new Recrawl(urls, priority), List.of());
    }

    private record Recrawl(List<String> urls, int priority) {
    }

    private Crawl start(Site site, String strategy, String mode, PartitionPlan plan, long knownUrls, Topic topic, long budget,
            Revisits revisits, boolean followLinks, Recrawl recrawl, List<String> nodes) {
        String id = Ids.newId();
        int partitions = plan == null ? 1 : plan.size();
        Revisits asked = revisits.allowing(site.conditionalRequests);
        List<List<String>> laneSeeds = new ArrayList<>();
        if (plan == null) {
            laneSeeds.add(site.seeds);
        } else {
            plan.crawlers().forEach(c -> laneSeeds.add(c.seeds()));
        }
        Map<String, Integer> owners = plan == null ? Map.of() : plan.owners();
        CrawlSpec spec = new CrawlSpec(id, site.id, site.seeds, site.hosts, site.include, site.exclude, site.delayMs,
                site.maxConcurrentPerHost, site.respectRobots, site.maxPages, site.maxDepth, strategy, partitions, mode, laneSeeds,
                owners, knownUrls, order.constants(), topic, budget, asked.continuous(), followLinks, asked.conditional(),
                asked.expandUnchanged() && followLinks, asked.keepText(), site.allowPrivateNetworks, site.politenessScope, nodes, site.urlRules(),
                plan == null ? PathGroups.NONE : plan.groups(), searchEnabled && site.searchIndexed);
        Crawl crawl = new Crawl();
        crawl.id = id;
        crawl.siteId = site.id;
        crawl.state = CrawlState.RUNNING.name();
        crawl.strategy = strategy;
        crawl.partitions = partitions;
        crawl.mode = mode;
        crawl.spec = toJson(spec);
        // the U of live coverage and acceleration: the pages the crawl should fetch, its page limit when the site has more
        crawl.knownUrls = site.maxPages > 0 && knownUrls > 0 ? Math.min(knownUrls, site.maxPages) : knownUrls;
        crawl.baselinePagesPerSecond = partitions > 1 ? baselineRate(site.id) : null;
        crawl.budget = budget;
        crawl.startedAt = Instant.now();
        crawl.persist();
        CrawlFrontierSettings settings = spec.placedOnNodes()
                ? spec.frontierSettings().withLaneNodes(lanePlacement.initial(id, partitions, nodes))
                : spec.frontierSettings();
        if (recrawl != null) {
            Map<String, Integer> lanes = new java.util.LinkedHashMap<>();
            recrawl.urls().forEach(u -> lanes.put(u, 0));
            await(frontier.create(id, settings, crawl.spec, limits)
                    .compose(v -> frontier.revisit(id, recrawl.priority(), lanes, System.currentTimeMillis())));
            return crawl;
        }
        List<Discovery> seeds = new ArrayList<>();
        OrderingStrategy ordering = spec.order();
        LaneRouting routing = spec.routing();
        for (int lane = 0; lane < laneSeeds.size(); lane++) {
            UrlRules rules = spec.urlRules();
            List<String> normalised = new LinkedHashSet<>(laneSeeds.get(lane)).stream().map(rules::normalize)
                    .flatMap(Optional::stream).distinct().toList();
            for (String u : normalised) {
                // a coordinated crawl's seed goes to the lane that owns it (a seed all lanes share, to one of them)
                int owner = routing.route(u, lane);
                seeds.add(new Discovery(owner == LaneRouting.DROP ? lane : owner, FrontierEntry.of(u, 0),
                        ordering.seedScore(u, normalised.size())));
            }
        }
        await(frontier.create(id, settings, crawl.spec, limits)
                .compose(v -> frontier.enqueue(id, seeds, System.currentTimeMillis())));
        return crawl;
    }

    @Transactional
    public Crawl changeState(String crawlId, CrawlState target) {
        Crawl crawl = Crawl.findById(crawlId);
        CrawlState current = CrawlState.valueOf(crawl.state);
        if (!current.isActive()) {
            return crawl;
        }
        if (target == CrawlState.STOPPED) {
            crawl.finishedAt = Instant.now();
            snapshot(crawl, await(frontier.counts(crawlId)));
        }
        crawl.state = target.name();
        await(frontier.setState(crawlId, FrontierState.valueOf(target.name())));
        if (target == CrawlState.STOPPED) {
            await(frontier.deactivate(crawlId));
        }
        return crawl;
    }

    /** Pages a second of the site's latest finished single-lane crawl that fetched anything, or null. */
    static Double baselineRate(String siteId) {
        return Crawl.<Crawl>find("siteId = ?1 and state = ?2 and partitions = 1 and fetched > 0 and finishedAt is not null"
                + " order by finishedAt desc", siteId, CrawlState.FINISHED.name()).firstResultOptional()
                .map(c -> {
                    double seconds = java.time.Duration.between(c.startedAt, c.finishedAt).toMillis() / 1000.0;
                    return seconds > 0 ? c.fetched / seconds : null;
                }).orElse(null);
    }

    /** Live counts from Redis while the crawl is active, the stored ones afterwards. */
    public CrawlProgress progress(Crawl crawl) {
        if (crawl.isActive()) {
            FrontierCounts c = await(frontier.counts(crawl.id));
            return new CrawlProgress(new CrawlCounts(c.fetched(), c.unique(), c.queued(), c.inFlight(), c.errors(), c.robotsDenied(),
                    c.linksDropped()),
                    c.fetchedByLane(), c.queuedByLane(), c.nodeByLane());
        }
        long[] lanes = crawl.laneFetched == null || crawl.laneFetched.isEmpty() ? new long[] {crawl.fetched}
                : java.util.Arrays.stream(crawl.laneFetched.split(",")).mapToLong(Long::parseLong).toArray();
        return new CrawlProgress(CrawlCounts.stored(crawl), lanes, new long[lanes.length]);
    }

    static void snapshot(Crawl crawl, FrontierCounts c) {
        crawl.fetched = c.fetched();
        crawl.uniquePages = c.unique();
        crawl.laneFetched = java.util.Arrays.stream(c.fetchedByLane()).mapToObj(Long::toString)
                .collect(java.util.stream.Collectors.joining(","));
        crawl.queued = c.queued();
        crawl.inFlight = c.inFlight();
        crawl.errors = c.errors();
        crawl.robotsDenied = c.robotsDenied();
        crawl.linksDropped = c.linksDropped();
    }

    /** The spec a crawl started with. */
    public CrawlSpec spec(Crawl crawl) {
        try {
            return json.readValue(crawl.spec, CrawlSpec.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable spec of crawl " + crawl.id, e);
        }
    }

    /** Frees what the manager keeps in memory for a crawl (after its end, or when it is deleted). */
    public void forget(String crawlId) {
        forgotten.fire(new CrawlForgotten(crawlId));
    }

    /** Deletes a crawl's frontier state in Redis. */
    public void deleteFrontier(String crawlId) {
        await(frontier.delete(crawlId));
    }

    private String toJson(CrawlSpec spec) {
        try {
            return json.writeValueAsString(spec);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static <T> T await(Future<T> f) {
        return Await.result(f);
    }
}
