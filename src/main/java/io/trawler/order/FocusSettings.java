package io.trawler.order;

/**
 * The constants of T&amp;L focused crawling (SPEC §2.7).
 *
 * @param minPrefixCount f: a URL prefix is frequent when at least this many URLs of a queue share it
 * @param relevantBoost  a: multiplier of a link matching a prefix of S
 * @param irrelevantDamp b: multiplier of a link matching a prefix of U = M − S
 */
public record FocusSettings(int minPrefixCount, double relevantBoost, double irrelevantDamp) {

    public static final FocusSettings DEFAULTS = new FocusSettings(3, 1.5, 0.5);

    public FocusSettings {
        if (minPrefixCount < 1 || relevantBoost <= 0 || irrelevantDamp < 0) {
            throw new IllegalArgumentException("focus settings need f ≥ 1, a > 0, b ≥ 0");
        }
    }
}
