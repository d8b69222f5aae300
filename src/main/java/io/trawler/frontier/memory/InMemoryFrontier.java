package io.trawler.frontier.memory;

import io.trawler.frontier.Completion;
import io.trawler.frontier.CompletionResult;
import io.trawler.frontier.CrawlFrontierSettings;
import io.trawler.frontier.Discovery;
import io.trawler.frontier.Frontier;
import io.trawler.frontier.FrontierCounts;
import io.trawler.frontier.FrontierState;
import io.trawler.frontier.HostDetail;
import io.trawler.frontier.HostQueue;
import io.trawler.frontier.Lease;
import io.trawler.frontier.Leaser;
import io.trawler.frontier.PageRecordSource;
import io.trawler.frontier.QueuedHosts;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The frontier in one process's memory: the {@link Frontier} port with the Redis backend's rules, in plain Java (see
 * the package). Each crawl is one {@link MemoryCrawl} whose operations are atomic; every method answers at once with a
 * completed future. What it holds is lost with the process: for tests, and for a crawl that one process runs alone.
 */
public final class InMemoryFrontier implements Frontier {

    private final Map<String, MemoryCrawl> crawls = new ConcurrentHashMap<>();
    private final Set<String> active = ConcurrentHashMap.newKeySet();

    private <T> Future<T> with(String crawlId, T absent, Function<MemoryCrawl, T> op) {
        MemoryCrawl c = crawls.get(crawlId);
        try {
            return Future.succeededFuture(c == null ? absent : op.apply(c));
        } catch (RuntimeException e) {
            return Future.failedFuture(e);
        }
    }

    // ---- control

    @Override
    public Future<Void> create(String crawlId, CrawlFrontierSettings s, String specJson, Limits limits) {
        crawls.put(crawlId, new MemoryCrawl(s, specJson, limits));
        active.add(crawlId);
        return Future.succeededFuture();
    }

    @Override
    public Future<List<String>> activeCrawls() {
        return Future.succeededFuture(List.copyOf(active));
    }

    @Override
    public Future<Registration> registration(String crawlId) {
        return with(crawlId, null, c -> new Registration(c.specJson));
    }

    @Override
    public Future<Void> deactivate(String crawlId) {
        active.remove(crawlId);
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> setState(String crawlId, FrontierState state) {
        return with(crawlId, null, c -> {
            c.setState(state);
            return null;
        });
    }

    /** A crawl of one process ends within its own operations: its state is all there is to settle. */
    @Override
    public Future<FrontierState> settle(String crawlId) {
        return with(crawlId, FrontierState.UNKNOWN, MemoryCrawl::state);
    }

    @Override
    public Future<Void> assignLanes(String crawlId, Map<Integer, String> nodes) {
        return with(crawlId, null, c -> {
            c.assign(nodes);
            return null;
        });
    }

    @Override
    public Future<List<String>> laneNodes(String crawlId, int partitions) {
        List<String> none = new ArrayList<>();
        for (int lane = 0; lane < partitions; lane++) {
            none.add("");
        }
        return with(crawlId, none, c -> c.laneNodes(partitions));
    }

    @Override
    public Future<Integer> rescore(String crawlId, Map<String, Double> weights) {
        return with(crawlId, 0, c -> c.rescore(weights));
    }

    @Override
    public Future<Integer> revisit(String crawlId, int priority, Map<String, Integer> urls, long now) {
        return with(crawlId, 0, c -> c.revisit(priority, urls));
    }

    @Override
    public Future<Integer> reclaim(String crawlId, long now, int limit, long timeoutMs) {
        return with(crawlId, 0, c -> c.reclaimAndCheck(now, limit, timeoutMs));
    }

    @Override
    public Future<Void> delete(String crawlId) {
        crawls.remove(crawlId);
        active.remove(crawlId);
        return Future.succeededFuture();
    }

    /** Nothing is cached apart from the crawls themselves. */
    @Override
    public void forget(String crawlId) {
    }

    // ---- the fetch loop

    @Override
    public Future<Integer> enqueue(String crawlId, List<Discovery> links, long now, String load) {
        return with(crawlId, 0, c -> c.enqueue(links, now, load));
    }

    @Override
    public Future<List<Lease>> lease(String crawlId, int partition, int max, long leaseMs, long now, Leaser leaser, int nodeLanes) {
        return with(crawlId, List.of(), c -> c.lease(crawlId, partition, max, leaseMs, now, leaser));
    }

    @Override
    public Future<CompletionResult> complete(Completion c, long now) {
        return with(c.lease().crawlId(), new CompletionResult(true, 0, FrontierState.UNKNOWN), crawl -> crawl.complete(c, now));
    }

    @Override
    public Future<Void> renew(String worker, Collection<String> crawlIds, long now) {
        for (String id : crawlIds) {
            MemoryCrawl c = crawls.get(id);
            if (c != null) {
                c.renew(worker, now);
            }
        }
        return Future.succeededFuture();
    }

    @Override
    public Future<Boolean> claimSitemaps(String crawlId, String host, long now, long deadline) {
        return with(crawlId, false, c -> c.claimSitemaps(host, deadline));
    }

    // ---- counts

    @Override
    public Future<FrontierCounts> counts(String crawlId) {
        FrontierCounts none = new FrontierCounts(FrontierState.UNKNOWN, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, new long[1], new long[1],
                new String[] {""});
        return with(crawlId, none, MemoryCrawl::counts);
    }

    @Override
    public Future<Long> remainingAdmissions(String crawlId) {
        return with(crawlId, Long.MAX_VALUE, MemoryCrawl::remainingAdmissions);
    }

    /** One process holds the whole crawl: its page limit and budget are the crawl's already. */
    @Override
    public Future<Void> balanceLimits(String crawlId, long now) {
        return Future.succeededFuture();
    }

    @Override
    public Future<Long> liveLeases(String crawlId, long now) {
        return with(crawlId, 0L, c -> c.liveLeases(now));
    }

    @Override
    public Future<Long> unread(String crawlId) {
        return with(crawlId, 0L, MemoryCrawl::unread);
    }

    @Override
    public Future<List<HostQueue>> busiestHosts(String crawlId, int partitions, int scan, int limit) {
        return with(crawlId, List.of(), c -> {
            List<HostQueue> out = new ArrayList<>();
            for (int lane = 0; lane < partitions; lane++) {
                c.readyHosts(lane, scan).forEach(h -> out.add(new HostQueue(h.host(), h.partition(), h.queued(), h.nextFetchAt())));
            }
            out.sort(Comparator.comparingLong(HostQueue::queued).reversed().thenComparing(HostQueue::host));
            return List.copyOf(out.subList(0, Math.min(limit, out.size())));
        });
    }

    @Override
    public Future<QueuedHosts> queuedHosts(String crawlId, int partitions, int offset, int limit) {
        return with(crawlId, new QueuedHosts(0, List.of()), c -> {
            List<QueuedHosts.Entry> merged = new ArrayList<>();
            long total = 0;
            for (int lane = 0; lane < partitions; lane++) {
                merged.addAll(c.readyHosts(lane, offset + limit));
                total += c.readyCount(lane);
            }
            merged.sort(Comparator.comparingLong(QueuedHosts.Entry::nextFetchAt).thenComparing(QueuedHosts.Entry::host)
                    .thenComparingInt(QueuedHosts.Entry::partition));
            return new QueuedHosts(total, List.copyOf(merged.subList(Math.min(offset, merged.size()), Math.min(offset + limit, merged.size()))));
        });
    }

    @Override
    public Future<HostDetail> host(String crawlId, int partitions, String host, int offset, int nextUrls) {
        return with(crawlId, new HostDetail(host, 0, 0, null, List.of(), List.of()), c -> c.host(partitions, host, offset, nextUrls));
    }

    @Override
    public Future<Long> drop(String crawlId, int partitions, String host, Predicate<String> pattern) {
        long now = System.currentTimeMillis();
        return with(crawlId, 0L, c -> c.drop(partitions, host, pattern, now));
    }

    // ---- the page records

    @Override
    public Future<PageRecordSource.Batch> read(String crawlId, String cursor, int max) {
        return with(crawlId, new PageRecordSource.Batch(List.of(), cursor), c -> c.read(cursor, max));
    }

    @Override
    public Future<Void> release(String crawlId, String cursor) {
        return with(crawlId, null, c -> {
            c.release(cursor);
            return null;
        });
    }

    /** For tests that look inside: the crawl's counters that the port does not report (null for no such crawl). */
    Counters counters(String crawlId) {
        MemoryCrawl c = crawls.get(crawlId);
        return c == null ? null : c.counters;
    }
}
