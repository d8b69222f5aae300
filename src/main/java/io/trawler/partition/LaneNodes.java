package io.trawler.partition;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which node serves each lane of a partitioned crawl. A lane stays where it is while its node is alive; a lane the
 * editor pinned to a node goes back there when that node is alive; a lane without a live node goes to the live node
 * serving the fewest lanes (of all crawls), ties by name. With no live node at all nothing moves: a lane keeps its
 * node, or stays open to any node ({@code ""}), until one reports.
 */
public final class LaneNodes {

    private LaneNodes() {
    }

    /**
     * @param current the node of each lane now ({@code ""}: none)
     * @param pinned  the node the editor chose for each lane ({@code ""} or a shorter list: none)
     * @param live    the live nodes and how many lanes each serves already (this crawl's lanes left out)
     * @return the node of each lane; {@code live} is updated with the lanes placed
     */
    public static List<String> place(List<String> current, List<String> pinned, Map<String, Integer> live) {
        List<String> out = new ArrayList<>(current.size());
        // first the lanes that stay (pinned to a live node, or on a live node), so that movers see the true load
        for (int lane = 0; lane < current.size(); lane++) {
            String pin = lane < pinned.size() ? pinned.get(lane) : "";
            String now = current.get(lane);
            String stays = !pin.isEmpty() && live.containsKey(pin) ? pin : !now.isEmpty() && live.containsKey(now) ? now : null;
            if (stays != null) {
                live.merge(stays, 1, Integer::sum);
            }
            out.add(stays);
        }
        Set<String> names = new TreeSet<>(live.keySet());
        for (int lane = 0; lane < out.size(); lane++) {
            if (out.get(lane) != null) {
                continue;
            }
            if (names.isEmpty()) {
                String now = current.get(lane);
                out.set(lane, !now.isEmpty() ? now : lane < pinned.size() ? pinned.get(lane) : "");
                continue;
            }
            String chosen = names.stream().min((a, b) -> {
                int c = Integer.compare(live.get(a), live.get(b));
                return c != 0 ? c : a.compareTo(b);
            }).orElseThrow();
            live.merge(chosen, 1, Integer::sum);
            out.set(lane, chosen);
        }
        return out;
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
