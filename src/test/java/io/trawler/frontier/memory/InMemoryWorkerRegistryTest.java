package io.trawler.frontier.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.frontier.WorkerRegistry;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The in-memory worker registry keeps the Redis registry's rules: live within the node timeout, forgotten after a day. */
class InMemoryWorkerRegistryTest {

    @Test
    void liveWorkersTheirNodesAndAddresses() {
        InMemoryWorkerRegistry r = new InMemoryWorkerRegistry(Duration.ofSeconds(10));
        long now = System.currentTimeMillis();
        r.report("w1", new WorkerRegistry.Load(3, 64, 120, 2, "n1", List.of("127.0.0.3", "127.0.0.2")), now);
        r.report("w2", new WorkerRegistry.Load(0, 64, 0, 0, "n1", List.of("127.0.0.2")), now);
        r.report("old", new WorkerRegistry.Load(0, 8, 5, 1, "", List.of()), now - 60_000);
        r.report("gone", new WorkerRegistry.Load(0, 8, 5, 1, "n9", List.of()), now - Duration.ofDays(2).toMillis());
        assertEquals(List.of("n1"), List.copyOf(r.liveNodes().keySet()));
        assertEquals(2, r.liveNodes().get("n1").size());
        assertEquals(List.of("127.0.0.2", "127.0.0.3"), r.addressesOf("n1"));
        assertEquals(List.of(), r.addressesOf("n9"));
        List<WorkerRegistry.Worker> listed = r.list();
        assertEquals(List.of("w1", "w2", "old"), listed.stream().map(WorkerRegistry.Worker::name).toList().subList(0, 3).stream()
                .sorted((a, b) -> a.equals("old") ? 1 : b.equals("old") ? -1 : a.compareTo(b)).toList());
        WorkerRegistry.Worker old = listed.stream().filter(w -> w.name().equals("old")).findFirst().orElseThrow();
        assertTrue(old.stale());
        assertEquals("old", old.node(), "a worker without a node is its own node");
        assertFalse(listed.stream().anyMatch(w -> w.name().equals("gone")), "silent for a day: forgotten");
        assertEquals(3, listed.get(0).inFlight() + listed.get(1).inFlight());
    }
}
