package io.trawler.frontier;

/**
 * A URL waiting in a host queue: its link depth from the seeds, the redirect hops that led to it,
 * how many times it was already tried, and the normalised URL. Encoded as one sorted-set member,
 * {@code "depth hops attempts url"} (normalised URLs contain no spaces).
 */
public record FrontierEntry(int depth, int hops, int attempts, String url) {

    public FrontierEntry {
        if (url.indexOf(' ') >= 0) {
            throw new IllegalArgumentException("frontier URLs must be normalised (no spaces): " + url);
        }
    }

    public static FrontierEntry of(String url, int depth) {
        return new FrontierEntry(depth, 0, 0, url);
    }

    public String member() {
        return depth + " " + hops + " " + attempts + " " + url;
    }

    public static FrontierEntry parse(String member) {
        int a = member.indexOf(' ');
        int b = member.indexOf(' ', a + 1);
        int c = member.indexOf(' ', b + 1);
        if (a < 0 || b < 0 || c < 0) {
            throw new IllegalArgumentException("not a frontier entry: " + member);
        }
        return new FrontierEntry(Integer.parseInt(member, 0, a, 10), Integer.parseInt(member, a + 1, b, 10),
                Integer.parseInt(member, b + 1, c, 10), member.substring(c + 1));
    }
}
