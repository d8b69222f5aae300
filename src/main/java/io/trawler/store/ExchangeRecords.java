package io.trawler.store;

import io.trawler.fetch.FetchResult;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcConversion;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcTruncationReason;

/**
 * The WARC records of one fetched exchange, built and digested (not yet compressed): a {@code response} record with
 * the whole HTTP response, or, when the content is the page's as last stored, a {@code revisit} record with the HTTP
 * head alone (WARC 1.1 §6.7, the {@code identical-payload-digest} profile for a 2xx whose payload digest is the stored
 * one, {@code server-not-modified} for a 304 to a conditional request) referring to the stored record by id, target URI
 * and date; then the {@code request} record, concurrent to it; then, for a response whose page's text was extracted, a
 * {@code conversion} record (WARC 1.1 §6.8: the text of the response it refers to, {@code text/plain; charset=utf-8},
 * the title on its first line and the main text after it, as Common Crawl's WET files hold a page's text) so that the
 * search indexer reads a page's text without parsing its HTML again.
 *
 * @param records     each record with the parts of its block (the block is written after the record's header)
 * @param recordId    the WARC-Record-ID of the response or revisit record
 * @param payloadDigest the payload digest of the page's content ({@code sha1:…}: the body's, or for a 304 the stored one's)
 * @param revisit     the revisit profile written ({@link #IDENTICAL}, {@link #NOT_MODIFIED}), or null for a response
 * @param refersTo    the record id a revisit refers to (null for a response, or when it is not known)
 */
record ExchangeRecords(List<Record> records, String recordId, String payloadDigest, String revisit, String refersTo) {

    /** The short names of the two revisit profiles, as page records carry them. */
    static final String IDENTICAL = "identical-payload-digest";
    static final String NOT_MODIFIED = "server-not-modified";

    /** A record and its block's parts. */
    record Record(WarcRecord record, byte[][] block) {
    }

    /** Headers not kept as the server sent them: the body is stored decoded, and its length is written afresh. */
    private static final Set<String> DROPPED = Set.of("content-encoding", "transfer-encoding", "content-length");

    /** The media type of a conversion record's block. */
    static final MediaType TEXT = MediaType.parse("text/plain;charset=utf-8");

    /**
     * The records of a fetched exchange; {@code stored}: the page's content as last stored in full, or null; {@code text}:
     * the page's extracted text, written as a conversion record when the exchange is stored as a response (null: none).
     */
    static ExchangeRecords of(FetchResult r, List<Map.Entry<String, String>> requestHeaders, WarcStore.Previous stored, PageText text) {
        byte[] body = r.body();
        MessageDigest sha1 = SHA1.get();
        WarcDigest payloadDigest = sha1(sha1, body);
        URI target = URI.create(r.url());
        Instant date = r.startedAt();
        List<Record> records = new ArrayList<>(2);
        String profile = null;
        if (stored != null && r.truncated() == null) {
            if (r.status() == 304) {
                profile = NOT_MODIFIED;
            } else if (r.status() >= 200 && r.status() < 300 && payloadDigest.prefixedBase32().equals(stored.payloadDigest())) {
                profile = IDENTICAL;
            }
        }
        byte[] head = httpHead(r, body.length);
        WarcRecord main;
        if (profile != null) {
            // the head alone: the server's headers kept, the body dropped (the stored record holds it)
            WarcRevisit.Builder revisit = new WarcRevisit.Builder(target, profile.equals(IDENTICAL)
                    ? WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_0 : WarcRevisit.SERVER_NOT_MODIFIED_1_0)
                    .date(date)
                    .blockDigest(sha1(sha1, head))
                    .body(MediaType.HTTP_RESPONSE, head);
            if (profile.equals(IDENTICAL)) {
                revisit.payloadDigest(payloadDigest);
            }
            // WARC/1.0 dates are to the second (jwarc writes the original's so): the WARC-Refers-To-Date is then exactly
            // the WARC-Date of the record it refers to
            Instant capturedAt = Instant.ofEpochMilli(stored.capturedAt()).truncatedTo(ChronoUnit.SECONDS);
            if (stored.recordId() != null) {
                revisit.refersTo(URI.create(stored.recordId()), target, capturedAt);
            } else {
                revisit.addHeader("WARC-Refers-To-Target-URI", target.toString()).addHeader("WARC-Refers-To-Date", capturedAt.toString());
            }
            main = revisit.build();
            records.add(new Record(main, new byte[][] {head}));
        } else {
            WarcResponse.Builder response = new WarcResponse.Builder(target)
                    .date(date)
                    .blockDigest(sha1(sha1, head, body))   // head and body, digested and compressed in two parts, never joined
                    .payloadDigest(payloadDigest)
                    .body(MediaType.HTTP_RESPONSE, NO_BYTES, (long) head.length + body.length);
            if (r.truncated() != null) {
                response.truncated(switch (r.truncated()) {
                    case "time" -> WarcTruncationReason.TIME;
                    case "length" -> WarcTruncationReason.LENGTH;
                    default -> WarcTruncationReason.UNSPECIFIED;   // "stopped": its crawl ended while the body arrived
                });
            }
            main = response.build();
            records.add(new Record(main, new byte[][] {head, body}));
        }
        byte[] req = httpRequest(r.url(), requestHeaders);
        WarcRequest request = new WarcRequest.Builder(target)
                .date(date)
                .blockDigest(sha1(sha1, req))
                .concurrentTo(main.id())
                .body(MediaType.HTTP_REQUEST, req)
                .build();
        records.add(new Record(request, new byte[][] {req}));
        if (profile == null && text != null) {
            byte[] block = text.block();
            records.add(new Record(new WarcConversion.Builder()
                    .addHeader("WARC-Target-URI", target.toString())
                    .date(date)
                    .refersTo(main.id())
                    .blockDigest(sha1(sha1, block))
                    .body(TEXT, block)
                    .build(), new byte[][] {block}));
        }
        String digest = NOT_MODIFIED.equals(profile) ? stored.payloadDigest() : payloadDigest.prefixedBase32();
        return new ExchangeRecords(records, main.id().toString(), digest, profile,
                profile == null ? null : stored.recordId());
    }

    /** An empty channel: a record whose block is written apart still needs a body for jwarc to serialise its header. */
    private static final java.nio.channels.ReadableByteChannel NO_BYTES =
            java.nio.channels.Channels.newChannel(java.io.InputStream.nullInputStream());

    private static byte[] httpHead(FetchResult r, int bodyLength) {
        StringBuilder s = new StringBuilder(512);
        s.append("HTTP/1.1 ").append(r.status()).append(' ').append(r.reason() == null ? "" : r.reason()).append("\r\n");
        for (Map.Entry<String, String> h : r.headers()) {
            if (!DROPPED.contains(h.getKey().toLowerCase(Locale.ROOT))) {
                s.append(h.getKey()).append(": ").append(clean(h.getValue())).append("\r\n");
            }
        }
        s.append("Content-Length: ").append(bodyLength).append("\r\n\r\n");
        return s.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] httpRequest(String url, List<Map.Entry<String, String>> headers) {
        URI u = URI.create(url);
        String target = (u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath())
                + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
        StringBuilder s = new StringBuilder(256).append("GET ").append(target).append(" HTTP/1.1\r\n");
        for (Map.Entry<String, String> h : headers) {
            s.append(h.getKey()).append(": ").append(clean(h.getValue())).append("\r\n");
        }
        return s.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String clean(String v) {
        return v.replace('\r', ' ').replace('\n', ' ');
    }

    /** Each thread's SHA-1 digester (looking one up by name costs a provider search each time). */
    private static final ThreadLocal<MessageDigest> SHA1 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    });

    /** The digest of the parts, one after the other. */
    static WarcDigest sha1(MessageDigest md, byte[]... parts) {
        md.reset();
        for (byte[] part : parts) {
            md.update(part);
        }
        return new WarcDigest(md);   // takes the digest (and so resets the digester)
    }
}
