package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IngestPacingTest {

    private static final long MS = 1_000_000;

    @ParameterizedTest(name = "last batch {0} records, {1} ms ago: due {2}")
    @CsvSource({
            // a slow crawl's few records are stored on the next tick
            "0, 250, true",
            "1, 250, true",
            "255, 250, true",
            // a fast crawl's records are gathered for a second into one commit
            "256, 250, false",
            "1500, 999, false",
            "1500, 1000, true",
            // a full batch is a backlog: ingest on
            "1999, 250, false",
            "2000, 250, true",
    })
    void pacesByTheLastBatch(int entries, long agoMs, boolean due) {
        IngestPacing pacing = new IngestPacing(2000, 10_000);
        pacing.ingested("c", entries, 10_000 * MS);
        assertEquals(due, pacing.due("c", (10_000 + agoMs) * MS));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"never ingested", "forgotten"})
    void aCrawlNotSeenIsDue(String how) {
        IngestPacing pacing = new IngestPacing(2000, 10_000);
        if (how.equals("forgotten")) {
            pacing.ingested("c", 1500, 10_000 * MS);
            pacing.forget("c");
        }
        pacing.ingested("other", 1500, 10_000 * MS);
        assertEquals(true, pacing.due("c", 10_001 * MS));
        assertEquals(false, pacing.due("other", 10_001 * MS));   // each crawl is paced on its own
    }

    @ParameterizedTest(name = "at most {0} unread records: a batch of {1} is a backlog: {2}")
    @CsvSource({
            "10000, 1999, false",
            "1000, 499, false",
            "1000, 500, true",   // workers stop leasing at 1,000 unread: half of it is not left to wait a second
            "300, 256, true",
    })
    void aBacklogIsMeasuredAgainstTheUnreadLimit(int maxUnread, int entries, boolean due) {
        IngestPacing pacing = new IngestPacing(2000, maxUnread);
        pacing.ingested("c", entries, 0);
        assertEquals(due, pacing.due("c", 250 * MS));
    }
}
