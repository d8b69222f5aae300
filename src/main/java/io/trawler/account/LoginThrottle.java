package io.trawler.account;

import io.trawler.redis.LuaScript;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * Slows down password guessing at the login form: after {@value #FREE_FAILURES} attempts for a user name (or
 * {@value #FREE_FAILURES_PER_ADDRESS} from one address, which may be a shared proxy; IPv6 addresses by their /64)
 * within {@link #WINDOW} that did not succeed, each further attempt must wait twice as long as the one before (1 s,
 * 2 s, … up to 5 minutes). An attempt is checked and counted in one step; a success forgets the user name and gives
 * the address its attempt back.
 *
 * <p>Shared through Redis, so that every manager enforces one limit: a hash per user name and per address that
 * expires with its window (one Lua script per check), so a flood of fresh names costs Redis a few hundred bytes per
 * name for 15 minutes and forgets nobody. When Redis is out of reach the throttle falls back to this process's own
 * table, bounded at {@value #MAX_ENTRIES} keys: when it is full the coldest keys go first (fewest failures, then the
 * oldest), never a blocked one while colder ones remain, so a flood of fresh names cannot flush a blocked user.
 */
@ApplicationScoped
public class LoginThrottle {

    private static final Logger LOG = Logger.getLogger(LoginThrottle.class);
    static final int FREE_FAILURES = 5;
    static final int FREE_FAILURES_PER_ADDRESS = 50;
    static final Duration WINDOW = Duration.ofMinutes(15);
    static final long MAX_WAIT_MS = Duration.ofMinutes(5).toMillis();
    static final int MAX_ENTRIES = 10_000;
    private static final String PREFIX = "t:login:";
    private static final LuaScript SCRIPT = new LuaScript("account/login-throttle.lua");

    record Failures(int count, long first, long blockedUntil) {
    }

    private final Redis redis;
    private final Map<String, Failures> local = new ConcurrentHashMap<>();
    private volatile long fallbackLoggedAt;

    public LoginThrottle(Redis redis) {
        this.redis = redis;
    }

    /**
     * An attempt to log in as {@code username} from {@code address}: 0 when it may go ahead (it is counted, in one
     * step with the check, so parallel guesses cannot all pass one check), else the milliseconds it must still wait.
     */
    public long attempt(String username, String address, long now) {
        String a = "a:" + addressKey(address);
        long byAddress = check("attempt", a, now, FREE_FAILURES_PER_ADDRESS);
        if (byAddress > 0) {
            return byAddress;
        }
        long byName = check("attempt", "u:" + username, now, FREE_FAILURES);
        if (byName > 0) {
            success(a, false);   // not tried after all: the address gets its attempt back
        }
        return byName;
    }

    /** The attempt succeeded: the user name is forgotten and the address gets its attempt back. */
    public void succeeded(String username, String address) {
        success("u:" + username, true);
        success("a:" + addressKey(address), false);
    }

    /**
     * The key of an address: IPv4 as it is, IPv6 by its /64 (a host usually holds a whole /64, so one address per
     * attempt would give it a fresh budget each time).
     */
    static String addressKey(String address) {
        if (address == null || address.indexOf(':') < 0) {
            return address == null ? "" : address;
        }
        try {
            byte[] b = java.net.InetAddress.getByName(address.startsWith("[") ? address : "[" + address + "]").getAddress();
            if (b.length == 16) {
                return java.util.HexFormat.of().formatHex(b, 0, 8) + "::/64";
            }
        } catch (java.net.UnknownHostException | RuntimeException notLiteral) {
            // keep it as it is
        }
        return address;
    }

    private void success(String key, boolean forget) {
        localSuccess(key, forget);
        try {
            SCRIPT.runMixed(redis, key(key), List.of("success", 0, 0, 0, 0, forget ? "forget" : "return"))
                    .toCompletionStage().toCompletableFuture().get(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            logFallback(e);
        }
    }

    private long check(String op, String key, long now, int free) {
        try {
            Response r = SCRIPT.runMixed(redis, key(key), List.of(op, now, free, WINDOW.toMillis(), MAX_WAIT_MS))
                    .toCompletionStage().toCompletableFuture().get(2, TimeUnit.SECONDS);
            long shared = r == null ? 0 : r.toLong();
            // what this process saw while Redis was away still counts until its window ends
            return Math.max(shared, localWait(key, now));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return localAttempt(key, now, free);
        } catch (Exception e) {
            logFallback(e);
            return localAttempt(key, now, free);
        }
    }

    private static String key(String key) {
        return PREFIX + key;
    }

    private void logFallback(Exception e) {
        long now = System.currentTimeMillis();
        if (now - fallbackLoggedAt > 60_000) {
            fallbackLoggedAt = now;
            LOG.warnf("Login throttle: Redis out of reach (%s); this process throttles on its own until it is back", e.toString());
        }
    }

    /** The same as the script, in this process's table. */
    synchronized long localAttempt(String key, long now, int free) {
        long wait = localWait(key, now);
        if (wait > 0) {
            return wait;
        }
        if (local.size() >= MAX_ENTRIES && !local.containsKey(key)) {
            evictColdest(now);
        }
        local.compute(key, (k, old) -> {
            if (old == null || old.first() < now - WINDOW.toMillis()) {
                old = new Failures(0, now, 0);
            }
            int n = old.count() + 1;
            long until = n < free ? old.blockedUntil() : now + Math.min(MAX_WAIT_MS, 1000L << Math.min(20, n - free));
            return new Failures(n, old.first(), until);
        });
        return 0;
    }

    private synchronized void localSuccess(String key, boolean forget) {
        if (forget) {
            local.remove(key);
        } else {
            local.computeIfPresent(key, (k, f) -> f.count() <= 1 ? null : new Failures(f.count() - 1, f.first(), f.blockedUntil()));
        }
    }

    private long localWait(String key, long now) {
        Failures f = local.get(key);
        return f == null ? 0 : Math.max(0, f.blockedUntil() - now);
    }

    /** Drops expired keys, then the coldest tenth (fewest attempts, oldest first); blocked keys go last. */
    private void evictColdest(long now) {
        if (local.size() < MAX_ENTRIES) {
            return;
        }
        local.entrySet().removeIf(e -> e.getValue().first() < now - WINDOW.toMillis() && e.getValue().blockedUntil() < now);
        int excess = local.size() - MAX_ENTRIES * 9 / 10;
        if (excess <= 0) {
            return;
        }
        List<Map.Entry<String, Failures>> entries = new ArrayList<>(local.entrySet());
        entries.sort(Comparator.<Map.Entry<String, Failures>>comparingInt(e -> e.getValue().blockedUntil() > now ? 1 : 0)
                .thenComparingInt(e -> e.getValue().count()).thenComparingLong(e -> e.getValue().first()));
        for (int i = 0; i < excess && i < entries.size(); i++) {
            local.remove(entries.get(i).getKey(), entries.get(i).getValue());
        }
    }

    /** Keys the local fallback table holds (for tests). */
    int localSize() {
        return local.size();
    }
}
