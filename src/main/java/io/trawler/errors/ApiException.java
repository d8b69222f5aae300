package io.trawler.errors;

import io.trawler.config.Text;
import java.util.List;

/** A request the API refuses: mapped to {@link ApiError} with its status. Thrown before anything changes. */
public class ApiException extends RuntimeException {

    private final int status;
    private final String code;
    private final List<ApiError.Detail> details;
    /** Seconds after which the client may try again (a {@code Retry-After} header), or null. */
    private Integer retryAfter;

    public ApiException(int status, String code, String message, List<ApiError.Detail> details) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.details = details;
    }

    public static ApiException invalid(List<ApiError.Detail> details) {
        return new ApiException(400, "invalid_request", details.size() == 1 ? details.get(0).field() + ": " + details.get(0).message()
                : details.size() + " problems with the request", details);
    }

    public static ApiException notFound(String what, String id) {
        return new ApiException(404, "not_found", "no " + what + " with id " + Text.quote(id), List.of());
    }

    public static ApiException conflict(String message) {
        return new ApiException(409, "conflict", message, List.of());
    }

    /** The same refusal, answered with {@code Retry-After: seconds}. */
    public ApiException retryAfter(int seconds) {
        this.retryAfter = seconds;
        return this;
    }

    public Integer retryAfterSeconds() {
        return retryAfter;
    }

    public int status() {
        return status;
    }

    public ApiError body() {
        return new ApiError(code, getMessage(), details);
    }
}
