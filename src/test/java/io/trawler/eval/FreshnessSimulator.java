package io.trawler.eval;

import io.trawler.refresh.BudgetAllocator;
import io.trawler.refresh.KMeans;
import io.trawler.refresh.NutchAdaptiveInterval;
import io.trawler.refresh.RatePosterior;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * A freshness simulator with a simulated clock (issue 5, first version): N pages whose changes are Poisson
 * processes with heavy-tailed rates (a fifth never change, most weekly to bimonthly, some daily, a few up to
 * hourly), a fixed fetch budget per day spread evenly over the day, and a query workload that gives each page
 * a view weight (Zipf over a random order of the pages, independent of its rate). Every policy sees the same
 * pages and the same change events; it only sees what its fetches reveal (changed since the last fetch or
 * not), except the oracle, which knows the true rates. Measures average freshness, average age and
 * user-weighted freshness 24 times a simulated day, after a warm-up.
 *
 * <p>Run: {@code ./mvnw -q test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=io.trawler.eval.FreshnessSimulator -Dexec.args="100000 0.2 60"} (pages, budget share per
 * day, days). Cluster sampling is not in this version yet.
 */
public final class FreshnessSimulator {

    /** A policy: the time (days) each page is next due; the simulator fetches the earliest due up to the budget. */
    interface Policy {
        String name();

        /** Whether a page may be fetched before it is due (to use the whole budget). */
        default boolean fillsBudget() {
            return true;
        }

        void start(World w);

        void fetched(int page, double time, double elapsed, boolean changed);

        /** Called once a day before the day's fetches. */
        default void newDay(int day) {
        }

        double due(int page);
    }

    /**
     * The simulated web: pages grouped in sites and sections (URL path prefixes) whose pages mostly share a change
     * class; true rates; each change substantive (it moves the page's relevance to its queries) with a per-page
     * probability, else cosmetic (a date, a counter); features a crawler sees without fetching (site, section,
     * depth, content type, size, link count); view weights from a query workload; each page's copy state.
     */
    static final class World {
        static final int SITES = 10;
        static final int SECTIONS = 8;
        final int n;
        final double[] rate;
        final double[] substantive;   // P(a change is substantive)
        final double[] weight;
        final int[] group;            // site * SECTIONS + section
        final int[] depth;
        final int[] type;             // 0 html, 1 pdf, 2 image
        final double[] size;          // bytes
        final int[] links;
        final double budgetPerDay;
        final double[] lastFetch;
        final double[] nextChange;    // first change after the last fetch
        final double[] nextSubstantive;
        final Random rnd;

        World(int n, double budgetShare, long seed) {
            this.n = n;
            rnd = new Random(seed);
            rate = new double[n];
            substantive = new double[n];
            weight = new double[n];
            group = new int[n];
            depth = new int[n];
            type = new int[n];
            size = new double[n];
            links = new int[n];
            int groups = SITES * SECTIONS;
            int[] dominant = new int[groups];
            for (int g = 0; g < groups; g++) {
                dominant[g] = changeClass(rnd.nextDouble());
            }
            for (int i = 0; i < n; i++) {
                int g = rnd.nextInt(groups);
                group[i] = g;
                // 80 % of a section's pages change like the section, the rest like any page: the overall mix stays
                // 20 % static, 60 % weekly to monthly, 15 % daily to weekly, 5 % hourly to daily
                int c = rnd.nextDouble() < 0.8 ? dominant[g] : changeClass(rnd.nextDouble());
                rate[i] = switch (c) {
                    case 0 -> 0;
                    case 1 -> logUniform(rnd, 1 / 30.0, 1 / 7.0);
                    case 2 -> logUniform(rnd, 1 / 7.0, 1);
                    default -> logUniform(rnd, 1, 24);
                };
                substantive[i] = rnd.nextDouble() < 0.5 ? 0.05 + 0.15 * rnd.nextDouble() : 0.5 + 0.5 * rnd.nextDouble();
                depth[i] = 1 + Math.min(6, (int) Math.floor(-Math.log(1 - rnd.nextDouble()) * (c == 3 ? 0.8 : c == 0 ? 3 : 1.8)));
                type[i] = c == 0 && rnd.nextDouble() < 0.5 ? 1 + rnd.nextInt(2) : 0;
                size[i] = Math.exp(9 + rnd.nextGaussian() + (type[i] > 0 ? 2 : 0));
                links[i] = (int) Math.max(0, Math.round(Math.exp(3 + rnd.nextGaussian() * 0.7 + (c >= 2 ? 1 : 0))));
            }
            // a query workload: 20,000 queries of Zipf popularity, each showing 10 results, a result at rank r viewed
            // with probability 1/r; a third of the pages ever show up in results
            int queries = Math.max(10, n / 5);
            int shown = Math.max(10, n / 3);
            for (int q = 1; q <= queries; q++) {
                double popularity = 1.0 / q;
                for (int r = 1; r <= 10; r++) {
                    int page = (int) ((long) rnd.nextInt(shown) * n / shown);
                    weight[page] += popularity / r;
                }
            }
            budgetPerDay = Math.max(1, Math.round(n * budgetShare));
            lastFetch = new double[n];
            nextChange = new double[n];
            nextSubstantive = new double[n];
            for (int i = 0; i < n; i++) {
                resetChanges(i, 0);
            }
        }

        static int changeClass(double u) {
            return u < 0.2 ? 0 : u < 0.8 ? 1 : u < 0.95 ? 2 : 3;
        }

        private double after(double r, double t) {
            return r <= 0 ? Double.POSITIVE_INFINITY : t - Math.log(1 - rnd.nextDouble()) / r;
        }

        private void resetChanges(int i, double t) {
            double sub = after(rate[i] * substantive[i], t);
            double cos = after(rate[i] * (1 - substantive[i]), t);
            nextSubstantive[i] = sub;
            nextChange[i] = Math.min(sub, cos);
        }

        /** Fetches page i at time t: whether it changed since the last fetch (and whether substantively: {@link #lastSubstantive}). */
        boolean fetch(int i, double t) {
            boolean changed = nextChange[i] <= t;
            lastSubstantive = nextSubstantive[i] <= t;
            lastFetch[i] = t;
            resetChanges(i, t);
            return changed;
        }

        /** Whether the last {@link #fetch} found a substantive change (the stored versions tell). */
        boolean lastSubstantive;
    }

    static double logUniform(Random rnd, double lo, double hi) {
        return Math.exp(Math.log(lo) + rnd.nextDouble() * (Math.log(hi) - Math.log(lo)));
    }

    /** Allocation policies: frequencies from (estimated or true) rates, due = last fetch + 1/f. */
    static class Allocating implements Policy {
        final String name;
        final boolean oracle;
        final boolean weighted;
        final boolean proportional;
        World w;
        RatePosterior h;
        double[] f;
        double[] mean;
        int[] visits;
        int[] changes;
        /** user-experience: outcomes of the last K − 1 version comparisons (bit set: substantive), and how many. */
        int[] impactBits;
        int[] impactCount;

        Allocating(String name, boolean oracle, boolean weighted, boolean proportional) {
            this.name = name;
            this.oracle = oracle;
            this.weighted = weighted;
            this.proportional = proportional;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void start(World world) {
            w = world;
            h = new RatePosterior(w.n, 1 / 365.0, 48, 40);
            h.groups(w.group, World.SITES * World.SECTIONS, 20);   // pages of a site section share a prior
            visits = new int[w.n];
            changes = new int[w.n];
            impactBits = new int[w.n];
            impactCount = new int[w.n];
            f = new double[w.n];
            Arrays.fill(f, w.budgetPerDay / w.n);
        }

        @Override
        public void fetched(int page, double time, double elapsed, boolean changed) {
            h.observe(page, elapsed, changed);
            visits[page]++;
            if (changed) {
                changes[page]++;
                if (weighted) {
                    // with K versions kept, the last K − 1 changes can be compared with the version before them
                    int keep = VERSIONS - 1;
                    impactBits[page] = ((impactBits[page] << 1) | (w.lastSubstantive ? 1 : 0)) & ((1 << keep) - 1);
                    impactCount[page] = Math.min(keep, impactCount[page] + 1);
                }
            }
        }

        /** user-experience: each page's expected impact of a change (share of its measured changes that were substantive). */
        double[] impacts() {
            double subs = 0;
            double all = 0;
            for (int i = 0; i < w.n; i++) {
                subs += Integer.bitCount(impactBits[i]);
                all += impactCount[i];
            }
            double prior = all == 0 ? 0.5 : subs / all;
            double[] out = new double[w.n];
            for (int i = 0; i < w.n; i++) {
                out[i] = (Integer.bitCount(impactBits[i]) + prior) / (impactCount[i] + 1);   // one pseudo-change at the mean
            }
            return out;
        }

        @Override
        public void newDay(int day) {
            if (day == 0 && !oracle) {
                return;   // nothing known yet: uniform
            }
            if (oracle) {
                f = BudgetAllocator.optimal(w.rate, null, w.budgetPerDay);
                return;
            }
            h.fitPrior(day == 1 ? 50 : 10);
            mean = h.means();
            if (proportional) {
                double sum = 0;
                for (double r : mean) {
                    sum += r;
                }
                for (int i = 0; i < w.n; i++) {
                    f[i] = sum > 0 ? w.budgetPerDay * mean[i] / sum : w.budgetPerDay / w.n;
                }
                return;
            }
            double[] weights = null;
            if (weighted) {
                weights = impacts();
                for (int i = 0; i < w.n; i++) {
                    weights[i] *= w.weight[i];   // views from the search teams' signals × expected impact of a change
                }
            }
            f = h.allocate(w.budgetPerDay, weights);
        }

        @Override
        public double due(int page) {
            if (f[page] <= 0) {
                return Double.POSITIVE_INFINITY;
            }
            double interval = 1 / f[page];
            if (PROBE && !proportional && mean != null && visits[page] > 0 && changes[page] == visits[page]) {
                interval = Math.min(interval, 1 / mean[page]);   // changed every time: probe at a shorter interval
            }
            return w.lastFetch[page] + interval;
        }
    }

    static final boolean PROBE = System.getenv("SIM_NOPROBE") == null;
    /** user-experience: versions kept per page (K). */
    static final int VERSIONS = 3;

    /**
     * Cluster sampling: pages grouped by k-means over the features a crawler has without fetching (site and
     * section one-hot, depth, content type, log size, log links); each day the pages nearest each centre (a
     * sample of 4 %, at least 3) are fetched, and only they keep a history; each cluster's rate is estimated from
     * its sample's visits together (one empirical-Bayes posterior per cluster); the rest of the budget goes to the
     * other pages by the optimal allocation with their cluster's rate.
     */
    static final class ClusterSampling implements Policy {
        static final int K = 100;
        static final double SAMPLE_SHARE = 0.04;
        World w;
        int[] cluster;
        boolean[] sampled;
        RatePosterior clusterRates;
        double[] f;
        int samples;

        @Override
        public String name() {
            return "cluster-sampling";
        }

        @Override
        public void start(World world) {
            w = world;
            double[][] features = new double[w.n][];
            for (int i = 0; i < w.n; i++) {
                features[i] = features(w, i);
            }
            KMeans km = KMeans.fit(features, K, 15, 3);
            cluster = km.assignment();
            sampled = new boolean[w.n];
            for (int[] members : km.samples(features, SAMPLE_SHARE, 3)) {
                for (int i : members) {
                    sampled[i] = true;
                    samples++;
                }
            }
            clusterRates = new RatePosterior(km.clusters(), 1 / 365.0, 48, 40);
            f = new double[w.n];
            Arrays.fill(f, w.budgetPerDay / w.n);
        }

        static double[] features(World w, int i) {
            double[] x = new double[World.SITES + World.SECTIONS + 6];
            x[w.group[i] / World.SECTIONS] = 2;
            x[World.SITES + w.group[i] % World.SECTIONS] = 2;
            int at = World.SITES + World.SECTIONS;
            x[at] = w.depth[i] / 3.0;
            x[at + 1 + w.type[i]] = 1;
            x[at + 4] = Math.log(w.size[i]) / 3;
            x[at + 5] = Math.log1p(w.links[i]) / 3;
            return x;
        }

        @Override
        public void fetched(int page, double time, double elapsed, boolean changed) {
            if (sampled[page]) {
                clusterRates.observe(cluster[page], elapsed, changed);   // history only for the samples
            }
        }

        @Override
        public void newDay(int day) {
            if (day == 0) {
                Arrays.fill(f, w.budgetPerDay / w.n);
                return;
            }
            clusterRates.fitPrior(day == 1 ? 50 : 10);
            double[] rate = clusterRates.means();
            double[] rates = new double[w.n];
            for (int i = 0; i < w.n; i++) {
                rates[i] = rate[cluster[i]];
            }
            // every page, samples included, by the optimal allocation with its cluster's rate; a sample is
            // visited at least weekly so that its cluster's estimate keeps up
            double sampleFloor = 1 / 7.0;
            double floorBudget = 0;
            for (int i = 0; i < w.n; i++) {
                if (sampled[i]) {
                    floorBudget += sampleFloor;
                }
            }
            f = BudgetAllocator.optimal(rates, null, w.budgetPerDay - floorBudget);
            for (int i = 0; i < w.n; i++) {
                if (sampled[i]) {
                    f[i] = Math.max(f[i], sampleFloor);
                }
            }
        }

        @Override
        public double due(int page) {
            return f[page] <= 0 ? Double.POSITIVE_INFINITY : w.lastFetch[page] + 1 / f[page];
        }
    }

    static final class Uniform implements Policy {
        World w;

        @Override
        public String name() {
            return "uniform";
        }

        @Override
        public void start(World world) {
            w = world;
        }

        @Override
        public void fetched(int page, double time, double elapsed, boolean changed) {
        }

        @Override
        public double due(int page) {
            return w.lastFetch[page] + w.n / w.budgetPerDay;
        }
    }

    static final class Nutch implements Policy {
        final NutchAdaptiveInterval schedule = NutchAdaptiveInterval.DEFAULTS;
        World w;
        double[] interval;

        @Override
        public String name() {
            return "nutch-adaptive";
        }

        @Override
        public boolean fillsBudget() {
            return false;
        }

        @Override
        public void start(World world) {
            w = world;
            interval = new double[w.n];
            Arrays.fill(interval, schedule.initialInterval() / NutchAdaptiveInterval.DAY);
        }

        @Override
        public void fetched(int page, double time, double elapsed, boolean changed) {
            interval[page] = schedule.next(interval[page] * NutchAdaptiveInterval.DAY, changed) / NutchAdaptiveInterval.DAY;
        }

        @Override
        public double due(int page) {
            return w.lastFetch[page] + interval[page];
        }
    }

    /** Averages after the warm-up, and each day's mean freshness and user-weighted freshness (for the plot). */
    record Result(String policy, double freshness, double age, double userFreshness, double fetchesPerDay, double[] daily,
            double[] dailyUser) {
    }

    static Result run(Policy p, int n, double budgetShare, int days, int warmUp, long seed) {
        World w = new World(n, budgetShare, seed);
        p.start(w);
        int b = (int) w.budgetPerDay;
        double fresh = 0;
        double age = 0;
        double userFresh = 0;
        double totalWeight = 0;
        for (double x : w.weight) {
            totalWeight += x;
        }
        int samples = 0;
        long fetches = 0;
        double[] daily = new double[days];
        double[] dailyUser = new double[days];
        Integer[] ids = new Integer[n];
        double[] dues = new double[n];
        for (int day = 0; day < days; day++) {
            p.newDay(day);
            for (int i = 0; i < n; i++) {
                ids[i] = i;
                dues[i] = p.due(i);
            }
            Arrays.sort(ids, (x, y) -> Double.compare(dues[x], dues[y]));
            List<Integer> today = new ArrayList<>(b);
            for (int k = 0; k < n && today.size() < b; k++) {
                int i = ids[k];
                if (Double.isInfinite(dues[i]) || (!p.fillsBudget() && dues[i] > day + 1)) {
                    break;
                }
                today.add(i);
            }
            int next = 0;
            for (int step = 0; step < 24; step++) {
                double until = day + (step + 1) / 24.0;
                while (next < today.size() && day + (next + 0.5) / Math.max(1, today.size()) <= until) {
                    int i = today.get(next);
                    double t = day + (next + 0.5) / today.size();
                    double previous = w.lastFetch[i];
                    boolean changed = w.fetch(i, t);
                    p.fetched(i, t, t - previous, changed);
                    next++;
                    fetches++;
                }
                {
                    double fr = 0;
                    double ag = 0;
                    double uf = 0;
                    for (int i = 0; i < n; i++) {
                        if (w.nextChange[i] > until) {
                            fr++;
                        } else {
                            ag += until - w.nextChange[i];
                        }
                        if (w.nextSubstantive[i] > until) {
                            uf += w.weight[i];
                        }
                    }
                    daily[day] += fr / n / 24;
                    dailyUser[day] += uf / totalWeight / 24;
                    if (day >= warmUp) {
                        fresh += fr / n;
                        age += ag / n;
                        userFresh += uf / totalWeight;
                        samples++;
                    }
                }
            }
        }
        return new Result(p.name(), fresh / samples, age / samples, userFresh / samples, fetches / (double) days, daily, dailyUser);
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        double share = args.length > 1 ? Double.parseDouble(args[1]) : 0.2;
        int days = args.length > 2 ? Integer.parseInt(args[2]) : 60;
        int warmUp = Math.min(days - 1, 20);
        List<Policy> policies = List.of(new Uniform(), new Allocating("proportional", false, false, true), new Nutch(),
                new Allocating("poisson", false, false, false), new Allocating("user-experience", false, true, false),
                new ClusterSampling(),
                new Allocating("oracle", true, false, false));
        System.out.printf("%,d pages, budget %.0f %% of the pages per day, %d days (measured after day %d)%n%n", n, share * 100, days, warmUp);
        System.out.println("| policy | freshness | freshness, last 20 days | age (days) | user-weighted freshness | fetches/day |");
        System.out.println("|---|---|---|---|---|---|");
        List<String> only = args.length > 3 && !args[3].equals("all") ? List.of(args[3].split(",")) : null;
        java.util.Map<String, double[]> curves = new java.util.LinkedHashMap<>();
        java.util.Map<String, double[]> userCurves = new java.util.LinkedHashMap<>();
        for (Policy p : policies) {
            if (only != null && !only.contains(p.name())) {
                continue;
            }
            long t = System.nanoTime();
            Result r = run(p, n, share, days, warmUp, 5);
            double late = 0;
            for (int d = Math.max(0, days - 20); d < days; d++) {
                late += r.daily()[d] / Math.min(days, 20);
            }
            System.out.printf(Locale.ROOT, "| %s | %.4f | %.4f | %.3f | %.4f | %,.0f |   (%.1f s)%n", r.policy(), r.freshness(), late, r.age(),
                    r.userFreshness(), r.fetchesPerDay(), (System.nanoTime() - t) / 1e9);
            curves.put(r.policy(), r.daily());
            userCurves.put(r.policy(), r.dailyUser());
        }
        if (args.length > 4) {
            java.nio.file.Path dir = java.nio.file.Path.of(args[4]);
            try {
                java.nio.file.Files.createDirectories(dir);
                java.nio.file.Files.writeString(dir.resolve("freshness.svg"), plot("Average freshness, day by day", curves, days));
                java.nio.file.Files.writeString(dir.resolve("user-freshness.svg"), plot("User-weighted freshness, day by day", userCurves, days));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /** A line per policy: y (0.4 … 1) against the simulated day. */
    static String plot(String title, java.util.Map<String, double[]> curves, int days) {
        return LinePlot.svg(title, "simulated day", curves, days, 10, 0.4, 1, 0.1);
    }
}
