package io.trawler.worker;

import io.trawler.frontier.Discovery;
import io.trawler.frontier.UrlFingerprint;
import java.util.ArrayList;
import java.util.List;

/**
 * The links this worker has already handed to a crawl's frontier and the frontier took (admitted, or found seen), by
 * URL fingerprint and lane: a page's links that are known here are not sent again, since the frontier would only find
 * them seen. On a site whose pages share their navigation, most of a page's links are known after the first pages, so
 * this spares most of a completion's arguments and of its script's work.
 *
 * <p>Only for strategies whose frontier does nothing with a link it has seen (rescoring {@code none} and
 * {@code focus-learn}); backlink counts, OPIC cash, PageRank shares and the seed's focused strategies (N_p counts every
 * link) need every link every time. A link is remembered only after the completion that carried it succeeded and was
 * not stale, and every shard it went to was open to it, so a link whose completion failed is sent again with the page's
 * next attempt. Bounded: past {@code capacity} links, and every five minutes, it starts again empty (the frontier's seen
 * set still refuses duplicates). Thread-safe.
 */
final class KnownLinks {

    /** Links remembered by default (a table of 2^18 longs: 2 MB per crawl and worker). */
    static final int DEFAULT_CAPACITY = 1 << 17;

    /** How long links are remembered at most. */
    static final long FORGET_NANOS = java.util.concurrent.TimeUnit.MINUTES.toNanos(5);

    private final long[] slots;
    private final int capacity;
    private int size;
    private long since = System.nanoTime();

    KnownLinks(int capacity) {
        this.capacity = Math.max(1, capacity);
        int tableSize = Integer.highestOneBit(Math.max(2, this.capacity * 2 - 1)) << 1;
        this.slots = new long[tableSize];
    }

    /** Links not known here, in their order, with their keys (computed once: they are remembered by them). */
    record Unsent(List<Discovery> links, long[] keys) {
    }

    /** The links not known here, in their order. */
    List<Discovery> unknown(List<Discovery> links) {
        return unsent(links).links();
    }

    /** The links not known here, with their keys, for {@link #remember(Unsent)} once the frontier took them. */
    Unsent unsent(List<Discovery> links) {
        long[] keys = keys(links);
        List<Discovery> out = new ArrayList<>(links.size());
        long[] outKeys = new long[keys.length];
        synchronized (this) {
            forgetIfDue();
            for (int i = 0; i < keys.length; i++) {
                if (!contains(keys[i])) {
                    outKeys[out.size()] = keys[i];
                    out.add(links.get(i));
                }
            }
        }
        return new Unsent(out, java.util.Arrays.copyOf(outKeys, out.size()));
    }

    /** Remembers links the frontier has taken. */
    void remember(List<Discovery> links) {
        remember(new Unsent(links, keys(links)));
    }

    /** Remembers links the frontier has taken, by the keys {@link #unsent} computed. */
    void remember(Unsent taken) {
        synchronized (this) {
            for (long k : taken.keys()) {
                add(k);
            }
        }
    }

    private static long[] keys(List<Discovery> links) {
        long[] keys = new long[links.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = key(links.get(i));
        }
        return keys;
    }

    /**
     * Every {@link #FORGET_NANOS} it starts again empty: should Redis lose its last writes (a failover to a replica that
     * lagged), links admitted in them are sent again by the pages that link to them within minutes.
     */
    private void forgetIfDue() {
        long now = System.nanoTime();
        if (now - since >= FORGET_NANOS) {
            clear();
            since = now;
        }
    }

    private void clear() {
        java.util.Arrays.fill(slots, 0L);
        size = 0;
    }

    /** A non-zero key of a link's URL fingerprint and lane. */
    static long key(Discovery d) {
        long h = UrlFingerprint.of(d.entry().url()) ^ (d.partition() * 0x9E3779B97F4A7C15L);
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h == 0 ? 1 : h;
    }

    private boolean contains(long key) {
        int mask = slots.length - 1;
        for (int i = (int) key & mask; ; i = (i + 1) & mask) {
            long s = slots[i];
            if (s == 0) {
                return false;
            }
            if (s == key) {
                return true;
            }
        }
    }

    private void add(long key) {
        if (contains(key)) {
            return;
        }
        if (size >= capacity) {
            clear();
        }
        int mask = slots.length - 1;
        int i = (int) key & mask;
        while (slots[i] != 0) {
            i = (i + 1) & mask;
        }
        slots[i] = key;
        size++;
    }

    /** Links remembered now. */
    synchronized int size() {
        return size;
    }
}
