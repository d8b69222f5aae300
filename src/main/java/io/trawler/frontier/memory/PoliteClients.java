package io.trawler.frontier.memory;

import io.trawler.frontier.HostDetail;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One in-memory crawl's politeness: per polite client (the host itself with scope site; each client's source address
 * or node and the host, {@code client|host}, with scope node) the URLs in flight and the next allowed fetch start, and
 * per host the delay between fetch starts. Guarded by its crawl.
 */
final class PoliteClients {

    private final boolean nodeScope;
    private final Map<String, Integer> busy = new HashMap<>();
    private final Map<String, Long> next = new HashMap<>();
    private final Map<String, Long> delay = new HashMap<>();

    PoliteClients(boolean nodeScope) {
        this.nodeScope = nodeScope;
    }

    boolean nodeScope() {
        return nodeScope;
    }

    /** The politeness key of a host for a client ({@code ""} or {@code "-"}: the site's politeness, one per host). */
    String key(String client, String host) {
        return client.isEmpty() || "-".equals(client) || !nodeScope ? host : client + "|" + host;
    }

    /** The client a worker fetches a host from: one of its source addresses, chosen as HttpFetcher does, or its node. */
    static String clientFor(String node, List<String> addresses, String host) {
        return addresses.isEmpty() ? node : addresses.get(Math.floorMod(host.hashCode(), addresses.size()));
    }

    int busy(String key) {
        return busy.getOrDefault(key, 0);
    }

    void setBusy(String key, int n) {
        busy.put(key, n);
    }

    /** One URL of the client fewer in flight. */
    void release(String key) {
        int left = busy(key) - 1;
        if (left <= 0) {
            busy.remove(key);
        } else {
            busy.put(key, left);
        }
    }

    long next(String key) {
        return next.getOrDefault(key, 0L);
    }

    void setNext(String key, long at) {
        next.put(key, at);
    }

    /** Never earlier than it is: a back-off is kept. */
    void nextAtLeast(String key, long at) {
        if (at > next(key)) {
            next.put(key, at);
        }
    }

    long delay(String host, long defaultMs) {
        return delay.getOrDefault(host, defaultMs);
    }

    Long delayOf(String host) {
        return delay.get(host);
    }

    void setDelay(String host, long ms) {
        delay.put(host, ms);
    }

    /** The host's polite clients: its own entry ({@code ""}, scope site) and each "client|host" (scope node). */
    List<HostDetail.Client> clients(String host) {
        String suffix = "|" + host;
        Set<String> keys = new TreeSet<>();
        for (Map<String, ?> m : List.of(busy, next)) {
            for (String k : m.keySet()) {
                if (k.equals(host) || nodeScope && k.endsWith(suffix)) {
                    keys.add(k);
                }
            }
        }
        List<HostDetail.Client> out = new ArrayList<>();
        for (String k : keys) {
            String client = k.equals(host) ? "" : k.substring(0, k.length() - suffix.length());
            out.add(new HostDetail.Client(client, busy(k), next.get(k)));
        }
        return out;
    }
}
