package io.trawler.frontier.memory;

import io.trawler.frontier.Completion;
import io.trawler.frontier.Discovery;
import io.trawler.order.FocusSettings;
import io.trawler.order.Rescoring;
import java.util.HashMap;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * How an in-memory crawl scores URLs (lowest first): discovery order, priorities and weights as offered, and for the
 * strategies that re-score, what a fetched page does to its links' scores: a backlink each, OPIC cash or temporary
 * PageRank split over the links, a focused crawl's sim / N_p (with T&amp;L's prefix multipliers, {@link FocusQueues}).
 * Guarded by its crawl.
 */
final class LinkScores {

    /** A backlink moves a queued URL ahead of every URL with one backlink less (scores are minus the count, then order). */
    static final double BACKLINK = 4294967296.0;

    /** How a fetched page's links are scored: the score of a new URL, and what a link does to one queued already. */
    interface PageLinks {
        double score(String url);

        default void known(String url) {
        }
    }

    private final Rescoring rescoring;
    private final Counters counters;
    private final HostQueues queues;
    /** URL → weight: OPIC cash, or PageRank (temporary or recomputed). */
    private final Map<String, Double> weights = new HashMap<>();
    private final FocusQueues focus;

    LinkScores(Rescoring rescoring, FocusSettings focusSettings, Counters counters, HostQueues queues) {
        this.rescoring = rescoring;
        this.counters = counters;
        this.queues = queues;
        this.focus = rescoring == Rescoring.FOCUS_CONTENT || rescoring == Rescoring.FOCUS_LINKS
                ? new FocusQueues(focusSettings, rescoring == Rescoring.FOCUS_LINKS) : null;
    }

    /** fifo / lifo: discovery order; s:priority: priority first, discovery order among equals; else a number. */
    double scoreOf(String score) {
        if (Discovery.FIFO.equals(score)) {
            return ++counters.seq;
        }
        if (Discovery.LIFO.equals(score)) {
            return -(++counters.seq);
        }
        if (score.startsWith("s:")) {
            return Double.parseDouble(score.substring(2)) * 4294967296.0 + ++counters.seq;
        }
        return Double.parseDouble(score);
    }

    /** The score of a URL offered with no page to score it (a seed, a sitemap URL): a weight is also kept as its cash or rank. */
    double offered(String url, String score) {
        double s = scoreOf(score);
        if ((rescoring == Rescoring.OPIC || rescoring == Rescoring.PAGERANK) && s < 0) {
            weights.put(url, -s);
        }
        return s;
    }

    /** The scoring of a fetched page's links, per strategy (null when the strategy needs none). */
    PageLinks fetched(String url, Completion c) {
        int links = c.links().size();
        switch (rescoring) {
            case BACKLINKS -> {
                return new PageLinks() {
                    @Override
                    public double score(String u) {
                        return -BACKLINK + ++counters.seq;
                    }

                    @Override
                    public void known(String u) {
                        HostQueues.Queued at = queues.where(u);
                        if (at != null) {
                            queues.queueOf(u, at).add(at.member(), -BACKLINK);
                        }
                    }
                };
            }
            case OPIC, PAGERANK -> {
                Double cash = weights.remove(url);
                double w = cash == null ? 0 : cash;
                if (links == 0) {
                    if (rescoring == Rescoring.OPIC && w > 0) {
                        counters.cashSink += w;
                    }
                    return null;
                }
                double share = w / links;
                return new PageLinks() {
                    @Override
                    public double score(String u) {
                        return -weights.merge(u, share, Double::sum);
                    }

                    @Override
                    public void known(String u) {
                        HostQueues.Queued at = queues.where(u);
                        if (at != null) {
                            queues.queueOf(u, at).update(at.member(), -weights.merge(u, share, Double::sum));
                        }
                    }
                };
            }
            case FOCUS_LEARN -> {
                if (c.focus() != null) {
                    // the worker scored the links (link context, tunnelling, its link model); the crawl counts the page
                    counters.countRelevance(c.focus().relevant());
                }
                return null;
            }
            case FOCUS_CONTENT, FOCUS_LINKS -> {
                if (c.focus() == null) {
                    return null;
                }
                counters.countRelevance(c.focus().relevant());
                ToDoubleFunction<String> score = focus.fetched(url, c.focus(), c.links());
                return score::applyAsDouble;
            }
            default -> {
                return null;
            }
        }
    }

    /** New weights for queued URLs (partial PageRank, a learning crawl's link scores); returns how many were queued. */
    int rescore(Map<String, Double> newWeights) {
        int moved = 0;
        for (Map.Entry<String, Double> w : newWeights.entrySet()) {
            HostQueues.Queued at = queues.where(w.getKey());
            if (at == null) {
                continue;
            }
            if (rescoring == Rescoring.PAGERANK || rescoring == Rescoring.OPIC) {
                weights.put(w.getKey(), w.getValue());
            }
            queues.queueOf(w.getKey(), at).update(at.member(), -w.getValue());
            moved++;
        }
        return moved;
    }
}
