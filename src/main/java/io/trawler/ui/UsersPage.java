package io.trawler.ui;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.trawler.account.AccountService;
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

    private final AccountService accounts;

    public UsersPage(AccountService accounts) {
        this.accounts = accounts;
    }

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
        List<Account> all = accounts.allWithTokens().stream().map(a -> new Account(a.user(), a.tokens())).toList();
        return Templates.users(all, List.of("admin", "editor", "search")).render();
    }
}
