package io.trawler.frontier;

import io.trawler.parse.UrlRules;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * 64-bit fingerprint of a normalised URL (the first 8 bytes of its MD5), split for the seen set:
 * the top {@code bucketBits} bits choose a bucket, the next 48 bits are stored in it. Two URLs
 * collide only if those {@code bucketBits + 48} bits agree: at one million URLs and 12 bucket bits
 * the chance that any two do is about 4 in 10 million.
 */
public final class UrlFingerprint {

    public static final int STORED_BITS = 48;
    private static final ThreadLocal<MessageDigest> MD5 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    });

    private UrlFingerprint() {
    }

    /**
     * The fingerprint of a normalised URL's deduplication key ({@link io.trawler.parse.UrlRules#key}: its query
     * parameters sorted), so that two links differing only in parameter order are one URL.
     */
    public static long of(String normalisedUrl) {
        byte[] d = MD5.get().digest(UrlRules.key(normalisedUrl).getBytes(StandardCharsets.UTF_8));
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (d[i] & 0xFF);
        }
        return v;
    }

    /** The bucket, 0 … 2^bucketBits − 1. */
    public static int bucket(long fingerprint, int bucketBits) {
        return (int) (fingerprint >>> (64 - bucketBits));
    }

    /** The 48 bits after the bucket bits. */
    public static long remainder(long fingerprint, int bucketBits) {
        return (fingerprint << bucketBits) >>> (64 - STORED_BITS);
    }

    /** Bucket bits for a crawl that may admit {@code maxUrls}: about 256 URLs a bucket, 2^8 … 2^16 buckets. */
    public static int bucketBitsFor(long maxUrls) {
        long buckets = Math.max(1, maxUrls / 256);
        int bits = 64 - Long.numberOfLeadingZeros(buckets - 1);
        return Math.max(8, Math.min(16, bits));
    }
}
