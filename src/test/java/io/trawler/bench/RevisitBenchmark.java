package io.trawler.bench;

import io.trawler.refresh.BudgetAllocator;
import io.trawler.refresh.PageHistory;
import io.trawler.refresh.RatePosterior;
import io.trawler.refresh.RevisitSchedule;
import io.trawler.refresh.RevisitTarget;
import io.trawler.revisit.RefreshStore;
import io.trawler.testsupport.TestRedis;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Redis;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The update-policy engine's costs (issue 5): CPU time of the scheduling decision for one visit (decode the packed
 * history, add the fetch, estimate the rate from the last 20 visits, compute the next due time, encode) for
 * 1,000,000 visits; the budget allocation over 100,000 pages (known rates, and the posterior allocation of the
 * simulator's poisson policy); the bytes per page of the histories hash and the due-time sorted set in Redis.
 *
 * <pre>
 * ./mvnw test -Pbenchmark -Dtest=RevisitBenchmark      # embedded redis-server; TRAWLER_REDIS_URL for another
 * </pre>
 */
@Tag("benchmark")
class RevisitBenchmark {

    static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    @Test
    void schedulingDecisionsPerMillionVisits() {
        int pages = 100_000;
        int visits = 1_000_000;
        Random rnd = new Random(1);
        byte[][] packed = new byte[pages][];
        double[] rate = new double[pages];
        long t0 = 1_700_000_000_000L;
        for (int i = 0; i < pages; i++) {
            rate[i] = Math.exp(Math.log(1 / 30.0) + rnd.nextDouble() * Math.log(30 * 24)) / 86_400_000.0;   // monthly to hourly, per ms
            PageHistory h = new PageHistory();
            long t = t0;
            long fp = 0;
            for (int v = 0; v < 30; v++) {
                long gap = (long) (-Math.log(1 - rnd.nextDouble()) / rate[i] * 0.7) + 1;
                boolean changed = rnd.nextDouble() < 1 - Math.exp(-rate[i] * gap);
                fp += changed ? 1 : 0;
                t += gap;
                h.add(new PageHistory.Fetch(t, 200, fp, 0, "\"5f3e1a2b-3c4d\""));
            }
            packed[i] = h.encode();
        }
        RevisitSchedule schedule = new RevisitSchedule(new RevisitTarget(0.5, 60_000, 30L * 86_400_000), 86_400_000);
        double[] seconds = new double[5];
        long sink = 0;
        for (int run = 0; run < seconds.length; run++) {
            long c0 = CPU.getCurrentThreadCpuTime();
            for (int v = 0; v < visits; v++) {
                int i = v % pages;
                PageHistory h = PageHistory.decode(packed[i]);
                boolean changed = (v & 3) == 0;
                h.add(new PageHistory.Fetch(h.lastFetch() + 3_600_000, changed ? 200 : 304, h.fingerprint() + (changed ? 1 : 0), 0,
                        "\"5f3e1a2b-3c4d\""));
                sink += schedule.nextDue(h);
                packed[i] = h.encode();
            }
            seconds[run] = (CPU.getCurrentThreadCpuTime() - c0) / 1e9;
        }
        Arrays.sort(seconds);
        System.out.printf("%n=== Scheduling decisions (poisson target) ===%n%,d visits of %,d pages with 20-visit histories: "
                + "median %.2f s CPU (runs %s), %.2f µs per decision   [%d]%n", visits, pages, seconds[2], Arrays.toString(round(seconds)),
                seconds[2] * 1e6 / visits, sink % 10);
    }

    @Test
    void budgetAllocationOverOneHundredThousandPages() {
        int n = 100_000;
        Random rnd = new Random(2);
        double[] rates = new double[n];
        RatePosterior posterior = new RatePosterior(n, 1 / 365.0, 48, 40);
        for (int i = 0; i < n; i++) {
            double u = rnd.nextDouble();
            rates[i] = u < 0.2 ? 0 : Math.exp(Math.log(1 / 30.0) + rnd.nextDouble() * Math.log(30 * 24));
            for (int v = 0; v < 8; v++) {
                double t = 1 + rnd.nextDouble() * 6;
                posterior.observe(i, t, rnd.nextDouble() < 1 - Math.exp(-rates[i] * t));
            }
        }
        posterior.fitPrior(20);
        double[] known = new double[7];
        double[] post = new double[5];
        double sink = 0;
        for (int run = 0; run < known.length; run++) {
            long c0 = CPU.getCurrentThreadCpuTime();
            sink += BudgetAllocator.optimal(rates, null, n * 0.2)[run];
            known[run] = (CPU.getCurrentThreadCpuTime() - c0) / 1e6;
        }
        for (int run = 0; run < post.length; run++) {
            long c0 = CPU.getCurrentThreadCpuTime();
            sink += posterior.allocate(n * 0.2, null)[run];
            post[run] = (CPU.getCurrentThreadCpuTime() - c0) / 1e6;
        }
        Arrays.sort(known);
        Arrays.sort(post);
        System.out.printf("%n=== Budget allocation over %,d pages (budget 20 %% of the pages per day) ===%n"
                + "known rates (BudgetAllocator.optimal): median %.0f ms CPU %s%n"
                + "posterior rates (RatePosterior.allocate, 41-point grid, 64 frequencies): median %.0f ms CPU %s   [%.1f]%n", n,
                known[known.length / 2], Arrays.toString(round(known)), post[post.length / 2], Arrays.toString(round(post)), sink);
    }

    @Test
    void redisBytesPerPage() throws Exception {
        String url = TestRedis.url();
        Vertx vertx = Vertx.vertx();
        Redis redis = Redis.createClient(vertx, url);
        RefreshStore store = new RefreshStore(redis);
        String site = "bench" + System.nanoTime();
        int pages = 100_000;
        Random rnd = new Random(3);
        try {
            long t0 = 1_700_000_000_000L;
            long urlBytes = 0;
            for (int batch = 0; batch < pages / 1000; batch++) {
                Map<String, PageHistory> histories = new LinkedHashMap<>();
                Map<String, Long> due = new LinkedHashMap<>();
                for (int j = 0; j < 1000; j++) {
                    int i = batch * 1000 + j;
                    String u = "http://host" + (i % 50) + ".bench.test/section" + (i % 97) + "/article-" + i + ".html";
                    urlBytes += u.length();
                    PageHistory h = new PageHistory();
                    long t = t0;
                    for (int v = 0; v < 30; v++) {
                        t += 1 + rnd.nextInt(86_400_000);
                        h.add(new PageHistory.Fetch(t, 200, rnd.nextInt(2), t - 1000, "\"5f3e1a2b-3c4d\""));
                    }
                    histories.put(u, h);
                    due.put(u, t + 86_400_000);
                }
                store.save(site, pages, histories, due);
            }
            String prefix = "t:{r:" + site + "}:";
            long h = RedisInfo.keyBytes(url, prefix + "h:*");
            long d = RedisInfo.keyBytes(url, prefix + "d:*") + RedisInfo.keyBytes(url, prefix + "di") + RedisInfo.keyBytes(url, prefix + "meta");
            String bucket = prefix + "h:0";
            RedisInfo.withRedis(url, r -> {
                System.out.printf("bucket %s: encoding %s, %s pages, %s bytes%n", bucket,
                        RedisInfo.send(r, io.vertx.redis.client.Request.cmd(io.vertx.redis.client.Command.OBJECT).arg("ENCODING").arg(bucket)),
                        RedisInfo.send(r, io.vertx.redis.client.Request.cmd(io.vertx.redis.client.Command.HLEN).arg(bucket)),
                        RedisInfo.send(r, io.vertx.redis.client.Request.cmd(io.vertx.redis.client.Command.MEMORY).arg("USAGE").arg(bucket)
                                .arg("SAMPLES").arg(0)));
                return null;
            });
            System.out.printf("%n=== Revisit state in Redis at %,d pages (URLs of %.0f characters, full 20-visit histories, ETag of 15) ===%n"
                    + "histories (%d hashes): %,d bytes = %.0f per page%ndue-time sets and index: %,d bytes = %.0f per page%ntotal         : %.0f bytes per page%n",
                    pages, urlBytes / (double) pages, (store.keys(site).size() - 5) / 2, h, h / (double) pages, d, d / (double) pages, (h + d) / (double) pages);
        } finally {
            store.delete(site);
            redis.close();
            vertx.close();
        }
    }

    private static double[] round(double[] xs) {
        double[] out = new double[xs.length];
        for (int i = 0; i < xs.length; i++) {
            out[i] = Math.round(xs[i] * 100) / 100.0;
        }
        return out;
    }
}
