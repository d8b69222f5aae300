package io.trawler.ui;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.trawler.account.AccountService;
import io.trawler.account.LoginThrottle;
import io.trawler.account.SessionCookieMechanism;
import io.trawler.account.SessionService;
import io.trawler.config.TrawlerConfig;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;

/**
 * Log in with a user name and password (bcrypt-checked by {@link AccountService}); a session cookie (HttpOnly,
 * SameSite=Strict, Secure over HTTPS) then carries the browser. Log out ends the session on the server.
 */
@Path("/")
@PermitAll
public class LoginPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance login(String next, String username, String error);
    }

    private final AccountService accounts;
    private final SessionService sessions;
    private final UiRequest ui;
    private final LoginThrottle throttle;
    private final java.util.Optional<Boolean> secureCookie;

    public LoginPage(AccountService accounts, SessionService sessions, UiRequest ui, LoginThrottle throttle,
            TrawlerConfig config) {
        this.accounts = accounts;
        this.sessions = sessions;
        this.ui = ui;
        this.throttle = throttle;
        this.secureCookie = config.security().secureCookie();
    }

    @GET
    @Path("login")
    @Produces(MediaType.TEXT_HTML)
    public Response form(@QueryParam("next") String next) {
        if (ui.isLoggedIn()) {
            return Response.seeOther(URI.create(safeNext(next))).build();
        }
        return Response.ok(Templates.login(safeNext(next), "", null).render()).build();
    }

    @POST
    @Path("login")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public Response login(MultivaluedMap<String, String> form, @HeaderParam("Origin") String origin,
            @HeaderParam("Sec-Fetch-Site") String fetchSite, @CookieParam(SessionCookieMechanism.COOKIE) String previous, UriInfo uri,
            @jakarta.ws.rs.core.Context io.vertx.core.http.HttpServerRequest request) {
        String username = trim(form.getFirst("username"), 64);
        String password = trim(form.getFirst("password"), 200);
        String next = safeNext(form.getFirst("next"));
        // login CSRF: a browser says where the form came from; anything but this site is refused (a sandboxed
        // frame sends Origin "null"); a client without those headers is not a browser riding on a cookie
        boolean foreign = origin != null ? !sameOrigin(origin, uri)
                : fetchSite != null && !fetchSite.equals("same-origin") && !fetchSite.equals("none");
        if (foreign) {
            return Response.status(403).entity(Templates.login(next, username, "This form was sent from another site.").render()).build();
        }
        String address = request == null || request.remoteAddress() == null ? "" : request.remoteAddress().hostAddress();
        long now = System.currentTimeMillis();
        long wait = throttle.attempt(username, address, now);
        if (wait > 0) {
            return Response.status(429).header("Retry-After", Long.toString((wait + 999) / 1000))
                    .entity(Templates.login(next, username, "Too many failed logins: try again in " + ((wait + 999) / 1000) + " s.").render())
                    .build();
        }
        var account = username.isEmpty() || password.isEmpty() ? java.util.Optional.<AccountService.Account>empty()
                : accounts.byPassword(username, password);
        if (account.isEmpty()) {
            return Response.status(401).entity(Templates.login(next, username, "Wrong user name or password.").render()).build();
        }
        throttle.succeeded(username, address);
        String secret = sessions.open(account.get(), previous);
        return Response.seeOther(URI.create(next)).cookie(cookie(secret, (int) sessions.maxAge().toSeconds(), uri)).build();
    }

    @POST
    @Path("logout")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response logout(MultivaluedMap<String, String> form, @CookieParam(SessionCookieMechanism.COOKIE) String secret, UriInfo uri) {
        ui.verifyCsrf(form);
        sessions.close(secret);
        return Response.seeOther(URI.create("/login")).cookie(cookie("", 0, uri)).build();
    }

    private NewCookie cookie(String value, int maxAge, UriInfo uri) {
        boolean secure = secureCookie.orElse("https".equals(uri.getRequestUri().getScheme()));
        return new NewCookie.Builder(SessionCookieMechanism.COOKIE).value(value).path("/").maxAge(maxAge).httpOnly(true)
                .secure(secure).sameSite(NewCookie.SameSite.STRICT).build();
    }

    /** Only a path of this UI is a place to go back to after login (no open redirect). */
    static String safeNext(String next) {
        if (next == null || !next.startsWith("/ui") || next.startsWith("//") || next.contains("\\") || next.length() > 2000) {
            return "/ui";
        }
        try {
            URI u = new URI(next);
            return u.getScheme() == null && u.getRawAuthority() == null ? next : "/ui";
        } catch (java.net.URISyntaxException e) {
            return "/ui";
        }
    }

    private static boolean sameOrigin(String origin, UriInfo uri) {
        URI base = uri.getBaseUri();
        try {
            URI o = URI.create(origin);
            return base.getHost() != null && base.getHost().equalsIgnoreCase(o.getHost()) && base.getPort() == o.getPort()
                    && base.getScheme() != null && base.getScheme().equalsIgnoreCase(o.getScheme());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static String trim(String s, int max) {
        if (s == null) {
            return "";
        }
        s = s.trim();
        return s.length() > max ? s.substring(0, max) : s;
    }
}
