package io.trawler.api;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlService;
import io.trawler.crawl.OrderConfig;
import io.trawler.crawl.Revisits;
import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import io.trawler.frontier.Leaser;
import io.trawler.order.Strategies;
import io.trawler.order.Topic;
import io.trawler.partition.PartitionPlan;
import io.trawler.plan.ExamplePages;
import io.trawler.plan.PlanService;
import io.trawler.plan.TopicService;
import io.trawler.revisit.RefreshPlan;
import io.trawler.revisit.UpdatePolicies;
import io.trawler.site.Site;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.Validator;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Starts a site's crawl from a {@link CrawlRequest}: checks it, resolves its topic and partition plan and starts it,
 * refusing with an {@link ApiException} as {@code POST /api/v1/sites/{id}/crawls} answers. The endpoint and the
 * schedules ({@link ScheduledCrawls}) start crawls through it alike.
 */
@ApplicationScoped
public class CrawlLauncher {

    static final Set<String> MODES = Set.of("independent", "coordinated");

    private final CrawlService service;
    private final PlanService plans;
    private final TopicService topics;
    private final OrderConfig orderConfig;
    private final ExamplePages examplePages;
    private final UpdatePolicies policies;
    private final Validator validator;

    public CrawlLauncher(CrawlService service, PlanService plans, TopicService topics,
            OrderConfig orderConfig, ExamplePages examplePages, UpdatePolicies policies,
            Validator validator) {
        this.policies = policies;
        this.validator = validator;
        this.service = service;
        this.plans = plans;
        this.topics = topics;
        this.orderConfig = orderConfig;
        this.examplePages = examplePages;
    }

    /** Starts the crawl; ApiException (400, 404, 409) when the request or the site's state refuses it. */
    public Crawl launch(String siteId, CrawlRequest r) {
        return launch(siteId, r, "");
    }

    /** As {@link #launch(String, CrawlRequest)} for a named caller (its topic's example pages are fetched one topic at a time). */
    public Crawl launch(String siteId, CrawlRequest r, String caller) {
        String strategy = r.strategy() == null ? "bfs" : r.strategy();
        int partitions = r.partitions() == null ? 1 : r.partitions();
        String mode = r.mode() == null ? "independent" : r.mode();
        long budget = r.budget() == null ? 0 : r.budget();
        List<String> nodes = r.nodes() == null ? List.of() : r.nodes();
        List<ApiError.Detail> problems = problems(r);
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        // the site first: nothing is fetched for an unknown site or one already crawling; a site's permission to reach
        // private networks covers its own URLs (those in its scope), not any address an editor names
        Site known = QuarkusTransaction.requiringNew().call(() -> {
            Site site = SiteResource.find(siteId);
            service.activeCrawlOf(siteId).ifPresent(c -> {
                throw ApiException.conflict("site " + siteId + " already has an active crawl: " + c.id);
            });
            return site;
        });
        Topic given = r.topic() == null ? null : r.topic().resolved("topic", orderConfig.focusThreshold(), examplePages,
                TopicResource.mayReachPrivate(known), caller);
        Crawl crawl = QuarkusTransaction.requiringNew().call(() -> {
            Site site = SiteResource.find(siteId);
            service.activeCrawlOf(siteId).ifPresent(c -> {
                throw ApiException.conflict("site " + siteId + " already has an active crawl: " + c.id);
            });
            Topic crawlTopic = given != null || !Strategies.focused(strategy) ? given
                    : topics.saved(siteId).orElseThrow(() -> ApiException.invalid(List.of(new ApiError.Detail("topic",
                            "a focused crawl needs a topic: give one here or save one with PUT /api/v1/sites/" + siteId + "/plan/topic"))));
            try {
                PartitionPlan plan = partitions > 1 ? plans.forCrawl(site, partitions) : null;
                RefreshPlan refresh = RefreshPlan.findById(siteId);
                boolean continuous = r.continuous() != null ? r.continuous() : refresh != null;
                // conditional requests for every page with validators (unless the site turns them off); a 304 carries
                // no links, so a crawl without a refresh plan (which schedules every known page) reads them from the
                // content stored before
                return service.start(site, strategy.toLowerCase(java.util.Locale.ROOT), mode, plan, plans.knownUrls(site), crawlTopic,
                        budget, new Revisits(continuous, true, refresh != null && policies.readsUsage(refresh.policy), refresh == null), nodes);
            } catch (PlanService.NoGraphException e) {
                throw ApiException.conflict("a partitioned crawl needs a plan, and " + e.getMessage());
            }
        });
        return crawl;
    }

    /** What is wrong with a crawl request, field by field (empty: nothing); the topic is checked where it is used. */
    List<ApiError.Detail> problems(CrawlRequest r) {
        String strategy = r.strategy() == null ? "bfs" : r.strategy();
        int partitions = r.partitions() == null ? 1 : r.partitions();
        String mode = r.mode() == null ? "independent" : r.mode();
        List<ApiError.Detail> problems = new ArrayList<>(Constraints.of(validator, r));
        if (!Strategies.known(strategy)) {
            problems.add(new ApiError.Detail("strategy", "unknown strategy '" + strategy + "'; one of " + Strategies.NAMES));
        }
        if (r.topic() != null && !Strategies.focused(strategy)) {
            problems.add(new ApiError.Detail("topic", "only the focused strategies (focused-t, focused-tl, focused-learn) take a topic"));
        }
        if (!MODES.contains(mode)) {
            problems.add(new ApiError.Detail("mode", "one of " + MODES));
        }
        List<String> nodes = r.nodes() == null ? List.of() : r.nodes();
        if (!nodes.isEmpty() && nodes.size() != partitions) {
            problems.add(new ApiError.Detail("nodes", "one node per lane: " + partitions + " expected, " + nodes.size() + " given"));
        }
        for (int i = 0; i < nodes.size(); i++) {
            String n = nodes.get(i);
            if (n == null || !n.isEmpty() && !Leaser.NAME.matcher(n).matches()) {
                problems.add(new ApiError.Detail("nodes[" + i + "]", "a node name (letters, digits, '.', '_', ':', '@', '-'; at most 128)"
                        + " or \"\" for any node"));
            }
        }
        return problems;
    }
}
