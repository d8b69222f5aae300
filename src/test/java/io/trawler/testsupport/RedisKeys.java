package io.trawler.testsupport;

import io.trawler.frontier.Await;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;

/** Redis housekeeping for tests that share one Redis. */
public final class RedisKeys {

    private RedisKeys() {
    }

    /** Deletes every key matching {@code pattern} (SCAN, so a large key space is never blocked); returns how many. */
    public static long deleteMatching(Redis redis, String pattern) {
        String cursor = "0";
        long deleted = 0;
        do {
            Response page = Await.result(redis.send(Request.cmd(Command.SCAN).arg(cursor).arg("MATCH").arg(pattern).arg("COUNT").arg(1000)));
            cursor = page.get(0).toString();
            Request del = Request.cmd(Command.DEL);
            int n = 0;
            for (Response key : page.get(1)) {
                del.arg(key.toString());
                n++;
            }
            if (n > 0) {
                deleted += Await.result(redis.send(del)).toLong();
            }
        } while (!"0".equals(cursor));
        return deleted;
    }
}
