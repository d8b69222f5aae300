package io.trawler.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Asks whatever listens on a loopback port, in plain RESP, whether it is a Redis and where it keeps its data. */
final class RedisPing {

    record Answer(boolean answered, String dir) {
    }

    private RedisPing() {
    }

    static Answer probe(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 300);
            s.setSoTimeout(1000);
            OutputStream out = s.getOutputStream();
            out.write("*3\r\n$6\r\nCONFIG\r\n$3\r\nGET\r\n$3\r\ndir\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String reply = read(s.getInputStream());
            // *2 $3 dir $N <path>
            String[] lines = reply.split("\r\n");
            return new Answer(true, lines.length >= 5 ? lines[4] : "");
        } catch (IOException e) {
            return new Answer(false, null);
        }
    }

    /** Whether the Redis on a loopback port answers PING with PONG (not while it is still loading its AOF). */
    static boolean ready(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 300);
            s.setSoTimeout(1000);
            OutputStream out = s.getOutputStream();
            out.write("*1\r\n$4\r\nPING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            byte[] buf = new byte[64];
            int n = s.getInputStream().read(buf);
            return n > 0 && new String(buf, 0, n, StandardCharsets.US_ASCII).startsWith("+PONG");
        } catch (IOException e) {
            return false;
        }
    }

    /** Asks the Redis on a loopback port to shut down (saving its AOF); quiet when nothing answers. */
    static void shutdown(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 300);
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write("*1\r\n$8\r\nSHUTDOWN\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            s.getInputStream().read();
        } catch (IOException e) {
            // closed by the shutdown, or not running
        }
    }

    private static String read(InputStream in) throws IOException {
        byte[] buf = new byte[4096];
        int n = 0;
        long deadline = System.currentTimeMillis() + 1000;
        while (System.currentTimeMillis() < deadline && n < buf.length) {
            int r = in.read(buf, n, buf.length - n);
            if (r < 0) {
                break;
            }
            n += r;
            String s = new String(buf, 0, n, StandardCharsets.UTF_8);
            if (s.split("\r\n").length >= 5 || s.startsWith("-")) {
                break;
            }
        }
        return new String(buf, 0, n, StandardCharsets.UTF_8);
    }
}
