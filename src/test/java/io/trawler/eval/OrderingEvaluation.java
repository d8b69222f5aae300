package io.trawler.eval;

import io.trawler.order.PartialPageRank;
import io.trawler.partition.LinkGraph;
import io.trawler.partition.LinkGraphs;
import io.trawler.testsupport.SharedData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ordering quality of every graph strategy (SPEC §2) on the Hollins and EPA graphs and on a generated web of
 * 60 sites: the share of the reachable pages' PageRank captured against the share of pages fetched, and the
 * distinct sites reached after 10 % of the pages (the claim of seed 001). Prints markdown tables and writes one
 * SVG plot per graph. Run: {@code ./mvnw -q test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=io.trawler.eval.OrderingEvaluation -Dexec.args=docs/ordering}.
 */
public final class OrderingEvaluation {

    static final List<String> STRATEGIES = List.of("bfs", "dfs", "backlinks", "pagerank", "opic", "largest-site", "depth-weight");
    static final double[] AT = {0.01, 0.05, 0.10, 0.25, 0.50};

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/ordering");
        Files.createDirectories(out);
        Map<String, LinkGraph> graphs = new LinkedHashMap<>();
        graphs.put("hollins", LinkGraphs.readHollins(SharedData.path("graphs/hollins-urls.txt"), SharedData.path("graphs/hollins-edges.txt")));
        graphs.put("epa", LinkGraphs.readEpa(SharedData.path("graphs/epa-urls.txt"), SharedData.path("graphs/epa-edges.txt")));
        graphs.put("web60", GeneratedWeb.generate(60, 7));
        for (Map.Entry<String, LinkGraph> e : graphs.entrySet()) {
            evaluate(e.getKey(), e.getValue(), out);
        }
    }

    static void evaluate(String name, LinkGraph g, Path out) throws IOException {
        double[] pr = pageRank(g);
        int seed = seed(g);
        int[] reference = OrderingSimulator.crawl(g, seed, "bfs", 100, 1);
        double reachableRank = 0;
        Set<String> sites = new HashSet<>();
        for (int v : reference) {
            reachableRank += pr[v];
            sites.add(OrderingSimulator.host(g.url(v)));
        }
        int interval = Math.max(10, reference.length / 100);
        System.out.printf("%n### %s: %d pages, %d links; %d pages and %d sites reachable from %s (pagerank K = %d)%n%n", name, g.size(),
                g.edges(), reference.length, sites.size(), g.url(seed), interval);
        System.out.print("| strategy |");
        for (double a : AT) {
            System.out.printf(" PageRank at %d %% |", Math.round(a * 100));
        }
        System.out.println(" sites after 10 % |");
        System.out.println("|---|---|---|---|---|---|---|");
        Map<String, double[]> curves = new LinkedHashMap<>();
        for (String s : STRATEGIES) {
            int[] order = OrderingSimulator.crawl(g, seed, s, interval, 1);
            double[] curve = new double[order.length + 1];
            for (int i = 0; i < order.length; i++) {
                curve[i + 1] = curve[i] + pr[order[i]] / reachableRank;
            }
            curves.put(s, curve);
            Set<String> early = new HashSet<>();
            for (int i = 0; i < Math.ceil(order.length * 0.1); i++) {
                early.add(OrderingSimulator.host(g.url(order[i])));
            }
            System.out.printf("| %s |", s);
            for (double a : AT) {
                System.out.printf(" %.3f |", curve[(int) Math.ceil(order.length * a)]);
            }
            System.out.printf(" %d |%n", early.size());
        }
        Files.writeString(out.resolve(name + ".svg"), svg(name, curves));
    }

    /** The home page, unless it reaches less than a fifth of the graph: then the page among the 50 with most links that reaches most. */
    static int seed(LinkGraph g) {
        int home = g.home();
        if (OrderingSimulator.crawl(g, home, "bfs", 1, 1).length * 5 >= g.size()) {
            return home;
        }
        Integer[] byOut = new Integer[g.size()];
        for (int v = 0; v < g.size(); v++) {
            byOut[v] = v;
        }
        java.util.Arrays.sort(byOut, (a, b) -> Integer.compare(g.outEnd(b) - g.outStart(b), g.outEnd(a) - g.outStart(a)));
        int best = home;
        int reach = 0;
        for (int i = 0; i < Math.min(50, byOut.length); i++) {
            int r = OrderingSimulator.crawl(g, byOut[i], "bfs", 1, 1).length;
            if (r > reach) {
                reach = r;
                best = byOut[i];
            }
        }
        return best;
    }

    static double[] pageRank(LinkGraph g) {
        PartialPageRank p = new PartialPageRank();
        for (int v = 0; v < g.size(); v++) {
            List<String> links = new ArrayList<>();
            for (int i = g.outStart(v); i < g.outEnd(v); i++) {
                links.add(g.url(g.target(i)));
            }
            p.fetched(g.url(v), links);
        }
        p.recompute(1e-10, 200);
        double[] r = new double[g.size()];
        for (int v = 0; v < g.size(); v++) {
            r[v] = p.rank(g.url(v));
        }
        return r;
    }

    /** Cumulative PageRank captured (y) against share of pages fetched (x), one line per strategy. */
    static String svg(String name, Map<String, double[]> curves) {
        return LinePlot.svg(name + ": PageRank captured vs pages fetched", "share of reachable pages fetched", curves, 1, 0.1, 0, 1, 0.1);
    }
}
