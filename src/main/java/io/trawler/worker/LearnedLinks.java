package io.trawler.worker;

import io.trawler.frontier.Discovery;
import io.trawler.order.LinkFeatures;
import io.trawler.order.Scores;
import io.trawler.parse.HtmlParser;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The links of a page in a learning focused crawl, scored: each link's anchor text (the first anchor of its URL on the
 * page) and URL words measured against the topic, its page's similarity when relevant, the worker's link model, and
 * the tunnel distance the links carry in their frontier entries.
 */
final class LearnedLinks {

    private LearnedLinks() {
    }

    static List<Discovery> score(CrawlContext ctx, HtmlParser.ParsedPage page, List<Discovery> routed, String pageUrl, int tunnel,
            double parentSimilarity) {
        Map<String, String> anchors = new HashMap<>();
        for (HtmlParser.Link l : page.links()) {
            if (!l.anchor().isEmpty()) {
                ctx.urls().normalize(l.url()).ifPresent(u -> anchors.putIfAbsent(u, l.anchor()));
            }
        }
        List<Discovery> out = new ArrayList<>(routed.size());
        for (Discovery d : routed) {
            String url = d.entry().url();
            String anchor = anchors.getOrDefault(url, "");
            double context = ctx.topic().similarity(anchor + " " + LinkFeatures.pathWords(url));
            double priority = ctx.learner().score(url, anchor, pageUrl, tunnel, context, parentSimilarity);
            out.add(new Discovery(d.partition(), d.entry().withTunnel(tunnel), Scores.weight(priority)));
        }
        return out;
    }
}
