package io.trawler.partition;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Plans a partition of a site's link graph (seed 000, SPEC §3): URLs grouped by URL path; key paths are the
 * largest paths that together hold {@code keyPathShare} of the URLs; each key path, largest first, goes to
 * the crawler with the fewest URLs so far; each key path contributes {@code seedsPerPath} supplementary seeds
 * (highest in-degree first, ties by smallest crawl level).
 *
 * <p>Real sites often keep most of their pages under one directory ({@code /archives/2009/…}, {@code /wiki/…}), which
 * seed 000's first-level paths cannot balance: a path holding more than 1/N of the URLs makes its crawler the slowest
 * whatever the others get. So, before choosing key paths for N crawlers, the planner splits such a directory into its
 * sub-directories (the directory's own files stay a group of their own), largest first and as deep as needed
 * ({@link #MAX_DEPTH} levels at most); a group that still holds more than 1/N and cannot be split (its URLs sit in one
 * directory) is hashed: its URLs go to the crawlers by path hash, as coordinated lanes route pages of no key path. The
 * plan names both ({@link PartitionPlan#splitPaths()}, {@link PartitionPlan#hashedPaths()}).
 */
public final class SitePartitioner {

    /** The deepest directory level the planner splits down to. */
    static final int MAX_DEPTH = 8;
    /** Splits at most this many directories for one plan. */
    static final int MAX_SPLITS = 256;

    private final LinkGraph graph;
    private final int[] levels;
    private final Grouping firstLevel;
    /** Groupings of the plans made or simulated lately (a plan's split directories → its groups). */
    private final Map<List<String>, Grouping> groupings = new ConcurrentHashMap<>();
    private Map<String, Integer> vertexIds;

    /** The graph's URLs grouped under some split directories: each group's name and members, each vertex's group. */
    static final class Grouping {
        final String[] names;
        final int[] groupOf;
        final int[][] members;
        final Map<String, Integer> index = new HashMap<>();

        Grouping(LinkGraph graph, Set<String> split) {
            int n = graph.size();
            List<String> list = new ArrayList<>();
            groupOf = new int[n];
            int[] counts = new int[Math.max(16, n)];
            for (int v = 0; v < n; v++) {
                String p = split.isEmpty() ? UrlPath.of(graph.url(v)) : UrlPath.group(graph.url(v), split);
                Integer id = index.get(p);
                if (id == null) {
                    id = list.size();
                    index.put(p, id);
                    list.add(p);
                }
                groupOf[v] = id;
                counts[id]++;
            }
            names = list.toArray(String[]::new);
            members = new int[names.length][];
            int[] fill = new int[names.length];
            for (int p = 0; p < names.length; p++) {
                members[p] = new int[counts[p]];
            }
            for (int v = 0; v < n; v++) {
                members[groupOf[v]][fill[groupOf[v]]++] = v;
            }
        }

        /** Group indexes by URL count, descending (ties by name). */
        int[] bySize() {
            Integer[] order = new Integer[names.length];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Arrays.sort(order, Comparator.<Integer>comparingInt(p -> -members[p].length).thenComparing(p -> names[p]));
            return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
        }
    }

    public SitePartitioner(LinkGraph graph) {
        this.graph = graph;
        this.firstLevel = new Grouping(graph, Set.of());
        this.levels = graph.crawlLevels();
    }

    public LinkGraph graph() {
        return graph;
    }

    /** Every URL path of the graph (first level). */
    public Set<String> paths() {
        return Set.of(firstLevel.names);
    }

    /** Every group of the graph's URLs under the given split directories (the key paths a plan of them may have). */
    public Set<String> paths(PathGroups groups) {
        return Set.of(grouping(groups).names);
    }

    /** URLs under each of the given paths (0 for a path the graph does not have), first-level paths. */
    public Map<String, Integer> urlCounts(java.util.Collection<String> paths) {
        return urlCounts(paths, PathGroups.NONE);
    }

    /** URLs in each of the given groups under the given split directories (0 for a group the graph does not have). */
    public Map<String, Integer> urlCounts(java.util.Collection<String> paths, PathGroups groups) {
        Grouping g = grouping(groups);
        Map<String, Integer> counts = new java.util.LinkedHashMap<>();
        for (String path : paths) {
            Integer p = g.index.get(path);
            counts.put(path, p == null ? 0 : g.members[p].length);
        }
        return counts;
    }

    /** The grouping of the graph under a plan's split directories (cached: simulations ask for it again and again). */
    Grouping grouping(PathGroups groups) {
        if (groups.split().isEmpty()) {
            return firstLevel;
        }
        if (groupings.size() > 64) {
            groupings.clear();
        }
        return groupings.computeIfAbsent(groups.split(), s -> new Grouping(graph, Set.copyOf(s)));
    }

    /** The key paths among first-level paths: from the largest, until they hold at least {@code share} of the URLs. */
    public List<String> keyPaths(double share) {
        return keyPaths(firstLevel, Set.of(), share);
    }

    private List<String> keyPaths(Grouping g, Set<String> hashed, double share) {
        List<String> keys = new ArrayList<>();
        long total = graph.size();
        long held = 0;
        for (int p = 0; p < g.names.length; p++) {
            if (hashed.contains(g.names[p])) {
                held += g.members[p].length;   // spread over every crawler: assigned already
            }
        }
        for (int p : g.bySize()) {
            if (held >= share * total) {
                break;
            }
            if (!hashed.contains(g.names[p])) {
                keys.add(g.names[p]);
                held += g.members[p].length;
            }
        }
        return keys;
    }

    /**
     * The plan for {@code crawlers} crawlers: directories holding more than a crawler's share split (see the class),
     * then greedy longest-first assignment of the key paths, hashed groups counted on every crawler.
     */
    public PartitionPlan plan(int crawlers, double keyPathShare, int seedsPerPath) {
        PathGroups groups = splitFor(crawlers);
        Grouping g = grouping(groups);
        Set<String> hashed = Set.copyOf(groups.hashed());
        List<List<String>> assignment = new ArrayList<>();
        double[] load = new double[crawlers];
        double spread = 0;
        for (String h : hashed) {
            spread += g.members[g.index.get(h)].length;
        }
        for (int i = 0; i < crawlers; i++) {
            assignment.add(new ArrayList<>());
            load[i] = spread / crawlers;
        }
        for (String key : keyPaths(g, hashed, keyPathShare)) {
            int best = 0;
            for (int i = 1; i < crawlers; i++) {
                if (load[i] < load[best]) {
                    best = i;
                }
            }
            assignment.get(best).add(key);
            load[best] += g.members[g.index.get(key)].length;
        }
        return withAssignment(assignment, seedsPerPath, groups);
    }

    /**
     * The directories to split, and the groups to hash, for {@code crawlers} crawlers: while some group holds more than
     * 1/crawlers of the URLs, the largest such directory that has sub-directories is split; what is left above the
     * share and cannot be split is hashed. One crawler: nothing.
     */
    PathGroups splitFor(int crawlers) {
        if (crawlers <= 1 || graph.size() == 0) {
            return PathGroups.NONE;
        }
        double share = graph.size() / (double) crawlers;
        List<String> split = new ArrayList<>();
        Set<String> unsplittable = new java.util.HashSet<>();
        Grouping g = firstLevel;
        while (split.size() < MAX_SPLITS) {
            String chosen = null;
            for (int p : g.bySize()) {
                if (g.members[p].length <= share) {
                    break;
                }
                String name = g.names[p];
                if (split.contains(name) || unsplittable.contains(name)) {
                    continue;   // a split directory's own files, or a directory with nothing deeper
                }
                if (depth(name) < MAX_DEPTH && hasDeeper(g.members[p], name)) {
                    chosen = name;
                    break;
                }
                unsplittable.add(name);
            }
            if (chosen == null) {
                break;
            }
            split.add(chosen);
            g = new Grouping(graph, Set.copyOf(split));
        }
        List<String> hashed = new ArrayList<>();
        for (int p : g.bySize()) {
            if (g.members[p].length <= share) {
                break;
            }
            hashed.add(g.names[p]);
        }
        PathGroups groups = new PathGroups(split, hashed);
        if (!split.isEmpty()) {
            groupings.putIfAbsent(groups.split(), g);
        }
        return groups;
    }

    /** Directory levels of a path ({@code host/}: 0, {@code host/a}: 1, {@code host/a/b}: 2). */
    private static int depth(String path) {
        int slash = path.indexOf('/');
        int d = 0;
        for (int i = slash + 1; i < path.length(); i++) {
            if (path.charAt(i) == '/') {
                d++;
            }
        }
        return slash < 0 || slash == path.length() - 1 ? 0 : d + 1;
    }

    /** Whether some URL of the group has a directory below the group's. */
    private boolean hasDeeper(int[] members, String name) {
        int d = depth(name);
        if (d == 0) {
            return false;   // host/: files at the root, no directory to descend into
        }
        for (int v : members) {
            if (!UrlPath.of(graph.url(v), d + 1).equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** A plan with the given key paths per crawler (an edited plan of first-level paths); unknown paths hold no URLs. */
    public PartitionPlan withAssignment(List<List<String>> pathsPerCrawler, int seedsPerPath) {
        return withAssignment(pathsPerCrawler, seedsPerPath, PathGroups.NONE);
    }

    /**
     * A plan with the given key paths per crawler, URLs grouped under the given split directories and hashed groups (an
     * edited plan keeps its saved plan's); paths unknown to the graph hold no URLs.
     */
    public PartitionPlan withAssignment(List<List<String>> pathsPerCrawler, int seedsPerPath, PathGroups groups) {
        Grouping g = grouping(groups);
        String home = graph.url(graph.home());
        List<PartitionPlan.Crawler> crawlers = new ArrayList<>();
        Set<String> owned = new LinkedHashSet<>(groups.hashed());
        for (int i = 0; i < pathsPerCrawler.size(); i++) {
            Set<String> seeds = new LinkedHashSet<>();
            seeds.add(home);
            long urls = 0;
            for (String path : pathsPerCrawler.get(i)) {
                owned.add(path);
                Integer p = g.index.get(path);
                if (p == null) {
                    continue;
                }
                urls += g.members[p].length;
                for (int v : supplementarySeeds(g.members[p], seedsPerPath)) {
                    seeds.add(graph.url(v));
                }
            }
            crawlers.add(new PartitionPlan.Crawler(i, List.copyOf(pathsPerCrawler.get(i)), List.copyOf(seeds), urls));
        }
        List<String> nonKey = new ArrayList<>();
        for (int p : g.bySize()) {
            if (!owned.contains(g.names[p])) {
                nonKey.add(g.names[p]);
            }
        }
        return new PartitionPlan(crawlers, nonKey, groups.split(), groups.hashed());
    }

    /** The {@code k} vertices of a group with the highest in-degree, ties broken by the smallest crawl level. */
    int[] supplementarySeeds(int[] vs, int k) {
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
