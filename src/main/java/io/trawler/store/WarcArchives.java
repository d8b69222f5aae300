package io.trawler.store;

import io.trawler.config.TrawlerConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;

/** Wires the configured {@link WarcArchive}: the local WARC directory, or an S3-compatible store. */
@ApplicationScoped
public class WarcArchives {

    @Produces
    @ApplicationScoped
    WarcArchive archive(WarcArchiveConfig config, TrawlerConfig trawler) {
        return switch (config.type()) {
            case LOCAL -> new LocalWarcArchive(trawler.dataDir().resolve("warc"));
            case S3 -> {
                WarcArchiveConfig.S3 s3 = config.s3();
                yield new S3WarcArchive(new S3WarcArchive.Settings(s3.bucket().orElse(null), s3.prefix(), s3.endpoint(), s3.region(),
                        s3.pathStyle(), s3.accessKeyId(), s3.secretAccessKey()));
            }
        };
    }

    @Produces
    @jakarta.inject.Singleton
    WarcRecordReader reader(WarcArchive archive, TrawlerConfig trawler) {
        return new WarcRecordReader(trawler.dataDir().resolve("warc"), archive);
    }

    /** Builds the archive at start, so that a wrong setting stops the process at once instead of at the first upload. */
    void onStart(@jakarta.enterprise.event.Observes io.quarkus.runtime.StartupEvent event, WarcArchive archive) {
        org.jboss.logging.Logger.getLogger(WarcArchives.class).infof("WARC files are kept in %s", archive.describe());
    }

    void close(@Disposes WarcArchive archive) {
        if (archive instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception ignored) {
                // closing the HTTP client at shutdown
            }
        }
    }
}
