/**
 * Process-wide configuration: the role of this process, the data directory, API security, and the
 * settings derived from them at start-up, and the small helpers every package may use: random secrets and
 * private files ({@link io.trawler.config.Secrets}), text as databases and messages take it ({@link io.trawler.config.Text}). Capability-specific settings live beside their capability
 * ({@code FetchConfig}, {@code FrontierConfig}, {@code WorkerConfig}, …).
 */
package io.trawler.config;
