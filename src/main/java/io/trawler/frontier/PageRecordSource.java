package io.trawler.frontier;

import io.vertx.core.Future;
import java.util.List;
import java.util.Map;

/**
 * Where the manager reads the page records workers report, in order per lane, from a cursor it keeps with what it
 * stored: read a batch after the cursor, store it durably, then {@link #release} it so that the frontier may forget it.
 * A replay after a crash reads the same records under the same ids.
 */
public interface PageRecordSource {

    /**
     * One page record: an id unique within its crawl (stable across replays) and its fields as the stream holds them
     * (kept as they are, so that a record that cannot be read is set aside whole).
     */
    record Entry(String id, Map<String, String> fields) {

        /** The typed record; IllegalArgumentException naming the field that is wrong. */
        public PageRecord record() {
            return PageRecord.parse(fields);
        }
    }

    /** Records after a cursor, and the cursor after them (the same cursor when there were none). */
    record Batch(List<Entry> entries, String cursor) {
    }

    /** Up to about {@code max} records after {@code cursor} ({@code null}: from the start). */
    Future<Batch> read(String crawlId, String cursor, int max);

    /** Forgets the records up to {@code cursor}, which the caller has stored. */
    Future<Void> release(String crawlId, String cursor);
}
