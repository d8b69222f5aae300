package io.trawler.fetch;

import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.streams.WriteStream;
import io.vertx.ext.web.client.impl.HttpContext;
import io.vertx.ext.web.codec.BodyCodec;
import io.vertx.ext.web.codec.spi.BodyStream;

/**
 * A Web Client body codec for one request: decodes the content coding Trawler asked for as the body streams
 * ({@link ContentDecoder}) and keeps at most {@code cap} decoded bytes. When the decoded body grows past the cap, or
 * {@link #abort} is called (timeouts, a crawl that ended), the exchange is failed and its connection reset at once:
 * nothing more is read, a huge, endless or bomb body costs at most the cap plus one network buffer. A response in a
 * coding that was not asked for is refused unread. The decoded bytes held count against a {@link ByteBudget} shared by
 * every fetch; while it is exhausted the connection is paused (but for the one body it lets go on to its cap).
 * {@link FetchInterceptor} attaches the request's
 * context so that the status line and headers survive the abort.
 */
final class CappedBody implements BodyCodec<Buffer>, BodyStream<Buffer>, ContentDecoder.Sink {

    /** Signals that the body was cut off on purpose. */
    static final class Cut extends RuntimeException {
        final String reason;

        Cut(String reason) {
            super("body cut off: " + reason, null, false, false);
            this.reason = reason;
        }
    }

    /** A coding that was not asked for, or a body that is not what its coding says. */
    static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    private final int cap;
    private final ByteBudget budget;
    /**
     * The decoded body, {@link #length} bytes of it; sized when the first bytes arrive ({@link #initialCapacity}), then
     * grown by {@link #grownCapacity}: never past the cap, and to the exact length an uncoded body said it has.
     */
    private byte[] kept = new byte[0];
    private int length;
    /** The Content-Length of an uncoded body, else {@link #UNKNOWN}. */
    private long claimed = UNKNOWN;
    private final Promise<Buffer> promise = Promise.promise();
    private volatile HttpContext<?> context;
    private volatile Context vertxContext;
    private volatile HttpClientResponse response;
    private volatile String truncated;
    private volatile long lastActivity = System.nanoTime();
    private volatile String pendingAbort;
    private ContentDecoder decoder;
    private long held;
    private boolean released;
    private boolean overflow;
    /** Encoded input not decoded yet for want of room. */
    private byte[] leftover;
    /** Waiting for room in the budget (the connection is paused). */
    private volatile boolean stalled;
    /** The body ended while it waited: complete once what waited is decoded. */
    private boolean endRequested;

    CappedBody(int cap, ByteBudget budget) {
        this.cap = cap;
        this.budget = budget;
    }

    void attach(HttpContext<?> ctx, Context vctx) {
        lastActivity = System.nanoTime();
        this.context = ctx;
        this.vertxContext = vctx;
        if (ctx.clientResponse() != null) {
            this.response = ctx.clientResponse();
        }
        String pending = pendingAbort;
        if (pending != null && ctx.clientResponse() != null) {
            pendingAbort = null;
            abort(pending);
        }
    }

    HttpClientResponse response() {
        return response;
    }

    /** The bytes received so far (decoded), in an array of exactly their length (copied only if the buffer is larger). */
    byte[] bytes() {
        return length == kept.length ? kept : java.util.Arrays.copyOf(kept, length);
    }

    String truncated() {
        return truncated;
    }

    /** Nanoseconds since data last arrived (or the request was sent); 0 while the body waits for the budget. */
    long idleNanos() {
        return stalled ? 0 : System.nanoTime() - lastActivity;
    }

    /** Cuts the exchange off (a timeout, or its crawl ended); what arrived so far is kept. */
    void abort(String reason) {
        Context vctx = vertxContext;
        if (vctx == null) {
            pendingAbort = reason;   // not attached yet (connecting): cut off as soon as it is
            return;
        }
        vctx.runOnContext(v -> {
            if (!promise.future().isComplete()) {
                cut(reason);
            }
        });
    }

    /** Ends the exchange: the connection is reset (nothing more is read) and the request failed. */
    private void cut(String reason) {
        if (truncated == null) {
            truncated = reason;
        }
        fail(new Cut(reason));
    }

    private void fail(RuntimeException why) {
        HttpClientResponse r = response;
        HttpClientRequest req = r != null ? r.request() : context != null ? context.clientRequest() : null;
        if (req != null) {
            req.reset(0, why);   // HTTP/1.x: closes the connection, nothing more is read
        }
        HttpContext<?> ctx = context;
        if (ctx != null) {
            ctx.fail(why);
        }
        promise.tryFail(why);
        closeDecoder();
    }

    /** Gives the bytes held back to the shared budget (once the result has been taken). */
    void release() {
        if (!released) {
            released = true;
            budget.release(this, held);
            held = 0;
        }
    }

    private void closeDecoder() {
        if (decoder != null) {
            decoder.close();
        }
    }

    @Override
    public void create(Handler<AsyncResult<BodyStream<Buffer>>> handler) {
        handler.handle(Future.succeededFuture(this));
    }

    @Override
    public Future<Buffer> result() {
        return promise.future();
    }

    @Override
    public void handle(Throwable failure) {
        promise.tryFail(failure);
        closeDecoder();
    }

    /** What a body is given at first when it does not say its length (it grows from there). */
    static final int DEFAULT_CAPACITY = 8192;
    /** The most a body is given at first, whatever length it claims: what it claims is not yet held, nor in the budget. */
    static final int MAX_INITIAL_CAPACITY = 64 * 1024;

    /**
     * The buffer a body starts with: the Content-Length of an uncoded body (so that it is not grown and copied while it
     * arrives), else {@value #DEFAULT_CAPACITY}; never more than the cap or {@value #MAX_INITIAL_CAPACITY}.
     */
    static int initialCapacity(String length, boolean uncoded, int cap) {
        return initialCapacity(uncoded ? declaredLength(length) : UNKNOWN, cap);
    }

    private static int initialCapacity(long claimed, int cap) {
        long size = claimed == UNKNOWN ? DEFAULT_CAPACITY : claimed;
        return (int) Math.max(0, Math.min(size, Math.min(cap, MAX_INITIAL_CAPACITY)));
    }

    /** No length claimed: no Content-Length, a broken one, or a coded body (its length is not the decoded size). */
    private static final long UNKNOWN = Long.MIN_VALUE;

    /** The Content-Length header's number, or {@link #UNKNOWN} when there is none or it is broken. */
    private static long declaredLength(String header) {
        if (header == null) {
            return UNKNOWN;
        }
        try {
            return Long.parseLong(header.trim());
        } catch (NumberFormatException notANumber) {
            return UNKNOWN;
        }
    }

    /**
     * The capacity a body's buffer grows to when {@code needed} bytes no longer fit: twice what it had (at least
     * {@value #DEFAULT_CAPACITY}), but no more than the length the body claimed once it has sent more than its first
     * buffer (so a truthful body is never copied at the end), and never more than the cap (so a body cut off there is
     * not either). What a body only claims is not allocated ahead: it grows by doubling towards it as bytes arrive.
     */
    static int grownCapacity(int capacity, int needed, long claimed, int cap) {
        long grown = Math.max(needed, Math.max(DEFAULT_CAPACITY, 2L * capacity));
        if (claimed >= needed) {
            grown = Math.min(grown, claimed);
        }
        return (int) Math.min(grown, cap);
    }

    /** Room for decoded bytes: the cap (plus one byte, to tell a body that goes past it) and the shared budget. */
    @Override
    public int room() {
        if (overflow) {
            return 0;
        }
        long capRoom = (long) cap - length + 1;
        if (capRoom == 1) {
            return 1;   // at the cap: one more byte says the body goes past it, whatever the budget
        }
        return (int) Math.max(0, Math.min(capRoom, budget.room(this)));
    }

    /** Keeps what fits under the cap; a byte beyond it marks the body as over its cap. */
    @Override
    public void accept(byte[] bytes, int off, int len) {
        int n = Math.min(len, cap - length);
        if (n < len) {
            overflow = true;
        }
        if (n > 0) {
            if (length + n > kept.length) {
                kept = java.util.Arrays.copyOf(kept, grownCapacity(kept.length, length + n, claimed, cap));
            }
            System.arraycopy(bytes, off, kept, length, n);
            length += n;
            held += n;
            budget.take(n);
        }
    }

    @Override
    public Future<Void> write(Buffer data) {
        lastActivity = System.nanoTime();
        if (truncated != null || promise.future().isComplete()) {
            return Future.failedFuture(new Cut(truncated == null ? "length" : truncated));
        }
        if (decoder == null) {
            HttpClientResponse r = response;
            java.util.List<String> codings = r == null ? java.util.List.of() : r.headers().getAll("Content-Encoding");
            decoder = ContentDecoder.forEncodings(codings);
            if (decoder == null) {
                Refused refused = new Refused("the response is in Content-Encoding " + ContentDecoder.describe(codings)
                        + ", which was not asked for (Accept-Encoding: gzip, deflate)");
                fail(refused);
                return Future.failedFuture(refused);
            }
            if (length == 0) {
                claimed = decoder.identity() && r != null ? declaredLength(r.getHeader("Content-Length")) : UNKNOWN;
                kept = new byte[initialCapacity(claimed, cap)];
            }
        }
        if (leftover != null) {   // the pipe went on while this body waited: keep the order
            byte[] joined = java.util.Arrays.copyOf(leftover, leftover.length + data.length());
            data.getBytes(joined, leftover.length);
            leftover = null;
            return feed(joined, 0, joined.length);
        }
        // the chunk's bytes read in place (from its offset: it may be a slice of the connection's buffer), decoded
        // before this returns; what is kept of them is copied, into the body or as leftover
        io.netty.buffer.ByteBuf chunk = data.getByteBuf();
        if (chunk.hasArray()) {
            return feed(chunk.array(), chunk.arrayOffset() + chunk.readerIndex(), chunk.readableBytes());
        }
        byte[] bytes = data.getBytes();
        return feed(bytes, 0, bytes.length);
    }

    /** Decodes {@code len} bytes of {@code bytes} from {@code off} as far as there is room; what is left waits for room ({@link #writeQueueFull}). */
    private Future<Void> feed(byte[] bytes, int off, int len) {
        int used;
        try {
            used = decoder.decode(bytes, off, len, this);
        } catch (ContentDecoder.BadEncoding bad) {
            Refused refused = new Refused(bad.getMessage());
            fail(refused);
            return Future.failedFuture(refused);
        }
        if (overflow) {
            cut("length");
            return Future.failedFuture(new Cut("length"));
        }
        if (used < len) {
            leftover = java.util.Arrays.copyOfRange(bytes, off + used, off + len);
        }
        // no room left (the budget): the decoder may hold output too, pulled once there is room
        stalled = leftover != null || (room() == 0 && decoder.mayHoldOutput());
        return Future.succeededFuture();
    }

    /** Once the budget has room: decodes what waited; true when nothing waits any more. */
    private boolean resume() {
        if (promise.future().isComplete() || truncated != null) {
            return true;
        }
        lastActivity = System.nanoTime();
        byte[] waiting = leftover == null ? new byte[0] : leftover;
        leftover = null;
        feed(waiting, 0, waiting.length);
        if (!stalled && endRequested) {
            finish();
        }
        return !stalled;
    }

    /** The body ended: pulls what the decoder still holds, then completes (or waits for room to do so). */
    private void finish() {
        if (stalled) {
            endRequested = true;
            return;
        }
        if (decoder != null) {
            feed(new byte[0], 0, 0);
            if (promise.future().isComplete()) {
                return;
            }
            if (stalled) {
                endRequested = true;
                drainHandler(null);
                return;
            }
        }
        promise.tryComplete(Buffer.buffer(io.netty.buffer.Unpooled.wrappedBuffer(kept, 0, length)));
        closeDecoder();
    }

    @Override
    public void write(Buffer data, Handler<AsyncResult<Void>> handler) {
        Future<Void> f = write(data);
        if (handler != null) {
            f.onComplete(handler);
        }
    }

    @Override
    public void end(Handler<AsyncResult<Void>> handler) {
        finish();
        if (handler != null) {
            handler.handle(Future.succeededFuture());
        }
    }

    @Override
    public WriteStream<Buffer> exceptionHandler(Handler<Throwable> handler) {
        return this;
    }

    @Override
    public WriteStream<Buffer> setWriteQueueMaxSize(int maxSize) {
        return this;
    }

    /** Full while decoded bytes wait for room in the shared budget: the pipe pauses the connection. */
    @Override
    public boolean writeQueueFull() {
        return stalled;
    }

    /** Called by the pipe (with its resume) or by {@link #finish} (null): runs once the budget has room again. */
    @Override
    public WriteStream<Buffer> drainHandler(Handler<Void> handler) {
        Context vctx = vertxContext;
        budget.whenAvailable(() -> {
            Runnable go = () -> {
                if (!resume()) {
                    drainHandler(handler);   // the room went to another body first: wait again
                } else if (handler != null) {
                    handler.handle(null);
                }
            };
            if (vctx != null) {
                vctx.runOnContext(v -> go.run());
            } else {
                go.run();
            }
        });
        return this;
    }
}
