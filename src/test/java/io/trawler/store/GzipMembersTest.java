package io.trawler.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class GzipMembersTest {

    private static byte[] gzipStream(byte[]... parts) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(out)) {
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
        byte[] page = java.nio.file.Files.readAllBytes(io.trawler.testsupport.SharedData.blogPages(1).get(0));
        return new byte[][] {new byte[0], "WARC/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII), page, noise,
                "x".repeat(200_000).getBytes(StandardCharsets.US_ASCII)};
    }

    @Test
    void eachMemberIsWhatGzipOutputStreamWrites() throws Exception {
        GzipMembers members = GzipMembers.ofThisThread();
        for (byte[] in : inputs()) {
            members.clear();
            members.begin();
            // fed in pieces, as a record's header, block and end are
            int half = in.length / 2;
            members.write(in, 0, half);
            members.write(in, half, in.length - half);
            members.end();
            assertArrayEquals(gzipStream(in), array(members.bytes()), "input of " + in.length + " bytes");
        }
    }

    @Test
    void membersFollowOneAnotherAndReadBackAsOneStream() throws Exception {
        byte[][] inputs = inputs();
        for (int round = 0; round < 2; round++) {   // the second round reuses the thread's deflater and buffer
            GzipMembers members = GzipMembers.ofThisThread();
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
        GzipMembers g = GzipMembers.ofThisThread();
        g.begin();
        g.write(new byte[100]);
        g.end();
        assertEquals(0, GzipMembers.ofThisThread().bytes().remaining());
    }
}
