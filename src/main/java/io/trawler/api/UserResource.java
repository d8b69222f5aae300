package io.trawler.api;

import io.quarkus.security.Authenticated;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.identity.SecurityIdentity;
import io.trawler.account.AccountService;
import io.trawler.account.ApiToken;
import io.trawler.account.BrowserSession;
import io.trawler.account.LoginThrottle;
import io.trawler.account.Role;
import io.trawler.account.SessionCookieMechanism;
import io.trawler.account.TokenIdentityProvider;
import io.trawler.account.User;
import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import jakarta.annotation.security.RolesAllowed;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Users and their API tokens (API.md, "Users and tokens"): admins manage users; everyone manages their own tokens. */
@Path("/api/v1")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class UserResource {

    static final int MIN_PASSWORD = 12;
    static final int MAX_PASSWORD = 200;
    private static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9._@-]{1,64}");

    /** Body of POST /users and PUT /users/{id}: every field optional on PUT. */
    public record UserRequest(String username, String password, String role, Boolean disabled) {
    }

    /** Body of POST /users/{id}/tokens. */
    public record TokenRequest(String name) {
    }

    public record UserView(String id, String username, String role, boolean disabled, Instant createdAt) {
        static UserView of(User u) {
            return new UserView(u.id, u.username, u.role, u.disabled, u.createdAt);
        }
    }

    /** A token as listed: never its secret. {@code token} is set only in the answer that issues it. */
    public record TokenView(String id, String name, String prefix, Instant createdAt, @Schema(nullable = true) Instant lastUsedAt, @Schema(nullable = true) Instant revokedAt,
            @Schema(nullable = true) String token) {
        static TokenView of(ApiToken t, String secret) {
            return new TokenView(t.id, t.name, t.prefix, t.createdAt, t.lastUsedAt, t.revokedAt, secret);
        }
    }

    /** Body of PUT /me/password. */
    public record PasswordChange(String currentPassword, String newPassword) {
    }

    /** Who the caller is. */
    public record Me(@Schema(nullable = true) String id, String username, @Schema(nullable = true) String role) {
    }

    private final AccountService accounts;
    private final SecurityIdentity identity;
    private final LoginThrottle throttle;

    public UserResource(AccountService accounts, SecurityIdentity identity, LoginThrottle throttle) {
        this.accounts = accounts;
        this.identity = identity;
        this.throttle = throttle;
    }

    @GET
    @Path("/me")
    @Authenticated
    public Me me() {
        Role role = identity.getAttribute(TokenIdentityProvider.ROLE);
        String id = identity.getAttribute(TokenIdentityProvider.USER_ID);
        return new Me(id == null || id.isEmpty() ? null : id, identity.getPrincipal().getName(), role == null ? null : role.apiName());
    }

    /**
     * The caller changes their own password, proving the current one. Wrong guesses count against the same limits as
     * failed logins (so a session left open is no way to try passwords); on success every other browser session of
     * the user ends, the caller's own stays.
     */
    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "204", description = "Changed")
    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "429", description = "Too many wrong passwords: wait Retry-After seconds",
            content = @org.eclipse.microprofile.openapi.annotations.media.Content(mediaType = "application/json",
                    schema = @org.eclipse.microprofile.openapi.annotations.media.Schema(implementation = ApiError.class)))
    @PUT
    @Path("/me/password")
    @Authenticated
    public Response changePassword(PasswordChange body, @jakarta.ws.rs.CookieParam(SessionCookieMechanism.COOKIE) String session,
            @jakarta.ws.rs.core.Context io.vertx.core.http.HttpServerRequest request) {
        String userId = identity.getAttribute(TokenIdentityProvider.USER_ID);
        if (userId == null || userId.isEmpty()) {
            throw new ForbiddenException("the static admin token belongs to no user and has no password");
        }
        if (body == null) {
            throw ApiException.invalid(List.of(new ApiError.Detail("body", "a JSON object with currentPassword and newPassword is required")));
        }
        List<ApiError.Detail> problems = new ArrayList<>();
        if (body.currentPassword() == null || body.currentPassword().isEmpty()) {
            problems.add(new ApiError.Detail("currentPassword", "required"));
        }
        password("newPassword", body.newPassword(), true, problems);
        if (problems.isEmpty() && body.newPassword().equals(body.currentPassword())) {
            problems.add(new ApiError.Detail("newPassword", "must differ from the current password"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        String username = identity.getPrincipal().getName();
        String address = request == null || request.remoteAddress() == null ? "" : request.remoteAddress().hostAddress();
        long wait = throttle.attempt(username, address, System.currentTimeMillis());
        if (wait > 0) {
            long seconds = (wait + 999) / 1000;
            throw new ApiException(429, "too_many_attempts", "too many wrong passwords: try again in " + seconds + " s", List.of());
        }
        if (accounts.byPassword(username, body.currentPassword()).isEmpty()) {
            throw ApiException.invalid(List.of(new ApiError.Detail("currentPassword", "does not match your password")));
        }
        throttle.succeeded(username, address);
        accounts.changeOwnPassword(userId, body.newPassword(), session);
        return Response.noContent().build();
    }

    @GET
    @Path("/users")
    @RolesAllowed(Role.Rights.ADMIN)
    public List<UserView> list() {
        return User.<User>list("order by createdAt").stream().map(UserView::of).toList();
    }

    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "201", description = "The user, created",
            content = @org.eclipse.microprofile.openapi.annotations.media.Content(mediaType = "application/json",
                    schema = @org.eclipse.microprofile.openapi.annotations.media.Schema(implementation = UserView.class)))
    @POST
    @Path("/users")
    @RolesAllowed(Role.Rights.ADMIN)
    @Transactional
    public Response create(UserRequest body) {
        List<ApiError.Detail> problems = new ArrayList<>();
        if (body == null) {
            throw ApiException.invalid(List.of(new ApiError.Detail("body", "a JSON object with username, password and role is required")));
        }
        username(body.username(), true, problems);
        password("password", body.password(), true, problems);
        Role role = role(body.role(), true, problems);
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        if (User.byName(body.username()).isPresent()) {
            throw ApiException.conflict("user name " + Inputs.quote(body.username()) + " is taken");
        }
        User u = accounts.createUser(body.username(), body.password(), role);
        if (Boolean.TRUE.equals(body.disabled())) {
            u.disabled = true;
        }
        return Response.status(201).entity(UserView.of(u)).build();
    }

    @GET
    @Path("/users/{id}")
    @RolesAllowed(Role.Rights.ADMIN)
    public UserView get(@PathParam("id") String id) {
        return UserView.of(find(id));
    }

    @PUT
    @Path("/users/{id}")
    @RolesAllowed(Role.Rights.ADMIN)
    @Transactional
    public UserView update(@PathParam("id") String id, UserRequest body) {
        User u = find(id);
        if (body == null) {
            throw ApiException.invalid(List.of(new ApiError.Detail("body", "a JSON object is required")));
        }
        List<ApiError.Detail> problems = new ArrayList<>();
        if (body.username() != null && !body.username().equals(u.username)) {
            problems.add(new ApiError.Detail("username", "cannot be changed"));
        }
        password("password", body.password(), false, problems);
        Role role = role(body.role(), false, problems);
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        boolean demotes = (role != null && role != Role.ADMIN) || Boolean.TRUE.equals(body.disabled());
        if (demotes && Role.ADMIN.apiName().equals(u.role) && !u.disabled && otherActiveAdmins(u) == 0) {
            throw ApiException.conflict("user " + u.username + " is the last active admin");
        }
        if (body.password() != null) {
            accounts.setPassword(u, body.password());
            BrowserSession.delete("userId", u.id);   // a new password ends every browser session
        }
        if (role != null) {
            u.role = role.apiName();
        }
        if (body.disabled() != null) {
            u.disabled = body.disabled();
        }
        return UserView.of(u);
    }

    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "204", description = "Deleted")
    @DELETE
    @Path("/users/{id}")
    @RolesAllowed(Role.Rights.ADMIN)
    @Transactional
    public Response delete(@PathParam("id") String id) {
        User u = find(id);
        if (Role.ADMIN.apiName().equals(u.role) && !u.disabled && otherActiveAdmins(u) == 0) {
            throw ApiException.conflict("user " + u.username + " is the last active admin");
        }
        ApiToken.delete("userId", u.id);
        BrowserSession.delete("userId", u.id);
        u.delete();
        return Response.noContent().build();
    }

    @GET
    @Path("/users/{id}/tokens")
    @Authenticated
    public List<TokenView> tokens(@PathParam("id") String id) {
        User u = findOwnOrAdmin(id);
        return ApiToken.ofUser(u.id).stream().map(t -> TokenView.of(t, null)).toList();
    }

    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "201", description = "The token, shown this once",
            content = @org.eclipse.microprofile.openapi.annotations.media.Content(mediaType = "application/json",
                    schema = @org.eclipse.microprofile.openapi.annotations.media.Schema(implementation = TokenView.class)))
    @POST
    @Path("/users/{id}/tokens")
    @Authenticated
    @Transactional
    public Response issue(@PathParam("id") String id, @org.eclipse.microprofile.openapi.annotations.parameters.RequestBody(required = false) TokenRequest body) {
        User u = findOwnOrAdmin(id);
        String name = body == null || body.name() == null ? "" : body.name().trim();
        if (name.isEmpty() || name.length() > 100) {
            throw ApiException.invalid(List.of(new ApiError.Detail("name", "required, at most 100 characters")));
        }
        AccountService.IssuedToken issued = accounts.issueToken(u, name);
        return Response.status(201).entity(TokenView.of(issued.stored(), issued.token())).build();
    }

    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "204", description = "Revoked")
    @DELETE
    @Path("/users/{id}/tokens/{tokenId}")
    @Authenticated
    @Transactional
    public Response revoke(@PathParam("id") String id, @PathParam("tokenId") String tokenId) {
        User u = findOwnOrAdmin(id);
        ApiToken t = ApiToken.findById(tokenId);
        if (t == null || !t.userId.equals(u.id)) {
            throw ApiException.notFound("token", tokenId);
        }
        if (t.revokedAt == null) {
            t.revokedAt = Instant.now();
        }
        return Response.noContent().build();
    }

    private User findOwnOrAdmin(String id) {
        boolean admin = identity.hasRole(Role.Rights.ADMIN);
        if (!admin && !id.equals(identity.getAttribute(TokenIdentityProvider.USER_ID))) {
            throw new ForbiddenException("only admins manage the tokens of other users");
        }
        return find(id);
    }

    /** Active admins other than {@code u}, counted with their rows locked, so two admins cannot demote each other at once. */
    private static long otherActiveAdmins(User u) {
        return User.<User>find("role = ?1 and disabled = false", Role.ADMIN.apiName())
                .withLock(jakarta.persistence.LockModeType.PESSIMISTIC_WRITE).list().stream().filter(a -> !a.id.equals(u.id)).count();
    }

    private static User find(String id) {
        User u = User.findById(id);
        if (u == null) {
            throw ApiException.notFound("user", Inputs.quote(id));
        }
        return u;
    }

    private static void username(String v, boolean required, List<ApiError.Detail> problems) {
        if (v == null) {
            if (required) {
                problems.add(new ApiError.Detail("username", "required"));
            }
        } else if (!USERNAME.matcher(v).matches()) {
            problems.add(new ApiError.Detail("username", "1 to 64 letters, digits, '.', '_', '@' or '-'"));
        }
    }

    private static void password(String field, String v, boolean required, List<ApiError.Detail> problems) {
        if (v == null) {
            if (required) {
                problems.add(new ApiError.Detail(field, "required"));
            }
        } else if (v.length() < MIN_PASSWORD || v.length() > MAX_PASSWORD) {
            problems.add(new ApiError.Detail(field, "between " + MIN_PASSWORD + " and " + MAX_PASSWORD + " characters"));
        }
    }

    private static Role role(String v, boolean required, List<ApiError.Detail> problems) {
        if (v == null) {
            if (required) {
                problems.add(new ApiError.Detail("role", "required: admin, editor or search"));
            }
            return null;
        }
        Role r = Role.parse(v).orElse(null);
        if (r == null) {
            problems.add(new ApiError.Detail("role", "must be admin, editor or search, got " + Inputs.quote(v)));
        }
        return r;
    }
}
