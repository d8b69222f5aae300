/**
 * The public HTTP API under {@code /api/v1} (../shared/API.md): resources, request and response
 * records, request validation, bearer-token authentication and the uniform error body.
 */
package io.trawler.api;
