package io.trawler.testsite;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A per-client-address rate limit as sites enforce it: a token bucket per source address ({@code perSecond} tokens
 * a second, at most {@code burst} saved up); a request without a token gets 429 with {@code Retry-After: 1}. Keeps
 * every request's time per address, to tell how fast each client and all of them together really went.
 */
public final class ClientRateLimit {

    private final double perSecond;
    private final double burst;
    private final Map<String, double[]> buckets = new HashMap<>();
    private final Map<String, List<Long>> times = new TreeMap<>();
    private int refused;

    public ClientRateLimit(double perSecond, double burst) {
        this.perSecond = perSecond;
        this.burst = burst;
    }

    /** Whether a request from {@code address} at {@code nowNanos} may go ahead (else it gets 429). */
    public synchronized boolean admit(String address, long nowNanos) {
        times.computeIfAbsent(address, a -> new ArrayList<>()).add(nowNanos);
        double[] b = buckets.computeIfAbsent(address, a -> new double[] {burst, nowNanos});
        b[0] = Math.min(burst, b[0] + (nowNanos - b[1]) / 1e9 * perSecond);
        b[1] = nowNanos;
        if (b[0] >= 1) {
            b[0] -= 1;
            return true;
        }
        refused++;
        return false;
    }

    public synchronized int refused() {
        return refused;
    }

    public synchronized int requests() {
        return times.values().stream().mapToInt(List::size).sum();
    }

    /** Requests per source address. */
    public synchronized Map<String, Integer> perAddress() {
        Map<String, Integer> m = new TreeMap<>();
        times.forEach((a, t) -> m.put(a, t.size()));
        return m;
    }

    /** The most requests from all addresses together within any one second. */
    public synchronized int peakPerSecond() {
        List<Long> all = new ArrayList<>();
        times.values().forEach(all::addAll);
        all.sort(null);
        int best = 0;
        int from = 0;
        for (int to = 0; to < all.size(); to++) {
            while (all.get(to) - all.get(from) >= 1_000_000_000L) {
                from++;
            }
            best = Math.max(best, to - from + 1);
        }
        return best;
    }

    /** Per source address, the seconds from its first request to its last (how long each client was busy). */
    public synchronized Map<String, Double> spanPerAddress() {
        Map<String, Double> m = new TreeMap<>();
        times.forEach((a, t) -> m.put(a, t.isEmpty() ? 0 : Math.round((t.get(t.size() - 1) - t.get(0)) / 1e8) / 10.0));
        return m;
    }

    public synchronized void clear() {
        buckets.clear();
        times.clear();
        refused = 0;
    }
}
