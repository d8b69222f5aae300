package io.trawler.eval;

import io.trawler.frontier.UrlFingerprint;
import io.trawler.order.FocusSettings;
import io.trawler.order.Topic;
import io.trawler.order.TopicModel;
import io.trawler.order.UrlPrefixAnalyser;
import io.trawler.parse.HtmlParser;
import io.trawler.parse.UrlNormalizer;
import io.trawler.testsite.BbcSite;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Focused crawls T and T&amp;L of the BBC test site in memory, with the production pieces (jsoup parsing, URL
 * normaliser, {@link TopicModel}, {@link UrlPrefixAnalyser}) and the frontier's rules as its Lua script
 * applies them: one URL at a time, lowest score first, ties by queue member "depth 0 0 url" as Redis orders
 * them. A crawl of the real site through the crawler with one URL in flight fetches the same pages.
 */
public final class FocusedCrawlSimulator {

    /** The outcome of one crawl: the pages fetched, in order, and how many of them were on topic. */
    public record Result(List<String> fetched, long onTopic, long targets, LabelledSite site, String label) {

        /**
         * The harvest curve resampled: {@code points} values of recall (relevant pages over the target set) at fetches
         * spread evenly over 0 … {@code budget}; a crawl that stopped early keeps its last value.
         */
        public double[] recallCurve(int budget, int points) {
            long[] h = harvest();
            double[] out = new double[points];
            for (int i = 0; i < points; i++) {
                int at = (int) Math.round((double) i / (points - 1) * budget) - 1;
                out[i] = at < 0 || h.length == 0 ? 0 : (double) h[Math.min(at, h.length - 1)] / targets;
            }
            return out;
        }

        /** Relevant pages after each fetch: the harvest curve. */
        public long[] harvest() {
            long[] curve = new long[fetched.size()];
            long n = 0;
            for (int i = 0; i < curve.length; i++) {
                n += label.equals(site.label(fetched.get(i))) ? 1 : 0;
                curve[i] = n;
            }
            return curve;
        }

        public double precision() {
            return fetched.isEmpty() ? 0 : (double) onTopic / fetched.size();
        }

        public double recall() {
            return targets == 0 ? 0 : (double) onTopic / targets;
        }
    }

    private record Entry(double score, String member) {
    }

    private static final Comparator<Entry> ORDER = Comparator.comparingDouble(Entry::score).thenComparing(Entry::member);

    private FocusedCrawlSimulator() {
    }

    public static Result crawl(BbcSite site, String label, Topic topic, boolean linkAnalysis, FocusSettings s,
            int budget) {
        return crawl(LabelledSite.of(site), label, topic, linkAnalysis, s, budget);
    }

    /** T or T&amp;L on any labelled site; links outside the site's scope are not followed. */
    public static Result crawl(LabelledSite site, String label, Topic topic, boolean linkAnalysis, FocusSettings s,
            int budget) {
        TopicModel model = TopicModel.of(topic);
        UrlPrefixAnalyser relevantQueue = new UrlPrefixAnalyser(s.minPrefixCount());
        UrlPrefixAnalyser irrelevantQueue = new UrlPrefixAnalyser(s.minPrefixCount());
        Set<Long> irrelevant = new HashSet<>();
        Set<String> seen = new HashSet<>();
        TreeSet<Entry> queue = new TreeSet<>(ORDER);
        String home = site.home();
        seen.add(home);
        queue.add(new Entry(-4294967296.0 + 1, "0 0 0 " + home));
        List<String> fetched = new ArrayList<>();
        long onTopic = 0;
        while (fetched.size() < budget && !queue.isEmpty()) {
            Entry e = queue.pollFirst();
            String[] parts = e.member().split(" ", 4);
            int depth = Integer.parseInt(parts[0]);
            String url = parts[3];
            fetched.add(url);
            java.util.Optional<String> html = site.html(url);
            if (html.isEmpty()) {
                continue;
            }
            if (label.equals(site.label(url))) {
                onTopic++;
            }
            HtmlParser.ParsedPage parsed = HtmlParser.parse(html.get(), url, 10_000, true);
            Set<String> links = new LinkedHashSet<>();
            parsed.followable().forEach(l -> UrlNormalizer.normalize(l).filter(site::inScope).ifPresent(links::add));
            double sim = model.relevance(parsed.text());
            boolean relevant = sim >= topic.threshold();
            if (relevant) {
                if (linkAnalysis) {
                    relevantQueue.add(url);
                }
            } else if (linkAnalysis) {
                irrelevantQueue.add(url);
                irrelevant.add(UrlFingerprint.of(url));
            }
            if (!relevant && depth > 0) {
                continue;
            }
            int np = links.size();
            if (linkAnalysis) {
                for (String l : links) {
                    if (irrelevant.contains(UrlFingerprint.of(l))) {
                        np--;
                    }
                }
            }
            double priority = sim / Math.max(np, 1);
            for (String l : links) {
                if (seen.add(l)) {
                    double m = linkAnalysis ? UrlPrefixAnalyser.multiplier(l, relevantQueue, irrelevantQueue, s) : 1;
                    queue.add(new Entry(-(priority * m), (depth + 1) + " 0 0 " + l));
                }
            }
        }
        return new Result(fetched, onTopic, site.targets(label), site, label);
    }
}
