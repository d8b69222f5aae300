package io.trawler.revisit;

import io.trawler.frontier.PageRecord;
import io.trawler.refresh.PageHistory;
import java.util.List;

/**
 * An update policy: how a site's refresh plan schedules each fetched page's next visit (StormCrawler's
 * {@code Scheduler}, Nutch's {@code FetchSchedule}). Each policy is one CDI bean; {@link UpdatePolicies} finds them,
 * the API's validation, the freshness page's options and the plan's engine ({@link RefreshRecorder}) take them from
 * there, so a new policy is its own class (with its test and its line in docs/freshness.md) and nothing else.
 */
public interface UpdatePolicy {

    /** The name a refresh plan gives ({@code policy} in the API, stored with the plan). */
    String name();

    /** What it schedules by, in a few words (the freshness page's option). */
    String summary();

    /** Where it comes in the freshness page's list (lower first); the first is the form's default. */
    int rank();

    /** Whether it reads search usage (views and queries of pages): crawls of a site with such a plan keep them. */
    default boolean readsUsage() {
        return false;
    }

    /**
     * Sets up the scheduling of one batch of a site's fetched pages (reading once what it needs for them), then asked
     * page by page.
     *
     * @param urls the batch's distinct URLs
     */
    PageScheduler schedulerFor(String siteId, RefreshPlan plan, List<String> urls);

    /** The policy's decision for one fetched page. */
    @FunctionalInterface
    interface PageScheduler {

        /**
         * The page's next due time (epoch ms), or null to keep its schedule.
         *
         * @param h      the page's history, this visit added
         * @param record the visit's page record
         * @param o      what this visit observed (the interval since the previous one and whether the page changed); null
         *               for a first visit
         * @param first  whether this is the page's first visit
         */
        Long due(String url, PageHistory h, PageRecord record, PageHistory.Observation o, boolean first);
    }
}
