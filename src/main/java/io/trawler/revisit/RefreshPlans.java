package io.trawler.revisit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** The sites' refresh plans as the API and the UI read them. */
@ApplicationScoped
public class RefreshPlans {

    /** The site's plan, if it has one. */
    @Transactional
    public Optional<RefreshPlan> of(String siteId) {
        return RefreshPlan.findByIdOptional(siteId);
    }

    /** Each site's plan's policy, by site id (sites without a plan absent). */
    @Transactional
    public Map<String, String> policyBySite() {
        return RefreshPlan.<RefreshPlan>listAll().stream().collect(Collectors.toMap(p -> p.siteId, p -> p.policy));
    }
}
