package io.trawler.frontier.memory;

/**
 * One in-memory crawl's counters (the Redis backend's stats hash): what the crawl admitted, queued, leased, fetched and
 * lost, and the sequences that give discovery order, lease ids and the pick rotation. Guarded by its crawl.
 */
final class Counters {

    long admitted;
    long queued;
    final long[] queuedByLane;
    long fetched;
    final long[] fetchedByLane;
    long unique;
    long errors;
    long robotsDenied;
    long reclaimed;
    long reclaimedDead;
    long linksDropped;
    long dropped;
    long abandoned;
    long stale;
    long retries;
    long revisits;
    long backPressure;
    long relevant;
    long irrelevant;
    double cashSink;
    /** Discovery order; lease ids (and the budget's use); the random-pick rotation. */
    long seq;
    long leaseSeq;
    long pickSeq;

    Counters(int lanes) {
        queuedByLane = new long[lanes];
        fetchedByLane = new long[lanes];
    }

    void countRelevance(boolean isRelevant) {
        if (isRelevant) {
            relevant++;
        } else {
            irrelevant++;
        }
    }
}
