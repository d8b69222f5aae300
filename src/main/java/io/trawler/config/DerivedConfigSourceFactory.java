package io.trawler.config;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.PropertiesConfigSource;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Settings that follow from other settings, at a low ordinal so that anything a user sets wins:
 * the absolute data directory (H2 refuses implicitly relative paths) and, in the worker role,
 * a switched-off database, ORM and Flyway, because a worker talks only to Redis; the Quarkus Redis client's
 * {@code client-type} and {@code master-name} from {@code trawler.redis.client-type} and {@code master-name}.
 */
public class DerivedConfigSourceFactory implements ConfigSourceFactory {

    static final int ORDINAL = 50;

    @Override
    public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        Map<String, String> derived = new HashMap<>();
        ConfigValue dataDir = context.getValue("trawler.data-dir");
        String dir = dataDir == null || dataDir.getValue() == null ? "data" : dataDir.getValue();
        derived.put("trawler-derived.data-dir-absolute", Path.of(dir).toAbsolutePath().normalize().toString());
        ConfigValue role = context.getValue("trawler.role");
        if (role != null && role.getValue() != null && role.getValue().toLowerCase(Locale.ROOT).equals("worker")) {
            derived.put("quarkus.datasource.active", "false");
            derived.put("quarkus.hibernate-orm.active", "false");
            derived.put("quarkus.flyway.active", "false");
        }
        // the Quarkus Redis client's shape follows trawler.redis.client-type (and the Sentinel group's name)
        ConfigValue clientType = context.getValue("trawler.redis.client-type");
        String type = clientType == null || clientType.getValue() == null ? "" : clientType.getValue().trim().toLowerCase(Locale.ROOT);
        if (!type.isEmpty()) {
            derived.put("quarkus.redis.client-type", type);
        }
        // a cluster call of the Vert.x 4.5 client holds a pooled connection to every node: with fewer connections per
        // node than calls in flight, calls waiting for each other's connections never complete
        derived.put("quarkus.redis.max-pool-size", type.equals("cluster") ? "256" : "16");
        ConfigValue masterName = context.getValue("trawler.redis.master-name");
        if (masterName != null && masterName.getValue() != null && !masterName.getValue().isBlank()) {
            derived.put("quarkus.redis.master-name", masterName.getValue().trim());
        }
        return List.of(new PropertiesConfigSource(derived, "trawler-derived", ORDINAL));
    }
}
