package io.trawler.order;

/**
 * The project's own focused strategy ({@code focused-learn}, issue 17; docs/ordering.md): links are scored by their
 * own evidence (anchor text and URL words against the topic), their page's similarity when it is relevant, and an
 * online {@link LinkModel} of which links paid off; an irrelevant page's links are still queued, decayed, up to
 * {@link LearningSettings#maxTunnel} irrelevant pages in a row (a hub page starts the tunnel again); queued URLs are
 * re-scored in bulk as the model learns. The worker computes the scores ({@link LinkLearner}); the frontier keeps
 * them, counts relevant and irrelevant pages and re-scores queued URLs through its URL index. Seeds come first and are
 * always expanded.
 */
public final class LearningFocusedOrder implements FocusedStrategy {

    private static final FrontierRules RULES = new FrontierRules(1, 0, FrontierRules.HostOrder.BEST, Rescoring.FOCUS_LEARN);

    private final LearningSettings settings;

    public LearningFocusedOrder(LearningSettings settings) {
        this.settings = settings;
    }

    public LearningSettings settings() {
        return settings;
    }

    @Override
    public String name() {
        return "focused-learn";
    }

    @Override
    public FrontierRules rules() {
        return RULES;
    }
}
