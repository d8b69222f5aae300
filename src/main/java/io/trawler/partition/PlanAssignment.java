package io.trawler.partition;

import io.trawler.hashing.NodeAssignment;

/**
 * A site partition plan as a node assignment: a URL whose group (URL path, deeper where the plan split a directory) is
 * a key path goes to the path's crawler; any other URL by path hash mod m (the crawl model shares non-key paths; a node assignment must
 * still name one node).
 */
public final class PlanAssignment implements NodeAssignment {

    private final LaneRouting routing;
    private final int nodes;

    public PlanAssignment(PartitionPlan plan) {
        this.routing = new LaneRouting(plan.owners(), plan.groups(), CrawlMode.COORDINATED, plan.size());
        this.nodes = plan.size();
    }

    /** Plans {@code nodes} crawlers for a list of URLs (no links: key paths by URL count alone). */
    public static PlanAssignment forUrls(String[] urls, int nodes, double keyPathShare) {
        LinkGraph g = LinkGraph.of(urls, new int[0], new int[0], 0, 0);
        return new PlanAssignment(new SitePartitioner(g).plan(nodes, keyPathShare, 0));
    }

    @Override
    public int nodeOf(String url) {
        return nodes == 1 ? 0 : routing.owner(url);
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
