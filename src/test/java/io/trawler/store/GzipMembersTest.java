package io.trawler.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.testsupport.SharedData;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class GzipMembersTest {

    private static byte[] gzipStream(byte[]... parts) throws Exception {
        return gzipStream(Deflater.DEFAULT_COMPRESSION, parts);
    }

    /** What GZIPOutputStream writes with its deflater at {@code level}. */
    private static byte[] gzipStream(int level, byte[]... parts) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(out) {
            {
                def.setLevel(level);
            }
        }) {
            for (byte[] p : parts) {
                g.write(p);
            }
        }
        return out.toByteArray();
    }

    private static byte[] array(ByteBuffer b) {
        byte[] a = new byte[b.remaining()];
        b.get(a);
        return a;
    }

    private static byte[][] inputs() throws Exception {
        Random r = new Random(7);
        byte[] noise = new byte[3 * 1024 * 1024];   // incompressible and larger than the kept buffer
        r.nextBytes(noise);
        byte[] page = java.nio.file.Files.readAllBytes(SharedData.blogPages(1).get(0));
        return new byte[][] {new byte[0], "WARC/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII), page, noise,
                "x".repeat(200_000).getBytes(StandardCharsets.US_ASCII)};
    }

    @Test
    void eachMemberIsWhatGzipOutputStreamWritesAtTheSameLevel() throws Exception {
        // the thread's one instance changes level between rounds, as stores of different levels on one thread would
        for (int level : new int[] {Deflater.DEFAULT_COMPRESSION, 1, 9, 1, 6}) {
            GzipMembers members = GzipMembers.ofThisThread(level);
            for (byte[] in : inputs()) {
                members.clear();
                members.begin();
                // fed in pieces, as a record's header, block and end are
                int half = in.length / 2;
                members.write(in, 0, half);
                members.write(in, half, in.length - half);
                members.end();
                assertArrayEquals(gzipStream(level, in), array(members.bytes()), "level " + level + ", input of " + in.length + " bytes");
            }
        }
    }

    @Test
    void theFastestLevelCompressesTheBlogLessButStillSeveralFold() throws Exception {
        byte[] page = java.nio.file.Files.readAllBytes(SharedData.blogPages(1).get(0));
        int fast = compressed(1, page);
        int small = compressed(9, page);
        assertTrue(fast >= small, fast + " bytes at level 1, " + small + " at level 9");
        assertTrue(fast * 3 < page.length, "level 1: " + page.length + " bytes to " + fast);
    }

    private static int compressed(int level, byte[] in) {
        GzipMembers members = GzipMembers.ofThisThread(level);
        members.begin();
        members.write(in);
        members.end();
        return members.bytes().remaining();
    }

    @Test
    void membersFollowOneAnotherAndReadBackAsOneStream() throws Exception {
        byte[][] inputs = inputs();
        for (int round = 0; round < 2; round++) {   // the second round reuses the thread's deflater and buffer
            GzipMembers members = GzipMembers.ofThisThread(Deflater.DEFAULT_COMPRESSION);
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            for (byte[] in : inputs) {
                members.begin();
                members.write(in);
                members.end();
                expected.write(in);
            }
            byte[] all = array(members.bytes());
            try (GZIPInputStream back = new GZIPInputStream(new ByteArrayInputStream(all))) {
                assertArrayEquals(expected.toByteArray(), back.readAllBytes());
            }
        }
    }

    @Test
    void aThreadsInstanceIsEmptiedWhenTakenAgain() {
        GzipMembers g = GzipMembers.ofThisThread(Deflater.DEFAULT_COMPRESSION);
        g.begin();
        g.write(new byte[100]);
        g.end();
        assertEquals(0, GzipMembers.ofThisThread(Deflater.DEFAULT_COMPRESSION).bytes().remaining());
    }
}
