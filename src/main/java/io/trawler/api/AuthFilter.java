package io.trawler.api;

import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/** Every API request needs {@code Authorization: Bearer <admin token>}, checked before routing; anything else gets 401. */
public class AuthFilter {

    private final jakarta.enterprise.inject.Instance<AdminToken> adminToken;
    private final boolean servesApi;

    public AuthFilter(jakarta.enterprise.inject.Instance<AdminToken> adminToken, io.trawler.config.TrawlerConfig config) {
        this.adminToken = adminToken;
        this.servesApi = config.role().runsManager();
    }

    @ServerRequestFilter(preMatching = true, priority = Priorities.AUTHENTICATION)
    public Optional<Response> authenticate(ContainerRequestContext request) {
        // every REST request needs the token (the /q endpoints are not REST resources and are not filtered);
        // no path test, so that no spelling of a path (//api, /./api) can slip past
        if (!servesApi) {
            return Optional.of(ErrorMappers.json(404, new ApiError("not_found", "this process is a worker: the API is served by the manager",
                    List.of())));
        }
        String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (header != null && header.regionMatches(true, 0, "Bearer ", 0, 7) && adminToken.get().matches(header.substring(7).trim())) {
            return Optional.empty();
        }
        String message = header == null ? "missing Authorization: Bearer <token> header" : "invalid token";
        return Optional.of(Response.fromResponse(ErrorMappers.json(401, new ApiError("unauthorized", message, List.of())))
                .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"trawler\"").build());
    }
}
