package io.trawler.api;

import io.trawler.account.SessionCookieMechanism;
import io.trawler.account.SessionService;
import io.trawler.errors.ApiError;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Cross-site request forgery: a request that changes something and rides on the browser's session cookie (no
 * {@code Authorization} header) must carry the session's CSRF token, in the {@value #HEADER} header (scripts of the
 * UI calling the API) or, for the UI's HTML forms, in the {@value #FIELD} field, which the form's resource checks
 * ({@link io.trawler.ui.UiRequest#verifyCsrf}). Token-authenticated API calls are not affected: a browser never adds
 * an {@code Authorization} header on its own. The session cookie is also {@code SameSite=Strict}.
 */
public class SessionCsrfFilter {

    /** Header carrying the CSRF token. */
    public static final String HEADER = "X-CSRF-Token";
    /** Form field carrying the CSRF token. */
    public static final String FIELD = "_csrf";
    private static final Set<String> SAFE = Set.of("GET", "HEAD", "OPTIONS");

    @ServerRequestFilter(preMatching = true)
    public Optional<Response> check(ContainerRequestContext request) {
        if (SAFE.contains(request.getMethod()) || request.getHeaderString("Authorization") != null) {
            return Optional.empty();
        }
        String cookieHeader = request.getHeaderString("Cookie");
        if (cookieHeader != null && cookieHeader.indexOf(SessionCookieMechanism.COOKIE + "=") != cookieHeader.lastIndexOf(SessionCookieMechanism.COOKIE + "=")) {
            return Optional.of(ErrorMappers.json(403, new ApiError("forbidden", "more than one session cookie", List.of())));
        }
        Cookie session = request.getCookies().get(SessionCookieMechanism.COOKIE);
        if (session == null || session.getValue().isEmpty()) {
            return Optional.empty();
        }
        String header = request.getHeaderString(HEADER);
        if (!request.getUriInfo().getPath().startsWith("/api/")) {
            // the UI's HTML forms (logout): their resources check the field; the login form carries a password instead
            return Optional.empty();
        }
        if (SessionService.sameToken(SessionService.csrfToken(session.getValue()), header)) {
            return Optional.empty();
        }
        return Optional.of(ErrorMappers.json(403, new ApiError("forbidden",
                "a request with the session cookie must carry the page's CSRF token (" + HEADER + ")", List.of())));
    }
}
