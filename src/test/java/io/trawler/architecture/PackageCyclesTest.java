package io.trawler.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The capability packages' dependencies, as the JDK's jdeps reads them from the compiled classes: no package cycle (a
 * second opinion beside {@link ArchitectureRulesTest}'s, from the JDK's own tool).
 */
class PackageCyclesTest {

    private static final Pattern EDGE = Pattern.compile("^\\s+io\\.trawler\\.(\\w+)(?:\\.[\\w.]+)?\\s+->\\s+io\\.trawler\\.(\\w+)");

    @Test
    void noPackageCycle() {
        Map<String, Set<String>> edges = dependencies();
        assertTrue(edges.size() >= 15, "jdeps read the capability packages: " + edges.keySet());
        for (Set<String> cycle : cycles(edges)) {
            throw new AssertionError("a package cycle: " + cycle + " (edges: " + within(edges, cycle) + ")");
        }
    }

    @Test
    void theCycleFinderFindsCycles() {
        Map<String, Set<String>> g = new TreeMap<>(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a")));
        assertEquals(List.of(Set.of("a", "b", "c")), cycles(g));
    }

    /** Package → packages it uses, by the third segment of io.trawler.x (the capability). */
    static Map<String, Set<String>> dependencies() {
        Path classes = Path.of("target/classes");
        assertTrue(Files.isDirectory(classes.resolve("io/trawler")), "compiled classes in " + classes);
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("the JDK's jdeps"));
        StringWriter out = new StringWriter();
        int rc = jdeps.run(new PrintWriter(out), new PrintWriter(new StringWriter()), "-verbose:package", "-filter:none",
                "-e", "io\\.trawler\\..*", classes.toString());
        assertEquals(0, rc, out.toString());
        Map<String, Set<String>> edges = new TreeMap<>();
        for (String line : out.toString().split("\n")) {
            Matcher m = EDGE.matcher(line);
            if (m.find()) {
                edges.computeIfAbsent(m.group(1), k -> new TreeSet<>());
                if (!m.group(1).equals(m.group(2))) {
                    edges.get(m.group(1)).add(m.group(2));
                }
            }
        }
        return edges;
    }

    /** The strongly connected groups of more than one package (Tarjan), each sorted. */
    static List<Set<String>> cycles(Map<String, Set<String>> edges) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        List<Set<String>> out = new ArrayList<>();
        for (String v : edges.keySet()) {
            if (!index.containsKey(v)) {
                connect(v, edges, index, low, stack, out);
            }
        }
        return out;
    }

    private static void connect(String v, Map<String, Set<String>> edges, Map<String, Integer> index, Map<String, Integer> low,
            Deque<String> stack, List<Set<String>> out) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        for (String w : edges.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, edges, index, low, stack, out);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (stack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> group = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                group.add(w);
            } while (!w.equals(v));
            if (group.size() > 1) {
                out.add(group);
            }
        }
    }

    private static Map<String, Set<String>> within(Map<String, Set<String>> edges, Set<String> group) {
        Map<String, Set<String>> m = new TreeMap<>();
        for (String p : group) {
            Set<String> to = new TreeSet<>(edges.getOrDefault(p, Set.of()));
            to.retainAll(group);
            m.put(p, to);
        }
        return m;
    }
}
