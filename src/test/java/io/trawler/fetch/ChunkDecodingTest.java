package io.trawler.fetch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.vertx.core.buffer.Buffer;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Random;
import java.util.zip.DeflaterOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Body chunks are read where they lie: slices of a larger buffer and buffers already partly read give exactly their
 * own bytes; and a deflate body whose first chunk is one byte keeps that byte while the sink has no room.
 */
class ChunkDecodingTest {

    private static byte[] page(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    @Test
    void slicesAndPartlyReadChunksGiveTheirOwnBytes() {
        byte[] body = page(50_000);
        byte[] around = new byte[body.length + 200];
        System.arraycopy(body, 0, around, 100, body.length);
        Buffer connection = Buffer.buffer(around);   // chunks are slices of it, at offsets other than 0
        CappedBody capped = new CappedBody(1 << 20, new ByteBudget(1 << 30));
        int[] cuts = {100, 101, 4_196, 20_000, 20_001, 50_100};
        for (int i = 0; i + 1 < cuts.length; i++) {
            assertTrue(capped.write(connection.slice(cuts[i], cuts[i + 1])).succeeded());
        }
        capped.end((io.vertx.core.Handler<io.vertx.core.AsyncResult<Void>>) null);
        assertArrayEquals(body, capped.bytes());

        // a chunk whose reader index is past its first bytes gives only what is left to read
        CappedBody second = new CappedBody(1 << 20, new ByteBudget(1 << 30));
        assertTrue(second.write(Buffer.buffer(Unpooled.wrappedBuffer(around).readerIndex(100).writerIndex(100 + body.length))).succeeded());
        second.end((io.vertx.core.Handler<io.vertx.core.AsyncResult<Void>>) null);
        assertArrayEquals(body, second.bytes());
    }

    @Test
    void theCapStillCountsTheBytesOfSlicedChunks() {
        Buffer connection = Buffer.buffer(page(10_000));
        CappedBody capped = new CappedBody(4_000, new ByteBudget(1 << 30));
        assertTrue(capped.write(connection.slice(1_000, 3_000)).succeeded());
        assertTrue(capped.write(connection.slice(3_000, 9_000)).failed(), "past the cap");
        assertEquals("length", capped.truncated());
        assertEquals(4_000, capped.bytes().length);
    }

    /** A sink that takes nothing until it is opened. */
    private static final class Gate implements ContentDecoder.Sink {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        boolean open = true;

        @Override
        public int room() {
            return open ? 1 << 20 : 0;
        }

        @Override
        public void accept(byte[] bytes, int off, int len) {
            out.write(bytes, off, len);
        }
    }

    @Test
    void aDeflateBodysFirstByteWaitsWhileTheSinkIsFull() throws Exception {
        byte[] text = "a page of text, a page of text, a page of text".repeat(50).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        ByteArrayOutputStream zlib = new ByteArrayOutputStream();
        try (DeflaterOutputStream d = new DeflaterOutputStream(zlib)) {
            d.write(text);
        }
        byte[] coded = zlib.toByteArray();
        ContentDecoder decoder = ContentDecoder.forEncodings(List.of("deflate"));
        Gate sink = new Gate();
        assertEquals(1, decoder.decode(coded, 0, 1, sink));   // the first byte alone: kept
        sink.open = false;
        assertEquals(0, decoder.decode(coded, 1, coded.length - 1, sink), "no room: nothing taken");
        sink.open = true;
        int used = decoder.decode(coded, 1, coded.length - 1, sink);
        assertEquals(coded.length - 1, used);
        assertArrayEquals(text, sink.out.toByteArray());
        decoder.close();
    }
}
