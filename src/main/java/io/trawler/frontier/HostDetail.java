package io.trawler.frontier;

import java.util.List;

/**
 * One host of a running crawl as the frontier holds it (frontier inspection): its queue in each lane with the URLs
 * to be leased next, its politeness state per polite client (the host itself with politeness scope {@code site}, each
 * node's source address with scope {@code node}), and the delay between fetch starts it is given (the site's, or the
 * robots Crawl-delay).
 *
 * @param delayMs the delay between fetch starts (ms), or {@code null} when none is recorded yet
 */
public record HostDetail(String host, long queued, long inFlight, Long delayMs, List<Lane> lanes, List<Client> clients) {

    /**
     * @param readyAt when the lane may next lease from the host (epoch ms), or {@code null} when it is not waiting in
     *                the lane's ready set (nothing queued, or busy to its concurrency limit)
     */
    public record Lane(int lane, long queued, Long readyAt, List<QueuedUrl> next) {
    }

    /** A queued URL: lower priority values are leased first. */
    public record QueuedUrl(String url, int depth, double priority) {
    }

    /**
     * @param client      the polite client ({@code ""}: the host's own, politeness scope site)
     * @param nextFetchAt the earliest next fetch start (epoch ms: politeness delay, Crawl-delay or back-off), or null
     */
    public record Client(String client, long inFlight, Long nextFetchAt) {
    }
}
