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

    /** The fields of one {@code INFO} section, by name. */
    static java.util.Map<String, String> info(String url, String section) throws Exception {
        return withRedis(url, redis -> {
            java.util.Map<String, String> fields = new java.util.LinkedHashMap<>();
            for (String line : send(redis, Request.cmd(Command.INFO).arg(section)).toString().split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && !line.startsWith("#")) {
                    fields.put(line.substring(0, colon), line.substring(colon + 1).trim());
                }
            }
            return fields;
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

    /** One command's calls and the microseconds Redis spent in them ({@code INFO commandstats}). */
    record CommandStat(String command, long calls, long usec) {
    }

    /**
     * Redis's command statistics zeroed and every command logged in the slow log (its last {@code max}) while open; closing
     * puts the slow log's settings back as they were and empties it.
     */
    static final class CommandLog implements AutoCloseable {

        private final String url;
        private final int max;
        private final String slowerThan;
        private final String maxLen;

        private CommandLog(String url, int max, String slowerThan, String maxLen) {
            this.url = url;
            this.max = max;
            this.slowerThan = slowerThan;
            this.maxLen = maxLen;
        }

        static CommandLog start(String url, int max) throws Exception {
            return withRedis(url, redis -> {
                CommandLog log = new CommandLog(url, max, config(redis, "slowlog-log-slower-than"), config(redis, "slowlog-max-len"));
                send(redis, Request.cmd(Command.CONFIG).arg("RESETSTAT"));
                send(redis, Request.cmd(Command.CONFIG).arg("SET").arg("slowlog-max-len").arg(max));
                send(redis, Request.cmd(Command.CONFIG).arg("SET").arg("slowlog-log-slower-than").arg(0));
                send(redis, Request.cmd(Command.SLOWLOG).arg("RESET"));
                return log;
            });
        }

        /** The slow log's calls now, as {@link RedisInfo#scriptOps}. */
        java.util.List<CommandStat> scriptOps() throws Exception {
            return RedisInfo.scriptOps(url, max);
        }

        @Override
        public void close() throws Exception {
            withRedis(url, redis -> {
                send(redis, Request.cmd(Command.CONFIG).arg("SET").arg("slowlog-log-slower-than").arg(slowerThan));
                send(redis, Request.cmd(Command.CONFIG).arg("SET").arg("slowlog-max-len").arg(maxLen));
                return send(redis, Request.cmd(Command.SLOWLOG).arg("RESET"));
            });
        }
    }

    /** One setting's value ({@code CONFIG GET}: a map under RESP3, [name, value] under RESP2, which the client reads as one). */
    private static String config(Redis redis, String name) throws Exception {
        return send(redis, Request.cmd(Command.CONFIG).arg("GET").arg(name)).get(name).toString();
    }

    /**
     * The calls in the slow log, a script's by its operation (its first argument after the keys: lease, complete, …), the
     * commands it called under their own names: calls and microseconds (wall-clock, so a busy machine's preemption is
     * in them), the most expensive first.
     */
    static java.util.List<CommandStat> scriptOps(String url, int max) throws Exception {
        return withRedis(url, redis -> {
            Response log = send(redis, Request.cmd(Command.SLOWLOG).arg("GET").arg(max));
            java.util.Map<String, long[]> ops = new java.util.HashMap<>();
            for (Response entry : log) {
                // an entry: id, time, microseconds, the command's arguments, client address, client name
                Response args = entry.get(3);
                String cmd = args.get(0).toString().toLowerCase(java.util.Locale.ROOT);
                String op = cmd;
                if ((cmd.equals("evalsha") || cmd.equals("eval")) && args.size() > 3) {
                    int operation = 3 + Integer.parseInt(args.get(2).toString());   // EVALSHA sha numkeys key… operation …
                    op = args.size() > operation ? "lua:" + args.get(operation) : "lua";
                }
                long[] a = ops.computeIfAbsent(op, k -> new long[2]);
                a[0]++;
                a[1] += entry.get(2).toLong();
            }
            java.util.List<CommandStat> stats = new java.util.ArrayList<>();
            ops.forEach((op, a) -> stats.add(new CommandStat(op, a[0], a[1])));
            stats.sort(java.util.Comparator.comparingLong(CommandStat::usec).reversed());
            return stats;
        });
    }

    /** The command statistics since the last reset, the most expensive first. */
    static java.util.List<CommandStat> commandStats(String url) throws Exception {
        return withRedis(url, redis -> {
            java.util.List<CommandStat> stats = new java.util.ArrayList<>();
            for (String line : send(redis, Request.cmd(Command.INFO).arg("commandstats")).toString().split("\r\n")) {
                // cmdstat_evalsha:calls=123,usec=4567,usec_per_call=37.13,rejected_calls=0,failed_calls=0
                if (!line.startsWith("cmdstat_")) {
                    continue;
                }
                String name = line.substring(8, line.indexOf(':'));
                long calls = 0;
                long usec = 0;
                for (String field : line.substring(line.indexOf(':') + 1).split(",")) {
                    if (field.startsWith("calls=")) {
                        calls = Long.parseLong(field.substring(6));
                    } else if (field.startsWith("usec=")) {
                        usec = Long.parseLong(field.substring(5));
                    }
                }
                stats.add(new CommandStat(name, calls, usec));
            }
            stats.sort(java.util.Comparator.comparingLong(CommandStat::usec).reversed());
            return stats;
        });
    }

    /** A hash's fields and values, as Redis lists them. */
    static java.util.Map<String, String> hash(String url, String key) throws Exception {
        return withRedis(url, redis -> {
            java.util.Map<String, String> out = new java.util.TreeMap<>();
            Response r = send(redis, Request.cmd(Command.HGETALL).arg(key));
            if (r != null) {
                for (String field : r.getKeys()) {
                    out.put(field, r.get(field).toString());
                }
            }
            return out;
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
