package io.trawler.redis;

import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/** A Lua script run by its SHA-1 ({@code EVALSHA}), sent in full once when the server does not know it yet. */
public final class LuaScript {

    private final String source;
    private final String sha;

    public LuaScript(String resource) {
        try (InputStream in = LuaScript.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing script " + resource);
            }
            source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs the script on one key with arguments that are strings or binary {@link io.vertx.core.buffer.Buffer}s. */
    public Future<Response> runMixed(Redis redis, String key, List<?> args) {
        return redis.send(mixed(Command.EVALSHA, sha, key, args)).recover(err -> {
            if (unknownScript(err)) {
                return redis.send(mixed(Command.EVAL, source, key, args));
            }
            return Future.failedFuture(err);
        });
    }

    /**
     * Runs the script once per argument list, pipelined on one connection (the one to the node holding {@code key}).
     * When that node does not know the script yet, the batch is sent again in full ({@code EVAL}), which also caches
     * it there: a {@code SCRIPT LOAD} would reach one node of a cluster, not necessarily this one.
     */
    public Future<List<Response>> runBatch(Redis redis, String key, List<? extends List<?>> argLists) {
        List<Request> batch = new java.util.ArrayList<>(argLists.size());
        argLists.forEach(args -> batch.add(mixed(Command.EVALSHA, sha, key, args)));
        return redis.batch(batch).recover(err -> {
            if (unknownScript(err)) {
                List<Request> full = new java.util.ArrayList<>(argLists.size());
                argLists.forEach(args -> full.add(mixed(Command.EVAL, source, key, args)));
                return redis.batch(full);
            }
            return Future.failedFuture(err);
        });
    }

    private static boolean unknownScript(Throwable err) {
        return err.getMessage() != null && err.getMessage().contains("NOSCRIPT");
    }

    private static Request mixed(Command cmd, String script, String key, List<?> args) {
        Request r = Request.cmd(cmd).arg(script).arg(1).arg(key);
        for (Object a : args) {
            if (a instanceof io.vertx.core.buffer.Buffer b) {
                r.arg(b);
            } else {
                r.arg(String.valueOf(a));
            }
        }
        return r;
    }

    public Future<Response> run(Redis redis, String key, List<String> args) {
        return runMixed(redis, key, args);
    }
}
