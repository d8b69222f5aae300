package io.trawler.order;

/**
 * An ordering strategy (SPEC §2): the frontier score a seed or a newly discovered URL starts with, and
 * the {@link FrontierRules} the frontier applies beyond popping the lowest score first (random picks,
 * largest site first, re-scoring of queued URLs as pages are fetched, focused relevance).
 *
 * <p>A score is the argument the frontier's enqueue takes: {@code fifo} or {@code lifo} (discovery
 * order), {@code s:<n>} (n first, discovery order among equals) or a plain number.
 */
public interface OrderingStrategy {

    /** The name in the API ({@code bfs}, {@code depth-weight}, …). */
    String name();

    /** The score of a seed, one of {@code seeds} seeds. */
    String seedScore(String url, int seeds);

    /** The score of a URL found on a page or in a sitemap, before the frontier's re-scoring. */
    String linkScore(String url);

    /** What the frontier does besides popping the lowest score. */
    default FrontierRules rules() {
        return FrontierRules.PLAIN;
    }
}
