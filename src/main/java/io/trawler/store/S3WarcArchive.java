package io.trawler.store;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.DeleteObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * WARC files in an S3-compatible object store (AWS S3, MinIO, Ceph RGW, S3Proxy …), one object per file under
 * {@code <prefix><file name>}, written by one PUT once the file is closed and read back with ranged GETs. The AWS SDK
 * v2 with the JDK's HTTP client; checksums only where the service requires them, so that stores which do not know
 * the SDK's newer checksum headers work too (the object's length is still checked by the store).
 */
public final class S3WarcArchive implements WarcArchive, AutoCloseable {

    /** A single PUT takes at most this much (S3's limit); WARC files are rotated well below it. */
    public static final long MAX_OBJECT_BYTES = 5L * 1024 * 1024 * 1024;

    /** Where and how to reach the store. Credentials default to the SDK's chain (environment, profile, instance role). */
    public record Settings(String bucket, String prefix, Optional<URI> endpoint, String region, boolean pathStyle,
            Optional<String> accessKeyId, Optional<String> secretAccessKey) {
        public Settings {
            if (bucket == null || bucket.isBlank()) {
                throw new IllegalArgumentException("trawler.warc-archive.s3.bucket is required with trawler.warc-archive.type=s3");
            }
            if (accessKeyId.isPresent() != secretAccessKey.isPresent()) {
                throw new IllegalArgumentException("trawler.warc-archive.s3.access-key-id and secret-access-key go together");
            }
        }
    }

    private final S3Client s3;
    private final Settings settings;

    public S3WarcArchive(Settings settings) {
        this.settings = settings;
        AwsCredentialsProvider credentials = settings.accessKeyId().isPresent()
                ? StaticCredentialsProvider.create(AwsBasicCredentials.create(settings.accessKeyId().get(), settings.secretAccessKey().get()))
                : DefaultCredentialsProvider.builder().build();
        var builder = S3Client.builder()
                .httpClientBuilder(UrlConnectionHttpClient.builder().connectionTimeout(Duration.ofSeconds(10)).socketTimeout(Duration.ofSeconds(60)))
                .region(Region.of(settings.region()))
                .credentialsProvider(credentials)
                .forcePathStyle(settings.pathStyle())
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        settings.endpoint().ifPresent(builder::endpointOverride);
        this.s3 = builder.build();
    }

    @Override
    public boolean remote() {
        return true;
    }

    @Override
    public void store(Path file) throws IOException {
        String key = key(file.getFileName().toString());
        long size = Files.size(file);
        if (size > MAX_OBJECT_BYTES) {
            throw new IOException(file.getFileName() + " has " + size + " bytes, more than one PUT takes (" + MAX_OBJECT_BYTES
                    + "); lower trawler.worker.warc-max-file-bytes");
        }
        try {
            s3.putObject(PutObjectRequest.builder().bucket(settings.bucket()).key(key).contentType("application/warc")
                    .contentLength(size).build(), RequestBody.fromFile(file));
        } catch (SdkException e) {
            throw new IOException("storing " + file.getFileName() + " as " + location(key) + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<InputStream> open(String fileName, long offset, long maxBytes) throws IOException {
        String key = key(fileName);
        try {
            ResponseInputStream<GetObjectResponse> in = s3.getObject(GetObjectRequest.builder().bucket(settings.bucket()).key(key)
                    .range("bytes=" + offset + "-" + (offset + maxBytes - 1)).build());
            return Optional.of(new AbortOnClose(in));
        } catch (NoSuchKeyException missing) {
            return Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() == 416 || e.statusCode() == 404) {
                return Optional.empty();   // the offset lies beyond the object's end, or no such object
            }
            throw new IOException("reading " + location(key) + " failed: " + e.getMessage(), e);
        } catch (SdkException e) {
            throw new IOException("reading " + location(key) + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public boolean delete(String fileName) throws IOException {
        String key = key(fileName);
        try {
            s3.headObject(HeadObjectRequest.builder().bucket(settings.bucket()).key(key).build());
        } catch (NoSuchKeyException missing) {
            return false;
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return false;
            }
            throw new IOException("looking up " + location(key) + " failed: " + e.getMessage(), e);
        } catch (SdkException e) {
            throw new IOException("looking up " + location(key) + " failed: " + e.getMessage(), e);
        }
        try {
            s3.deleteObject(DeleteObjectRequest.builder().bucket(settings.bucket()).key(key).build());
            return true;
        } catch (SdkException e) {
            throw new IOException("deleting " + location(key) + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public String describe() {
        return location(settings.prefix()) + settings.endpoint().map(e -> " at " + e).orElse("");
    }

    private String key(String fileName) {
        return settings.prefix() + fileName;
    }

    private String location(String key) {
        return "s3://" + settings.bucket() + "/" + key;
    }

    @Override
    public void close() {
        s3.close();
    }

    /** Closing a ranged GET early drops its connection instead of reading the rest of the range. */
    private static final class AbortOnClose extends FilterInputStream {
        private final ResponseInputStream<?> response;

        AbortOnClose(ResponseInputStream<?> response) {
            super(response);
            this.response = response;
        }

        @Override
        public void close() throws IOException {
            response.abort();
            response.close();
        }
    }
}
