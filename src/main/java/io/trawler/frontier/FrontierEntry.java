package io.trawler.frontier;

/**
 * A URL waiting in a host queue: its link depth from the seeds, the redirect hops that led to it, how many times it
 * was already tried, the normalised URL, and in a learning focused crawl its tunnel distance (irrelevant pages since
 * the last relevant one or hub on the way to it; 0 otherwise). Encoded as one sorted-set member,
 * {@code "depth hops attempts url"}, the hops field written {@code hops:tunnel} when the tunnel distance is not 0
 * (normalised URLs contain no spaces; members written before tunnels existed read as tunnel 0).
 */
public record FrontierEntry(int depth, int hops, int attempts, String url, int tunnel) {

    public FrontierEntry {
        if (url.indexOf(' ') >= 0) {
            throw new IllegalArgumentException("frontier URLs must be normalised (no spaces): " + url);
        }
        if (depth < 0 || hops < 0 || attempts < 0 || tunnel < 0) {
            throw new IllegalArgumentException("frontier entry counts must not be negative");
        }
    }

    public FrontierEntry(int depth, int hops, int attempts, String url) {
        this(depth, hops, attempts, url, 0);
    }

    public static FrontierEntry of(String url, int depth) {
        return new FrontierEntry(depth, 0, 0, url, 0);
    }

    /** The same entry at another tunnel distance. */
    public FrontierEntry withTunnel(int t) {
        return new FrontierEntry(depth, hops, attempts, url, t);
    }

    public String member() {
        return depth + " " + hops + (tunnel == 0 ? "" : ":" + tunnel) + " " + attempts + " " + url;
    }

    public static FrontierEntry parse(String member) {
        int a = member.indexOf(' ');
        int b = member.indexOf(' ', a + 1);
        int c = member.indexOf(' ', b + 1);
        if (a < 0 || b < 0 || c < 0) {
            throw new IllegalArgumentException("not a frontier entry: " + member);
        }
        int colon = member.indexOf(':', a + 1);
        boolean tunnelled = colon > a && colon < b;
        int hops = Integer.parseInt(member, a + 1, tunnelled ? colon : b, 10);
        int tunnel = tunnelled ? Integer.parseInt(member, colon + 1, b, 10) : 0;
        return new FrontierEntry(Integer.parseInt(member, 0, a, 10), hops, Integer.parseInt(member, b + 1, c, 10), member.substring(c + 1),
                tunnel);
    }
}
