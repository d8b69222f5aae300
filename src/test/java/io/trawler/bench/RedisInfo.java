package io.trawler.bench;

import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.concurrent.TimeUnit;

/** Questions for a Redis on a loopback port: its pid, and the bytes held by keys matching a pattern. */
final class RedisInfo {

    private RedisInfo() {
    }

    static long pid(int port) throws Exception {
        return pid("redis://127.0.0.1:" + port);
    }

    static long pid(String url) throws Exception {
        return withRedis(url, redis -> {
            String info = send(redis, Request.cmd(Command.INFO).arg("server")).toString();
            for (String line : info.split("\r\n")) {
                if (line.startsWith("process_id:")) {
                    return Long.parseLong(line.substring(11).trim());
                }
            }
            throw new IllegalStateException("no process_id in INFO");
        });
    }

    static long keyBytes(int port, String pattern) throws Exception {
        return keyBytes("redis://127.0.0.1:" + port, pattern);
    }

    /** Sum of MEMORY USAGE (SAMPLES 0: exact) over every key matching the pattern. */
    static long keyBytes(String url, String pattern) throws Exception {
        return withRedis(url, redis -> {
            long total = 0;
            String cursor = "0";
            do {
                Response r = send(redis, Request.cmd(Command.SCAN).arg(cursor).arg("MATCH").arg(pattern).arg("COUNT").arg(5000));
                cursor = r.get(0).toString();
                for (Response key : r.get(1)) {
                    Response usage = send(redis, Request.cmd(Command.MEMORY).arg("USAGE").arg(key.toString()).arg("SAMPLES").arg(0));
                    total += usage == null ? 0 : usage.toLong();
                }
            } while (!cursor.equals("0"));
            return total;
        });
    }

    interface Body<T> {
        T apply(Redis redis) throws Exception;
    }

    static <T> T withRedis(String url, Body<T> body) throws Exception {
        Vertx vertx = Vertx.vertx();
        Redis redis = Redis.createClient(vertx, url);
        try {
            return body.apply(redis);
        } finally {
            redis.close();
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    static Response send(Redis redis, Request r) throws Exception {
        return redis.send(r).toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
    }
}
