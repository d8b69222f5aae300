package io.trawler.partition;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads link graphs: the Hollins and EPA formats of ../shared/data/graphs and Trawler's own crawl graphs. */
public final class LinkGraphs {

    private LinkGraphs() {
    }

    /** {@code id url} lines (1-based, header "link url") and {@code start end} lines; the home page is id 1. */
    public static LinkGraph readHollins(Path urlsFile, Path edgesFile) throws IOException {
        List<String> lines = Files.readAllLines(urlsFile, StandardCharsets.UTF_8);
        Map<Integer, String> byId = new HashMap<>();
        int max = 0;
        for (String line : lines) {
            String[] p = line.trim().split("\\s+");
            if (p.length < 1 || !p[0].matches("\\d+")) {
                continue;
            }
            int id = Integer.parseInt(p[0]);
            byId.put(id, p.length > 1 ? p[1] : "");
            max = Math.max(max, id);
        }
        String[] urls = new String[max];
        for (int i = 0; i < max; i++) {
            urls[i] = byId.getOrDefault(i + 1, "");
        }
        Edges e = new Edges();
        for (String line : Files.readAllLines(edgesFile, StandardCharsets.UTF_8)) {
            String[] p = line.trim().split("\\s+");
            if (p.length == 2 && p[0].matches("\\d+") && p[1].matches("\\d+")) {
                e.add(Integer.parseInt(p[0]) - 1, Integer.parseInt(p[1]) - 1);
            }
        }
        return LinkGraph.of(urls, e.from, e.to, e.size, 0);
    }

    /** {@code n id url} and {@code e src dst} lines (0-based); the home page is id 0. */
    public static LinkGraph readEpa(Path urlsFile, Path edgesFile) throws IOException {
        Map<Integer, String> byId = new HashMap<>();
        int max = -1;
        for (String line : Files.readAllLines(urlsFile, StandardCharsets.UTF_8)) {
            String[] p = line.trim().split("\\s+");
            if (p.length >= 3 && p[0].equals("n")) {
                int id = Integer.parseInt(p[1]);
                byId.put(id, p[2]);
                max = Math.max(max, id);
            }
        }
        String[] urls = new String[max + 1];
        for (int i = 0; i <= max; i++) {
            urls[i] = byId.getOrDefault(i, "");
        }
        Edges e = new Edges();
        for (String line : Files.readAllLines(edgesFile, StandardCharsets.UTF_8)) {
            String[] p = line.trim().split("\\s+");
            if (p.length == 3 && p[0].equals("e")) {
                e.add(Integer.parseInt(p[1]), Integer.parseInt(p[2]));
            }
        }
        return LinkGraph.of(urls, e.from, e.to, e.size, 0);
    }

    /**
     * A crawl's graph as {@link io.trawler.store.LinkGraphStore} writes it: nodes.txt (one URL a line, the
     * first is the first page fetched, taken as home) and edges.bin (from, count, targets…); a page listed
     * twice keeps its last list.
     */
    public static LinkGraph readCrawl(Path dir) throws IOException {
        List<String> nodes = Files.readAllLines(dir.resolve("nodes.txt"), StandardCharsets.UTF_8);
        String[] urls = nodes.toArray(String[]::new);
        Map<Integer, int[]> out = new HashMap<>();
        try (DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(Files.newInputStream(dir.resolve("edges.bin")), 1 << 16))) {
            while (true) {
                int from;
                try {
                    from = in.readInt();
                } catch (EOFException end) {
                    break;
                }
                int[] to = new int[in.readInt()];
                for (int i = 0; i < to.length; i++) {
                    to[i] = in.readInt();
                }
                out.put(from, to);
            }
        }
        Edges e = new Edges();
        out.forEach((from, to) -> {
            for (int t : to) {
                e.add(from, t);
            }
        });
        return LinkGraph.of(urls, e.from, e.to, e.size, 0);
    }

    private static final class Edges {
        int[] from = new int[1024];
        int[] to = new int[1024];
        int size;

        void add(int f, int t) {
            if (size == from.length) {
                from = java.util.Arrays.copyOf(from, size * 2);
                to = java.util.Arrays.copyOf(to, size * 2);
            }
            from[size] = f;
            to[size] = t;
            size++;
        }
    }

}
