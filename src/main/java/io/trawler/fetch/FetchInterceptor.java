package io.trawler.fetch;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.client.impl.ClientPhase;
import io.vertx.ext.web.client.impl.HttpContext;
import io.vertx.ext.web.client.impl.HttpRequestImpl;

/** Hands each request's Web Client context to its {@link CappedBody}, so the body can abort the exchange. */
final class FetchInterceptor implements Handler<HttpContext<?>> {

    @Override
    public void handle(HttpContext<?> ctx) {
        if ((ctx.phase() == ClientPhase.SEND_REQUEST || ctx.phase() == ClientPhase.RECEIVE_RESPONSE)
                && ctx.request() instanceof HttpRequestImpl<?> request && request.bodyCodec() instanceof CappedBody body) {
            body.attach(ctx, Vertx.currentContext());
        }
        ctx.next();
    }
}
