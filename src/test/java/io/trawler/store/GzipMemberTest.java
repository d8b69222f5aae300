package io.trawler.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One gzip member read back from its offset: only it, checked, bounded; a broken one is refused, never half-read. */
class GzipMemberTest {

    @TempDir
    Path dir;

    /** Two members written by {@link GzipMembers}: a small text, then 200 kB that compress poorly (several input chunks). */
    private static final byte[] SMALL = "conversion record, ümlaut and 東京\n".repeat(40).getBytes(StandardCharsets.UTF_8);
    private static final byte[] LARGE = new byte[200_000];

    static {
        new Random(7).nextBytes(LARGE);
    }

    private Path file(byte[]... members) throws IOException {
        Path f = dir.resolve("m.gz");
        try (GzipMembers g = new GzipMembers(1)) {
            for (byte[] m : members) {
                g.begin();
                g.write(m);
                g.end();
            }
            ByteBuffer b = g.bytes();
            byte[] a = new byte[b.remaining()];
            b.get(a);
            Files.write(f, a);
        }
        return f;
    }

    @Test
    void eachMemberIsReadFromItsOffsetAndNoFurther() throws Exception {
        Path f = file(SMALL, LARGE, SMALL);
        long second = firstMemberLength(f);
        try (FileChannel ch = FileChannel.open(f)) {
            assertArrayEquals(SMALL, GzipMember.read(ch, 0, 1 << 20).orElseThrow());
            assertArrayEquals(LARGE, GzipMember.read(ch, second, 1 << 20).orElseThrow());
            assertTrue(GzipMember.read(ch, second, 100_000).isEmpty(), "larger than asked for: not read");
        }
    }

    /** A batch's buffers, grown by a member, read the next one: only its own bytes are handed over, and the bound holds. */
    @Test
    void aBatchsBuffersAreReusedFromMemberToMember() throws Exception {
        byte[] medium = Arrays.copyOf(LARGE, 40_000);   // past the first buffer's 32 KB, within what a batch keeps
        Path f = file(medium, SMALL);
        long second = memberLength(medium);
        GzipMember.Buffers buffers = new GzipMember.Buffers();
        java.util.List<byte[]> handed = new java.util.ArrayList<>();
        try (FileChannel ch = FileChannel.open(f)) {
            assertTrue(GzipMember.inflate(ch, 0, 1 << 20, buffers, (content, length) -> handed.add(Arrays.copyOf(content, length))));
            assertTrue(GzipMember.inflate(ch, second, 1 << 20, buffers, (content, length) -> handed.add(Arrays.copyOf(content, length))));
            assertArrayEquals(medium, handed.get(0));
            assertArrayEquals(SMALL, handed.get(1), "the larger member's bytes after the smaller one's are not handed over");
            assertTrue(buffers.out.length > 40_000, "the grown buffer was kept for the next member");
            assertFalse(GzipMember.inflate(ch, 0, 20_000, buffers, (content, length) -> handed.add(content)),
                    "a buffer larger than the bound does not lift it");
            assertTrue(GzipMember.inflate(ch, 0, 40_000, buffers, (content, length) -> assertEquals(40_000, length)), "exactly the bound");
            assertEquals(2, handed.size());
        }
    }

    @Test
    void aBrokenMemberIsRefused() throws Exception {
        byte[] whole = Files.readAllBytes(file(SMALL));
        byte[] cut = Arrays.copyOf(whole, whole.length - 20);
        byte[] flipped = whole.clone();
        flipped[whole.length - 10] ^= 0x40;   // the last deflate bytes or the CRC: the check fails either way
        byte[] notGzip = "WARC/1.0\r\n".getBytes(StandardCharsets.US_ASCII);
        for (byte[] bad : new byte[][] {cut, flipped, notGzip}) {
            Path f = dir.resolve("bad.gz");
            Files.write(f, bad);
            try (FileChannel ch = FileChannel.open(f)) {
                assertThrows(IOException.class, () -> GzipMember.read(ch, 0, 1 << 20));
            }
        }
        byte[] named = whole.clone();
        named[3] = 8;   // FNAME: not as the store writes members, left to a streaming reader
        Files.write(dir.resolve("named.gz"), named);
        try (FileChannel ch = FileChannel.open(dir.resolve("named.gz"))) {
            assertTrue(GzipMember.read(ch, 0, 1 << 20).isEmpty());
        }
    }

    private long firstMemberLength(Path f) throws IOException {
        return memberLength(SMALL);
    }

    /** The bytes of the member the file helper writes for {@code content}. */
    private static long memberLength(byte[] content) throws IOException {
        try (GzipMembers g = new GzipMembers(1)) {
            g.begin();
            g.write(content);
            g.end();
            return g.size();
        }
    }
}
