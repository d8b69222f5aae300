package io.trawler.eval;

import io.trawler.order.LearningSettings;
import io.trawler.order.LinkFeatures;
import io.trawler.order.LinkModel;
import io.trawler.order.Topic;
import io.trawler.order.TopicModel;
import io.trawler.parse.HtmlParser;
import io.trawler.parse.UrlNormalizer;
import java.util.ArrayList;
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
 * The project's own focused strategy (issue 17) crawled in memory, with the production rules ({@link LinkFeatures},
 * {@link LinkModel}, {@link LearningSettings}):
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

    private LearningCrawlSimulator() {
    }

    public static FocusedCrawlSimulator.Result crawl(LabelledSite site, String label, Topic topic, LearningSettings s, int budget) {
        TopicModel model = TopicModel.of(topic);
        LinkModel stats = new LinkModel();
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
                stats.learn(l.features, 0);
                continue;
            }
            if (label.equals(site.label(l.url))) {
                onTopic++;
            }
            HtmlParser.ParsedPage parsed = HtmlParser.parse(html.get(), l.url, 10_000, true);
            double sim = model.relevance(parsed.text());
            boolean relevant = sim >= topic.threshold();
            stats.learn(l.features, relevant ? 1 : 0);
            if (relevant) {
                // the pages that led here were hubs on the way to it
                for (Link p = l.parent; p != null && p.parent != null; p = p.parent) {
                    stats.credit(p.features, s.hubCredit());
                    if (p.tunnel == 0) {
                        break;
                    }
                }
            }
            // a page on a productive path (links like the one that led here have led to relevant pages: a listing, a
            // pagination chain) is a hub: the tunnel starts again from it
            boolean hub = !relevant && stats.estimate(l.features) >= s.hubThreshold();
            int tunnel = s.tunnelAfter(l.tunnel, relevant, hub);
            if (l.parent != null && !s.follows(tunnel)) {
                continue;
            }
            for (Map.Entry<String, String> a : anchors(html.get(), l.url).entrySet()) {
                String u = a.getKey();
                if (!site.inScope(u) || !seen.add(u)) {
                    continue;
                }
                List<String> features = LinkFeatures.of(u, a.getValue());
                double context = model.similarity(a.getValue() + " " + LinkFeatures.pathWords(u));
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

    private static double score(Link l, LinkModel model, LearningSettings s) {
        return s.priority(l.context, l.parentSim, model.estimate(l.features), l.tunnel);
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
}
