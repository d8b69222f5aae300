package io.trawler.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A node's fetches of one host from one address leave at least a delay apart, whichever lane leased them. */
class ClientSpacingTest {

    @Test
    void fetchesThatFallTogetherAreSpacedByTheDelay() {
        ClientSpacing s = new ClientSpacing();
        // three lanes' leases of the same host at the same moment: one now, one a delay later, one two delays later
        assertEquals(0, s.reserve("127.0.0.2", "a.test", 40, 1000));
        assertEquals(40, s.reserve("127.0.0.2", "a.test", 40, 1000));
        assertEquals(80, s.reserve("127.0.0.2", "a.test", 40, 1000));
        assertEquals(0, s.reserve("127.0.0.3", "a.test", 40, 1000), "another address is another client");
        assertEquals(0, s.reserve("127.0.0.2", "b.test", 40, 1000), "another host");
        assertEquals(0, s.reserve("127.0.0.2", "a.test", 40, 1200), "long after the last: at once");
        assertEquals(0, s.reserve("127.0.0.2", "a.test", 0, 1200), "no delay: never held back");
    }
}
