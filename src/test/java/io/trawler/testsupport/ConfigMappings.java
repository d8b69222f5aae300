package io.trawler.testsupport;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.time.Duration;
import java.util.Map;

/**
 * A {@code @ConfigMapping} built by SmallRye Config alone (no Quarkus): its defaults, with the given properties (full
 * names, e.g. {@code trawler.worker.concurrency}) over them, durations written as Quarkus reads them ({@code 5s}), for plain unit tests of classes that take their settings.
 */
public final class ConfigMappings {

    private ConfigMappings() {
    }

    public static <T> T of(Class<T> type, Map<String, String> properties) {
        SmallRyeConfig config = new SmallRyeConfigBuilder().withMapping(type).withValidateUnknown(false)
                .withConverter(Duration.class, 200, new DurationConverter())
                .withSources(new PropertiesConfigSource(properties, "test", 400)).build();
        return config.getConfigMapping(type);
    }

    public static <T> T of(Class<T> type) {
        return of(type, Map.of());
    }
}
