package io.trawler.bench;

import io.trawler.config.Ids;
import io.trawler.eval.FocusedEvaluation;
import io.trawler.frontier.Completion;
import io.trawler.frontier.CrawlFrontierSettings;
import io.trawler.frontier.Discovery;
import io.trawler.frontier.FrontierEntry;
import io.trawler.frontier.Lease;
import io.trawler.frontier.PageRecord;
import io.trawler.frontier.RedisFrontier;
import io.trawler.order.OrderingStrategy;
import io.trawler.order.PartialPageRank;
import io.trawler.order.Strategies;
import io.trawler.order.Topic;
import io.trawler.order.TopicModel;
import io.trawler.redis.Await;
import io.trawler.testsite.BbcSite;
import io.trawler.testsupport.TestRedis;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Redis;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Costs of ordering (issue 4): scoring a discovered link (worker side, and the frontier's Lua admission with
 * each strategy's re-scoring), a partial PageRank recompute over 100,000 pages, and the focused relevance of
 * an 8 KB page. Medians of repeated runs. Run: {@code ./mvnw test -Pbenchmark -Dtest=OrderingBenchmark}.
 */
@Tag("benchmark")
class OrderingBenchmark {

    static final List<String> NO_GRAPH = List.of("bfs", "dfs", "depth-weight", "largest-site", "backlinks", "opic", "focused-tl");

    @Test
    void scoringPageRankAndRelevance() throws Exception {
        System.out.println("\n=== Ordering benchmark ===");
        linkScores();
        frontierAdmission();
        pageRank();
        relevance();
    }

    private static List<String> urls(int n) {
        Random rnd = new Random(1);
        List<String> urls = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            urls.add("http://www.site" + rnd.nextInt(50) + ".test/section" + rnd.nextInt(20) + "/2005/" + i
                    + (i % 5 == 0 ? ".php?id=" + i + "&search=x" : ".html"));
        }
        return urls;
    }

    private void linkScores() {
        List<String> urls = urls(200_000);
        for (String name : NO_GRAPH) {
            OrderingStrategy s = Strategies.of(name, Strategies.Constants.DEFAULTS);
            double[] runs = new double[7];
            long sink = 0;
            for (int r = 0; r < runs.length; r++) {
                long t = System.nanoTime();
                for (String u : urls) {
                    sink += s.linkScore(u).length();
                }
                runs[r] = (System.nanoTime() - t) / (double) urls.size();
            }
            System.out.printf("worker-side score of a link, %-13s median %.3f µs (%d)%n", name, median(runs) / 1000, sink % 2);
        }
    }

    /** One completion with 40 links per fetched page, as the worker sends it; µs of Redis time per link. */
    private void frontierAdmission() {
        Vertx vertx = Vertx.vertx();
        Redis redis = TestRedis.client(vertx);
        try {
            RedisFrontier frontier = new RedisFrontier(redis);
            for (String name : List.of("bfs", "depth-weight", "backlinks", "opic", "pagerank", "focused-tl")) {
                OrderingStrategy s = Strategies.of(name, Strategies.Constants.DEFAULTS);
                double[] runs = new double[3];
                double[] cpu = new double[3];
                for (int r = 0; r < runs.length; r++) {
                    String crawl = Ids.newId();
                    CrawlFrontierSettings settings = new CrawlFrontierSettings(100_000, 0, 0, 1, false, s.rules(), 0);
                    Await.result(frontier.create(crawl, settings, "{}"));
                    Await.result(frontier.enqueue(crawl, List.of(new Discovery(0, FrontierEntry.of("http://a.test/", 0),
                            s.seedScore("http://a.test/", 1))), 1));
                    Random rnd = new Random(r);
                    int pages = 2000;
                    long links = 0;
                    double cpu0 = redisCpuSeconds(redis);
                    long t = System.nanoTime();
                    long now = 2;
                    for (int p = 0; p < pages; p++) {
                        List<Lease> leased = Await.result(frontier.lease(crawl, 0, 1, 60_000, now++));
                        if (leased.isEmpty()) {
                            break;
                        }
                        Lease l = leased.get(0);
                        List<Discovery> found = new ArrayList<>(40);
                        for (int k = 0; k < 40; k++) {
                            // links to a site of 20,000 pages: most new at first, most known later
                            String u = "http://a.test/s" + rnd.nextInt(20) + "/p" + rnd.nextInt(20_000) + ".html";
                            found.add(new Discovery(0, FrontierEntry.of(u, l.entry().depth() + 1), s.linkScore(u)));
                        }
                        links += found.size();
                        Completion.Relevance focus = s.rules().rescoring().focused() ? new Completion.Relevance(rnd.nextDouble(), rnd.nextBoolean())
                                : null;
                        Await.result(frontier.complete(new Completion(l, now, 0, false, Completion.Tally.FETCHED, PageRecord.builder(l.url(), 200, "fetched", now, l.partition(), 0).build(), found, focus),
                                now++));
                    }
                    runs[r] = (System.nanoTime() - t) / 1000.0 / links;
                    cpu[r] = (redisCpuSeconds(redis) - cpu0) * 1e6 / links;
                    Await.result(frontier.delete(crawl));
                }
                System.out.printf("frontier lease + completion per link (40 links/page, 2,000 pages, one page at a time), %-12s"
                        + " median %.2f µs wall, %.2f µs Redis CPU%n", name, median(runs), median(cpu));
            }
        } finally {
            redis.close();
            vertx.close();
        }
    }

    static final int PR_PAGES = 100_000;

    /** 100,000 fetched pages with 10–30 links each into a 150,000-URL space, preferentially to low ids. */
    private static PartialPageRank graph(long[] edges) {
        Random rnd = new Random(3);
        PartialPageRank pr = new PartialPageRank();
        for (int v = 0; v < PR_PAGES; v++) {
            int n = 10 + rnd.nextInt(21);
            List<String> links = new ArrayList<>(n);
            for (int k = 0; k < n; k++) {
                links.add("http://a.test/p" + (int) (150_000 * Math.pow(rnd.nextDouble(), 2)));
            }
            edges[0] += n;
            pr.fetched("http://a.test/p" + v, links);
        }
        return pr;
    }

    private void pageRank() {
        long[] edges = {0};
        double[] cold = new double[3];
        int iterations = 0;
        PartialPageRank pr = null;
        for (int r = 0; r < cold.length; r++) {
            edges[0] = 0;
            pr = graph(edges);
            long t = System.nanoTime();
            iterations = pr.recompute(1e-6, 100);
            cold[r] = (System.nanoTime() - t) / 1e6;
        }
        Random rnd = new Random(4);
        double[] warm = new double[3];
        int warmIterations = 0;
        for (int r = 0; r < warm.length; r++) {
            for (int v = 0; v < 1000; v++) {
                pr.fetched("http://a.test/p" + (PR_PAGES + r * 1000 + v), List.of("http://a.test/p" + rnd.nextInt(150_000)));
            }
            long t = System.nanoTime();
            warmIterations = pr.recompute(1e-6, 100);
            warm[r] = (System.nanoTime() - t) / 1e6;
        }
        System.out.printf("partial PageRank over %,d pages / %,d URLs / %,d links: first recompute median %.0f ms (%d iterations),"
                + " recompute after 1,000 more fetches median %.0f ms (%d iterations)%n", PR_PAGES, pr.size(), edges[0], median(cold),
                iterations, median(warm), warmIterations);
    }

    private void relevance() {
        BbcSite site = BbcSite.load(42);
        Topic topic = new Topic(Map.of(), site.examples("sport"), 0.1, FocusedEvaluation.background(site));
        TopicModel model = TopicModel.of(topic);
        List<String> texts = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        for (BbcSite.Page p : site.pages().values()) {
            b.append(String.join("\n", p.paragraphs())).append('\n');
            if (b.length() >= 8192) {
                texts.add(b.substring(0, 8192));
                b.setLength(0);
            }
        }
        double[] runs = new double[5];
        for (int r = 0; r < runs.length; r++) {
            long t = System.nanoTime();
            for (String text : texts) {
                model.relevance(text);
            }
            runs[r] = (System.nanoTime() - t) / 1e3 / texts.size();
        }
        System.out.printf("focused relevance of an 8 KB page (%d pages of BBC text): median %.0f µs%n", texts.size(), median(runs));
    }

    /** used_cpu_user + used_cpu_sys of the Redis server, from INFO cpu. */
    static double redisCpuSeconds(Redis redis) {
        String info = Await.result(redis.send(io.vertx.redis.client.Request.cmd(io.vertx.redis.client.Command.INFO).arg("cpu"))).toString();
        double total = 0;
        for (String line : info.split("\r\n")) {
            if (line.startsWith("used_cpu_user:") || line.startsWith("used_cpu_sys:")) {
                total += Double.parseDouble(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return total;
    }

    static double median(double[] xs) {
        double[] c = xs.clone();
        Arrays.sort(c);
        return c.length % 2 == 1 ? c[c.length / 2] : (c[c.length / 2 - 1] + c[c.length / 2]) / 2;
    }
}
