package io.trawler.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Talks plain RESP to the Redis on a loopback port, authenticating with the embedded Redis password: whether it is
 * our Redis and where it keeps its data, whether it is ready, and asking it to shut down. The password is only ever
 * sent to a listener owned by this user ({@link ListenerOwner}), so another local user holding the port learns nothing.
 */
final class RedisPing {

    /** {@code answered}: something spoke RESP; {@code ours}: it took our password; {@code dir}: its data directory. */
    record Answer(boolean answered, boolean ours, String dir) {
    }

    private RedisPing() {
    }

    static Answer probe(int port, String password) {
        if (!ListenerOwner.ours(port)) {
            return new Answer(ListenerOwner.listening(port), false, null);
        }
        try (Socket s = connect(port, 1000)) {
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            out.write(command("AUTH", password));
            out.flush();
            String auth = readLine(in);
            if (!auth.startsWith("+OK")) {
                return new Answer(true, false, null);
            }
            out.write(command("CONFIG", "GET", "dir"));
            out.flush();
            String reply = read(in);
            // *2 $3 dir $N <path>
            String[] lines = reply.split("\r\n");
            return new Answer(true, true, lines.length >= 5 ? lines[4] : "");
        } catch (IOException e) {
            return new Answer(false, false, null);
        }
    }

    /** Whether our Redis on a loopback port answers PING with PONG (not while it is still loading its AOF). */
    static boolean ready(int port, String password) {
        if (!ListenerOwner.ours(port)) {
            return false;
        }
        try (Socket s = connect(port, 1000)) {
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            out.write(command("AUTH", password));
            out.write(command("PING"));
            out.flush();
            return readLine(in).startsWith("+OK") && readLine(in).startsWith("+PONG");
        } catch (IOException e) {
            return false;
        }
    }

    /** Asks our Redis on a loopback port to shut down (saving its AOF); quiet when nothing answers. */
    static void shutdown(int port, String password) {
        if (!ListenerOwner.ours(port)) {
            return;
        }
        try (Socket s = connect(port, 10_000)) {
            OutputStream out = s.getOutputStream();
            out.write(command("AUTH", password));
            out.write(command("SHUTDOWN"));
            out.flush();
            InputStream in = s.getInputStream();
            readLine(in);
            in.read();
        } catch (IOException e) {
            // closed by the shutdown, or not running
        }
    }

    private static Socket connect(int port, int readTimeoutMs) throws IOException {
        Socket s = new Socket();
        try {
            s.connect(new InetSocketAddress("127.0.0.1", port), 300);
            s.setSoTimeout(readTimeoutMs);
            return s;
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }

    static byte[] command(String... args) {
        StringBuilder b = new StringBuilder("*").append(args.length).append("\r\n");
        for (String a : args) {
            b.append('$').append(a.getBytes(StandardCharsets.UTF_8).length).append("\r\n").append(a).append("\r\n");
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        int c;
        while ((c = in.read()) >= 0 && c != '\n') {
            if (c != '\r') {
                b.append((char) c);
            }
            if (b.length() > 4096) {
                break;
            }
        }
        return b.toString();
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
