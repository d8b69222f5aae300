package io.trawler.fetch;

/** Why a fetch produced no HTTP response. */
public enum FetchError {
    /** A response arrived (possibly truncated). */
    NONE,
    /** The connection could not be opened (refused, unreachable, DNS). */
    CONNECT,
    /** No data within the idle timeout, or nothing at all within the total timeout. */
    TIMEOUT,
    /** The connection broke while the response was arriving. */
    RESET,
    /** The URL could not be requested (bad syntax, unsupported scheme). */
    INVALID,
    /** The address the host resolved to is not one crawls may reach ({@link AddressPolicy}); never retried. */
    BLOCKED,
    /** Cut off because its crawl ended and the fetch outlived the stop grace; recorded, never retried. */
    STOPPED
}
