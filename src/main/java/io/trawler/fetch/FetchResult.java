package io.trawler.fetch;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One HTTP exchange as the crawler saw it. A failed exchange is data too: {@code error} says why,
 * {@code status} is 0. A body cut off at the size cap or the total timeout has {@code truncated} set
 * to {@code length} or {@code time}.
 */
public record FetchResult(String url, int status, String reason, List<Map.Entry<String, String>> headers, byte[] body,
        String truncated, FetchError error, String errorMessage, Instant startedAt, long durationMs) {

    public boolean ok() {
        return error == FetchError.NONE;
    }

    public boolean isRedirect() {
        return ok() && status >= 300 && status < 400 && header("location").isPresent();
    }

    public Optional<String> header(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (Map.Entry<String, String> h : headers) {
            if (h.getKey().toLowerCase(Locale.ROOT).equals(n)) {
                return Optional.of(h.getValue());
            }
        }
        return Optional.empty();
    }

    public String contentType() {
        return header("content-type").orElse("");
    }

    static FetchResult failed(String url, FetchError error, String message, Instant startedAt, long durationMs) {
        return new FetchResult(url, 0, "", List.of(), new byte[0], null, error, message, startedAt, durationMs);
    }
}
