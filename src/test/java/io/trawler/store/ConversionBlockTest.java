package io.trawler.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.trawler.fetch.FetchResult;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.netpreserve.jwarc.WarcConversion;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;

/**
 * The conversion record's text read in place gives what jwarc's reader gives, for every record the store writes, and
 * leaves every other shape of bytes to jwarc.
 */
class ConversionBlockTest {

    @TempDir
    Path dir;

    /** What the indexer read before: the record parsed by jwarc, its block cut at the same bound. */
    static PageText byJwarc(byte[] record) throws IOException {
        try (WarcReader reader = new WarcReader(Channels.newChannel(new ByteArrayInputStream(record)))) {
            WarcRecord r = reader.next().orElseThrow();
            return r instanceof WarcConversion c
                    ? PageText.ofBlock(new String(c.body().stream().readNBytes(PageText.MAX_BLOCK_BYTES), StandardCharsets.UTF_8))
                    : null;
        }
    }

    private static PageText parse(String record) {
        byte[] b = record.getBytes(StandardCharsets.UTF_8);
        byte[] padded = java.util.Arrays.copyOf(b, b.length + 100);   // a batch's buffer is longer than the member
        return ConversionBlock.parse(padded, b.length);
    }

    static Stream<Arguments> records() {
        String block = "A title\nthe main text, ümlauts, 東京 and 😀";
        int n = block.getBytes(StandardCharsets.UTF_8).length;
        String headers = "WARC-Type: conversion\r\nWARC-Record-ID: <urn:uuid:1>\r\nContent-Type: text/plain; charset=utf-8\r\n";
        return Stream.of(
                Arguments.of("as written", "WARC/1.1\r\n" + headers + "Content-Length: " + n + "\r\n\r\n" + block + "\r\n\r\n", true),
                Arguments.of("names in lower case, spaces around values", "WARC/1.0\r\nwarc-type:conversion \r\ncontent-length:  " + n
                        + "\r\n\r\n" + block + "\r\n\r\n", true),
                Arguments.of("the length first", "WARC/1.1\r\nContent-Length: " + n + "\r\n" + headers + "\r\n" + block + "\r\n\r\n", true),
                Arguments.of("no line end in the block: a title only", "WARC/1.1\r\n" + headers + "Content-Length: 7\r\n\r\nA title\r\n\r\n", true),
                Arguments.of("an empty block", "WARC/1.1\r\n" + headers + "Content-Length: 0\r\n\r\n\r\n\r\n", true),
                Arguments.of("a block shorter than the bytes after it", "WARC/1.1\r\n" + headers + "Content-Length: 9\r\n\r\n" + block + "\r\n\r\n", true),
                Arguments.of("tabs around values", "WARC/1.1\r\nWARC-Type:\tconversion\t\r\nContent-Length: \t" + n + "\r\n\r\n"
                        + block + "\r\n\r\n", true),
                Arguments.of("a version of one number", "WARC/1\r\n" + headers + "Content-Length: " + n + "\r\n\r\n" + block, false),
                Arguments.of("a version not in numbers", "WARC/1.x\r\n" + headers + "Content-Length: " + n + "\r\n\r\n" + block, false),
                Arguments.of("a space before the colon", "WARC/1.1\r\n" + headers + "Content-Length : " + n + "\r\n\r\n" + block, false),
                Arguments.of("no name", "WARC/1.1\r\n" + headers + ": x\r\nContent-Length: " + n + "\r\n\r\n" + block, false),
                Arguments.of("a control character in a value", "WARC/1.1\r\nWARC-Type: conversion\u0000\r\nContent-Length: " + n
                        + "\r\n\r\n" + block, false),
                Arguments.of("a bare line feed in a value", "WARC/1.1\r\n" + headers + "X-Note: a\nb\r\nContent-Length: " + n
                        + "\r\n\r\n" + block, false),
                Arguments.of("a response", "WARC/1.1\r\nWARC-Type: response\r\nContent-Length: " + n + "\r\n\r\n" + block + "\r\n\r\n", false),
                Arguments.of("the type in another case", "WARC/1.1\r\nWARC-Type: Conversion\r\nContent-Length: " + n + "\r\n\r\n" + block, false),
                Arguments.of("no type", "WARC/1.1\r\nContent-Length: " + n + "\r\n\r\n" + block + "\r\n\r\n", false),
                Arguments.of("no length", "WARC/1.1\r\n" + headers + "\r\n" + block + "\r\n\r\n", false),
                Arguments.of("a length that is not a number", "WARC/1.1\r\n" + headers + "Content-Length: 1x\r\n\r\n" + block, false),
                Arguments.of("a negative length", "WARC/1.1\r\n" + headers + "Content-Length: -1\r\n\r\n" + block, false),
                Arguments.of("a length past the bytes", "WARC/1.1\r\n" + headers + "Content-Length: " + (n + 10) + "\r\n\r\n" + block, false),
                Arguments.of("two lengths", "WARC/1.1\r\n" + headers + "Content-Length: " + n + "\r\nContent-Length: 3\r\n\r\n" + block, false),
                Arguments.of("two types", "WARC/1.1\r\n" + headers + "WARC-Type: conversion\r\nContent-Length: " + n + "\r\n\r\n" + block, false),
                Arguments.of("a header continued", "WARC/1.1\r\n" + headers + "Content-Length: " + n + "\r\n X-More: y\r\n\r\n" + block, false),
                Arguments.of("a header without a colon", "WARC/1.1\r\n" + headers + "Nonsense\r\nContent-Length: " + n + "\r\n\r\n" + block, false),
                Arguments.of("headers never end", "WARC/1.1\r\n" + headers + "Content-Length: " + n + "\r\n", false),
                Arguments.of("not a WARC record", "HTTP/1.1 200 OK\r\n" + headers + "Content-Length: " + n + "\r\n\r\n" + block, false),
                Arguments.of("nothing", "", false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("records")
    void readsOnlyWhatItCanReadAsJwarcDoes(String name, String record, boolean readHere) throws Exception {
        PageText here = parse(record);
        if (readHere) {
            assertNotNull(here, name);
            assertEquals(byJwarc(record.getBytes(StandardCharsets.UTF_8)), here, name);
        } else {
            assertNull(here, name + ": left to jwarc");
        }
    }

    @Test
    void aBlockPastTheBoundIsCutWhereTheRecordReaderCutsIt() throws Exception {
        String block = "title\n" + "é".repeat(PageText.MAX_BLOCK_BYTES);   // two bytes each: the bound falls in the text
        int n = block.getBytes(StandardCharsets.UTF_8).length;
        String record = "WARC/1.1\r\nWARC-Type: conversion\r\nContent-Length: " + n + "\r\n\r\n" + block + "\r\n\r\n";
        PageText here = parse(record);
        assertNotNull(here);
        assertEquals(byJwarc(record.getBytes(StandardCharsets.UTF_8)), here);
        assertEquals(PageText.MAX_CHARS, here.mainText().length());
    }

    /** Random titles and texts (any code point, unpaired surrogates, line ends), written by the store, read both ways. */
    @Test
    void everyTextTheStoreWritesReadsBackAsJwarcReadsIt() throws Exception {
        Random random = new Random(39);
        List<PageText> texts = new ArrayList<>();
        List<WarcStore.Stored> stored = new ArrayList<>();
        try (WarcStore store = new WarcStore(dir, Long.MAX_VALUE, "node", "Trawler-test")) {
            for (int i = 0; i < 300; i++) {
                PageText t = new PageText(randomText(random, random.nextInt(40)), randomText(random, random.nextInt(i % 50 == 0 ? 70_000 : 3_000)));
                texts.add(t);
                stored.add(store.write(new FetchResult("http://a.test/" + i, 200, "OK", List.of(Map.entry("Content-Type", "text/html")),
                        "<html></html>".getBytes(StandardCharsets.UTF_8), null, null, null, Instant.parse("2026-11-29T04:00:00Z"), 3),
                        List.of(Map.entry("User-Agent", "t")), null, t));
            }
        }
        WarcRecordReader reader = new WarcRecordReader(dir, new LocalWarcArchive(dir));
        long[] offsets = stored.stream().mapToLong(WarcStore.Stored::textOffset).toArray();
        Map<Long, PageText> batch = reader.texts(stored.get(0).file(), offsets);
        try (FileChannel ch = FileChannel.open(dir.resolve(stored.get(0).file()))) {
            for (int i = 0; i < texts.size(); i++) {
                byte[] member = GzipMember.read(ch, offsets[i], PageText.MAX_BLOCK_BYTES + 4096).orElseThrow();
                PageText here = ConversionBlock.parse(member, member.length);
                assertNotNull(here, "record " + i + " is read in place");
                assertEquals(byJwarc(member), here, "record " + i);
                assertEquals(reader.text(stored.get(i).file(), offsets[i]).orElseThrow(), batch.get(offsets[i]), "record " + i);
            }
        }
    }

    private static String randomText(Random random, int length) {
        StringBuilder s = new StringBuilder(length);
        while (s.length() < length) {
            int kind = random.nextInt(10);
            if (kind < 5) {
                s.append((char) (' ' + random.nextInt(95)));
            } else if (kind == 5) {
                s.append(random.nextBoolean() ? '\n' : '\r');
            } else if (kind == 6) {
                s.append((char) (0xD800 + random.nextInt(0x800)));   // an unpaired surrogate now and then
            } else {
                s.appendCodePoint(random.nextInt(0x10FFFF + 1));
            }
        }
        return s.toString();
    }
}
