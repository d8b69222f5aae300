package io.trawler.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Who owns the socket listening on a loopback TCP port, from Linux's {@code /proc/net/tcp} and {@code tcp6}: the
 * embedded Redis password is sent only to a listener of this user. Where {@code /proc} is not there (not Linux),
 * every listener counts as ours.
 */
final class ListenerOwner {

    private static final String LISTEN = "0A";

    private ListenerOwner() {
    }

    /** Whether the listener on the port belongs to this process's user (true when nothing tells). */
    static boolean ours(int port) {
        Integer me = myUid();
        if (me == null) {
            return true;
        }
        Integer owner = ownerOf(port);
        return owner == null || owner.equals(me);
    }

    /** Whether anything listens on the port, by /proc (or by nothing known: false). */
    static boolean listening(int port) {
        return ownerOf(port) != null;
    }

    private static Integer ownerOf(int port) {
        String hexPort = String.format(Locale.ROOT, ":%04X", port);
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path p = Path.of(table);
            if (!Files.isReadable(p)) {
                continue;
            }
            try {
                for (String line : Files.readAllLines(p)) {
                    String[] f = line.trim().split("\\s+");
                    // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid ...
                    if (f.length > 7 && f[1].endsWith(hexPort) && f[3].equals(LISTEN)) {
                        return Integer.parseInt(f[7]);
                    }
                }
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }
        return null;
    }

    private static Integer myUid() {
        try {
            Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            return uid instanceof Integer i ? i : null;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return null;
        }
    }
}
