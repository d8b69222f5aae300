package io.trawler.store;

import java.io.BufferedWriter;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The link graph of one crawl, kept compactly on disk for the partition planner: {@code nodes.txt}
 * holds one URL per line (its line number is its id) and {@code edges.bin} holds, per fetched page,
 * its id, its link count and the ids it links to (big-endian ints). Appended while pages are
 * ingested; a page written twice (after a replay) counts once, its last list wins.
 */
public final class LinkGraphStore implements AutoCloseable {

    private final Path dir;
    private final Map<String, Integer> ids = new HashMap<>();
    private BufferedWriter nodes;
    private DataOutputStream edges;

    public LinkGraphStore(Path dir) throws IOException {
        this.dir = dir;
        Files.createDirectories(dir);
        Path nodeFile = dir.resolve("nodes.txt");
        if (Files.exists(nodeFile)) {
            for (String line : Files.readAllLines(nodeFile, StandardCharsets.UTF_8)) {
                ids.putIfAbsent(line, ids.size());
            }
        }
        nodes = Files.newBufferedWriter(nodeFile, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        OutputStream out = Files.newOutputStream(dir.resolve("edges.bin"), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        edges = new DataOutputStream(new java.io.BufferedOutputStream(out, 1 << 16));
    }

    public Path dir() {
        return dir;
    }

    public synchronized void add(String page, List<String> links) throws IOException {
        int from = id(page);
        int[] to = new int[links.size()];
        for (int i = 0; i < to.length; i++) {
            to[i] = id(links.get(i));
        }
        edges.writeInt(from);
        edges.writeInt(to.length);
        for (int t : to) {
            edges.writeInt(t);
        }
    }

    public synchronized void flush() throws IOException {
        nodes.flush();
        edges.flush();
    }

    private int id(String url) throws IOException {
        Integer id = ids.get(url);
        if (id == null) {
            id = ids.size();
            ids.put(url, id);
            nodes.write(url);
            nodes.write('\n');
        }
        return id;
    }

    @Override
    public synchronized void close() throws IOException {
        flush();
        nodes.close();
        edges.close();
    }
}
