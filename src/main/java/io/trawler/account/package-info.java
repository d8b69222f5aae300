/**
 * Accounts: users with one role each ({@link io.trawler.account.Role}), bcrypt password hashes for the browser login,
 * per-user API tokens stored only as hashes, the bearer-token authentication of the API, and the first admin
 * created at first start.
 */
package io.trawler.account;
