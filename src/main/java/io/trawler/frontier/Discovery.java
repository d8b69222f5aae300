package io.trawler.frontier;

/**
 * A URL to offer to the frontier: admitted only if its fingerprint was never seen in this crawl.
 *
 * @param partition the crawler lane whose queue it joins
 * @param entry     depth, hops and normalised URL
 * @param score     priority (lowest first): a number, or {@code fifo}/{@code lifo} for discovery order
 */
public record Discovery(int partition, FrontierEntry entry, String score) {

    public static final String FIFO = "fifo";
    public static final String LIFO = "lifo";

    public static Discovery fifo(String url, int depth) {
        return new Discovery(0, FrontierEntry.of(url, depth), FIFO);
    }
}
