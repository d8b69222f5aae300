package io.trawler.partition;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Plans a partition of a site's link graph (seed 000, SPEC §3): URLs grouped by URL path; key paths are the
 * largest paths that together hold {@code keyPathShare} of the URLs; each key path, largest first, goes to
 * the crawler with the fewest URLs so far; each key path contributes {@code seedsPerPath} supplementary seeds
 * (highest in-degree first, ties by smallest crawl level).
 */
public final class SitePartitioner {

    private final LinkGraph graph;
    private final String[] pathNames;
    private final int[] pathOf;
    private final int[][] verticesOfPath;
    private final int[] levels;
    private Map<String, Integer> vertexIds;

    public SitePartitioner(LinkGraph graph) {
        this.graph = graph;
        int n = graph.size();
        Map<String, Integer> ids = new HashMap<>();
        List<String> names = new ArrayList<>();
        pathOf = new int[n];
        int[] counts = new int[Math.max(16, n)];
        for (int v = 0; v < n; v++) {
            String p = UrlPath.of(graph.url(v));
            Integer id = ids.get(p);
            if (id == null) {
                id = names.size();
                ids.put(p, id);
                names.add(p);
            }
            pathOf[v] = id;
            counts[id]++;
        }
        pathNames = names.toArray(String[]::new);
        verticesOfPath = new int[pathNames.length][];
        int[] fill = new int[pathNames.length];
        for (int p = 0; p < pathNames.length; p++) {
            verticesOfPath[p] = new int[counts[p]];
        }
        for (int v = 0; v < n; v++) {
            verticesOfPath[pathOf[v]][fill[pathOf[v]]++] = v;
        }
        levels = graph.crawlLevels();
    }

    public LinkGraph graph() {
        return graph;
    }

    /** Every URL path of the graph. */
    public java.util.Set<String> paths() {
        return java.util.Set.of(pathNames);
    }

    /** URLs under each of the given paths (0 for a path the graph does not have). */
    public Map<String, Integer> urlCounts(java.util.Collection<String> paths) {
        Map<String, Integer> index = new HashMap<>();
        for (int p = 0; p < pathNames.length; p++) {
            index.put(pathNames[p], p);
        }
        Map<String, Integer> counts = new java.util.LinkedHashMap<>();
        for (String path : paths) {
            Integer p = index.get(path);
            counts.put(path, p == null ? 0 : verticesOfPath[p].length);
        }
        return counts;
    }

    /** Path index of every vertex. */
    int[] pathOf() {
        return pathOf;
    }

    String pathName(int p) {
        return pathNames[p];
    }

    int pathCount() {
        return pathNames.length;
    }

    int urlsIn(int path) {
        return verticesOfPath[path].length;
    }

    /** Path indexes by URL count, descending (ties by name), the key paths first. */
    int[] pathsBySize() {
        Integer[] order = new Integer[pathNames.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.<Integer>comparingInt(p -> -verticesOfPath[p].length).thenComparing(p -> pathNames[p]));
        return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }

    /** The key paths: from the largest, until they hold at least {@code share} of the URLs. */
    public List<String> keyPaths(double share) {
        List<String> keys = new ArrayList<>();
        long total = graph.size();
        long held = 0;
        for (int p : pathsBySize()) {
            if (held >= share * total) {
                break;
            }
            keys.add(pathNames[p]);
            held += verticesOfPath[p].length;
        }
        return keys;
    }

    /** The plan for {@code crawlers} crawlers: greedy longest-first assignment of the key paths. */
    public PartitionPlan plan(int crawlers, double keyPathShare, int seedsPerPath) {
        List<List<String>> assignment = new ArrayList<>();
        long[] load = new long[crawlers];
        for (int i = 0; i < crawlers; i++) {
            assignment.add(new ArrayList<>());
        }
        Map<String, Integer> index = pathIndex();
        for (String key : keyPaths(keyPathShare)) {
            int best = 0;
            for (int i = 1; i < crawlers; i++) {
                if (load[i] < load[best]) {
                    best = i;
                }
            }
            assignment.get(best).add(key);
            load[best] += verticesOfPath[index.get(key)].length;
        }
        return withAssignment(assignment, seedsPerPath);
    }

    /** A plan with the given key paths per crawler (an edited plan); paths unknown to the graph hold no URLs. */
    public PartitionPlan withAssignment(List<List<String>> pathsPerCrawler, int seedsPerPath) {
        Map<String, Integer> index = pathIndex();
        String home = graph.url(graph.home());
        List<PartitionPlan.Crawler> crawlers = new ArrayList<>();
        Set<String> owned = new LinkedHashSet<>();
        for (int i = 0; i < pathsPerCrawler.size(); i++) {
            Set<String> seeds = new LinkedHashSet<>();
            seeds.add(home);
            long urls = 0;
            for (String path : pathsPerCrawler.get(i)) {
                owned.add(path);
                Integer p = index.get(path);
                if (p == null) {
                    continue;
                }
                urls += verticesOfPath[p].length;
                for (int v : supplementarySeeds(p, seedsPerPath)) {
                    seeds.add(graph.url(v));
                }
            }
            crawlers.add(new PartitionPlan.Crawler(i, List.copyOf(pathsPerCrawler.get(i)), List.copyOf(seeds), urls));
        }
        List<String> nonKey = new ArrayList<>();
        for (int p : pathsBySize()) {
            if (!owned.contains(pathNames[p])) {
                nonKey.add(pathNames[p]);
            }
        }
        return new PartitionPlan(crawlers, nonKey);
    }

    /** The {@code k} vertices of a path with the highest in-degree, ties broken by the smallest crawl level. */
    int[] supplementarySeeds(int path, int k) {
        int[] vs = verticesOfPath[path];
        Integer[] order = new Integer[vs.length];
        for (int i = 0; i < vs.length; i++) {
            order[i] = vs[i];
        }
        Arrays.sort(order, Comparator.<Integer>comparingInt(v -> -graph.inDegree(v)).thenComparingInt(v -> levels[v])
                .thenComparingInt(v -> v));
        int[] out = new int[Math.min(k, order.length)];
        for (int i = 0; i < out.length; i++) {
            out[i] = order[i];
        }
        return out;
    }

    private Map<String, Integer> pathIndex() {
        Map<String, Integer> m = new HashMap<>();
        for (int p = 0; p < pathNames.length; p++) {
            m.put(pathNames[p], p);
        }
        return m;
    }

    /** Vertex id of every URL (the first, when a URL is listed twice). */
    synchronized Map<String, Integer> vertexIds() {
        if (vertexIds == null) {
            vertexIds = new HashMap<>(graph.size() * 2);
            for (int v = 0; v < graph.size(); v++) {
                vertexIds.putIfAbsent(graph.url(v), v);
            }
        }
        return vertexIds;
    }

    /** The deepest crawl level any page reached from the home page. */
    public int maxLevel() {
        int max = 0;
        for (int l : levels) {
            if (l != Integer.MAX_VALUE) {
                max = Math.max(max, l);
            }
        }
        return max;
    }
}
