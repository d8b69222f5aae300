package io.trawler.fetch;

import io.trawler.embedded.RedisHosts;
import io.trawler.fetch.AddressPolicy;
import io.trawler.fetch.FetchConfig;
import io.trawler.fetch.NetworkGuardPreview;
import io.trawler.fetch.OwnServices;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.net.URI;
import java.util.Optional;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Wires the fetcher's private-network guard once for this installation: its own services (every Redis host it is
 * configured with, the database) are never fetched, whatever the private-network settings say. The worker's fetcher and the UI's preview
 * of the guard (scope tester, site page) use the same policy.
 */
@ApplicationScoped
public class NetworkGuard {

    @Produces
    @Singleton
    AddressPolicy addressPolicy(RedisHosts redis, @ConfigProperty(name = "quarkus.datasource.jdbc.url") Optional<String> jdbcUrl) {
        // every host of a cluster or a Sentinel group, not only the first the client dials
        String hosts = redis.getHosts().stream().map(URI::toString).collect(Collectors.joining(","));
        return new AddressPolicy(OwnServices.of(Optional.of(hosts), jdbcUrl));
    }

    @Produces
    @Singleton
    NetworkGuardPreview preview(AddressPolicy policy, FetchConfig fetch) {
        return new NetworkGuardPreview(policy, fetch);
    }
}
