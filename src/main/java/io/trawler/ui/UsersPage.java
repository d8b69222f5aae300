package io.trawler.ui;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.trawler.account.ApiToken;
import io.trawler.account.Role;
import io.trawler.account.User;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * Users and tokens (admins): the list of users with their tokens; creating users, changing roles, disabling,
 * issuing tokens (shown once) and revoking them go through the users API from the page's script.
 */
@Path("/ui/users")
@Produces(MediaType.TEXT_HTML)
public class UsersPage {

    /** A user with their tokens. */
    public record Account(User user, List<ApiToken> tokens) {
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance users(List<Account> accounts, List<String> roles);
    }

    @GET
    @RolesAllowed(Role.Rights.ADMIN)
    public String users() {
        return QuarkusTransaction.requiringNew().call(() -> {
            List<Account> accounts = User.<User>list("order by createdAt").stream().map(u -> new Account(u, ApiToken.ofUser(u.id))).toList();
            return Templates.users(accounts, List.of("admin", "editor", "search")).render();
        });
    }
}
