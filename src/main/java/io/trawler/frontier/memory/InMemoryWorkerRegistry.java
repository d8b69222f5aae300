package io.trawler.frontier.memory;

import io.trawler.frontier.WorkerRegistry;
import io.vertx.core.Future;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link WorkerRegistry} in one process's memory, with the Redis registry's rules: the last hundred workers heard
 * from in a day, live while they reported within the node timeout, their nodes and source addresses.
 */
public final class InMemoryWorkerRegistry implements WorkerRegistry {

    private static final Duration FORGET = Duration.ofDays(1);

    private record Heard(long at, Load load) {
    }

    private final Map<String, Heard> workers = new ConcurrentHashMap<>();
    private final Duration timeout;

    /** @param nodeTimeout how long a worker may be silent and still be live */
    public InMemoryWorkerRegistry(Duration nodeTimeout) {
        this.timeout = nodeTimeout;
    }

    @Override
    public Future<Void> report(String worker, Load load, long now) {
        workers.put(worker, new Heard(now, load));
        return Future.succeededFuture();
    }

    @Override
    public List<Worker> list() {
        long now = System.currentTimeMillis();
        workers.entrySet().removeIf(e -> e.getValue().at() < now - FORGET.toMillis());
        return workers.entrySet().stream().sorted(Comparator.comparingLong((Map.Entry<String, Heard> e) -> e.getValue().at()).reversed())
                .limit(100).map(e -> worker(e.getKey(), e.getValue(), now)).toList();
    }

    @Override
    public Map<String, List<Worker>> liveNodes() {
        long now = System.currentTimeMillis();
        Map<String, List<Worker>> nodes = new TreeMap<>();
        workers.forEach((name, heard) -> {
            Worker w = worker(name, heard, now);
            if (!w.stale()) {
                nodes.computeIfAbsent(w.node(), n -> new ArrayList<>()).add(w);
            }
        });
        return nodes;
    }

    @Override
    public List<String> addressesOf(String node) {
        List<Worker> ws = liveNodes().get(node);
        return ws == null ? List.of() : ws.stream().flatMap(w -> w.addresses().stream()).distinct().sorted().toList();
    }

    private Worker worker(String name, Heard h, long now) {
        Load l = h.load();
        String node = l.node() == null || l.node().isEmpty() ? name : l.node();
        return new Worker(name, node, l.addresses(), Instant.ofEpochMilli(h.at()), l.inFlight(), l.concurrency(), l.pages(), l.crawls(),
                now - h.at() > timeout.toMillis());
    }
}
