package io.trawler.partition;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How a site is split across crawlers (seed 000): each crawler's key paths, its seeds (the home page and
 * the supplementary seeds of its key paths) and how many known URLs its key paths hold; the paths that are
 * no one's key path are shared.
 */
public record PartitionPlan(List<Crawler> crawlers, List<String> nonKeyPaths) {

    /** One crawler's share. */
    public record Crawler(int index, List<String> paths, List<String> seeds, long urls) {
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

    public int size() {
        return crawlers.size();
    }
}
