package io.trawler.testsupport;

import io.trawler.refresh.PageHistory;
import java.util.HashMap;
import java.util.Map;

/** Page histories written for tests of freshness figures, without crawling. */
public final class PageHistories {

    private PageHistories() {
    }

    /**
     * {@code pages} pages of {@code base} ({@code base + "p/" + i}), each visited {@code visits} times a minute apart,
     * ending now, and never changed: a young site's histories.
     */
    public static Map<String, PageHistory> unchanged(String base, int pages, int visits) {
        Map<String, PageHistory> histories = new HashMap<>();
        long t0 = System.currentTimeMillis() - (visits - 1) * 60_000L;
        for (int i = 0; i < pages; i++) {
            PageHistory h = new PageHistory();
            for (int v = 0; v < visits; v++) {
                h.add(new PageHistory.Fetch(t0 + v * 60_000L, 200, 42, 0, null));
            }
            histories.put(base + "p/" + i, h);
        }
        return histories;
    }
}
