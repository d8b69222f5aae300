package io.trawler.frontier;

/**
 * The Redis key schema of the frontier. Every key of an unsharded crawl carries the hash tag {@code {c:ID}} (its home
 * shard); a sharded crawl keeps lane 0 there and lane {@code n} under {@code {c:ID:n.SALT}}, the salt chosen so that the
 * shards' slots lie about 16,384 / shards apart (see {@link #shardPrefix}). Public for the tests that look into Redis;
 * no main code outside this package uses it ({@code FrontierBoundaryTest}).
 */
public final class FrontierKeys {

    /** Set of crawl ids that workers should serve (not tagged: it spans crawls). */
    public static final String ACTIVE_CRAWLS = "t:crawls";

    private FrontierKeys() {
    }

    /** The prefix of the crawl's home shard: all of an unsharded crawl, and lane 0 and the crawl's settings of a sharded one. */
    public static String prefix(String crawlId) {
        return "t:{c:" + crawlId + "}:";
    }

    /**
     * The prefix of shard {@code shard} of a crawl with {@code shards} shards. Shard 0 is the home shard. The slot ring
     * is cut into {@code shards} equal ranges, as {@code redis-cli --cluster create} cuts it among that many masters;
     * shard n gets the tag {@code c:ID:n.SALT} with the smallest salt that puts its slot inside the n-th range after
     * the home shard's, so that on a cluster of N evenly split masters the N shards of a crawl sit on N different
     * masters (and on fewer or more masters they still spread). Deterministic: any process computes the same prefixes
     * from the crawl id and the shard count.
     */
    public static String shardPrefix(String crawlId, int shard, int shards) {
        if (shard == 0 || shards <= 1) {
            return prefix(crawlId);
        }
        int home = HashSlots.slot("c:" + crawlId);
        int range = (int) ((long) home * shards / HashSlots.SLOTS);
        int target = (range + shard) % shards;
        // a slot off each end of the range: masters' ranges may start or end one slot away from ours
        int from = (int) ((long) target * HashSlots.SLOTS / shards) + 1;
        int to = (int) ((long) (target + 1) * HashSlots.SLOTS / shards) - 1;
        for (int salt = 0;; salt++) {
            String tag = "c:" + crawlId + ":" + shard + "." + salt;
            int slot = HashSlots.slot(tag);
            if (slot >= from && slot < to) {
                return "t:{" + tag + "}:";
            }
        }
    }

    /** The range of the slot ring ({@code shards} equal ranges) that holds shard {@code shard} of a crawl. */
    static int rangeOf(String crawlId, int shard, int shards) {
        return (int) ((long) HashSlots.slotOfKey(shardPrefix(crawlId, shard, shards)) * shards / HashSlots.SLOTS);
    }

    /** The keys of one shard of a crawl (the home shard of an unsharded crawl holds them all). */
    public record Shard(String prefix) {

        public String conf() {
            return prefix + "conf";
        }

        public String stats() {
            return prefix + "stats";
        }

        public String inflight() {
            return prefix + "inflight";
        }

        /** Workers that leased from the shard, by their last sign of life. */
        public String owners() {
            return prefix + "owners";
        }

        public String pages() {
            return prefix + "pages";
        }

        public String ready(int lane) {
            return prefix + "p" + lane + ":ready";
        }

        public String queue(int lane, String host) {
            return prefix + "p" + lane + ":q:" + host;
        }

        /** The rest of a host queue beyond its head, in compact form ({@link SpilledUrl}). */
        public String spill(int lane, String host) {
            return prefix + "p" + lane + ":b:" + host;
        }

        /** Politeness key → URLs in flight. */
        public String hostBusy() {
            return prefix + "hbusy";
        }

        /** Politeness key → next time (ms) a fetch is allowed. */
        public String hostNext() {
            return prefix + "hnext";
        }

        /** Host → delay (ms) between fetch starts. */
        public String hostDelay() {
            return prefix + "hdelay";
        }
    }

    /** The keys of the crawl's home shard. */
    public static Shard home(String crawlId) {
        return new Shard(prefix(crawlId));
    }

    /** The keys of shard {@code shard} of a crawl with {@code shards} shards. */
    public static Shard shard(String crawlId, int shard, int shards) {
        return new Shard(shardPrefix(crawlId, shard, shards));
    }

    public static String conf(String crawlId) {
        return home(crawlId).conf();
    }

    public static String stats(String crawlId) {
        return home(crawlId).stats();
    }

    public static String inflight(String crawlId) {
        return home(crawlId).inflight();
    }

    /** Workers that leased from the crawl, by their last sign of life. */
    public static String owners(String crawlId) {
        return home(crawlId).owners();
    }

    public static String pages(String crawlId) {
        return home(crawlId).pages();
    }

    public static String seenBucket(String crawlId, int bucket) {
        return prefix(crawlId) + "s:" + Integer.toHexString(bucket);
    }

    public static String ready(String crawlId, int partition) {
        return home(crawlId).ready(partition);
    }

    public static String queue(String crawlId, int partition, String host) {
        return home(crawlId).queue(partition, host);
    }

    /** Marks a crawl's sitemaps for a host as read, so one worker reads them once. */
    public static String sitemaps(String crawlId) {
        return prefix(crawlId) + "sitemaps";
    }

    /** Pattern matching every key of an unsharded crawl (the home shard of a sharded one). */
    public static String pattern(String crawlId) {
        return "t:{c:" + crawlId + "}:*";
    }

    /** Pattern matching every key of every shard of a crawl. */
    public static String allShardsPattern(String crawlId) {
        return "t:{c:" + crawlId + "[}:]*";
    }
}
