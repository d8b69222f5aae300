package io.trawler.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a sharded crawl's page limit and budget move between its shards, decided in plain Java. */
class AllowancesTest {

    private static Allowances.Shard shard(long maxPages, long admitted, long held, boolean drained) {
        return new Allowances.Shard(maxPages, admitted, held, 0, admitted, 0, drained);
    }

    @Test
    void nothingMovesWhileNoShardWantsMore() {
        List<Allowances.Shard> shards = List.of(shard(10, 4, 0, true), shard(10, 10, 0, false));
        assertEquals(List.of(), Allowances.releasable(0, 0, shards));
        assertEquals(Map.of(), Allowances.grants(0, 0, shards));
        assertFalse(Allowances.exhausted(0, shards));
    }

    @Test
    void aDrainedShardGivesBackWhatItDidNotUseToAShardHoldingUrls() {
        List<Allowances.Shard> shards = List.of(shard(10, 10, 25, false), shard(10, 3, 0, true), shard(10, 5, 0, false));
        assertEquals(List.of(1), Allowances.releasable(0, 0, shards), "only the drained shard, not the one still busy");
        assertEquals(Map.of(0, new Allowances.Grant(7, 0)), Allowances.grants(7, 0, shards));
    }

    @Test
    void freeAllowanceIsSharedByWhatEachShardHoldsAndNeverBeyondIt() {
        List<Allowances.Shard> shards = List.of(shard(10, 10, 30, false), shard(10, 10, 10, false), shard(10, 10, 2, false));
        Map<Integer, Allowances.Grant> g = Allowances.grants(20, 0, shards);
        assertEquals(20, g.values().stream().mapToLong(Allowances.Grant::pages).sum());
        assertTrue(g.get(0).pages() >= g.get(1).pages() && g.getOrDefault(2, new Allowances.Grant(0, 0)).pages() <= 2, g.toString());
        assertEquals(12, Allowances.grants(100, 0, List.of(shard(10, 10, 12, false))).get(0).pages(), "never more than it holds");
    }

    @Test
    void heldUrlsAreLetGoOnceNoAllowanceIsLeftAnywhere() {
        assertTrue(Allowances.exhausted(0, List.of(shard(10, 10, 5, false), shard(10, 10, 0, true))));
        assertFalse(Allowances.exhausted(0, List.of(shard(10, 10, 5, false), shard(10, 7, 0, false))), "a busy shard may still give back");
        assertFalse(Allowances.exhausted(3, List.of(shard(10, 10, 5, false))), "free allowance left");
    }

    @Test
    void budgetGoesToShardsThatSpentTheirsWithUrlsQueued() {
        Allowances.Shard spent = new Allowances.Shard(0, 0, 0, 10, 10, 40, false);
        Allowances.Shard dry = new Allowances.Shard(0, 0, 0, 10, 2, 0, true);
        assertEquals(List.of(1), Allowances.releasable(0, 0, List.of(spent, dry)));
        assertEquals(Map.of(0, new Allowances.Grant(0, 8)), Allowances.grants(0, 8, List.of(spent, dry)));
        assertEquals(0, Allowances.free(30, List.of(10L, 10L, 10L)));
        assertEquals(8, Allowances.free(30, List.of(10L, 2L, 10L)));
    }
}
