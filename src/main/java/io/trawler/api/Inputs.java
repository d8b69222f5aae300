package io.trawler.api;

import io.trawler.config.Text;
import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import java.util.List;

/** Helpers for what error messages say about the input: never more than {@value #MAX_QUOTE} characters of it. */
public final class Inputs {

    static final int MAX_QUOTE = Text.MAX_QUOTE;

    private Inputs() {
    }

    /** The input as a message may quote it (see {@link Text#quote}). */
    public static String quote(Object input) {
        return Text.quote(input);
    }

    /** A query parameter that must be an integer within [min, max]; 400 naming the parameter otherwise. */
    public static int intParam(String name, String value, int defaultValue, int min, int max) {
        long v = longParam(name, value, defaultValue, min, max);
        return (int) v;
    }

    /** A query parameter that must be a whole number within [min, max]; 400 naming the parameter otherwise. */
    public static long longParam(String name, String value, long defaultValue, long min, long max) {
        if (value == null || value.isEmpty()) {
            return defaultValue;
        }
        long v;
        try {
            v = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw ApiException.invalid(List.of(new ApiError.Detail(name, "must be a whole number, got " + quote(value))));
        }
        if (v < min || v > max) {
            throw ApiException.invalid(List.of(new ApiError.Detail(name, "must be between " + min + " and " + max)));
        }
        return v;
    }

    /** A query parameter that must be a number within [min, max], or null when absent. */
    public static Double doubleParam(String name, String value, double min, double max) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        double v;
        try {
            v = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw ApiException.invalid(List.of(new ApiError.Detail(name, "must be a number, got " + quote(value))));
        }
        if (!(v >= min && v <= max)) {
            throw ApiException.invalid(List.of(new ApiError.Detail(name, "must be between " + min + " and " + max)));
        }
        return v;
    }
}
