package io.trawler.frontier.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The in-memory sorted set keeps a Redis sorted set's order and its flags' rules. */
class ScoredSetTest {

    private static List<String> members(List<ScoredSet.Item> items) {
        return items.stream().map(ScoredSet.Item::member).toList();
    }

    @Test
    void ordersByScoreThenByMember() {
        ScoredSet s = new ScoredSet();
        assertTrue(s.put("b", 1));
        assertTrue(s.put("a", 1));
        assertTrue(s.put("c", 0));
        assertFalse(s.put("c", 2), "a second put moves the member");
        assertEquals(List.of("a", "b", "c"), members(s.items()));
        assertEquals(List.of("a", "b"), members(s.upTo(1, 10)));
        assertEquals(List.of("b"), members(s.range(1, 1)));
        assertEquals(1, s.countAbove(1));
    }

    @Test
    void theFlagsOfZaddAndZincrby() {
        ScoredSet s = new ScoredSet();
        assertTrue(s.putLower("x", 5));
        assertFalse(s.putLower("x", 7));
        assertEquals(5.0, s.score("x"), "LT never raises a score");
        s.putLower("x", 3);
        assertEquals(3.0, s.score("x"));
        assertFalse(s.update("y", 1), "XX never adds");
        assertNull(s.score("y"));
        assertTrue(s.add("x", -1));
        assertEquals(2.0, s.score("x"));
        assertFalse(s.add("y", 1));
    }

    @Test
    void popsTheFirstOrARandomMemberOnce() {
        ScoredSet s = new ScoredSet();
        for (int i = 0; i < 100; i++) {
            s.put("m" + i, i);
        }
        assertEquals("m0", s.popFirst().member());
        Set<String> popped = new HashSet<>();
        SplittableRandom random = new SplittableRandom(7);
        while (!s.isEmpty()) {
            assertTrue(popped.add(s.popRandom(random).member()));
        }
        assertEquals(99, popped.size());
        assertNull(s.popFirst());
        assertNull(s.popRandom(random));
        assertEquals(0, s.size());
    }
}
