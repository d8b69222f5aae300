package io.trawler.bench;

import io.trawler.config.Ids;
import io.trawler.frontier.Completion;
import io.trawler.frontier.CrawlFrontierSettings;
import io.trawler.frontier.Discovery;
import io.trawler.frontier.Frontier;
import io.trawler.frontier.FrontierEntry;
import io.trawler.frontier.Lease;
import io.trawler.frontier.Leaser;
import io.trawler.frontier.LinkDecisions;
import io.trawler.frontier.PageRecord;
import io.trawler.frontier.PageRecordSource;
import io.trawler.frontier.PolitenessScope;
import io.trawler.frontier.RedisFrontier;
import io.trawler.order.FrontierRules;
import io.trawler.redis.Await;
import io.trawler.testsupport.LocalRedisCluster;
import io.trawler.testsupport.LocalRedisServer;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Request;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The frontier alone, without fetching: workers lease and complete pages of a 3-lane crawl, each page with a record
 * like a real one and 8 synthetic links (routed to lanes by URL, as coordinated lanes route them), while a reader takes
 * the page records as the manager does. Three set-ups on Debian's redis-server, one after the other in one run:
 * one shard on one server (politeness scope site), three shards on the same server (scope node: the handover costs), and
 * three shards on a cluster of 3 masters + 3 replicas. Printed: pages/s, and Redis CPU per page (INFO cpu, user + sys)
 * of each server, so that what N masters can carry follows from measured figures.
 *
 * <pre>
 * ./mvnw test -Pbenchmark -Dtest=FrontierShardBenchmark [-Dbench.seconds=20 -Dbench.threads=6]
 * </pre>
 */
@Tag("benchmark")
class FrontierShardBenchmark {

    static final int SECONDS = Integer.getInteger("bench.seconds", 20);
    static final int THREADS_PER_LANE = Integer.getInteger("bench.threads", 6);
    static final int LANES = 3;
    static final int HOSTS = 60;
    static final int LINKS = 8;
    static final int SPACE = 3_000_000;

    @Test
    void pagesPerSecondAndRedisCpuPerPage() throws Exception {
        Assumptions.assumeTrue(LocalRedisCluster.available(), "redis-server and redis-cli are needed");
        List<String> rows = new ArrayList<>();
        try (LocalRedisServer single = LocalRedisServer.start()) {
            int port = single.port();
            RedisOptions one = new RedisOptions().setConnectionString(single.url()).setMaxPoolSize(64).setMaxPoolWaiting(10_000);
            rows.add(run("1 shard, 1 server", one, PolitenessScope.SITE, List.of(port), List.of()));
            rows.add(run("3 shards, 1 server", one, PolitenessScope.NODE, List.of(port), List.of()));
            rows.add(registry(one, port));
        }
        try (LocalRedisCluster cluster = LocalRedisCluster.start(7301)) {
            RedisOptions three = new RedisOptions().setType(RedisClientType.CLUSTER).setMaxPoolSize(256).setMaxPoolWaiting(10_000);
            for (String url : cluster.hosts().split(",")) {
                three.addConnectionString(url);
            }
            List<Integer> masters = cluster.masters();
            List<Integer> replicas = new ArrayList<>(cluster.ports());
            replicas.removeAll(masters);
            rows.add(run("3 shards, 3 masters", three, PolitenessScope.NODE, masters, replicas));
        }
        System.out.printf("%n=== Frontier shards: %d lanes, %d worker threads per lane, %d links per page, %d s each ===%n", LANES,
                THREADS_PER_LANE, LINKS, SECONDS);
        rows.forEach(System.out::println);
    }

    private String run(String name, RedisOptions options, PolitenessScope scope, List<Integer> servers, List<Integer> replicas)
            throws Exception {
        Vertx vertx = Vertx.vertx();
        Redis redis = Redis.createClient(vertx, options);
        RedisFrontier frontier = new RedisFrontier(redis);
        String crawl = Ids.newId();
        CrawlFrontierSettings settings = new CrawlFrontierSettings(10_000, 0, 50_000_000, LANES, false, FrontierRules.PLAIN, 0, true, scope,
                List.of());
        try {
            await(frontier.create(crawl, settings, "{}", new Frontier.Limits(3, 0)));
            List<Discovery> seeds = new ArrayList<>();
            for (int i = 0; i < 2_000; i++) {
                seeds.add(link(ThreadLocalRandom.current().nextInt(SPACE), 0));
            }
            await(frontier.enqueue(crawl, seeds, System.currentTimeMillis()));
            AtomicLong pages = new AtomicLong();
            AtomicLong records = new AtomicLong();
            long warmUp = System.currentTimeMillis() + 3_000;
            long end = warmUp + SECONDS * 1000L;
            List<Thread> threads = new ArrayList<>();
            for (int lane = 0; lane < LANES; lane++) {
                for (int t = 0; t < THREADS_PER_LANE; t++) {
                    int l = lane;
                    Leaser leaser = new Leaser("bench-" + lane + "-" + t, "n" + lane, List.of(), 0);
                    threads.add(Thread.ofPlatform().start(() -> work(frontier, crawl, l, leaser, end, pages)));
                }
            }
            threads.add(Thread.ofPlatform().start(() -> read(frontier, crawl, end, records)));
            while (System.currentTimeMillis() < warmUp) {
                Thread.sleep(50);
            }
            double[] cpu0 = cpu(servers);
            double[] rcpu0 = cpu(replicas);
            long p0 = pages.get();
            long t0 = System.nanoTime();
            for (Thread t : threads) {
                t.join();
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            long done = pages.get() - p0;
            double[] cpu1 = cpu(servers);
            double[] rcpu1 = cpu(replicas);
            StringBuilder row = new StringBuilder(String.format("%-20s %,8.0f pages/s", name, done / seconds));
            double total = 0;
            for (int i = 0; i < servers.size(); i++) {
                double used = cpu1[i] - cpu0[i];
                total += used;
                row.append(String.format("  | :%d %.0f %% CPU, %.1f µs/page", servers.get(i), 100 * used / seconds, 1e6 * used / done));
            }
            row.append(String.format("  | masters together %.1f µs/page", 1e6 * total / done));
            if (!replicas.isEmpty()) {
                double r = 0;
                for (int i = 0; i < replicas.size(); i++) {
                    r += rcpu1[i] - rcpu0[i];
                }
                row.append(String.format(", replicas %.1f µs/page", 1e6 * r / done));
            }
            row.append(String.format("  (%,d records read)", records.get()));
            return row.toString();
        } finally {
            try {
                await(frontier.delete(crawl));
            } finally {
                redis.close();
                vertx.close();
            }
        }
    }

    /**
     * The crawl registry every worker reads twice a second: SMEMBERS of a set of 20 crawl ids from 4 threads for 5 s,
     * calls a second and Redis CPU per call.
     */
    private String registry(RedisOptions options, int port) throws Exception {
        Vertx vertx = Vertx.vertx();
        Redis redis = Redis.createClient(vertx, options);
        try {
            Request add = Request.cmd(Command.SADD).arg("bench:crawls");
            for (int i = 0; i < 20; i++) {
                add.arg(Ids.newId());
            }
            await(redis.send(add));
            AtomicLong calls = new AtomicLong();
            long end = System.currentTimeMillis() + 5_000;
            double cpu0 = cpu(List.of(port))[0];
            long t0 = System.nanoTime();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                threads.add(Thread.ofPlatform().start(() -> {
                    while (System.currentTimeMillis() < end) {
                        List<Future<?>> burst = new ArrayList<>(32);
                        for (int i = 0; i < 32; i++) {
                            burst.add(redis.send(Request.cmd(Command.SMEMBERS).arg("bench:crawls")));
                        }
                        await(Future.all(burst));
                        calls.addAndGet(burst.size());
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            double cpu = cpu(List.of(port))[0] - cpu0;
            await(redis.send(Request.cmd(Command.DEL).arg("bench:crawls")));
            return String.format("%-20s %,8.0f SMEMBERS/s of 20 crawl ids, %.1f µs Redis CPU each: 1,000 workers polling twice a second "
                    + "take %.1f %% of one core", "registry", calls.get() / seconds, 1e6 * cpu / calls.get(), 100 * 2_000 * cpu / calls.get());
        } finally {
            redis.close();
            vertx.close();
        }
    }

    /** One worker thread: lease up to 16 of its lane, complete them together, again, until the end. */
    private static void work(RedisFrontier frontier, String crawl, int lane, Leaser leaser, long end, AtomicLong pages) {
        while (System.currentTimeMillis() < end) {
            try {
                List<Lease> leases = await(frontier.lease(crawl, lane, 16, 60_000, System.currentTimeMillis(), leaser));
                if (leases.isEmpty()) {
                    Thread.sleep(1);
                    continue;
                }
                List<Future<?>> completions = new ArrayList<>(leases.size());
                for (Lease l : leases) {
                    completions.add(frontier.complete(completion(l), System.currentTimeMillis()));
                }
                await(Future.all(completions));
                pages.addAndGet(leases.size());
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                System.err.println("worker " + leaser.worker() + ": " + e);
            }
        }
    }

    /** The manager's side: read the page records after a cursor, release them. */
    private static void read(RedisFrontier frontier, String crawl, long end, AtomicLong records) {
        String cursor = null;
        while (System.currentTimeMillis() < end) {
            try {
                PageRecordSource.Batch b = await(frontier.read(crawl, cursor, 2_000));
                if (b.entries().isEmpty()) {
                    Thread.sleep(20);
                    continue;
                }
                cursor = b.cursor();
                await(frontier.release(crawl, cursor));
                records.addAndGet(b.entries().size());
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                System.err.println("reader: " + e);
            }
        }
    }

    private static Completion completion(Lease l) {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        List<Discovery> links = new ArrayList<>(LINKS);
        List<String> graph = new ArrayList<>(LINKS);
        for (int i = 0; i < LINKS; i++) {
            Discovery d = link(r.nextInt(SPACE), l.entry().depth() + 1);
            links.add(d);
            graph.add(d.entry().url());
        }
        PageRecord rec = PageRecord.builder(l.url(), 200, "fetched", System.currentTimeMillis(), l.partition(), l.entry().depth())
                .contentType("text/html; charset=utf-8").bytes(48213).fetchMs(35)
                .stored("sha1:2OQ6X2ZPQJ5HPMA2BBBKWC5EHM4PEE7N", "trawler-20261125030000-00001.warc.gz", 123456789)
                .textFp(0x7f3a9c0e12b4d5e6L).links(graph, new LinkDecisions(LINKS, 0, 0, 0, true), 0).build();
        return new Completion(l, 0, -1, false, Completion.Tally.FETCHED, rec, links);
    }

    /** Page n of host n % HOSTS, in the lane coordinated routing would give it (by URL). */
    private static Discovery link(int n, int depth) {
        String url = "http://host" + (n % HOSTS) + ".bench.test/section" + (n % 97) + "/article-" + n + ".html";
        return new Discovery(Math.floorMod(url.hashCode(), LANES), FrontierEntry.of(url, depth), Discovery.FIFO);
    }

    private static double[] cpu(List<Integer> ports) throws IOException, InterruptedException {
        double[] used = new double[ports.size()];
        for (int i = 0; i < ports.size(); i++) {
            for (String line : LocalRedisCluster.cli(ports.get(i), "INFO", "cpu").split("\n")) {
                String[] kv = line.trim().split(":");
                if (kv.length == 2 && (kv[0].equals("used_cpu_user") || kv[0].equals("used_cpu_sys"))) {
                    used[i] += Double.parseDouble(kv[1]);
                }
            }
        }
        return used;
    }

    static <T> T await(Future<T> f) {
        return Await.result(f);
    }
}
