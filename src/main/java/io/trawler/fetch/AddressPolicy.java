package io.trawler.fetch;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;

/**
 * Which addresses a fetch may connect to, decided on the resolved address that the connection then uses (so a
 * DNS answer cannot change between the check and the connect). Refused always: unspecified, multicast, broadcast and
 * reserved addresses, cloud metadata endpoints (AWS, ECS, GCP, Azure's metadata and WireServer, Alibaba, Oracle),
 * and this installation's own services (its Redis, its database).
 * Refused unless private networks are allowed (globally or for the site, by an admin): loopback, RFC 1918 private,
 * link-local, CGNAT (100.64/10), IPv6 unique-local and site-local, benchmarking and documentation ranges. IPv6
 * forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by that address.
 */
public final class AddressPolicy {

    /** A decision: allowed, or refused with the reason a page record shows. */
    public record Decision(boolean allowed, String reason) {
        static final Decision ALLOW = new Decision(true, "");

        static Decision refuse(String reason) {
            return new Decision(false, reason);
        }
    }

    /** A service of this installation that no crawl may reach: an address (null: any loopback address) and port. */
    public record OwnService(InetAddress address, int port, String name) {
        boolean matches(InetAddress a, int p) {
            return p == port && (address == null ? a.isLoopbackAddress() : address.equals(a));
        }
    }

    private final List<OwnService> ownServices;

    public AddressPolicy(List<OwnService> ownServices) {
        this.ownServices = List.copyOf(ownServices);
    }

    public static AddressPolicy none() {
        return new AddressPolicy(List.of());
    }

    public Decision check(InetAddress address, int port, boolean allowPrivate) {
        InetAddress judged = embeddedIpv4(address).orElse(address);
        for (OwnService s : ownServices) {
            if (s.matches(address, port) || s.matches(judged, port)) {
                return Decision.refuse(address.getHostAddress() + ":" + port + " is this installation's " + s.name());
            }
        }
        String forbidden = forbidden(judged);
        if (forbidden != null) {
            return Decision.refuse(address.getHostAddress() + " is " + forbidden);
        }
        String priv = privateKind(judged);
        if (priv != null && !allowPrivate) {
            return Decision.refuse(address.getHostAddress() + " is " + priv + " (private networks are not allowed for this site)");
        }
        return Decision.ALLOW;
    }

    private static String forbidden(InetAddress a) {
        byte[] b = a.getAddress();
        if (a.isAnyLocalAddress()) {
            return "the unspecified address";
        }
        if (a.isMulticastAddress()) {
            return "a multicast address";
        }
        if (a instanceof Inet4Address) {
            int o0 = b[0] & 0xff;
            if (o0 == 0) {
                return "in 0.0.0.0/8 (this network)";
            }
            if (o0 >= 240) {
                return "a reserved or broadcast address";
            }
            String s = a.getHostAddress();
            if (s.equals("169.254.169.254") || s.equals("169.254.170.2") || s.equals("100.100.100.200") || s.equals("169.254.169.123")
                    || s.equals("168.63.129.16") || s.equals("192.0.0.192")) {
                return "a cloud metadata endpoint";
            }
            return null;
        }
        String s = a.getHostAddress();
        if (s.equals("fd00:ec2:0:0:0:0:0:254") || s.equals("fd20:ce:0:0:0:0:0:254")) {
            return "a cloud metadata endpoint";
        }
        return null;
    }

    private static String privateKind(InetAddress a) {
        byte[] b = a.getAddress();
        if (a.isLoopbackAddress()) {
            return "a loopback address";
        }
        if (a.isLinkLocalAddress()) {
            return "a link-local address";
        }
        if (a instanceof Inet4Address) {
            int o0 = b[0] & 0xff;
            int o1 = b[1] & 0xff;
            int o2 = b[2] & 0xff;
            if (o0 == 10 || (o0 == 172 && o1 >= 16 && o1 <= 31) || (o0 == 192 && o1 == 168)) {
                return "a private (RFC 1918) address";
            }
            if (o0 == 100 && o1 >= 64 && o1 <= 127) {
                return "a carrier-grade NAT address";
            }
            if ((o0 == 192 && o1 == 0 && o2 == 0) || (o0 == 198 && (o1 == 18 || o1 == 19)) || (o0 == 192 && o1 == 0 && o2 == 2)
                    || (o0 == 198 && o1 == 51 && o2 == 100) || (o0 == 203 && o1 == 0 && o2 == 113)) {
                return "a special-purpose address";
            }
            return null;
        }
        if ((b[0] & 0xfe) == 0xfc) {
            return "a unique-local address";
        }
        if ((b[0] & 0xff) == 0xfe && (b[1] & 0xc0) == 0xc0) {
            return "a site-local address";
        }
        if ((b[0] & 0xff) == 0x20 && (b[1] & 0xff) == 0x01 && (b[2] & 0xff) == 0x0d && (b[3] & 0xff) == 0xb8) {
            return "a documentation address";
        }
        return null;
    }

    private static boolean zero(byte[] b, int n) {
        for (int i = 0; i < n; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The IPv4 address an IPv6 address carries (mapped, compatible, translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96, 6to4
     * 2002::/16), if any.
     */
    static Optional<InetAddress> embeddedIpv4(InetAddress a) {
        if (!(a instanceof Inet6Address)) {
            return Optional.empty();
        }
        byte[] b = a.getAddress();
        boolean zero80 = true;
        for (int i = 0; i < 10; i++) {
            zero80 &= b[i] == 0;
        }
        byte[] v4 = null;
        if (zero80 && ((b[10] == (byte) 0xff && b[11] == (byte) 0xff) || (b[10] == 0 && b[11] == 0 && !a.isLoopbackAddress()
                && !a.isAnyLocalAddress()))) {
            v4 = new byte[] {b[12], b[13], b[14], b[15]};
        } else if (zero(b, 8) && b[8] == (byte) 0xff && b[9] == (byte) 0xff && b[10] == 0 && b[11] == 0) {
            v4 = new byte[] {b[12], b[13], b[14], b[15]};   // IPv4-translated ::ffff:0:a.b.c.d (RFC 2765)
        } else if (b[0] == 0x00 && b[1] == 0x64 && b[2] == (byte) 0xff && b[3] == (byte) 0x9b) {
            v4 = new byte[] {b[12], b[13], b[14], b[15]};
        } else if (b[0] == 0x20 && b[1] == 0x02) {
            v4 = new byte[] {b[2], b[3], b[4], b[5]};
        }
        try {
            return v4 == null ? Optional.empty() : Optional.of(InetAddress.getByAddress(v4));
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    /**
     * The address an IP literal host names, without any DNS lookup: dotted IPv4, bracketed IPv6, and the legacy
     * inet_aton forms some resolvers accept ({@code 2130706433}, {@code 0x7f000001}, {@code 0177.0.0.1},
     * {@code 127.1}). Empty when the host is a name.
     */
    public static Optional<InetAddress> literal(String host) {
        try {
            if (host.startsWith("[") && host.endsWith("]")) {
                String inner = host.substring(1, host.length() - 1);
                // only hex digits, colons and dots: never a name that InetAddress would look up
                return inner.matches("[0-9a-fA-F:.]+") ? Optional.of(InetAddress.getByName(inner)) : Optional.empty();
            }
            String[] parts = host.split("\\.", -1);
            if (parts.length == 0 || parts.length > 4) {
                return Optional.empty();
            }
            long[] v = new long[parts.length];
            for (int i = 0; i < parts.length; i++) {
                String p = parts[i];
                if (p.isEmpty()) {
                    return Optional.empty();
                }
                int radix = 10;
                if (p.length() > 1 && (p.startsWith("0x") || p.startsWith("0X"))) {
                    radix = 16;
                    p = p.substring(2);
                } else if (p.length() > 1 && p.startsWith("0")) {
                    radix = 8;
                    p = p.substring(1);
                }
                if (p.isEmpty() || p.length() > 12) {
                    return Optional.empty();
                }
                try {
                    v[i] = Long.parseLong(p, radix);
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
            }
            long value = 0;
            for (int i = 0; i < v.length - 1; i++) {
                if (v[i] > 255) {
                    return Optional.empty();
                }
                value |= v[i] << (24 - 8 * i);
            }
            long last = v[v.length - 1];
            if (last >= 1L << (8 * (5 - v.length))) {
                return Optional.empty();
            }
            value |= last;
            return Optional.of(InetAddress.getByAddress(new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8),
                    (byte) value}));
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }
}
