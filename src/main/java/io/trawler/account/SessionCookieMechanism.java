package io.trawler.account;

import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.security.identity.request.BaseAuthenticationRequest;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpCredentialTransport;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.Cookie;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;

/**
 * The browser's session cookie ({@value #COOKIE}). A request without it, or with one of an ended session, stays
 * anonymous (the UI then sends the browser to the login page). It never sends a challenge itself: API requests get
 * the bearer mechanism's JSON 401, UI pages their redirect.
 */
@ApplicationScoped
public class SessionCookieMechanism implements HttpAuthenticationMechanism {

    /** Name of the session cookie. */
    public static final String COOKIE = "trawler_session";
    /** Identity attribute holding the session's CSRF token. */
    public static final String CSRF = "trawler.csrf";

    /** The cookie's secret, for {@link Provider}. */
    public static final class SessionRequest extends BaseAuthenticationRequest {
        final String secret;

        SessionRequest(String secret) {
            this.secret = secret;
        }
    }

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identityProviderManager) {
        // Vert.x's cookie jar keeps one cookie per name (request cookies have no domain or path), so the raw headers
        // are counted: two session cookies (one planted by a sibling site) authenticate nobody
        Cookie cookie = context.request().getCookie(COOKIE);
        if (sessionCookies(context.request().headers().getAll("Cookie")) != 1 || cookie == null || cookie.getValue().isEmpty()
                || context.request().getHeader("Authorization") != null) {
            return Uni.createFrom().optional(java.util.Optional.empty());
        }
        // an ended session is not an error: the request goes on as anonymous
        return identityProviderManager.authenticate(new SessionRequest(cookie.getValue())).onFailure().recoverWithNull();
    }

    /** How many cookies named {@value #COOKIE} the request's Cookie headers carry. */
    public static int sessionCookies(java.util.List<String> cookieHeaders) {
        int n = 0;
        for (String header : cookieHeaders) {
            // split as Netty's cookie decoders read a header: ';' and ',' separate cookies, and spaces, tabs and
            // commas before a name are skipped (so ",trawler_session=x" is a session cookie too)
            for (String part : header.split("[;,]")) {
                int eq = part.indexOf('=');
                String name = (eq < 0 ? part : part.substring(0, eq)).replaceAll("^[\\s,;]+|\\s+$", "");
                if (name.equalsIgnoreCase(COOKIE)) {
                    n++;
                }
            }
        }
        return n;
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().nullItem();
    }

    @Override
    public Uni<Boolean> sendChallenge(RoutingContext context) {
        return Uni.createFrom().item(false);
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(SessionRequest.class);
    }

    @Override
    public Uni<HttpCredentialTransport> getCredentialTransport(RoutingContext context) {
        return Uni.createFrom().item(new HttpCredentialTransport(HttpCredentialTransport.Type.COOKIE, COOKIE));
    }

    @Override
    public int getPriority() {
        // below the bearer mechanism, whose JSON challenge answers API requests
        return DEFAULT_PRIORITY - 100;
    }

    /** Looks the session up (off the event loop) and gives its user's identity, with the session's CSRF token. */
    @ApplicationScoped
    public static class Provider implements IdentityProvider<SessionRequest> {
        private final SessionService sessions;

        public Provider(SessionService sessions) {
            this.sessions = sessions;
        }

        @Override
        public Class<SessionRequest> getRequestType() {
            return SessionRequest.class;
        }

        @Override
        public Uni<SecurityIdentity> authenticate(SessionRequest request, AuthenticationRequestContext context) {
            return context.runBlocking(() -> sessions.find(request.secret)
                    .map(s -> (SecurityIdentity) QuarkusSecurityIdentity.builder(TokenIdentityProvider.identity(s.account()))
                            .addAttribute(CSRF, s.csrfToken()).build())
                    .orElse(null));
        }
    }
}
