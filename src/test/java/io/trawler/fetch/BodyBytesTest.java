package io.trawler.fetch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A fetched body's bytes: its buffer's own array when the buffer holds exactly the body, a copy of the body otherwise. */
class BodyBytesTest {

    private static final byte[] PAGE = "<html><body>a page</body></html>".getBytes(StandardCharsets.UTF_8);

    @Test
    void aBufferSizedByItsContentLengthIsHandedOverWithoutACopy() {
        Buffer b = Buffer.buffer(PAGE.length);   // what CappedBody starts an uncoded body with
        b.appendBytes(PAGE, 0, 10).appendBytes(PAGE, 10, PAGE.length - 10);
        byte[] bytes = HttpFetcher.bytes(b);
        assertArrayEquals(PAGE, bytes);
        assertSame(bytes, b.getByteBuf().array());
    }

    @Test
    void anyOtherBufferIsCopiedToExactlyItsBytes() {
        Buffer larger = Buffer.buffer(PAGE.length + 100).appendBytes(PAGE);   // a Content-Length that promised more
        assertArrayEquals(PAGE, HttpFetcher.bytes(larger));
        assertNotSame(larger.getByteBuf().array(), HttpFetcher.bytes(larger));
        Buffer grown = Buffer.buffer(4);   // no Content-Length: grown while the body came
        grown.appendBytes(PAGE);
        assertArrayEquals(PAGE, HttpFetcher.bytes(grown));
        Buffer slice = Buffer.buffer().appendBytes(PAGE).slice(5, 12);
        assertArrayEquals(java.util.Arrays.copyOfRange(PAGE, 5, 12), HttpFetcher.bytes(slice));
        assertArrayEquals(new byte[0], HttpFetcher.bytes(null));
        assertArrayEquals(new byte[0], HttpFetcher.bytes(Buffer.buffer()));
    }
}
