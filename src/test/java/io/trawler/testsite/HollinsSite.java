package io.trawler.testsite;

import io.trawler.parse.UrlNormalizer;
import io.trawler.partition.LinkGraph;
import io.trawler.partition.LinkGraphs;
import io.trawler.testsupport.SharedData;
import io.vertx.core.http.HttpServerRequest;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Serves exactly the Hollins link graph (../shared/data/graphs): one generated page per URL of the graph,
 * with exactly its links, for the hosts www1.hollins.edu and www.hollins.edu (the crawler reaches them
 * through {@code trawler.fetch.resolve}). robots.txt is absent (404: everything allowed).
 */
public final class HollinsSite {

    private final LinkGraph graph;
    private final Map<String, Integer> byUrl = new HashMap<>();

    public HollinsSite() throws IOException {
        graph = LinkGraphs.readHollins(SharedData.path("graphs/hollins-urls.txt"), SharedData.path("graphs/hollins-edges.txt"));
        for (int v = 0; v < graph.size(); v++) {
            int id = v;
            UrlNormalizer.normalize(graph.url(v)).ifPresent(u -> byUrl.putIfAbsent(u, id));
        }
    }

    public LinkGraph graph() {
        return graph;
    }

    public void serve(HttpServerRequest req) {
        String url = UrlNormalizer.normalize("http://" + req.getHeader("Host") + req.uri()).orElse("");
        Integer v = byUrl.get(url);
        if (v == null) {
            req.response().setStatusCode(404).putHeader("Content-Type", "text/html").end("<html>not found</html>");
            return;
        }
        StringBuilder s = new StringBuilder("<!DOCTYPE html><html><head><title>").append(v + 1).append("</title></head><body>\n");
        for (int i = graph.outStart(v); i < graph.outEnd(v); i++) {
            String href = graph.url(graph.target(i)).replace("&", "&amp;").replace("\"", "&quot;");
            s.append("<a href=\"").append(href).append("\">").append(graph.target(i) + 1).append("</a>\n");
        }
        req.response().putHeader("Content-Type", "text/html; charset=utf-8").end(s.append("</body></html>\n").toString());
    }
}
