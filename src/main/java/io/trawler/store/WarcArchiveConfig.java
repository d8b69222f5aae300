package io.trawler.store;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * Where closed WARC files are kept. {@code local} (the default) leaves them in {@code <data-dir>/warc} of the node
 * that wrote them, so only that node's page views can read them; {@code s3} sends each closed file to an
 * S3-compatible object store, from which every node reads records: the choice for edge workers.
 */
@ConfigMapping(prefix = "trawler.warc-archive")
public interface WarcArchiveConfig {

    /** {@code local} or {@code s3}. */
    @WithDefault("local")
    Type type();

    /** How often a worker retries sending closed files the store did not take (they stay on disk until it does). */
    @WithDefault("30s")
    Duration retryInterval();

    /** The object store, for {@code type=s3}. */
    S3 s3();

    /** The kinds of archive. */
    enum Type {
        LOCAL, S3
    }

    /** An S3-compatible object store. */
    interface S3 {
        /** The bucket WARC files go to (it must exist); required for {@code type=s3}. */
        Optional<String> bucket();

        /** Prepended to each file name to form its object key. */
        @WithDefault("warc/")
        String prefix();

        /** The service's address, for stores other than AWS (MinIO, Ceph, S3Proxy); unset: AWS's for the region. */
        Optional<URI> endpoint();

        /** The region requests are signed for. */
        @WithDefault("us-east-1")
        String region();

        /** Path-style addresses ({@code endpoint/bucket/key}), which most stores other than AWS need. */
        @WithDefault("false")
        boolean pathStyle();

        /**
         * The access key; unset: the AWS SDK's default chain (the environment's {@code AWS_ACCESS_KEY_ID}, a profile, an
         * instance or pod role).
         */
        Optional<String> accessKeyId();

        /** The secret key that goes with {@link #accessKeyId()}; give it through the environment or a secret. */
        Optional<String> secretAccessKey();
    }
}
