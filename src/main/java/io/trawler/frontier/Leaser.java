package io.trawler.frontier;

import java.util.List;

/**
 * Who leases: a worker process ({@code worker}, unique), the node it belongs to (lanes are given to nodes), the source
 * addresses it fetches from (with politeness scope {@code node} each is its own polite client; none: the node is),
 * and how long the worker may stay silent before its leases are taken back ({@code timeoutMs}; 0: only at their
 * deadlines). Names hold no spaces or {@code |} (they are part of lease members).
 */
public record Leaser(String worker, String node, List<String> addresses, long timeoutMs) {

    /** A caller with no name: no node, no addresses, leases that come back only at their deadlines. */
    public static final Leaser ANONYMOUS = new Leaser("", "", List.of(), 0);

    public Leaser {
        addresses = List.copyOf(addresses);
        for (String name : List.of(worker, node)) {
            if (name.chars().anyMatch(ch -> ch == '|' || ch == ',' || Character.isWhitespace(ch))) {
                throw new IllegalArgumentException("worker and node names hold no spaces, '|' or ',': " + name);
            }
        }
    }
}
