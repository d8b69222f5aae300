package io.trawler.refresh;

import java.util.Arrays;
import java.util.Random;

/**
 * k-means over dense feature vectors (Lloyd's iterations from a k-means++ start), for the cluster-sampling
 * policy: pages with similar features (site, path, depth, content type, size, links …) are expected to change
 * alike. Deterministic for a given seed.
 */
public final class KMeans {

    private final double[][] centres;
    private final int[] assignment;

    private KMeans(double[][] centres, int[] assignment) {
        this.centres = centres;
        this.assignment = assignment;
    }

    /** Clusters the points into at most {@code k} groups. */
    public static KMeans fit(double[][] points, int k, int iterations, long seed) {
        int n = points.length;
        if (n == 0) {
            return new KMeans(new double[0][], new int[0]);
        }
        k = Math.max(1, Math.min(k, n));
        int dims = points[0].length;
        Random rnd = new Random(seed);
        double[][] centres = new double[k][];
        centres[0] = points[rnd.nextInt(n)].clone();
        double[] nearest = new double[n];
        Arrays.fill(nearest, Double.POSITIVE_INFINITY);
        for (int c = 1; c < k; c++) {
            double total = 0;
            for (int i = 0; i < n; i++) {
                nearest[i] = Math.min(nearest[i], distance(points[i], centres[c - 1]));
                total += nearest[i];
            }
            double pick = rnd.nextDouble() * total;
            int chosen = n - 1;
            for (int i = 0; i < n; i++) {
                pick -= nearest[i];
                if (pick <= 0) {
                    chosen = i;
                    break;
                }
            }
            centres[c] = points[chosen].clone();
        }
        int[] assignment = new int[n];
        for (int it = 0; it < iterations; it++) {
            boolean moved = false;
            for (int i = 0; i < n; i++) {
                int best = closest(points[i], centres);
                moved |= best != assignment[i];
                assignment[i] = best;
            }
            double[][] sums = new double[k][dims];
            int[] counts = new int[k];
            for (int i = 0; i < n; i++) {
                counts[assignment[i]]++;
                for (int d = 0; d < dims; d++) {
                    sums[assignment[i]][d] += points[i][d];
                }
            }
            for (int c = 0; c < k; c++) {
                if (counts[c] > 0) {
                    for (int d = 0; d < dims; d++) {
                        centres[c][d] = sums[c][d] / counts[c];
                    }
                }
            }
            if (!moved && it > 0) {
                break;
            }
        }
        return new KMeans(centres, assignment);
    }

    private static int closest(double[] p, double[][] centres) {
        int best = 0;
        double bestD = Double.POSITIVE_INFINITY;
        for (int c = 0; c < centres.length; c++) {
            double d = distance(p, centres[c]);
            if (d < bestD) {
                bestD = d;
                best = c;
            }
        }
        return best;
    }

    static double distance(double[] a, double[] b) {
        double s = 0;
        for (int d = 0; d < a.length; d++) {
            double x = a[d] - b[d];
            s += x * x;
        }
        return s;
    }

    public int clusters() {
        return centres.length;
    }

    /** The cluster centres. */
    public double[][] centres() {
        double[][] out = new double[centres.length][];
        for (int c = 0; c < centres.length; c++) {
            out[c] = centres[c].clone();
        }
        return out;
    }

    /** Each point's cluster. */
    public int[] assignment() {
        return assignment.clone();
    }

    /**
     * The sample of each cluster: its {@code share} of points (at least {@code min}, at most all) nearest its
     * centre. {@code result[c]} lists point indices.
     */
    public int[][] samples(double[][] points, double share, int min) {
        int k = centres.length;
        int[] sizes = new int[k];
        for (int a : assignment) {
            sizes[a]++;
        }
        Integer[][] members = new Integer[k][];
        int[] fill = new int[k];
        for (int c = 0; c < k; c++) {
            members[c] = new Integer[sizes[c]];
        }
        for (int i = 0; i < assignment.length; i++) {
            members[assignment[i]][fill[assignment[i]]++] = i;
        }
        int[][] out = new int[k][];
        for (int c = 0; c < k; c++) {
            double[] centre = centres[c];
            Arrays.sort(members[c], (x, y) -> Double.compare(distance(points[x], centre), distance(points[y], centre)));
            int take = Math.min(sizes[c], Math.max(min, (int) Math.ceil(share * sizes[c])));
            out[c] = new int[take];
            for (int j = 0; j < take; j++) {
                out[c][j] = members[c][j];
            }
        }
        return out;
    }
}
