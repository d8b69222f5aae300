package io.trawler.order;

/**
 * Backlink count (seed 002 §3.3, SPEC §2.2): most fetched in-linkers first. A URL enters the frontier with
 * the count of the page it was found on (1) and moves up by one each time another fetched page links to
 * it; discovery order among equal counts. {@link BacklinkCount} is the rule in plain Java.
 */
public final class BacklinkOrder implements OrderingStrategy {

    private static final FrontierRules RULES = FrontierRules.rescoring(Rescoring.BACKLINKS);

    @Override
    public String name() {
        return "backlinks";
    }

    @Override
    public String seedScore(String url, int seeds) {
        return Scores.ranked(0);
    }

    @Override
    public String linkScore(String url) {
        return Scores.ranked(0);
    }

    @Override
    public FrontierRules rules() {
        return RULES;
    }
}
