package io.trawler.store;

import io.trawler.frontier.UrlFingerprint;
import java.io.BufferedWriter;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The link graph of one crawl, kept compactly on disk for the partition planner: {@code nodes.txt}
 * holds one URL per line (its line number is its id) and {@code edges.bin} holds, per fetched page,
 * its id, its link count and the ids it links to (big-endian ints). Appended while pages are
 * ingested; a page written twice (after a replay) counts once, its last list wins.
 *
 * <p>Bounded: URL ids are kept by 64-bit fingerprint in a primitive hash table (16 bytes a node, no strings on the
 * heap), and at most {@code maxNodes} nodes are created (the crawl's page limit): links to new URLs past that are
 * left out of the graph and counted, so a link trap cannot grow it without end.
 */
public final class LinkGraphStore implements AutoCloseable {

    /** Nodes of a graph whose crawl sets no page limit. */
    public static final int DEFAULT_MAX_NODES = 2_000_000;

    private final Path dir;
    private final int maxNodes;
    private final FingerprintIds ids = new FingerprintIds();
    private long droppedLinks;
    private BufferedWriter nodes;
    private DataOutputStream edges;

    public LinkGraphStore(Path dir) throws IOException {
        this(dir, DEFAULT_MAX_NODES);
    }

    public LinkGraphStore(Path dir, int maxNodes) throws IOException {
        this.dir = dir;
        this.maxNodes = maxNodes;
        Files.createDirectories(dir);
        Path nodeFile = dir.resolve("nodes.txt");
        if (Files.exists(nodeFile)) {
            try (var lines = Files.lines(nodeFile, StandardCharsets.UTF_8)) {
                lines.forEach(line -> ids.putIfAbsent(fingerprint(line), ids.size()));
            }
        }
        nodes = Files.newBufferedWriter(nodeFile, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        OutputStream out = Files.newOutputStream(dir.resolve("edges.bin"), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        edges = new DataOutputStream(new java.io.BufferedOutputStream(out, 1 << 16));
    }

    public Path dir() {
        return dir;
    }

    /** A fetched page and its links; the page always gets a node, links to new URLs only while there is room. */
    public synchronized void add(String page, List<String> links) throws IOException {
        int from = id(page, true);
        int[] to = new int[links.size()];
        int n = 0;
        for (String link : links) {
            int t = id(link, false);
            if (t >= 0) {
                to[n++] = t;
            } else {
                droppedLinks++;
            }
        }
        edges.writeInt(from);
        edges.writeInt(n);
        for (int i = 0; i < n; i++) {
            edges.writeInt(to[i]);
        }
    }

    /** Nodes in the graph. */
    public synchronized int size() {
        return ids.size();
    }

    /** Links left out because the graph was full. */
    public synchronized long droppedLinks() {
        return droppedLinks;
    }

    public synchronized void flush() throws IOException {
        nodes.flush();
        edges.flush();
    }

    private int id(String url, boolean always) throws IOException {
        long fp = fingerprint(url);
        int id = ids.get(fp);
        if (id < 0) {
            if (!always && ids.size() >= maxNodes) {
                return -1;
            }
            id = ids.size();
            ids.putIfAbsent(fp, id);
            nodes.write(url);
            nodes.write('\n');
        }
        return id;
    }

    private static long fingerprint(String url) {
        return UrlFingerprint.of(url);
    }

    /** long -> int open-addressing table (linear probing, no removal); 0 is stored aside as a key. */
    static final class FingerprintIds {
        private long[] keys = new long[1024];
        private int[] values = new int[1024];
        private int size;
        private int zeroValue = -1;

        int size() {
            return size;
        }

        int get(long key) {
            if (key == 0) {
                return zeroValue;
            }
            int mask = keys.length - 1;
            for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
                if (keys[i] == key) {
                    return values[i];
                }
                if (keys[i] == 0) {
                    return -1;
                }
            }
        }

        void putIfAbsent(long key, int value) {
            if (key == 0) {
                if (zeroValue < 0) {
                    zeroValue = value;
                    size++;
                }
                return;
            }
            if ((size + 1) * 4 > keys.length * 3) {
                grow();
            }
            int mask = keys.length - 1;
            for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
                if (keys[i] == key) {
                    return;
                }
                if (keys[i] == 0) {
                    keys[i] = key;
                    values[i] = value;
                    size++;
                    return;
                }
            }
        }

        private void grow() {
            long[] oldKeys = keys;
            int[] oldValues = values;
            keys = new long[oldKeys.length * 2];
            values = new int[oldKeys.length * 2];
            int mask = keys.length - 1;
            for (int j = 0; j < oldKeys.length; j++) {
                if (oldKeys[j] != 0) {
                    int i = mix(oldKeys[j]) & mask;
                    while (keys[i] != 0) {
                        i = (i + 1) & mask;
                    }
                    keys[i] = oldKeys[j];
                    values[i] = oldValues[j];
                }
            }
        }

        private static int mix(long k) {
            long h = k * 0x9E3779B97F4A7C15L;
            return (int) (h ^ (h >>> 32));
        }
    }

    @Override
    public synchronized void close() throws IOException {
        flush();
        nodes.close();
        edges.close();
    }
}
