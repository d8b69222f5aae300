package io.trawler.testsupport;

import io.trawler.redis.Await;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisCluster;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;

/** Redis housekeeping for tests that share one Redis (or one Redis Cluster). */
public final class RedisKeys {

    private RedisKeys() {
    }

    /**
     * KEYS on every master of the test cluster, through a client of its own (the one given may be wrapped by Quarkus
     * observable client, which RedisCluster refuses).
     */
    private static List<List<String>> perMaster(String pattern) {
        io.vertx.core.Vertx vertx = io.vertx.core.Vertx.vertx();
        Redis cluster = TestRedis.client(vertx);
        try {
            List<List<String>> masters = new ArrayList<>();
            for (Response node : Await.result(RedisCluster.create(cluster).onAllMasterNodes(Request.cmd(Command.KEYS).arg(pattern)))) {
                List<String> keys = new ArrayList<>();
                node.forEach(k -> keys.add(k.toString()));
                masters.add(keys);
            }
            return masters;
        } finally {
            cluster.close();
            vertx.close();
        }
    }

    /**
     * Deletes every key matching {@code pattern} and returns how many: with SCAN on a single server (a large key space
     * is never blocked), on every master of a cluster (its test key spaces are small enough for KEYS).
     */
    public static long deleteMatching(Redis redis, String pattern) {
        long deleted = 0;
        for (String key : matching(redis, pattern)) {
            deleted += Await.result(redis.send(Request.cmd(Command.DEL).arg(key))).toLong();
        }
        return deleted;
    }

    /** How many masters hold a key matching {@code pattern} (1 on a single server that holds one). */
    public static int mastersHolding(Redis redis, String pattern) {
        if (!TestRedis.cluster()) {
            return matching(redis, pattern).isEmpty() ? 0 : 1;
        }
        return (int) perMaster(pattern).stream().filter(keys -> !keys.isEmpty()).count();
    }

    /** The keys matching {@code pattern}, on every master when {@code redis} is a cluster client. */
    public static List<String> matching(Redis redis, String pattern) {
        List<String> keys = new ArrayList<>();
        if (TestRedis.cluster()) {
            perMaster(pattern).forEach(keys::addAll);
            return keys;
        }
        String cursor = "0";
        do {
            Response page = Await.result(redis.send(Request.cmd(Command.SCAN).arg(cursor).arg("MATCH").arg(pattern).arg("COUNT").arg(1000)));
            cursor = page.get(0).toString();
            page.get(1).forEach(k -> keys.add(k.toString()));
        } while (!"0".equals(cursor));
        return keys;
    }
}
