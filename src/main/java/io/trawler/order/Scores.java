package io.trawler.order;

/** Builders of the frontier's score arguments (see {@link OrderingStrategy}). */
public final class Scores {

    public static final String FIFO = "fifo";
    public static final String LIFO = "lifo";

    private Scores() {
    }

    /** {@code priority} first (lowest first), discovery order among equals. */
    public static String ranked(long priority) {
        return "s:" + priority;
    }

    /** A weight: the higher, the sooner (the frontier stores minus the weight). */
    public static String weight(double weight) {
        return Double.toString(-weight);
    }
}
