package io.trawler.fetch;

import java.net.InetAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * The endpoints of this installation's own services (Redis, the database), which no crawl may fetch from, whatever
 * the private-network settings say. A service on a loopback address is guarded on every loopback address.
 */
public final class OwnServices {

    private static final Logger LOG = Logger.getLogger(OwnServices.class);

    private OwnServices() {
    }

    /** From Redis URLs ({@code redis://[:password@]host:port[/db]}, comma-separated) and an optional JDBC URL. */
    public static List<AddressPolicy.OwnService> of(Optional<String> redisHosts, Optional<String> jdbcUrl) {
        List<AddressPolicy.OwnService> out = new ArrayList<>();
        redisHosts.ifPresent(hosts -> {
            for (String h : hosts.split(",")) {
                add(out, h.trim(), 6379, "Redis");
            }
        });
        jdbcUrl.filter(u -> u.startsWith("jdbc:postgresql:") || u.startsWith("jdbc:mysql:") || u.startsWith("jdbc:mariadb:"))
                .ifPresent(u -> add(out, u.substring(5), 5432, "database"));
        return out;
    }

    private static void add(List<AddressPolicy.OwnService> out, String url, int defaultPort, String name) {
        try {
            URI uri = URI.create(url);
            String host = uri.getHost();
            if (host == null) {
                return;
            }
            int port = uri.getPort() > 0 ? uri.getPort() : defaultPort;
            InetAddress address = AddressPolicy.literal(host).orElse(null);
            if (address == null) {
                address = host.equalsIgnoreCase("localhost") ? InetAddress.getLoopbackAddress() : InetAddress.getByName(host);
            }
            out.add(new AddressPolicy.OwnService(address.isLoopbackAddress() ? null : address, port, name));
        } catch (Exception e) {
            LOG.debugf("Cannot tell the address of the %s: %s", name, e.getClass().getSimpleName());
        }
    }
}
