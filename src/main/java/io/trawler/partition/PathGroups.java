package io.trawler.partition;

import java.util.List;
import java.util.Set;

/**
 * How a plan groups a site's URLs below the first directory level: the directories it split into their sub-directories
 * ({@code split}) and the groups whose URLs go to every crawler by path hash ({@code hashed}). Carried in a crawl's spec,
 * so that workers route links as the planner grouped them. Empty for a plan of first-level paths only.
 */
public record PathGroups(List<String> split, List<String> hashed) {

    public static final PathGroups NONE = new PathGroups(List.of(), List.of());

    public PathGroups {
        split = split == null ? List.of() : List.copyOf(split);
        hashed = hashed == null ? List.of() : List.copyOf(hashed);
    }

    /** A lookup of these groups (sets, for routing every discovered link). */
    public Lookup lookup() {
        return new Lookup(Set.copyOf(split), Set.copyOf(hashed));
    }

    /** The groups as sets. */
    public record Lookup(Set<String> split, Set<String> hashed) {

        /** The group of a URL ({@link UrlPath#group}). */
        public String group(String url) {
            return split.isEmpty() ? UrlPath.of(url) : UrlPath.group(url, split);
        }

        public boolean hashed(String group) {
            return hashed.contains(group);
        }
    }
}
