package io.trawler.errors;

import java.util.List;

/** The body of every error response: a stable code, a sentence for people, and per-field details. */
public record ApiError(String error, String message, List<Detail> details) {

    /** One problem with one field of the request. */
    public record Detail(String field, String message) {
    }
}
