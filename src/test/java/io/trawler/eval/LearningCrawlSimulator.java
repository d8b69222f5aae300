package io.trawler.eval;

import io.trawler.order.TextAnalysis;
import io.trawler.order.Topic;
import io.trawler.order.TopicModel;
import io.trawler.parse.HtmlParser;
import io.trawler.parse.UrlNormalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * A prototype of the project's own focused strategy (issue 17), measured in memory before it goes into the frontier:
 * <ul>
 * <li><b>link context</b>: a link is scored by the similarity of its anchor text and the words of its URL path to the
 * topic, not only by its parent page's;</li>
 * <li><b>tunnelling</b>: the links of an irrelevant page are still queued, their priority multiplied by γ for each
 * irrelevant page since the last relevant one, up to {@code maxTunnel} pages (0: the seed's T behaviour for them);</li>
 * <li><b>learning</b>: an online model over the link's features (URL path segments, digits generalised, and anchor
 * words) estimates how often a link with those features led to a relevant page, directly or through the page it
 * opens (a hub: credit for each relevant page found through it); the queue is re-scored every {@code rescoreEvery}
 * fetches as the model learns.</li>
 * </ul>
 */
public final class LearningCrawlSimulator {

    /** The strategy's settings. */
    public record Settings(int maxTunnel, double gamma, double hubCredit, int rescoreEvery, double modelWeight, double hubThreshold) {
        public static final Settings DEFAULTS = new Settings(3, 0.3, 1.0, 10, 1.0, 0.35);
    }

    private static final class Link {
        final String url;
        final int tunnel;
        final double context;
        final double parentSim;
        final List<String> features;
        final Link parent;
        double score;

        Link(String url, int tunnel, double context, double parentSim, List<String> features, Link parent) {
            this.url = url;
            this.tunnel = tunnel;
            this.context = context;
            this.parentSim = parentSim;
            this.features = features;
            this.parent = parent;
        }
    }

    private static final double PRIOR = 0.1;

    private LearningCrawlSimulator() {
    }

    public static FocusedCrawlSimulator.Result crawl(LabelledSite site, String label, Topic topic, Settings s, int budget) {
        TopicModel model = TopicModel.of(topic);
        Map<String, double[]> stats = new HashMap<>();   // feature -> {payoff, trials}
        Set<String> seen = new HashSet<>();
        PriorityQueue<Link> queue = new PriorityQueue<>((a, b) -> Double.compare(b.score, a.score));
        Link home = new Link(site.home(), 0, 1, 1, List.of(), null);
        home.score = Double.MAX_VALUE;
        queue.add(home);
        seen.add(site.home());
        List<String> fetched = new ArrayList<>();
        long onTopic = 0;
        while (fetched.size() < budget && !queue.isEmpty()) {
            Link l = queue.poll();
            fetched.add(l.url);
            var html = site.html(l.url);
            if (html.isEmpty()) {
                learn(stats, l, 0, s);
                continue;
            }
            if (label.equals(site.label(l.url))) {
                onTopic++;
            }
            HtmlParser.ParsedPage parsed = HtmlParser.parse(html.get(), l.url, 10_000, true);
            double sim = model.relevance(parsed.text());
            boolean relevant = sim >= topic.threshold();
            learn(stats, l, relevant ? 1 : 0, s);
            if (relevant) {
                // the pages that led here were hubs on the way to it
                for (Link p = l.parent; p != null && p.parent != null; p = p.parent) {
                    credit(stats, p, s.hubCredit());
                    if (p.tunnel == 0) {
                        break;
                    }
                }
            }
            // a page on a productive path (links like the one that led here have led to relevant pages: a listing, a
            // pagination chain) is a hub: the tunnel starts again from it
            boolean hub = !relevant && learned(l, stats) >= s.hubThreshold();
            int tunnel = relevant || hub ? 0 : l.tunnel + 1;
            if (!relevant && l.parent != null && tunnel > s.maxTunnel()) {
                continue;
            }
            for (Map.Entry<String, String> a : anchors(html.get(), l.url).entrySet()) {
                String u = a.getKey();
                if (!site.inScope(u) || !seen.add(u)) {
                    continue;
                }
                List<String> features = features(u, a.getValue());
                double context = model.similarity(a.getValue() + " " + pathWords(u));
                Link child = new Link(u, tunnel, context, relevant ? sim : 0, features, l);
                child.score = score(child, stats, s);
                queue.add(child);
            }
            if (fetched.size() % s.rescoreEvery() == 0) {
                List<Link> all = new ArrayList<>(queue);
                queue.clear();
                for (Link q : all) {
                    q.score = score(q, stats, s);
                }
                queue.addAll(all);
            }
        }
        return new FocusedCrawlSimulator.Result(fetched, onTopic, site.targets(label), site, label);
    }

    private static double score(Link l, Map<String, double[]> stats, Settings s) {
        double learned = learned(l, stats);
        double evidence = Math.max(Math.max(l.context, l.parentSim), s.modelWeight() * learned);
        return evidence * Math.pow(s.gamma(), l.tunnel);
    }

    /**
     * The mean of the link's features' smoothed payoffs: a feature never seen counts as the prior, so one generic
     * feature with a good record (every /tags/ page so far) does not lift a link whose specific features are unknown.
     */
    private static double learned(Link l, Map<String, double[]> stats) {
        double sum = 0;
        for (String f : l.features) {
            double[] st = stats.get(f);
            sum += st == null ? PRIOR : (st[0] + PRIOR) / (st[1] + 1);
        }
        return l.features.isEmpty() ? 0 : sum / l.features.size();
    }

    private static void learn(Map<String, double[]> stats, Link l, double payoff, Settings s) {
        for (String f : l.features) {
            double[] st = stats.computeIfAbsent(f, k -> new double[2]);
            st[0] += payoff;
            st[1] += 1;
        }
    }

    private static void credit(Map<String, double[]> stats, Link l, double amount) {
        for (String f : l.features) {
            double[] st = stats.get(f);
            if (st != null) {
                st[0] = Math.min(st[1], st[0] + amount);
            }
        }
    }

    /** Distinct links of the page with their anchor text (the first anchor of each URL). */
    static Map<String, String> anchors(String html, String base) {
        Document d = Jsoup.parse(html, base);
        Map<String, String> out = new LinkedHashMap<>();
        for (Element a : d.select("a[href]")) {
            UrlNormalizer.normalize(a.absUrl("href")).ifPresent(u -> out.putIfAbsent(u, a.text()));
        }
        return out;
    }

    /** The link's features: its path's segments (digits as N) by position and as words, the path's shape, anchor terms. */
    static List<String> features(String url, String anchor) {
        List<String> f = new ArrayList<>();
        f.add("h=" + UrlNormalizer.authorityOf(url));
        String path = url.replaceFirst("^https?://[^/]+", "").replaceFirst("[?#].*$", "");
        String[] segs = path.split("/");
        StringBuilder shape = new StringBuilder();
        int i = 0;
        for (String seg : segs) {
            if (seg.isEmpty()) {
                continue;
            }
            String g = seg.matches("\\d+") ? "N" : seg.toLowerCase();
            f.add("s" + i + "=" + g);
            shape.append('/').append(i < 2 ? g : (g.equals("N") ? "N" : "*"));
            i++;
        }
        f.add("shape=" + shape);
        for (String t : TextAnalysis.termCounts(anchor).keySet()) {
            f.add("a=" + t);
        }
        return f;
    }

    private static String pathWords(String url) {
        return url.replaceFirst("^https?://[^/]+", "").replaceAll("[^\\p{L}\\p{N}.]+", " ");
    }
}
