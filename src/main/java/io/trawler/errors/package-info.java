/**
 * The errors a request gets: {@link io.trawler.errors.ApiException} (status, code, message, the fields that are
 * wrong) in the JSON shape of {@link io.trawler.errors.ApiError}. Query services and REST resources throw them alike,
 * so the API and the UI refuse the same input the same way; {@code api.ErrorMappers} writes them (JSON for the API, an
 * error page for the UI). Depends on no other Trawler package but {@code config}.
 */
package io.trawler.errors;
