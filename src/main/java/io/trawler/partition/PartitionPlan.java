package io.trawler.partition;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How a site is split across crawlers (seed 000): each crawler's key paths, its seeds (the home page and
 * the supplementary seeds of its key paths) and how many known URLs its key paths hold; the paths that are
 * no one's key path are shared. A directory holding more than a crawler's share of the site is split into its
 * sub-directories ({@code splitPaths}: its URLs are grouped one level deeper, see {@link UrlPath#group}); a group that
 * still holds more than a share and has no sub-directory to split is spread over every crawler by path hash
 * ({@code hashedPaths}, seed 004's assignment), not given to one.
 */
public record PartitionPlan(List<Crawler> crawlers, List<String> nonKeyPaths, List<String> splitPaths, List<String> hashedPaths) {

    /** One crawler's share. */
    public record Crawler(int index, List<String> paths, List<String> seeds, long urls) {
    }

    public PartitionPlan {
        crawlers = List.copyOf(crawlers);
        nonKeyPaths = nonKeyPaths == null ? List.of() : List.copyOf(nonKeyPaths);
        splitPaths = splitPaths == null ? List.of() : List.copyOf(splitPaths);   // plans saved before splitting existed
        hashedPaths = hashedPaths == null ? List.of() : List.copyOf(hashedPaths);
    }

    public PartitionPlan(List<Crawler> crawlers, List<String> nonKeyPaths) {
        this(crawlers, nonKeyPaths, List.of(), List.of());
    }

    /** Key path → index of the crawler that owns it. */
    public Map<String, Integer> owners() {
        Map<String, Integer> owners = new HashMap<>();
        for (Crawler c : crawlers) {
            for (String p : c.paths()) {
                owners.put(p, c.index());
            }
        }
        return owners;
    }

    /** How the plan groups URLs: the directories it split and the groups it spreads by path hash. */
    public PathGroups groups() {
        return new PathGroups(splitPaths, hashedPaths);
    }

    public int size() {
        return crawlers.size();
    }
}
