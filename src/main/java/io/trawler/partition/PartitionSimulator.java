package io.trawler.partition;

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
    public synchronized Result simulate(PartitionPlan plan, CrawlMode mode, int depthLimit) {
        int[] owner = ownerOfVertex(plan);
        int[][] seeds = seedVertices(plan);
        return mode == CrawlMode.INDEPENDENT ? independent(owner, seeds, depthLimit) : coordinated(owner, seeds, depthLimit);
    }

    /** Predicted metrics for 1…to crawlers planned greedily (the partition editor's table). */
    public List<Prediction> predict(int from, int to, double keyPathShare, int seedsPerPath, CrawlMode mode, int depthLimit) {
        List<Prediction> out = new ArrayList<>();
        for (int n = from; n <= to; n++) {
            Result r = simulate(partitioner.plan(n, keyPathShare, seedsPerPath), mode, depthLimit);
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

    /** The coordinated crawler of a page on nobody's key path (LaneRouting does the same with the page's URL). */
    private int sharedLane(int v, int crawlers) {
        return io.trawler.hashing.PathHash.of(graph.url(v)) % crawlers;
    }

    private Result result(long[] fetchedBy, long distinct, int should) {
        long fetched = 0;
        long busiest = 0;
        for (long f : fetchedBy) {
            fetched += f;
            busiest = Math.max(busiest, f);
        }
        return new Result(fetchedBy.length, fetchedBy, fetched, distinct, should,
                PartitionMetrics.of(fetched, distinct, should, busiest, epsilon, delta));
    }

    private int[] ownerOfVertex(PartitionPlan plan) {
        Map<String, Integer> owners = plan.owners();
        int[] ownerOfPath = new int[partitioner.pathCount()];
        for (int p = 0; p < ownerOfPath.length; p++) {
            ownerOfPath[p] = owners.getOrDefault(partitioner.pathName(p), -1);
        }
        int[] pathOf = partitioner.pathOf();
        int[] owner = new int[pathOf.length];
        for (int v = 0; v < owner.length; v++) {
            owner[v] = ownerOfPath[pathOf[v]];
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
