package io.trawler.revisit;

import io.quarkus.hibernate.orm.panache.Panache;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.refresh.ClusterSampling;
import io.trawler.refresh.PageHistory;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The cluster-sampling policy's live models, one per site (manager memory, rebuilt from the database): the
 * site's fetched pages clustered by their features, each cluster's sample, and each cluster's rate estimated
 * from its sample's histories. A model is rebuilt when it is older than the rebuild interval and the site has
 * grown by a tenth; rates are re-estimated at most every second, or every millisecond per sample for sites with
 * more than 1,000 samples, since each estimate reads every sample's history.
 */
@ApplicationScoped
public class ClusterModels {

    static final double SAMPLE_SHARE = 0.04;
    static final int MIN_SAMPLE = 3;
    static final long REBUILD_MS = 600_000;
    /** Rates are re-estimated at most this often, and at most once per millisecond per sample (large sites). */
    static final long RATES_MS = 1_000;

    private final RefreshStore store;
    private final Map<String, Model> models = new ConcurrentHashMap<>();

    public ClusterModels(RefreshStore store) {
        this.store = store;
    }

    /** A site's model: which page is in which cluster, the samples, the clusters' rates per second. */
    public static final class Model {
        final ClusterSampling clusters;
        final Map<String, Integer> clusterOf = new HashMap<>();
        final Set<String> samples = new HashSet<>();
        final int pages;
        final long builtAt;
        volatile double[] rates;
        volatile long ratesAt;

        Model(ClusterSampling clusters, int pages, long builtAt) {
            this.clusters = clusters;
            this.pages = pages;
            this.builtAt = builtAt;
        }

        public boolean sampled(String url) {
            return samples.contains(url);
        }

        /** The page's cluster: the one it was fitted in, else the nearest to its features. */
        public int clusterOf(String url, int depth, String contentType, long bytes) {
            Integer c = clusterOf.get(url);
            return c != null ? c : clusters.nearest(ClusterSampling.features(url, depth, contentType, bytes));
        }

        /** The cluster's rate per second, NaN while its sample has no observed visit. */
        public double rate(int cluster) {
            return rates[cluster];
        }

        public int clusters() {
            return clusters.clusters();
        }

        public int samples() {
            return samples.size();
        }
    }

    /** The site's model (null while the site has no fetched page in the database), rebuilt or re-estimated as due. */
    public Model forSite(String siteId) {
        long now = System.currentTimeMillis();
        Model m = models.get(siteId);
        // small sites (a crawl's first pages) are re-clustered as they grow; large ones at most every REBUILD_MS
        if (m == null || ((m.pages < 1000 || now - m.builtAt > REBUILD_MS) && pageCount(siteId) > m.pages * 1.1)) {
            m = build(siteId, now);
            if (m == null) {
                return null;
            }
            models.put(siteId, m);
        }
        if (now - m.ratesAt > Math.max(RATES_MS, m.samples())) {   // one read of every sample's history each time
            estimate(siteId, m, now);
        }
        return m;
    }

    /** Forgets a site's model (its plan changed). */
    public void forget(String siteId) {
        models.remove(siteId);
    }

    private Model build(String siteId, long now) {
        List<Object[]> rows = QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Object[]> r = Panache.getEntityManager().createNativeQuery("SELECT p.url, MAX(p.depth), MAX(p.content_type), MAX(p.bytes)"
                    + " FROM page p JOIN crawl c ON p.crawl_id = c.id WHERE c.site_id = ?1 AND p.status BETWEEN 200 AND 399 GROUP BY p.url")
                    .setParameter(1, siteId).getResultList();
            return r;
        });
        if (rows.isEmpty()) {
            return null;
        }
        double[][] features = new double[rows.size()][];
        for (int i = 0; i < rows.size(); i++) {
            Object[] r = rows.get(i);
            features[i] = ClusterSampling.features((String) r[0], r[1] == null ? 0 : ((Number) r[1]).intValue(), (String) r[2],
                    r[3] == null ? 0 : ((Number) r[3]).longValue());
        }
        int k = Math.max(1, Math.min(100, (int) Math.round(Math.sqrt(rows.size() / 2.0))));
        ClusterSampling cs = ClusterSampling.fit(features, k, SAMPLE_SHARE, MIN_SAMPLE, 7);
        Model m = new Model(cs, rows.size(), now);
        for (int i = 0; i < rows.size(); i++) {
            String url = (String) rows.get(i)[0];
            m.clusterOf.put(url, cs.clusterOf(i));
            if (cs.sampled(i)) {
                m.samples.add(url);
            }
        }
        m.rates = new double[cs.clusters()];
        java.util.Arrays.fill(m.rates, Double.NaN);
        return m;
    }

    private void estimate(String siteId, Model m, long now) {
        List<String> urls = new ArrayList<>(m.samples);
        List<Integer> clusterOfSample = new ArrayList<>(urls.size());
        urls.forEach(u -> clusterOfSample.add(m.clusterOf.get(u)));
        List<PageHistory> histories = new ArrayList<>(urls.size());
        for (int i = 0; i < urls.size(); i += 1000) {
            histories.addAll(store.histories(siteId, urls.subList(i, Math.min(urls.size(), i + 1000))));
        }
        m.rates = ClusterSampling.clusterRates(m.clusters(), clusterOfSample, histories);
        m.ratesAt = now;
    }

    private static long pageCount(String siteId) {
        return QuarkusTransaction.requiringNew().call(() -> ((Number) Panache.getEntityManager()
                .createNativeQuery("SELECT COUNT(DISTINCT p.url) FROM page p JOIN crawl c ON p.crawl_id = c.id WHERE c.site_id = ?1")
                .setParameter(1, siteId).getSingleResult()).longValue());
    }
}
