/**
 * The browser UI: one small resource per page ({@code SitesPage}, {@code CrawlPage}, {@code PartitionPage}, …)
 * rendering a Qute template under {@code templates/<Page>/}, calling the same services as the REST API. Login with
 * the accounts of {@link io.trawler.account} (a session cookie, {@link io.trawler.account.SessionCookieMechanism});
 * every page checks the same rights as the API, and every form carries the session's CSRF token. Scripts and the
 * stylesheet come from {@code frontend/}, bundled at build time by the web bundler; pages run no inline script and
 * send a strict Content-Security-Policy ({@link UiHeaders}).
 */
package io.trawler.ui;
