package io.trawler.crawl;

import io.trawler.frontier.CrawlFrontierSettings;
import io.trawler.frontier.PolitenessScope;
import io.trawler.order.FrontierRules;
import io.trawler.order.OrderingStrategy;
import io.trawler.order.Strategies;
import io.trawler.order.Topic;
import io.trawler.parse.CrawlScope;
import io.trawler.parse.UrlRules;
import io.trawler.partition.CrawlMode;
import io.trawler.partition.LaneRouting;
import io.trawler.partition.PathGroups;
import java.util.List;
import java.util.Map;

/**
 * Everything a worker needs to crawl: the site's seeds, scope, politeness and limits as they were when
 * the crawl started, plus the crawl's strategy and lanes: each lane's seeds, the key paths each lane owns,
 * how many URLs the site's previous crawl knew (for coverage), the strategy's constants, the topic of a focused
 * crawl and the fetch budget (0: none); whether it stays running to take revisits and recrawls
 * ({@code continuous}), whether it follows links ({@code followLinks}: a crawl started for a recrawl request
 * fetches only the URLs asked for), whether workers send conditional requests from the pages' histories
 * ({@code conditional}; see {@link Revisits}), whether a 304's links are read from the content stored before
 * ({@code expandUnchanged}: a crawl that finds the site by its links), and whether page records carry the main text ({@code keepText}: the user-experience
 * policy compares versions), and whether fetches may reach private networks ({@code allowPrivateNetworks}, set on
 * the site by an admin), the site's politeness scope ({@code site} or {@code node}, see {@link PolitenessScope}), the
 * node each lane was asked to run on ({@code nodes}, empty: placed on live nodes automatically) and the site's URL rules
 * ({@code urls}: the query order of fetched URLs and the parameters dropped), and how the plan grouped URLs below the
 * first directory level ({@code groups}: the directories it split and the groups it spreads by path hash), and whether
 * workers store each HTML page's extracted text beside it for search ({@code storeText}: a WARC conversion record, when
 * the site is indexed for search; specs written before it existed: false, and the indexer parses those pages). The manager writes it to
 * Redis as JSON at start, so workers never need the database.
 */
public record CrawlSpec(String crawlId, String siteId, List<String> seeds, List<String> hosts, List<String> include,
        List<String> exclude, long delayMs, int maxConcurrentPerHost, boolean respectRobots, long maxPages, int maxDepth,
        String strategy, int partitions, String mode, List<List<String>> laneSeeds, Map<String, Integer> owners, long knownUrls,
        Strategies.Constants constants, Topic topic, long budget, boolean continuous, boolean followLinks, boolean conditional,
        boolean expandUnchanged, boolean keepText, boolean allowPrivateNetworks, String politenessScope, List<String> nodes, UrlRules urls,
        PathGroups groups, boolean storeText) {

    /** The site's URL rules as the crawl started (specs written before they existed: the default rules). */
    public UrlRules urlRules() {
        return urls == null ? UrlRules.DEFAULT : urls;
    }

    public CrawlScope scope() {
        return new CrawlScope(hosts, include, exclude, maxDepth);
    }

    public CrawlFrontierSettings frontierSettings() {
        FrontierRules rules = order().rules();
        return new CrawlFrontierSettings(maxConcurrentPerHost, delayMs, maxPages, partitions,
                partitions > 1 && crawlMode() == CrawlMode.INDEPENDENT, rules, budget, continuous,
                PolitenessScope.parse(politenessScope).orElse(PolitenessScope.SITE), nodes == null ? List.of() : nodes);
    }

    /** Whether the crawl's lanes are given to worker nodes: a partitioned crawl, or one asked to run on a named node. */
    public boolean placedOnNodes() {
        return partitions > 1 || nodes != null && !nodes.isEmpty();
    }

    /** The ordering strategy: the score discovered URLs get and what the frontier does with it. */
    public OrderingStrategy order() {
        return Strategies.of(strategy, constants == null ? Strategies.Constants.DEFAULTS : constants);
    }

    public CrawlMode crawlMode() {
        return CrawlMode.parse(mode);
    }

    /** Where discovered URLs go: the lanes' key paths (empty for one lane). */
    public LaneRouting routing() {
        return new LaneRouting(owners == null ? Map.of() : owners, groups, crawlMode(), partitions);
    }
}
