package io.trawler.partition;

/**
 * The four measures of a partitioned crawl (seed 000 §3.1, SPEC §3), with N = pages fetched by all
 * crawlers, I = distinct pages among them, U = pages the site should have, M = pages fetched by the
 * busiest crawler: overlap (N − I)/N, coverage I/U, acceleration U/M, and
 * composite max(A² (C − ε) / √max(O, δ), 0).
 */
public record PartitionMetrics(double overlap, double coverage, double acceleration, double composite) {

    public static final double EPSILON = 0.8;
    public static final double DELTA = 0.2;

    public static PartitionMetrics of(long fetched, long distinct, long should, long busiest, double epsilon, double delta) {
        return with(fetched, distinct, should, busiest == 0 ? 0 : should / (double) busiest, epsilon, delta);
    }

    /**
     * The measures of a crawl still under way: coverage I/U so far, and acceleration I/M — distinct pages so far per
     * page of the busiest lane — since U/M compares the whole site with a lane's first pages (it falls from hundreds
     * to its final value as the crawl runs). Equal to {@link #of} once I = U.
     */
    public static PartitionMetrics soFar(long fetched, long distinct, long should, long busiest, double epsilon, double delta) {
        return with(fetched, distinct, should, busiest == 0 ? 0 : distinct / (double) busiest, epsilon, delta);
    }

    private static PartitionMetrics with(long fetched, long distinct, long should, double a, double epsilon, double delta) {
        double o = fetched == 0 ? 0 : (fetched - distinct) / (double) fetched;
        double c = should == 0 ? 0 : distinct / (double) should;
        double composite = Math.max(a * a * (c - epsilon) / Math.sqrt(Math.max(o, delta)), 0);
        return new PartitionMetrics(o, c, a, composite);
    }
}
