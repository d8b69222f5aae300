package io.trawler.parse;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mozilla.universalchardet.UniversalDetector;

/**
 * Picks the charset of an HTML body: byte-order mark, then the Content-Type header, then a
 * {@code <meta>} declaration in the first 4 KiB, then UTF-8 when the bytes decode as UTF-8, then
 * statistical sniffing (juniversalchardet), then UTF-8. A declared UTF-8 that the bytes do not
 * decode as is treated as wrong and sniffed.
 */
public final class CharsetDetector {

    private static final Pattern HEADER_CHARSET = Pattern.compile("(?i)charset\\s*=\\s*[\"']?([\\w.:-]+)");
    private static final Pattern META_CHARSET = Pattern.compile("(?i)<meta[^>]*?charset\\s*=\\s*[\"']?\\s*([\\w.:-]+)");
    private static final int META_SCAN = 4096;

    /** The charset chosen and where it came from ({@code bom}, {@code header}, {@code meta}, {@code sniffed}, {@code default}). */
    public record Detected(Charset charset, String source) {
    }

    private CharsetDetector() {
    }

    public static Detected detect(byte[] body, String contentType) {
        Optional<Charset> bom = bom(body);
        if (bom.isPresent()) {
            return new Detected(bom.get(), "bom");
        }
        Optional<Charset> header = named(contentType == null ? null : find(HEADER_CHARSET, contentType));
        if (header.isPresent() && plausible(header.get(), body)) {
            return new Detected(header.get(), "header");
        }
        String head = new String(body, 0, Math.min(body.length, META_SCAN), StandardCharsets.ISO_8859_1);
        Optional<Charset> meta = named(find(META_CHARSET, head));
        if (meta.isPresent() && plausible(meta.get(), body)) {
            return new Detected(meta.get(), "meta");
        }
        if (plausible(StandardCharsets.UTF_8, body)) {
            // ASCII, or bytes that decode as UTF-8: the statistical detector would only guess worse
            return new Detected(StandardCharsets.UTF_8, "default");
        }
        UniversalDetector detector = new UniversalDetector();
        detector.handleData(body, 0, body.length);
        detector.dataEnd();
        Optional<Charset> sniffed = named(detector.getDetectedCharset());
        if (sniffed.isPresent()) {
            return new Detected(sniffed.get(), "sniffed");
        }
        return new Detected(StandardCharsets.UTF_8, "default");
    }

    public static String decode(byte[] body, String contentType) {
        return new String(body, detect(body, contentType).charset());
    }

    /**
     * The first {@code maxChars} characters of the body (never half a surrogate pair), decoded as {@link #decode}
     * does (malformed bytes replaced), without decoding the rest: of a 10 MB page only what is parsed becomes a string.
     */
    public static String decode(byte[] body, String contentType, int maxChars) {
        Charset cs = detect(body, contentType).charset();
        if (body.length <= maxChars) {   // no longer than the cap in most charsets: the JDK's faster path, cut if not
            return HtmlParser.parseable(new String(body, cs), maxChars);
        }
        CharsetDecoder decoder = cs.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        CharBuffer out = CharBuffer.allocate((int) Math.min(maxChars, (long) Math.ceil(body.length * (double) decoder.maxCharsPerByte())));
        ByteBuffer in = ByteBuffer.wrap(body);
        if (decoder.decode(in, out, true).isUnderflow()) {
            decoder.flush(out);   // all of it fitted (a full buffer leaves the rest undecoded)
        }
        return out.flip().toString();
    }

    private static boolean plausible(Charset cs, byte[] body) {
        if (!cs.equals(StandardCharsets.UTF_8)) {
            return true;
        }
        // a body cut at the size cap may end inside a character: ignore the last 3 bytes
        return decodesAsUtf8(body, Math.max(0, body.length - 3));
    }

    /** Each thread's strict UTF-8 decoder and the scratch its output goes to (the text itself is not wanted here). */
    private static final ThreadLocal<CharsetDecoder> UTF8 = ThreadLocal.withInitial(() -> StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT));
    private static final ThreadLocal<CharBuffer> SCRATCH = ThreadLocal.withInitial(() -> CharBuffer.allocate(4096));

    /**
     * Whether the first {@code n} bytes are well-formed UTF-8, as a strict decoder finds them, decoded a few KiB at a
     * time into one reused buffer: the check runs on every HTML page, and decoding the whole body into a new buffer
     * only to drop it cost more garbage per page than the page itself.
     */
    static boolean decodesAsUtf8(byte[] body, int n) {
        CharsetDecoder decoder = UTF8.get().reset();
        CharBuffer out = SCRATCH.get();
        ByteBuffer in = ByteBuffer.wrap(body, 0, n);
        CoderResult r;
        do {
            out.clear();
            r = decoder.decode(in, out, true);
            if (r.isError()) {
                return false;
            }
        } while (r.isOverflow());
        out.clear();
        return !decoder.flush(out).isError();
    }

    private static Optional<Charset> bom(byte[] b) {
        if (b.length >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF) {
            return Optional.of(StandardCharsets.UTF_8);
        }
        if (b.length >= 2 && (b[0] & 0xFF) == 0xFE && (b[1] & 0xFF) == 0xFF) {
            return Optional.of(StandardCharsets.UTF_16BE);
        }
        if (b.length >= 2 && (b[0] & 0xFF) == 0xFF && (b[1] & 0xFF) == 0xFE) {
            return Optional.of(StandardCharsets.UTF_16LE);
        }
        return Optional.empty();
    }

    private static String find(Pattern p, String s) {
        Matcher m = p.matcher(s);
        return m.find() ? m.group(1) : null;
    }

    private static Optional<Charset> named(String name) {
        if (name == null || name.isBlank()) {
            return Optional.empty();
        }
        String n = name.trim().toLowerCase(Locale.ROOT);
        // WHATWG: labels for Latin-1 mean windows-1252, gb2312/gbk are decoded as GB18030
        if (n.equals("iso-8859-1") || n.equals("latin1") || n.equals("us-ascii") || n.equals("ascii")) {
            n = "windows-1252";
        } else if (n.equals("gb2312") || n.equals("gbk") || n.equals("x-gbk")) {
            n = "gb18030";
        }
        try {
            return Optional.of(Charset.forName(n));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
