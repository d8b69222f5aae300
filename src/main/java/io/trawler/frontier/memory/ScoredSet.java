package io.trawler.frontier.memory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.random.RandomGenerator;

/**
 * A set of members ordered by score, then by member (a Redis sorted set's order): the in-memory frontier's queues,
 * ready sets, leases in flight and side loads. Not thread-safe: its crawl guards it.
 */
final class ScoredSet {

    /** A member and its score. */
    record Item(String member, double score) {
    }

    private static final Comparator<Item> ORDER = Comparator.comparingDouble(Item::score).thenComparing(Item::member);

    private final Map<String, Double> scores = new HashMap<>();
    private final NavigableSet<Item> order = new TreeSet<>(ORDER);

    /** Adds the member or sets its score; true when it was not there. */
    boolean put(String member, double score) {
        Double old = scores.put(member, score);
        if (old != null) {
            order.remove(new Item(member, old));
        }
        order.add(new Item(member, score));
        return old == null;
    }

    /** Adds the member, or lowers its score when the new one is lower (ZADD LT); true when it was not there. */
    boolean putLower(String member, double score) {
        Double old = scores.get(member);
        if (old == null || score < old) {
            put(member, score);
        }
        return old == null;
    }

    /** Sets the score of a member that is there (ZADD XX); false when it is not. */
    boolean update(String member, double score) {
        if (!scores.containsKey(member)) {
            return false;
        }
        put(member, score);
        return true;
    }

    /** Adds {@code delta} to a member's score (ZINCRBY); false when it is not there. */
    boolean add(String member, double delta) {
        Double old = scores.get(member);
        return old != null && update(member, old + delta);
    }

    /** The member's score, or null. */
    Double score(String member) {
        return scores.get(member);
    }

    boolean contains(String member) {
        return scores.containsKey(member);
    }

    boolean remove(String member) {
        Double old = scores.remove(member);
        if (old == null) {
            return false;
        }
        order.remove(new Item(member, old));
        return true;
    }

    /** Takes the lowest member out, or null when empty. */
    Item popFirst() {
        Item first = order.pollFirst();
        if (first != null) {
            scores.remove(first.member());
        }
        return first;
    }

    /** Takes a uniformly random member out, or null when empty. */
    Item popRandom(RandomGenerator random) {
        if (order.isEmpty()) {
            return null;
        }
        int at = random.nextInt(order.size());
        Iterator<Item> it = order.iterator();
        for (int i = 0; i < at; i++) {
            it.next();
        }
        Item picked = it.next();
        remove(picked.member());
        return picked;
    }

    /** The lowest member, or null. */
    Item first() {
        return order.isEmpty() ? null : order.first();
    }

    /** Up to {@code limit} members scored at most {@code max}, lowest first. */
    List<Item> upTo(double max, int limit) {
        List<Item> out = new ArrayList<>(Math.min(limit, 64));
        for (Item i : order) {
            if (i.score() > max || out.size() >= limit) {
                break;
            }
            out.add(i);
        }
        return out;
    }

    /** The members from the {@code from}-th, at most {@code n}, lowest first. */
    List<Item> range(int from, int n) {
        List<Item> out = new ArrayList<>(Math.min(n, 64));
        int i = 0;
        for (Item item : order) {
            if (out.size() >= n) {
                break;
            }
            if (i++ >= from) {
                out.add(item);
            }
        }
        return out;
    }

    /** Members scored above {@code min}. */
    long countAbove(double min) {
        return order.tailSet(new Item("", Math.nextUp(min)), true).size();
    }

    /** Every member, lowest first (a copy: the caller may change the set meanwhile). */
    List<Item> items() {
        return new ArrayList<>(order);
    }

    int size() {
        return scores.size();
    }

    boolean isEmpty() {
        return scores.isEmpty();
    }
}
