package io.trawler.order;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One worker's side of a learning focused crawl ({@link LearningFocusedOrder}): it scores the links it queues, learns
 * from the pages it measures, and says which of its queued links to re-score as the model changes.
 *
 * <ul>
 * <li>{@link #measured}: a fetched page was judged relevant or not. The link that led to it learns its payoff; when
 * relevant, the pages on the way to it (back to the last relevant page or hub) are credited as hubs. Returns the
 * tunnel distance of the page's links and whether they are queued at all.</li>
 * <li>{@link #score}: a link found on a page gets its priority from its own context, its page's similarity when
 * relevant, and the model's estimate, decayed by its tunnel distance; the link is remembered for re-scoring.</li>
 * <li>{@link #rescore}: every {@link LearningSettings#rescoreEvery} measured pages, the remembered links still
 * waiting whose priority moved by more than a tenth since it was last sent.</li>
 * </ul>
 *
 * <p>The worker keeps what it saw of the crawl only: with several workers each learns from the pages it fetched, and
 * the way back to a relevant page stops at a link another worker found. Bounded: the {@value #REMEMBERED} links
 * queued last and as many pages measured last are remembered (a few hundred bytes each). Thread-safe.
 */
public final class LinkLearner {

    static final int REMEMBERED = 50_000;
    static final int MAX_RESCORED = 5_000;
    static final double MOVED = 0.1;

    /** A link this worker queued: its features, the page it was found on, its tunnel distance and own evidence. */
    private static final class Known {
        final List<String> features;
        final String parent;
        final int tunnel;
        final double context;
        final double parentSimilarity;
        double sent;

        Known(List<String> features, String parent, int tunnel, double context, double parentSimilarity, double sent) {
            this.features = features;
            this.parent = parent;
            this.tunnel = tunnel;
            this.context = context;
            this.parentSimilarity = parentSimilarity;
            this.sent = sent;
        }
    }

    /** The verdict on a measured page's links: their tunnel distance, and whether they are queued. */
    public record Links(int tunnel, boolean follow) {
    }

    private final LearningSettings settings;
    private final LinkModel model = new LinkModel();
    private final Map<String, Known> queued = bounded();
    private final Map<String, Known> measured = bounded();
    private final Map<String, String> canonical = new HashMap<>();
    private int sinceRescore;

    public LinkLearner(LearningSettings settings) {
        this.settings = settings;
    }

    public LearningSettings settings() {
        return settings;
    }

    private static Map<String, Known> bounded() {
        return new LinkedHashMap<>(1024, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Known> eldest) {
                return size() > REMEMBERED;
            }
        };
    }

    /**
     * A fetched page was measured. {@code tunnel}: the distance its frontier entry carried; {@code seed}: a seed
     * (always expanded, never learned from; its links' tunnel distance as any page's).
     */
    public synchronized Links measured(String url, int tunnel, boolean relevant, boolean seed) {
        Known k = queued.remove(url);
        if (seed) {
            // always expanded, never learned from; an irrelevant seed is an irrelevant page all the same: its links
            // start one step into the tunnel (a home page's menu of every tag and category is not favoured)
            return new Links(settings.tunnelAfter(tunnel, relevant, false), true);
        }
        List<String> features = k != null ? k.features : intern(LinkFeatures.of(url, ""));
        model.learn(features, relevant ? 1 : 0);
        measured.put(url, k != null ? k : new Known(features, null, tunnel, 0, 0, 0));
        sinceRescore++;
        if (relevant && k != null) {
            // the pages that led here were hubs on the way to it, back to the last relevant page (or hub)
            String p = k.parent;
            for (int steps = 0; p != null && steps <= settings.maxTunnel() + 1; steps++) {
                Known up = measured.get(p);
                if (up == null || up.parent == null) {
                    break;   // a seed, or a page this worker did not see
                }
                model.credit(up.features, settings.hubCredit());
                if (up.tunnel == 0) {
                    break;
                }
                p = up.parent;
            }
        }
        boolean hub = !relevant && model.estimate(features) >= settings.hubThreshold();
        int next = settings.tunnelAfter(tunnel, relevant, hub);
        return new Links(next, settings.follows(next));
    }

    /**
     * The priority of a link found on page {@code parent}: {@code context} is the similarity of its anchor text and
     * URL words to the topic, {@code parentSimilarity} the page's similarity when it is relevant (else 0). A link
     * found before keeps what it was first found with (the frontier ignores it), and one already fetched is not
     * remembered again.
     */
    public synchronized double score(String url, String anchor, String parent, int tunnel, double context, double parentSimilarity) {
        Known first = queued.get(url);
        if (first != null) {
            // found again: the frontier keeps the entry of its first discovery, and so does the learner (its way
            // back for the hub credit, its tunnel distance and the priority last sent)
            return first.sent;
        }
        List<String> features = intern(LinkFeatures.of(url, anchor));
        double p = settings.priority(context, parentSimilarity, model.estimate(features), tunnel);
        if (!measured.containsKey(url)) {
            queued.put(url, new Known(features, parent, tunnel, context, parentSimilarity, p));
        }
        return p;
    }

    /**
     * Every {@link LearningSettings#rescoreEvery} measured pages: the queued links whose priority moved by more than
     * a tenth since it was last sent (at most {@value #MAX_RESCORED}, those queued last first), with their new
     * priorities; empty otherwise.
     */
    public synchronized Map<String, Double> rescore() {
        if (sinceRescore < settings.rescoreEvery()) {
            return Map.of();
        }
        sinceRescore = 0;
        Map<String, Double> moved = new LinkedHashMap<>();
        List<Map.Entry<String, Known>> all = new ArrayList<>(queued.entrySet());
        for (int i = all.size() - 1; i >= 0 && moved.size() < MAX_RESCORED; i--) {
            Known k = all.get(i).getValue();
            double p = settings.priority(k.context, k.parentSimilarity, model.estimate(k.features), k.tunnel);
            if (Math.abs(p - k.sent) > MOVED * Math.max(k.sent, 1e-9)) {
                k.sent = p;
                moved.put(all.get(i).getKey(), p);
            }
        }
        return moved;
    }

    /** A link another worker fetched, or the crawl dropped: no longer re-scored. */
    public synchronized void forget(String url) {
        queued.remove(url);
    }

    /** How many links are remembered as queued. */
    public synchronized int queuedCount() {
        return queued.size();
    }

    /** The model this worker learned (for tests and figures). */
    public synchronized double estimate(String url, String anchor) {
        return model.estimate(LinkFeatures.of(url, anchor));
    }

    /** One instance of each feature string, shared by every remembered link that has it. */
    private List<String> intern(List<String> features) {
        List<String> out = new ArrayList<>(features.size());
        for (String f : features) {
            String c = canonical.putIfAbsent(f, f);
            out.add(c == null ? f : c);
        }
        if (canonical.size() > 4 * REMEMBERED) {
            canonical.clear();   // unbounded vocabularies (anchor words of a huge site): start sharing anew
        }
        return out;
    }
}
