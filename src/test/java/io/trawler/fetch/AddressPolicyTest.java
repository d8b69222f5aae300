package io.trawler.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AddressPolicyTest {

    private final AddressPolicy policy = new AddressPolicy(List.of(new AddressPolicy.OwnService(null, 6390, "Redis")));

    @ParameterizedTest(name = "{0}:{1} private allowed {2} -> {3}")
    @CsvSource({
            "93.184.216.34, 80, false, true",
            "2606:2800:220:1:248:1893:25c8:1946, 443, false, true",
            "127.0.0.1, 8080, false, false",
            "127.0.0.1, 8080, true, true",
            "127.0.0.2, 6390, true, false",
            "::1, 6390, true, false",
            "10.0.0.1, 80, false, false",
            "10.0.0.1, 80, true, true",
            "172.16.5.4, 80, false, false",
            "172.32.0.1, 80, false, true",
            "192.168.1.1, 80, false, false",
            "100.64.0.1, 80, false, false",
            "100.128.0.1, 80, false, true",
            "169.254.1.1, 80, false, false",
            "169.254.169.254, 80, true, false",
            "169.254.170.2, 80, true, false",
            "0.0.0.0, 80, true, false",
            "224.0.0.1, 80, true, false",
            "255.255.255.255, 80, true, false",
            "::, 80, true, false",
            "ff02::1, 80, true, false",
            "fe80::1, 80, false, false",
            "fc00::1, 80, false, false",
            "fd00:ec2::254, 80, true, false",
            "::ffff:169.254.169.254, 80, true, false",
            "::ffff:10.0.0.1, 80, false, false",
            "64:ff9b::a00:1, 80, false, false",
            "::ffff:0:127.0.0.1, 80, false, false",
            "::ffff:0:169.254.169.254, 80, true, false",
            "2002:a9fe:a9fe::, 80, true, false",
    })
    void decisions(String address, int port, boolean allowPrivate, boolean allowed) throws Exception {
        InetAddress a = InetAddress.getByName(address);
        AddressPolicy.Decision d = policy.check(a, port, allowPrivate);
        assertEquals(allowed, d.allowed(), d.reason());
        if (!allowed) {
            assertTrue(!d.reason().isEmpty());
        }
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
            "2130706433, 127.0.0.1",
            "0x7f000001, 127.0.0.1",
            "0177.0.0.1, 127.0.0.1",
            "127.1, 127.0.0.1",
            "169.254.169.254, 169.254.169.254",
            "[::1], 0:0:0:0:0:0:0:1",
            "example.com, ''",
            "1.2.3.4.5, ''",
            "[evil.com], ''",
            "4294967296, ''",
    })
    void literals(String host, String expected) {
        assertEquals(expected, AddressPolicy.literal(host).map(InetAddress::getHostAddress).orElse(""));
    }
}
