package io.trawler.worker;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** The fetch loop of a worker process. */
@ConfigMapping(prefix = "trawler.worker")
public interface WorkerConfig {

    /** Pages fetched and processed at once by this process. */
    @WithDefault("64")
    int concurrency();

    /** How long a leased URL stays reserved; a worker that dies releases its URLs when this expires. */
    @WithDefault("2m")
    Duration leaseDuration();

    /**
     * How long fetches of a crawl that ended (stopped, failed, finished) may still run; after it they are cut off
     * (a body keeps what arrived, marked truncated; a response that had not begun is recorded as {@code error-stopped}).
     */
    @WithDefault("10s")
    Duration stopGrace();

    /** Pause between frontier polls when no host is ready. */
    @WithDefault("50ms")
    Duration pollInterval();

    /** Threads for parsing and WARC writing (default: the number of cores). */
    Optional<Integer> processingThreads();

    /**
     * The node this worker belongs to (default: the host name): the workers of one node share its lanes of partitioned
     * crawls and, with politeness scope {@code node}, its politeness. The worker's own name, in heartbeats, leases and
     * WARC file names, is the node's followed by the process id.
     */
    Optional<String> node();

    /** How often this worker reports its load and tells the crawls it serves that it is alive. */
    @WithDefault("2s")
    Duration heartbeatInterval();

    /**
     * A worker silent this long is taken for dead: its leases go back to their queues at once (not when they expire)
     * and, when its whole node is silent, the node's lanes move to another node. At least twice the heartbeat interval.
     */
    @WithDefault("10s")
    Duration nodeTimeout();

    /**
     * URLs taken at most from the sitemaps of one host in one crawl (never more than the crawl's remaining page
     * budget either).
     */
    @WithDefault("50000")
    int maxSitemapUrlsPerHost();

    /** WARC files are rotated when they reach this size. */
    @WithDefault("1000000000")
    long warcMaxFileBytes();

    /**
     * The deflate level of the WARC files' gzip members, 1 (fastest) to 9 (smallest). Compressing is the largest single
     * cost of a page after parsing it: on 8 KB pages level 1 takes about 55 µs a page and stores 4.3× smaller, the
     * JDK's default level 6 about 145 µs for 5.0× (docs/benchmarks.md).
     */
    @WithDefault("1")
    @jakarta.validation.constraints.Min(1)
    @jakarta.validation.constraints.Max(9)
    int warcCompressionLevel();

    /**
     * With a remote WARC archive ({@code trawler.warc-archive.type=s3}), a WARC file is closed and sent this long after
     * it was opened however small it is, so that a page's record can be read from any node within this time.
     */
    @WithDefault("5m")
    Duration warcMaxFileAge();

    /**
     * Who runs the crawls, written as the {@code operator} field of every WARC file's {@code warcinfo} record (the IIPC's
     * convention: a person or organisation and a contact, e.g. {@code Example Search <crawl@example.org>}); none when
     * unset.
     */
    Optional<String> warcOperator();
}
