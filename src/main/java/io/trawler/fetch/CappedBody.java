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
 * every fetch; while it is exhausted the connection is paused. {@link FetchInterceptor} attaches the request's
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
    private final Buffer buffer = Buffer.buffer();
    private final Promise<Buffer> promise = Promise.promise();
    private volatile HttpContext<?> context;
    private volatile Context vertxContext;
    private volatile HttpClientResponse response;
    private volatile String truncated;
    private volatile long lastActivity = System.nanoTime();
    private volatile long encodedBytes;
    private ContentDecoder decoder;
    private long held;
    private boolean released;
    private boolean overflow;

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
    }

    HttpClientResponse response() {
        return response;
    }

    Buffer received() {
        return buffer;
    }

    String truncated() {
        return truncated;
    }

    /** Bytes read from the connection (before decoding). */
    long encodedBytes() {
        return encodedBytes;
    }

    /** Nanoseconds since data last arrived (or the request was sent). */
    long idleNanos() {
        return System.nanoTime() - lastActivity;
    }

    boolean done() {
        return promise.future().isComplete();
    }

    /** Cuts the exchange off (a timeout, or its crawl ended); what arrived so far is kept. */
    void abort(String reason) {
        Context vctx = vertxContext;
        if (vctx == null) {
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
            budget.release(held);
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

    @Override
    public int room() {
        return overflow ? -1 : cap - buffer.length();
    }

    /** Keeps what fits under the cap; anything beyond marks the body as over its cap. */
    @Override
    public void accept(byte[] bytes, int off, int len) {
        int n = Math.min(len, cap - buffer.length());
        if (n < len) {
            overflow = true;
        }
        if (n > 0) {
            buffer.appendBytes(bytes, off, n);
            held += n;
            budget.take(n);
        }
    }

    @Override
    public Future<Void> write(Buffer data) {
        lastActivity = System.nanoTime();
        encodedBytes += data.length();
        if (truncated != null || promise.future().isComplete()) {
            return Future.failedFuture(new Cut(truncated == null ? "length" : truncated));
        }
        if (decoder == null) {
            HttpClientResponse r = response;
            String coding = r == null ? null : r.getHeader("Content-Encoding");
            decoder = ContentDecoder.forEncoding(coding);
            if (decoder == null) {
                Refused refused = new Refused("the response is in Content-Encoding " + (coding.length() <= 40 ? coding : coding.substring(0, 40) + "…")
                        + ", which was not asked for (Accept-Encoding: gzip, deflate)");
                fail(refused);
                return Future.failedFuture(refused);
            }
        }
        try {
            byte[] bytes = data.getBytes();
            decoder.decode(bytes, 0, bytes.length, this);
        } catch (ContentDecoder.BadEncoding bad) {
            Refused refused = new Refused(bad.getMessage());
            fail(refused);
            return Future.failedFuture(refused);
        }
        if (overflow) {
            cut("length");
            return Future.failedFuture(new Cut("length"));
        }
        return Future.succeededFuture();
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
        promise.tryComplete(buffer);
        closeDecoder();
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

    @Override
    public boolean writeQueueFull() {
        return budget.exhausted();
    }

    @Override
    public WriteStream<Buffer> drainHandler(Handler<Void> handler) {
        Context vctx = vertxContext;
        if (handler != null) {
            budget.whenAvailable(() -> {
                if (vctx != null) {
                    vctx.runOnContext(v -> handler.handle(null));
                } else {
                    handler.handle(null);
                }
            });
        }
        return this;
    }
}
