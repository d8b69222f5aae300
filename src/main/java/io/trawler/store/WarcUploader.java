package io.trawler.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Sends the closed WARC files of a directory to a remote {@link WarcArchive} and deletes each local copy once the
 * archive has it, on one background thread: at once when a file closes ({@link #nudge}), and every retry interval
 * (a failed upload keeps its file, nothing is lost while the store is down). Each pass first repairs files a dead
 * process left open ({@link WarcStore#recover}), so the files of a worker killed with {@code kill -9} are archived
 * after its next start, or by another worker on the same directory. A file is closed when no {@code .open} marker
 * stands beside it; the marker exists before its file and goes only after the file's last byte, so a file being
 * written is never sent.
 */
public final class WarcUploader implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(WarcUploader.class);

    /** What the uploader has done; {@code lastError} is null once an upload after it succeeded. */
    public record Status(String archive, int pending, long uploaded, long uploadedBytes, String lastError, Instant lastErrorAt) {
    }

    private final Path dir;
    private final WarcArchive archive;
    private final ScheduledExecutorService thread;
    private final AtomicBoolean queued = new AtomicBoolean();
    private final AtomicLong uploaded = new AtomicLong();
    private final AtomicLong uploadedBytes = new AtomicLong();
    private volatile int pending;
    private volatile String lastError;
    private volatile Instant lastErrorAt;

    public WarcUploader(Path dir, WarcArchive archive, Duration retry) {
        if (!archive.remote()) {
            throw new IllegalArgumentException("a local archive keeps its files where they are: nothing to upload");
        }
        this.dir = dir;
        this.archive = archive;
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "trawler-warc-upload");
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(1, retry.toMillis());
        thread.scheduleWithFixedDelay(this::passQuietly, 0, every, TimeUnit.MILLISECONDS);
    }

    /** A file was closed: upload it soon (one pass is queued however often this is called). */
    public void nudge() {
        if (queued.compareAndSet(false, true)) {
            try {
                thread.execute(() -> {
                    queued.set(false);
                    passQuietly();
                });
            } catch (java.util.concurrent.RejectedExecutionException closing) {
                queued.set(false);   // close() runs the last pass itself
            }
        }
    }

    public Status status() {
        return new Status(archive.describe(), pending, uploaded.get(), uploadedBytes.get(), lastError, lastErrorAt);
    }

    private void passQuietly() {
        try {
            pass();
        } catch (RuntimeException e) {
            fail("upload pass failed: " + e);
        }
    }

    /** Uploads every closed file of the directory, oldest first; stops at the first failure (retried later). */
    synchronized int pass() {
        List<Path> files;
        try {
            WarcStore.recover(dir);
            files = closedFiles(dir);
        } catch (IOException e) {
            fail("cannot list " + dir + ": " + e.getMessage());
            return 0;
        }
        pending = files.size();
        int sent = 0;
        for (Path f : files) {
            try {
                long size = Files.size(f);
                archive.store(f);
                Files.deleteIfExists(f);
                uploaded.incrementAndGet();
                uploadedBytes.addAndGet(size);
                pending--;
                sent++;
                lastError = null;
                LOG.debugf("archived %s (%d bytes) to %s", f.getFileName(), size, archive.describe());
            } catch (NoSuchFileException goneMeanwhile) {
                pending--;   // another worker on this directory sent it
            } catch (IOException e) {
                fail(e.getMessage());
                break;
            }
        }
        return sent;
    }

    private void fail(String message) {
        if (lastError == null) {   // the first failure after a success (the rest of a streak: at debug level)
            LOG.warnf("WARC archive %s: %s (files stay in %s and are retried)", archive.describe(), message, dir);
        } else {
            LOG.debugf("WARC archive %s: %s", archive.describe(), message);
        }
        lastError = message;
        lastErrorAt = Instant.now();
    }

    /** The closed WARC files of a directory, oldest name first (names begin with their creation time). */
    static List<Path> closedFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (var s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".warc.gz"))
                    .filter(p -> !Files.exists(p.resolveSibling(p.getFileName() + WarcStore.OPEN_SUFFIX)))
                    .sorted().toList();
        }
    }

    /** Stops the thread after one last pass (at most {@code drain}); what is not sent by then goes at the next start. */
    public void close(Duration drain) {
        thread.shutdown();
        try {
            long deadline = System.nanoTime() + drain.toNanos();
            if (!thread.awaitTermination(drain.toMillis(), TimeUnit.MILLISECONDS)) {
                thread.shutdownNow();
            }
            Thread last = new Thread(this::passQuietly, "trawler-warc-upload-last");
            last.setDaemon(true);
            last.start();
            last.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (last.isAlive() || pending > 0) {
                LOG.warnf("%d WARC files not archived at shutdown stay in %s and go at the next start", Math.max(1, pending), dir);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(30));
    }
}
