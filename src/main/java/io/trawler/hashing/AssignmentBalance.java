package io.trawler.hashing;

import java.util.List;
import java.util.function.IntFunction;

/**
 * How evenly an assignment spreads URLs over m nodes (max load ÷ mean load), and which share of the URLs
 * change node when a node leaves (m → m − 1) or joins (m → m + 1).
 */
public record AssignmentBalance(String name, int nodes, long[] loads, double maxOverMean, double movedOnLeave,
        double movedOnJoin) {

    public static AssignmentBalance measure(List<String> urls, IntFunction<NodeAssignment> withNodes, int m) {
        NodeAssignment base = withNodes.apply(m);
        NodeAssignment fewer = withNodes.apply(m - 1);
        NodeAssignment more = withNodes.apply(m + 1);
        long[] loads = new long[m];
        long left = 0;
        long joined = 0;
        for (String url : urls) {
            int node = base.nodeOf(url);
            loads[node]++;
            if (m > 1 && fewer.nodeOf(url) != node) {
                left++;
            }
            if (more.nodeOf(url) != node) {
                joined++;
            }
        }
        long max = 0;
        for (long l : loads) {
            max = Math.max(max, l);
        }
        double mean = urls.size() / (double) m;
        return new AssignmentBalance(base.name(), m, loads, max / mean, left / (double) urls.size(), joined / (double) urls.size());
    }
}
