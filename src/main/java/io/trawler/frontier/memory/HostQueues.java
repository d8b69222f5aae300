package io.trawler.frontier.memory;

import io.trawler.frontier.FrontierEntry;
import io.trawler.frontier.HostDetail;
import io.trawler.frontier.QueuedHosts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/**
 * One in-memory crawl's queues: per lane, each host's queued entries ({@link FrontierEntry#member()}, lowest score
 * first) and the lane's ready set (host → earliest time it may be leased from), and, for strategies that re-score queued
 * URLs, where each URL is queued. An emptied queue is forgotten, as Redis deletes an empty sorted set. Guarded by its
 * crawl.
 */
final class HostQueues {

    /** Where a URL is queued: its lane and member. */
    record Queued(int lane, String member) {
    }

    private final List<Map<String, ScoredSet>> queues = new ArrayList<>();
    private final List<ScoredSet> ready = new ArrayList<>();
    private final boolean indexed;
    private final Map<String, Queued> index = new HashMap<>();

    HostQueues(int lanes, boolean indexed) {
        for (int lane = 0; lane < lanes; lane++) {
            queues.add(new HashMap<>());
            ready.add(new ScoredSet());
        }
        this.indexed = indexed;
    }

    int lanes() {
        return queues.size();
    }

    boolean hasLane(int lane) {
        return lane >= 0 && lane < queues.size();
    }

    ScoredSet ready(int lane) {
        return ready.get(lane);
    }

    /** The host's queue in the lane, or null when nothing is queued. */
    ScoredSet queue(int lane, String host) {
        return queues.get(lane).get(host);
    }

    int size(int lane, String host) {
        ScoredSet q = queue(lane, host);
        return q == null ? 0 : q.size();
    }

    boolean has(int lane, String host) {
        return size(lane, host) > 0;
    }

    /** Queues an entry (or moves it to the score); true when it was not queued. */
    boolean put(int lane, String host, String member, double score) {
        boolean added = queues.get(lane).computeIfAbsent(host, h -> new ScoredSet()).put(member, score);
        if (indexed) {
            index.put(FrontierEntry.parse(member).url(), new Queued(lane, member));
        }
        return added;
    }

    /** Queues an entry, or lowers its score when it is queued with a higher one (a revisit); true when it was not queued. */
    boolean putLower(int lane, String host, String member, double score) {
        ScoredSet q = queues.get(lane).computeIfAbsent(host, h -> new ScoredSet());
        boolean added = q.putLower(member, score);
        if (added && indexed) {
            index.put(FrontierEntry.parse(member).url(), new Queued(lane, member));
        }
        return added;
    }

    /** Takes the host's best entry, or a random one; null when its queue is empty. */
    ScoredSet.Item take(int lane, String host, boolean random, RandomGenerator rng) {
        ScoredSet q = queue(lane, host);
        if (q == null) {
            return null;
        }
        ScoredSet.Item e = random ? q.popRandom(rng) : q.popFirst();
        if (e != null && indexed) {
            index.remove(FrontierEntry.parse(e.member()).url());
        }
        if (q.isEmpty()) {
            queues.get(lane).remove(host);
        }
        return e;
    }

    /** Where a URL is queued (strategies that re-score queued URLs), or null. */
    Queued where(String url) {
        Queued at = index.get(url);
        if (at == null) {
            return null;
        }
        ScoredSet q = queue(at.lane(), hostOf(url));
        return q != null && q.contains(at.member()) ? at : null;
    }

    /** The queue holding a URL found by {@link #where}. */
    ScoredSet queueOf(String url, Queued at) {
        return queue(at.lane(), hostOf(url));
    }

    List<String> hosts(int lane) {
        return new ArrayList<>(queues.get(lane).keySet());
    }

    /** Takes the host's entries whose URL the pattern accepts (all of them for none) out of the lane; returns how many. */
    long drop(int lane, String host, Predicate<String> pattern) {
        ScoredSet q = queue(lane, host);
        if (q == null) {
            return 0;
        }
        long n = 0;
        for (ScoredSet.Item m : q.items()) {
            String url = FrontierEntry.parse(m.member()).url();
            if (pattern == null || pattern.test(url)) {
                q.remove(m.member());
                index.remove(url);
                n++;
            }
        }
        if (q.isEmpty()) {
            queues.get(lane).remove(host);
            ready.get(lane).remove(host);
        }
        return n;
    }

    // ---- inspection

    /** A lane's first {@code n} ready hosts, earliest first, with their queue sizes and the URL leased from each next. */
    List<QueuedHosts.Entry> readyHosts(int lane, int n) {
        List<QueuedHosts.Entry> out = new ArrayList<>();
        for (ScoredSet.Item h : ready.get(lane).range(0, n)) {
            ScoredSet q = queue(lane, h.member());
            ScoredSet.Item head = q == null ? null : q.first();
            out.add(new QueuedHosts.Entry(h.member(), lane, q == null ? 0 : q.size(), (long) h.score(),
                    head == null ? null : FrontierEntry.parse(head.member()).url()));
        }
        return out;
    }

    /** One host's queue in a lane: its size, the queued URLs from the {@code offset}-th, and when the lane may lease it. */
    HostDetail.Lane lane(int lane, String host, int offset, int nextUrls) {
        ScoredSet q = queue(lane, host);
        List<HostDetail.QueuedUrl> urls = new ArrayList<>();
        if (q != null && nextUrls > 0) {
            for (ScoredSet.Item m : q.range(offset, nextUrls)) {
                FrontierEntry e = FrontierEntry.parse(m.member());
                urls.add(new HostDetail.QueuedUrl(e.url(), e.depth(), m.score()));
            }
        }
        Double readyAt = ready.get(lane).score(host);
        return new HostDetail.Lane(lane, q == null ? 0 : q.size(), readyAt == null ? null : readyAt.longValue(), urls);
    }

    /** The authority of a URL (host and port), as the Redis backend's script keys queues by it. */
    static String hostOf(String url) {
        int scheme = url.indexOf("://");
        int from = scheme < 0 ? 0 : scheme + 3;
        int end = from;
        while (end < url.length() && "/?#".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        return url.substring(from, end);
    }
}
