package io.trawler.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.Charset;
import org.junit.jupiter.api.Test;

class CharsetDetectorTest {

    private static final String CHINESE = "<html><head><title>新闻</title></head><body><p>这是一个用于测试字符集检测的中文页面，"
            + "包含足够多的汉字以便统计检测能够可靠地识别编码。垂直搜索引擎需要抓取新鲜的网页。</p></body></html>";

    @Test
    void headerWins() {
        byte[] body = "<p>café</p>".getBytes(Charset.forName("windows-1252"));
        var d = CharsetDetector.detect(body, "text/html; charset=ISO-8859-1");
        assertEquals("header", d.source());
        assertEquals("windows-1252", d.charset().name());
        assertEquals("<p>café</p>", CharsetDetector.decode(body, "text/html; charset=ISO-8859-1"));
    }

    @Test
    void metaWhenTheHeaderHasNoCharset() {
        String html = "<html><head><meta charset=\"gbk\"></head>" + CHINESE.substring(6);
        byte[] body = html.getBytes(Charset.forName("GBK"));
        var d = CharsetDetector.detect(body, "text/html");
        assertEquals("meta", d.source());
        assertTrue(CharsetDetector.decode(body, "text/html").contains("垂直搜索引擎"));
    }

    @Test
    void httpEquivMeta() {
        byte[] body = "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\"><p>日本語</p>".getBytes(Charset.forName("Shift_JIS"));
        assertEquals("Shift_JIS", CharsetDetector.detect(body, null).charset().name());
    }

    @Test
    void wrongUtf8HeaderIsSniffed() {
        byte[] body = CHINESE.getBytes(Charset.forName("GB18030"));
        var d = CharsetDetector.detect(body, "text/html; charset=utf-8");
        assertEquals("sniffed", d.source());
        assertTrue(CharsetDetector.decode(body, "text/html; charset=utf-8").contains("垂直搜索引擎"));
    }

    @Test
    void unknownCharsetNameFallsThrough() {
        byte[] body = "<p>plain</p>".getBytes();
        assertEquals("UTF-8", CharsetDetector.detect(body, "text/html; charset=no-such-charset").charset().name());
    }

    @Test
    void byteOrderMarkFirst() {
        byte[] text = "<p>x</p>".getBytes(java.nio.charset.StandardCharsets.UTF_16LE);
        byte[] body = new byte[text.length + 2];
        body[0] = (byte) 0xFF;
        body[1] = (byte) 0xFE;
        System.arraycopy(text, 0, body, 2, text.length);
        assertEquals("bom", CharsetDetector.detect(body, "text/html; charset=utf-8").source());
    }

    /** The strict decode of the whole body at once: what the check by chunks must agree with. */
    private static boolean referenceUtf8(byte[] b, int n) {
        try {
            java.nio.charset.StandardCharsets.UTF_8.newDecoder().onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(b, 0, n));
            return true;
        } catch (java.nio.charset.CharacterCodingException e) {
            return false;
        }
    }

    @org.junit.jupiter.api.Test
    void utf8CheckByChunksAgreesWithTheWholeDecode() {
        java.util.Random random = new java.util.Random(18);
        String[] pieces = {"a", " ", "\u00e9", "\u20ac", "\ud83d\ude00", "\u4e2d", "<p>"};
        for (int round = 0; round < 400; round++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(20_000);   // many past the 4 KiB scratch, multi-byte characters across its edge
            while (text.length() < length) {
                text.append(pieces[random.nextInt(pieces.length)]);
            }
            byte[] b = text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
            if (round % 2 == 1 && b.length > 0) {
                int at = random.nextInt(b.length);
                b[at] = (byte) (0x80 | random.nextInt(0x80));   // a stray continuation byte, or a broken sequence
            }
            int n = round % 3 == 0 ? Math.max(0, b.length - random.nextInt(4)) : b.length;   // cut inside a character
            assertEquals(referenceUtf8(b, n), CharsetDetector.decodesAsUtf8(b, n), "round " + round);
        }
    }

    /** A capped decode is the whole decode's prefix, never half a character, in every charset a page may come in. */
    @org.junit.jupiter.api.Test
    void aCappedDecodeIsAPrefixOfTheWholeDecode() {
        java.util.Random random = new java.util.Random(26);
        String[] pieces = {"a", " ", "\u00e9", "\u20ac", "\ud83d\ude00", "\u4e2d", "<p>"};
        String[][] types = {{"text/html; charset=utf-8", "UTF-8"}, {"text/html; charset=windows-1252", "windows-1252"},
            {"text/html; charset=gb18030", "GB18030"}, {"text/html; charset=utf-16", "UTF-16"}, {"text/html", "UTF-8"}};
        for (int round = 0; round < 300; round++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(5_000);
            while (text.length() < length) {
                text.append(pieces[random.nextInt(pieces.length)]);
            }
            String[] type = types[round % types.length];
            byte[] b = text.toString().getBytes(Charset.forName(type[1]));
            if (round % 4 == 3 && b.length > 0) {
                b[random.nextInt(b.length)] = (byte) 0xC3;   // a broken sequence: replaced in both
            }
            String whole = CharsetDetector.decode(b, type[0]);
            int max = 1 + random.nextInt(Math.max(1, whole.length() + 10));
            String capped = CharsetDetector.decode(b, type[0], max);
            String context = "round " + round + ", " + type[1] + ", max " + max;
            assertTrue(whole.startsWith(capped), context);
            assertTrue(capped.length() <= max, context);
            assertTrue(capped.length() >= Math.min(whole.length(), max) - 1, context + ": at most a pair's half short");
            assertTrue(capped.isEmpty() || !Character.isHighSurrogate(capped.charAt(capped.length() - 1)), context);
        }
    }
}
