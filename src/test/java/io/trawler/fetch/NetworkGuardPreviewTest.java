package io.trawler.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the scope tester and the site page say of a URL the fetcher's private-network guard would refuse. */
class NetworkGuardPreviewTest {

    /** The fetch settings the guard reads: a private-networks switch and the resolve map. */
    private static FetchConfig config(boolean allowPrivate, Map<String, String> resolve) {
        return (FetchConfig) Proxy.newProxyInstance(FetchConfig.class.getClassLoader(), new Class<?>[] {FetchConfig.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "allowPrivateNetworks" -> allowPrivate;
                    case "resolve" -> resolve;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private static final AddressPolicy POLICY = new AddressPolicy(OwnServices.of(Optional.of("redis://127.0.0.1:6390"), Optional.empty()));

    @Test
    void refusalsAreSaidBeforeTheCrawl() {
        NetworkGuardPreview guard = new NetworkGuardPreview(POLICY, config(false, Map.of()));
        record Case(String url, boolean allowPrivate, String expected) {
        }
        for (Case c : List.of(
                new Case("http://127.0.0.1:8080/", false, "loopback"),
                new Case("http://localhost/", false, "loopback"),
                new Case("http://10.1.2.3/", false, "private"),
                new Case("http://[::1]:8080/", false, "loopback"),
                new Case("http://169.254.169.254/latest/meta-data/", true, "169.254.169.254"),   // cloud metadata: refused either way
                new Case("http://127.0.0.1:6390/", true, "Redis"),                               // this installation's Redis
                new Case("http://127.0.0.1:8080/", true, null),
                new Case("http://93.184.215.14/", false, null))) {
            Optional<String> said = guard.check(c.url(), c.allowPrivate());
            if (c.expected() == null) {
                assertEquals(Optional.empty(), said, c.url());
            } else {
                assertTrue(said.isPresent() && said.get().toLowerCase().contains(c.expected().toLowerCase()), c.url() + ": " + said);
            }
        }
    }

    @Test
    void theSitePageLooksNothingUp() {
        NetworkGuardPreview guard = new NetworkGuardPreview(POLICY, config(false, Map.of()));
        assertTrue(guard.checkLiteral("http://127.0.0.1/", false).isPresent());
        assertTrue(guard.checkLiteral("http://LOCALHOST:8080/x", false).isPresent());
        assertEquals(Optional.empty(), guard.checkLiteral("http://no-such-host.invalid/", false), "a name is left to the tester");
        assertTrue(guard.check("http://no-such-host.invalid/", false).orElseThrow().contains("does not resolve"));
    }

    @Test
    void theSwitchAndTheResolveMapAreTheFetchersOwn() {
        assertEquals(Optional.empty(), new NetworkGuardPreview(POLICY, config(true, Map.of())).check("http://127.0.0.1:8080/", false),
                "trawler.fetch.allow-private-networks lets every crawl through");
        NetworkGuardPreview staged = new NetworkGuardPreview(POLICY, config(false, Map.of("www.example.com", "127.0.0.1:8080")));
        assertTrue(staged.check("http://www.example.com/", false).orElseThrow().contains("127.0.0.1"), "resolved where the fetcher connects");
    }

    @Test
    void everyHostOfARedisClusterIsGuarded() {
        AddressPolicy policy = new AddressPolicy(OwnServices.of(
                Optional.of("redis://10.0.0.5:7101,redis://:secret@10.0.0.6:7102/0, redis://10.0.0.7"), Optional.empty()));
        NetworkGuardPreview guard = new NetworkGuardPreview(policy, config(true, Map.of()));
        for (String url : List.of("http://10.0.0.5:7101/", "http://10.0.0.6:7102/x", "http://10.0.0.7:6379/")) {
            assertTrue(guard.checkLiteral(url, true).orElse("").contains("Redis"), url);
        }
        assertEquals(Optional.empty(), guard.checkLiteral("http://10.0.0.5:8080/", true), "other ports of those hosts stay fetchable");
    }
}
