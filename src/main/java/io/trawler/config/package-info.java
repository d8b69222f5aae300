/**
 * Process-wide configuration: the role of this process, the data directory, API security, and the
 * settings derived from them at start-up. Capability-specific settings live beside their capability
 * ({@code FetchConfig}, {@code FrontierConfig}, {@code WorkerConfig}, …).
 */
package io.trawler.config;
