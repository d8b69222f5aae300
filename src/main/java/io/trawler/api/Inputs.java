package io.trawler.api;

import java.util.List;

/** Helpers for what error messages say about the input: never more than {@value #MAX_QUOTE} characters of it. */
public final class Inputs {

    static final int MAX_QUOTE = 200;

    private Inputs() {
    }

    /** The input as a message may quote it: at most 200 characters, then an ellipsis and the full length. */
    public static String quote(Object input) {
        String s = String.valueOf(input);
        if (s.length() <= MAX_QUOTE) {
            return s;
        }
        return s.substring(0, MAX_QUOTE) + "… (" + s.length() + " characters)";
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
