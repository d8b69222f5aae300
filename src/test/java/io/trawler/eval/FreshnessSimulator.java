package io.trawler.eval;

import io.trawler.refresh.BudgetAllocator;
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

    /** The simulated web: true rates, view weights, and each page's copy state. */
    static final class World {
        final int n;
        final double[] rate;
        final double[] weight;
        final double budgetPerDay;
        final double[] lastFetch;
        final double[] nextChange;   // first change after the last fetch
        final Random rnd;

        World(int n, double budgetShare, long seed) {
            this.n = n;
            rnd = new Random(seed);
            rate = new double[n];
            weight = new double[n];
            for (int i = 0; i < n; i++) {
                double u = rnd.nextDouble();
                if (u < 0.2) {
                    rate[i] = 0;
                } else if (u < 0.8) {
                    rate[i] = logUniform(rnd, 1 / 30.0, 1 / 7.0);
                } else if (u < 0.95) {
                    rate[i] = logUniform(rnd, 1 / 7.0, 1);
                } else {
                    rate[i] = logUniform(rnd, 1, 24);
                }
            }
            int[] order = new int[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            for (int i = n - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            for (int r = 0; r < n; r++) {
                weight[order[r]] = 1.0 / (r + 1);   // rank-based view probability of the pages' queries
            }
            budgetPerDay = Math.max(1, Math.round(n * budgetShare));
            lastFetch = new double[n];
            nextChange = new double[n];
            for (int i = 0; i < n; i++) {
                nextChange[i] = nextAfter(i, 0);
            }
        }

        double nextAfter(int i, double t) {
            return rate[i] <= 0 ? Double.POSITIVE_INFINITY : t - Math.log(1 - rnd.nextDouble()) / rate[i];
        }

        /** Fetches page i at time t: whether it changed since the last fetch. */
        boolean fetch(int i, double t) {
            boolean changed = nextChange[i] <= t;
            lastFetch[i] = t;
            nextChange[i] = nextAfter(i, t);
            return changed;
        }
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
            visits = new int[w.n];
            changes = new int[w.n];
            f = new double[w.n];
            Arrays.fill(f, w.budgetPerDay / w.n);
        }

        @Override
        public void fetched(int page, double time, double elapsed, boolean changed) {
            h.observe(page, elapsed, changed);
            visits[page]++;
            if (changed) {
                changes[page]++;
            }
        }

        @Override
        public void newDay(int day) {
            if (day == 0 && !oracle) {
                return;   // nothing known yet: uniform
            }
            double[] rates;
            double[] changing = null;
            if (oracle) {
                rates = w.rate;
            } else {
                h.fitPrior(day == 1 ? 50 : 10);
                rates = new double[w.n];
                changing = new double[w.n];
                h.summarise(rates, changing);
                mean = h.means();
            }
            if (proportional) {
                double sum = 0;
                for (double r : rates) {
                    sum += r;
                }
                for (int i = 0; i < w.n; i++) {
                    f[i] = sum > 0 ? w.budgetPerDay * rates[i] / sum : w.budgetPerDay / w.n;
                }
            } else {
                double[] weights = weighted ? w.weight.clone() : changing;
                if (weighted && changing != null) {
                    for (int i = 0; i < w.n; i++) {
                        weights[i] *= changing[i];
                    }
                }
                f = oracle ? BudgetAllocator.optimal(rates, weights, w.budgetPerDay) : h.allocate(w.budgetPerDay, weighted ? w.weight : null);
            }
            if (System.getenv("SIM_DEBUG") != null && day % 10 == 0) {
                double ef = 0;
                double[] byClass = new double[4];
                double[] frC = new double[4];
                double[] fqC = new double[4];
                int[] cnt = new int[4];
                for (int i = 0; i < w.n; i++) {
                    double e = io.trawler.refresh.Freshness.expected(w.rate[i], f[i]);
                    ef += e;
                    int c = w.rate[i] == 0 ? 0 : w.rate[i] < 1 / 7.0 ? 1 : w.rate[i] < 1 ? 2 : 3;
                    byClass[c] += (changing == null ? rates[i] : rates[i] * changing[i]) / Math.max(1e-9, w.rate[i]);
                    cnt[c]++;
                    frC[c] += e;
                    fqC[c] += f[i];
                }
                for (int c = 0; c < 4; c++) {
                    System.out.printf(Locale.ROOT, "   class %d: n %d freshness %.4f fetches/day %.0f%n", c, cnt[c], frC[c] / cnt[c], fqC[c]);
                }
                System.out.printf(Locale.ROOT, "%s day %d expected %.4f  est/true by class: %.3g %.3f %.3f %.3f%n", name, day, ef / w.n,
                        byClass[0] / cnt[0] * 1e-9, byClass[1] / cnt[1], byClass[2] / cnt[2], byClass[3] / cnt[3]);
            }
        }

        @Override
        public double due(int page) {
            if (f[page] <= 0) {
                return Double.POSITIVE_INFINITY;
            }
            double interval = 1 / f[page];
            if (PROBE && mean != null && visits[page] > 0 && changes[page] == visits[page]) {
                interval = Math.min(interval, 1 / mean[page]);   // changed every time: probe at a shorter interval
            }
            return w.lastFetch[page] + interval;
        }
    }

    static final boolean PROBE = System.getenv("SIM_NOPROBE") == null;

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

    record Result(String policy, double freshness, double age, double userFreshness, double fetchesPerDay) {
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
                if (day >= warmUp) {
                    double fr = 0;
                    double ag = 0;
                    double uf = 0;
                    for (int i = 0; i < n; i++) {
                        if (w.nextChange[i] > until) {
                            fr++;
                            uf += w.weight[i];
                        } else {
                            ag += until - w.nextChange[i];
                        }
                    }
                    fresh += fr / n;
                    age += ag / n;
                    userFresh += uf / totalWeight;
                    samples++;
                }
            }
        }
        return new Result(p.name(), fresh / samples, age / samples, userFresh / samples, fetches / (double) days);
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        double share = args.length > 1 ? Double.parseDouble(args[1]) : 0.2;
        int days = args.length > 2 ? Integer.parseInt(args[2]) : 60;
        int warmUp = Math.min(days - 1, 20);
        List<Policy> policies = List.of(new Uniform(), new Allocating("proportional", false, false, true), new Nutch(),
                new Allocating("poisson", false, false, false), new Allocating("user-experience", false, true, false),
                new Allocating("oracle", true, false, false));
        System.out.printf("%,d pages, budget %.0f %% of the pages per day, %d days (measured after day %d)%n%n", n, share * 100, days, warmUp);
        System.out.println("| policy | freshness | age (days) | user-weighted freshness | fetches/day |");
        System.out.println("|---|---|---|---|---|");
        List<String> only = args.length > 3 ? List.of(args[3].split(",")) : null;
        for (Policy p : policies) {
            if (only != null && !only.contains(p.name())) {
                continue;
            }
            long t = System.nanoTime();
            Result r = run(p, n, share, days, warmUp, 5);
            System.out.printf(Locale.ROOT, "| %s | %.4f | %.3f | %.4f | %,.0f |   (%.1f s)%n", r.policy(), r.freshness(), r.age(), r.userFreshness(),
                    r.fetchesPerDay(), (System.nanoTime() - t) / 1e9);
        }
    }
}
