package io.trawler.plan;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Defaults of partition planning (SPEC §3). */
@ConfigMapping(prefix = "trawler.plan")
public interface PlanConfig {

    /** Share of a site's URLs the key paths must hold. */
    @WithDefault("0.9")
    double keyPathShare();

    /** Supplementary seeds per key path. */
    @WithDefault("2")
    int seedsPerPath();

    /** ε of the composite measure: the coverage a partition must beat to score at all. */
    @WithDefault("0.8")
    double epsilon();

    /** δ of the composite measure: overlaps below it are not rewarded further. */
    @WithDefault("0.2")
    double delta();
}
