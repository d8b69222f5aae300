package io.trawler.fetch;

import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.streams.WriteStream;
import io.vertx.ext.web.client.impl.HttpContext;
import io.vertx.ext.web.codec.BodyCodec;
import io.vertx.ext.web.codec.spi.BodyStream;

/**
 * A Web Client body codec for one request that keeps at most {@code cap} bytes. When the body grows
 * past the cap, or {@link #abort} is called (total timeout), the exchange is failed, which resets the
 * connection: a huge or endless body costs at most the cap. {@link FetchInterceptor} attaches the
 * request's context so that the status line and headers survive the abort.
 */
final class CappedBody implements BodyCodec<Buffer>, BodyStream<Buffer> {

    /** Signals that the body was cut off on purpose. */
    static final class Cut extends RuntimeException {
        final String reason;

        Cut(String reason) {
            super("body cut off: " + reason, null, false, false);
            this.reason = reason;
        }
    }

    private final int cap;
    private final Buffer buffer = Buffer.buffer();
    private final Promise<Buffer> promise = Promise.promise();
    private volatile HttpContext<?> context;
    private volatile Context vertxContext;
    private volatile HttpClientResponse response;
    private volatile String truncated;
    private volatile long lastActivity = System.nanoTime();

    CappedBody(int cap) {
        this.cap = cap;
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

    /** Nanoseconds since data last arrived (or the request was sent). */
    long idleNanos() {
        return System.nanoTime() - lastActivity;
    }

    boolean done() {
        return promise.future().isComplete();
    }

    /** Cuts the exchange off (total timeout); what arrived so far is kept. */
    void abort(String reason) {
        HttpContext<?> ctx = context;
        Context vctx = vertxContext;
        if (ctx == null || vctx == null) {
            return;
        }
        vctx.runOnContext(v -> {
            if (!promise.future().isComplete()) {
                truncated = reason;
                ctx.fail(new Cut(reason));
            }
        });
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
    }

    @Override
    public Future<Void> write(Buffer data) {
        lastActivity = System.nanoTime();
        if (truncated != null) {
            return Future.failedFuture(new Cut(truncated));
        }
        int room = cap - buffer.length();
        if (data.length() > room) {
            buffer.appendBuffer(data, 0, Math.max(0, room));
            truncated = "length";
            Cut cut = new Cut("length");
            HttpContext<?> ctx = context;
            if (ctx != null) {
                ctx.fail(cut);
            }
            return Future.failedFuture(cut);
        }
        buffer.appendBuffer(data);
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
        return false;
    }

    @Override
    public WriteStream<Buffer> drainHandler(Handler<Void> handler) {
        return this;
    }
}
