package io.trawler.hashing;

/** Decides which of m crawler nodes owns a URL. */
public interface NodeAssignment {

    /** Node index in [0, nodes()) for a normalised URL. */
    int nodeOf(String url);

    int nodes();

    /** A short name for reports. */
    String name();
}
