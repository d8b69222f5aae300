package io.trawler.crawl;

import io.trawler.frontier.RedisFrontier;
import io.trawler.partition.LaneNodes;
import io.trawler.worker.WorkerDirectory;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * Places the lanes of partitioned crawls (and of crawls asked to run on a named node) on live worker nodes
 * ({@link LaneNodes}): at start, then every second from the {@link CrawlMonitor}, so that the lanes of a node that
 * stopped heart-beating move to a live one within {@code trawler.worker.node-timeout}. Unpartitioned crawls are
 * served by any worker and are left alone.
 */
@ApplicationScoped
public class LanePlacement {

    private static final Logger LOG = Logger.getLogger(LanePlacement.class);

    private final WorkerDirectory workers;
    private final RedisFrontier frontier;
    /** The placement last written, per crawl: the load of each node when placing another crawl's lanes. */
    private final Map<String, List<String>> placed = new ConcurrentHashMap<>();

    public LanePlacement(WorkerDirectory workers, RedisFrontier frontier) {
        this.workers = workers;
        this.frontier = frontier;
    }

    /** Whether the crawl's lanes are placed on nodes at all. */
    static boolean placed(CrawlSpec spec) {
        return spec.partitions() > 1 || spec.nodes() != null && !spec.nodes().isEmpty();
    }

    /** The nodes a new crawl's lanes start on ({@code ""}: any node, when none is live yet). */
    public List<String> initial(String crawlId, int lanes, List<String> pinned) {
        List<String> nodes = LaneNodes.place(Collections.nCopies(lanes, ""), pinned, liveLoad(crawlId));
        placed.put(crawlId, nodes);
        return nodes;
    }

    /** Moves the lanes of the given active crawls whose node is silent (or back, when pinned there). */
    void rebalance(List<CrawlSpec> active) {
        placed.keySet().retainAll(active.stream().map(CrawlSpec::crawlId).toList());
        for (CrawlSpec spec : active) {
            if (!placed(spec)) {
                continue;
            }
            List<String> current = CrawlService.await(frontier.laneNodes(spec.crawlId(), spec.partitions()));
            List<String> next = LaneNodes.place(current, spec.nodes() == null ? List.of() : spec.nodes(), liveLoad(spec.crawlId()));
            Map<Integer, String> moves = LaneNodes.moves(current, next);
            if (!moves.isEmpty()) {
                CrawlService.await(frontier.assignLanes(spec.crawlId(), moves));
                moves.forEach((lane, node) -> LOG.infof("Crawl %s: lane %d moved from node %s to node %s", spec.crawlId(), lane,
                        current.get(lane).isEmpty() ? "(any)" : current.get(lane), node.isEmpty() ? "(any)" : node));
            }
            placed.put(spec.crawlId(), next);
        }
    }

    /** The live nodes, each with the lanes of other crawls it serves. */
    private Map<String, Integer> liveLoad(String except) {
        Map<String, Integer> load = new HashMap<>();
        workers.liveNodes().keySet().forEach(n -> load.put(n, 0));
        placed.forEach((crawl, nodes) -> {
            if (!crawl.equals(except)) {
                new ArrayList<>(nodes).forEach(n -> load.computeIfPresent(n, (k, v) -> v + 1));
            }
        });
        return load;
    }
}
