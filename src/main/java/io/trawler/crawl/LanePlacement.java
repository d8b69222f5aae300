package io.trawler.crawl;

import io.trawler.frontier.Frontier;
import io.trawler.frontier.WorkerRegistry;
import io.trawler.partition.LaneNodes;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
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

    /** A crawl's lanes as placed: how many, the nodes asked for, the nodes they are on ({@code ""}: any). */
    private record Lanes(int count, List<String> pinned, List<String> nodes) {
    }

    /** A crawl whose lanes are not placed (unpartitioned, no node asked for). */
    private static final Lanes UNPLACED = new Lanes(0, List.of(), List.of());

    private final WorkerRegistry workers;
    private final Frontier frontier;
    /** Per active crawl, read from its spec once: the load of each node when placing another crawl's lanes. */
    private final Map<String, Lanes> crawls = new ConcurrentHashMap<>();

    public LanePlacement(WorkerRegistry workers, Frontier frontier) {
        this.workers = workers;
        this.frontier = frontier;
    }

    /** The nodes a new crawl's lanes start on ({@code ""}: any node, when none is live yet). */
    public List<String> initial(String crawlId, int lanes, List<String> pinned) {
        List<String> nodes = LaneNodes.place(Collections.nCopies(lanes, ""), pinned, load(liveNodes(), crawlId));
        crawls.put(crawlId, new Lanes(lanes, pinned, nodes));
        return nodes;
    }

    /** Moves the lanes of the given active crawls whose node is silent (or back, when pinned there). */
    void rebalance(List<Crawl> active, Function<Crawl, CrawlSpec> specOf) {
        crawls.keySet().retainAll(active.stream().map(c -> c.id).toList());
        for (Crawl c : active) {
            crawls.computeIfAbsent(c.id, id -> {
                CrawlSpec spec = specOf.apply(c);
                return spec.placedOnNodes()
                        ? new Lanes(spec.partitions(), spec.nodes() == null ? List.of() : spec.nodes(), List.of())
                        : UNPLACED;
            });
        }
        if (crawls.values().stream().allMatch(l -> l == UNPLACED)) {
            return;
        }
        List<String> live = liveNodes();
        for (Map.Entry<String, Lanes> e : crawls.entrySet()) {
            Lanes lanes = e.getValue();
            if (lanes == UNPLACED) {
                continue;
            }
            String crawlId = e.getKey();
            List<String> current = CrawlService.await(frontier.laneNodes(crawlId, lanes.count()));
            List<String> next = LaneNodes.place(current, lanes.pinned(), load(live, crawlId));
            Map<Integer, String> moves = LaneNodes.moves(current, next);
            if (!moves.isEmpty()) {
                CrawlService.await(frontier.assignLanes(crawlId, moves));
                moves.forEach((lane, node) -> LOG.infof("Crawl %s: lane %d moved from node %s to node %s", crawlId, lane,
                        current.get(lane).isEmpty() ? "(any)" : current.get(lane), node.isEmpty() ? "(any)" : node));
            }
            crawls.put(crawlId, new Lanes(lanes.count(), lanes.pinned(), next));
        }
    }

    private List<String> liveNodes() {
        return List.copyOf(workers.liveNodes().keySet());
    }

    /** The live nodes, each with the lanes of other crawls it serves. */
    private Map<String, Integer> load(List<String> live, String except) {
        Map<String, Integer> load = new HashMap<>();
        live.forEach(n -> load.put(n, 0));
        crawls.forEach((crawl, lanes) -> {
            if (!crawl.equals(except)) {
                lanes.nodes().forEach(n -> load.computeIfPresent(n, (k, v) -> v + 1));
            }
        });
        return load;
    }
}
