package io.trawler.fetch;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * Says before a crawl what the fetcher's private-network guard ({@link AddressPolicy}) will say of a URL: the reason a
 * fetch of it would be recorded as {@code blocked}, or empty when it may be fetched. {@link #check} resolves the host
 * as the fetcher would (the scope tester); {@link #checkLiteral} judges IP literals and {@code localhost} only, with
 * no lookup (the site page, rendered often).
 */
public final class NetworkGuardPreview {

    private final AddressPolicy policy;
    private final FetchConfig config;

    /** The guard as the fetcher applies it: this policy, {@code trawler.fetch.allow-private-networks} and {@code resolve}. */
    public NetworkGuardPreview(AddressPolicy policy, FetchConfig config) {
        this.policy = policy;
        this.config = config;
    }

    /** The refusal the guard would give the URL (its host resolved; every address must pass), or empty. */
    public Optional<String> check(String url, boolean allowPrivate) {
        URI u = URI.create(url);
        String host = u.getHost();
        if (host == null) {
            return Optional.empty();
        }
        int port = port(u);
        boolean privateOk = allowPrivate || config.allowPrivateNetworks();
        try {
            var given = HttpFetcher.configuredEndpoint(config, host);   // where the fetcher connects instead, if anywhere
            if (given.isPresent()) {
                host = given.get().host();
                port = given.get().port();
            }
            Optional<InetAddress> lit = AddressPolicy.literal(host);
            InetAddress[] all = lit.isPresent() ? new InetAddress[] {lit.get()} : InetAddress.getAllByName(host);
            for (InetAddress a : all) {
                AddressPolicy.Decision d = policy.check(a, port, privateOk);
                if (!d.allowed()) {
                    return Optional.of(d.reason());
                }
            }
            return Optional.empty();
        } catch (UnknownHostException e) {
            return Optional.of("its host " + host + " does not resolve here");
        }
    }

    /** As {@link #check} for IP literals and {@code localhost} only (no DNS lookup); empty for any other name. */
    public Optional<String> checkLiteral(String url, boolean allowPrivate) {
        URI u = URI.create(url);
        String host = u.getHost();
        if (host == null) {
            return Optional.empty();
        }
        if (host.equalsIgnoreCase("localhost")) {
            return check(url.replaceFirst("(?i)//localhost", "//127.0.0.1"), allowPrivate);
        }
        return AddressPolicy.literal(host).isPresent() ? check(url, allowPrivate) : Optional.empty();
    }

    private static int port(URI u) {
        return u.getPort() >= 0 ? u.getPort() : "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
    }
}
