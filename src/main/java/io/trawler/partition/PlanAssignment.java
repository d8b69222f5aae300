package io.trawler.partition;

import io.trawler.hashing.NodeAssignment;
import io.trawler.hashing.PathHash;
import java.util.Map;

/**
 * A site partition plan as a node assignment: a URL whose URL path is a key path goes to the path's
 * crawler; any other URL by path hash mod m (the crawl model shares non-key paths; a node assignment must
 * still name one node).
 */
public final class PlanAssignment implements NodeAssignment {

    private final Map<String, Integer> owners;
    private final int nodes;

    public PlanAssignment(PartitionPlan plan) {
        this.owners = plan.owners();
        this.nodes = plan.size();
    }

    /** Plans {@code nodes} crawlers for a list of URLs (no links: key paths by URL count alone). */
    public static PlanAssignment forUrls(String[] urls, int nodes, double keyPathShare) {
        LinkGraph g = LinkGraph.of(urls, new int[0], new int[0], 0, 0);
        return new PlanAssignment(new SitePartitioner(g).plan(nodes, keyPathShare, 0));
    }

    @Override
    public int nodeOf(String url) {
        Integer owner = owners.get(UrlPath.of(url));
        return owner != null ? owner : PathHash.of(url) % nodes;
    }

    @Override
    public int nodes() {
        return nodes;
    }

    @Override
    public String name() {
        return "site partition plan (90 % key paths)";
    }
}
