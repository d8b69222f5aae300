package io.trawler.frontier;

import java.util.List;

/**
 * Who leases: a worker process ({@code worker}, unique), the node it belongs to (lanes are given to nodes), the source
 * addresses it fetches from (with politeness scope {@code node} each is its own polite client; none: the node is),
 * and how long the worker may stay silent before its leases are taken back ({@code timeoutMs}; 0: only at their
 * deadlines). Names are {@link #NAME}s or empty (they are part of lease members and heartbeats).
 */
public record Leaser(String worker, String node, List<String> addresses, long timeoutMs) {

    /** What a worker or node name may be: letters, digits, '.', '_', ':', '@', '-', at most 128 of them. */
    public static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[A-Za-z0-9._:@-]{1,128}");

    /** A caller with no name: no node, no addresses, leases that come back only at their deadlines. */
    public static final Leaser ANONYMOUS = new Leaser("", "", List.of(), 0);

    public Leaser {
        addresses = List.copyOf(addresses);
        for (String name : List.of(worker, node)) {
            if (!name.isEmpty() && !NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("not a worker or node name (letters, digits, '.', '_', ':', '@', '-'; at most 128): "
                        + name);
            }
        }
    }
}
