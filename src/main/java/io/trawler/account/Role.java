package io.trawler.account;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What a user may do. Endpoints name the rights they need ({@code @RolesAllowed}); a role grants a set of them:
 * {@code admin} everything, users included; {@code editor} sites, plans, topics, refresh plans, crawls and reading
 * them; {@code search} recrawls and signals, and reading crawls, pages and freshness.
 */
public enum Role {
    ADMIN(Set.of(Rights.ADMIN, Rights.EDIT, Rights.READ, Rights.SEARCH, Rights.RECRAWL)),
    EDITOR(Set.of(Rights.EDIT, Rights.READ, Rights.RECRAWL)),
    SEARCH(Set.of(Rights.SEARCH, Rights.READ, Rights.RECRAWL));

    private final Set<String> rights;

    Role(Set<String> rights) {
        this.rights = rights;
    }

    /** The security roles (rights) an identity with this role holds. */
    public Set<String> rights() {
        return rights;
    }

    /** The name in the API: admin, editor, search. */
    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Role> parse(String name) {
        if (name == null) {
            return Optional.empty();
        }
        for (Role r : values()) {
            if (r.apiName().equals(name.trim().toLowerCase(Locale.ROOT))) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }

    /** The rights endpoints ask for, as {@code @RolesAllowed} values. */
    public static final class Rights {
        /** Users and tokens of others; private-network crawling. */
        public static final String ADMIN = "admin";
        /** Sites, plans, topics, refresh plans, crawls. */
        public static final String EDIT = "edit";
        /** Reading sites, crawls, pages, freshness, recrawls. */
        public static final String READ = "read";
        /** Signals. */
        public static final String SEARCH = "search";
        /** Recrawl requests (search teams and editors). */
        public static final String RECRAWL = "recrawl";

        private Rights() {
        }
    }
}
