package io.trawler.frontier;

import java.util.Arrays;

/**
 * Where reading a crawl's page streams has got to: the last id read from each shard's stream. Written as that id for a
 * crawl of one shard (as before shards existed) and as the ids joined by {@code ,} otherwise, {@code -} for a stream not
 * read yet. A record's id is its stream id, prefixed with {@code n/} for shard n > 0 (ids of different streams may be
 * equal).
 */
final class StreamCursor {

    private final String[] last;

    private StreamCursor(String[] last) {
        this.last = last;
    }

    static StreamCursor parse(String cursor, int shards) {
        String[] last = new String[shards];
        if (cursor != null && !cursor.isEmpty()) {
            String[] parts = cursor.split(",", -1);
            for (int i = 0; i < Math.min(parts.length, shards); i++) {
                last[i] = "-".equals(parts[i]) || parts[i].isEmpty() ? null : parts[i];
            }
        }
        return new StreamCursor(last);
    }

    /** The last id read from the shard's stream, or null. */
    String last(int shard) {
        return last[shard];
    }

    StreamCursor with(int shard, String id) {
        String[] next = last.clone();
        next[shard] = id;
        return new StreamCursor(next);
    }

    static String qualified(int shard, String streamId) {
        return shard == 0 ? streamId : shard + "/" + streamId;
    }

    /** The smallest stream id after {@code id} (for XTRIM MINID). */
    static String next(String id) {
        int dash = id.indexOf('-');
        return id.substring(0, dash) + "-" + (Long.parseLong(id.substring(dash + 1)) + 1);
    }

    @Override
    public String toString() {
        if (last.length == 1) {
            return last[0];
        }
        return String.join(",", Arrays.stream(last).map(id -> id == null ? "-" : id).toList());
    }
}
