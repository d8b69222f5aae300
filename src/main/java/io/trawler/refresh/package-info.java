/**
 * The update-policy engine's core (SPEC §5, seed 002 §4), in plain Java: each page's packed visit history
 * ({@link io.trawler.refresh.PageHistory}); change-rate estimators (Cho &amp; Garcia-Molina's bias-reduced estimator for
 * regular visits, the maximum-likelihood estimator for irregular visits, the estimator from last-modified dates,
 * and empirical-Bayes rates for many pages together); expected freshness and age; the allocation of a fetch
 * budget that maximises expected freshness; and the three policies' per-page decisions — poisson
 * ({@link io.trawler.refresh.RevisitSchedule}), user-experience ({@link io.trawler.refresh.UserExperienceSchedule},
 * {@link io.trawler.refresh.ChangeImpact}) and cluster-sampling ({@link io.trawler.refresh.ClusterSampling},
 * {@link io.trawler.refresh.KMeans}) — plus Nutch's adaptive interval as a baseline.
 */
package io.trawler.refresh;
