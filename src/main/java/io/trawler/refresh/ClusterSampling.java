package io.trawler.refresh;

import io.trawler.parse.UrlNormalizer;
import io.trawler.partition.UrlPath;
import java.util.ArrayList;
import java.util.List;

/**
 * The cluster-sampling policy's model (seed 002 §4): pages grouped by k-means over features a crawler has without
 * fetching them again (site, URL section, depth, content type, size); the pages nearest each group's centre are
 * its sample, the only pages whose visits are kept and estimated; a group's change rate comes from its sample's
 * visits together (one maximum-likelihood estimate over all of them), and every page of the group, new pages
 * included, is scheduled by it.
 */
public final class ClusterSampling {

    private final double[][] centres;
    private final int[] assignment;
    private final boolean[] sampled;

    private ClusterSampling(double[][] centres, int[] assignment, boolean[] sampled) {
        this.centres = centres;
        this.assignment = assignment;
        this.sampled = sampled;
    }

    /** Groups the pages (one feature vector each) into at most {@code k} clusters and picks each one's sample. */
    public static ClusterSampling fit(double[][] features, int k, double sampleShare, int minSample, long seed) {
        KMeans km = KMeans.fit(features, k, 15, seed);
        boolean[] sampled = new boolean[features.length];
        for (int[] members : km.samples(features, sampleShare, minSample)) {
            for (int i : members) {
                sampled[i] = true;
            }
        }
        double[][] centres = km.centres();
        return new ClusterSampling(centres, km.assignment(), sampled);
    }

    public int clusters() {
        return centres.length;
    }

    /** The cluster of page {@code i} of the fitted set. */
    public int clusterOf(int i) {
        return assignment[i];
    }

    /** Whether page {@code i} of the fitted set is in its cluster's sample. */
    public boolean sampled(int i) {
        return sampled[i];
    }

    /** The cluster nearest a page's features (a page that was not in the fitted set). */
    public int nearest(double[] features) {
        int best = 0;
        double bestD = Double.POSITIVE_INFINITY;
        for (int c = 0; c < centres.length; c++) {
            double d = KMeans.distance(features, centres[c]);
            if (d < bestD) {
                bestD = d;
                best = c;
            }
        }
        return best;
    }

    /**
     * Each cluster's change rate (per second) from its samples' histories taken together; NaN for a cluster whose
     * samples have no observed visit yet.
     */
    public static double[] clusterRates(int clusters, List<Integer> clusterOfSample, List<PageHistory> sampleHistories) {
        List<List<Double>> changed = new ArrayList<>();
        List<List<Double>> unchanged = new ArrayList<>();
        for (int c = 0; c < clusters; c++) {
            changed.add(new ArrayList<>());
            unchanged.add(new ArrayList<>());
        }
        for (int s = 0; s < sampleHistories.size(); s++) {
            int c = clusterOfSample.get(s);
            sampleHistories.get(s).forEachVisit((ms, ch) -> (ch ? changed : unchanged).get(c).add(ms / 1000.0));
        }
        double[] rates = new double[clusters];
        for (int c = 0; c < clusters; c++) {
            rates[c] = ChangeRateEstimator.fromVisits(changed.get(c).stream().mapToDouble(Double::doubleValue).toArray(),
                    unchanged.get(c).stream().mapToDouble(Double::doubleValue).toArray());
        }
        return rates;
    }

    /**
     * A page's features: its host and its URL path (host and first-level directory, {@link UrlPath}) hashed into
     * a few one-hot slots (pages of one section share them), its depth, whether it is HTML, and its size.
     */
    public static double[] features(String url, int depth, String contentType, long bytes) {
        double[] x = new double[8 + 16 + 3];
        x[Math.floorMod(UrlNormalizer.hostOf(url).hashCode(), 8)] = 2;
        x[8 + Math.floorMod(UrlPath.of(url).hashCode(), 16)] = 2;   // host/first-level-directory
        x[24] = depth / 3.0;
        x[25] = contentType != null && contentType.contains("html") ? 1 : 0;
        x[26] = Math.log1p(Math.max(0, bytes)) / 3;
        return x;
    }
}
