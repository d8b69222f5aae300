package io.trawler.account;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * The login throttle under a flood of fresh user names from many addresses (the reproduced attack: 212 addresses ×
 * 48 attempts with unique names, 10,176 failures, flushed the old in-memory table and unblocked the user): shared
 * through Redis, and in the local fallback table used while Redis is away.
 */
@QuarkusTest
class LoginThrottleTest {

    @Inject
    LoginThrottle throttle;

    @Test
    void aFloodOfFreshNamesDoesNotUnblockAUser() {
        long now = System.currentTimeMillis();
        String victim = "victim-" + now;
        for (int i = 0; i < 8; i++) {
            throttle.failed(victim, "127.0.0.9", now);
        }
        assertTrue(throttle.waitMs(victim, "127.0.0.10", now) > 0, "blocked after 8 failures");
        flood(throttle, now, 250, 48);
        assertTrue(throttle.waitMs(victim, "127.0.0.10", now) > 0, "still blocked after 12,000 failures with fresh names");
        throttle.succeeded(victim);
        assertEquals(0, throttle.waitMs(victim, "127.0.0.10", now));
    }

    @Test
    void theLocalFallbackKeepsItsHottestKeysWhenFull() {
        LoginThrottle alone = new LoginThrottle(null);   // no Redis at all: every call falls back
        long now = System.currentTimeMillis();
        for (int i = 0; i < 8; i++) {
            alone.failed("victim", "10.0.0.1", now);
        }
        flood(alone, now, 250, 48);
        assertTrue(alone.localSize() <= LoginThrottle.MAX_ENTRIES, "bounded: " + alone.localSize());
        assertTrue(alone.waitMs("victim", "10.0.0.2", now) > 0, "the blocked user survives the flood");
        assertTrue(alone.waitMs("nobody", "10.0.0.2", now) == 0);
    }

    private static void flood(LoginThrottle t, long now, int addresses, int perAddress) {
        for (int a = 0; a < addresses; a++) {
            for (int n = 0; n < perAddress; n++) {
                t.failed("fresh-" + a + "-" + n + "-" + now, "198.51." + (a / 200) + "." + (a % 200), now);
            }
        }
    }
}
