package io.trawler.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/** One HTTP/1.1 exchange over a plain socket, for requests a client library would refuse to send or to finish. */
public final class RawHttp {

    /** Status line, headers and body of an answer. */
    public record Answer(int status, String head, String body) {
    }

    private RawHttp() {
    }

    /** Sends {@code head} (request line and headers, CRLF-separated, without the blank line) and reads the answer. */
    public static Answer exchange(int port, String head) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            s.setSoTimeout(5000);
            OutputStream out = s.getOutputStream();
            out.write((head + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            return read(s.getInputStream());
        }
    }

    /**
     * Sends {@code head} with {@code Transfer-Encoding: chunked}, then a body of {@code bytes} bytes (starting with
     * {@code start}) in 64 KiB chunks, stopping early if the server closes, and reads the answer.
     */
    public static Answer chunked(int port, String head, String start, long bytes) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            s.setSoTimeout(5000);
            OutputStream out = s.getOutputStream();
            try {
                out.write((head + "\r\nTransfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.UTF_8));
                byte[] first = start.getBytes(StandardCharsets.UTF_8);
                out.write((Integer.toHexString(first.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(first);
                out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                byte[] chunk = new byte[64 * 1024];
                java.util.Arrays.fill(chunk, (byte) 'a');
                for (long sent = first.length; sent < bytes; sent += chunk.length) {
                    out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.write(chunk);
                    out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                }
                out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } catch (java.net.SocketException e) {
                // the server answered and closed before the body ended: read what it said
            }
            return read(s.getInputStream());
        }
    }

    private static Answer read(InputStream in) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        try {
            int n;
            while ((n = in.read(buf)) > 0) {
                got.write(buf, 0, n);
                String text = got.toString(StandardCharsets.UTF_8);
                int end = text.indexOf("\r\n\r\n");
                if (end > 0) {
                    int cl = contentLength(text.substring(0, end));
                    if (cl >= 0 && text.length() - end - 4 >= cl) {
                        break;
                    }
                }
            }
        } catch (SocketTimeoutException | java.net.SocketException e) {
            // the server closed or stopped talking: use what arrived
        }
        String text = got.toString(StandardCharsets.UTF_8);
        int end = text.indexOf("\r\n\r\n");
        String h = end < 0 ? text : text.substring(0, end);
        String body = end < 0 ? "" : text.substring(end + 4);
        int status = h.length() >= 12 ? Integer.parseInt(h.substring(9, 12)) : 0;
        return new Answer(status, h, body);
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase().startsWith("content-length:")) {
                return Integer.parseInt(line.substring(15).trim());
            }
        }
        return -1;
    }
}
