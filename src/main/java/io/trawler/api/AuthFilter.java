package io.trawler.api;

import io.trawler.config.TrawlerConfig;
import io.trawler.errors.ApiError;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * A worker process serves no API: every REST request gets 404 there. Authentication and rights are Quarkus
 * Security's ({@link io.trawler.account.BearerTokenMechanism}, {@code @RolesAllowed} on every endpoint).
 */
public class AuthFilter {

    private final boolean servesApi;

    public AuthFilter(TrawlerConfig config) {
        this.servesApi = config.role().runsManager();
    }

    @ServerRequestFilter(preMatching = true, priority = Priorities.AUTHENTICATION - 100)
    public Optional<Response> workerServesNoApi(ContainerRequestContext request) {
        if (!servesApi) {
            return Optional.of(ErrorMappers.json(404, new ApiError("not_found", "this process is a worker: the API is served by the manager",
                    List.of())));
        }
        String path = request.getUriInfo().getPath();
        for (int i = 0; i < path.length(); i++) {
            if (path.charAt(i) < 0x20 || path.charAt(i) == 0x7f) {
                // no resource has a control character in its path: never let one reach a database lookup
                return Optional.of(ErrorMappers.json(404, new ApiError("not_found", "no such resource", List.of())));
            }
        }
        return Optional.empty();
    }
}
