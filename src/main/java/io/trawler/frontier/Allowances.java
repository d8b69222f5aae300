package io.trawler.frontier;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The crawl-wide page limit and budget of a sharded crawl, kept by moving allowance between its shards (plain Java; the
 * frontier applies what it decides). Each shard admits URLs within its page allowance and leases within its budget
 * allowance, both an even share at start, so that admission and leasing never leave the shard (no extra round trip per
 * page). A shard that finds URLs beyond its allowance holds them; once a second the manager takes back the allowance a
 * shard that ran dry did not use ({@link #releasable}) and grants what is free to the shards holding URLs, or with
 * leases wanted and their budget spent ({@link #grants}); when no allowance is left anywhere the held URLs are let go
 * ({@link #exhausted}).
 */
public final class Allowances {

    /** One shard's allowance and use, as the frontier reports it. */
    public record Shard(long maxPages, long admitted, long held, long budget, long leased, long queued, boolean drained) {

        boolean wantsPages() {
            return held > 0;
        }

        boolean wantsBudget() {
            return budget > 0 && leased >= budget && queued > 0;
        }

        long unusedPages() {
            return maxPages > 0 ? Math.max(0, maxPages - admitted) : 0;
        }

        long unusedBudget() {
            return budget > 0 ? Math.max(0, budget - leased) : 0;
        }
    }

    /** What a shard is granted. */
    public record Grant(long pages, long budget) {
    }

    private Allowances() {
    }

    /** Allowance no shard holds: the crawl's limit less what the shards were given ({@code 0} without a limit). */
    public static long free(long limit, List<Long> given) {
        return limit <= 0 ? 0 : Math.max(0, limit - given.stream().mapToLong(Long::longValue).sum());
    }

    /**
     * The shards whose unused allowance should come back: drained ones with some unused, when another shard wants more
     * than is free.
     */
    public static List<Integer> releasable(long freePages, long freeBudget, List<Shard> shards) {
        long wantPages = shards.stream().mapToLong(Shard::held).sum();
        boolean wantBudget = shards.stream().anyMatch(Shard::wantsBudget);
        List<Integer> out = new ArrayList<>();
        if (wantPages <= freePages && !(wantBudget && freeBudget == 0)) {
            return out;
        }
        for (int i = 0; i < shards.size(); i++) {
            Shard s = shards.get(i);
            boolean pages = wantPages > freePages && s.unusedPages() > 0;
            boolean budget = wantBudget && freeBudget == 0 && s.unusedBudget() > 0;
            if (s.drained() && !s.wantsPages() && (pages || budget)) {
                out.add(i);
            }
        }
        return out;
    }

    /**
     * The free allowance shared among the shards that want it: pages in proportion to the URLs each holds (never more
     * than it holds), budget evenly among the shards whose budget is spent with URLs queued.
     */
    public static Map<Integer, Grant> grants(long freePages, long freeBudget, List<Shard> shards) {
        Map<Integer, Grant> out = new LinkedHashMap<>();
        long held = shards.stream().mapToLong(Shard::held).sum();
        long budgetWanted = shards.stream().filter(Shard::wantsBudget).count();
        long pagesLeft = freePages;
        long budgetLeft = freeBudget;
        for (int i = 0; i < shards.size(); i++) {
            Shard s = shards.get(i);
            long pages = 0;
            long budget = 0;
            if (s.wantsPages() && pagesLeft > 0) {
                long share = (long) Math.ceil(freePages * (double) s.held() / held);
                pages = Math.min(pagesLeft, Math.min(s.held(), share));
                pagesLeft -= pages;
            }
            if (s.wantsBudget() && budgetLeft > 0) {
                budget = Math.min(budgetLeft, (long) Math.ceil(freeBudget / (double) budgetWanted));
                budgetLeft -= budget;
            }
            if (pages > 0 || budget > 0) {
                out.put(i, new Grant(pages, budget));
            }
        }
        return out;
    }

    /** Whether held URLs can never be admitted: some are held, nothing is free and no shard has allowance unused. */
    public static boolean exhausted(long freePages, List<Shard> shards) {
        return freePages == 0 && shards.stream().anyMatch(Shard::wantsPages) && shards.stream().allMatch(s -> s.unusedPages() == 0);
    }
}
