package io.trawler.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.netpreserve.jwarc.WarcResponse;

/** A stored response's payload as text: its media type and its bytes decoded with the charset it declared (UTF-8 else). */
public record StoredPayload(String mediaType, String text) {

    /** Whether it is HTML. */
    public boolean html() {
        return mediaType.contains("html");
    }

    /** The payload of an HTML or plain-text response (at most {@code maxBytes} of it); empty for other types. */
    public static Optional<StoredPayload> of(WarcResponse response, int maxBytes) throws IOException {
        var http = response.http();
        String type = http.contentType() == null ? "" : http.contentType().base().toString();
        if (!type.contains("html") && !type.startsWith("text/plain")) {
            return Optional.empty();
        }
        byte[] body;
        try (InputStream in = http.body().stream()) {
            body = in.readNBytes(maxBytes);
        }
        return Optional.of(new StoredPayload(type, new String(body, charset(http.contentType().parameters().get("charset")))));
    }

    /** The charset of that name, UTF-8 for none or an unknown one. */
    public static Charset charset(String name) {
        try {
            return name == null ? StandardCharsets.UTF_8 : Charset.forName(name);
        } catch (RuntimeException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
