package io.trawler.partition;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Which node serves each lane of a partitioned crawl. A lane the editor pinned to a node goes there while that node is
 * alive; a lane without a live node goes to the live node serving the fewest lanes of this crawl, then of all crawls,
 * ties by name; and the crawl's lanes are kept spread: a lane moves from a node serving two more of this crawl's lanes
 * than another live node (a node that joined or came back takes lanes from the busiest), or one more when that node also
 * serves three more lanes of all crawls. Pinned lanes never move for balance. With no live node at all nothing moves: a
 * lane keeps its node, or stays open to any node ({@code ""}), until one reports.
 */
public final class LaneNodes {

    private LaneNodes() {
    }

    /**
     * @param current the node of each lane now ({@code ""}: none)
     * @param pinned  the node the editor chose for each lane ({@code ""} or a shorter list: none)
     * @param live    the live nodes and how many lanes of other crawls each serves
     * @return the node of each lane; {@code live} is updated with the lanes placed
     */
    public static List<String> place(List<String> current, List<String> pinned, Map<String, Integer> live) {
        int lanes = current.size();
        List<String> out = new ArrayList<>(lanes);
        boolean[] fixed = new boolean[lanes];
        Map<String, Integer> mine = new HashMap<>();
        live.keySet().forEach(n -> mine.put(n, 0));
        // first the lanes that stay (pinned to a live node, or on a live node), so that movers see the true load
        for (int lane = 0; lane < lanes; lane++) {
            String pin = pin(pinned, lane);
            String now = current.get(lane);
            String stays = !pin.isEmpty() && live.containsKey(pin) ? pin : !now.isEmpty() && live.containsKey(now) ? now : null;
            fixed[lane] = stays != null && stays.equals(pin);
            if (stays != null) {
                mine.merge(stays, 1, Integer::sum);
            }
            out.add(stays);
        }
        if (live.isEmpty()) {
            for (int lane = 0; lane < lanes; lane++) {
                String now = current.get(lane);
                out.set(lane, !now.isEmpty() ? now : pin(pinned, lane));
            }
            return out;
        }
        Comparator<String> lightest = Comparator.<String>comparingInt(mine::get)
                .thenComparingInt(n -> mine.get(n) + live.get(n)).thenComparing(Comparator.naturalOrder());
        TreeSet<String> names = new TreeSet<>(live.keySet());
        for (int lane = 0; lane < lanes; lane++) {
            if (out.get(lane) == null) {
                String chosen = names.stream().min(lightest).orElseThrow();
                mine.merge(chosen, 1, Integer::sum);
                out.set(lane, chosen);
            }
        }
        // keep the crawl spread: one lane at a time from the busiest node holding a movable lane to the lightest
        for (int guard = 0; guard < lanes * lanes; guard++) {
            Optional<String> from = names.stream().filter(n -> movable(out, fixed, n) >= 0).max(lightest);
            String to = names.stream().min(lightest).orElseThrow();
            if (from.isEmpty() || from.get().equals(to)) {
                break;
            }
            String a = from.get();
            int gap = mine.get(a) - mine.get(to);
            int totalGap = mine.get(a) + live.get(a) - mine.get(to) - live.get(to);
            if (gap < 2 && !(gap == 1 && totalGap >= 3)) {
                break;
            }
            out.set(movable(out, fixed, a), to);
            mine.merge(a, -1, Integer::sum);
            mine.merge(to, 1, Integer::sum);
        }
        mine.forEach((n, k) -> live.merge(n, k, Integer::sum));
        return out;
    }

    private static String pin(List<String> pinned, int lane) {
        return lane < pinned.size() ? pinned.get(lane) : "";
    }

    /** The highest lane on {@code node} that may move for balance, or -1. */
    private static int movable(List<String> nodes, boolean[] fixed, String node) {
        for (int lane = nodes.size() - 1; lane >= 0; lane--) {
            if (!fixed[lane] && node.equals(nodes.get(lane))) {
                return lane;
            }
        }
        return -1;
    }

    /** Lanes whose node changes from {@code before} to {@code after} (lane → new node). */
    public static Map<Integer, String> moves(List<String> before, List<String> after) {
        Map<Integer, String> m = new HashMap<>();
        for (int lane = 0; lane < after.size(); lane++) {
            if (!after.get(lane).equals(lane < before.size() ? before.get(lane) : "")) {
                m.put(lane, after.get(lane));
            }
        }
        return m;
    }
}
