package io.trawler.worker;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Whether this worker's closed WARC files reach the remote archive: down while the last upload failed (the files
 * wait on local disk and are retried), with the files waiting and sent so far. Not reported with the local archive.
 */
@Readiness
@ApplicationScoped
public class WarcArchiveHealth implements HealthCheck {

    private final CrawlWorker worker;

    public WarcArchiveHealth(CrawlWorker worker) {
        this.worker = worker;
    }

    @Override
    public HealthCheckResponse call() {
        var b = HealthCheckResponse.named("WARC archive");
        return worker.archiveStatus().map(s -> {
            b.status(s.lastError() == null).withData("archive", s.archive()).withData("pending files", s.pending())
                    .withData("files sent", s.uploaded()).withData("bytes sent", s.uploadedBytes());
            if (s.lastError() != null) {
                b.withData("last error", s.lastError()).withData("last error at", s.lastErrorAt().toString());
            }
            return b.build();
        }).orElseGet(() -> b.up().withData("archive", "local").build());
    }
}
