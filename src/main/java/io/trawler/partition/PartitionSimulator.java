package io.trawler.partition;

import io.trawler.hashing.PathHash;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Runs a partitioned crawl on a link graph under the crawl model of SPEC §3: crawler i fetches a page
 * only if its URL path is one of i's key paths or nobody's key path; BFS from each crawler's seeds up to
 * the depth limit. Independent crawlers drop links into other crawlers' key paths and keep their own seen
 * sets; coordinated crawlers forward such links to the owner and share one seen set, and a URL of nobody's key path
 * goes to the crawler its path hash names (PathHash mod N, as {@link PlanAssignment}), so that every URL has one owner.
 */
public final class PartitionSimulator {

    /**
     * A crawl's page limit as the frontier applies it: at most {@code maxPages} URLs admitted (0: no limit), counted
     * over the whole crawl, however many lanes and frontier shards it has (a sharded frontier moves the unused
     * allowance of lanes that ran dry to lanes that have more to fetch). Admission happens at discovery, seeds included.
     * Under a limit a crawl should fetch {@code min(pages of the site, maxPages)} pages: the U of its coverage and
     * acceleration.
     */
    public record Limit(long maxPages) {
        public static final Limit NONE = new Limit(0);

        /** The pages a crawl of a site of {@code pages} pages should fetch under this limit. */
        public long should(long pages) {
            return maxPages > 0 ? Math.min(pages, maxPages) : pages;
        }
    }

    /** The owner of a vertex of a hashed group, while owners are worked out. */
    private static final int HASHED = Integer.MIN_VALUE;

    /** What each crawler fetched, and the metrics of the whole. */
    public record Result(int crawlers, long[] fetchedBy, long fetched, long distinct, long should, PartitionMetrics metrics) {
    }

    private final SitePartitioner partitioner;
    private final LinkGraph graph;
    private final double epsilon;
    private final double delta;
    // scratch space reused across runs (one simulation at a time per simulator)
    private final int[] mark;
    private final int[] queue;
    private final int[] depth;
    private final int[] lane;
    private final byte[] seenAny;
    private int epoch;

    public PartitionSimulator(SitePartitioner partitioner, double epsilon, double delta) {
        this.partitioner = partitioner;
        this.graph = partitioner.graph();
        this.epsilon = epsilon;
        this.delta = delta;
        int n = graph.size();
        mark = new int[n];
        queue = new int[n];
        depth = new int[n];
        lane = new int[n];
        seenAny = new byte[n];
    }

    public PartitionSimulator(SitePartitioner partitioner) {
        this(partitioner, PartitionMetrics.EPSILON, PartitionMetrics.DELTA);
    }

    /** Simulates a plan; {@code depthLimit} is the deepest link level fetched from a seed. */
    public Result simulate(PartitionPlan plan, CrawlMode mode, int depthLimit) {
        return simulate(plan, mode, depthLimit, Limit.NONE);
    }

    /**
     * Simulates a plan under a page limit. Without one the lanes run one after another (the result does not depend on
     * their interleaving); with one they take turns, one page each, as live lanes progress side by side, so that the
     * limit falls on the pages each would have found by then.
     */
    public synchronized Result simulate(PartitionPlan plan, CrawlMode mode, int depthLimit, Limit limit) {
        int[] owner = ownerOfVertex(plan);
        int[][] seeds = seedVertices(plan);
        if (limit.maxPages() > 0) {
            return mode == CrawlMode.INDEPENDENT ? independentLimited(owner, seeds, depthLimit, limit) : coordinatedLimited(owner, seeds, depthLimit, limit);
        }
        return mode == CrawlMode.INDEPENDENT ? independent(owner, seeds, depthLimit) : coordinated(owner, seeds, depthLimit);
    }

    /** Predicted metrics for 1…to crawlers planned greedily (the partition editor's table). */
    public List<Prediction> predict(int from, int to, double keyPathShare, int seedsPerPath, CrawlMode mode, int depthLimit) {
        return predict(from, to, keyPathShare, seedsPerPath, mode, depthLimit, n -> Limit.NONE);
    }

    /** As {@link #predict(int, int, double, int, CrawlMode, int)}, each number of crawlers under its page limit. */
    public List<Prediction> predict(int from, int to, double keyPathShare, int seedsPerPath, CrawlMode mode, int depthLimit,
            java.util.function.IntFunction<Limit> limit) {
        List<Prediction> out = new ArrayList<>();
        for (int n = from; n <= to; n++) {
            Result r = simulate(partitioner.plan(n, keyPathShare, seedsPerPath), mode, depthLimit, limit.apply(n));
            out.add(new Prediction(n, r.metrics(), r.fetched(), r.distinct(), Arrays.stream(r.fetchedBy()).max().orElse(0)));
        }
        return out;
    }

    /** One row of the prediction table. */
    public record Prediction(int crawlers, PartitionMetrics metrics, long fetched, long distinct, long busiest) {
    }

    private Result independent(int[] owner, int[][] seeds, int depthLimit) {
        int n = graph.size();
        Arrays.fill(seenAny, (byte) 0);
        long[] fetchedBy = new long[seeds.length];
        long distinct = 0;
        for (int c = 0; c < seeds.length; c++) {
            int stamp = ++epoch;
            int head = 0;
            int tail = 0;
            for (int s : seeds[c]) {
                if ((owner[s] < 0 || owner[s] == c) && mark[s] != stamp) {
                    mark[s] = stamp;
                    depth[s] = 0;
                    queue[tail++] = s;
                }
            }
            while (head < tail) {
                int u = queue[head++];
                if (seenAny[u] == 0) {
                    seenAny[u] = 1;
                    distinct++;
                }
                int d = depth[u];
                if (d >= depthLimit) {
                    continue;
                }
                for (int i = graph.outStart(u), end = graph.outEnd(u); i < end; i++) {
                    int v = graph.target(i);
                    int o = owner[v];
                    if (mark[v] != stamp && (o < 0 || o == c)) {
                        mark[v] = stamp;
                        depth[v] = d + 1;
                        queue[tail++] = v;
                    }
                }
            }
            fetchedBy[c] = tail;
        }
        return result(fetchedBy, distinct, n);
    }

    private Result coordinated(int[] owner, int[][] seeds, int depthLimit) {
        int n = graph.size();
        int stamp = ++epoch;
        int head = 0;
        int tail = 0;
        long[] fetchedBy = new long[seeds.length];
        for (int c = 0; c < seeds.length; c++) {
            for (int s : seeds[c]) {
                if (mark[s] != stamp) {
                    mark[s] = stamp;
                    depth[s] = 0;
                    lane[s] = owner[s] >= 0 ? owner[s] : sharedLane(s, seeds.length);
                    queue[tail++] = s;
                }
            }
        }
        while (head < tail) {
            int u = queue[head++];
            fetchedBy[lane[u]]++;
            int d = depth[u];
            if (d >= depthLimit) {
                continue;
            }
            for (int i = graph.outStart(u), end = graph.outEnd(u); i < end; i++) {
                int v = graph.target(i);
                if (mark[v] != stamp) {
                    mark[v] = stamp;
                    depth[v] = d + 1;
                    lane[v] = owner[v] >= 0 ? owner[v] : sharedLane(v, seeds.length);
                    queue[tail++] = v;
                }
            }
        }
        return result(fetchedBy, tail, n);
    }

    /** Independent lanes taking turns, each admitting what it discovers while the limit (its share, or the crawl's) allows. */
    private Result independentLimited(int[] owner, int[][] seeds, int depthLimit, Limit limit) {
        int n = graph.size();
        Arrays.fill(seenAny, (byte) 0);
        Lanes lanes = new Lanes(seeds.length, n, limit);
        java.util.BitSet[] seen = new java.util.BitSet[seeds.length];
        for (int c = 0; c < seeds.length; c++) {
            seen[c] = new java.util.BitSet(n);
            for (int s : seeds[c]) {
                if ((owner[s] < 0 || owner[s] == c) && !seen[c].get(s) && lanes.admit(c, s, 0)) {
                    seen[c].set(s);
                }
            }
        }
        long[] distinct = {0};
        lanes.run((c, u, d) -> {
            if (seenAny[u] == 0) {
                seenAny[u] = 1;
                distinct[0]++;
            }
            if (d >= depthLimit) {
                return;
            }
            for (int i = graph.outStart(u), end = graph.outEnd(u); i < end; i++) {
                int v = graph.target(i);
                int o = owner[v];
                if (!seen[c].get(v) && (o < 0 || o == c) && lanes.admit(c, v, d + 1)) {
                    seen[c].set(v);
                }
            }
        });
        return result(lanes.fetchedBy(), distinct[0], limit.should(n));
    }

    /** Coordinated lanes over one seen set: each URL admitted once, by its owner, while the limit allows. */
    private Result coordinatedLimited(int[] owner, int[][] seeds, int depthLimit, Limit limit) {
        int n = graph.size();
        int stamp = ++epoch;
        Lanes lanes = new Lanes(seeds.length, n, limit);
        for (int c = 0; c < seeds.length; c++) {
            for (int s : seeds[c]) {
                if (mark[s] != stamp && lanes.admit(owner[s] >= 0 ? owner[s] : sharedLane(s, seeds.length), s, 0)) {
                    mark[s] = stamp;
                }
            }
        }
        lanes.run((c, u, d) -> {
            if (d >= depthLimit) {
                return;
            }
            for (int i = graph.outStart(u), end = graph.outEnd(u); i < end; i++) {
                int v = graph.target(i);
                if (mark[v] != stamp && lanes.admit(owner[v] >= 0 ? owner[v] : sharedLane(v, seeds.length), v, d + 1)) {
                    mark[v] = stamp;
                }
            }
        });
        long[] fetchedBy = lanes.fetchedBy();
        return result(fetchedBy, Arrays.stream(fetchedBy).sum(), limit.should(n));
    }

    /**
     * The lanes of a limited simulation: a FIFO queue of (page, depth) each, run in turns of one page per lane, and the
     * admissions counted against the limit.
     */
    private static final class Lanes {

        /** What a lane does with the page it takes from its queue. */
        interface Visit {
            void page(int lane, int vertex, int depth);
        }

        private final Limit limit;
        private final int[][] queue;
        private final int[][] depth;
        private final int[] head;
        private final int[] tail;
        private long total;

        Lanes(int lanes, int n, Limit limit) {
            this.limit = limit;
            queue = new int[lanes][];
            depth = new int[lanes][];
            for (int c = 0; c < lanes; c++) {
                queue[c] = new int[Math.max(16, Math.min(n, 1024))];
                depth[c] = new int[queue[c].length];
            }
            head = new int[lanes];
            tail = new int[lanes];
        }

        /** Queues a page on a lane when the limit allows (false: refused, nothing counted). */
        boolean admit(int lane, int v, int d) {
            if (total >= limit.maxPages()) {
                return false;
            }
            total++;
            if (tail[lane] == queue[lane].length) {
                queue[lane] = Arrays.copyOf(queue[lane], tail[lane] * 2);
                depth[lane] = Arrays.copyOf(depth[lane], tail[lane] * 2);
            }
            queue[lane][tail[lane]] = v;
            depth[lane][tail[lane]++] = d;
            return true;
        }

        /** Takes turns, one page per lane with pages queued, until every queue is empty. */
        void run(Visit visit) {
            boolean progress = true;
            while (progress) {
                progress = false;
                for (int c = 0; c < queue.length; c++) {
                    if (head[c] < tail[c]) {
                        progress = true;
                        int at = head[c]++;
                        visit.page(c, queue[c][at], depth[c][at]);
                    }
                }
            }
        }

        /** Pages each lane fetched: every page it admitted. */
        long[] fetchedBy() {
            return Arrays.stream(tail).asLongStream().toArray();
        }
    }

    /** The coordinated crawler of a page on nobody's key path (LaneRouting does the same with the page's URL). */
    private int sharedLane(int v, int crawlers) {
        return PathHash.of(graph.url(v)) % crawlers;
    }

    private Result result(long[] fetchedBy, long distinct, long should) {
        long fetched = 0;
        long busiest = 0;
        for (long f : fetchedBy) {
            fetched += f;
            busiest = Math.max(busiest, f);
        }
        return new Result(fetchedBy.length, fetchedBy, fetched, distinct, should,
                PartitionMetrics.of(fetched, distinct, should, busiest, epsilon, delta));
    }

    /** Each vertex's crawler: its group's, by path hash in a hashed group, -1 for a page of nobody's key path. */
    private int[] ownerOfVertex(PartitionPlan plan) {
        Map<String, Integer> owners = plan.owners();
        SitePartitioner.Grouping g = partitioner.grouping(plan.groups());
        java.util.Set<String> hashed = java.util.Set.copyOf(plan.hashedPaths());
        int[] ownerOfGroup = new int[g.names.length];
        for (int p = 0; p < ownerOfGroup.length; p++) {
            ownerOfGroup[p] = hashed.contains(g.names[p]) ? HASHED : owners.getOrDefault(g.names[p], -1);
        }
        int[] owner = new int[g.groupOf.length];
        for (int v = 0; v < owner.length; v++) {
            int o = ownerOfGroup[g.groupOf[v]];
            owner[v] = o == HASHED ? sharedLane(v, plan.size()) : o;
        }
        return owner;
    }

    private int[][] seedVertices(PartitionPlan plan) {
        Map<String, Integer> idOf = partitioner.vertexIds();
        int[][] seeds = new int[plan.size()][];
        for (PartitionPlan.Crawler c : plan.crawlers()) {
            seeds[c.index()] = c.seeds().stream().map(idOf::get).filter(java.util.Objects::nonNull).mapToInt(Integer::intValue).toArray();
        }
        return seeds;
    }
}
