package io.trawler.worker;

import io.trawler.frontier.Discovery;
import io.trawler.frontier.FrontierEntry;
import io.trawler.frontier.LinkDecisions;
import io.trawler.order.OrderingStrategy;
import io.trawler.parse.CrawlScope;
import io.trawler.parse.LinkResolver;
import io.trawler.partition.LaneRouting;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Turns raw links found on a page into frontier discoveries: normalised, deduplicated within the page,
 * kept only when in scope at the next depth, and sent to the lane the crawl's routing names (or dropped). Also returns every in-scope link (whatever its depth)
 * for the crawl's link graph.
 */
final class LinkRouter {

    /** What became of a page's links; {@code tooLong}: links dropped for their length after normalisation. */
    /** The in-scope discoveries, the links kept for the link graph, links too long to keep, and the scope verdicts' counts. */
    record Routed(List<Discovery> discoveries, List<String> graphLinks, int tooLong, int[] verdicts) {

        /** The scope decisions about the page's links, {@code followed} or not. */
        LinkDecisions decisions(boolean followed) {
            return new LinkDecisions(verdicts[CrawlScope.Verdict.IN.ordinal()], verdicts[CrawlScope.Verdict.HOST.ordinal()],
                    verdicts[CrawlScope.Verdict.NOT_INCLUDED.ordinal()] + verdicts[CrawlScope.Verdict.EXCLUDED.ordinal()],
                    verdicts[CrawlScope.Verdict.TOO_DEEP.ordinal()], followed);
        }
    }

    private LinkRouter() {
    }

    static Routed route(List<String> rawLinks, int depth, LinkResolver rules, CrawlScope scope, LaneRouting lanes,
            OrderingStrategy order, int partition) {
        Set<String> unique = new LinkedHashSet<>();
        int tooLong = 0;
        for (String raw : rawLinks) {
            Optional<String> n = rules.normalize(raw);
            if (n.isPresent()) {
                unique.add(n.get());
            } else if (rules.tooLong(raw)) {
                tooLong++;
            }
        }
        List<Discovery> discoveries = new ArrayList<>(unique.size());
        List<String> graph = new ArrayList<>(unique.size());
        int[] verdicts = new int[CrawlScope.Verdict.values().length];
        for (String url : unique) {
            CrawlScope.Verdict v = scope.check(url, depth + 1);
            verdicts[v.ordinal()]++;
            if (v == CrawlScope.Verdict.IN) {
                int lane = lanes.route(url, partition);
                if (lane != LaneRouting.DROP) {
                    discoveries.add(new Discovery(lane, FrontierEntry.of(url, depth + 1), order.linkScore(url)));
                }
                graph.add(url);
            } else if (v == CrawlScope.Verdict.TOO_DEEP) {
                graph.add(url);
            }
        }
        return new Routed(discoveries, graph, tooLong, verdicts);
    }

    /** A redirect target as a discovery at the same depth, one hop further; empty when out of scope or too many hops. */
    static Optional<Discovery> redirect(String target, FrontierEntry from, LinkResolver rules, CrawlScope scope,
            LaneRouting lanes, OrderingStrategy order, int partition, int maxHops) {
        if (from.hops() + 1 > maxHops) {
            return Optional.empty();
        }
        return rules.normalize(target)
                .filter(url -> scope.accepts(url, from.depth()))
                .filter(url -> lanes.route(url, partition) != LaneRouting.DROP)
                .map(url -> new Discovery(lanes.route(url, partition), new FrontierEntry(from.depth(), from.hops() + 1, 0, url),
                        order.linkScore(url)));
    }
}
