package io.trawler.testsite;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** Every request the test web server answered: how often each URI (path and query) was asked for, and when. */
public final class RequestLog {

    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final Map<String, List<Long>> times = new ConcurrentHashMap<>();

    void record(String uri) {
        counts.computeIfAbsent(uri, k -> new AtomicInteger()).incrementAndGet();
        times.computeIfAbsent(uri, k -> new CopyOnWriteArrayList<>()).add(System.currentTimeMillis());
    }

    public int count(String uri) {
        AtomicInteger c = counts.get(uri);
        return c == null ? 0 : c.get();
    }

    /** URI → number of requests, sorted by URI. */
    public Map<String, Integer> counts() {
        Map<String, Integer> m = new TreeMap<>();
        counts.forEach((k, v) -> m.put(k, v.get()));
        return m;
    }

    /** Arrival times of the requests for one URI. */
    public List<Long> times(String uri) {
        return times.getOrDefault(uri, List.of());
    }

    /** Start times of every request, in order. */
    public List<Long> allTimes() {
        List<Long> all = new ArrayList<>();
        times.values().forEach(all::addAll);
        all.sort(null);
        return all;
    }

    public int total() {
        return counts.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    public void clear() {
        counts.clear();
        times.clear();
    }
}
