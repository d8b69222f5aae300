package io.trawler.frontier.memory;

import io.trawler.frontier.Completion;
import io.trawler.frontier.Discovery;
import io.trawler.frontier.UrlFingerprint;
import io.trawler.order.FocusSettings;
import io.trawler.order.UrlPrefixAnalyser;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * A focused crawl's queues 2 (relevant pages) and 3 (irrelevant pages) of seed 003, with the URL analyser the
 * {@code order} package defines (and the Redis backend's script keeps in Redis): how a fetched page's links are scored
 * by the T strategy (sim / N_p) and by T&amp;L (N_p without links known to be irrelevant, times a or b by URL prefix).
 */
final class FocusQueues {

    private final FocusSettings settings;
    private final boolean byLinks;
    private final UrlPrefixAnalyser relevant;
    private final UrlPrefixAnalyser irrelevant;
    private final Set<Long> irrelevantPages = new HashSet<>();

    FocusQueues(FocusSettings settings, boolean byLinks) {
        this.settings = settings == null ? FocusSettings.DEFAULTS : settings;
        this.byLinks = byLinks;
        this.relevant = new UrlPrefixAnalyser(this.settings.minPrefixCount());
        this.irrelevant = new UrlPrefixAnalyser(this.settings.minPrefixCount());
    }

    /** Files a fetched page in queue 2 or 3; returns the score of each of its links (lowest first, so minus the priority). */
    ToDoubleFunction<String> fetched(String url, Completion.Relevance relevance, List<Discovery> links) {
        if (byLinks) {
            if (relevance.relevant()) {
                relevant.add(url);
            } else {
                irrelevant.add(url);
                irrelevantPages.add(UrlFingerprint.of(url));
            }
        }
        int np = links.size();
        if (byLinks) {
            for (Discovery d : links) {
                if (irrelevantPages.contains(UrlFingerprint.of(d.entry().url()))) {
                    np--;
                }
            }
        }
        double priority = relevance.similarity() / Math.max(np, 1);
        return u -> -(priority * (byLinks ? UrlPrefixAnalyser.multiplier(u, relevant, irrelevant, settings) : 1));
    }
}
