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
            InputStream in = s.getInputStream();
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
