package io.trawler.revisit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** The update policies there are: every {@link UpdatePolicy} bean, in their {@link UpdatePolicy#rank() rank} order. */
@ApplicationScoped
public class UpdatePolicies {

    private final List<UpdatePolicy> all;

    @Inject
    public UpdatePolicies(@Any Instance<UpdatePolicy> beans) {
        this(beans.stream().toList());
    }

    /** The given policies (tests without CDI). */
    public UpdatePolicies(List<UpdatePolicy> policies) {
        this.all = policies.stream().sorted(Comparator.comparingInt(UpdatePolicy::rank).thenComparing(UpdatePolicy::name)).toList();
        if (all.stream().map(UpdatePolicy::name).distinct().count() != all.size()) {
            throw new IllegalStateException("two update policies share a name: " + names());
        }
    }

    /** Every policy, the form's default first. */
    public List<UpdatePolicy> all() {
        return all;
    }

    /** Their names, in order. */
    public List<String> names() {
        return all.stream().map(UpdatePolicy::name).toList();
    }

    /** The policy of that name. */
    public Optional<UpdatePolicy> named(String name) {
        return all.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** Whether a plan naming {@code policy} reads search usage. */
    public boolean readsUsage(String policy) {
        return named(policy).map(UpdatePolicy::readsUsage).orElse(false);
    }
}
