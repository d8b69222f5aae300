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
import java.util.Locale;
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
    static final String[] COLOURS = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2"};

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
        int w = 640;
        int h = 420;
        int left = 60;
        int top = 30;
        int pw = 440;
        int ph = 330;
        StringBuilder s = new StringBuilder();
        s.append(String.format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n", w, h));
        s.append(String.format("<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", w, h));
        s.append(String.format("<text x=\"%d\" y=\"18\" font-size=\"14\">%s: PageRank captured vs pages fetched</text>%n", left, name));
        for (int i = 0; i <= 10; i++) {
            double f = i / 10.0;
            int x = left + (int) (f * pw);
            int y = top + ph - (int) (f * ph);
            s.append(String.format("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>%n", x, top, x, top + ph));
            s.append(String.format("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>%n", left, y, left + pw, y));
            s.append(String.format("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%.1f</text>%n", x, top + ph + 16, f));
            s.append(String.format("<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.1f</text>%n", left - 6, y + 4, f));
        }
        s.append(String.format("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">share of reachable pages fetched</text>%n", left + pw / 2, h - 8));
        int c = 0;
        for (Map.Entry<String, double[]> e : curves.entrySet()) {
            double[] curve = e.getValue();
            int n = curve.length - 1;
            StringBuilder pts = new StringBuilder();
            int step = Math.max(1, n / 400);
            for (int i = 0; i <= n; i += step) {
                pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", left + (double) i / n * pw, top + ph - curve[i] * ph));
            }
            pts.append(String.format(Locale.ROOT, "%.1f,%.1f", left + (double) pw, top + ph - curve[n] * ph));
            String colour = COLOURS[c % COLOURS.length];
            s.append(String.format("<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\" points=\"%s\"/>%n", colour, pts));
            int ly = top + 14 + c * 18;
            s.append(String.format("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"/>%n", left + pw + 15, ly - 4,
                    left + pw + 35, ly - 4, colour));
            s.append(String.format("<text x=\"%d\" y=\"%d\">%s</text>%n", left + pw + 40, ly, e.getKey()));
            c++;
        }
        return s.append("</svg>\n").toString();
    }
}
