package io.trawler.order;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.trawler.partition.LinkGraph;
import io.trawler.partition.LinkGraphs;
import io.trawler.testsupport.SharedData;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** OPIC, backlink counts and partial PageRank on hand-made and real graphs (seed 002 §3.3–3.5). */
class ScoringTest {

    @Test
    void opicConservesCash() {
        OpicCash opic = new OpicCash("a", "b");
        assertEquals(0.5, opic.cash("a"), 1e-12);
        opic.fetched("a", List.of("c", "d", "b"));
        assertEquals(0.5 + 1.0 / 6, opic.cash("b"), 1e-12);
        assertEquals(1.0 / 6, opic.cash("c"), 1e-12);
        assertEquals(0.0, opic.cash("a"));
        assertEquals(0.5, opic.history("a"), 1e-12);
        opic.fetched("c", List.of());           // no out-links: cash back to the seeds
        opic.fetched("b", List.of("a", "a"));   // repeated link counts once
        assertEquals(1.0, opic.total(), 1e-12);
        LinkGraph g = hollins();
        OpicCash big = new OpicCash(name(0));
        for (int v = 0; v < g.size(); v++) {
            big.fetched(name(v), links(g, v));
            assertEquals(1.0, big.total(), 1e-9);
        }
    }

    @Test
    void backlinkCountsAfterAKnownSequence() {
        BacklinkCount b = new BacklinkCount();
        b.fetched("a", List.of("b", "c", "c", "a"));
        b.fetched("b", List.of("c", "d"));
        b.fetched("a", List.of("d"));          // fetched again: ignored
        b.fetched("d", List.of("c"));
        assertEquals(0, b.count("a"));
        assertEquals(1, b.count("b"));
        assertEquals(3, b.count("c"));
        assertEquals(1, b.count("d"));
    }

    @Test
    void partialPageRankEqualsFullPageRankWhenEveryPageIsFetched() {
        LinkGraph g = hollins();
        PartialPageRank partial = new PartialPageRank();
        for (int v = 0; v < g.size(); v++) {
            partial.fetched(name(v), links(g, v));
        }
        partial.recompute(1e-12, 1000);
        double[] full = fullPageRank(g);
        double maxDiff = 0;
        for (int v = 0; v < g.size(); v++) {
            maxDiff = Math.max(maxDiff, Math.abs(full[v] - partial.rank(name(v))));
        }
        assertEquals(0, maxDiff, 1e-6);
    }

    @Test
    void frontierUrlsScoreByTheirFetchedInLinkers() {
        PartialPageRank pr = new PartialPageRank();
        pr.fetched("a", List.of("b", "x"));
        pr.fetched("b", List.of("x"));
        pr.recompute(1e-12, 1000);
        assertEquals(pr.rank("a") / 2 + pr.rank("b"), pr.temporaryScore("x"), 1e-12);
    }

    /** Textbook PageRank on the whole graph, written independently: dense iteration, dangling mass spread evenly. */
    static double[] fullPageRank(LinkGraph g) {
        int n = g.size();
        double[] r = new double[n];
        java.util.Arrays.fill(r, 1.0 / n);
        for (int it = 0; it < 1000; it++) {
            double[] next = new double[n];
            double dangling = 0;
            for (int v = 0; v < n; v++) {
                int out = g.outEnd(v) - g.outStart(v);
                if (out == 0) {
                    dangling += r[v];
                }
                for (int i = g.outStart(v); i < g.outEnd(v); i++) {
                    next[g.target(i)] += r[v] / out;
                }
            }
            for (int v = 0; v < n; v++) {
                next[v] = 0.15 / n + 0.85 * (next[v] + dangling / n);
            }
            r = next;
        }
        return r;
    }

    static List<String> links(LinkGraph g, int v) {
        List<String> out = new ArrayList<>();
        for (int i = g.outStart(v); i < g.outEnd(v); i++) {
            out.add(name(g.target(i)));
        }
        return out;
    }

    /** Vertex names that are unique even where the graph file lists a URL twice. */
    static String name(int v) {
        return "v" + v;
    }

    static LinkGraph hollins() {
        try {
            return LinkGraphs.readHollins(SharedData.path("graphs/hollins-urls.txt"), SharedData.path("graphs/hollins-edges.txt"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
