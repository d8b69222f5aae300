package io.trawler.revisit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The policies there are: ordered by rank, found by name, never two of one name. */
class UpdatePoliciesTest {

    private static UpdatePolicy policy(String name, int rank, boolean usage) {
        return new UpdatePolicy() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String summary() {
                return "test";
            }

            @Override
            public int rank() {
                return rank;
            }

            @Override
            public boolean readsUsage() {
                return usage;
            }

            @Override
            public PageScheduler schedulerFor(String siteId, RefreshPlan plan, List<String> urls) {
                return (url, h, r, o, first) -> null;
            }
        };
    }

    @Test
    void orderedByRankAndFoundByName() {
        UpdatePolicies p = new UpdatePolicies(List.of(policy("b", 2, false), policy("a", 1, true), policy("c", 2, false)));
        assertEquals(List.of("a", "b", "c"), p.names());
        assertTrue(p.named("b").isPresent());
        assertTrue(p.named("nope").isEmpty());
        assertTrue(p.readsUsage("a"));
        assertFalse(p.readsUsage("b"));
        assertFalse(p.readsUsage("nope"));
    }

    @Test
    void twoPoliciesOfOneNameAreRefused() {
        assertThrows(IllegalStateException.class, () -> new UpdatePolicies(List.of(policy("a", 1, false), policy("a", 2, false))));
    }
}
