package io.trawler.eval;

import io.trawler.order.BacklinkCount;
import io.trawler.order.OpicCash;
import io.trawler.order.PartialPageRank;
import io.trawler.order.TianwangWeight;
import io.trawler.parse.UrlNormalizer;
import io.trawler.partition.LinkGraph;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.TreeMap;

/**
 * Crawls a link graph in memory with one ordering strategy, using the plain-Java rules of package
 * {@code order} (backlink counts, OPIC cash, partial PageRank, Tianwang weights) and the frontier's
 * semantics (lowest score first, discovery order among equals), without politeness or hosts' queues:
 * the order the strategy alone gives. Returns the pages in fetch order.
 */
public final class OrderingSimulator {

    private record Entry(double score, long seq, int node, long version) {
    }

    private OrderingSimulator() {
    }

    public static int[] crawl(LinkGraph g, int seed, String strategy, int pageRankInterval, long randomSeed) {
        return switch (strategy) {
            case "bfs", "dfs" -> discoveryOrder(g, seed, strategy.equals("dfs"));
            case "largest-site" -> largestSite(g, seed);
            case "depth-weight" -> depthWeight(g, seed, new Random(randomSeed));
            default -> scored(g, seed, strategy, pageRankInterval);
        };
    }

    private static List<Integer> out(LinkGraph g, int v) {
        List<Integer> o = new ArrayList<>();
        for (int i = g.outStart(v); i < g.outEnd(v); i++) {
            if (g.target(i) != v) {
                o.add(g.target(i));
            }
        }
        return o;
    }

    private static List<String> outUrls(LinkGraph g, int v) {
        List<String> o = new ArrayList<>();
        out(g, v).forEach(t -> o.add(g.url(t)));
        return o;
    }

    private static int[] discoveryOrder(LinkGraph g, int seed, boolean lifo) {
        boolean[] seen = new boolean[g.size()];
        ArrayDeque<Integer> q = new ArrayDeque<>();
        List<Integer> order = new ArrayList<>();
        seen[seed] = true;
        q.add(seed);
        while (!q.isEmpty()) {
            int v = lifo ? q.pollLast() : q.pollFirst();
            order.add(v);
            for (int t : out(g, v)) {
                if (!seen[t]) {
                    seen[t] = true;
                    q.add(t);
                }
            }
        }
        return order.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The site of a URL: its authority, lower-cased (graph URLs are not all normalised). */
    static String host(String url) {
        return UrlNormalizer.authorityOf(url).toLowerCase(java.util.Locale.ROOT);
    }

    private static int[] largestSite(LinkGraph g, int seed) {
        boolean[] seen = new boolean[g.size()];
        Map<String, ArrayDeque<Integer>> queues = new TreeMap<>();
        List<Integer> order = new ArrayList<>();
        seen[seed] = true;
        queues.computeIfAbsent(host(g.url(seed)), h -> new ArrayDeque<>()).add(seed);
        while (!queues.isEmpty()) {
            String biggest = null;
            for (Map.Entry<String, ArrayDeque<Integer>> e : queues.entrySet()) {
                if (biggest == null || e.getValue().size() > queues.get(biggest).size()) {
                    biggest = e.getKey();
                }
            }
            ArrayDeque<Integer> q = queues.get(biggest);
            int v = q.pollFirst();
            if (q.isEmpty()) {
                queues.remove(biggest);
            }
            order.add(v);
            for (int t : out(g, v)) {
                if (!seen[t]) {
                    seen[t] = true;
                    queues.computeIfAbsent(host(g.url(t)), h -> new ArrayDeque<>()).add(t);
                }
            }
        }
        return order.stream().mapToInt(Integer::intValue).toArray();
    }

    /** N = 1 pick by highest Tianwang weight (discovery order among equals), then M = 1 uniformly random pick. */
    private static int[] depthWeight(LinkGraph g, int seed, Random rnd) {
        int n = g.size();
        int[] state = new int[n];   // 0 unseen, 1 queued, 2 fetched
        PriorityQueue<Entry> weighted = new PriorityQueue<>((a, b) -> a.score != b.score ? Double.compare(a.score, b.score)
                : Long.compare(a.seq, b.seq));
        List<Integer> pool = new ArrayList<>();
        int[] where = new int[n];
        long seq = 0;
        List<Integer> order = new ArrayList<>();
        state[seed] = 1;
        weighted.add(new Entry(TianwangWeight.MAX - TianwangWeight.of(g.url(seed)), seq++, seed, 0));
        where[seed] = pool.size();
        pool.add(seed);
        long picks = 0;
        while (!pool.isEmpty()) {
            int v;
            if (picks++ % 2 == 0) {
                Entry e;
                do {
                    e = weighted.poll();
                } while (state[e.node] != 1);
                v = e.node;
            } else {
                v = pool.get(rnd.nextInt(pool.size()));
            }
            int last = pool.remove(pool.size() - 1);
            if (last != v) {
                pool.set(where[v], last);
                where[last] = where[v];
            }
            state[v] = 2;
            order.add(v);
            for (int t : out(g, v)) {
                if (state[t] == 0) {
                    state[t] = 1;
                    weighted.add(new Entry(TianwangWeight.MAX - TianwangWeight.of(g.url(t)), seq++, t, 0));
                    where[t] = pool.size();
                    pool.add(t);
                }
            }
        }
        return order.stream().mapToInt(Integer::intValue).toArray();
    }

    /** backlinks, opic, pagerank: most backlinks / cash / rank first, discovery order among equals. */
    private static int[] scored(LinkGraph g, int seed, String strategy, int interval) {
        int n = g.size();
        int[] state = new int[n];
        long[] version = new long[n];
        long[] discovered = new long[n];
        PriorityQueue<Entry> q = new PriorityQueue<>((a, b) -> a.score != b.score ? Double.compare(a.score, b.score)
                : Long.compare(a.seq, b.seq));
        BacklinkCount backlinks = new BacklinkCount();
        OpicCash opic = new OpicCash(g.url(seed));
        PartialPageRank pagerank = new PartialPageRank();
        Map<String, Double> prWeight = new HashMap<>();
        prWeight.put(g.url(seed), 1.0);
        Map<String, Integer> ids = new HashMap<>();
        long seq = 0;
        List<Integer> order = new ArrayList<>();
        state[seed] = 1;
        discovered[seed] = seq++;
        q.add(new Entry(0, discovered[seed], seed, 0));
        int sinceRecompute = 0;
        while (!q.isEmpty()) {
            Entry e = q.poll();
            if (state[e.node] != 1 || e.version != version[e.node]) {
                continue;
            }
            int v = e.node;
            state[v] = 2;
            order.add(v);
            List<Integer> links = out(g, v);
            List<String> urls = outUrls(g, v);
            switch (strategy) {
                case "backlinks" -> backlinks.fetched(g.url(v), urls);
                case "opic" -> opic.fetched(g.url(v), urls);
                case "pagerank" -> {
                    pagerank.fetched(g.url(v), urls);
                    double w = prWeight.getOrDefault(g.url(v), 0.0);
                    for (String u : urls) {
                        prWeight.merge(u, w / urls.size(), Double::sum);
                    }
                }
                default -> throw new IllegalArgumentException(strategy);
            }
            for (int t : links) {
                if (state[t] == 2) {
                    continue;
                }
                if (state[t] == 0) {
                    state[t] = 1;
                    discovered[t] = seq++;
                    ids.put(g.url(t), t);
                }
                double score = switch (strategy) {
                    case "backlinks" -> -backlinks.count(g.url(t));
                    case "opic" -> -opic.cash(g.url(t));
                    default -> -prWeight.getOrDefault(g.url(t), 0.0);
                };
                q.add(new Entry(score, discovered[t], t, ++version[t]));
            }
            if (strategy.equals("pagerank") && ++sinceRecompute >= interval) {
                sinceRecompute = 0;
                pagerank.recompute(1e-6, 100);
                pagerank.forEachFrontierRank((url, r) -> {
                    Integer t = ids.get(url);
                    if (t != null && state[t] == 1) {
                        prWeight.put(url, r);
                        q.add(new Entry(-r, discovered[t], t, ++version[t]));
                    }
                });
            }
        }
        return order.stream().mapToInt(Integer::intValue).toArray();
    }
}
