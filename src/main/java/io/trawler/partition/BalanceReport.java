package io.trawler.partition;

import io.trawler.hashing.AssignmentBalance;
import io.trawler.hashing.ConsistentHashRing;
import io.trawler.hashing.HostHashAssignment;
import io.trawler.hashing.NodeAssignment;
import io.trawler.hashing.PathHashAssignment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Prints, for a list of URLs and m nodes, the balance of every assignment of SPEC §4: max/mean load and
 * the share of URLs that move when a node leaves or joins. It compares the hashing package's assignments with the
 * partition plan's, so it lives here, above both (hashing does not depend on partition).
 *
 * <pre>
 * java -cp target/quarkus-app/app/trawler-*.jar:target/quarkus-app/lib/main/* io.trawler.partition.BalanceReport 7 urls.txt…
 * </pre>
 * Each file holds URLs, one a line; a line's first token that starts with http is taken (so the graph
 * files of ../shared/data/graphs work as they are). Duplicates count once.
 */
public final class BalanceReport {

    private BalanceReport() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: BalanceReport <nodes> <url file>…");
            System.exit(2);
        }
        int m = Integer.parseInt(args[0]);
        List<Path> files = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            files.add(Path.of(args[i]));
        }
        System.out.print(report(readUrls(files), m));
    }

    public static List<String> readUrls(List<Path> files) throws IOException {
        Set<String> urls = new LinkedHashSet<>();
        for (Path f : files) {
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                for (String token : line.trim().split("\\s+")) {
                    if (token.startsWith("http://") || token.startsWith("https://")) {
                        urls.add(token);
                        break;
                    }
                }
            }
        }
        return new ArrayList<>(urls);
    }

    /** The report as text: one row per assignment. */
    public static String report(List<String> urls, int m) {
        String[] array = urls.toArray(String[]::new);
        List<IntFunction<NodeAssignment>> assignments = List.of(HostHashAssignment::new, n -> new ConsistentHashRing(n, 160),
                PathHashAssignment::new, n -> PlanAssignment.forUrls(array, n, 0.9));
        StringBuilder s = new StringBuilder();
        s.append(String.format("%,d URLs, %d nodes%n", urls.size(), m));
        s.append(String.format("%-36s %9s %12s %12s  %s%n", "assignment", "max/mean", "moved/leave", "moved/join", "loads"));
        for (IntFunction<NodeAssignment> a : assignments) {
            AssignmentBalance b = AssignmentBalance.measure(urls, a, m);
            s.append(String.format("%-36s %9.4f %11.1f%% %11.1f%%  %s%n", b.name(), b.maxOverMean(), 100 * b.movedOnLeave(),
                    100 * b.movedOnJoin(), java.util.Arrays.toString(b.loads())));
        }
        return s.toString();
    }
}
