package io.trawler.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** When the background indexer takes an ended crawl: at once when nothing crawls, else after its wait. */
class SearchIndexerRulesTest {

    static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");
    static final Instant WAITED = NOW.minusMillis(SearchIndexer.IDLE_WAIT_MS);

    @Test
    void anEndedCrawlWaitsForAnIdleMomentAtMostTenMinutes() {
        record Case(Instant finishedAt, boolean crawling, boolean expected) {
        }
        for (Case c : new Case[] {
                new Case(NOW.minusSeconds(5), false, true),      // nothing crawls: at once
                new Case(NOW.minusSeconds(5), true, false),      // a crawl runs: it waits
                new Case(NOW.minusSeconds(599), true, false),
                new Case(NOW.minusSeconds(601), true, true),     // ... ten minutes at most
                new Case(null, true, true),                      // no end time (an old record): at once
        }) {
            assertEquals(c.expected(), SearchIndexer.indexesNow(c.finishedAt(), c.crawling(), WAITED), c.toString());
        }
    }
}
