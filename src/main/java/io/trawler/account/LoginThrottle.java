package io.trawler.account;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Slows down password guessing at the login form: after {@value #FREE_FAILURES} failed logins for a user name
 * (or {@value #FREE_FAILURES_PER_ADDRESS} from one address, which may be a shared proxy) within {@link #WINDOW},
 * each further attempt must wait twice as long as the one before (1 s, 2 s, … up to 5 minutes); a success clears
 * the user name. Kept in memory, at most {@value #MAX_ENTRIES} keys
 * (the oldest are dropped past that), so a flood of names cannot grow it without end.
 */
@ApplicationScoped
public class LoginThrottle {

    static final int FREE_FAILURES = 5;
    static final int FREE_FAILURES_PER_ADDRESS = 50;
    static final Duration WINDOW = Duration.ofMinutes(15);
    static final long MAX_WAIT_MS = Duration.ofMinutes(5).toMillis();
    static final int MAX_ENTRIES = 10_000;

    private record Failures(int count, long first, long blockedUntil) {
    }

    private final Map<String, Failures> failures = new ConcurrentHashMap<>();

    /** Milliseconds the caller must still wait before trying this user name from this address (0: go ahead). */
    public long waitMs(String username, String address, long now) {
        return Math.max(wait("u:" + username, now), wait("a:" + address, now));
    }

    public void failed(String username, String address, long now) {
        record("u:" + username, now, FREE_FAILURES);
        record("a:" + address, now, FREE_FAILURES_PER_ADDRESS);
    }

    public void succeeded(String username) {
        failures.remove("u:" + username);
    }

    private long wait(String key, long now) {
        Failures f = failures.get(key);
        return f == null ? 0 : Math.max(0, f.blockedUntil() - now);
    }

    private void record(String key, long now, int free) {
        if (failures.size() >= MAX_ENTRIES) {
            failures.entrySet().removeIf(e -> e.getValue().first() < now - WINDOW.toMillis());
            if (failures.size() >= MAX_ENTRIES) {
                failures.clear();
            }
        }
        failures.compute(key, (k, f) -> {
            if (f == null || f.first() < now - WINDOW.toMillis()) {
                return new Failures(1, now, 0);
            }
            int n = f.count() + 1;
            long wait = n <= free ? 0 : Math.min(MAX_WAIT_MS, 1000L << Math.min(20, n - free - 1));
            return new Failures(n, f.first(), now + wait);
        });
    }
}
