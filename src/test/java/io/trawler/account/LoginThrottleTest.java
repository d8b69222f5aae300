package io.trawler.account;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.trawler.testsupport.RedisKeys;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The login throttle under a flood of fresh user names from many addresses (the reproduced attack: 212 addresses ×
 * 48 attempts with unique names, 10,176 failures, flushed the old in-memory table and unblocked the user): shared
 * through Redis, and in the local fallback table used while Redis is away; parallel guesses; IPv6 by /64.
 */
@QuarkusTest
class LoginThrottleTest {

    @Inject
    LoginThrottle throttle;

    @Inject
    io.vertx.redis.client.Redis redis;

    /** The flood leaves 24,000 keys that would expire in the middle of later tests. */
    @org.junit.jupiter.api.AfterEach
    void forgetTheFlood() {
        RedisKeys.deleteMatching(redis, "t:login:*");
    }

    @Test
    void aFloodOfFreshNamesDoesNotUnblockAUser() {
        assertFloodKeepsTheVictimBlocked(throttle, "victim-" + System.nanoTime());
    }

    @Test
    void theLocalFallbackKeepsItsHottestKeysWhenFull() {
        LoginThrottle alone = new LoginThrottle(null);   // no Redis at all: every call falls back
        assertFloodKeepsTheVictimBlocked(alone, "victim");
        assertTrue(alone.localSize() <= LoginThrottle.MAX_ENTRIES, "bounded: " + alone.localSize());
    }

    private static void assertFloodKeepsTheVictimBlocked(LoginThrottle t, String victim) {
        long now = System.currentTimeMillis();
        for (int i = 0; i < LoginThrottle.FREE_FAILURES; i++) {
            assertEquals(0, t.attempt(victim, "203.0.113.9", now), "attempt " + (i + 1) + " is free");
        }
        assertTrue(t.attempt(victim, "203.0.113.10", now) > 0, "blocked after the 5 free attempts (not 6)");
        for (int a = 0; a < 250; a++) {
            for (int n = 0; n < 48; n++) {
                t.attempt("fresh-" + a + "-" + n + "-" + now, "198.51." + (a / 200) + "." + (a % 200), now);
            }
        }
        assertTrue(t.attempt(victim, "203.0.113.10", now) > 0, "still blocked after 12,000 attempts with fresh names");
        t.succeeded(victim, "203.0.113.10");
        assertEquals(0, t.attempt(victim, "203.0.113.10", now));
    }

    @Test
    void parallelGuessesCannotAllPassOneCheck() throws Exception {
        String name = "parallel-" + System.nanoTime();
        long now = System.currentTimeMillis();
        for (int i = 0; i < LoginThrottle.FREE_FAILURES; i++) {
            assertEquals(0, throttle.attempt(name, "192.0.2." + i, now));
        }
        long wait = throttle.attempt(name, "192.0.2.99", now);
        assertTrue(wait > 0 && wait <= 1000, "the free attempts used, the next waits a second: " + wait);
        long later = now + 1000;
        List<CompletableFuture<Long>> guesses = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            String address = "192.0.2." + (100 + i);
            guesses.add(CompletableFuture.supplyAsync(() -> throttle.attempt(name, address, later)));
        }
        long through = guesses.stream().map(CompletableFuture::join).filter(w -> w == 0).count();
        assertEquals(1, through, "of 16 guesses at once after the wait, only the first goes ahead");
    }

    @Test
    void ipv6AddressesShareTheirSlash64() {
        assertEquals(LoginThrottle.addressKey("2001:db8:1:2::1"), LoginThrottle.addressKey("2001:db8:1:2:ffff::9"));
        assertTrue(!LoginThrottle.addressKey("2001:db8:1:2::1").equals(LoginThrottle.addressKey("2001:db8:1:3::1")));
        assertEquals("198.51.100.7", LoginThrottle.addressKey("198.51.100.7"));
    }
}
