package io.trawler.frontier.memory;

import io.trawler.frontier.PageRecord;
import io.trawler.frontier.PageRecordSource;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * One in-memory crawl's page records, in the order they were reported, under ids of the Redis stream's form
 * ({@code <n>-0}, rising): read after a cursor, released up to one. Guarded by its crawl.
 */
final class PageStream {

    private record Stored(long seq, Map<String, String> fields) {
    }

    private final Deque<Stored> records = new ArrayDeque<>();
    private long seq;

    /** Appends a record as the stream holds it (its named fields). */
    void append(PageRecord record) {
        records.addLast(new Stored(++seq, record.toFields()));
    }

    /** Up to {@code max} records after the cursor ({@code null}: from the start), and the cursor after them. */
    PageRecordSource.Batch read(String cursor, int max) {
        long after = seqOf(cursor);
        List<PageRecordSource.Entry> out = new ArrayList<>();
        String last = cursor;
        for (Stored s : records) {
            if (out.size() >= Math.max(1, max)) {
                break;
            }
            if (s.seq() > after) {
                last = s.seq() + "-0";
                out.add(new PageRecordSource.Entry(last, s.fields()));
            }
        }
        return new PageRecordSource.Batch(out, last);
    }

    /** Forgets the records up to the cursor. */
    void release(String cursor) {
        long until = seqOf(cursor);
        while (!records.isEmpty() && records.peekFirst().seq() <= until) {
            records.removeFirst();
        }
    }

    int size() {
        return records.size();
    }

    /** The sequence number of a cursor ({@code <n>-0}); 0 for none. */
    private static long seqOf(String cursor) {
        if (cursor == null || cursor.isEmpty() || "-".equals(cursor)) {
            return 0;
        }
        int dash = cursor.indexOf('-');
        try {
            return Long.parseLong(dash < 0 ? cursor : cursor.substring(0, dash));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a page stream cursor: " + cursor);
        }
    }
}
